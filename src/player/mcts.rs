//! The Monte Carlo tree search player: budgets the move, runs the search,
//! then applies the pass and resign policy.

use super::{Decision, MoveContext, Player};
use crate::rules::score::Score;
use crate::rules::{Board, Cell, Color, Game, Move};
use crate::search::{Report, SearchLimits, SearchParams, SearchResult, Searcher, time};
use crate::stop::StopCheck;
use log::{debug, info};
use std::time::Duration;

/// Options of the MCTS player.
#[derive(Clone, Copy, Debug)]
pub struct MctsOptions {
    /// Search parameters (threads, playout policy, memory).
    pub search: SearchParams,
    /// Fixed playouts per move (with no time control).
    pub playouts: Option<u64>,
    /// Fixed seconds per move (with no time control).
    pub time_per_move: Option<f64>,
    /// Resign below this win rate (0 never resigns).
    pub resign_threshold: f64,
    /// Seed for the search.
    pub seed: u64,
}

/// How many consecutive hopeless searches before resigning.
const RESIGN_STREAK: u32 = 3;

/// The MCTS player.
pub struct MctsPlayer {
    searcher: Searcher,
    pool: Option<rayon::ThreadPool>,
    options: MctsOptions,
    hopeless_streak: u32,
    last: Option<SearchResult>,
}

impl MctsPlayer {
    /// A player with its own thread pool.
    pub fn new(options: MctsOptions) -> MctsPlayer {
        let threads = options.search.threads.max(1);
        // Even with one thread a pool is kept: analysis runs the workers
        // there while the GTP thread reports.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("search-{i}"))
            .build()
            .ok();
        MctsPlayer {
            searcher: Searcher::new(options.search),
            pool,
            options,
            hopeless_streak: 0,
            last: None,
        }
    }

    /// The result of the last search, if any.
    pub fn last_result(&self) -> Option<&SearchResult> {
        self.last.as_ref()
    }

    /// The search limits for this move.
    fn limits<'a>(&self, game: &Game, color: Color, ctx: &MoveContext<'a>) -> SearchLimits<'a> {
        let clock_budget = time::budget(ctx.clock, color, game.board().empty_count());
        let (playouts, time) = match clock_budget {
            // Under a time control the clock rules; --playouts still caps.
            Some(t) => (
                self.options
                    .playouts
                    .filter(|_| self.options.time_per_move.is_none()),
                Some(t),
            ),
            None => match self.options.time_per_move {
                Some(s) => (
                    None,
                    Some(Duration::from_secs_f64(
                        s.clamp(0.01, crate::clock::MAX_SECONDS),
                    )),
                ),
                None => (Some(self.options.playouts.unwrap_or(10_000)), None),
            },
        };
        SearchLimits {
            playouts,
            time,
            stop: ctx.stop,
        }
    }
}

/// Area result of `board` for `color` if the points the playouts give to
/// the other side are removed first (dead stones), plus komi and bonus.
fn estimated_margin(board: &Board, ownership: &[f32], white_bonus: f64, color: Color) -> f64 {
    let mut black = 0.0;
    let mut white = 0.0;
    for (i, p) in board.size().points().enumerate() {
        let o = ownership.get(i).copied().unwrap_or(0.0);
        let stone = board.cell(p);
        let owner = if o > 0.5 {
            Some(Color::Black)
        } else if o < -0.5 {
            Some(Color::White)
        } else if stone != Cell::Empty {
            stone.color()
        } else {
            None
        };
        match owner {
            Some(Color::Black) => black += 1.0,
            Some(Color::White) => white += 1.0,
            None => {}
        }
    }
    let margin = black - white - white_bonus;
    if color == Color::Black {
        margin
    } else {
        -margin
    }
}

impl Player for MctsPlayer {
    fn genmove_reporting(
        &mut self,
        game: &Game,
        color: Color,
        ctx: &MoveContext<'_>,
        report: Option<Report<'_>>,
    ) -> Decision {
        let limits = self.limits(game, color, ctx);
        let seed = self.options.seed.wrapping_add(game.moves().len() as u64);
        let result =
            self.searcher
                .run_reporting(game, color, &limits, self.pool.as_ref(), seed, report);
        let size = game.size();
        let name = |m: Move| crate::rules::point::move_name(size, m);
        let rate = if result.elapsed.as_secs_f64() > 0.0 {
            result.playouts as f64 / result.elapsed.as_secs_f64()
        } else {
            0.0
        };
        let top: Vec<String> = result
            .candidates
            .iter()
            .take(5)
            .map(|c| format!("{} {}/{:.3}", name(c.mv), c.visits, c.win_rate))
            .collect();
        let pv: Vec<String> = result.pv.iter().map(|&m| name(m)).collect();
        info!(
            "genmove {color}: {} win {:.3} playouts {} ({:.0}/s, {:.2}s) top [{}] pv {}",
            name(result.best),
            result.win_rate,
            result.playouts,
            rate,
            result.elapsed.as_secs_f64(),
            top.join(", "),
            pv.join(" ")
        );
        debug!(
            "tree: {} nodes of {}",
            self.searcher.tree().used(),
            self.searcher.tree().capacity()
        );
        let decision = self.decide(game, color, &result);
        self.last = Some(result);
        decision
    }

    fn can_analyze(&self) -> bool {
        true
    }

    fn analyze(
        &mut self,
        game: &Game,
        color: Color,
        stop: StopCheck<'_>,
        report: Report<'_>,
    ) -> bool {
        let limits = SearchLimits {
            playouts: None,
            time: None,
            stop,
        };
        let seed = self.options.seed.wrapping_add(game.moves().len() as u64);
        let result = self.searcher.run_reporting(
            game,
            color,
            &limits,
            self.pool.as_ref(),
            seed,
            Some(report),
        );
        info!(
            "analysis of {color}: {} playouts in {:.2}s, best {} win {:.3}",
            result.playouts,
            result.elapsed.as_secs_f64(),
            crate::rules::point::move_name(game.size(), result.best),
            result.win_rate
        );
        true
    }

    fn reset(&mut self) {
        self.searcher.clear();
        self.hopeless_streak = 0;
        self.last = None;
    }
}

impl MctsPlayer {
    fn decide(&mut self, game: &Game, color: Color, result: &SearchResult) -> Decision {
        // Resign only after several hopeless searches, never early on
        // (handicap games start lopsided by design).
        let threshold = self.options.resign_threshold;
        if threshold > 0.0 && result.win_rate < threshold && result.best != Move::Pass {
            self.hopeless_streak += 1;
        } else {
            self.hopeless_streak = 0;
        }
        let early = game.moves().len() < game.size().area() / 4;
        if self.hopeless_streak >= RESIGN_STREAK && !early && result.playouts >= 100 {
            return Decision::Resign;
        }
        // Pass when the opponent passed and we win both by the count of
        // the board as it stands and with the playouts' dead stones removed.
        let opponent_passed = matches!(game.moves().last(), Some(&(c, Move::Pass)) if c != color);
        if opponent_passed {
            let (handicap, _) = game.handicap();
            let bonus = game.komi() + game.rules().handicap_bonus.points(handicap) as f64;
            let now = game.score().area;
            let wins_now = Score(if color == Color::Black { now.0 } else { -now.0 }).0 > 0.0;
            let wins_estimate =
                estimated_margin(game.board(), &result.ownership, bonus, color) > 0.0;
            if wins_now && wins_estimate {
                return Decision::Play(Move::Pass);
            }
        }
        Decision::Play(result.best)
    }
}
