//! Simulation balancing: fitting the playouts' shape weights so that the
//! share of playouts a side wins forecasts the results of strong
//! players' games, or the values long searches give their positions
//! ([`labels`](super::labels)) (policy-gradient simulation balancing:
//! Silver and Tesauro 2009; on Go in practice: Huang, Coulom and Lin
//! 2010).
//!
//! The parameters are the log-gammas of the playout weights: tenuki,
//! the shared gamma of unlisted 3x3 shapes, and each listed shape. From
//! a position with result `y` (1 if Black won, or a search's value for
//! Black) whose playouts Black
//! wins with probability `V`, the squared error `(y - V)²` falls along
//! `(y - V) ∇V`, and `∇V = E[(z - b) Σ ∇log π(a_t)]`, summed over the
//! shape draws of a playout with result `z` (both sides draw from the
//! same weights; [`ShapeLog`] writes the `∇log π` down), for any
//! baseline `b`. Two independent sets of playouts from each position
//! estimate `V` and `∇V` (one set would bias their product); `V`'s
//! estimate is also the baseline, which cuts the variance and not the
//! mean. Adam steps over minibatches of positions, and a pull towards
//! the starting weights keeps rarely drawn shapes from drifting on noise.

use super::adam::Adam;
use super::balance::{BalanceOptions, black_share, brier, playouts};
use super::games::Record;
use super::labels::Targets;
use super::labels::game_positions;
use super::positions::position;
use crate::knowledge::model::{Model, PlayoutGammas};
use crate::knowledge::pat3;
use crate::search::SearchParams;
use crate::search::playout::{self, ShapeLog, TENUKI};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

/// How the fit runs.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    /// The positions, and the playouts of each of the two estimates.
    pub balance: BalanceOptions,
    /// Passes over the positions.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size, in natural-log units of gamma.
    pub rate: f64,
    /// The weight of the pull `pull (θ - θ₀)` towards the starting weights.
    pub pull: f64,
}

/// One pass over the positions: how well the weights it started from
/// forecast them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// Positions seen.
    pub positions: usize,
    /// Their mean Brier score (less the playouts' own noise), each
    /// measured with the weights of its step.
    pub brier: f64,
    /// How far the weights have moved from the start, in natural-log
    /// units: tenuki's, the unlisted shapes', and the listed shapes'
    /// mean and largest absolute moves.
    pub moved: Moved,
}

/// The weights' moves from the start (log-gamma, as the playouts draw).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Moved {
    /// Tenuki's.
    pub tenuki: f64,
    /// The unlisted shapes'.
    pub other: f64,
    /// The listed shapes', mean of the absolute moves.
    pub mean: f64,
    /// The listed shapes', largest absolute move.
    pub largest: f64,
}

impl Moved {
    fn between(theta: &[f64], theta0: &[f64]) -> Moved {
        let listed: Vec<f64> = theta[2..]
            .iter()
            .zip(&theta0[2..])
            .map(|(t, t0)| (t - t0).abs())
            .collect();
        Moved {
            tenuki: theta[0] - theta0[0],
            other: theta[1] - theta0[1],
            mean: listed.iter().sum::<f64>() / listed.len().max(1) as f64,
            largest: listed.iter().fold(0.0, |a: f64, &b| a.max(b)),
        }
    }
}

/// The fitted weights: index 0 tenuki, 1 the unlisted shapes, then the
/// listed shapes in the model's order.
struct Params {
    /// The parameter of each compact atari code.
    of_code: Vec<u32>,
    /// The canonical code of each listed shape.
    shapes: Vec<u64>,
    /// The log-gammas.
    theta: Vec<f64>,
}

const TENUKI_PARAM: u32 = 0;
const OTHER_PARAM: u32 = 1;

impl Params {
    fn new(start: &PlayoutGammas) -> Params {
        let mut of_code = vec![OTHER_PARAM; pat3::ATARI_CODES];
        let mut theta = vec![
            f64::from(start.tenuki.max(1e-6)).ln(),
            f64::from(start.other.max(1e-6)).ln(),
        ];
        let mut shapes = Vec::with_capacity(start.shapes.len());
        for (k, &(c, g)) in start.shapes.iter().enumerate() {
            for i in pat3::atari_indices(c as u32) {
                of_code[i] = (k + 2) as u32;
            }
            shapes.push(c);
            theta.push(f64::from(g.max(1e-6)).ln());
        }
        Params {
            of_code,
            shapes,
            theta,
        }
    }

    fn param(&self, code: pat3::Code) -> usize {
        if code == TENUKI {
            TENUKI_PARAM as usize
        } else {
            self.of_code[pat3::compact(code)] as usize
        }
    }

    /// The weights as playout gammas.
    fn gammas(&self) -> PlayoutGammas {
        let g = |t: f64| t.exp() as f32;
        PlayoutGammas {
            tenuki: g(self.theta[0]),
            other: g(self.theta[1]),
            shapes: self
                .shapes
                .iter()
                .zip(&self.theta[2..])
                .map(|(&c, &t)| (c, g(t)))
                .collect(),
        }
    }
}

/// One position's share of the step: Black's estimated win rate, Black's
/// result `y`, and `(y - V̂) ∇V̂` by parameter, sorted.
struct Contribution {
    rate: f64,
    target: f64,
    gradient: Vec<(usize, f64)>,
}

/// The contribution of the position after `moves` moves of `game`, from
/// the playouts of the seed `seed` (`None` past the game's end).
#[allow(clippy::too_many_arguments)]
fn contribution(
    game: &Record,
    moves: usize,
    target: f64,
    params: &SearchParams,
    model: &Model,
    fit: &Params,
    opts: &BalanceOptions,
    seed: u64,
) -> Option<Contribution> {
    let (board, color) = position(game, moves)?;
    let rate = black_share(&board, color, params, model, opts, seed);
    let log = ShapeLog::new();
    let policy = playout::Policy {
        shape_log: Some(&log),
        ..params.playout_policy(model)
    };
    let mut sums: HashMap<usize, f64> = HashMap::new();
    let mut entries = Vec::new();
    // The gradient's playouts, independent of the win share's.
    let seed = seed ^ 0x5851_f42d_4c95_7f2d;
    playouts(&board, color, policy, opts, seed, |z| {
        log.take_into(&mut entries);
        let d = z - rate;
        if d != 0.0 {
            for &(code, g) in &entries {
                *sums.entry(fit.param(code)).or_default() += d * f64::from(g);
            }
        }
    });
    let scale = (target - rate) / f64::from(opts.playouts.max(1));
    let mut gradient: Vec<(usize, f64)> = sums.into_iter().map(|(k, g)| (k, g * scale)).collect();
    gradient.sort_by_key(|e| e.0);
    Some(Contribution {
        rate,
        target,
        gradient,
    })
}

/// Fits `base`'s playout weights on the positions of `games` (those
/// with a known winner) for the policy of `params`, calling `done` with
/// the model after each pass: to the games' results, or with `targets`
/// to the values they give the positions they value. Deterministic for
/// a seed, whatever the number of threads.
pub fn fit(
    games: &[Record],
    params: &SearchParams,
    base: &Arc<Model>,
    opts: &FitOptions,
    targets: Option<&Targets>,
    mut done: impl FnMut(usize, &EpochReport, &Model),
) -> Model {
    let mut fit = Params::new(base.playout_gammas());
    let theta0 = fit.theta.clone();
    let mut adam = Adam::<f64>::new(fit.theta.len());
    let mut positions = game_positions(games, &opts.balance, targets);
    let mut rng = SmallRng::seed_from_u64(opts.balance.seed);
    let mut fitted = None;
    for epoch in 0..opts.epochs {
        positions.shuffle(&mut rng);
        let mut brier_sum = 0.0;
        let mut seen = 0;
        for (step, batch) in positions.chunks(opts.batch.max(1)).enumerate() {
            let model = base.with_playout_gammas(fit.gammas());
            let parts: Vec<Contribution> = batch
                .par_iter()
                .filter_map(|&(g, moves, target)| {
                    let seed = opts.balance.seed
                        ^ ((epoch as u64) << 48)
                        ^ ((g as u64) << 20)
                        ^ moves as u64;
                    contribution(
                        &games[g],
                        moves,
                        target,
                        params,
                        &model,
                        &fit,
                        &opts.balance,
                        seed,
                    )
                })
                .collect();
            let mut ascent: Vec<f64> = fit
                .theta
                .iter()
                .zip(&theta0)
                .map(|(t, t0)| -opts.pull * (t - t0))
                .collect();
            let n = parts.len().max(1) as f64;
            for c in &parts {
                brier_sum += brier(c.rate, c.target, opts.balance.playouts);
                for &(k, g) in &c.gradient {
                    ascent[k] += g / n;
                }
            }
            seen += parts.len();
            adam.descend(&mut fit.theta, &ascent, -opts.rate);
            if step % 20 == 0 {
                log::info!(
                    "fit: pass {}, {seen} of {} positions, Brier so far {:.4}, tenuki {:.3}",
                    epoch + 1,
                    positions.len(),
                    brier_sum / seen.max(1) as f64,
                    fit.theta[0].exp()
                );
            }
        }
        let report = EpochReport {
            positions: seen,
            brier: brier_sum / seen.max(1) as f64,
            moved: Moved::between(&fit.theta, &theta0),
        };
        let model = base.with_playout_gammas(fit.gammas());
        done(epoch, &report, &model);
        fitted = Some(model);
    }
    fitted.unwrap_or_else(|| base.with_playout_gammas(fit.gammas()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, BoardSize, Color, Move};

    /// Black builds a wall in the 9x9's centre while White passes; White
    /// is said to have won.
    fn game(winner: Color) -> Record {
        let size = BoardSize::new(9).unwrap();
        let mut moves = Vec::new();
        for y in 2..7 {
            let p = size.point(4, y).unwrap();
            moves.push((Color::Black, Move::Play(p)));
            moves.push((Color::White, Move::Pass));
        }
        Record {
            id: "wall".to_string(),
            winner: Some(winner),
            start: Board::new(size),
            moves,
            learn: None,
        }
    }

    fn options(epochs: usize) -> FitOptions {
        FitOptions {
            balance: BalanceOptions {
                playouts: 16,
                from: 2,
                to: 10,
                every: 2,
                komi: 7.5,
                seed: 5,
            },
            epochs,
            batch: 2,
            rate: 0.05,
            pull: 0.0,
        }
    }

    #[test]
    fn the_parameters_map_every_symmetry_of_a_listed_shape_to_it() {
        let model = crate::knowledge::builtin();
        let start = model.playout_gammas();
        let p = Params::new(start);
        assert_eq!(p.theta.len(), start.shapes.len() + 2);
        let (c, g) = start.shapes[start.shapes.len() / 2];
        let mut n = 0;
        for i in pat3::atari_indices(c as u32) {
            assert_eq!(p.param(pat3::expand(i)), start.shapes.len() / 2 + 2);
            n += 1;
        }
        assert!(n > 0);
        assert_eq!(p.param(TENUKI), 0);
        // The weights come back as they went in.
        let back = p.gammas();
        assert!((back.tenuki - start.tenuki).abs() < 1e-4 * start.tenuki);
        let k = back.shapes.iter().position(|e| e.0 == c).unwrap();
        assert!((back.shapes[k].1 - g).abs() < 1e-4 * g);
    }

    #[test]
    fn a_fit_is_the_same_for_a_seed_and_moves_the_weights() {
        let games = [game(Color::White), game(Color::Black)];
        let params = SearchParams::for_size(9);
        let base = crate::knowledge::builtin();
        let mut reports = Vec::new();
        let a = fit(&games, &params, &base, &options(2), None, |e, r, _| {
            reports.push((e, *r))
        });
        assert_eq!(reports.len(), 2);
        // Positions after 2, 4, 6 and 8 of each game's 10 moves (after
        // the last there is no move to play).
        assert_eq!(reports[0].1.positions, 8);
        // (Less the playouts' noise, a Brier score may dip below 0.)
        assert!(reports[0].1.brier > -0.02 && reports[0].1.brier < 1.0);
        let b = fit(&games, &params, &base, &options(2), None, |_, _, _| {});
        assert_eq!(a.playout_gammas(), b.playout_gammas());
        assert_ne!(a.playout_gammas(), base.playout_gammas());
        let moved = reports[1].1.moved;
        assert!(
            moved.largest > 0.0 && moved.largest >= moved.mean,
            "{moved:?}"
        );
        // The priors are the base model's.
        assert_eq!(a.small_gammas(), base.small_gammas());
    }

    #[test]
    fn a_fit_to_labels_uses_the_labelled_positions_alone() {
        use super::super::labels::{Label, Targets};
        let games = [game(Color::White)];
        let labels: Vec<Label> = [2, 6]
            .iter()
            .map(|&moves| Label {
                id: "wall".to_string(),
                moves,
                black: 1.0,
            })
            .collect();
        let targets = Targets::from_labels(&labels);
        let params = SearchParams::for_size(9);
        let base = crate::knowledge::builtin();
        let mut seen = Vec::new();
        let a = fit(
            &games,
            &params,
            &base,
            &options(1),
            Some(&targets),
            |_, r, _| seen.push(r.positions),
        );
        assert_eq!(seen, [2]);
        // Labels that say Black wins pull another way than White's result.
        let b = fit(&games, &params, &base, &options(1), None, |_, _, _| {});
        assert_ne!(a.playout_gammas(), b.playout_gammas());
    }

    #[test]
    fn with_no_step_the_weights_stay() {
        let games = [game(Color::White)];
        // The fit works on the weights the playouts draw with and writes
        // them back as the model holds them.
        let params = SearchParams::for_size(9);
        let base = crate::knowledge::builtin();
        let opts = FitOptions {
            rate: 0.0,
            ..options(1)
        };
        let a = fit(&games, &params, &base, &opts, None, |_, r, _| {
            assert_eq!(r.moved, Moved::default());
        });
        let (x, y) = (a.playout_gammas(), base.playout_gammas());
        assert!((x.tenuki - y.tenuki).abs() < 1e-4 * y.tenuki);
        assert!((x.other - y.other).abs() < 1e-4 * y.other);
        assert_eq!(x.shapes.len(), y.shapes.len());
        for (s, t) in x.shapes.iter().zip(&y.shapes) {
            assert_eq!(s.0, t.0);
            assert!((s.1 - t.1).abs() < 1e-4 * t.1, "{s:?} {t:?}");
        }
    }
}
