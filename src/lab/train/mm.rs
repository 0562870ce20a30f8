//! Minorization-maximization for the generalized Bradley-Terry model
//! (Hunter 2004; Coulom 2007, "Computing Elo ratings of move patterns").
//!
//! Each position is a competition between its candidate moves; a move is
//! a team of features and its strength the product of their gammas. One
//! MM step updates the gammas of one feature group with the others held
//! fixed:
//!
//! ```text
//! gamma_f <- (W_f + 1) / (sum_j C_fj / E_j + 2 / (gamma_f + 1))
//! ```
//!
//! where `W_f` counts the positions whose played move has `f`, `E_j` is
//! the total strength of position `j`'s candidates and `C_fj` the summed
//! strength of those with `f`, divided by `gamma_f`. The `+1` and `2 /
//! (gamma + 1)` are Coulom's prior: one virtual win and one virtual loss
//! against a player of strength 1, which keeps rare features finite.
//!
//! The groups are updated in turn, each step raising the likelihood. The
//! sums run over a fixed split of the positions into chunks, added in
//! chunk order, so the result does not depend on the number of threads.

use super::dataset::{Cand, Dataset, NO_PAT3, NO_SHAPE};
use crate::knowledge::features::{GROUPS, Group};
use crate::knowledge::model::small_layout;
use rayon::prelude::*;

/// Position chunks for the parallel sums (fixed for determinism).
const CHUNKS: usize = 32;

/// A feature group as MM sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmGroup {
    /// One of the small groups.
    Small(usize),
    /// The 3x3 codes.
    Pat3,
    /// The large shapes.
    Shape,
}

/// Every group, in update order.
pub fn groups() -> Vec<MmGroup> {
    let mut g: Vec<MmGroup> = (0..GROUPS).map(MmGroup::Small).collect();
    g.push(MmGroup::Pat3);
    g.push(MmGroup::Shape);
    g
}

/// The gammas being trained.
#[derive(Clone, Debug)]
pub struct Gammas {
    /// Small groups, in [`small_layout`] order.
    pub small: Vec<f64>,
    /// Listed 3x3 codes, then the shared gamma of unlisted ones.
    pub pat3: Vec<f64>,
    /// Listed large shapes.
    pub shape: Vec<f64>,
    offsets: [usize; GROUPS],
}

impl Gammas {
    /// All ones.
    pub fn new(pat3: usize, shapes: usize) -> Gammas {
        let (offsets, n) = small_layout();
        Gammas {
            small: vec![1.0; n],
            pat3: vec![1.0; pat3 + 1],
            shape: vec![1.0; shapes],
            offsets,
        }
    }

    /// The index of `c`'s feature in group `g`, if it has one.
    #[inline]
    fn index(&self, g: MmGroup, c: &Cand) -> Option<usize> {
        match g {
            MmGroup::Small(k) => {
                let v = c.small[k];
                (v != 0).then(|| self.offsets[k] + v as usize - 1)
            }
            MmGroup::Pat3 => (c.pat3 != NO_PAT3).then_some(c.pat3 as usize),
            MmGroup::Shape => (c.shape != NO_SHAPE).then_some(c.shape as usize),
        }
    }

    fn values(&self, g: MmGroup) -> &[f64] {
        match g {
            MmGroup::Small(k) => {
                let start = self.offsets[k];
                &self.small[start..start + Group::ALL[k].values()]
            }
            MmGroup::Pat3 => &self.pat3,
            MmGroup::Shape => &self.shape,
        }
    }

    fn values_mut(&mut self, g: MmGroup) -> &mut [f64] {
        match g {
            MmGroup::Small(k) => {
                let start = self.offsets[k];
                &mut self.small[start..start + Group::ALL[k].values()]
            }
            MmGroup::Pat3 => &mut self.pat3,
            MmGroup::Shape => &mut self.shape,
        }
    }

    /// Index within the group's own values (small groups start at 0).
    #[inline]
    fn local(&self, g: MmGroup, c: &Cand) -> Option<usize> {
        let i = self.index(g, c)?;
        Some(match g {
            MmGroup::Small(k) => i - self.offsets[k],
            _ => i,
        })
    }

    /// A candidate's strength.
    #[inline]
    pub fn strength(&self, c: &Cand) -> f64 {
        let mut s = 1.0;
        for (k, &v) in c.small.iter().enumerate() {
            if v != 0 {
                s *= self.small[self.offsets[k] + v as usize - 1];
            }
        }
        if c.pat3 != NO_PAT3 {
            s *= self.pat3[c.pat3 as usize];
        }
        if c.shape != NO_SHAPE {
            s *= self.shape[c.shape as usize];
        }
        s
    }
}

/// The fixed position chunks.
fn chunks(ds: &Dataset) -> Vec<std::ops::Range<usize>> {
    let n = ds.positions();
    let per = n.div_ceil(CHUNKS).max(1);
    (0..n).step_by(per).map(|s| s..(s + per).min(n)).collect()
}

/// MM over one dataset, with each candidate's strength cached between
/// steps (a step changes only the strengths of the candidates that have
/// a feature of the group it updates).
pub struct Trainer<'a> {
    ds: &'a Dataset,
    /// The gammas so far.
    pub gammas: Gammas,
    /// f32 to halve the memory; sums are taken in f64 and the cache is
    /// recomputed from the gammas after every iteration.
    strengths: Vec<f32>,
}

impl<'a> Trainer<'a> {
    /// Starts from `gammas`.
    pub fn new(ds: &'a Dataset, gammas: Gammas) -> Trainer<'a> {
        let mut t = Trainer {
            ds,
            gammas,
            strengths: Vec::new(),
        };
        t.refresh();
        t
    }

    /// Recomputes every cached strength from the gammas (against the
    /// drift of repeated rescaling).
    pub fn refresh(&mut self) {
        let g = &self.gammas;
        self.strengths = self
            .ds
            .cands
            .par_iter()
            .map(|c| g.strength(c) as f32)
            .collect();
    }

    /// Mean log-likelihood of the played moves, per position.
    pub fn log_likelihood(&self) -> f64 {
        let ds = self.ds;
        let st = &self.strengths;
        let parts: Vec<f64> = chunks(ds)
            .into_par_iter()
            .map(|range| {
                let mut sum = 0.0;
                for j in range {
                    let (a, b) = (ds.starts[j] as usize, ds.starts[j + 1] as usize);
                    let total: f64 = st[a..b].iter().map(|&x| x as f64).sum();
                    sum += (st[ds.winners[j] as usize] as f64 / total).ln();
                }
                sum
            })
            .collect();
        parts.iter().sum::<f64>() / ds.positions().max(1) as f64
    }

    /// One MM step on group `g`.
    pub fn step(&mut self, g: MmGroup) {
        let ds = self.ds;
        let n = self.gammas.values(g).len();
        let (gammas, st) = (&self.gammas, &self.strengths);
        let parts: Vec<(Vec<f64>, Vec<f64>)> = chunks(ds)
            .into_par_iter()
            .map(|range| {
                let mut c_sum = vec![0.0; n];
                let mut wins = vec![0.0; n];
                let values = gammas.values(g);
                for j in range {
                    let (a, b) = (ds.starts[j] as usize, ds.starts[j + 1] as usize);
                    let total: f64 = st[a..b].iter().map(|&x| x as f64).sum();
                    for (c, &s) in ds.cands[a..b].iter().zip(&st[a..b]) {
                        if let Some(f) = gammas.local(g, c) {
                            c_sum[f] += s as f64 / values[f] / total;
                        }
                    }
                    if let Some(f) = gammas.local(g, &ds.cands[ds.winners[j] as usize]) {
                        wins[f] += 1.0;
                    }
                }
                (c_sum, wins)
            })
            .collect();
        let mut c_total = vec![0.0; n];
        let mut w_total = vec![0.0; n];
        for (c, w) in &parts {
            for i in 0..n {
                c_total[i] += c[i];
                w_total[i] += w[i];
            }
        }
        let mut ratio = vec![1.0f64; n];
        for (i, gamma) in self.gammas.values_mut(g).iter_mut().enumerate() {
            let new = (w_total[i] + 1.0) / (c_total[i] + 2.0 / (*gamma + 1.0));
            ratio[i] = new / *gamma;
            *gamma = new;
        }
        let gammas = &self.gammas;
        self.strengths
            .par_iter_mut()
            .zip(ds.cands.par_iter())
            .for_each(|(s, c)| {
                if let Some(f) = gammas.local(g, c) {
                    *s = (*s as f64 * ratio[f]) as f32;
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(pat3: u16, capture: u8) -> Cand {
        let mut small = [0; GROUPS];
        small[Group::Capture as usize] = capture;
        Cand {
            shape: NO_SHAPE,
            pat3,
            small,
        }
    }

    /// Positions where a capture (pat3 0 + capture 1) competes with two
    /// quiet moves (pat3 1), and the capture is played `k` times in `n`.
    fn dataset(k: usize, n: usize) -> Dataset {
        let mut ds = Dataset {
            starts: vec![0],
            ..Dataset::default()
        };
        for j in 0..n {
            let base = ds.cands.len() as u32;
            ds.cands.extend([cand(0, 1), cand(1, 0), cand(1, 0)]);
            ds.winners.push(if j < k { base } else { base + 1 });
            ds.starts.push(ds.cands.len() as u32);
        }
        ds
    }

    #[test]
    fn mm_raises_the_likelihood_and_finds_the_played_strength() {
        let ds = dataset(600, 1000);
        let mut t = Trainer::new(&ds, Gammas::new(2, 0));
        let mut last = t.log_likelihood();
        for _ in 0..50 {
            for grp in groups() {
                t.step(grp);
                let ll = t.log_likelihood();
                // Cached f32 strengths carry rounding noise.
                assert!(ll >= last - 1e-5, "{ll} < {last}");
                last = ll;
            }
            t.refresh();
        }
        let g = &t.gammas;
        // The capture is played 60% of the time against two equal quiet
        // moves: its strength is 0.6 / 0.2 = 3 times each quiet move's.
        let capture = g.strength(&ds.cands[0]);
        let quiet = g.strength(&ds.cands[1]);
        let ratio = capture / quiet;
        assert!((ratio - 3.0).abs() < 0.05, "{ratio}");
    }
}
