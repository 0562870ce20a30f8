//! Hand-made 3x3 shapes for the playouts: the local answers MoGo's
//! playouts draw around the last move before a random move (Gelly, Wang,
//! Munos, Teytaud, "Modification of UCT with Patterns in Monte-Carlo Go",
//! INRIA RR-6062, 2006): hane, the two kinds of cut, and moves on the
//! first line. A point matches if its eight neighbours fit one of the
//! shapes below, turned or reflected, with the colours either way round:
//! these are good moves for whichever side plays them.
//!
//! The shapes are written here from that description; the table is a bit
//! per colour code ([`pat3::colour_code`]), 8 KiB, built once.

use super::pat3::{self, Code, EDGE, EMPTY, OPP, OWN};
use std::sync::OnceLock;

/// The shapes, rows north to south, the candidate in the middle: `X` and
/// `O` stones of one colour and of the other, `.` empty, `#` off the
/// board, `x` anything but an `X` stone (edge included), `o` anything
/// but an `O` stone, `?` anything.
const SHAPES: [[&str; 3]; 10] = [
    // Hane: the move bends round the head of an O stone touching X.
    ["XOX", "...", "???"], // enclosing hane
    ["XO.", "...", "?.?"], // hane without a cut
    ["XO?", "X..", "x.?"], // bend (magari)
    // Cuts: the move separates two O stones that touch X diagonally.
    ["XO?", "O.o", "?o?"], // unguarded cut
    ["XO?", "O.X", "???"], // peeped cut
    ["?X?", "O.O", "ooo"], // cut between two stones
    // The first line.
    ["X.?", "O.?", "###"], // block on the edge
    ["?X?", "X.O", "###"], // block a cut on the edge
    ["?X?", "x.O", "###"], // stop a connection on the edge
    ["?OX", "X.O", "###"], // cut on the edge
];

/// The set of colour codes whose point fits one of the hand-made shapes.
pub struct HandShapes {
    bits: Box<[u64; 1024]>,
}

/// The shapes' table, built on first use and shared.
pub fn table() -> &'static HandShapes {
    static TABLE: OnceLock<HandShapes> = OnceLock::new();
    TABLE.get_or_init(HandShapes::build)
}

/// The neighbour states a shape character allows, with `X` the player to
/// move's colour (a 4-bit set over EMPTY, OWN, OPP, EDGE).
fn allowed(ch: u8) -> u32 {
    let one = |state: u32| 1 << state;
    match ch {
        b'.' => one(EMPTY),
        b'X' => one(OWN),
        b'O' => one(OPP),
        b'#' => one(EDGE),
        b'x' => one(EMPTY) | one(OPP) | one(EDGE),
        b'o' => one(EMPTY) | one(OWN) | one(EDGE),
        _ => 0b1111,
    }
}

/// The code with own and opponent stones swapped.
fn swapped(c: Code) -> Code {
    (0..8).fold(0, |out, slot| {
        let st = match (c >> (2 * slot)) & 3 {
            OWN => OPP,
            OPP => OWN,
            st => st,
        };
        out | st << (2 * slot)
    })
}

impl HandShapes {
    fn build() -> HandShapes {
        let mut table = HandShapes {
            bits: Box::new([0; 1024]),
        };
        for rows in SHAPES {
            // Each slot's allowed states, slots in code order.
            let mut sets = [0u32; 8];
            for (r, row) in rows.iter().enumerate() {
                for (col, ch) in row.bytes().enumerate() {
                    let at = (col as i32 - 1, 1 - r as i32);
                    if let Some(slot) = pat3::SLOTS.iter().position(|&s| s == at) {
                        sets[slot] = allowed(ch);
                    }
                }
            }
            table.insert_all(&sets, 0, 0);
        }
        table
    }

    /// Inserts every code fitting `sets` from `slot` on, the slots before
    /// it fixed in `code`, under every symmetry and both colourings.
    fn insert_all(&mut self, sets: &[u32; 8], slot: usize, code: Code) {
        if slot == 8 {
            for v in pat3::variants(code) {
                self.insert(v);
                self.insert(swapped(v));
            }
            return;
        }
        for state in 0..4 {
            if sets[slot] & (1 << state) != 0 {
                self.insert_all(sets, slot + 1, code | state << (2 * slot));
            }
        }
    }

    fn insert(&mut self, c: Code) {
        let c = (c & 0xffff) as usize;
        self.bits[c >> 6] |= 1 << (c & 63);
    }

    /// True if a point with colour code `c` fits a hand-made shape.
    #[inline]
    pub fn matches(&self, c: Code) -> bool {
        let c = (c & 0xffff) as usize;
        (self.bits[c >> 6] >> (c & 63)) & 1 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};
    use crate::rules::{Board, Color};

    fn fits(b: &Board, color: Color, at: &str) -> bool {
        let p = vertex(b.size(), at).unwrap_or_else(|| panic!("{at}"));
        table().matches(pat3::colour_code(b, color, p))
    }

    #[test]
    fn a_hane_matches_for_either_side_and_turned() {
        // Black C4 touches White D4. D3 bends round White's stone below
        // it, C3 round Black's: both are hane, for either side to play.
        let b = parse(
            ". . . . . .
             . . . . . .
             . . X O . .
             . . . . . .
             . . . . . .
             . . . . . .",
        );
        for color in [Color::Black, Color::White] {
            assert!(fits(&b, color, "D3"));
            assert!(fits(&b, color, "C3"));
        }
        // A point that touches one stone only diagonally, and open
        // ground, fit no shape.
        assert!(!fits(&b, Color::Black, "B5"));
        assert!(!fits(&b, Color::Black, "F2"));
    }

    #[test]
    fn a_cut_matches_only_where_it_is_not_guarded() {
        // White B4 and C5 touch Black B5 diagonally: C4 cuts them.
        let open = parse(
            ". . . . . .
             . X O . . .
             . O . . . .
             . . . . . .
             . . . . . .
             . . . . . .",
        );
        assert!(fits(&open, Color::Black, "C4"));
        // With White D4 as well the cut would have one liberty left.
        let guarded = parse(
            ". . . . . .
             . X O . . .
             . O . O . .
             . . . . . .
             . . . . . .
             . . . . . .",
        );
        assert!(!fits(&guarded, Color::Black, "C4"));
    }

    #[test]
    fn edge_shapes_need_the_edge() {
        // Black B2 above B1, White C1 beside it on the first line: B1
        // stops White's connection along the edge.
        let b = parse(
            ". . . . .
             . . . . .
             . . . . .
             . X . . .
             . . O . .",
        );
        assert!(fits(&b, Color::Black, "B1"));
        assert!(fits(&b, Color::White, "B1"));
        // The same stones one line up are not at the edge.
        let up = parse(
            ". . . . .
             . . . . .
             . X . . .
             . . O . .
             . . . . .",
        );
        assert!(!fits(&up, Color::Black, "B2"));
    }

    #[test]
    fn the_table_holds_the_shapes_and_little_else() {
        let t = table();
        assert!(t.bits.iter().any(|&w| w != 0));
        // An empty neighbourhood is open ground: no shape.
        assert!(!t.matches(0));
        // Away from the edge every shape has two stones or more: a point
        // beside one stone alone fits none.
        for slot in 0..8 {
            for stone in [OWN, OPP] {
                assert!(!t.matches(stone << (2 * slot)));
            }
        }
    }
}
