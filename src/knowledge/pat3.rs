//! The 3x3 shape around a candidate point with liberty information: the
//! eight neighbours seen from the player to move (empty, own, opponent,
//! off the board) and, for the four orthogonal neighbours that are
//! stones, their chain's liberties (1, 2, 3 or more).
//!
//! A code packs the colours in bits 0..16 (2 bits a neighbour) and the
//! liberty classes in bits 16..24 (2 bits an orthogonal neighbour). The
//! canonical code is the least code over the eight symmetries, so a shape
//! and its rotations and reflections share one; colours are relative to
//! the player, so a colour swap with the other player to move is the same
//! shape too.

use crate::rules::{Board, Cell, Color, Point};
use std::sync::OnceLock;

/// Neighbour offsets in code order: SW S SE W E NW N NE.
pub const SLOTS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];
/// The orthogonal slots (S W E N), in the order of their liberty fields.
const ORTHO: [usize; 4] = [1, 3, 4, 6];

/// A neighbour's 2-bit field: empty.
pub const EMPTY: u32 = 0;
/// A neighbour's 2-bit field: a stone of the player to move.
pub const OWN: u32 = 1;
/// A neighbour's 2-bit field: an opponent's stone.
pub const OPP: u32 = 2;
/// A neighbour's 2-bit field: off the board.
pub const EDGE: u32 = 3;

/// A 3x3 code, raw (as seen) or canonical.
pub type Code = u32;

// A cell's discriminant is its field as Black sees it, so a code is the
// board's packed neighbour cells ([`Board::neighbour_cells`], in the
// order of `SLOTS`) and, for White, has the two stone fields swapped;
// this fails to compile if `Cell` ever changes them.
const _: () = assert!(
    Cell::Empty as u32 == EMPTY
        && Cell::Black as u32 == OWN
        && Cell::White as u32 == OPP
        && Cell::Border as u32 == EDGE
);

/// `c`'s neighbour fields with own and opponent swapped (empty and edge
/// stay): the code seen from the other player.
#[inline]
fn swap_colours(c: Code) -> Code {
    ((c & 0x5555) << 1) | ((c >> 1) & 0x5555)
}

fn lib_class(board: &Board, q: Point) -> u32 {
    let mut libs = [q; 3];
    board.liberties_upto(q, &mut libs) as u32
}

/// The raw code of `p` for `color` to play.
pub fn code(board: &Board, color: Color, p: Point) -> Code {
    with_libs(board, color, p, lib_class)
}

/// The raw code of `p` for `color` to play with atari information only:
/// an orthogonal stone's liberty field is 1 if its chain is in atari, 0
/// otherwise (the playouts' shapes).
#[inline]
pub fn atari_code(board: &Board, color: Color, p: Point) -> Code {
    with_libs(board, color, p, |b, q| b.in_atari(q) as u32)
}

/// The colours of `p`'s eight neighbours for `color` to play, without
/// liberty fields (bits 0..16 only; the hand-made playout shapes).
#[inline]
pub fn colour_code(board: &Board, color: Color, p: Point) -> Code {
    with_libs(board, color, p, |_, _| 0)
}

/// Number of distinct compact atari codes (16 colour bits, 4 atari bits).
pub const ATARI_CODES: usize = 1 << 20;

/// An atari code packed into 20 bits, for table lookups.
#[inline]
pub fn compact(c: Code) -> usize {
    let libs = c >> 16;
    let atari = (libs & 1) | ((libs >> 1) & 2) | ((libs >> 2) & 4) | ((libs >> 3) & 8);
    ((c & 0xffff) | (atari << 16)) as usize
}

/// The compact indices of atari code `c` under its eight symmetries (a
/// code whose liberty fields are not all atari bits has none).
pub fn atari_indices(c: Code) -> impl Iterator<Item = usize> {
    variants(c).into_iter().filter_map(|v| {
        let i = compact(v);
        (expand(i) == v).then_some(i)
    })
}

/// The atari code of a compact index (the inverse of [`compact`]).
pub fn expand(i: usize) -> Code {
    let i = i as u32;
    let a = i >> 16;
    let libs = (a & 1) | ((a & 2) << 1) | ((a & 4) << 2) | ((a & 8) << 3);
    (i & 0xffff) | (libs << 16)
}

#[inline]
fn with_libs(board: &Board, color: Color, p: Point, libs: impl Fn(&Board, Point) -> u32) -> Code {
    // The board keeps the colours in this module's slot order, as Black
    // sees them (a cell's value is its field for Black).
    let mut c = board.neighbour_cells(p);
    if color == Color::White {
        c = swap_colours(c);
    }
    // neighbours() is [S, W, E, N], the order of ORTHO.
    for (j, (&slot, q)) in ORTHO.iter().zip(board.neighbours(p)).enumerate() {
        let st = (c >> (2 * slot)) & 3;
        if st == OWN || st == OPP {
            c |= libs(board, q) << (16 + 2 * j);
        }
    }
    c
}

/// slot_map[t][i]: where slot i goes under symmetry t.
fn slot_maps() -> &'static [[usize; 8]; 8] {
    static MAPS: OnceLock<[[usize; 8]; 8]> = OnceLock::new();
    MAPS.get_or_init(|| {
        let mut maps = [[0; 8]; 8];
        for (t, map) in maps.iter_mut().enumerate() {
            for (i, &(dx, dy)) in SLOTS.iter().enumerate() {
                let (x, y) = if t & 4 != 0 { (dy, dx) } else { (dx, dy) };
                let x = if t & 1 != 0 { -x } else { x };
                let y = if t & 2 != 0 { -y } else { y };
                map[i] = SLOTS.iter().position(|&s| s == (x, y)).unwrap_or(i);
            }
        }
        maps
    })
}

/// The code under symmetry `t`.
fn transformed(c: Code, t: usize) -> Code {
    let map = &slot_maps()[t];
    let mut out = 0;
    for (i, &to) in map.iter().enumerate() {
        out |= ((c >> (2 * i)) & 3) << (2 * to);
    }
    for (j, &slot) in ORTHO.iter().enumerate() {
        let libs = (c >> (16 + 2 * j)) & 3;
        let to = ORTHO.iter().position(|&o| o == map[slot]).unwrap_or(j);
        out |= libs << (16 + 2 * to);
    }
    out
}

/// The code under each of the eight symmetries.
pub fn variants(c: Code) -> [Code; 8] {
    std::array::from_fn(|t| transformed(c, t))
}

/// The least code over the eight symmetries.
pub fn canonical(c: Code) -> Code {
    (0..8).map(|t| transformed(c, t)).min().unwrap_or(c)
}

/// The canonical code of `p` for `color` to play.
pub fn canonical_code(board: &Board, color: Color, p: Point) -> Code {
    canonical(code(board, color, p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};

    #[test]
    fn rotations_reflections_and_colour_swaps_share_a_code() {
        // C2 under White C3 with Black B3 beside it; B2 sees the same
        // shape turned a quarter (White C2 east, Black C3 north-east); and
        // the colours swapped with White to play.
        let a = parse(
            ". . . . .
             . . . . .
             . X O . .
             . . . . .
             . . . . .",
        );
        let b = parse(
            ". . . . .
             . . . . .
             . . X . .
             . . O . .
             . . . . .",
        );
        let swapped = parse(
            ". . . . .
             . . . . .
             . O X . .
             . . . . .
             . . . . .",
        );
        let v = |b: &Board, s| vertex(b.size(), s).unwrap();
        let ca = canonical_code(&a, Color::Black, v(&a, "C2"));
        let cb = canonical_code(&b, Color::Black, v(&b, "B2"));
        let cs = canonical_code(&swapped, Color::White, v(&swapped, "C2"));
        assert_eq!(ca, cb);
        assert_eq!(ca, cs);
        // The other player sees another shape.
        assert_ne!(ca, canonical_code(&a, Color::White, v(&a, "C2")));
    }

    #[test]
    fn liberties_and_edges_are_part_of_the_code() {
        // White B2 has one liberty, B1; in the second board White B2
        // has three.
        let atari = parse(
            ". . . . .
             . . . . .
             . X . . .
             X O X . .
             . . . . .",
        );
        let free = parse(
            ". . . . .
             . . . . .
             . . . . .
             . O X . .
             . . . . .",
        );
        let v = |b: &Board, s| vertex(b.size(), s).unwrap();
        let ca = code(&atari, Color::Black, v(&atari, "B1"));
        let cf = code(&free, Color::Black, v(&free, "B1"));
        // B1 on the first line: its three southern neighbours are edge.
        for slot in 0..3 {
            assert_eq!((ca >> (2 * slot)) & 3, EDGE);
        }
        // North of B1 is White B2: one liberty (B1) vs three.
        assert_eq!((ca >> (16 + 2 * 3)) & 3, 1);
        assert_eq!((cf >> (16 + 2 * 3)) & 3, 3);
        assert_ne!(canonical(ca), canonical(cf));
    }

    #[test]
    fn atari_codes_pack_into_twenty_bits() {
        let b = parse(
            ". . . . .
             . . . . .
             . X . . .
             X O X . .
             . . . . .",
        );
        let v = |s| vertex(b.size(), s).unwrap();
        let c = atari_code(&b, Color::Black, v("B1"));
        // North of B1 is White B2, in atari; the other fields say nothing.
        assert_eq!(c >> 16, 1 << (2 * 3));
        assert!(compact(c) < ATARI_CODES);
        assert_eq!(expand(compact(c)), c);
        for i in (0..ATARI_CODES).step_by(7919) {
            assert_eq!(compact(expand(i)), i);
        }
        // Symmetries keep atari codes atari codes.
        assert_eq!(expand(compact(canonical(c))), canonical(c));
    }

    #[test]
    fn canonical_is_a_class_invariant() {
        for c in (0..1u32 << 24).step_by(104_729) {
            let k = canonical(c);
            for t in 0..8 {
                assert_eq!(canonical(transformed(c, t)), k);
            }
        }
    }
}
