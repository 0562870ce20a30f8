//! `hane balance`: how well the heavy playouts alone judge the positions
//! of finished games.
//!
//! From a position of a game whose winner is known, the share of
//! playouts Black wins is a forecast of the result. Its squared error,
//! the Brier score, measures what simulation balancing minimises (Silver
//! and Tesauro 2009; Huang, Coulom and Lin 2010): a playout policy whose
//! mean outcome is right, whatever the quality of its single moves. The
//! result of a strong players' game stands in for the position's true
//! value, so one position says little, but the noise is the same for
//! every policy measured on it: variants of the policy are run on the
//! same positions, each from the same random seed, and compared position
//! by position.

use super::dataset::replay;
use super::games::Record;
use super::labels::Targets;
use super::labels::target_of;
pub use super::positions::BalanceOptions;
use super::positions::measured;
use crate::knowledge::ladder;
use crate::knowledge::model::Model;
use crate::rules::{Board, Color};
use crate::search::SearchParams;
use crate::search::playout::{self, Amaf};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rayon::prelude::*;
use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A policy to measure: a name and the search constants it comes from.
#[derive(Clone, Debug)]
pub struct Variant {
    /// How the report names it.
    pub name: String,
    /// Its constants (the playout policy is read).
    pub params: SearchParams,
    /// Its own playout weights (`None`: the base model's).
    pub model: Option<Arc<Model>>,
}

/// One position: what Black's result there is taken to be, who is to
/// move, and the share of playouts Black won under each variant.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Moves played before the position.
    pub moves: usize,
    /// The side to move.
    pub to_move: Color,
    /// Black's result: the game's (1 won, 0 lost), or the value a long
    /// search gave the position ([`Targets`]).
    pub target: f64,
    /// Black's share of the playouts, one per variant.
    pub rates: Vec<f64>,
}

/// The Brier score of one forecast, less the part the finite number of
/// playouts adds: `(r - y)² - r(1 - r)/(n - 1)` is an unbiased estimate of
/// the squared error of the policy's true win share.
pub(super) fn brier(rate: f64, y: f64, playouts: u32) -> f64 {
    let noise = if playouts > 1 {
        rate * (1.0 - rate) / f64::from(playouts - 1)
    } else {
        0.0
    };
    (rate - y).powi(2) - noise
}

/// Runs `opts.playouts` playouts of `policy` from `board`, `color` to
/// move, from the random seed `seed`, and calls `each` with each one's
/// result for Black: 1 a win, 0 a loss, 0.5 a margin of exactly 0.
pub(super) fn playouts(
    board: &Board,
    color: Color,
    policy: playout::Policy<'_>,
    opts: &BalanceOptions,
    seed: u64,
    mut each: impl FnMut(f64),
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut amaf = Amaf::new();
    let mut ladders = ladder::Reader::new();
    let mut b = board.clone();
    for _ in 0..opts.playouts {
        b.copy_from(board);
        amaf.clear();
        let margin = playout::run(
            &mut b,
            color,
            policy,
            opts.komi,
            &mut amaf,
            &mut rng,
            &mut ladders,
        );
        each(if margin > 0.0 {
            1.0
        } else if margin == 0.0 {
            0.5
        } else {
            0.0
        });
    }
}

/// Black's share of `opts.playouts` heavy playouts from `board`, `color`
/// to move.
pub(super) fn black_share(
    board: &Board,
    color: Color,
    params: &SearchParams,
    model: &Model,
    opts: &BalanceOptions,
    seed: u64,
) -> f64 {
    let mut wins = 0.0;
    playouts(
        board,
        color,
        params.playout_policy(model),
        opts,
        seed,
        |z| wins += z,
    );
    wins / f64::from(opts.playouts.max(1))
}

/// The samples of one game (none if its winner is unknown).
fn game_samples(
    game: &Record,
    index: usize,
    variants: &[Variant],
    models: &[Arc<Model>],
    opts: &BalanceOptions,
    targets: Option<&Targets>,
) -> Vec<Sample> {
    if game.winner.is_none() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut moves = 0;
    replay(game, |board, color, _| {
        if let Some(target) = target_of(game, moves, targets).filter(|_| measured(moves, opts)) {
            // One seed per position, the same for every variant.
            let seed = opts.seed ^ ((index as u64) << 20) ^ moves as u64;
            let rates = variants
                .iter()
                .zip(models)
                .map(|(v, m)| black_share(board, color, &v.params, m, opts, seed))
                .collect();
            out.push(Sample {
                moves,
                to_move: color,
                target,
                rates,
            });
        }
        moves += 1;
    });
    out
}

/// Every sample of `games` (each variant's playout weights, else
/// `base`'s), in game order (games in
/// parallel; the same samples whatever the number of threads). With
/// `targets`, only the positions they value, against those values.
pub fn measure(
    games: &[Record],
    variants: &[Variant],
    base: &Arc<Model>,
    opts: &BalanceOptions,
    targets: Option<&Targets>,
) -> Vec<Sample> {
    let models: Vec<Arc<Model>> = variants
        .iter()
        .map(|v| v.model.as_ref().unwrap_or(base).clone())
        .collect();
    let done = AtomicUsize::new(0);
    let step = (games.len() / 10).max(1);
    games
        .par_iter()
        .enumerate()
        .map(|(i, g)| {
            let samples = game_samples(g, i, variants, &models, opts, targets);
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            if n.is_multiple_of(step) {
                log::info!("balance: {n} of {} games", games.len());
            }
            samples
        })
        .collect::<Vec<_>>()
        .concat()
}

fn mean_and_error(xs: &[f64]) -> (f64, f64) {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

/// The report: for each variant its Brier score, the Brier score of
/// forecasting every position with Black's mean result over the sample,
/// how much its forecasts favour the side to move, and (from the second
/// variant on) its Brier score less the first's, position by position,
/// with the standard error.
pub fn report(samples: &[Sample], variants: &[Variant], playouts: u32) -> String {
    let mut out = String::new();
    let n = samples.len();
    let black = samples.iter().map(|s| s.target).sum::<f64>() / n.max(1) as f64;
    let constant = samples
        .iter()
        .map(|s| (s.target - black).powi(2))
        .sum::<f64>()
        / n.max(1) as f64;
    let _ = writeln!(
        out,
        "positions {n}, Black's result {:.1}% on average; forecasting that everywhere: Brier {constant:.4}",
        100.0 * black,
    );
    let scores: Vec<Vec<f64>> = (0..variants.len())
        .map(|k| {
            samples
                .iter()
                .map(|s| brier(s.rates[k], s.target, playouts))
                .collect()
        })
        .collect();
    for (k, v) in variants.iter().enumerate() {
        let (b, b_err) = mean_and_error(&scores[k]);
        let lean: Vec<f64> = samples
            .iter()
            .map(|s| {
                let r = s.rates[k];
                match s.to_move {
                    Color::Black => r - s.target,
                    Color::White => s.target - r,
                }
            })
            .collect();
        let (lean, _) = mean_and_error(&lean);
        let _ = write!(
            out,
            "{}: Brier {b:.4} ({b_err:.4}), side to move's forecast less its result {lean:+.4}",
            v.name
        );
        if k > 0 {
            let diff: Vec<f64> = scores[k]
                .iter()
                .zip(&scores[0])
                .map(|(a, b)| a - b)
                .collect();
            let (d, d_err) = mean_and_error(&diff);
            let _ = write!(
                out,
                ", Brier less {}'s {d:+.4} ({d_err:.4})",
                variants[0].name
            );
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::lab::train::labels::game_positions;
    use crate::rules::{BoardSize, Move};

    fn opts(playouts: u32) -> BalanceOptions {
        BalanceOptions {
            playouts,
            from: 0,
            to: 400,
            every: 1,
            komi: 7.5,
            seed: 1,
        }
    }

    fn variant(name: &str) -> Variant {
        Variant {
            name: name.to_string(),
            params: SearchParams::for_size(9),
            model: None,
        }
    }

    /// A 9x9 game in which Black nets the board with 27 stones on every
    /// third diagonal while White passes: the playouts give it to Black.
    pub(in crate::lab::train) fn lopsided(winner: Option<Color>) -> Record {
        let size = BoardSize::new(9).unwrap();
        let mut moves = Vec::new();
        for y in 0..9u16 {
            for x in (0..9u16).filter(|x| (x + y) % 3 == 0) {
                let p = size.point(x as usize, y as usize).unwrap();
                moves.push((Color::Black, Move::Play(p)));
                moves.push((Color::White, Move::Pass));
            }
        }
        Record {
            id: "wall".to_string(),
            winner,
            start: Board::new(size),
            moves,
            learn: None,
        }
    }

    #[test]
    fn the_brier_score_takes_out_the_playouts_own_noise() {
        assert_eq!(brier(1.0, 1.0, 100), 0.0);
        assert_eq!(brier(0.0, 1.0, 100), 1.0);
        // Half the playouts won: 0.25 less 0.25/99.
        assert!((brier(0.5, 0.0, 100) - (0.25 - 0.25 / 99.0)).abs() < 1e-12);
        // A searched value in place of a result.
        assert!((brier(0.5, 0.75, 100) - (0.0625 - 0.25 / 99.0)).abs() < 1e-12);
    }

    #[test]
    fn results_on_the_board_name_a_winner_and_time_losses_do_not() {
        use super::super::games::winner_of;
        assert_eq!(winner_of("B+Resign"), Some(Color::Black));
        assert_eq!(winner_of("W+3.5"), Some(Color::White));
        assert_eq!(winner_of("B+R"), Some(Color::Black));
        assert_eq!(winner_of("W+Time"), None);
        assert_eq!(winner_of("B+T"), None);
        assert_eq!(winner_of("W+Forfeit"), None);
        assert_eq!(winner_of("0"), None);
        assert_eq!(winner_of("Draw"), None);
    }

    #[test]
    fn a_position_the_playouts_misjudge_scores_badly_and_the_lean_says_which_way() {
        let games = [lopsided(Some(Color::White))];
        let variants = [variant("base")];
        let o = BalanceOptions {
            from: 53,
            to: 53,
            ..opts(16)
        };
        let samples = measure(&games, &variants, &crate::knowledge::builtin(), &o, None);
        assert_eq!(samples.len(), 1);
        let s = &samples[0];
        assert_eq!(s.moves, 53);
        assert_eq!(s.to_move, Color::White);
        assert_eq!(s.target, 0.0);
        // Black's net holds in (almost) every playout.
        assert!(s.rates[0] > 0.8, "{}", s.rates[0]);
        let text = report(&samples, &variants, 16);
        assert!(
            text.starts_with("positions 1, Black's result 0.0% on average"),
            "{text}"
        );
        let b = brier(s.rates[0], 0.0, 16);
        assert!(b > 0.6, "{b}");
        assert!(text.contains(&format!("base: Brier {b:.4}")), "{text}");
        // White, to move, won the game its playouts gave it little chance of.
        let lean = (1.0 - s.rates[0]) - 1.0;
        assert!(
            text.contains(&format!("less its result {lean:+.4}")),
            "{text}"
        );
    }

    #[test]
    fn labels_replace_the_result_and_choose_the_positions() {
        use super::super::labels::{Label, Targets};
        let games = [lopsided(Some(Color::White))];
        let variants = [variant("base")];
        let o = BalanceOptions {
            from: 4,
            to: 12,
            every: 4,
            ..opts(8)
        };
        let label = |moves, black| Label {
            id: "wall".to_string(),
            moves,
            black,
        };
        // A label for a position not measured (6) and one of another game
        // are left out.
        let mut labels = vec![label(8, 0.9), label(6, 0.5), label(12, 0.95)];
        labels.push(Label {
            id: "other".to_string(),
            ..label(4, 0.1)
        });
        let targets = Targets::from_labels(&labels);
        let samples = measure(
            &games,
            &variants,
            &crate::knowledge::builtin(),
            &o,
            Some(&targets),
        );
        let got: Vec<(usize, f64)> = samples.iter().map(|s| (s.moves, s.target)).collect();
        assert_eq!(got, [(8, 0.9), (12, 0.95)]);
        assert_eq!(
            game_positions(&games, &o, Some(&targets)),
            [(0, 8, 0.9), (0, 12, 0.95)]
        );
        // The same positions without labels: the game's result.
        let plain = measure(&games, &variants, &crate::knowledge::builtin(), &o, None);
        assert!(plain.iter().all(|s| s.target == 0.0));
        assert_eq!(plain[1].rates, samples[0].rates);
        let text = report(&samples, &variants, 8);
        assert!(
            text.starts_with("positions 2, Black's result 92.5% on average"),
            "{text}"
        );
    }

    #[test]
    fn games_without_a_winner_give_no_positions_and_variants_share_positions() {
        let games = [lopsided(None), lopsided(Some(Color::Black))];
        let mut light = variant("light");
        light.params.playout = crate::search::PlayoutKind::Light;
        let variants = [variant("base"), light];
        let o = BalanceOptions {
            from: 4,
            to: 12,
            every: 4,
            ..opts(8)
        };
        let samples = measure(&games, &variants, &crate::knowledge::builtin(), &o, None);
        let moves: Vec<usize> = samples.iter().map(|s| s.moves).collect();
        assert_eq!(moves, [4, 8, 12]);
        assert!(
            samples
                .iter()
                .all(|s| s.rates.len() == 2 && s.target == 1.0)
        );
        // The same seed gives the same forecasts.
        assert_eq!(
            samples,
            measure(&games, &variants, &crate::knowledge::builtin(), &o, None)
        );
        let text = report(&samples, &variants, 8);
        assert!(text.contains("light: Brier"), "{text}");
        assert!(text.contains("Brier less base's"), "{text}");
    }
}
