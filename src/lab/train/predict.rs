//! Measuring a model on games: how often the played move is the model's
//! first choice, or among its first 5 or 10, and the mean log-likelihood
//! of the played move.

use super::dataset::{candidates, rank, replay};
use super::games::Record;
use crate::knowledge::model::Model;
use crate::knowledge::net::{Activations, Net};
use rayon::prelude::*;
use std::fmt;

/// Prediction figures over a set of positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Accuracy {
    /// Positions measured.
    pub positions: u64,
    /// Played move ranked first, in the first 5, in the first 10.
    pub top1: u64,
    /// See `top1`.
    pub top5: u64,
    /// See `top1`.
    pub top10: u64,
    /// Sum of the log-probabilities of the played moves.
    pub log_likelihood: f64,
}

impl Accuracy {
    fn add(&mut self, o: &Accuracy) {
        self.positions += o.positions;
        self.top1 += o.top1;
        self.top5 += o.top5;
        self.top10 += o.top10;
        self.log_likelihood += o.log_likelihood;
    }

    fn rate(&self, n: u64) -> f64 {
        100.0 * n as f64 / self.positions.max(1) as f64
    }
}

impl fmt::Display for Accuracy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "positions {}\ntop-1 {:.2}%\ntop-5 {:.2}%\ntop-10 {:.2}%\nmean log-likelihood {:.4}",
            self.positions,
            self.rate(self.top1),
            self.rate(self.top5),
            self.rate(self.top10),
            self.log_likelihood / self.positions.max(1) as f64
        )
    }
}

fn measure_game(model: &Model, net: Option<&Net>, game: &Record) -> Accuracy {
    let mut acc = Accuracy::default();
    let mut strengths = Vec::new();
    let mut acts = Activations::default();
    let mut logits = Vec::new();
    replay(game, |board, color, mv| {
        acc.positions += 1;
        // The played move's rank and log-probability among the candidates.
        let scored = match net {
            None => {
                strengths.clear();
                candidates(board, color, mv, |_, f| strengths.push(model.strength(&f))).map(|w| {
                    let total: f64 = strengths.iter().map(|&s| s as f64).sum();
                    (rank(&strengths, w), (strengths[w] as f64 / total).ln())
                })
            }
            Some(net) => super::net::example(model, board, color, mv).map(|ex| {
                super::net::backward::log_probs(
                    net,
                    Net::infer,
                    &ex,
                    &mut acts,
                    &mut logits,
                    &mut strengths,
                );
                (rank(&strengths, ex.played), strengths[ex.played] as f64)
            }),
        };
        let Some((r, log_p)) = scored else {
            // The played move is not a candidate: a miss, and the
            // likelihood of a move the model gives no chance is floored.
            acc.log_likelihood += (1e-6f64).ln();
            return;
        };
        acc.top1 += (r <= 1) as u64;
        acc.top5 += (r <= 5) as u64;
        acc.top10 += (r <= 10) as u64;
        acc.log_likelihood += log_p;
    });
    acc
}

/// Measures `model`, corrected by `net` if given, on every position of
/// `games`.
pub fn measure(model: &Model, net: Option<&Net>, games: &[Record]) -> Accuracy {
    let parts: Vec<Accuracy> = games
        .par_iter()
        .map(|g| measure_game(model, net, g))
        .collect();
    let mut total = Accuracy::default();
    for p in &parts {
        total.add(p);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_count_against_the_model() {
        assert_eq!(rank(&[1.0, 3.0, 2.0], 1), 1);
        assert_eq!(rank(&[1.0, 3.0, 2.0], 0), 3);
        assert_eq!(rank(&[2.0, 2.0, 2.0], 0), 3);
    }

    #[test]
    fn a_uniform_model_scores_one_over_the_candidates() {
        let game = super::super::games::parse_line("1\t;B[pd]").unwrap();
        let acc = measure(&Model::uniform(), None, &[game]);
        assert_eq!(acc.positions, 1);
        assert_eq!(acc.top1, 0);
        // 361 points and a pass, all equal.
        let expected = (1.0f64 / 362.0).ln();
        assert!((acc.log_likelihood - expected).abs() < 1e-9);
    }
}
