//! Small tactical facts about a candidate move that the priors, the
//! features and the playouts all ask: how many liberties a stone would
//! have once played.

use crate::rules::{Board, Cell, Color, Point};

/// Liberties the chain of a `color` stone on `p` would have, counted up to
/// `cap` (captures are counted as enough).
pub fn liberties_after(board: &Board, color: Color, p: Point, cap: usize) -> usize {
    let mut libs: [Point; 8] = [p; 8];
    let mut n = 0;
    let mut add = |q: Point, n: &mut usize| {
        if q != p && !libs[..*n].contains(&q) && *n < 8 {
            libs[*n] = q;
            *n += 1;
        }
    };
    let own = Cell::stone(color);
    for nb in board.neighbours(p) {
        match board.cell(nb) {
            Cell::Empty => add(nb, &mut n),
            c if c == own => {
                for s in board.chain_stones(board.chain_id(nb)) {
                    for q in board.neighbours(s) {
                        if board.cell(q) == Cell::Empty {
                            add(q, &mut n);
                        }
                    }
                    if n >= cap {
                        return n;
                    }
                }
            }
            Cell::Border => {}
            _ => {
                if board.in_atari(nb) {
                    return cap;
                }
            }
        }
        if n >= cap {
            return n;
        }
    }
    n
}
