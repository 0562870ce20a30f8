//! KataGo's transformer blocks: the board's points are the tokens, each
//! point's channels its vector. An attention block lets every point look
//! at every other (multi-head self-attention, with rotary position
//! embeddings, [`super::rope`]); a feed-forward block transforms each
//! point on its own (SwiGLU). Both are pre-normalised residual blocks:
//! `x += f(rms_norm(x))`.
//!
//! The layout of the file and the arithmetic are KataGo's (`desc.cpp`
//! and the CPU backend, read for the facts): an RMS norm of each point's
//! channels with a weight and no bias; attention scores scaled by
//! `1 / sqrt(d)` for heads of `d` channels, a softmax over every point of
//! the board; SwiGLU as `silu(x W1) * (x Wg)`, then `W2`. On hane's board,
//! which is the whole tensor, no point is masked.

use super::file::{KataError, Words};
use super::layers::MatMul;
use super::rope::Rope;
use super::vmath;

/// The most heads or channels of a head.
const MAX_HEADS: usize = 4096;

/// An RMS norm of each point's channels, scaled by a weight per channel
/// (no bias, no activation).
#[derive(Debug)]
pub struct TokenNorm {
    eps: f32,
    weight: Vec<f32>,
}

impl TokenNorm {
    /// Reads it: name, channels, epsilon, weights.
    ///
    /// # Errors
    /// Truncated or malformed data.
    pub fn read(w: &mut Words) -> Result<TokenNorm, KataError> {
        let name = w.word()?.to_string();
        let c = w.count("channels", 1 << 16)?;
        let eps = w.float("epsilon")?;
        if !(eps > 0.0 && eps <= 1.0) {
            return Err(KataError::Malformed(format!("{name}: epsilon {eps}")));
        }
        let weight = w.floats(c, &name)?;
        Ok(TokenNorm { eps, weight })
    }

    /// Channels.
    pub fn channels(&self) -> usize {
        self.weight.len()
    }

    /// `out = x / rms(x) * weight`, point by point (`out` resized).
    pub fn apply(&self, x: &[f32], out: &mut Vec<f32>) {
        let c = self.weight.len();
        out.resize(x.len(), 0.0);
        for (orow, xrow) in out.chunks_exact_mut(c).zip(x.chunks_exact(c)) {
            let ss: f32 = xrow.iter().map(|v| v * v).sum();
            let r = 1.0 / (ss / c as f32 + self.eps).sqrt();
            for ((o, &v), &g) in orow.iter_mut().zip(xrow).zip(&self.weight) {
                *o = v * r * g;
            }
        }
    }
}

/// A block of multi-head self-attention over the board's points.
#[derive(Debug)]
pub struct Attention {
    heads: usize,
    kv_heads: usize,
    /// Channels of a query or key head.
    qk_dim: usize,
    /// Channels of a value head.
    v_dim: usize,
    norm: TokenNorm,
    q: MatMul,
    k: MatMul,
    v: MatMul,
    out: MatMul,
    rope: Option<Rope>,
}

impl Attention {
    /// Reads it, after its kind: name, heads, key-value heads, the
    /// channels of a query and of a value head, whether it turns its
    /// queries and keys and whether by learned angles, then the norm, the
    /// four projections and the angles.
    ///
    /// # Errors
    /// Truncated data, or layers that do not fit together.
    pub fn read(w: &mut Words) -> Result<Attention, KataError> {
        let name = w.word()?.to_string();
        let heads = w.count("heads", MAX_HEADS)?;
        let kv_heads = w.count("key-value heads", MAX_HEADS)?;
        let qk_dim = w.count("head channels", MAX_HEADS)?;
        let v_dim = w.count("head channels", MAX_HEADS)?;
        let rope = w.int("RoPE")? != 0;
        let learned = w.int("learned RoPE")? != 0;
        if heads % kv_heads != 0 || (rope && qk_dim % 2 != 0) {
            return Err(KataError::Malformed(format!(
                "{name}: {heads} heads, {kv_heads} key-value heads of {qk_dim}"
            )));
        }
        let norm = TokenNorm::read(w)?;
        let q = MatMul::read(w)?;
        let k = MatMul::read(w)?;
        let v = MatMul::read(w)?;
        let out = MatMul::read(w)?;
        let c = norm.channels();
        let fits = [q.cin, k.cin, v.cin, out.cout].iter().all(|&x| x == c)
            && q.cout == heads * qk_dim
            && k.cout == kv_heads * qk_dim
            && v.cout == kv_heads * v_dim
            && out.cin == heads * v_dim;
        if !fits {
            return Err(KataError::Malformed(format!(
                "{name}: the projections do not fit"
            )));
        }
        let rope = match (rope, learned) {
            (false, _) => None,
            (true, true) => Some(Rope::read_learned(w, kv_heads, qk_dim)?),
            (true, false) => Some(Rope::read_fixed(w, qk_dim)?),
        };
        Ok(Attention {
            heads,
            kv_heads,
            qk_dim,
            v_dim,
            norm,
            q,
            k,
            v,
            out,
            rope,
        })
    }

    /// Channels of the stack it sits in.
    pub fn channels(&self) -> usize {
        self.norm.channels()
    }

    /// `x += attention(norm(x))` on an `n`x`n` board.
    pub fn apply(&self, n: usize, x: &mut [f32], s: &mut Scratch) {
        let m = n * n;
        self.norm.apply(x, &mut s.normed);
        self.q.apply_rows(m, &s.normed, &mut s.q);
        self.k.apply_rows(m, &s.normed, &mut s.k);
        self.v.apply_rows(m, &s.normed, &mut s.v);
        if let Some(rope) = &self.rope {
            rope.rotate(n, self.heads, &mut s.q);
            rope.rotate(n, self.kv_heads, &mut s.k);
        }
        let (qk, vd) = (self.qk_dim, self.v_dim);
        let (q_row, k_row, v_row) = (self.heads * qk, self.kv_heads * qk, self.kv_heads * vd);
        let out_row = self.heads * vd;
        let group = self.heads / self.kv_heads;
        let scale = 1.0 / (qk as f32).sqrt();
        s.scores.resize(m * m, 0.0);
        s.attended.resize(m * out_row, 0.0);
        for h in 0..self.heads {
            let kv = h / group;
            // scores = scale * Q_h K_kv^T: m x m.
            product(
                (m, qk, m),
                scale,
                View::new(&s.q[h * qk..], q_row, 1),
                View::new(&s.k[kv * qk..], 1, k_row),
                &mut s.scores,
                m,
            );
            for row in s.scores.chunks_exact_mut(m) {
                vmath::softmax(row);
            }
            // attended_h = scores V_kv: m x vd.
            product(
                (m, m, vd),
                1.0,
                View::new(&s.scores, m, 1),
                View::new(&s.v[kv * vd..], v_row, 1),
                &mut s.attended[h * vd..],
                out_row,
            );
        }
        self.out.apply_rows(m, &s.attended, &mut s.projected);
        for (a, b) in x.iter_mut().zip(&s.projected) {
            *a += b;
        }
    }
}

/// A feed-forward block: each point through SwiGLU.
#[derive(Debug)]
pub struct Ffn {
    norm: TokenNorm,
    up: MatMul,
    gate: MatMul,
    down: MatMul,
}

impl Ffn {
    /// Reads it, after its kind: name, channels, hidden channels, whether
    /// it is gated (SwiGLU, the only kind KataGo computes on the CPU),
    /// then the norm, the first layer, the gate and the last layer.
    ///
    /// # Errors
    /// Truncated data, layers that do not fit together, or no gate.
    pub fn read(w: &mut Words) -> Result<Ffn, KataError> {
        let name = w.word()?.to_string();
        let c = w.count("channels", 1 << 16)?;
        let hidden = w.count("hidden channels", 1 << 16)?;
        if w.int("SwiGLU")? == 0 {
            return Err(KataError::Unsupported(format!(
                "a feed-forward block without SwiGLU ({name})"
            )));
        }
        let norm = TokenNorm::read(w)?;
        let up = MatMul::read(w)?;
        let gate = MatMul::read(w)?;
        let down = MatMul::read(w)?;
        let fits = norm.channels() == c
            && (up.cin, up.cout) == (c, hidden)
            && (gate.cin, gate.cout) == (c, hidden)
            && (down.cin, down.cout) == (hidden, c);
        if !fits {
            return Err(KataError::Malformed(format!(
                "{name}: the layers do not fit"
            )));
        }
        Ok(Ffn {
            norm,
            up,
            gate,
            down,
        })
    }

    /// Channels of the stack it sits in.
    pub fn channels(&self) -> usize {
        self.norm.channels()
    }

    /// `x += W2 (silu(W1 norm(x)) * Wg norm(x))` on `m` points.
    pub fn apply(&self, m: usize, x: &mut [f32], s: &mut Scratch) {
        self.norm.apply(x, &mut s.normed);
        self.up.apply_rows(m, &s.normed, &mut s.hidden);
        self.gate.apply_rows(m, &s.normed, &mut s.gate);
        vmath::silu_gate(&mut s.hidden, &s.gate);
        self.down.apply_rows(m, &s.hidden, &mut s.projected);
        for (a, b) in x.iter_mut().zip(&s.projected) {
            *a += b;
        }
    }
}

/// A matrix read from a slice with a stride between rows and one between
/// columns.
struct View<'a> {
    data: &'a [f32],
    row: usize,
    col: usize,
}

impl<'a> View<'a> {
    fn new(data: &'a [f32], row: usize, col: usize) -> View<'a> {
        View { data, row, col }
    }
}

/// `c = alpha * a b` for `a` of `m` x `k` and `b` of `k` x `n` (views),
/// into `c`, `m` rows `ldc` apart of `n` adjacent values.
fn product(
    (m, k, n): (usize, usize, usize),
    alpha: f32,
    a: View,
    b: View,
    c: &mut [f32],
    ldc: usize,
) {
    // The last element each matrix reaches must lie in its slice.
    let last = |rows: usize, cols: usize, rs: usize, cs: usize| (rows - 1) * rs + (cols - 1) * cs;
    assert!(m > 0 && k > 0 && n > 0 && n <= ldc);
    assert!(last(m, k, a.row, a.col) < a.data.len());
    assert!(last(k, n, b.row, b.col) < b.data.len());
    assert!(last(m, n, ldc, 1) < c.len());
    // SAFETY: the asserts above keep every index the strides reach inside
    // the three slices; `c` is borrowed mutably, so it aliases neither
    // input, and its rows (`ldc >= n` apart) do not overlap.
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            alpha,
            a.data.as_ptr(),
            a.row as isize,
            a.col as isize,
            b.data.as_ptr(),
            b.row as isize,
            b.col as isize,
            0.0,
            c.as_mut_ptr(),
            ldc as isize,
            1,
        );
    }
}

/// The buffers of the transformer blocks, reused from evaluation to
/// evaluation.
#[derive(Default)]
pub struct Scratch {
    normed: Vec<f32>,
    q: Vec<f32>,
    k: Vec<f32>,
    v: Vec<f32>,
    scores: Vec<f32>,
    attended: Vec<f32>,
    hidden: Vec<f32>,
    gate: Vec<f32>,
    projected: Vec<f32>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A dense layer from its weights (`cin` rows of `cout`).
    fn matmul(cin: usize, cout: usize, w: Vec<f32>) -> MatMul {
        let mut data = format!("m {cin} {cout} @BIN@").into_bytes();
        for v in w {
            data.extend_from_slice(&v.to_le_bytes());
        }
        MatMul::read(&mut Words::new(&data, true)).unwrap()
    }

    fn values(len: usize, seed: u32) -> Vec<f32> {
        (0..len)
            .map(|i| (((i as u32).wrapping_mul(2654435761) ^ seed) % 1000) as f32 / 1000.0 - 0.5)
            .collect()
    }

    #[test]
    fn attention_is_the_softmax_of_scaled_products_by_definition() {
        // Two heads sharing one key-value head, no RoPE, a 3x3 board of 4
        // channels.
        let (n, c, heads, d) = (3, 4, 2, 2);
        let m = n * n;
        let att = Attention {
            heads,
            kv_heads: 1,
            qk_dim: d,
            v_dim: d,
            norm: TokenNorm {
                eps: 1e-6,
                weight: vec![1.0; c],
            },
            q: matmul(c, heads * d, values(c * heads * d, 1)),
            k: matmul(c, d, values(c * d, 2)),
            v: matmul(c, d, values(c * d, 3)),
            out: matmul(heads * d, c, values(heads * d * c, 4)),
            rope: None,
        };
        let x0 = values(m * c, 5);
        let mut x = x0.clone();
        att.apply(n, &mut x, &mut Scratch::default());
        // By definition.
        let mut normed = Vec::new();
        att.norm.apply(&x0, &mut normed);
        let proj = |l: &MatMul| {
            let mut out = Vec::new();
            l.apply_rows(m, &normed, &mut out);
            out
        };
        let (q, k, v) = (proj(&att.q), proj(&att.k), proj(&att.v));
        let mut attended = vec![0.0f32; m * heads * d];
        for h in 0..heads {
            for i in 0..m {
                let s: Vec<f32> = (0..m)
                    .map(|j| {
                        (0..d)
                            .map(|e| q[i * heads * d + h * d + e] * k[j * d + e])
                            .sum::<f32>()
                            / (d as f32).sqrt()
                    })
                    .collect();
                let max = s.iter().copied().fold(f32::MIN, f32::max);
                let z: f32 = s.iter().map(|v| (v - max).exp()).sum();
                for e in 0..d {
                    attended[i * heads * d + h * d + e] =
                        (0..m).map(|j| (s[j] - max).exp() / z * v[j * d + e]).sum();
                }
            }
        }
        let mut out = Vec::new();
        att.out.apply_rows(m, &attended, &mut out);
        for i in 0..m * c {
            assert!((x[i] - (x0[i] + out[i])).abs() < 1e-5, "{i}");
        }
    }

    #[test]
    fn the_feed_forward_block_is_swiglu_by_definition() {
        let (c, hidden, m) = (3, 5, 2);
        let ffn = Ffn {
            norm: TokenNorm {
                eps: 1e-6,
                weight: vec![0.5, 1.0, 2.0],
            },
            up: matmul(c, hidden, values(c * hidden, 7)),
            gate: matmul(c, hidden, values(c * hidden, 8)),
            down: matmul(hidden, c, values(hidden * c, 9)),
        };
        let x0 = values(m * c, 10);
        let mut x = x0.clone();
        ffn.apply(m, &mut x, &mut Scratch::default());
        for p in 0..m {
            let row = &x0[p * c..][..c];
            let rms = (row.iter().map(|v| v * v).sum::<f32>() / c as f32 + 1e-6).sqrt();
            let normed: Vec<f32> = (0..c).map(|i| row[i] / rms * ffn.norm.weight[i]).collect();
            let mut a = Vec::new();
            let mut g = Vec::new();
            ffn.up.apply(&normed, &mut a);
            ffn.gate.apply(&normed, &mut g);
            let h: Vec<f32> = (0..hidden)
                .map(|i| a[i] / (1.0 + (-a[i]).exp()) * g[i])
                .collect();
            let mut out = Vec::new();
            ffn.down.apply(&h, &mut out);
            for i in 0..c {
                assert!((x[p * c + i] - (row[i] + out[i])).abs() < 1e-5);
            }
        }
    }
}
