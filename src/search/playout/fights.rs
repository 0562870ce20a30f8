//! Liberty fights in the heavy playouts: the answers that count
//! liberties around the last move. An own chain just reduced to two
//! liberties extends, an enemy chain with two is put in atari where its
//! escape gains nothing, and in capturing races (`race_percent`, own
//! chains of three or four liberties, as Pachi's n-liberty check) an own
//! chain also takes or ataris the enemy chains beside it.

use super::cands::{Cands, SeenChains};
use crate::knowledge::tactics::{liberties_after, playable};
use crate::rules::{Board, Cell, Color, Point};

/// Two-liberty tactics around `last`: extend an own chain that was just
/// reduced to two liberties to three or more, or atari an enemy chain with
/// two liberties when its escape at the other liberty gains nothing.
pub(super) fn two_liberty_moves(board: &Board, color: Color, last: Point, cands: &mut Cands) {
    let own = Cell::stone(color);
    let enemy = Cell::stone(color.opponent());
    let mut seen = SeenChains::new();
    for n in board
        .neighbours(last)
        .into_iter()
        .chain(std::iter::once(last))
    {
        let c = board.cell(n);
        if (c != own && c != enemy) || !seen.first_visit(board, n) {
            continue;
        }
        let Some((a, b)) = board.two_liberties(n) else {
            continue;
        };
        for (lib, other) in [(a, b), (b, a)] {
            if !playable(board, color, lib) {
                continue;
            }
            if c == own {
                if liberties_after(board, color, lib, 3) >= 3 {
                    cands.push(lib);
                }
            } else if atari_holds(board, color, lib, other) {
                cands.push(lib);
            }
        }
    }
}

/// For the own chain `head`: captures of enemy chains beside it in atari,
/// and ataris on enemy chains beside it with two liberties whose escape
/// gains nothing.
fn counter_moves(board: &Board, color: Color, head: Point, cands: &mut Cands) {
    // An enemy chain touches the own one at many stones; it is read once
    // (a repeat could add no new candidate).
    let mut seen = SeenChains::new();
    enemy_stones_beside(board, color, head, |q| {
        if !seen.first_visit(board, q) {
            return;
        }
        if let Some(lib) = board.atari_liberty(q) {
            if playable(board, color, lib) {
                cands.push(lib);
            }
        } else if let Some((a, b)) = board.two_liberties(q) {
            for (lib, other) in [(a, b), (b, a)] {
                if playable(board, color, lib) && atari_holds(board, color, lib, other) {
                    cands.push(lib);
                }
            }
        }
    });
}

/// Capturing races: for each own chain with three or four liberties on
/// `last` or the eight points around it, the captures and safe ataris of
/// [`counter_moves`]. An own chain that long in liberties is seldom in
/// danger, but one whose neighbour has two liberties and approach moves
/// to spare must start the race now (Pachi's n-liberty check).
pub(super) fn race_moves(board: &Board, color: Color, last: Point, cands: &mut Cands) {
    let own = Cell::stone(color);
    let mut seen = SeenChains::new();
    let around = board
        .neighbours(last)
        .into_iter()
        .chain(board.diagonals(last));
    for n in around {
        // Fewer than 3 pseudo-liberties are fewer than 3 liberties, and 17
        // or more are 5 or more: no walk.
        if board.cell(n) != own
            || !(3..=16).contains(&board.pseudo_liberties(n))
            || !seen.first_visit(board, n)
        {
            continue;
        }
        let libs = board.small_chain_liberties(n).unwrap_or_else(|| {
            let mut libs = [Point(0); 5];
            board.liberties_upto(n, &mut libs)
        });
        if (3..=4).contains(&libs) {
            counter_moves(board, color, board.chain_id(n), cands);
        }
    }
}

/// True if `color`'s atari at `lib` on an enemy chain of two liberties
/// (the other `other`) holds: the atari stone keeps two liberties, and the
/// chain's escape at `other` gains nothing (two liberties at most).
fn atari_holds(board: &Board, color: Color, lib: Point, other: Point) -> bool {
    liberties_after(board, color, lib, 2) >= 2
        && liberties_after(board, color.opponent(), other, 3) <= 2
}

/// Calls `f` with every enemy stone beside the own chain `head` (once for
/// each stone of the chain it touches).
pub(super) fn enemy_stones_beside(
    board: &Board,
    color: Color,
    head: Point,
    mut f: impl FnMut(Point),
) {
    let enemy = Cell::stone(color.opponent());
    for s in board.chain_stones(head) {
        for q in board.neighbours(s) {
            if board.cell(q) == enemy {
                f(q);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};

    #[test]
    fn a_chain_short_of_liberties_extends_and_an_enemy_one_is_put_in_atari() {
        // White B3 has just left Black B4 C4 two liberties, C3 and D4:
        // either extends it to three. White B5 C5 has two as well, A5 and
        // B6, but it is not beside the last move.
        let b = parse(
            "X . X . . .
             . O O X . .
             O X X . . .
             . O . . . .
             . . . . . .
             . . . . . .",
        );
        let at = |v: &str| vertex(b.size(), v).unwrap();
        let mut cands = Cands::new();
        two_liberty_moves(&b, Color::Black, at("B3"), &mut cands);
        let found = cands.found();
        assert!(found.contains(&at("C3")) && found.contains(&at("D4")));
        assert!(!found.contains(&at("B6")) && !found.contains(&at("A5")));
    }
}
