//! The forward 3x3 convolution by Winograd's minimal filtering, F(4x4, 3x3)
//! (Lavin and Gray, "Fast Algorithms for Convolutional Neural Networks",
//! 2015), for play.
//!
//! The board is cut into tiles of 4x4 outputs. Each tile's 6x6 input
//! (its points and a border of one, zero beyond the board) is
//! transformed (`B^T d B`); each filter is transformed once, at the
//! network's first use (`G g G^T`, [`weights`]); then each of the 36
//! positions of a tile is one small matrix product, tiles by input
//! channels times input by output channels, and the 6x6 sums are
//! transformed back to the 4x4 outputs (`A^T m A`). A tile's 16 outputs
//! cost 36 products per pair of channels instead of 144: on 19x19 (25
//! tiles, 400 outputs for 361 points) 28% of the direct convolution's
//! multiply-adds ([`super::direct`]), which the training keeps because
//! its backward pass reads the same taps. With the transforms a pass of
//! the built-in network on 19x19 takes about half the direct pass's time
//! (`docs/benchmarks.md`).
//!
//! The sums are taken in another order than the direct convolution's and
//! through the transforms, so the two agree to about 1e-5 of the values'
//! size, not bit for bit. Like the direct kernel this one is compiled for
//! each of [`Isa`]'s instruction sets and agrees with itself on all of
//! them up to the rounding of fused multiply-adds.

use super::direct::{outer, pad_board};
use super::isa::{Isa, Set};

/// Outputs per tile side.
const OUT: usize = 4;
/// Inputs per tile side (the outputs and a border of one).
const IN: usize = OUT + 2;
/// Positions of a transformed tile.
const POS: usize = IN * IN;

/// The filter transform `G`, 6x3.
const G: [[f64; 3]; IN] = [
    [1.0 / 4.0, 0.0, 0.0],
    [-1.0 / 6.0, -1.0 / 6.0, -1.0 / 6.0],
    [-1.0 / 6.0, 1.0 / 6.0, -1.0 / 6.0],
    [1.0 / 24.0, 1.0 / 12.0, 1.0 / 6.0],
    [1.0 / 24.0, -1.0 / 12.0, 1.0 / 6.0],
    [0.0, 0.0, 1.0],
];

/// The transformed filters of a convolution whose weights `w` are
/// `9 * cin` rows of `cout` (tap by tap, row by row, as
/// [`super::direct::forward`] reads them): `36 * cin` rows of `cout`,
/// position by position. Computed in double precision.
pub fn weights(w: &[f32], cin: usize, cout: usize) -> Vec<f32> {
    let mut u = vec![0.0f32; POS * cin * cout];
    for ci in 0..cin {
        for co in 0..cout {
            let g = |dy: usize, dx: usize| f64::from(w[((dy * 3 + dx) * cin + ci) * cout + co]);
            // G g, 6x3; then (G g) G^T, 6x6.
            let mut gg = [[0.0f64; 3]; IN];
            for (r, row) in gg.iter_mut().enumerate() {
                for (c, v) in row.iter_mut().enumerate() {
                    *v = (0..3).map(|k| G[r][k] * g(k, c)).sum();
                }
            }
            for r in 0..IN {
                for c in 0..IN {
                    let v: f64 = (0..3).map(|k| gg[r][k] * G[c][k]).sum();
                    u[((r * IN + c) * cin + ci) * cout + co] = v as f32;
                }
            }
        }
    }
    u
}

/// Scratch of [`forward`]: the padded input, the transformed input and
/// the products.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    pad: Vec<f32>,
    v: Vec<f32>,
    m: Vec<f32>,
}

/// `out = conv3x3(input) + bias` on an `n`x`n` board, `input` as `n * n`
/// rows of `cin`, `u` the transformed filters ([`weights`]), `out` as
/// `n * n` rows of `cout` (resized).
pub fn forward(
    n: usize,
    u: &[f32],
    bias: &[f32],
    input: &[f32],
    scratch: &mut Scratch,
    out: &mut Vec<f32>,
) {
    let cout = bias.len();
    let cin = u.len() / (POS * cout);
    let s = Shape {
        n,
        cin,
        cout,
        tiles: n.div_ceil(OUT),
    };
    let count = s.tiles * s.tiles;
    // Every value of these is written before it is read: grown, not
    // cleared.
    for (v, len) in [
        (&mut scratch.v, POS * count * cin),
        (&mut scratch.m, POS * count * cout),
    ] {
        if v.len() < len {
            v.resize(len, 0.0);
        }
    }
    out.resize(n * n * cout, 0.0);
    // The tiles' extent and one more after the board.
    pad_board(n, cin, s.tiles * OUT + 2, input, &mut scratch.pad);
    kernel(Isa::best(), s, u, bias, scratch, out);
}

/// A convolution's board size, channels and tiles per side.
#[derive(Clone, Copy)]
struct Shape {
    n: usize,
    cin: usize,
    cout: usize,
    tiles: usize,
}

/// The convolution with the kernel compiled for `isa`.
fn kernel(isa: Isa, s: Shape, u: &[f32], bias: &[f32], t: &mut Scratch, out: &mut [f32]) {
    match isa.set() {
        // SAFETY: an `Isa` is only made for a set this machine runs, and
        // the function is built for that set's features.
        #[cfg(target_arch = "x86_64")]
        Set::Avx512 => unsafe { avx512(s, u, bias, t, out) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Set::Avx2 => unsafe { avx2(s, u, bias, t, out) },
        _ => baseline(s, u, bias, t, out),
    }
}

// The products' tiles keep their sums in registers as the direct
// kernel's do: five tiles by 32 channels are 10 of AVX-512's 32
// registers, five by 16 are 10 of AVX2's 16, four by 8 are 8 of the
// baseline's 16 four-lane ones. 19x19 has 25 tiles, 13x13 16.

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx2,fma")]
fn avx512(s: Shape, u: &[f32], bias: &[f32], t: &mut Scratch, out: &mut [f32]) {
    convolve::<32, 5, 16, true>(s, u, bias, t, out);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn avx2(s: Shape, u: &[f32], bias: &[f32], t: &mut Scratch, out: &mut [f32]) {
    convolve::<16, 5, 8, true>(s, u, bias, t, out);
}

fn baseline(s: Shape, u: &[f32], bias: &[f32], t: &mut Scratch, out: &mut [f32]) {
    convolve::<8, 4, 4, false>(s, u, bias, t, out);
}

/// The three steps, from the padded input in `t.pad`: the input tiles
/// transformed into `t.v` (position, tile, input channel), the 36
/// products into `t.m` (position, tile, output channel), and those
/// transformed back into `out`. The transforms take `W` channels
/// together.
#[inline(always)]
fn convolve<const L: usize, const P: usize, const W: usize, const FMA: bool>(
    s: Shape,
    u: &[f32],
    bias: &[f32],
    t: &mut Scratch,
    out: &mut [f32],
) {
    let count = s.tiles * s.tiles;
    for tile in 0..count {
        let mut c = 0;
        while c + W <= s.cin {
            transform_in::<W>(s, &t.pad, &mut t.v, tile, c);
            c += W;
        }
        // The first layer's 13 planes: 8, 4 and 1.
        if c + 8 <= s.cin {
            transform_in::<8>(s, &t.pad, &mut t.v, tile, c);
            c += 8;
        }
        if c + 4 <= s.cin {
            transform_in::<4>(s, &t.pad, &mut t.v, tile, c);
            c += 4;
        }
        for c in c..s.cin {
            transform_in::<1>(s, &t.pad, &mut t.v, tile, c);
        }
    }
    for pos in 0..POS {
        let v = &t.v[pos * count * s.cin..][..count * s.cin];
        let u = &u[pos * s.cin * s.cout..][..s.cin * s.cout];
        let m = &mut t.m[pos * count * s.cout..][..count * s.cout];
        product::<L, P, FMA>(s, count, v, u, m);
    }
    for tile in 0..count {
        let mut c = 0;
        while c + W <= s.cout {
            transform_out::<W>(s, &t.m, bias, out, tile, c);
            c += W;
        }
        for c in c..s.cout {
            transform_out::<1>(s, &t.m, bias, out, tile, c);
        }
    }
}

/// `B^T` applied to six values of `W` lanes each.
#[inline(always)]
fn bt<const W: usize>(d: &[[f32; W]; IN]) -> [[f32; W]; IN] {
    let mut o = [[0.0f32; W]; IN];
    for k in 0..W {
        let [d0, d1, d2, d3, d4, d5] = [d[0][k], d[1][k], d[2][k], d[3][k], d[4][k], d[5][k]];
        o[0][k] = 4.0 * d0 - 5.0 * d2 + d4;
        o[1][k] = -4.0 * (d1 + d2) + d3 + d4;
        o[2][k] = 4.0 * (d1 - d2) - d3 + d4;
        o[3][k] = 2.0 * (d3 - d1) - d2 + d4;
        o[4][k] = 2.0 * (d1 - d3) - d2 + d4;
        o[5][k] = 4.0 * d1 - 5.0 * d3 + d5;
    }
    o
}

/// `A^T` applied to six values of `W` lanes each.
#[inline(always)]
fn at<const W: usize>(m: &[[f32; W]; IN]) -> [[f32; W]; OUT] {
    let mut o = [[0.0f32; W]; OUT];
    for k in 0..W {
        let [m0, m1, m2, m3, m4, m5] = [m[0][k], m[1][k], m[2][k], m[3][k], m[4][k], m[5][k]];
        let (a, b) = (m1 + m2, m1 - m2);
        let (c, d) = (m3 + m4, m3 - m4);
        o[0][k] = m0 + a + c;
        o[1][k] = b + 2.0 * d;
        o[2][k] = a + 4.0 * c;
        o[3][k] = b + 8.0 * d + m5;
    }
    o
}

/// Input channels `c..c + W` of tile `tile`: its 6x6 inputs from the
/// padded board, `B^T d B`, written to the 36 positions' rows.
#[inline(always)]
fn transform_in<const W: usize>(s: Shape, pad: &[f32], v: &mut [f32], tile: usize, c: usize) {
    let side = s.tiles * OUT + 2;
    let (y0, x0) = (tile / s.tiles * OUT, tile % s.tiles * OUT);
    // Each row along its columns (stored by column), then each column
    // along its rows.
    let mut cols = [[[0.0f32; W]; IN]; IN];
    for r in 0..IN {
        let mut d = [[0.0f32; W]; IN];
        for (x, lanes) in d.iter_mut().enumerate() {
            lanes.copy_from_slice(&pad[((y0 + r) * side + x0 + x) * s.cin + c..][..W]);
        }
        for (col, lanes) in bt(&d).into_iter().enumerate() {
            cols[col][r] = lanes;
        }
    }
    let count = s.tiles * s.tiles;
    for (col, column) in cols.iter().enumerate() {
        for (r, lanes) in bt(column).into_iter().enumerate() {
            let at = ((r * IN + col) * count + tile) * s.cin + c;
            v[at..at + W].copy_from_slice(&lanes);
        }
    }
}

/// Output channels `c..c + W` of tile `tile`: `A^T m A` plus the bias,
/// written to the tile's points on the board.
#[inline(always)]
fn transform_out<const W: usize>(
    s: Shape,
    m: &[f32],
    bias: &[f32],
    out: &mut [f32],
    tile: usize,
    c: usize,
) {
    let count = s.tiles * s.tiles;
    // Each column along its rows (stored by row), then each output row
    // along its columns.
    let mut rows = [[[0.0f32; W]; IN]; OUT];
    #[allow(clippy::needless_range_loop)] // `col` is the inner index.
    for col in 0..IN {
        let mut column = [[0.0f32; W]; IN];
        for (r, lanes) in column.iter_mut().enumerate() {
            let at = ((r * IN + col) * count + tile) * s.cout + c;
            lanes.copy_from_slice(&m[at..at + W]);
        }
        for (r, lanes) in at(&column).into_iter().enumerate() {
            rows[r][col] = lanes;
        }
    }
    let (y0, x0) = (tile / s.tiles * OUT, tile % s.tiles * OUT);
    let b: &[f32; W] = bias[c..c + W].try_into().expect("W biases");
    for (r, row) in rows.iter().enumerate().take(s.n - y0) {
        for (dx, lanes) in at(row).iter().enumerate().take(s.n - x0) {
            let o = &mut out[((y0 + r) * s.n + x0 + dx) * s.cout + c..][..W];
            for ((o, v), b) in o.iter_mut().zip(lanes).zip(b) {
                *o = v + b;
            }
        }
    }
}

/// One position's product: `m` (`count` rows of `cout`) = `v` (`count`
/// rows of `cin`) times `u` (`cin` rows of `cout`), in blocks of `P`
/// tiles by `L` channels, then of 8 channels, then channel by channel.
#[inline(always)]
fn product<const L: usize, const P: usize, const FMA: bool>(
    s: Shape,
    count: usize,
    v: &[f32],
    u: &[f32],
    m: &mut [f32],
) {
    let wide = s.cout / L * L;
    let eights = s.cout / 8 * 8;
    let mut t = 0;
    while t < count {
        let rows = if t + P <= count { P } else { 1 };
        for co in (0..wide).step_by(L) {
            if rows == P {
                block::<L, P, FMA>(s, v, u, m, (t, co));
            } else {
                block::<L, 1, FMA>(s, v, u, m, (t, co));
            }
        }
        for co in (wide..eights).step_by(8) {
            if rows == P {
                block::<8, P, FMA>(s, v, u, m, (t, co));
            } else {
                block::<8, 1, FMA>(s, v, u, m, (t, co));
            }
        }
        for row in t..t + rows {
            for co in eights..s.cout {
                m[row * s.cout + co] = (0..s.cin)
                    .map(|ci| v[row * s.cin + ci] * u[ci * s.cout + co])
                    .sum();
            }
        }
        t += rows;
    }
}

/// Rows `t..t + P` by channels `co..co + L` of a product, the sums kept
/// in registers.
#[inline(always)]
fn block<const L: usize, const P: usize, const FMA: bool>(
    s: Shape,
    v: &[f32],
    u: &[f32],
    m: &mut [f32],
    (t, co): (usize, usize),
) {
    let mut acc = [[0.0f32; L]; P];
    let rows = &v[t * s.cin..][..P * s.cin];
    for ci in 0..s.cin {
        let ur: &[f32; L] = u[ci * s.cout + co..][..L]
            .try_into()
            .expect("a slice of L weights");
        outer::<L, P, FMA>(&mut acc, &rows[ci..], s.cin, ur);
    }
    for (p, a) in acc.iter().enumerate() {
        m[(t + p) * s.cout + co..][..L].copy_from_slice(a);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(len: usize, seed: usize) -> Vec<f32> {
        (0..len)
            .map(|i| ((i * 7919 + seed) % 201) as f32 / 100.0 - 1.0)
            .collect()
    }

    /// On every instruction set this machine runs, for boards whose side
    /// is and is not a multiple of four, channels in and beyond full
    /// blocks, the result is the direct convolution's (which its own
    /// tests check against the definition).
    #[test]
    fn the_tiles_compute_the_direct_convolution() {
        for (n, cin, cout) in [
            (19, 13, 32),
            (19, 32, 32),
            (13, 8, 48),
            (9, 32, 59),
            (8, 3, 4),
            (5, 9, 17),
            (2, 1, 16),
            (1, 2, 1),
        ] {
            let w = values(9 * cin * cout, 1);
            let bias = values(cout, 2);
            let input = values(n * n * cin, 3);
            let (mut pad, mut want) = (Vec::new(), Vec::new());
            super::super::direct::forward(n, &w, &bias, &input, &mut pad, &mut want);
            let u = weights(&w, cin, cout);
            let mut scratch = Scratch::default();
            let mut best = vec![9.0; 5];
            forward(n, &u, &bias, &input, &mut scratch, &mut best);
            assert_eq!(best.len(), want.len());
            let scale = want.iter().fold(1.0f32, |m, v| m.max(v.abs()));
            for isa in Isa::available() {
                let s = Shape {
                    n,
                    cin,
                    cout,
                    tiles: n.div_ceil(OUT),
                };
                let mut got = vec![0.0; n * n * cout];
                kernel(isa, s, &u, &bias, &mut scratch, &mut got);
                for (i, (a, b)) in got.iter().zip(&want).enumerate() {
                    assert!(
                        (a - b).abs() < 1e-5 * scale,
                        "{isa:?} {n} {cin} {cout} at {i}: {a} {b}"
                    );
                }
                if isa == Isa::best() {
                    assert_eq!(got, best);
                }
            }
        }
    }
}
