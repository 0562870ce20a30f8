//! Moves into open ground, for the heavy playouts' turns that no answer
//! to the last move takes: MoGo's fill-board, and a random draw weighed
//! by the model's shape gammas. Both try a few random points and give
//! up, leaving the uniform draw to the caller; nothing here allocates.

use super::redirect::MoveCheck;
use super::{Policy, below};
use crate::knowledge::features::Group;
use crate::knowledge::pat3;
use crate::knowledge::tactics::playable;
use crate::rules::{Board, Cell, Color, Point};
use rand::Rng;
use rand::rngs::SmallRng;

/// Fill-board: up to `tries` random empty points, the first whose eight
/// neighbours are all empty (so not on the edge). Such a point is never
/// a self-atari, an eye or a ko, and playing it claims open ground the
/// random moves would otherwise fill late.
pub(super) fn fill_board(board: &Board, tries: u32, rng: &mut SmallRng) -> Option<Point> {
    let empties = board.empty_points();
    (0..tries).find_map(|_| {
        let p = Point(empties[below(rng, empties.len())]);
        (board.empty_neighbours(p) == 4
            && board
                .diagonals(p)
                .iter()
                .all(|&d| board.cell(d) == Cell::Empty))
        .then_some(p)
    })
}

/// A random move weighed by its shape: up to `shaped_tries` random empty
/// points, each kept with probability the strength the model gives its
/// 3x3 shape (liberties included) and its line over the strength of a
/// point in open ground (empty all round, past the fourth line), or
/// always where that is larger; the first kept one that the self-atari
/// check admits is played. Points strong players seldom choose (the
/// first line, the inside of settled ground, empty triangles) are then
/// drawn less often than in the uniform draw, without a sum over the
/// whole board.
pub(super) fn shaped_random(
    board: &Board,
    color: Color,
    policy: Policy<'_>,
    check: MoveCheck,
    rng: &mut SmallRng,
) -> Option<Point> {
    let tries = policy.tactics.shaped_tries;
    if tries == 0 {
        return None;
    }
    let model = policy.model;
    let open = model.pat3_gamma(0);
    let empties = board.empty_points();
    for _ in 0..tries {
        let p = Point(empties[below(rng, empties.len())]);
        if !playable(board, color, p) {
            continue;
        }
        let line = board.size().line(p);
        let edge = if line < 4 {
            model.small_gamma(Group::Edge, line as u8 + 1)
        } else {
            1.0
        };
        let odds = model.pat3_gamma(pat3::code(board, color, p)) * edge / open;
        if odds < 1.0 && (rng.next_u32() as f32 / 4_294_967_296.0) >= odds {
            continue;
        }
        if let Some(q) = check.admit(board, color, p, rng) {
            return Some(q);
        }
    }
    None
}
