//! Tree priors from the move-prediction model.
//!
//! A new node's children start with equivalent experience, as in Pachi:
//! `even` visits at 50% for every move, plus `pattern * sqrt(p)` visits
//! that all won, where `p` is the model's probability that the move is
//! played. The square root flattens the model's sharp preferences, so
//! the search still looks at the second and third choices. An escape
//! that the features call laddered (it runs into a ladder that works)
//! gets the even part only.
//!
//! Where the search has Monte Carlo ownership, each move's model strength
//! is also multiplied by a gamma for how surely the player to move ends
//! up owning its point ([`OWNER_GAMMAS`], Coulom's strongest non-shape
//! feature; Pachi's patterns see it too): points that every playout gives
//! to one side are rarely where the game is decided.

use super::features::{self, Group};
use super::ladder;
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
    /// and 300 on boards above 13x13, scaled by 14/20 on smaller ones);
    /// the matches that kept them: `docs/tuning.md`, "prior_even" and
    /// "prior_pattern".
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

/// The power the model's gammas for the distance to the last two moves
/// are raised to in the tree priors (the search's default,
/// `distance_power`). The model learned from strong players, who mostly
/// answer near the last move; a search must also look at the move
/// elsewhere that refutes. The matches: `docs/tuning.md`,
/// "distance_power".
pub const DISTANCE_POWER: f32 = 0.5;

/// True for an escape of a chain in atari into a ladder that works, or
/// one that stays in atari.
pub fn laddered_escape(f: &features::MoveFeatures) -> bool {
    let v = f.get(Group::Escape);
    v != 0 && (v - 1) % 3 == 2
}

/// Bins of a point's ownership, seen from the player to move: bin `k`
/// holds the points that player owns at the end of about `k/8` of the
/// simulations (0: always the opponent's, 4: even, 8: always its own).
pub const OWNER_BINS: usize = 9;

/// The gamma of each ownership bin, trained by MM with every other
/// feature's gamma fixed at the built-in model's: `hane --threads 1
/// --seed 1 train-owner --games 3000 --rate 0.05 --playouts 128 2016-06`
/// (30,528 positions; mean log-likelihood of the played move -2.4088
/// without, -2.3846 with; `docs/move-prediction.md`). Strong players
/// rarely play where every playout gives the point to one side.
pub const OWNER_GAMMAS: [f32; OWNER_BINS] =
    [0.109, 0.312, 0.737, 0.971, 1.0, 0.889, 0.774, 0.545, 0.223];

/// The ownership bin of a point whose mean final owner is `black_mean`
/// (+1 always Black, -1 always White), for `color` to move.
#[inline]
pub fn owner_bin(black_mean: f32, color: Color) -> usize {
    let mine = color.relative(black_mean);
    (((mine.clamp(-1.0, 1.0) + 1.0) * 4.0).round() as usize).min(OWNER_BINS - 1)
}

/// What the search adds to the model's strengths in its priors. The
/// default adds nothing: the model's probabilities as they are.
#[derive(Clone, Copy, Debug)]
pub struct Adjust<'a> {
    /// Monte Carlo ownership so far: each point's mean final owner (+1
    /// Black, -1 White) by point index, if anything is counted yet.
    pub owner: Option<&'a [f32]>,
    /// With ownership: the gamma of each [`owner_bin`] (Coulom's
    /// ownership feature), or `None` to leave it out.
    pub gammas: Option<&'a [f32; OWNER_BINS]>,
    /// The power the gammas of the distances to the last two moves are
    /// raised to (below 1 the priors look less at local answers).
    pub distance_power: f32,
}

impl Default for Adjust<'_> {
    fn default() -> Self {
        Adjust {
            owner: None,
            gammas: None,
            distance_power: 1.0,
        }
    }
}

impl Adjust<'_> {
    /// The factor on the strength of `color` playing `p`: its ownership
    /// gamma, where ownership is counted and its gammas given.
    fn factor(&self, color: Color, p: Point) -> f32 {
        match (self.owner, self.gammas) {
            (Some(mean), Some(gammas)) => gammas[owner_bin(mean[p.index()], color)],
            _ => 1.0,
        }
    }
}

/// The gammas of [`OWNER_GAMMAS`] raised to `power`.
pub fn owner_gammas(power: f32) -> [f32; OWNER_BINS] {
    OWNER_GAMMAS.map(|g| g.powf(power))
}

/// What [`probabilities`] fills, kept between calls so that rating a
/// node's moves allocates nothing once warm: each point's probability,
/// whether it is an escape into a working ladder, and the ladder reader
/// (with its spare boards) the features read with.
#[derive(Default)]
pub struct Rated {
    /// Model probability of each point, normalised over them.
    pub probs: Vec<f32>,
    /// Whether each point is an escape into a working ladder.
    pub laddered: Vec<bool>,
    ladders: ladder::Reader,
}

/// Model probabilities of `color` playing each of `points`, normalised
/// over them, into `out.probs` (cleared first), each strength adjusted as
/// `adjust` says; `out.laddered` gets, for each point, whether it is an
/// escape into a working ladder.
pub fn probabilities(
    model: &Model,
    board: &Board,
    color: Color,
    points: impl Iterator<Item = Point>,
    adjust: Adjust<'_>,
    out: &mut Rated,
) {
    let Rated {
        probs,
        laddered,
        ladders,
    } = out;
    probs.clear();
    laddered.clear();
    let mut total = 0.0;
    for p in points {
        let f = features::features_while(board, color, p, |h| model.lists_shape(h), ladders);
        let mut s = model.strength(&f) * adjust.factor(color, p);
        if adjust.distance_power != 1.0 {
            let near = model.small_gamma(Group::DistLast, f.get(Group::DistLast))
                * model.small_gamma(Group::DistPrev, f.get(Group::DistPrev));
            s *= near.powf(adjust.distance_power - 1.0);
        }
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
            .filter(|&p| crate::knowledge::tactics::playable(b, c, p))
            .collect();
        let mut rated = Rated::default();
        probabilities(
            &builtin(),
            b,
            c,
            points.iter().copied(),
            Adjust::default(),
            &mut rated,
        );
        points.into_iter().zip(rated.probs).collect()
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

    #[test]
    fn ownership_bins_and_gammas_reweight_moves() {
        assert_eq!(owner_bin(1.0, Color::Black), 8);
        assert_eq!(owner_bin(1.0, Color::White), 0);
        assert_eq!(owner_bin(0.0, Color::White), 4);
        assert_eq!(owner_bin(-0.5, Color::Black), 2);
        assert_eq!(owner_bin(7.0, Color::Black), 8, "clamped");
        let b = Board::new(crate::rules::BoardSize::new(9).unwrap());
        let c3 = vertex(b.size(), "C3").unwrap();
        let g7 = vertex(b.size(), "G7").unwrap();
        let mut mean = vec![0.0; crate::rules::point::MAX_POINTS];
        mean[c3.index()] = 1.0; // every playout gives C3 to Black
        let mut gammas = [1.0; OWNER_BINS];
        gammas[8] = 0.1;
        let owner = Adjust {
            owner: Some(&mean),
            gammas: Some(&gammas),
            ..Adjust::default()
        };
        let (mut plain, mut weighed) = (Rated::default(), Rated::default());
        let points = [c3, g7];
        let model = builtin();
        probabilities(
            &model,
            &b,
            Color::Black,
            points.into_iter(),
            Adjust::default(),
            &mut plain,
        );
        probabilities(
            &model,
            &b,
            Color::Black,
            points.into_iter(),
            owner,
            &mut weighed,
        );
        let (plain, w) = (&plain.probs, &weighed.probs);
        // C3 and G7 are the same shape on an empty board.
        assert!((plain[0] - plain[1]).abs() < 1e-6);
        assert!((w[0] / w[1] - 0.1).abs() < 1e-4, "{w:?}");
        // For White, C3 is in bin 0, whose gamma is 1 here.
        probabilities(
            &model,
            &b,
            Color::White,
            points.into_iter(),
            owner,
            &mut weighed,
        );
        let w = &weighed.probs;
        assert!((w[0] - w[1]).abs() < 1e-6);
    }
}
