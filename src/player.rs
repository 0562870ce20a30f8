//! Move generators. The player proposes; the GTP session applies.
//!
//! A [`Player`] sees the game by shared reference and returns a
//! [`Decision`]; it never changes the game. [`RandomPlayer`] is the
//! simplest honest player (legal, never fills its own true eyes).

use crate::clock::Clock;
use crate::rules::{Color, Game, Move, Point};
use crate::stop::StopCheck;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

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
}

/// A move generator.
pub trait Player: Send {
    /// Chooses a move for `color`, which need not be the side to move.
    /// The returned move must be legal in `game` (the session checks it
    /// again and plays a pass instead of an illegal proposal).
    fn genmove(&mut self, game: &Game, color: Color, ctx: &MoveContext<'_>) -> Decision;

    /// Forget anything kept between moves (new game).
    fn reset(&mut self) {}
}

/// Plays uniformly random legal moves, never filling one of its own true
/// eyes, and passes when nothing else is left.
pub struct RandomPlayer {
    rng: SmallRng,
}

impl RandomPlayer {
    /// A random player with a fixed seed (same seed, same game).
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn genmove(&mut self, game: &Game, color: Color, _ctx: &MoveContext<'_>) -> Decision {
        let board = game.board();
        let candidates: Vec<Point> = game
            .legal_moves(color)
            .into_iter()
            .filter(|&p| !board.is_true_eye(color, p))
            .collect();
        if candidates.is_empty() {
            return Decision::Play(Move::Pass);
        }
        Decision::Play(Move::Play(
            candidates[self.rng.random_range(0..candidates.len())],
        ))
    }
}
