//! Move generators. The player proposes; the GTP session applies.
//!
//! A [`Player`] sees the game by shared reference and returns a
//! [`Decision`]; it never changes the game. [`MctsPlayer`] searches;
//! [`RandomPlayer`] is the simplest honest player (legal, never fills its
//! own true eyes) for tests and debugging.

use crate::clock::Clock;
use crate::endgame::Analyst;
use crate::rules::{Color, Game, Move};
use crate::search::Report;
use crate::stop::StopCheck;

mod budget;
pub mod handicap;
mod mcts;
mod random;
pub use budget::{Budget, DEFAULT_PLAYOUTS, DEFAULT_VISITS};
pub use mcts::{MctsOptions, MctsPlayer};
pub use random::RandomPlayer;

/// What a player decided to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Play this move (a stone or a pass).
    Play(Move),
    /// Give up.
    Resign,
}

/// What a player may look at while choosing a move besides the game.
pub struct MoveContext<'a> {
    /// The time control and time left.
    pub clock: &'a Clock,
    /// Whether the controller asked to stop early (GoGui's `# interrupt`);
    /// the player then answers with its best move so far.
    pub stop: StopCheck<'a>,
    /// `kgs-genmove_cleanup`: do not pass while dead enemy stones remain;
    /// capture them instead.
    pub cleanup: bool,
    /// The session's dead-stone analysis: the pass, resign and cleanup
    /// decisions read the same statuses `final_score` counts with.
    pub analyst: &'a Analyst,
}

/// A move generator.
pub trait Player: Send {
    /// Chooses a move for `color`, which need not be the side to move.
    /// The returned move must be legal in `game` (the session checks it
    /// again and plays a pass instead of an illegal proposal).
    fn genmove(&mut self, game: &Game, color: Color, ctx: &MoveContext<'_>) -> Decision {
        self.genmove_reporting(game, color, ctx, None)
    }

    /// [`Player::genmove`] that also reports search progress (for
    /// `*-genmove_analyze`); players without a search never report.
    fn genmove_reporting(
        &mut self,
        game: &Game,
        color: Color,
        ctx: &MoveContext<'_>,
        report: Option<Report<'_>>,
    ) -> Decision;

    /// Searches the position for `color` (the opponent, on its time) until
    /// `stop`, keeping what it learns for the next move. Default: nothing.
    fn ponder(&mut self, _game: &Game, _color: Color, _stop: StopCheck<'_>) {}

    /// True if [`Player::analyze`] and progress reports are supported.
    fn can_analyze(&self) -> bool {
        false
    }

    /// Analyses the position for `color` until `stop`, reporting progress.
    /// Returns `false` if this player cannot analyse.
    fn analyze(
        &mut self,
        _game: &Game,
        _color: Color,
        _stop: StopCheck<'_>,
        _report: Report<'_>,
    ) -> bool {
        false
    }

    /// Forget anything kept between moves (new game).
    fn reset(&mut self) {}
}
