//! One position's loss and its gradient with respect to every weight of
//! the network (backpropagation through [`Net::forward`]).

use crate::knowledge::net::{Activations, MAX_CHANNELS, Net, conv, direct};

/// One training position, ready for the network.
#[derive(Clone, Debug, Default)]
pub struct Example {
    /// Board side.
    pub n: usize,
    /// Input planes (`n * n` rows of [`PLANES`]).
    pub input: Vec<f32>,
    /// The model's log-strength of each point (`n * n`), minus infinity
    /// where the point is not a candidate, then the pass's.
    pub base: Vec<f32>,
    /// Index of the played move in `base`.
    pub played: usize,
}

/// Scratch buffers of the backward pass, reused between positions.
#[derive(Default)]
pub struct Scratch {
    acts: Activations,
    logits: Vec<f32>,
    probs: Vec<f32>,
    grad: Vec<f32>,
    other: Vec<f32>,
    du: Vec<f32>,
    /// The transposed weights of the input gradient's convolution.
    flipped: Vec<f32>,
    col: Vec<f32>,
}

/// A forward pass of the network: [`Net::forward`], whose activations
/// the backward pass reads, or play's [`Net::infer`] for a measure.
pub type Pass = fn(&Net, usize, &[f32], &mut Activations);

/// The network's log-probabilities of every move of `ex` (as `base`),
/// computed by `pass`, into `out`; `logits` is scratch (left holding the
/// corrected log-strengths).
pub fn log_probs(
    net: &Net,
    pass: Pass,
    ex: &Example,
    acts: &mut Activations,
    logits: &mut Vec<f32>,
    out: &mut Vec<f32>,
) {
    pass(net, ex.n, &ex.input, acts);
    logits.clear();
    logits.extend_from_slice(&ex.base);
    for (l, c) in logits.iter_mut().zip(&acts.out) {
        *l += c;
    }
    crate::knowledge::net::log_softmax(logits, out);
}

/// Adds the gradient of `-log p(played)` to `grads` (laid out as
/// `net.params`) and returns the loss.
pub fn accumulate(net: &Net, ex: &Example, s: &mut Scratch, grads: &mut [f32]) -> f32 {
    let Scratch {
        acts,
        logits,
        probs,
        grad,
        other,
        du,
        flipped,
        col,
    } = s;
    let n = ex.n;
    let hw = n * n;
    let f = net.channels();
    log_probs(net, Net::forward, ex, acts, logits, probs);
    let loss = -probs[ex.played];
    // d loss / d correction = p - [played], on the board's points.
    let dout = logits;
    dout.clear();
    dout.extend((0..hw).map(|i| probs[i].exp() - (i == ex.played) as u8 as f32));

    let p = net.params();
    let acts = &acts.acts;
    let last = &acts[net.convs() - 1];
    let head = net.head_at();
    // The head: out[q] = last[q] . w.
    grad.clear();
    grad.resize(hw * f, 0.0);
    for q in 0..hw {
        let d = dout[q];
        if d == 0.0 {
            continue;
        }
        let row = &last[q * f..][..f];
        for c in 0..f {
            grads[head + c] += d * row[c];
            grad[q * f + c] = d * p[head + c];
        }
    }
    // Blocks, last first; `grad` holds d loss / d (block output).
    for b in (0..net.blocks()).rev() {
        let y = &acts[2 + 2 * b];
        let u = &acts[1 + 2 * b];
        let x = &acts[2 * b];
        mask(grad, y);
        // Second convolution, from u.
        conv_backward(net, 2 + 2 * b, n, u, grad, grads, col, flipped, Some(du));
        mask(du, u);
        conv_backward(net, 1 + 2 * b, n, x, du, grads, col, flipped, Some(other));
        // The skip connection adds the output's gradient to the input's.
        for (g, o) in grad.iter_mut().zip(other.iter()) {
            *g += o;
        }
    }
    mask(grad, &acts[0]);
    conv_backward(net, 0, n, &ex.input, grad, grads, col, flipped, None);
    loss
}

/// Zeroes the gradient where the ReLU's output was zero.
fn mask(grad: &mut [f32], out: &[f32]) {
    for (g, &o) in grad.iter_mut().zip(out) {
        if o <= 0.0 {
            *g = 0.0;
        }
    }
}

/// Backward pass of convolution `i` with input `x` and output gradient
/// `dy`: adds to its weights' and biases' gradients and writes the
/// input's gradient into `dx` if asked.
#[allow(clippy::too_many_arguments)]
fn conv_backward(
    net: &Net,
    i: usize,
    n: usize,
    x: &[f32],
    dy: &[f32],
    grads: &mut [f32],
    col: &mut Vec<f32>,
    flipped: &mut Vec<f32>,
    dx: Option<&mut Vec<f32>>,
) {
    let c = net.conv_at(i);
    let hw = n * n;
    let k = 9 * c.cin;
    conv::im2col(n, c.cin, x, col);
    // dW (k x cout) += col^T (k x hw) * dy (hw x cout).
    conv::gemm(
        k,
        hw,
        c.cout,
        col,
        true,
        dy,
        false,
        1.0,
        &mut grads[c.w..c.w + k * c.cout],
    );
    for row in dy.chunks_exact(c.cout) {
        for (g, d) in grads[c.bias..c.bias + c.cout].iter_mut().zip(row) {
            *g += d;
        }
    }
    if let Some(dx) = dx {
        // dx is the convolution of dy with each tap's weights transposed
        // and the taps reversed: an input point feeds the output point
        // at the opposite offset. `flipped` holds those weights and `col`,
        // free again, the padded dy.
        let w = &net.params()[c.w..c.w + k * c.cout];
        flipped.clear();
        flipped.resize(k * c.cout, 0.0);
        for tap in 0..9 {
            for ci in 0..c.cin {
                for co in 0..c.cout {
                    flipped[((8 - tap) * c.cout + co) * c.cin + ci] =
                        w[(tap * c.cin + ci) * c.cout + co];
                }
            }
        }
        direct::forward(n, flipped, &ZEROS[..c.cin], dy, col, dx);
    }
}

/// Zero biases for the input gradient's convolution.
const ZEROS: [f32; MAX_CHANNELS] = [0.0; MAX_CHANNELS];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::net::PLANES;

    /// A small random position: random planes, some candidates, a pass.
    fn example(n: usize) -> Example {
        let mut v = 7u32;
        let mut next = || {
            v = v.wrapping_mul(1103515245).wrapping_add(12345);
            (v >> 8) as f32 / (1u32 << 24) as f32
        };
        let input = (0..n * n * PLANES).map(|_| next()).collect();
        let mut base: Vec<f32> = (0..n * n)
            .map(|i| {
                if i % 4 == 3 {
                    f32::NEG_INFINITY
                } else {
                    next() - 0.5
                }
            })
            .collect();
        base.push(-1.0);
        Example {
            n,
            input,
            base,
            played: 5,
        }
    }

    fn loss(net: &Net, ex: &Example) -> f64 {
        let mut acts = Activations::default();
        let mut lp = Vec::new();
        log_probs(net, Net::forward, ex, &mut acts, &mut Vec::new(), &mut lp);
        -lp[ex.played] as f64
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let mut net = Net::new(4, 2, 9);
        // Every weight away from zero, so every path carries gradient.
        for (i, w) in net.params_mut().iter_mut().enumerate() {
            if *w == 0.0 {
                *w = ((i * 37 % 17) as f32 - 8.0) / 40.0;
            }
        }
        let ex = example(4);
        let mut grads = vec![0.0; net.params().len()];
        let mut s = Scratch::default();
        let l = accumulate(&net, &ex, &mut s, &mut grads);
        assert!((l as f64 - loss(&net, &ex)).abs() < 1e-5);
        let h = 1e-2f32;
        let mut checked = 0;
        for i in (0..net.params().len()).step_by(7) {
            let mut plus = net.clone();
            plus.params_mut()[i] += h;
            let mut minus = net.clone();
            minus.params_mut()[i] -= h;
            let numeric = (loss(&plus, &ex) - loss(&minus, &ex)) / (2.0 * h as f64);
            let err = (numeric - grads[i] as f64).abs();
            assert!(
                err < 2e-3 + 0.05 * numeric.abs(),
                "weight {i}: backprop {} numeric {numeric}",
                grads[i]
            );
            checked += 1;
        }
        assert!(checked > 50);
    }
}
