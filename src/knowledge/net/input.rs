//! What the network sees of a position, from the side to move's point of
//! view: one row of [`PLANES`] values for each point of the board.

use crate::rules::{Board, Cell, Color, Move, Point};

/// Input values per point.
pub const PLANES: usize = 13;

/// The planes, in order.
mod plane {
    /// An own stone whose chain has 1, 2, 3 or more liberties (3 planes).
    pub(super) const OWN: usize = 0;
    /// An enemy stone, likewise (3 planes).
    pub(super) const ENEMY: usize = 3;
    /// An empty point.
    pub(super) const EMPTY: usize = 6;
    /// The last move.
    pub(super) const LAST: usize = 7;
    /// The move before it.
    pub(super) const PREV: usize = 8;
    /// The point the side to move may not take because of simple ko.
    pub(super) const KO: usize = 9;
    /// Every point: the board's extent, as the convolutions see zeros
    /// beyond it.
    pub(super) const ON_BOARD: usize = 10;
    /// A candidate move (playable, not an own true eye).
    pub(super) const CANDIDATE: usize = 11;
    /// The move model's log-probability of a candidate, mapped from
    /// [-12, 0] onto [0, 1] (0 below, and where there is no candidate).
    pub(super) const MODEL: usize = 12;
}

/// Writes the planes of `color` to move on `board` into `out` (`n * n`
/// rows of [`PLANES`], point `y * n + x`; resized). `log_probs` has the
/// move model's log-probability of each point, the same order,
/// `f32::NEG_INFINITY` where the point is not a candidate.
pub fn planes(board: &Board, color: Color, log_probs: &[f32], out: &mut Vec<f32>) {
    let size = board.size();
    let n = size.get();
    out.clear();
    out.resize(n * n * PLANES, 0.0);
    // Liberties counted once per chain, by its id.
    let mut libs = [0u8; crate::rules::point::MAX_POINTS];
    let mut scratch = [Point(0); 3];
    for (i, p) in size.points().enumerate() {
        let row = &mut out[i * PLANES..][..PLANES];
        row[plane::ON_BOARD] = 1.0;
        match board.cell(p) {
            Cell::Empty => {
                row[plane::EMPTY] = 1.0;
                let lp = log_probs[i];
                if lp > f32::NEG_INFINITY {
                    row[plane::CANDIDATE] = 1.0;
                    row[plane::MODEL] = (1.0 + lp / 12.0).max(0.0);
                }
            }
            Cell::Black | Cell::White => {
                let id = board.chain_id(p).index();
                if libs[id] == 0 {
                    libs[id] = board.liberties_upto(p, &mut scratch) as u8;
                }
                let base = if board.cell(p) == Cell::stone(color) {
                    plane::OWN
                } else {
                    plane::ENEMY
                };
                row[base + libs[id].clamp(1, 3) as usize - 1] = 1.0;
            }
            Cell::Border => {}
        }
    }
    let mut mark = |p: Option<Point>, k: usize| {
        if let Some(p) = p {
            let (x, y) = size.coords(p);
            out[(y * n + x) * PLANES + k] = 1.0;
        }
    };
    let played = |m: Option<(Color, Move)>| match m {
        Some((_, Move::Play(p))) => Some(p),
        _ => None,
    };
    mark(played(board.last_move()), plane::LAST);
    mark(played(board.prev_move()), plane::PREV);
    mark(board.ko_point(color), plane::KO);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;

    #[test]
    fn stones_liberties_and_the_last_moves() {
        let size = BoardSize::new(5).unwrap();
        let mut board = Board::new(size);
        let a1 = size.point(0, 0).unwrap();
        let b1 = size.point(1, 0).unwrap();
        let c3 = size.point(2, 2).unwrap();
        board.play_unchecked(Color::Black, a1);
        board.play_unchecked(Color::White, b1);
        board.play_unchecked(Color::Black, c3);
        let mut lp = vec![f32::NEG_INFINITY; 25];
        lp[12 + 1] = -6.0; // D3
        let mut out = Vec::new();
        // White to move: a1 is an enemy stone in atari, b1 an own stone
        // with two liberties, c3 the last move with four.
        planes(&board, Color::White, &lp, &mut out);
        let at = |x: usize, y: usize, k: usize| out[(y * 5 + x) * PLANES + k];
        assert_eq!(at(0, 0, plane::ENEMY), 1.0);
        assert_eq!(at(1, 0, plane::OWN + 1), 1.0);
        assert_eq!(at(2, 2, plane::ENEMY + 2), 1.0);
        assert_eq!(at(2, 2, plane::LAST), 1.0);
        assert_eq!(at(1, 0, plane::PREV), 1.0);
        assert_eq!(at(3, 2, plane::CANDIDATE), 1.0);
        assert_eq!(at(3, 2, plane::MODEL), 0.5);
        assert_eq!(at(4, 4, plane::EMPTY), 1.0);
        assert_eq!(at(4, 4, plane::CANDIDATE), 0.0);
        let on: f32 = (0..25).map(|i| out[i * PLANES + plane::ON_BOARD]).sum();
        assert_eq!(on, 25.0);
    }
}
