//! One position's loss and its gradient with respect to every weight of
//! the network (backpropagation through [`Net::forward`]).

use crate::knowledge::net::heads::{MAX_HIDDEN, POOLS, SCORE_SCALE, VALUE_CHANNELS, size_factor};
use crate::knowledge::net::{Activations, HeadOut, MAX_CHANNELS, Net, conv, direct};

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
    /// The teacher's targets for the value heads, if the position has them.
    pub value: Option<ValueTargets>,
}

/// What the teacher says of a position, from the side to move's view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ValueTargets {
    /// The side to move's komi (positive when it is White).
    pub komi: f32,
    /// Win probability.
    pub win: f32,
    /// Expected final lead, in points.
    pub lead: f32,
    /// Ownership of each point, as the network's outputs are laid out.
    pub owner: Vec<f32>,
    /// The teacher's policy: (index in `base`, probability).
    pub policy: Vec<(usize, f32)>,
}

/// How much each part of the loss counts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// The teacher's share of the policy target (the played move has the
    /// rest); 0 where the position has no teacher.
    pub teacher: f32,
    /// The value's cross-entropy.
    pub value: f32,
    /// The score's Huber loss, in units of [`SCORE_SCALE`] points.
    pub score: f32,
    /// The ownership's cross-entropy, averaged over the points.
    pub owner: f32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            teacher: 0.5,
            value: 1.5,
            score: 0.5,
            owner: 1.0,
        }
    }
}

/// One position's losses, each before its weight.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Losses {
    /// Cross-entropy of the policy target.
    pub policy: f64,
    /// Cross-entropy of the teacher's win probability.
    pub value: f64,
    /// Huber loss of the lead, in units of the score scale.
    pub score: f64,
    /// Mean cross-entropy of the ownership.
    pub owner: f64,
}

impl std::ops::AddAssign for Losses {
    fn add_assign(&mut self, o: Losses) {
        self.policy += o.policy;
        self.value += o.value;
        self.score += o.score;
        self.owner += o.owner;
    }
}

/// Scratch buffers of the backward pass, reused between positions.
#[derive(Default)]
pub struct Scratch {
    acts: Activations,
    heads: HeadOut,
    target: Vec<f32>,
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

/// Adds the gradient of the weighted loss to `grads` (laid out as
/// `net.params`) and returns the losses: the policy's cross-entropy
/// against the played move, mixed with the teacher's policy where the
/// example has one, and the value heads' losses where the example has
/// targets and the network heads.
pub fn accumulate(
    net: &Net,
    ex: &Example,
    w: &Weights,
    s: &mut Scratch,
    grads: &mut [f32],
) -> Losses {
    let Scratch {
        acts,
        heads,
        target,
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
    // The policy target: the played move, and the teacher's policy on
    // the candidates (renormalised over them) if there is one.
    target.clear();
    target.resize(ex.base.len(), 0.0);
    let teacher = ex.value.as_ref().filter(|_| w.teacher > 0.0);
    let on_candidates = teacher.map_or(0.0, |t| {
        t.policy
            .iter()
            .filter(|&&(i, _)| ex.base.get(i).is_some_and(|b| b.is_finite()))
            .map(|&(_, p)| p)
            .sum::<f32>()
    });
    let share = if on_candidates > 0.0 { w.teacher } else { 0.0 };
    target[ex.played] = 1.0 - share;
    if let Some(t) = teacher.filter(|_| share > 0.0) {
        for &(i, p) in &t.policy {
            if ex.base.get(i).is_some_and(|b| b.is_finite()) {
                target[i] += share * p / on_candidates;
            }
        }
    }
    let mut losses = Losses {
        policy: -target
            .iter()
            .zip(probs.iter())
            .filter(|(t, _)| **t > 0.0)
            .map(|(t, lp)| (t * lp) as f64)
            .sum::<f64>(),
        ..Losses::default()
    };
    // d loss / d correction = p - target, on the board's points.
    let dout = logits;
    dout.clear();
    dout.extend((0..hw).map(|i| probs[i].exp() - target[i]));

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
    if let Some(t) = &ex.value
        && net.heads(n, t.komi, last, heads)
    {
        losses.value = heads_backward(net, n, t, w, last, heads, grads, grad, du);
        let score = heads.score_raw - t.lead / SCORE_SCALE;
        losses.score = huber(score) as f64;
        losses.owner = heads
            .owner
            .iter()
            .zip(&t.owner)
            .map(|(&o, &t)| cross_entropy((1.0 + o) / 2.0, (1.0 + t) / 2.0))
            .sum::<f64>()
            / hw as f64;
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
    losses
}

/// Huber's loss with threshold 1.
fn huber(d: f32) -> f32 {
    if d.abs() <= 1.0 {
        0.5 * d * d
    } else {
        d.abs() - 0.5
    }
}

/// `-(t ln q + (1 - t) ln(1 - q))`, `q` kept off 0 and 1.
fn cross_entropy(q: f32, t: f32) -> f64 {
    let q = f64::from(q).clamp(1e-7, 1.0 - 1e-7);
    let t = f64::from(t);
    -(t * q.ln() + (1.0 - t) * (1.0 - q).ln())
}

/// The value heads' backward pass: adds their weights' gradients to
/// `grads` and their gradient with respect to the trunk's last
/// activations `last` to `grad`; returns the value's cross-entropy.
/// `dp` is scratch.
#[allow(clippy::too_many_arguments)]
fn heads_backward(
    net: &Net,
    n: usize,
    t: &ValueTargets,
    w: &Weights,
    last: &[f32],
    out: &HeadOut,
    grads: &mut [f32],
    grad: &mut [f32],
    dp: &mut Vec<f32>,
) -> f64 {
    let Some(at) = net.heads_at() else {
        return 0.0;
    };
    let p = net.params();
    let (f, h, hw, v) = (at.channels, at.hidden, n * n, VALUE_CHANNELS);
    // Outputs.
    let win = out.win();
    let dv = w.value * (win - t.win);
    let ds = w.score * (out.score_raw - t.lead / SCORE_SCALE).clamp(-1.0, 1.0);
    let mut dh = [0.0f32; MAX_HIDDEN];
    let dh = &mut dh[..h];
    for j in 0..h {
        let x = out.hidden[j];
        grads[at.fc2 + 2 * j] += dv * x;
        grads[at.fc2 + 2 * j + 1] += ds * x;
        if x > 0.0 {
            dh[j] = dv * p[at.fc2 + 2 * j] + ds * p[at.fc2 + 2 * j + 1];
        }
    }
    grads[at.fc2 + 2 * h] += dv;
    grads[at.fc2 + 2 * h + 1] += ds;
    // Hidden layer, and the pooled inputs' gradients into the value
    // planes (`dp`) and the ownership's lead (`d_lead`).
    let inputs = at.inputs();
    dp.clear();
    dp.resize(hw * v, 0.0);
    let mut d_lead = 0.0;
    for (i, &x) in out.pooled.iter().enumerate() {
        let row = at.fc1 + i * h;
        let mut dx = 0.0;
        for j in 0..h {
            grads[row + j] += x * dh[j];
            dx += p[row + j] * dh[j];
        }
        let c = i % v;
        match i / v {
            0 => spread(dp, v, c, hw, dx / hw as f32),
            1 => spread(dp, v, c, hw, dx * size_factor(n) / hw as f32),
            2 => dp[out.argmax[c] as usize * v + c] += dx,
            _ if i == POOLS * v => d_lead = dx / SCORE_SCALE,
            _ => {}
        }
    }
    for j in 0..h {
        grads[at.fc1 + inputs * h + j] += dh[j];
    }
    // The value planes' ReLU and 1x1 convolution.
    mask(dp, &out.planes);
    for (q, d) in dp.chunks_exact(v).enumerate() {
        let row = &last[q * f..][..f];
        for ci in 0..f {
            let wrow = at.vconv + ci * v;
            let mut g = 0.0;
            for c in 0..v {
                grads[wrow + c] += row[ci] * d[c];
                g += p[wrow + c] * d[c];
            }
            grad[q * f + ci] += g;
        }
        for c in 0..v {
            grads[at.vconv + f * v + c] += d[c];
        }
    }
    // Ownership: o = tanh(z); the cross-entropy of (1 + o) / 2 against
    // (1 + t) / 2 has d/dz = o - t; the lead adds its share through tanh.
    let scale = w.owner / hw as f32;
    for (q, (&o, &target)) in out.owner.iter().zip(&t.owner).enumerate() {
        let dz = scale * (o - target) + d_lead * (1.0 - o * o);
        let row = &last[q * f..][..f];
        for c in 0..f {
            grads[at.owner + c] += dz * row[c];
            grad[q * f + c] += dz * p[at.owner + c];
        }
        grads[at.owner + f] += dz;
    }
    cross_entropy(win, t.win)
}

/// Adds `d` to channel `c` of every point.
fn spread(grad: &mut [f32], f: usize, c: usize, hw: usize, d: f32) {
    for q in 0..hw {
        grad[q * f + c] += d;
    }
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
            value: None,
        }
    }

    fn loss(net: &Net, ex: &Example) -> f64 {
        let mut acts = Activations::default();
        let mut lp = Vec::new();
        log_probs(net, Net::forward, ex, &mut acts, &mut Vec::new(), &mut lp);
        -lp[ex.played] as f64
    }

    /// Checks `grads` against central differences of `loss` at each
    /// weight of `picks`; returns how many were checked.
    fn check_gradient(
        net: &Net,
        grads: &[f32],
        picks: impl Iterator<Item = usize>,
        loss: impl Fn(&Net) -> f64,
    ) -> usize {
        let h = 1e-2f32;
        let mut checked = 0;
        for i in picks {
            let mut plus = net.clone();
            plus.params_mut()[i] += h;
            let mut minus = net.clone();
            minus.params_mut()[i] -= h;
            let numeric = (loss(&plus) - loss(&minus)) / (2.0 * h as f64);
            let err = (numeric - grads[i] as f64).abs();
            assert!(
                err < 2e-3 + 0.05 * numeric.abs(),
                "weight {i}: backprop {} numeric {numeric}",
                grads[i]
            );
            checked += 1;
        }
        checked
    }

    /// The weighted loss, computed from the forward pass alone.
    fn total(net: &Net, ex: &Example, w: &Weights) -> f64 {
        let mut grads = vec![0.0; net.params().len()];
        let l = accumulate(net, ex, w, &mut Scratch::default(), &mut grads);
        l.policy
            + f64::from(w.value) * l.value
            + f64::from(w.score) * l.score
            + f64::from(w.owner) * l.owner
    }

    #[test]
    fn the_heads_gradient_matches_finite_differences() {
        let mut net = Net::new(4, 1, 9).with_heads(5, 9);
        for (i, w) in net.params_mut().iter_mut().enumerate() {
            if *w == 0.0 {
                *w = ((i * 37 % 17) as f32 - 8.0) / 40.0;
            }
        }
        let n = 4;
        let mut ex = example(n);
        ex.value = Some(ValueTargets {
            komi: 7.5,
            win: 0.3,
            lead: -4.0,
            owner: (0..n * n).map(|i| (i % 3) as f32 - 1.0).collect(),
            policy: vec![(5, 0.5), (0, 0.3), (3, 0.2), (n * n, 0.1)],
        });
        let w = Weights::default();
        let mut grads = vec![0.0; net.params().len()];
        let l = accumulate(&net, &ex, &w, &mut Scratch::default(), &mut grads);
        assert!(l.value > 0.0 && l.owner > 0.0 && l.score > 0.0, "{l:?}");
        let at = net.heads_at().unwrap();
        // Every head weight, and a sample of the trunk's.
        let picks = (0..at.owner).step_by(11).chain(at.owner..at.end());
        let checked = check_gradient(&net, &grads, picks, |n| total(n, &ex, &w));
        assert!(checked > 100);
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
        let l = accumulate(&net, &ex, &Weights::default(), &mut s, &mut grads);
        assert!((l.policy - loss(&net, &ex)).abs() < 1e-5);
        let picks = (0..net.params().len()).step_by(7);
        let checked = check_gradient(&net, &grads, picks, |n| loss(n, &ex));
        assert!(checked > 50);
    }
}
