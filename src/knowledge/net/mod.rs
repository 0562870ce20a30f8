//! A small residual convolutional network that corrects the move model.
//!
//! The move model ([`super::model`]) rates each candidate by the shapes
//! and tactics around it; it cannot see which groups are weak or where the
//! large areas are. The network reads the whole board ([`input`]) and
//! adds one number to each candidate's log-strength: the model's
//! probability of a move becomes `softmax(log p + correction)` over the
//! candidates, a pass keeping the model's own value. With its last layer
//! at zero it is exactly the model, so training starts from the model's
//! accuracy and can only move from there by fitting the games better.
//!
//! Layout, as in AlphaGo's policy networks but without batch
//! normalisation: a 3x3 convolution from the input planes to `channels`,
//! then `blocks` residual blocks of two 3x3 convolutions (ReLU after the
//! first, and after the sum with the block's input), then a 1x1
//! convolution to one plane. The convolutions see zeros beyond the edge,
//! so one network serves every board size.

pub mod conv;
pub mod correct;
pub mod direct;
pub mod file;
pub mod heads;
pub mod input;
pub mod isa;
pub mod symmetry;
pub mod winograd;

pub use correct::{NetBuffers, correct, judge};
pub use file::NetError;
pub use heads::{HeadOut, HeadsAt};
pub use input::PLANES;
use std::sync::OnceLock;

/// The most channels a network may have.
pub const MAX_CHANNELS: usize = 512;
/// The most residual blocks a network may have.
pub const MAX_BLOCKS: usize = 64;

/// Where one convolution's weights are in the parameter vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConvAt {
    /// Input channels.
    pub cin: usize,
    /// Output channels.
    pub cout: usize,
    /// Offset of the weights: `9 * cin` rows of `cout`.
    pub w: usize,
    /// Offset of the `cout` biases.
    pub bias: usize,
}

/// The network: its shape and every weight in one vector (the training
/// updates them as one).
#[derive(Clone, Debug)]
pub struct Net {
    channels: usize,
    blocks: usize,
    /// Hidden units of the value heads; 0 for a network without heads.
    hidden: usize,
    /// The weights, convolution by convolution, then the policy head's
    /// `channels`, then the value heads' ([`HeadsAt`]).
    params: Vec<f32>,
    /// Each convolution's filters transformed for [`Net::infer`], made at
    /// its first call and dropped by [`Net::params_mut`].
    transformed: OnceLock<Vec<Vec<f32>>>,
}

impl PartialEq for Net {
    /// The same shape and weights (the transformed filters follow).
    fn eq(&self, other: &Net) -> bool {
        (self.channels, self.blocks, self.hidden, &self.params)
            == (other.channels, other.blocks, other.hidden, &other.params)
    }
}

/// The activations of one forward pass, kept for the training's backward
/// pass; reused from call to call, so the search does not allocate.
#[derive(Clone, Debug, Default)]
pub struct Activations {
    /// After the first convolution, then each block's first convolution
    /// and the block's output, alternately (all after their ReLU).
    pub acts: Vec<Vec<f32>>,
    /// The convolutions' scratch.
    pub scratch: Scratch,
    /// The correction of each point.
    pub out: Vec<f32>,
}

/// The convolutions' scratch, reused from call to call.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// The padded input of [`direct`].
    pad: Vec<f32>,
    /// The tiles of [`winograd`].
    tiles: winograd::Scratch,
}

impl Net {
    /// A network of the given shape, its weights drawn from `seed`: the
    /// first convolution of the trunk and of each block with He's uniform
    /// initialisation, each block's second convolution and the head at
    /// zero, so the network starts as the identity correction.
    pub fn new(channels: usize, blocks: usize, seed: u64) -> Net {
        use rand::rngs::SmallRng;
        use rand::{Rng, SeedableRng};
        let params = vec![0.0; param_count(channels, blocks, 0)];
        let mut net = Net::with_params(channels, blocks, 0, params);
        let mut rng = SmallRng::seed_from_u64(seed);
        for i in 0..net.convs() {
            if i > 0 && i % 2 == 0 {
                continue;
            }
            let c = net.conv_at(i);
            let bound = (6.0 / (9 * c.cin) as f32).sqrt();
            for w in &mut net.params[c.w..c.w + 9 * c.cin * c.cout] {
                *w = bound * (2.0 * (rng.next_u32() as f32 / 4_294_967_296.0) - 1.0);
            }
        }
        net
    }

    /// This network with new value heads of `hidden` units in place of
    /// its own, if any: the value planes' and the hidden layer's weights
    /// drawn from `seed` with He's uniform initialisation, the rest at
    /// zero, so the heads start
    /// at an even value, no lead and no owner.
    pub fn with_heads(&self, hidden: usize, seed: u64) -> Net {
        use rand::rngs::SmallRng;
        use rand::{Rng, SeedableRng};
        let start = self.trunk_len();
        let mut params = self.params[..start].to_vec();
        params.resize(start + HeadsAt::count(self.channels, hidden), 0.0);
        let at = HeadsAt::new(start, self.channels, hidden);
        let mut rng = SmallRng::seed_from_u64(seed);
        let layers = [
            (at.vconv, self.channels, heads::VALUE_CHANNELS),
            (at.fc1, at.inputs(), hidden),
        ];
        for (start, fan_in, outputs) in layers {
            let bound = (6.0 / fan_in as f32).sqrt();
            for w in &mut params[start..start + fan_in * outputs] {
                *w = bound * (2.0 * (rng.next_u32() as f32 / 4_294_967_296.0) - 1.0);
            }
        }
        Net::with_params(self.channels, self.blocks, hidden, params)
    }

    /// Where the value heads' weights are, if the network has them.
    pub fn heads_at(&self) -> Option<HeadsAt> {
        (self.hidden > 0).then(|| HeadsAt::new(self.trunk_len(), self.channels, self.hidden))
    }

    /// Hidden units of the value heads (0: none).
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Weights of the trunk and the policy head.
    fn trunk_len(&self) -> usize {
        param_count(self.channels, self.blocks, 0)
    }

    /// Whether a network may have this shape: 1 to [`MAX_CHANNELS`]
    /// channels, at most [`MAX_BLOCKS`] blocks.
    pub fn shape_ok(channels: usize, blocks: usize) -> bool {
        (1..=MAX_CHANNELS).contains(&channels) && blocks <= MAX_BLOCKS
    }

    /// Channels of the trunk.
    pub fn channels(&self) -> usize {
        self.channels
    }

    /// Residual blocks.
    pub fn blocks(&self) -> usize {
        self.blocks
    }

    /// Number of 3x3 convolutions.
    pub fn convs(&self) -> usize {
        1 + 2 * self.blocks
    }

    /// Where convolution `i` is (0 the first, then each block's two).
    pub fn conv_at(&self, i: usize) -> ConvAt {
        let f = self.channels;
        let first = 9 * PLANES * f + f;
        let (cin, start) = if i == 0 {
            (PLANES, 0)
        } else {
            (f, first + (i - 1) * (9 * f * f + f))
        };
        ConvAt {
            cin,
            cout: f,
            w: start,
            bias: start + 9 * cin * f,
        }
    }

    /// Offset of the policy head's weights (`channels` of them).
    pub fn head_at(&self) -> usize {
        self.trunk_len() - self.channels
    }

    /// A network of this shape with these weights (the caller checks
    /// their number).
    fn with_params(channels: usize, blocks: usize, hidden: usize, params: Vec<f32>) -> Net {
        Net {
            channels,
            blocks,
            hidden,
            params,
            transformed: OnceLock::new(),
        }
    }

    /// Every weight, convolution by convolution, then the head's.
    pub fn params(&self) -> &[f32] {
        &self.params
    }

    /// The weights, to change them (the training).
    pub fn params_mut(&mut self) -> &mut [f32] {
        self.transformed = OnceLock::new();
        &mut self.params
    }

    /// The correction of each point of an `n`x`n` board (`n * n` values
    /// in `acts.out`), from its input planes (see [`input::planes`]),
    /// convolution by convolution as the training's backward pass reads
    /// them ([`direct`]).
    pub fn forward(&self, n: usize, input: &[f32], acts: &mut Activations) {
        let p = &self.params;
        self.run(input, acts, |i, x, scratch, y| {
            let c = self.conv_at(i);
            let w = &p[c.w..c.w + 9 * c.cin * c.cout];
            direct::forward(n, w, &p[c.bias..c.bias + c.cout], x, &mut scratch.pad, y);
        });
    }

    /// The same correction as [`Net::forward`], to about 1e-5 of its
    /// size, computed by Winograd's tiles ([`winograd`]) for play: about
    /// half the direct convolutions' time on 19x19.
    pub fn infer(&self, n: usize, input: &[f32], acts: &mut Activations) {
        let filters = self.transformed.get_or_init(|| {
            (0..self.convs())
                .map(|i| {
                    let c = self.conv_at(i);
                    winograd::weights(&self.params[c.w..c.bias], c.cin, c.cout)
                })
                .collect()
        });
        self.run(input, acts, |i, x, scratch, y| {
            let c = self.conv_at(i);
            let bias = &self.params[c.bias..c.bias + c.cout];
            winograd::forward(n, &filters[i], bias, x, &mut scratch.tiles, y);
        });
    }

    /// The layers in order, each convolution by `conv(i, input, scratch,
    /// output)`.
    fn run(
        &self,
        input: &[f32],
        acts: &mut Activations,
        conv: impl Fn(usize, &[f32], &mut Scratch, &mut Vec<f32>),
    ) {
        let layers = self.convs();
        acts.acts.resize_with(layers, Vec::new);
        let Activations { acts, scratch, out } = acts;
        conv(0, input, scratch, &mut acts[0]);
        relu(&mut acts[0]);
        for b in 0..self.blocks {
            let (done, rest) = acts.split_at_mut(1 + 2 * b);
            let x = &done[2 * b];
            let (u, y) = rest.split_at_mut(1);
            let (u, y) = (&mut u[0], &mut y[0]);
            conv(1 + 2 * b, x, scratch, u);
            relu(u);
            conv(2 + 2 * b, u, scratch, y);
            for (y, x) in y.iter_mut().zip(x) {
                *y = (*y + x).max(0.0);
            }
        }
        let last = &acts[layers - 1];
        let head = &self.params[self.head_at()..];
        out.clear();
        out.extend(
            last.chunks_exact(self.channels)
                .map(|row| row.iter().zip(head).map(|(a, w)| a * w).sum::<f32>()),
        );
    }
}

/// Weights of a network of this shape (`hidden` 0: without value heads).
pub fn param_count(channels: usize, blocks: usize, hidden: usize) -> usize {
    let f = channels;
    let heads = if hidden > 0 {
        HeadsAt::count(f, hidden)
    } else {
        0
    };
    (9 * PLANES * f + f) + 2 * blocks * (9 * f * f + f) + f + heads
}

/// Sets the negative values to zero.
pub fn relu(v: &mut [f32]) {
    for x in v {
        *x = x.max(0.0);
    }
}

/// Log-probabilities from log-strengths: `out[i] = logits[i] - logsumexp`,
/// over the finite entries (the others stay minus infinity).
pub fn log_softmax(logits: &[f32], out: &mut Vec<f32>) {
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let sum: f64 = logits
        .iter()
        .filter(|l| l.is_finite())
        .map(|&l| ((l - max) as f64).exp())
        .sum();
    let log_sum = max + sum.ln() as f32;
    out.clear();
    out.extend(logits.iter().map(|&l| l - log_sum));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_network_loads() {
        let net = crate::knowledge::builtin_net().expect("hane.net loads");
        assert_eq!((net.channels(), net.blocks()), (32, 4));
        let small = crate::knowledge::builtin_small_net().expect("hane9.net loads");
        assert_eq!((small.channels(), small.blocks()), (64, 6));
        assert!(small.heads_at().is_some(), "the small-board network judges");
        let both = crate::knowledge::Networks::builtin();
        assert!(std::ptr::eq(
            both.get(false).unwrap().as_ref(),
            small.as_ref()
        ));
        assert!(std::ptr::eq(both.get(true).unwrap().as_ref(), net.as_ref()));
    }

    /// The built-in small-board network's value moves the right way on
    /// decided positions: the side with a live group and the whole board
    /// wins, whoever is to move, and it owns its stones.
    #[test]
    fn the_small_boards_value_sees_who_is_winning() {
        use crate::rules::{Board, BoardSize, Cell, Color, Point};
        let net = crate::knowledge::builtin_small_net().expect("hane9.net loads");
        let size = BoardSize::new(9).unwrap();
        // Black walls off all but the top two rows; White has a few
        // stones there (no more than 18 points).
        let mut board = Board::new(size);
        for x in 0..9 {
            board.play_unchecked(Color::Black, size.point(x, 6).unwrap());
        }
        for x in [0, 2, 4, 6, 8] {
            board.play_unchecked(Color::White, size.point(x, 8).unwrap());
        }
        let judge = |color: Color| {
            let points: Vec<Point> = size
                .points()
                .filter(|&p| board.cell(p) == Cell::Empty)
                .collect();
            let mut probs = vec![1.0 / points.len() as f32; points.len()];
            let mut buf = NetBuffers::default();
            let komi = if color == Color::White { 7.0 } else { -7.0 };
            assert!(judge(
                &net, &board, color, komi, &points, &mut probs, &mut buf
            ));
            let centre = buf.heads.owner[4 * 9 + 4];
            (buf.heads.win(), buf.heads.lead(), centre)
        };
        let (bw, bl, bo) = judge(Color::Black);
        let (ww, wl, wo) = judge(Color::White);
        assert!(
            bw > 0.8 && bl > 10.0 && bo > 0.5,
            "Black to move: {bw} {bl} {bo}"
        );
        assert!(
            ww < 0.2 && wl < -10.0 && wo < -0.5,
            "White to move: {ww} {wl} {wo}"
        );
    }

    /// Play's tiles give the training's correction, for the built-in
    /// network on the boards it plays, and follow a change of weights.
    #[test]
    fn inference_computes_the_forward_pass() {
        let mut net = crate::knowledge::builtin_net()
            .expect("hane.net loads")
            .as_ref()
            .clone();
        let (mut a, mut b) = (Activations::default(), Activations::default());
        for n in [13, 19, 7] {
            let input: Vec<f32> = (0..n * n * PLANES)
                .map(|i| ((i * 7919) % 5) as f32 / 4.0)
                .collect();
            net.forward(n, &input, &mut a);
            net.infer(n, &input, &mut b);
            let scale = a.out.iter().fold(1.0f32, |m, v| m.max(v.abs()));
            for (x, y) in a.out.iter().zip(&b.out) {
                assert!((x - y).abs() < 1e-4 * scale, "{n}: {x} {y}");
            }
        }
        let first = net.conv_at(0);
        net.params_mut()[first.bias..first.bias + first.cout].fill(5.0);
        let input = vec![0.5; 9 * 9 * PLANES];
        net.forward(9, &input, &mut a);
        net.infer(9, &input, &mut b);
        let scale = a.out.iter().fold(1.0f32, |m, v| m.max(v.abs()));
        for (x, y) in a.out.iter().zip(&b.out) {
            assert!((x - y).abs() < 1e-4 * scale, "changed weights: {x} {y}");
        }
    }

    #[test]
    fn a_new_network_corrects_nothing() {
        let net = Net::new(8, 2, 1);
        let n = 5;
        let input: Vec<f32> = (0..n * n * PLANES).map(|i| (i % 3) as f32).collect();
        let mut acts = Activations::default();
        net.forward(n, &input, &mut acts);
        assert_eq!(acts.out.len(), n * n);
        assert!(acts.out.iter().all(|&c| c == 0.0));
    }

    #[test]
    fn the_parameters_are_laid_out_end_to_end() {
        let net = Net::new(6, 3, 0);
        let mut next = 0;
        for i in 0..net.convs() {
            let c = net.conv_at(i);
            assert_eq!(c.w, next);
            next = c.bias + c.cout;
        }
        assert_eq!(net.head_at(), next);
        assert_eq!(next + net.channels(), net.params.len());
        let with = net.with_heads(5, 1);
        let at = with.heads_at().expect("heads");
        assert_eq!(at.owner, next + net.channels());
        assert_eq!(at.end(), with.params.len());
        assert_eq!(with.params[..at.owner], net.params[..]);
    }

    #[test]
    fn log_softmax_skips_the_excluded_entries() {
        let mut out = Vec::new();
        log_softmax(&[0.0, f32::NEG_INFINITY, 0.0], &mut out);
        assert!((out[0] - 0.5f32.ln()).abs() < 1e-6);
        assert_eq!(out[1], f32::NEG_INFINITY);
    }
}
