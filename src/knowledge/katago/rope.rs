//! Rotary position embeddings (RoPE) of KataGo's attention blocks, in two
//! dimensions: the channels of a query or key head are taken in pairs
//! `(2p, 2p + 1)`, and each pair is turned by an angle that grows with the
//! point's column `x` and row `y` on the board. The product of a rotated
//! query and a rotated key then depends on where the two points lie
//! relative to each other, not on where they are.
//!
//! KataGo's models carry either learned frequencies (for each key-value
//! head and pair, one along `x` and one along `y`: the angle is
//! `x * fx + y * fy`) or a base `theta` (the first half of the pairs turn
//! with `y`, the second half with `x`, pair `p` of each half at the
//! frequency `theta^(-2p / (d / 2))` for heads of `d` channels). The
//! facts are from KataGo's model description (`desc.cpp`, read for
//! them).
//!
//! The cosines and sines depend on the board's size only: each size's
//! table is computed on its first use and kept with the model, shared by
//! every thread, so an evaluation computes none.

use super::file::{KataError, Words};
use crate::rules::point::MAX_SIZE;
use std::sync::OnceLock;

/// How the angles are made.
#[derive(Debug)]
enum Angles {
    /// Learned: for each key-value head and pair, the frequency along `x`
    /// then along `y`.
    Learned(Vec<f32>),
    /// From a base.
    Fixed(f32),
}

/// One board size's cosines and sines, `tables` x `pairs` rows of the
/// board's `n * n` points.
#[derive(Debug)]
struct Table {
    cos: Vec<f32>,
    sin: Vec<f32>,
}

/// The rotary embedding of one attention block.
#[derive(Debug)]
pub struct Rope {
    angles: Angles,
    /// Key-value heads.
    kv_heads: usize,
    /// Pairs of channels in a head.
    pairs: usize,
    /// The tables, by board size.
    tables: Vec<OnceLock<Table>>,
}

impl Rope {
    /// Reads the learned frequencies (name, key-value heads, pairs, 2,
    /// then the frequencies) of a block with `kv_heads` key-value heads
    /// and query heads of `dim` channels.
    ///
    /// # Errors
    /// Truncated data, or a shape that does not fit the block.
    pub fn read_learned(w: &mut Words, kv_heads: usize, dim: usize) -> Result<Rope, KataError> {
        let name = w.word()?.to_string();
        let heads = w.count("RoPE heads", 4096)?;
        let pairs = w.count("RoPE pairs", 4096)?;
        let two = w.int("RoPE frequencies")?;
        if heads != kv_heads || pairs != dim / 2 || two != 2 {
            return Err(KataError::Malformed(format!(
                "{name}: RoPE frequencies of {heads} x {pairs} x {two} for {kv_heads} heads of {dim}"
            )));
        }
        let freqs = w.floats(heads * pairs * 2, &name)?;
        Ok(Rope::new(Angles::Learned(freqs), kv_heads, pairs))
    }

    /// Reads the base of fixed frequencies (name, then theta) of a block
    /// whose query heads have `dim` channels.
    ///
    /// # Errors
    /// Truncated data, or a base that is not positive.
    pub fn read_fixed(w: &mut Words, dim: usize) -> Result<Rope, KataError> {
        let name = w.word()?.to_string();
        let theta = w.float(&name)?;
        if theta <= 0.0 {
            return Err(KataError::Malformed(format!("{name}: RoPE theta {theta}")));
        }
        Ok(Rope::new(Angles::Fixed(theta), 1, dim / 2))
    }

    fn new(angles: Angles, kv_heads: usize, pairs: usize) -> Rope {
        Rope {
            angles,
            kv_heads,
            pairs,
            tables: (0..=MAX_SIZE as usize).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The angle of pair `p` of table `t` at column `x`, row `y`, computed
    /// as KataGo does in single precision.
    fn angle(&self, t: usize, p: usize, x: usize, y: usize) -> f32 {
        match &self.angles {
            Angles::Learned(freqs) => {
                let f = &freqs[(t * self.pairs + p) * 2..][..2];
                x as f32 * f[0] + y as f32 * f[1]
            }
            Angles::Fixed(theta) => {
                let half = self.pairs / 2;
                let (q, at) = if p < half { (p, y) } else { (p - half, x) };
                let freq = 1.0 / theta.powf((2 * q) as f32 / self.pairs as f32);
                at as f32 * freq
            }
        }
    }

    /// The table of an `n`x`n` board, computed on its first use.
    fn table(&self, n: usize) -> &Table {
        self.tables[n].get_or_init(|| {
            let tables = match self.angles {
                Angles::Learned(_) => self.kv_heads,
                Angles::Fixed(_) => 1,
            };
            let area = n * n;
            let mut cos = Vec::with_capacity(tables * self.pairs * area);
            let mut sin = Vec::with_capacity(tables * self.pairs * area);
            for t in 0..tables {
                for p in 0..self.pairs {
                    for i in 0..area {
                        let a = self.angle(t, p, i % n, i / n);
                        cos.push(a.cos());
                        sin.push(a.sin());
                    }
                }
            }
            Table { cos, sin }
        })
    }

    /// Turns the pairs of `heads` heads in each of the `n * n` rows of
    /// `x` (the heads side by side, `2 * pairs` channels each, the first
    /// at the row's start). With fewer key-value heads than query heads,
    /// query head `h` turns as key-value head `h * kv_heads / heads`.
    pub fn rotate(&self, n: usize, heads: usize, x: &mut [f32]) {
        let table = self.table(n);
        let area = n * n;
        let dim = 2 * self.pairs;
        let row = x.len() / area;
        for h in 0..heads {
            let t = match self.angles {
                Angles::Learned(_) => h * self.kv_heads / heads,
                Angles::Fixed(_) => 0,
            };
            for p in 0..self.pairs {
                let at = (t * self.pairs + p) * area;
                let (cos, sin) = (&table.cos[at..][..area], &table.sin[at..][..area]);
                for (i, (c, s)) in cos.iter().zip(sin).enumerate() {
                    let pair = &mut x[i * row + h * dim + 2 * p..][..2];
                    let (x0, x1) = (pair[0], pair[1]);
                    pair[0] = x0 * c - x1 * s;
                    pair[1] = x0 * s + x1 * c;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learned_angles_are_x_and_y_times_their_frequencies() {
        // One head, two pairs.
        let rope = Rope::new(Angles::Learned(vec![0.5, 0.0, 0.0, 0.25]), 1, 2);
        // A 2x2 board, one head of four channels: (1, 0) in both pairs.
        let mut x: Vec<f32> = [1.0, 0.0, 1.0, 0.0].repeat(4);
        rope.rotate(2, 1, &mut x);
        // Point 3 is x = 1, y = 1: the first pair turns by 0.5, the second
        // by 0.25.
        let at = &x[12..16];
        assert!((at[0] - 0.5f32.cos()).abs() < 1e-6 && (at[1] - 0.5f32.sin()).abs() < 1e-6);
        assert!((at[2] - 0.25f32.cos()).abs() < 1e-6 && (at[3] - 0.25f32.sin()).abs() < 1e-6);
        // Point 2 is x = 0, y = 1: only the second pair turns.
        assert_eq!(&x[8..10], &[1.0, 0.0]);
    }

    #[test]
    fn rotated_products_depend_on_the_offset_only() {
        let rope = Rope::new(Angles::Fixed(100.0), 1, 4);
        let n = 5;
        let v = [0.3f32, -1.2, 0.7, 0.1, -0.4, 0.9, 1.1, -0.6];
        let mut x: Vec<f32> = v.repeat(n * n);
        rope.rotate(n, 1, &mut x);
        let dot = |a: usize, b: usize| -> f32 { (0..8).map(|c| x[a * 8 + c] * x[b * 8 + c]).sum() };
        // (0, 0) with (2, 1), and (1, 3) with (3, 4): the same offset.
        let (a, b) = (dot(0, 5 + 2), dot(3 * 5 + 1, 4 * 5 + 3));
        assert!((a - b).abs() < 1e-5, "{a} {b}");
    }
}
