//! The random player.

use super::{Decision, MoveContext, Player};
use crate::rules::{Color, Game, Move, Point};
use crate::search::Report;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

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
    fn genmove_reporting(
        &mut self,
        game: &Game,
        color: Color,
        _ctx: &MoveContext<'_>,
        _report: Option<Report<'_>>,
    ) -> Decision {
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
