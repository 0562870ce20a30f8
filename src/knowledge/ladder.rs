//! Ladder reading: does chasing a chain with ataris capture it? The
//! priors read every ladder when a node is expanded, so that the tree
//! neither runs out of a working ladder nor misses a ladder capture — the
//! tactic Monte Carlo playouts read worst. Playouts read only the atari
//! escapes near the edge their `ladder_lines` switch names (reading them
//! on the second line too, or on every line, scored no better against
//! Pachi: `docs/strength-log.md`).
//!
//! The reader is the classic one: the defender, in atari, escapes by
//! capturing a neighbouring attacker chain in atari (then we call it
//! escaped) or by extending; three liberties escape, one is captured, two
//! let the attacker try both ataris. Simple ko only, as in the playouts.
//!
//! A read's boards live on the heap and are handed down the plies: a read
//! recurses once a ply, up to [`MAX_PLIES`] deep, and a board on each
//! frame (about 17 KB) overflowed the search threads' 2 MiB stacks in
//! long ladders. A ply plays on the board it is handed; only an atari
//! with the other still to try gets a copy.

use crate::rules::{Board, Cell, Color, Point};

/// Plies read before a ladder is called escaped (a 25x25 board's diagonal
/// takes about 100).
const MAX_PLIES: u32 = 120;

/// True if `attacker`, to move, captures the chain through `chain` (which
/// has exactly two liberties) by a ladder.
pub fn attack_captures(board: &Board, attacker: Color, chain: Point) -> bool {
    attack(board.boxed_copy(), attacker, chain, 0)
}

/// True if the chain through `chain`, in atari with its owner to move,
/// cannot escape a ladder.
pub fn escape_fails(board: &Board, chain: Point) -> bool {
    defend(board.boxed_copy(), chain, 0)
}

/// The attacker's ply, on a board the read owns: each atari is tried on
/// a copy only when the other is still to be tried, and the last one on
/// the board itself (a 17 KB copy a ply was most of a read's cost).
fn attack(board: Box<Board>, attacker: Color, chain: Point, plies: u32) -> bool {
    if plies >= MAX_PLIES {
        return false;
    }
    let mut libs = [chain; 3];
    if board.liberties_upto(chain, &mut libs) != 2 {
        return false;
    }
    let [a, b] = [libs[0], libs[1]];
    let playable = |lib| board.ko_point(attacker) != Some(lib) && !board.is_suicide(attacker, lib);
    let try_atari = |mut next: Box<Board>, lib| {
        next.play_unchecked(attacker, lib);
        next.cell(chain) != Cell::Empty && next.in_atari(chain) && defend(next, chain, plies + 1)
    };
    match (playable(a), playable(b)) {
        (true, true) => try_atari(board.boxed_copy(), a) || try_atari(board, b),
        (true, false) => try_atari(board, a),
        (false, true) => try_atari(board, b),
        (false, false) => false,
    }
}

/// The defender's ply, on a board the read owns (it has one move, so it
/// plays it on the board itself).
fn defend(mut board: Box<Board>, chain: Point, plies: u32) -> bool {
    let Some(defender) = board.cell(chain).color() else {
        return true;
    };
    let Some(lib) = board.atari_liberty(chain) else {
        return false;
    };
    // A counter-capture next to the chain: called an escape.
    let attacker = Cell::stone(defender.opponent());
    for s in board.chain_stones(board.chain_id(chain)) {
        for n in board.neighbours(s) {
            if board.cell(n) == attacker && board.in_atari(n) {
                return false;
            }
        }
    }
    if board.ko_point(defender) == Some(lib) || board.is_suicide(defender, lib) {
        return true;
    }
    board.play_unchecked(defender, lib);
    if board.cell(chain) == Cell::Empty {
        return true;
    }
    let mut libs = [chain; 3];
    match board.liberties_upto(chain, &mut libs) {
        0 | 1 => true,
        2 => attack(board, defender.opponent(), chain, plies + 1),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};

    /// White C5 has two liberties, D5 and C4; Black D5 starts a staircase
    /// C4 D4 D3 E3 ... down to the first line.
    const LADDER: &str = ". . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . X . . . . . .
                          . X O . . . . . .
                          . X . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .";

    #[test]
    fn a_ladder_towards_the_edge_works() {
        let b = parse(LADDER);
        let c5 = vertex(b.size(), "C5").unwrap();
        assert!(attack_captures(&b, Color::Black, c5));
        // After Black D5 the escape at C4 fails.
        let mut b2 = b.clone();
        b2.play_unchecked(Color::Black, vertex(b.size(), "D5").unwrap());
        assert!(escape_fails(&b2, c5));
    }

    #[test]
    fn a_ladder_breaker_saves_the_chain() {
        let mut b = parse(LADDER);
        b.play_unchecked(Color::White, vertex(b.size(), "F3").unwrap());
        let c5 = vertex(b.size(), "C5").unwrap();
        assert!(!attack_captures(&b, Color::Black, c5), "{b:?}");
    }

    #[test]
    fn a_counter_capture_is_an_escape() {
        // Black B4 is itself in atari: White takes it instead of running.
        let mut b = parse(LADDER);
        b.play_unchecked(Color::White, vertex(b.size(), "A4").unwrap());
        b.play_unchecked(Color::White, vertex(b.size(), "B3").unwrap());
        let c5 = vertex(b.size(), "C5").unwrap();
        b.play_unchecked(Color::Black, vertex(b.size(), "D5").unwrap());
        assert!(!escape_fails(&b, c5), "{b:?}");
    }

    #[test]
    fn without_the_diagonal_stone_it_escapes() {
        let b = parse(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . X . . . .
             . . . X O . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        let e5 = vertex(b.size(), "E5").unwrap();
        assert!(!attack_captures(&b, Color::Black, e5));
    }

    /// The LADDER shape in the top left corner of a 25x25 board: the
    /// staircase runs the whole board down to the first line, about 90
    /// plies. Read on a thread with a quarter of a search thread's stack,
    /// it must still finish (a board on every frame needs about 1.5 MB).
    #[test]
    fn a_board_long_ladder_reads_on_a_small_stack() {
        let size = crate::rules::BoardSize::new(25).unwrap();
        let mut b = Board::new(size);
        for (color, v) in [
            (Color::Black, "C24"),
            (Color::Black, "B23"),
            (Color::Black, "B22"),
            (Color::White, "C23"),
        ] {
            b.play_unchecked(color, vertex(size, v).unwrap());
        }
        let c23 = vertex(size, "C23").unwrap();
        let reader = std::thread::Builder::new()
            .stack_size(512 << 10)
            .spawn(move || attack_captures(&b, Color::Black, c23))
            .unwrap();
        assert!(reader.join().unwrap());
    }
}
