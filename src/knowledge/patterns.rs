//! 3x3 shape patterns around a candidate point (hane, cuts, edge blocks),
//! in the spirit of MoGo's playout patterns (Gelly et al., 2006).
//!
//! A point's neighbourhood is coded in 16 bits (2 bits for each of the 8
//! surrounding points: empty, black, white, border); a 64 Kbit table built
//! once says whether any pattern, in any rotation, reflection or colour
//! swap, matches. A lookup is then 8 loads and a bit test.

use crate::rules::{Board, Cell, Point};

/// The shapes, centre = candidate point, rows top to bottom. `X` one
/// colour, `O` the other, `.` empty, `#` off board, `?` anything, `x` not
/// X (O or empty), `o` not O (X or empty).
const SHAPES: &[[&str; 3]] = &[
    // Hane: reach around an enemy stone that touches ours.
    ["XOX", "...", "???"],
    ["XO.", "...", "?.?"],
    ["XO?", "X..", "?.?"],
    ["XOO", "...", "?.?"],
    // Cuts: separate two enemy stones that touch our stone diagonally.
    ["XO?", "O.o", "?o?"],
    ["XO?", "O.X", "???"],
    ["?X?", "O.O", "ooo"],
    // First line: block or hane under an enemy stone.
    ["X.?", "O.?", "###"],
    ["?X?", "o.O", "###"],
    ["?XO", "x.x", "###"],
];

/// The pattern table (8 KiB).
pub struct Patterns {
    bits: Vec<u64>,
}

fn cell_code(c: Cell) -> u16 {
    c as u16 // Empty 0, Black 1, White 2, Border 3
}

/// Neighbourhood code of `p`: NW N NE W E SW S SE, 2 bits each.
#[inline]
pub fn code(board: &Board, p: Point) -> u16 {
    // neighbours() is [p - stride, p - 1, p + 1, p + stride] and the row
    // above has the higher index, so this is [S, W, E, N]; diagonals() is
    // [SW, SE, NW, NE].
    let [s, w, e, n] = board.neighbours(p);
    let [sw, se, nw, ne] = board.diagonals(p);
    let order = [sw, s, se, w, e, nw, n, ne];
    let mut c = 0u16;
    for (i, q) in order.iter().enumerate() {
        c |= cell_code(board.cell(*q)) << (2 * i);
    }
    c
}

/// Grid positions (row, col) of the 8 code slots in [`code`]'s order
/// (SW S SE W E NW N NE), with row 0 at the bottom.
const SLOTS: [(usize, usize); 8] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 0),
    (1, 2),
    (2, 0),
    (2, 1),
    (2, 2),
];

fn fits(pat: u8, cell: u16, swap: bool) -> bool {
    let (x, o) = if swap { (2, 1) } else { (1, 2) };
    match pat {
        b'?' => true,
        b'.' => cell == 0,
        b'#' => cell == 3,
        b'X' => cell == x,
        b'O' => cell == o,
        b'x' => cell == o || cell == 0,
        b'o' => cell == x || cell == 0,
        _ => false,
    }
}

fn transforms(shape: &[&str; 3]) -> Vec<[[u8; 3]; 3]> {
    let mut g = [[0u8; 3]; 3];
    for (r, row) in shape.iter().enumerate() {
        g[r].copy_from_slice(&row.as_bytes()[..3]);
    }
    let mut out = Vec::new();
    let mut cur = g;
    for _ in 0..4 {
        let mut rot = [[0u8; 3]; 3];
        for r in 0..3 {
            for c in 0..3 {
                rot[c][2 - r] = cur[r][c];
            }
        }
        cur = rot;
        let mut mirror = cur;
        for row in mirror.iter_mut() {
            row.reverse();
        }
        out.push(cur);
        out.push(mirror);
    }
    out
}

impl Patterns {
    /// Builds the table (a few milliseconds in release builds).
    pub fn new() -> Patterns {
        let mut bits = vec![0u64; 1 << 10];
        for g in SHAPES
            .iter()
            .flat_map(transforms)
            .filter(|g| g[1][1] == b'.')
        {
            for swap in [false, true] {
                // The values each of the 8 slots may take; every code in
                // their product matches. Shapes are written top row first:
                // grid row 2 - r is row r counted from the bottom.
                let allowed: Vec<Vec<u16>> = SLOTS
                    .iter()
                    .map(|&(r, c)| (0..4).filter(|&v| fits(g[2 - r][c], v, swap)).collect())
                    .collect();
                let mut codes = vec![0u16];
                for (slot, values) in allowed.iter().enumerate() {
                    codes = codes
                        .iter()
                        .flat_map(|&c| values.iter().map(move |&v| c | (v << (2 * slot))))
                        .collect();
                }
                for code in codes {
                    bits[code as usize >> 6] |= 1 << (code & 63);
                }
            }
        }
        Patterns { bits }
    }

    /// True if the neighbourhood of empty point `p` matches a pattern.
    #[inline]
    pub fn matches(&self, board: &Board, p: Point) -> bool {
        let c = code(board, p);
        self.bits[c as usize >> 6] >> (c & 63) & 1 == 1
    }
}

impl Default for Patterns {
    fn default() -> Patterns {
        Patterns::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};

    #[test]
    fn hane_matches_in_every_orientation_and_colour() {
        let pats = Patterns::new();
        // X O X over an empty row: the point under O is a hane.
        let b = parse(
            ". . . . .
             . X O X .
             . . . . .
             . . . . .
             . . . . .",
        );
        assert!(pats.matches(&b, vertex(b.size(), "C3").unwrap()));
        // Rotated and colour-swapped.
        let b = parse(
            ". . . . .
             . . O . .
             . . X . .
             . . O . .
             . . . . .",
        );
        assert!(pats.matches(&b, vertex(b.size(), "D3").unwrap()));
        // Empty surroundings match nothing.
        let b = parse(". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .");
        assert!(!pats.matches(&b, vertex(b.size(), "C3").unwrap()));
    }
}
