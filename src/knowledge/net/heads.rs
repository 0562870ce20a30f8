//! The value heads: what the trunk's last activations say of the whole
//! position, beside the policy correction.
//!
//! - **ownership**: a 1x1 convolution to one plane and `tanh`, each
//!   point's expected final owner from the side to move's view (+1 its
//!   own, -1 the opponent's);
//! - **value** and **score**: a 1x1 convolution to [`VALUE_CHANNELS`]
//!   planes (ReLU), as KataGo's value head has, pooled over the board
//!   (their mean, their mean scaled by the board's size, and their
//!   maximum), with the ownership's lead (its sum over the board) and the
//!   side to move's komi, through a hidden layer of `hidden` units (ReLU)
//!   to two numbers: the side to move's win probability (through a
//!   sigmoid) and its expected final lead (times [`SCORE_SCALE`]).
//!
//! Under area scoring the lead is the ownership's sum plus the komi, so
//! those two inputs give the score a straight path, and the value a
//! strong one, from the start of training. The trunk has no komi input,
//! so the komi enters here, where it shifts the value without a second
//! trunk pass: the side to move's own komi (positive for White).

use super::Net;

/// Pooled features per value plane: mean, size-scaled mean, maximum.
pub const POOLS: usize = 3;
/// Planes of the value head's 1x1 convolution.
pub const VALUE_CHANNELS: usize = 16;
/// The score head's unit, and the unit of the ownership's lead and the
/// komi as inputs, in points.
pub const SCORE_SCALE: f32 = 20.0;
/// The most hidden units the value layer may have.
pub const MAX_HIDDEN: usize = 1024;

/// Where the heads' weights are in the parameter vector, after the trunk
/// and the policy head.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeadsAt {
    /// Ownership: `channels` weights, then one bias.
    pub owner: usize,
    /// Value planes: `channels` rows of [`VALUE_CHANNELS`] weights, then
    /// their biases.
    pub vconv: usize,
    /// Hidden layer: `inputs()` rows of `hidden` weights, then `hidden`
    /// biases.
    pub fc1: usize,
    /// Output layer: `hidden` rows of 2 weights (value, score), then 2
    /// biases.
    pub fc2: usize,
    /// Trunk channels.
    pub channels: usize,
    /// Hidden units.
    pub hidden: usize,
}

impl HeadsAt {
    /// The layout of heads of `hidden` units behind a trunk of `channels`
    /// whose weights (policy head included) end at `start`.
    pub fn new(start: usize, channels: usize, hidden: usize) -> HeadsAt {
        let owner = start;
        let vconv = owner + channels + 1;
        let fc1 = vconv + (channels + 1) * VALUE_CHANNELS;
        let fc2 = fc1 + (POOLS * VALUE_CHANNELS + 2) * hidden + hidden;
        HeadsAt {
            owner,
            vconv,
            fc1,
            fc2,
            channels,
            hidden,
        }
    }

    /// Inputs of the hidden layer: the pooled value planes, the
    /// ownership's lead and the komi.
    pub fn inputs(&self) -> usize {
        POOLS * VALUE_CHANNELS + 2
    }

    /// Where the heads' weights end.
    pub fn end(&self) -> usize {
        self.fc2 + 2 * self.hidden + 2
    }

    /// Weights of heads of this shape.
    pub fn count(channels: usize, hidden: usize) -> usize {
        HeadsAt::new(0, channels, hidden).end()
    }
}

/// The heads' outputs and the intermediate values the training's
/// backward pass reads; reused from call to call.
#[derive(Clone, Debug, Default)]
pub struct HeadOut {
    /// Ownership of each point (`n * n`, point `y * n + x`), side to move.
    pub owner: Vec<f32>,
    /// The value planes (`n * n` rows of [`VALUE_CHANNELS`], after the
    /// ReLU).
    pub planes: Vec<f32>,
    /// The hidden layer's inputs: the pooled value planes, the
    /// ownership's lead and the komi, in units of [`SCORE_SCALE`].
    pub pooled: Vec<f32>,
    /// The point of each value plane's maximum.
    pub argmax: Vec<u32>,
    /// The hidden layer's outputs (after the ReLU).
    pub hidden: Vec<f32>,
    /// The value's logit: the side to move wins with `sigmoid(logit)`.
    pub value_logit: f32,
    /// The score output before its scale.
    pub score_raw: f32,
}

impl HeadOut {
    /// The side to move's win probability.
    pub fn win(&self) -> f32 {
        sigmoid(self.value_logit)
    }

    /// The side to move's expected final lead, in points.
    pub fn lead(&self) -> f32 {
        SCORE_SCALE * self.score_raw
    }
}

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The size-scaled mean's factor on an `n`x`n` board (0 on 14x14, so
/// 9x9 and 19x19 get opposite signs).
pub fn size_factor(n: usize) -> f32 {
    (n as f32 - 14.0) / 10.0
}

impl Net {
    /// The heads from the trunk's last activations of an `n`x`n` board
    /// (after [`Net::forward`] or [`Net::infer`]), with the side to
    /// move's komi `komi` (points; positive when it is White's). A
    /// network without heads leaves `out` as it is and returns false.
    pub fn heads(&self, n: usize, komi: f32, last: &[f32], out: &mut HeadOut) -> bool {
        let Some(at) = self.heads_at() else {
            return false;
        };
        let p = self.params();
        let f = at.channels;
        let hw = n * n;
        // Ownership.
        let (w, b) = (&p[at.owner..at.owner + f], p[at.owner + f]);
        out.owner.clear();
        out.owner.extend(
            last.chunks_exact(f)
                .take(hw)
                .map(|row| (b + row.iter().zip(w).map(|(a, w)| a * w).sum::<f32>()).tanh()),
        );
        // Value planes.
        let v = VALUE_CHANNELS;
        let (vw, vb) = (&p[at.vconv..at.vconv + f * v], &p[at.vconv + f * v..at.fc1]);
        out.planes.clear();
        out.planes.resize(hw * v, 0.0);
        for (row, y) in last.chunks_exact(f).zip(out.planes.chunks_exact_mut(v)) {
            y.copy_from_slice(vb);
            for (&a, w) in row.iter().zip(vw.chunks_exact(v)) {
                if a != 0.0 {
                    for (y, w) in y.iter_mut().zip(w) {
                        *y += a * w;
                    }
                }
            }
        }
        super::relu(&mut out.planes);
        // Pooling.
        out.pooled.clear();
        out.pooled.resize(at.inputs(), 0.0);
        out.argmax.clear();
        out.argmax.resize(v, 0);
        let mut max = [0.0f32; VALUE_CHANNELS];
        for (q, row) in out.planes.chunks_exact(v).enumerate() {
            for c in 0..v {
                out.pooled[c] += row[c];
                if row[c] > max[c] {
                    max[c] = row[c];
                    out.argmax[c] = q as u32;
                }
            }
        }
        let inv = 1.0 / hw.max(1) as f32;
        let scale = size_factor(n);
        for (c, &m) in max.iter().enumerate() {
            let mean = out.pooled[c] * inv;
            out.pooled[c] = mean;
            out.pooled[v + c] = mean * scale;
            out.pooled[2 * v + c] = m;
        }
        out.pooled[POOLS * v] = out.owner.iter().sum::<f32>() / SCORE_SCALE;
        out.pooled[POOLS * v + 1] = komi / SCORE_SCALE;
        // Hidden layer.
        let h = at.hidden;
        let inputs = at.inputs();
        let (w1, b1) = (
            &p[at.fc1..at.fc1 + inputs * h],
            &p[at.fc1 + inputs * h..at.fc2],
        );
        out.hidden.clear();
        out.hidden.extend_from_slice(b1);
        for (x, row) in out.pooled.iter().zip(w1.chunks_exact(h)) {
            if *x != 0.0 {
                for (y, w) in out.hidden.iter_mut().zip(row) {
                    *y += x * w;
                }
            }
        }
        super::relu(&mut out.hidden);
        // Outputs.
        let w2 = &p[at.fc2..at.fc2 + 2 * h];
        let b2 = &p[at.fc2 + 2 * h..at.fc2 + 2 * h + 2];
        let (mut v, mut s) = (b2[0], b2[1]);
        for (x, w) in out.hidden.iter().zip(w2.chunks_exact(2)) {
            v += x * w[0];
            s += x * w[1];
        }
        out.value_logit = v;
        out.score_raw = s;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_ends_where_the_count_says() {
        let at = HeadsAt::new(100, 8, 5);
        assert_eq!(at.vconv, 109);
        assert_eq!(at.fc1, 109 + 9 * VALUE_CHANNELS);
        assert_eq!(at.fc2, at.fc1 + (3 * VALUE_CHANNELS + 2) * 5 + 5);
        assert_eq!(at.end(), at.fc2 + 12);
        assert_eq!(HeadsAt::count(8, 5), at.end() - 100);
    }

    #[test]
    fn new_heads_say_even_and_nobody_owns_anything() {
        let net = Net::new(4, 1, 3).with_heads(6, 3);
        let n = 5;
        let last = vec![0.5; n * n * 4];
        let mut out = HeadOut::default();
        assert!(net.heads(n, 7.5, &last, &mut out));
        assert_eq!(out.win(), 0.5);
        assert_eq!(out.lead(), 0.0);
        assert!(out.owner.iter().all(|&o| o == 0.0));
        assert_eq!(out.owner.len(), 25);
        assert!(!Net::new(4, 1, 3).heads(n, 7.5, &last, &mut out));
    }

    #[test]
    fn pooling_reads_the_mean_the_scaled_mean_the_maximum_and_the_lead() {
        let mut net = Net::new(2, 0, 1).with_heads(1, 1);
        let at = net.heads_at().unwrap();
        let v = VALUE_CHANNELS;
        {
            let p = net.params_mut();
            p[at.vconv..at.fc1].fill(0.0);
            // Plane 0 copies trunk channel 0, plane 1 channel 1; the
            // ownership reads channel 0 (tanh(1) where it is 1).
            p[at.vconv] = 1.0;
            p[at.vconv + v + 1] = 1.0;
            p[at.owner] = 1.0;
        }
        let n = 9;
        let mut last = vec![0.0; n * n * 2];
        last[2 * 40] = 8.1; // channel 0 at the centre
        last[2 * 3 + 1] = 1.0; // channel 1 at point 3
        let mut out = HeadOut::default();
        net.heads(n, -3.0, &last, &mut out);
        assert!((out.pooled[0] - 0.1).abs() < 1e-6);
        assert!((out.pooled[v] - 0.1 * size_factor(9)).abs() < 1e-6);
        assert_eq!((out.pooled[2 * v], out.pooled[2 * v + 1]), (8.1, 1.0));
        assert_eq!(&out.argmax[..2], &[40, 3]);
        assert!((out.pooled[3 * v] - 8.1f32.tanh() / SCORE_SCALE).abs() < 1e-6);
        assert_eq!(out.pooled[3 * v + 1], -3.0 / SCORE_SCALE);
    }
}
