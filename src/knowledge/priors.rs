//! Tree priors from the move-prediction model.
//!
//! A new node's children start with equivalent experience, as in Pachi:
//! `even` visits at 50% for every move, plus `pattern * sqrt(p)` visits
//! that all won, where `p` is the model's probability that the move is
//! played. The square root flattens the model's sharp preferences, so
//! the search still looks at the second and third choices. An escape
//! that the features call laddered (it runs into a ladder that works)
//! gets the even part only.

use super::features::{self, Group};
use super::model::Model;
use crate::rules::{Board, Color, Point};

/// How the model's probabilities become prior visits and wins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PriorParams {
    /// Visits at 50% for every move.
    pub even: u32,
    /// Won visits for a move of probability 1 (scaled by its square root).
    pub pattern: f32,
}

impl PriorParams {
    /// Pachi 12.90's defaults (`uct/prior.c`: even and pattern weights 20
    /// and 300 on boards above 13x13, scaled by 14/20 on smaller ones).
    /// On 9x9 against Pachi at 2,000 playouts these scored 36.2% of 120
    /// games; a pattern weight of 420 scored 28% of 50, 105 36.0% of 100
    /// and 52 40.0% of 80 (`docs/strength-log.md`): none resolves a
    /// change, so Pachi's values stay.
    pub fn for_size(size: usize) -> PriorParams {
        if size > 13 {
            PriorParams {
                even: 20,
                pattern: 300.0,
            }
        } else {
            PriorParams {
                even: 14,
                pattern: 210.0,
            }
        }
    }
}

/// True for an escape of a chain in atari into a ladder that works, or
/// one that stays in atari.
pub fn laddered_escape(f: &features::MoveFeatures) -> bool {
    let v = f.get(Group::Escape);
    v != 0 && (v - 1) % 3 == 2
}

/// Model probabilities of `color` playing each of `points`, normalised
/// over them, into `probs` (cleared first). `laddered` gets,
/// for each point, whether it is an escape into a working ladder.
pub fn probabilities(
    model: &Model,
    board: &Board,
    color: Color,
    points: impl Iterator<Item = Point>,
    probs: &mut Vec<f32>,
    laddered: &mut Vec<bool>,
) {
    probs.clear();
    laddered.clear();
    let mut total = 0.0;
    for p in points {
        let f = features::features(board, color, p);
        let s = model.strength(&f);
        total += s as f64;
        probs.push(s);
        laddered.push(laddered_escape(&f));
    }
    let inv = if total > 0.0 {
        (1.0 / total) as f32
    } else {
        0.0
    };
    for s in probs.iter_mut() {
        *s *= inv;
    }
}

/// (prior visits, prior wins) of a move with model probability `prob`.
pub fn prior(params: PriorParams, prob: f32, laddered: bool) -> (u32, u32) {
    let won = if laddered {
        0
    } else {
        (params.pattern * prob.max(0.0).sqrt()).round() as u32
    };
    (params.even + won, params.even / 2 + won)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::builtin;
    use crate::rules::diagram::{parse, vertex};

    fn probs_of(b: &Board, c: Color) -> Vec<(Point, f32)> {
        let points: Vec<Point> = b
            .empty_points()
            .iter()
            .map(|&i| Point(i))
            .filter(|&p| crate::search::playout::playable(b, c, p))
            .collect();
        let (mut probs, mut lad) = (Vec::new(), Vec::new());
        probabilities(
            &builtin(),
            b,
            c,
            points.iter().copied(),
            &mut probs,
            &mut lad,
        );
        points.into_iter().zip(probs).collect()
    }

    #[test]
    fn probabilities_sum_to_one_and_favour_captures() {
        let b = parse(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . X O X . . .
             . . . . X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        let probs = probs_of(&b, Color::Black);
        let sum: f32 = probs.iter().map(|x| x.1).sum();
        assert!((sum - 1.0).abs() < 1e-4, "{sum}");
        let best = probs.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
        assert_eq!(Some(best.0), vertex(b.size(), "E7"), "the capture");
    }

    #[test]
    fn priors_grow_with_probability_and_skip_laddered_escapes() {
        let params = PriorParams::for_size(9);
        let (v0, w0) = prior(params, 0.0, false);
        assert_eq!((v0, w0), (params.even, params.even / 2));
        let (v1, w1) = prior(params, 0.25, false);
        assert_eq!(v1 - v0, 105);
        assert_eq!(w1 - w0, 105);
        assert_eq!(prior(params, 0.25, true), (v0, w0));
        assert!(PriorParams::for_size(19).pattern > params.pattern);
    }
}
