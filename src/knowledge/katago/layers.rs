//! The layers of a KataGo network, each read from the model file and
//! applied to an `n`x`n` board whose points are rows and channels columns
//! (point `i`, channel `c` at `i * channels + c`), as hane's own network
//! lays them out. The board is the whole tensor: there is no padding to a
//! larger size and so no mask, and a convolution sees zeros beyond the
//! edge.

use super::file::{KataError, Words};
use super::vmath;
use crate::knowledge::net::{conv, winograd};

/// The most channels a layer may have.
const MAX_CHANNELS: usize = 4096;

/// An elementwise nonlinearity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// None.
    Identity,
    /// max(x, 0).
    Relu,
    /// x tanh(softplus(x)).
    Mish,
    /// x sigmoid(x).
    Silu,
}

impl Act {
    /// An activation layer: its name, and from model version 11 on its kind
    /// (before that, always ReLU).
    pub fn read(w: &mut Words, version: i64) -> Result<Act, KataError> {
        let name = w.word()?;
        if version < 11 {
            return Ok(Act::Relu);
        }
        match w.word()? {
            "ACTIVATION_IDENTITY" => Ok(Act::Identity),
            "ACTIVATION_RELU" => Ok(Act::Relu),
            "ACTIVATION_MISH" => Ok(Act::Mish),
            "ACTIVATION_SILU" => Ok(Act::Silu),
            other => Err(KataError::Unsupported(format!(
                "activation {other} ({name})"
            ))),
        }
    }

    /// Applies the activation to one value.
    #[inline]
    pub fn apply(self, x: f32) -> f32 {
        match self {
            Act::Identity => x,
            Act::Relu => x.max(0.0),
            Act::Mish => {
                let sp = if x > 20.0 { x } else { x.exp().ln_1p() };
                x * sp.tanh()
            }
            Act::Silu => x / (1.0 + (-x).exp()),
        }
    }

    /// The part of the activation to apply value by value, in the pass
    /// that computes the values: all of it but SiLU, which
    /// [`Act::finish`] applies to the whole buffer by vectors
    /// ([`vmath`]).
    fn inline(self) -> Act {
        if self == Act::Silu {
            Act::Identity
        } else {
            self
        }
    }

    /// What [`Act::inline`] left to apply to `x`.
    fn finish(self, x: &mut [f32]) {
        if self == Act::Silu {
            vmath::silu(x);
        }
    }
}

/// A convolution of odd size `k`x`k` without bias.
#[derive(Debug)]
pub struct Conv {
    /// Filter size.
    pub k: usize,
    /// Input channels.
    pub cin: usize,
    /// Output channels.
    pub cout: usize,
    /// Weights, `k * k * cin` rows of `cout` (tap row by row, then input
    /// channel): the file's own order.
    w: Vec<f32>,
    /// For 3x3: the filters in Winograd's domain.
    tiles: Vec<f32>,
    /// Zero biases, for the kernels that take them.
    zeros: Vec<f32>,
}

impl Conv {
    /// Reads a convolution: name, y size, x size, in and out channels,
    /// the two dilations (which must be 1), then the weights.
    pub fn read(w: &mut Words) -> Result<Conv, KataError> {
        let name = w.word()?.to_string();
        let ky = w.count("convolution size", 9)?;
        let kx = w.count("convolution size", 9)?;
        let cin = w.count("channels", MAX_CHANNELS)?;
        let cout = w.count("channels", MAX_CHANNELS)?;
        let dy = w.count("dilation", 9)?;
        let dx = w.count("dilation", 9)?;
        if ky != kx || ky % 2 == 0 {
            return Err(KataError::Unsupported(format!(
                "a {ky}x{kx} convolution ({name})"
            )));
        }
        if (dy, dx) != (1, 1) {
            return Err(KataError::Unsupported(format!(
                "dilated convolution ({name})"
            )));
        }
        let weights = w.floats(ky * kx * cin * cout, &name)?;
        Ok(Conv::new(ky, cin, cout, weights))
    }

    /// A convolution from its weights in the file's order.
    pub fn new(k: usize, cin: usize, cout: usize, w: Vec<f32>) -> Conv {
        let tiles = if k == 3 {
            winograd::weights(&w, cin, cout)
        } else {
            Vec::new()
        };
        Conv {
            k,
            cin,
            cout,
            w,
            tiles,
            zeros: vec![0.0; cout],
        }
    }

    /// `out = conv(input)` on an `n`x`n` board (`out` resized).
    pub fn apply(&self, n: usize, input: &[f32], s: &mut ConvScratch, out: &mut Vec<f32>) {
        match self.k {
            3 => winograd::forward(n, &self.tiles, &self.zeros, input, &mut s.tiles, out),
            1 => {
                out.resize(n * n * self.cout, 0.0);
                conv::gemm(
                    n * n,
                    self.cin,
                    self.cout,
                    input,
                    false,
                    &self.w,
                    false,
                    0.0,
                    out,
                );
            }
            k => {
                unroll(n, k, self.cin, input, &mut s.col);
                out.resize(n * n * self.cout, 0.0);
                conv::gemm(
                    n * n,
                    k * k * self.cin,
                    self.cout,
                    &s.col,
                    false,
                    &self.w,
                    false,
                    0.0,
                    out,
                );
            }
        }
    }

    /// `acc += conv(input)`, through `tmp`.
    pub fn add_to(
        &self,
        n: usize,
        input: &[f32],
        s: &mut ConvScratch,
        tmp: &mut Vec<f32>,
        acc: &mut [f32],
    ) {
        self.apply(n, input, s, tmp);
        for (a, t) in acc.iter_mut().zip(tmp.iter()) {
            *a += t;
        }
    }
}

/// Unrolls the `k`x`k` neighbourhoods of `input` (`n * n` rows of `cin`)
/// into `col` (`n * n` rows of `k * k * cin`, zeros beyond the edge).
fn unroll(n: usize, k: usize, cin: usize, input: &[f32], col: &mut Vec<f32>) {
    let row = k * k * cin;
    let r = (k / 2) as isize;
    col.clear();
    col.resize(n * n * row, 0.0);
    for y in 0..n {
        for x in 0..n {
            let out = &mut col[(y * n + x) * row..][..row];
            for dy in -r..=r {
                for dx in -r..=r {
                    let (sx, sy) = (x as isize + dx, y as isize + dy);
                    if sx < 0 || sy < 0 || sx >= n as isize || sy >= n as isize {
                        continue;
                    }
                    let tap = ((dy + r) * k as isize + dx + r) as usize;
                    let src = (sy as usize * n + sx as usize) * cin;
                    out[tap * cin..][..cin].copy_from_slice(&input[src..][..cin]);
                }
            }
        }
    }
}

/// The convolutions' scratch.
#[derive(Default)]
pub struct ConvScratch {
    tiles: winograd::Scratch,
    col: Vec<f32>,
}

/// A batch normalisation merged into a scale and a bias per channel,
/// followed by an activation.
#[derive(Debug)]
pub struct Norm {
    scale: Vec<f32>,
    bias: Vec<f32>,
    /// The activation after it.
    pub act: Act,
}

impl Norm {
    /// Reads a batch normalisation (name, channels, epsilon, whether it
    /// has a scale and a bias, then mean, variance, scale, bias) and the
    /// activation layer after it.
    pub fn read(w: &mut Words, version: i64) -> Result<Norm, KataError> {
        let name = w.word()?.to_string();
        let c = w.count("channels", MAX_CHANNELS)?;
        let eps = w.float("epsilon")?;
        if eps <= 0.0 {
            return Err(KataError::Malformed(format!("{name}: epsilon {eps}")));
        }
        let has_scale = w.int("has scale")? != 0;
        let has_bias = w.int("has bias")? != 0;
        let mean = w.floats(c, &name)?;
        let var = w.floats(c, &name)?;
        let gamma = if has_scale {
            w.floats(c, &name)?
        } else {
            vec![1.0; c]
        };
        let beta = if has_bias {
            w.floats(c, &name)?
        } else {
            vec![0.0; c]
        };
        let scale: Vec<f32> = (0..c).map(|i| gamma[i] / (var[i] + eps).sqrt()).collect();
        let bias = (0..c).map(|i| beta[i] - scale[i] * mean[i]).collect();
        let act = Act::read(w, version)?;
        Ok(Norm { scale, bias, act })
    }

    /// Channels.
    pub fn channels(&self) -> usize {
        self.scale.len()
    }

    /// `out = act(x * scale + bias)`, channel by channel (`out` resized).
    pub fn apply(&self, x: &[f32], out: &mut Vec<f32>) {
        let c = self.scale.len();
        out.resize(x.len(), 0.0);
        let act = self.act.inline();
        for (orow, xrow) in out.chunks_exact_mut(c).zip(x.chunks_exact(c)) {
            for i in 0..c {
                orow[i] = act.apply(xrow[i] * self.scale[i] + self.bias[i]);
            }
        }
        self.act.finish(out);
    }
}

/// The trunk's last normalisation by a root mean square (KataGo's RMS
/// norm), then a scale and a bias per channel and an activation. The mean
/// is over each point's channels, or for a spatial norm over every
/// channel of every point of the board.
#[derive(Debug)]
pub struct RmsNorm {
    eps: f32,
    spatial: bool,
    gamma: Vec<f32>,
    beta: Vec<f32>,
    act: Act,
}

impl RmsNorm {
    /// Reads it (name, channels, epsilon, spatial flag, group size, gamma,
    /// beta) and the activation after it.
    ///
    /// # Errors
    /// Truncated or malformed data, or a grouped norm.
    pub fn read(w: &mut Words, version: i64) -> Result<RmsNorm, KataError> {
        let name = w.word()?.to_string();
        let c = w.count("channels", MAX_CHANNELS)?;
        let eps = w.float("epsilon")?;
        if !(eps > 0.0 && eps <= 1.0) {
            return Err(KataError::Malformed(format!("{name}: epsilon {eps}")));
        }
        let spatial = w.int("spatial")? != 0;
        if w.int("group size")? != 0 {
            return Err(KataError::Unsupported(format!(
                "a grouped RMS norm ({name})"
            )));
        }
        let gamma = w.floats(c, &name)?;
        let beta = w.floats(c, &name)?;
        let act = Act::read(w, version)?;
        Ok(RmsNorm {
            eps,
            spatial,
            gamma,
            beta,
            act,
        })
    }

    /// Channels.
    pub fn channels(&self) -> usize {
        self.gamma.len()
    }

    /// `out = act(x / rms(x) * gamma + beta)`, the root mean square taken
    /// point by point or over the board (`out` resized).
    pub fn apply(&self, x: &[f32], out: &mut Vec<f32>) {
        let c = self.gamma.len();
        out.resize(x.len(), 0.0);
        let act = self.act.inline();
        // Summed in KataGo's order, point by point, channel by channel.
        let whole = if self.spatial {
            let ss: f32 = x.iter().map(|v| v * v).sum();
            1.0 / (ss / x.len() as f32 + self.eps).sqrt()
        } else {
            0.0
        };
        for (orow, xrow) in out.chunks_exact_mut(c).zip(x.chunks_exact(c)) {
            let r = if self.spatial {
                whole
            } else {
                let ss: f32 = xrow.iter().map(|v| v * v).sum();
                1.0 / (ss / c as f32 + self.eps).sqrt()
            };
            for i in 0..c {
                orow[i] = act.apply(xrow[i] * r * self.gamma[i] + self.beta[i]);
            }
        }
        self.act.finish(out);
    }
}

/// A dense layer without bias: `cin` inputs to `cout` outputs.
#[derive(Debug)]
pub struct MatMul {
    /// Inputs.
    pub cin: usize,
    /// Outputs.
    pub cout: usize,
    /// `cin` rows of `cout`.
    w: Vec<f32>,
}

impl MatMul {
    /// Reads it: name, inputs, outputs, weights.
    pub fn read(w: &mut Words) -> Result<MatMul, KataError> {
        let name = w.word()?.to_string();
        let cin = w.count("inputs", 1 << 16)?;
        let cout = w.count("outputs", 1 << 16)?;
        let weights = w.floats(cin * cout, &name)?;
        Ok(MatMul {
            cin,
            cout,
            w: weights,
        })
    }

    /// `out = x W` for `m` rows of `cin` at once (`out` resized to `m`
    /// rows of `cout`).
    pub fn apply_rows(&self, m: usize, x: &[f32], out: &mut Vec<f32>) {
        out.resize(m * self.cout, 0.0);
        conv::gemm(m, self.cin, self.cout, x, false, &self.w, false, 0.0, out);
    }

    /// `out = x W` for one vector (`out` resized).
    pub fn apply(&self, x: &[f32], out: &mut Vec<f32>) {
        out.clear();
        out.resize(self.cout, 0.0);
        for (xi, row) in x.iter().zip(self.w.chunks_exact(self.cout)) {
            for (o, wi) in out.iter_mut().zip(row) {
                *o += xi * wi;
            }
        }
    }
}

/// A bias vector.
#[derive(Debug)]
pub struct Bias(pub Vec<f32>);

impl Bias {
    /// Reads it: name, channels, values.
    pub fn read(w: &mut Words) -> Result<Bias, KataError> {
        let name = w.word()?.to_string();
        let c = w.count("channels", 1 << 16)?;
        Ok(Bias(w.floats(c, &name)?))
    }

    /// `x += bias`.
    pub fn add(&self, x: &mut [f32]) {
        for (v, b) in x.iter_mut().zip(&self.0) {
            *v += b;
        }
    }
}

/// Adds a vector of `c` values to every point's channels.
pub fn add_per_channel(x: &mut [f32], v: &[f32]) {
    let c = v.len();
    for row in x.chunks_exact_mut(c) {
        for (a, b) in row.iter_mut().zip(v) {
            *a += b;
        }
    }
}

/// KataGo's global pooling of `x` (`n * n` rows of `c`) into `out` (`3c`):
/// each channel's mean, its mean scaled by the board's size
/// (`(sqrt(area) - 14) / 10`), and for the trunk and the policy its
/// maximum, for the value head its mean scaled by the size's square
/// (`(sqrt(area) - 14)^2 / 100 - 0.1`).
pub fn pool(n: usize, c: usize, x: &[f32], value_head: bool, out: &mut Vec<f32>) {
    let area = (n * n) as f32;
    let size = area.sqrt() - 14.0;
    out.clear();
    out.resize(3 * c, 0.0);
    let (sums, rest) = out.split_at_mut(c);
    let maxes = &mut rest[c..];
    maxes.fill(f32::NEG_INFINITY);
    for row in x.chunks_exact(c) {
        for i in 0..c {
            sums[i] += row[i];
            maxes[i] = maxes[i].max(row[i]);
        }
    }
    for i in 0..c {
        let mean = out[i] / area;
        out[i] = mean;
        out[c + i] = mean * size * 0.1;
        if value_head {
            out[2 * c + i] = mean * (size * size * 0.01 - 0.1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The convolution by its definition.
    fn naive(n: usize, k: usize, cin: usize, cout: usize, w: &[f32], x: &[f32]) -> Vec<f32> {
        let r = (k / 2) as isize;
        let mut out = vec![0.0; n * n * cout];
        for y in 0..n as isize {
            for xx in 0..n as isize {
                for dy in -r..=r {
                    for dx in -r..=r {
                        let (sx, sy) = (xx + dx, y + dy);
                        if sx < 0 || sy < 0 || sx >= n as isize || sy >= n as isize {
                            continue;
                        }
                        let tap = ((dy + r) * k as isize + dx + r) as usize;
                        for ci in 0..cin {
                            let v = x[(sy as usize * n + sx as usize) * cin + ci];
                            for co in 0..cout {
                                out[(y as usize * n + xx as usize) * cout + co] +=
                                    v * w[(tap * cin + ci) * cout + co];
                            }
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
    fn every_filter_size_is_the_convolution() {
        for (n, k, cin, cout) in [(5, 5, 3, 4), (9, 3, 8, 16), (7, 1, 6, 5), (3, 5, 2, 3)] {
            let w = values(k * k * cin * cout, 3);
            let x = values(n * n * cin, 5);
            let conv = Conv::new(k, cin, cout, w.clone());
            let (mut s, mut out) = (ConvScratch::default(), Vec::new());
            conv.apply(n, &x, &mut s, &mut out);
            let want = naive(n, k, cin, cout, &w, &x);
            for (a, b) in out.iter().zip(&want) {
                assert!((a - b).abs() < 1e-3, "{n} {k}: {a} {b}");
            }
        }
    }

    #[test]
    fn activations_match_their_definitions() {
        assert_eq!(Act::Relu.apply(-2.0), 0.0);
        assert_eq!(Act::Identity.apply(-2.0), -2.0);
        let mish = 1.0f32 * (1.0f32.exp().ln_1p()).tanh();
        assert!((Act::Mish.apply(1.0) - mish).abs() < 1e-6);
        assert!((Act::Mish.apply(30.0) - 30.0).abs() < 1e-4);
        assert!((Act::Silu.apply(1.0) - 1.0 / (1.0 + (-1.0f32).exp())).abs() < 1e-6);
    }

    #[test]
    fn pooling_takes_means_and_maxima() {
        // A 2x2 board, 2 channels.
        let x = [1.0, -1.0, 3.0, -2.0, 0.0, -3.0, 4.0, -6.0];
        let mut out = Vec::new();
        pool(2, 2, &x, false, &mut out);
        let size = 2.0f32 - 14.0;
        assert_eq!(out[0], 2.0);
        assert_eq!(out[1], -3.0);
        assert!((out[2] - 2.0 * size * 0.1).abs() < 1e-6);
        assert_eq!(out[4], 4.0);
        assert_eq!(out[5], -1.0);
        pool(2, 2, &x, true, &mut out);
        assert!((out[5] - (-3.0) * (size * size * 0.01 - 0.1)).abs() < 1e-5);
    }
}
