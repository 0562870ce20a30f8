//! The forward 3x3 convolution computed directly, without unrolling.
//!
//! The unrolled product ([`super::conv::im2col`] and a GEMM) copies every
//! input value nine times, and the GEMM copies the unrolled matrix once
//! more into its own panels: on the network's small products (361 rows,
//! 288 columns, 32 outputs on 19x19) the copies took about as long as the
//! arithmetic (`perf`: 13% of a 19x19 search in packing beside 16% in
//! the kernel). Here the input is only padded with a zero border, and
//! each tile of a few neighbouring points by 8 to 32 output channels
//! keeps its sums in vector registers while it reads the nine taps'
//! inputs and the weights in place.
//!
//! The kernel is one generic loop compiled for each of [`Isa`]'s
//! instruction sets, the machine's best chosen at run time. The sums are
//! taken in the same order on every path; the vector paths round each
//! multiply-add once, so their results may differ from the baseline's in
//! the last bits.

use super::isa::{Isa, Set};

/// `out = conv3x3(input) + bias` on an `n`x`n` board, `input` as `n * n`
/// rows of `cin`, `w` as `9 * cin` rows of `cout` (tap by tap, row by
/// row), `out` as `n * n` rows of `cout` (resized). `pad` is scratch.
pub fn forward(
    n: usize,
    w: &[f32],
    bias: &[f32],
    input: &[f32],
    pad: &mut Vec<f32>,
    out: &mut Vec<f32>,
) {
    let cout = bias.len();
    let cin = w.len() / (9 * cout);
    pad_board(n, cin, n + 2, input, pad);
    out.clear();
    out.resize(n * n * cout, 0.0);
    kernel(Isa::best(), Shape { n, cin, cout }, w, bias, pad, out);
}

/// Writes the `n`x`n` board `input` (`n * n` rows of `cin`) into `pad`
/// as a `side`x`side` board (resized) with a border of zeros: one row and
/// column before the board, the rest after it.
pub(super) fn pad_board(n: usize, cin: usize, side: usize, input: &[f32], pad: &mut Vec<f32>) {
    pad.resize(side * side * cin, 0.0);
    for (y, row) in pad.chunks_exact_mut(side * cin).enumerate() {
        if (1..=n).contains(&y) {
            let (before, rest) = row.split_at_mut(cin);
            let (board, after) = rest.split_at_mut(n * cin);
            before.fill(0.0);
            board.copy_from_slice(&input[(y - 1) * n * cin..][..n * cin]);
            after.fill(0.0);
        } else {
            row.fill(0.0);
        }
    }
}

/// The convolution of padded input with the kernel compiled for `isa`.
fn kernel(isa: Isa, s: Shape, w: &[f32], bias: &[f32], pad: &[f32], out: &mut [f32]) {
    match isa.set() {
        // SAFETY: an `Isa` is only made for a set this machine runs, and
        // the function is built for that set's features.
        #[cfg(target_arch = "x86_64")]
        Set::Avx512 => unsafe { avx512(s, w, bias, pad, out) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Set::Avx2 => unsafe { avx2(s, w, bias, pad, out) },
        _ => baseline(s, w, bias, pad, out),
    }
}

/// A convolution's board size and channels.
#[derive(Clone, Copy)]
struct Shape {
    n: usize,
    cin: usize,
    cout: usize,
}

// The tile sizes keep the sums in registers: six points by 32 channels
// are 12 of AVX-512's 32 registers, six by 16 are 12 of AVX2's 16. On
// 19x19 with 32 channels (`predict --net`, 30 games' positions) the first
// took the network's time from 7.5 to 4.0 s where four points by 16 took
// 6.3 s and six by 16 5.0 s.

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx2,fma")]
fn avx512(s: Shape, w: &[f32], bias: &[f32], pad: &[f32], out: &mut [f32]) {
    convolve::<32, 6, true>(s, w, bias, pad, out);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn avx2(s: Shape, w: &[f32], bias: &[f32], pad: &[f32], out: &mut [f32]) {
    convolve::<16, 6, true>(s, w, bias, pad, out);
}

/// The baseline: four points by eight channels fit 16 registers of four
/// lanes (SSE2, NEON).
fn baseline(s: Shape, w: &[f32], bias: &[f32], pad: &[f32], out: &mut [f32]) {
    convolve::<8, 4, false>(s, w, bias, pad, out);
}

/// The whole convolution: tiles of `P` points of a row, then the row's
/// last points one by one ([`points`]), and the channels beyond a multiple
/// of 8 point by point.
#[inline(always)]
fn convolve<const L: usize, const P: usize, const FMA: bool>(
    s: Shape,
    w: &[f32],
    bias: &[f32],
    pad: &[f32],
    out: &mut [f32],
) {
    let full = s.cout / 8 * 8;
    for y in 0..s.n {
        let mut x = 0;
        while x + P <= s.n {
            points::<L, P, FMA>(s, w, bias, pad, out, (x, y));
            x += P;
        }
        for x in x..s.n {
            points::<L, 1, FMA>(s, w, bias, pad, out, (x, y));
        }
        for x in 0..s.n {
            for co in full..s.cout {
                out[(y * s.n + x) * s.cout + co] = single(s, w, bias[co], pad, (x, y, co));
            }
        }
    }
}

/// Points `x..x + P` of row `y`: tiles of `L` output channels, then of 8
/// for the channels beyond a multiple of `L`.
#[inline(always)]
fn points<const L: usize, const P: usize, const FMA: bool>(
    s: Shape,
    w: &[f32],
    bias: &[f32],
    pad: &[f32],
    out: &mut [f32],
    (x, y): (usize, usize),
) {
    let wide = s.cout / L * L;
    for co in (0..wide).step_by(L) {
        tile::<L, P, FMA>(s, w, bias, pad, out, (x, y, co));
    }
    for co in (wide..s.cout / 8 * 8).step_by(8) {
        tile::<8, P, FMA>(s, w, bias, pad, out, (x, y, co));
    }
}

/// `a * b + c`, with one rounding where the instruction exists.
#[inline(always)]
fn madd<const FMA: bool>(a: f32, b: f32, c: f32) -> f32 {
    if FMA { a.mul_add(b, c) } else { a * b + c }
}

/// Points `x..x + P` of row `y`, output channels `co..co + L`.
#[inline(always)]
fn tile<const L: usize, const P: usize, const FMA: bool>(
    s: Shape,
    w: &[f32],
    bias: &[f32],
    pad: &[f32],
    out: &mut [f32],
    (x, y, co): (usize, usize, usize),
) {
    let m = s.n + 2;
    let mut acc = [[0.0f32; L]; P];
    for a in &mut acc {
        a.copy_from_slice(&bias[co..co + L]);
    }
    for tap in 0..9 {
        let (dy, dx) = (tap / 3, tap % 3);
        let base = ((y + dy) * m + x + dx) * s.cin;
        let from = &pad[base..base + (P - 1) * s.cin + s.cin];
        let weights = &w[tap * s.cin * s.cout..][..s.cin * s.cout];
        for ci in 0..s.cin {
            let wr: &[f32; L] = weights[ci * s.cout + co..][..L]
                .try_into()
                .expect("a slice of L weights");
            outer::<L, P, FMA>(&mut acc, &from[ci..], s.cin, wr);
        }
    }
    for (p, a) in acc.iter().enumerate() {
        out[(y * s.n + x + p) * s.cout + co..][..L].copy_from_slice(a);
    }
}

/// One step of a register tile: adds `from[p * stride] * w` to each row
/// `p` of `acc` (also the step of [`super::winograd`]'s products).
#[inline(always)]
pub(super) fn outer<const L: usize, const P: usize, const FMA: bool>(
    acc: &mut [[f32; L]; P],
    from: &[f32],
    stride: usize,
    w: &[f32; L],
) {
    for (p, a) in acc.iter_mut().enumerate() {
        let v = from[p * stride];
        for (a, &wv) in a.iter_mut().zip(w) {
            *a = madd::<FMA>(v, wv, *a);
        }
    }
}

/// One output channel of one point, for the channels beyond the tiles.
fn single(s: Shape, w: &[f32], bias: f32, pad: &[f32], (x, y, co): (usize, usize, usize)) -> f32 {
    let m = s.n + 2;
    let mut sum = bias;
    for tap in 0..9 {
        let (dy, dx) = (tap / 3, tap % 3);
        let base = ((y + dy) * m + x + dx) * s.cin;
        for ci in 0..s.cin {
            sum += pad[base + ci] * w[(tap * s.cin + ci) * s.cout + co];
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kernel the machine runs gives the baseline's sums, which the
    /// convolution's own tests check against its definition.
    #[test]
    fn every_kernel_computes_the_same_convolution() {
        let values = |len: usize, seed: usize| -> Vec<f32> {
            (0..len)
                .map(|i| ((i * 7919 + seed) % 201) as f32 / 100.0 - 1.0)
                .collect()
        };
        for (n, cin, cout) in [(19, 13, 32), (9, 32, 59), (13, 8, 48), (5, 3, 4), (1, 2, 1)] {
            let w = values(9 * cin * cout, 1);
            let bias = values(cout, 2);
            let input = values(n * n * cin, 3);
            let (mut pad, mut want) = (Vec::new(), Vec::new());
            forward(n, &w, &bias, &input, &mut pad, &mut want);
            let shape = Shape { n, cin, cout };
            let mut base = vec![0.0; n * n * cout];
            baseline(shape, &w, &bias, &pad, &mut base);
            for isa in Isa::available() {
                let mut got = vec![0.0; n * n * cout];
                kernel(isa, shape, &w, &bias, &pad, &mut got);
                for (i, (a, b)) in got.iter().zip(&base).enumerate() {
                    assert!(
                        (a - b).abs() < 1e-3,
                        "{isa:?} {n} {cin} {cout} at {i}: {a} {b}"
                    );
                }
            }
            assert_eq!(want, {
                let mut o = vec![0.0; n * n * cout];
                kernel(Isa::best(), shape, &w, &bias, &pad, &mut o);
                o
            });
        }
    }
}
