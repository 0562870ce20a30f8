//! The Monte Carlo tree search player: budgets the move, runs the search,
//! then applies the pass and resign policy.

use super::{Budget, Decision, MoveContext, Player};
use crate::endgame::Statuses;
use crate::rules::{Cell, Color, Game, Move, Point};
use crate::search::{
    LARGE_BOARD, Report, SearchLimits, SearchRequest, SearchResult, Searcher, SizedParams,
    is_large,
    puct::{PuctParams, PuctSearcher, evaluator::Evaluator},
    time,
};
use crate::stop::StopCheck;
use log::{debug, info};

/// Options of the MCTS player.
#[derive(Clone, Debug)]
pub struct MctsOptions {
    /// Search parameters by board size (threads, playout policy, memory).
    pub search: SizedParams,
    /// Fixed playouts per move (with no time control).
    pub playouts: Option<u64>,
    /// Fixed seconds per move (with no time control).
    pub time_per_move: Option<f64>,
    /// Resign below this win rate (0 never resigns).
    pub resign_threshold: f64,
    /// Seed for the search.
    pub seed: u64,
    /// Play the opening book's move where it has one (9x9).
    pub book: bool,
    /// The move-prediction model the searches use (priors and playout
    /// weights).
    pub model: std::sync::Arc<crate::knowledge::model::Model>,
    /// The policy network that corrects the model's tree priors where the
    /// parameters' `net_prior` asks for it (by default on every size; on
    /// small boards only once a node has `net_visits` visits), if any.
    pub net: crate::knowledge::Networks,
}

/// How many consecutive hopeless searches before resigning.
const RESIGN_STREAK: u32 = 3;

/// After the opponent's pass, with the count a draw, hane passes back
/// unless the search's best stone wins at least this often. A draw is
/// worth half a win; a stone rated above it is often an invasion the
/// opponent has left unanswered, and playing it costs nothing under area
/// scoring. In a line against GNU Go that ends drawn most of the time,
/// playing on from 0.52 instead of 0.6 turned 22 of 66 paired draws into
/// wins by 22 points or more and no game the other way
/// (docs/strength-log.md, "Playing on from a drawn count").
const PLAY_ON_FROM_A_DRAW: f64 = 0.52;

/// How many of the opponent's passes hane may answer with a stone in one
/// game and still refuse a drawn count. A 2,000-playout search rates some
/// stone above one half in many finished positions: without a bound, a
/// 9x9 game against GNU Go ran into the move limit, Black passing and
/// White playing into Black's area for 194 moves at win rates near 0.5.
const DRAW_PLAY_ONS: usize = 5;

/// The MCTS player.
pub struct MctsPlayer {
    searcher: Searcher,
    /// The PUCT search that plays in place of `searcher` on the small and
    /// the large boards ([`crate::search::puct`]), if any: with a KataGo
    /// network, or with hane's own network where it has value heads.
    puct: [Option<PuctSearcher>; 2],
    /// Whether `searcher` has the large boards' parameters
    /// ([`SizedParams`]).
    large: bool,
    pool: Option<rayon::ThreadPool>,
    options: MctsOptions,
    hopeless_streak: u32,
}

impl MctsPlayer {
    /// A player with its own thread pool.
    pub fn new(options: MctsOptions) -> MctsPlayer {
        let threads = options.search.for_size(LARGE_BOARD).threads.max(1);
        // Even with one thread a pool is kept: analysis runs the workers
        // there while the GTP thread reports.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("search-{i}"))
            .build()
            .ok();
        let large = options.search.for_size(LARGE_BOARD);
        let params = PuctParams {
            threads,
            max_tree_bytes: large.max_tree_bytes,
            ..PuctParams::default()
        };
        let puct = [false, true].map(|large| {
            Evaluator::for_size(&options.net, &options.model, large)
                .map(|e| PuctSearcher::new(e, params))
        });
        MctsPlayer {
            puct,
            searcher: Searcher::with_model(large, &options.model)
                .with_net(options.net.get(true).cloned()),
            large: true,
            pool,
            options,
            hopeless_streak: 0,
        }
    }

    /// Gives the searcher the parameters of `game`'s board size: a new
    /// searcher, and tree, when the size is on the other side of
    /// [`LARGE_BOARD`] from the last search's.
    fn fit_size(&mut self, game: &Game) {
        let size = game.size().get();
        let large = is_large(size);
        if large != self.large {
            self.searcher =
                Searcher::with_model(self.options.search.for_size(size), &self.options.model)
                    .with_net(self.options.net.get(large).cloned());
            self.large = large;
        }
    }

    /// Searches `game` for `color` with the PUCT search where there is
    /// one (unless `playouts_only`), else with the playout search, at the
    /// seed of the position.
    fn search(
        &mut self,
        game: &Game,
        color: Color,
        limits: &SearchLimits<'_>,
        report: Option<Report<'_>>,
        playouts_only: bool,
    ) -> SearchResult {
        let seed = self.seed(game);
        let pool = self.pool.as_ref();
        let req = SearchRequest::new(game, color, *limits, seed)
            .pool(pool)
            .report(report);
        if let Some(puct) = self.puct_for(game).filter(|_| !playouts_only) {
            return puct.search(req);
        }
        self.searcher.search(req)
    }

    /// The PUCT search for `game`'s board size, if it has one.
    fn puct_for(&self, game: &Game) -> Option<&PuctSearcher> {
        self.puct[usize::from(is_large(game.size().get()))].as_ref()
    }

    /// The search seed for the current position: the same game and move
    /// number give the same seed, so a fixed-playout search replays.
    fn seed(&self, game: &Game) -> u64 {
        self.options.seed.wrapping_add(game.moves().len() as u64)
    }

    /// The search limits for this move (after [`MctsPlayer::fit_size`]:
    /// the clock's share follows the searcher's parameters).
    fn limits<'a>(&self, game: &Game, color: Color, ctx: &MoveContext<'a>) -> SearchLimits<'a> {
        let clock_budget = time::budget(
            ctx.clock,
            color,
            game.board().empty_count(),
            self.searcher.params().points_per_move,
        );
        let (playouts, time) = match clock_budget {
            // Under a time control the clock rules; --playouts still caps.
            Some(t) => (
                self.options
                    .playouts
                    .filter(|_| self.options.time_per_move.is_none()),
                Some(t),
            ),
            None => {
                let (playouts, per_move) = (self.options.playouts, self.options.time_per_move);
                let b = if self.puct_for(game).is_some() {
                    Budget::for_network(playouts, per_move)
                } else {
                    Budget::without_clock(playouts, per_move)
                };
                (b.playouts, b.time)
            }
        };
        SearchLimits {
            playouts,
            time,
            stop: ctx.stop,
        }
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
        if self.options.book
            && self.options.net.kata.is_none()
            && !ctx.cleanup
            && let Some(p) = crate::knowledge::book::builtin().lookup(game, color)
        {
            let name = crate::rules::point::vertex_name(game.size(), p);
            info!("genmove {color}: {name} from the opening book");
            return Decision::Play(Move::Play(p));
        }
        self.fit_size(game);
        let limits = self.limits(game, color, ctx);
        // The cleanup searches by playouts: the game has ended twice by
        // passes, and a PUCT search of an ended game proposes nothing to
        // take the dead stones off with.
        let result = self.search(game, color, &limits, report, ctx.cleanup);
        let size = game.size();
        let name = |m: Move| crate::rules::point::move_name(size, m);
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
            result.playouts_per_second(),
            result.elapsed.as_secs_f64(),
            top.join(", "),
            pv.join(" ")
        );
        debug!(
            "tree: {} nodes of {}",
            self.searcher.tree().used(),
            self.searcher.tree().capacity()
        );
        self.decide(game, color, &result, ctx)
    }

    fn ponder(&mut self, game: &Game, color: Color, stop: StopCheck<'_>) {
        let limits = SearchLimits {
            playouts: None,
            time: None,
            stop,
        };
        self.fit_size(game);
        let result = self.search(game, color, &limits, None, false);
        info!(
            "ponder for {color}: {} playouts in {:.2}s, expecting {}",
            result.playouts,
            result.elapsed.as_secs_f64(),
            crate::rules::point::move_name(game.size(), result.best)
        );
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
        self.fit_size(game);
        let result = self.search(game, color, &limits, Some(report), false);
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
        for puct in self.puct.iter().flatten() {
            puct.clear();
        }
        self.hopeless_streak = 0;
    }
}

impl MctsPlayer {
    fn decide(
        &mut self,
        game: &Game,
        color: Color,
        result: &SearchResult,
        ctx: &MoveContext<'_>,
    ) -> Decision {
        // Resign only after several hopeless searches, never early on
        // (handicap games start lopsided by design), and never while the
        // count final_score would give says hane wins.
        let threshold = self.options.resign_threshold;
        if threshold > 0.0 && result.win_rate < threshold && result.best != Move::Pass {
            self.hopeless_streak += 1;
        } else {
            self.hopeless_streak = 0;
        }
        let early = game.moves().len() < game.size().area() / 4;
        if self.hopeless_streak >= RESIGN_STREAK && !early && result.playouts >= 100 {
            let statuses = ctx.analyst.statuses(game.board(), game.to_move());
            if count_margin(game, color, &statuses) > 0.0 {
                info!("not resigning: the count of the position says {color} wins");
            } else {
                return Decision::Resign;
            }
        }
        // The session's dead-stone analysis, the one final_score counts
        // with, so hane never passes on one count and scores another. A
        // pass is judged on the statuses of the position after it, with
        // the opponent to move, as final_score will count them once the
        // game ends: with hane to move, the analysis credits hane with
        // the move it is about to give up (a 9x9 game against GNU Go:
        // hane's count said W+12 with White to move, B+42 after White's
        // pass, and White passed back into the loss).
        let opponent_passed = matches!(game.moves().last(), Some(&(c, Move::Pass)) if c != color);
        let after_pass = || ctx.analyst.statuses(game.board(), color.opponent());
        if !opponent_passed && !ctx.cleanup {
            if result.best == Move::Pass {
                return Decision::Play(pass_or_secure(game, color, &after_pass().dead));
            }
            return Decision::Play(result.best);
        }
        if ctx.cleanup {
            // kgs-genmove_cleanup: take the dead stones off by play. Fill a
            // liberty of a dead chain, the most promising one first; with
            // nothing dead left, the cleanup is done.
            let board = game.board();
            let statuses = ctx.analyst.statuses(board, game.to_move());
            let dead_enemy: Vec<Point> = statuses
                .dead
                .iter()
                .copied()
                .filter(|&p| board.cell(p) == Cell::stone(color.opponent()))
                .collect();
            if dead_enemy.is_empty() {
                return Decision::Play(Move::Pass);
            }
            let fills_dead_liberty = |mv: Move| {
                mv.point().is_some_and(|p| {
                    board.neighbours(p).iter().any(|n| dead_enemy.contains(n))
                        && !board.is_suicide(color, p)
                })
            };
            let pick = result
                .candidates
                .iter()
                .map(|c| c.mv)
                .find(|&mv| fills_dead_liberty(mv));
            return Decision::Play(pick.unwrap_or_else(|| best_stone(result)));
        }
        // Pass back on a won count; on a drawn one too, unless the search
        // sees a stone that does better than the draw's half and hane has
        // not yet played on past the opponent's passes too often.
        let statuses = after_pass();
        let margin = count_margin(game, color, &statuses);
        let stone = best_stone(result);
        let stone_rate = result
            .candidates
            .iter()
            .find(|c| c.mv == stone)
            .map_or(0.0, |c| c.win_rate);
        if margin > 0.0
            || (margin == 0.0
                && (stone_rate < PLAY_ON_FROM_A_DRAW
                    || declined_passes(game, color) >= DRAW_PLAY_ONS))
        {
            return Decision::Play(pass_or_secure(game, color, &statuses.dead));
        }
        // Passing back would lose the count, or draw it where a stone
        // looks clearly better: play on. (The tree judges
        // the end of a game by playouts, so it may still like a pass that
        // the dead-stone count condemns, in a seki for instance.)
        Decision::Play(stone)
    }
}

/// A pass, unless a chain of `color` that the count holds alive stands in
/// atari: then the move that fills its last liberty, if that is legal and
/// leaves it two or more. The opponent could take such a chain at once,
/// or after a ko threat where the ko forbids it now, and a referee
/// reading the final position (GNU Go does) calls it dead: a stone left
/// in a corner ko shape cost hane games that its own count had won.
/// Filling costs nothing under area scoring and a point at most under
/// territory scoring.
fn pass_or_secure(game: &Game, color: Color, dead: &[Point]) -> Move {
    let board = game.board();
    // Each chain once, at its head stone.
    for s in board.stones(color).filter(|&s| board.chain_id(s) == s) {
        let Some(lib) = board.atari_liberty(s) else {
            continue;
        };
        if dead.contains(&s) {
            continue;
        }
        let Ok(after) = game.after(color, Move::Play(lib)) else {
            continue;
        };
        let mut libs = [Point(0); 2];
        if after.liberties_upto(lib, &mut libs) >= 2 {
            info!(
                "not passing yet: {} secures a chain in atari",
                crate::rules::point::vertex_name(board.size(), lib)
            );
            return Move::Play(lib);
        }
    }
    Move::Pass
}

/// How often in `game` `color` answered the opponent's pass with a stone.
/// (An allocation-free scan of the history, once a move after a pass.)
fn declined_passes(game: &Game, color: Color) -> usize {
    game.moves()
        .windows(2)
        .filter(|w| {
            matches!(w[0], (c, Move::Pass) if c != color)
                && matches!(w[1], (c, Move::Play(_)) if c == color)
        })
        .count()
}

/// The search's best move other than a pass, or a pass if it has none.
fn best_stone(result: &SearchResult) -> Move {
    if result.best != Move::Pass {
        return result.best;
    }
    result
        .candidates
        .iter()
        .map(|c| c.mv)
        .find(|&mv| mv != Move::Pass)
        .unwrap_or(Move::Pass)
}

/// `color`'s margin in the count final_score gives for `game` now, with
/// the session's dead-stone `statuses` of its position: positive when
/// `color` wins, zero for a draw.
fn count_margin(game: &Game, color: Color, statuses: &Statuses) -> f64 {
    let black = statuses.score(game).area.0;
    color.relative(black)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardSize, Rules};
    use crate::search::SearchParams;

    #[test]
    fn each_board_size_searches_with_its_own_parameters() {
        let options = MctsOptions {
            search: SizedParams::new(|d| Ok(SearchParams { threads: 1, ..d })).unwrap(),
            playouts: Some(10),
            time_per_move: None,
            resign_threshold: 0.0,
            seed: 1,
            book: false,
            model: crate::knowledge::builtin(),
            net: crate::knowledge::Networks::default(),
        };
        let game = |n| Game::new(BoardSize::new(n).unwrap(), Rules::AGA, 7.5);
        let race = |p: &MctsPlayer| p.searcher.params().race_percent;
        let small = SearchParams::for_size(9).race_percent;
        let large = SearchParams::for_size(19).race_percent;
        assert_ne!(small, large);
        let mut player = MctsPlayer::new(options);
        for (n, want) in [
            (19, large),
            (9, small),
            (7, small),
            (13, large),
            (25, large),
        ] {
            player.fit_size(&game(n));
            assert_eq!(race(&player), want, "{n}x{n}");
        }
    }
}
