//! Training the priors' ownership gammas.
//!
//! For sampled positions of strong players' games, heavy playouts from
//! the position give each point's Monte Carlo ownership, as the search
//! sees it. Every candidate move keeps the built-in model's strength and
//! gets one more factor, the gamma of its point's ownership bin
//! ([`owner_bin`]); MM (Hunter 2004) on that one group finds the gammas
//! that make the played moves most likely.

use super::dataset::{is_candidate, replay};
use super::games::Record;
use crate::knowledge::ladder;
use crate::knowledge::model::Model;
use crate::knowledge::priors::{
    Adjust, DISTANCE_POWER, OWNER_BINS, Rated, owner_bin, probabilities,
};
use crate::rules::{Color, Move, Point};
use crate::search::playout::{self, Amaf, PlayoutKind, Policy, Tactics};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

/// One sampled position: each candidate's model probability and
/// ownership bin, and which candidate was played.
struct Sample {
    probs: Vec<f32>,
    bins: Vec<u8>,
    winner: usize,
}

/// The ownership gammas trained on a sample of positions, with the fit
/// before and after.
#[derive(Clone, Debug, PartialEq)]
pub struct OwnerFit {
    /// Positions used.
    pub positions: usize,
    /// Played moves in each bin.
    pub wins: [u64; OWNER_BINS],
    /// Gamma of each bin, the even bin (4) scaled to 1.
    pub gammas: [f64; OWNER_BINS],
    /// Mean log-likelihood of the played moves without and with them.
    pub log_likelihood: (f64, f64),
}

/// Each point's mean final owner (+1 Black, -1 White) by point index,
/// from `playouts` heavy playouts of `color` to move.
fn ownership(
    board: &crate::rules::Board,
    color: Color,
    model: &Model,
    playouts: u32,
    rng: &mut SmallRng,
) -> Vec<f32> {
    let policy = Policy {
        kind: PlayoutKind::Heavy,
        model,
        tactics: Tactics::default(),
        replies: None,
        shape_log: None,
    };
    let mut sums = vec![0i64; board.size().area()];
    let mut amaf = Amaf::new();
    let mut ladders = ladder::Reader::new();
    let mut b = board.clone();
    for _ in 0..playouts {
        b.copy_from(board);
        amaf.clear();
        playout::run_recording(
            &mut b,
            color,
            policy,
            0.0,
            &mut amaf,
            rng,
            &mut ladders,
            &mut sums,
            0,
        );
    }
    let mut mean = vec![0.0; crate::rules::point::MAX_POINTS];
    for (p, s) in board.size().points().zip(sums) {
        mean[p.index()] = s as f32 / playouts.max(1) as f32;
    }
    mean
}

fn game_samples(game: &Record, rate: f64, playouts: u32, model: &Model, seed: u64) -> Vec<Sample> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut rated = Rated::default();
    replay(game, |board, color, mv| {
        let take = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let Move::Play(played) = mv else { return };
        if take >= rate {
            return;
        }
        let mut points: Vec<u16> = board.empty_points().to_vec();
        points.sort_unstable();
        let points: Vec<Point> = points
            .into_iter()
            .map(Point)
            .filter(|&p| is_candidate(board, color, p))
            .collect();
        let Some(winner) = points.iter().position(|&p| p == played) else {
            return;
        };
        let mean = ownership(board, color, model, playouts, &mut rng);
        probabilities(
            model,
            board,
            color,
            points.iter().copied(),
            // The model as the tree's priors read it.
            Adjust {
                distance_power: DISTANCE_POWER,
                ..Adjust::default()
            },
            &mut rated,
        );
        let bins = points
            .iter()
            .map(|p| owner_bin(mean[p.index()], color) as u8)
            .collect();
        out.push(Sample {
            probs: rated.probs.clone(),
            bins,
            winner,
        });
    });
    out
}

/// Mean log-likelihood of the played moves under `gammas`.
fn log_likelihood(samples: &[Sample], gammas: &[f64; OWNER_BINS]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let e: f64 = s
                .probs
                .iter()
                .zip(&s.bins)
                .map(|(&p, &b)| p as f64 * gammas[b as usize])
                .sum();
            let w = s.probs[s.winner] as f64 * gammas[s.bins[s.winner] as usize];
            (w.max(1e-30) / e.max(1e-30)).ln()
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// MM on the ownership group: each gamma becomes its bin's wins over the
/// sum, across positions, of the bin's share of the position's strength,
/// with one virtual win and one virtual loss against a gamma of 1 so that
/// a bin nobody plays in stays finite.
fn fit(samples: &[Sample], iterations: usize) -> ([u64; OWNER_BINS], [f64; OWNER_BINS]) {
    let mut wins = [0u64; OWNER_BINS];
    for s in samples {
        wins[s.bins[s.winner] as usize] += 1;
    }
    let mut g = [1.0f64; OWNER_BINS];
    for _ in 0..iterations {
        let mut denom = [0.0f64; OWNER_BINS];
        for s in samples {
            let mut share = [0.0f64; OWNER_BINS];
            for (&p, &b) in s.probs.iter().zip(&s.bins) {
                share[b as usize] += p as f64;
            }
            let e: f64 = share.iter().zip(&g).map(|(a, b)| a * b).sum();
            if e > 0.0 {
                for (d, x) in denom.iter_mut().zip(share) {
                    *d += x / e;
                }
            }
        }
        for k in 0..OWNER_BINS {
            g[k] = (wins[k] as f64 + 1.0) / (denom[k] + 2.0 / (g[k] + 1.0));
        }
    }
    let even = g[OWNER_BINS / 2];
    (wins, g.map(|x| x / even))
}

/// Trains the ownership gammas on positions sampled from `games` at
/// `rate`, with `playouts` playouts a position for the ownership.
pub fn train(
    games: &[Record],
    model: &Model,
    rate: f64,
    playouts: u32,
    iterations: usize,
    seed: u64,
) -> OwnerFit {
    let samples: Vec<Sample> = games
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, g)| {
            let s = seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            game_samples(g, rate, playouts, model, s)
        })
        .collect();
    let before = log_likelihood(&samples, &[1.0; OWNER_BINS]);
    let (wins, gammas) = fit(&samples, iterations);
    OwnerFit {
        positions: samples.len(),
        wins,
        gammas,
        log_likelihood: (before, log_likelihood(&samples, &gammas)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mm_favours_the_bin_the_played_moves_are_in() {
        // Two candidates of equal model strength; the one in bin 4 is
        // played three times in four.
        let s = |winner| Sample {
            probs: vec![0.5, 0.5],
            bins: vec![4, 8],
            winner,
        };
        let samples = vec![s(0), s(0), s(0), s(1)];
        let (wins, g) = fit(&samples, 50);
        assert_eq!((wins[4], wins[8]), (3, 1));
        assert_eq!(g[4], 1.0);
        assert!(g[8] < 0.6 && g[8] > 0.2, "{g:?}");
        let before = log_likelihood(&samples, &[1.0; OWNER_BINS]);
        assert!(log_likelihood(&samples, &g) > before);
    }
}
