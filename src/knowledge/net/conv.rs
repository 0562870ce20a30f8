//! 3x3 convolutions on an `n`x`n` board, the board's points in rows and
//! the channels in columns (point `y * n + x`, channel `c` at
//! `(y * n + x) * channels + c`), zero outside the board.
//!
//! A convolution is one matrix product: the 3x3 neighbourhoods of every
//! point unrolled into rows (`im2col`, `n * n` rows of `9 * cin`) times
//! the weights (`9 * cin` rows of `cout`). The products are
//! `matrixmultiply`'s, which picks the machine's vector instructions at
//! run time. The training's weight gradients use the unrolling; its
//! forward pass and input gradients are computed directly
//! ([`super::direct`]), which copies less, and play's forward pass by
//! Winograd's tiles ([`super::winograd`]), which multiplies less.

/// The nine offsets of a 3x3 neighbourhood, row by row.
const TAPS: [(isize, isize); 9] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (0, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Unrolls the 3x3 neighbourhoods of `input` (`n * n` rows of `cin`) into
/// `col` (`n * n` rows of `9 * cin`; resized).
pub fn im2col(n: usize, cin: usize, input: &[f32], col: &mut Vec<f32>) {
    let row = 9 * cin;
    col.clear();
    col.resize(n * n * row, 0.0);
    for y in 0..n {
        for x in 0..n {
            let out = &mut col[(y * n + x) * row..][..row];
            for (k, &(dx, dy)) in TAPS.iter().enumerate() {
                let (sx, sy) = (x as isize + dx, y as isize + dy);
                if sx < 0 || sy < 0 || sx >= n as isize || sy >= n as isize {
                    continue;
                }
                let src = (sy as usize * n + sx as usize) * cin;
                out[k * cin..][..cin].copy_from_slice(&input[src..][..cin]);
            }
        }
    }
}

/// `c = a * b + beta * c` for row-major `a` (`m` x `k`), `b` (`k` x `n`),
/// `c` (`m` x `n`); `ta` / `tb` read `a` / `b` transposed from row-major
/// storage of `k` x `m` / `n` x `k`.
#[allow(clippy::too_many_arguments)]
pub fn gemm(
    m: usize,
    k: usize,
    n: usize,
    a: &[f32],
    ta: bool,
    b: &[f32],
    tb: bool,
    beta: f32,
    c: &mut [f32],
) {
    assert!(a.len() >= m * k && b.len() >= k * n && c.len() >= m * n);
    let (rsa, csa) = if ta { (1, m as isize) } else { (k as isize, 1) };
    let (rsb, csb) = if tb { (1, k as isize) } else { (n as isize, 1) };
    // SAFETY: the assert above keeps every index the strides reach inside
    // the three slices, and `c` is borrowed mutably, so it aliases neither.
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            1.0,
            a.as_ptr(),
            rsa,
            csa,
            b.as_ptr(),
            rsb,
            csb,
            beta,
            c.as_mut_ptr(),
            n as isize,
            1,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The convolution by its definition, point by point.
    fn naive(n: usize, cin: usize, cout: usize, w: &[f32], input: &[f32]) -> Vec<f32> {
        let mut out = vec![0.0; n * n * cout];
        for y in 0..n {
            for x in 0..n {
                for (k, &(dx, dy)) in TAPS.iter().enumerate() {
                    let (sx, sy) = (x as isize + dx, y as isize + dy);
                    if sx < 0 || sy < 0 || sx >= n as isize || sy >= n as isize {
                        continue;
                    }
                    for ci in 0..cin {
                        let v = input[(sy as usize * n + sx as usize) * cin + ci];
                        for co in 0..cout {
                            out[(y * n + x) * cout + co] += v * w[(k * cin + ci) * cout + co];
                        }
                    }
                }
            }
        }
        out
    }

    fn values(len: usize, seed: u32) -> Vec<f32> {
        (0..len)
            .map(|i| (((i as u32).wrapping_mul(2654435761) ^ seed) % 1000) as f32 / 500.0 - 1.0)
            .collect()
    }

    #[test]
    fn the_product_is_the_convolution() {
        let (n, cin, cout) = (5, 3, 4);
        let w = values(9 * cin * cout, 7);
        let input = values(n * n * cin, 11);
        let (mut col, mut out) = (Vec::new(), Vec::new());
        im2col(n, cin, &input, &mut col);
        out.resize(n * n * cout, 0.0);
        gemm(n * n, 9 * cin, cout, &col, false, &w, false, 0.0, &mut out);
        let want = naive(n, cin, cout, &w, &input);
        for (a, b) in out.iter().zip(&want) {
            assert!((a - b).abs() < 1e-4, "{a} {b}");
        }
    }

    #[test]
    fn the_direct_pass_is_the_convolution() {
        // Tiles of four points and single points, full tiles of output
        // channels and the channels beyond them, on boards of each kind.
        for (n, cin, cout) in [
            (5, 3, 4),
            (19, 13, 32),
            (9, 32, 59),
            (2, 1, 16),
            (7, 2, 1),
            (13, 8, 48),
        ] {
            let w = values(9 * cin * cout, 7);
            let input = values(n * n * cin, 11);
            let bias = values(cout, 13);
            let (mut scratch, mut out) = (Vec::new(), vec![9.0; 3]);
            super::super::direct::forward(n, &w, &bias, &input, &mut scratch, &mut out);
            let want = naive(n, cin, cout, &w, &input);
            assert_eq!(out.len(), want.len());
            for (i, (a, b)) in out.iter().zip(&want).enumerate() {
                let b = b + bias[i % cout];
                assert!((a - b).abs() < 1e-3, "{n} {cin} {cout} at {i}: {a} {b}");
            }
        }
    }

    #[test]
    fn transposed_operands_multiply_as_their_transposes() {
        let (m, k, n) = (3, 4, 2);
        let a = values(m * k, 1);
        let b = values(k * n, 2);
        let mut c = vec![0.0; m * n];
        gemm(m, k, n, &a, false, &b, false, 0.0, &mut c);
        // The same product from transposed storage.
        let at: Vec<f32> = (0..k * m).map(|i| a[(i % m) * k + i / m]).collect();
        let bt: Vec<f32> = (0..n * k).map(|i| b[(i % k) * n + i / k]).collect();
        let mut c2 = vec![0.0; m * n];
        gemm(m, k, n, &at, true, &bt, true, 0.0, &mut c2);
        for (x, y) in c.iter().zip(&c2) {
            assert!((x - y).abs() < 1e-5);
        }
    }
}
