//! Which positions of finished games `hane balance`, its labels and the
//! network's training measure: the options that choose them, and the
//! position after a game's first moves. Which of them have a target to
//! measure against is the labels' business (`labels::game_positions`).

use super::games::Record;
use crate::rules::{Board, Color, Move};

/// Which positions are measured and how.
#[derive(Clone, Copy, Debug)]
pub struct BalanceOptions {
    /// Playouts from each position, for each policy.
    pub playouts: u32,
    /// The first position measured: after this many moves.
    pub from: usize,
    /// The last: after at most this many moves.
    pub to: usize,
    /// Every this many moves in between.
    pub every: usize,
    /// The komi the playouts are counted with (area scoring).
    pub komi: f64,
    /// Seed of the playouts.
    pub seed: u64,
}

/// Whether the position after `moves` moves is measured.
pub(super) fn measured(moves: usize, opts: &BalanceOptions) -> bool {
    moves >= opts.from && moves <= opts.to && (moves - opts.from).is_multiple_of(opts.every.max(1))
}

/// The position after the first `moves` moves of `game`, and the side to
/// play the next one (`None` past the last move).
pub(super) fn position(game: &Record, moves: usize) -> Option<(Board, Color)> {
    let &(color, _) = game.moves.get(moves)?;
    let mut board = game.start.clone();
    for &(c, mv) in &game.moves[..moves] {
        match mv {
            Move::Play(p) => {
                board.play_unchecked(c, p);
            }
            Move::Pass => board.pass(c),
        }
    }
    Some((board, color))
}
