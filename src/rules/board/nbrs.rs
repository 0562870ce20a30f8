//! Packed neighbourhoods: for every on-board point, how many of its
//! orthogonal neighbours are empty, black or white, how many of its
//! diagonals are black, white or off the board, and what stands on each
//! of its eight neighbours (the 3x3 colours), kept up to date move by move
//! so the playouts' eye, suicide and shape tests read one word.

use super::{Board, Cell};
use crate::rules::color::Color;
use crate::rules::point::Point;

/// Per-point neighbourhood, packed in a `u64`: bits 0..12 count the
/// empty, black and white orthogonal neighbours in 4-bit fields (the rest
/// are border), bits 16..28 the black, white and border diagonals, and
/// bits 32..48 hold the eight neighbours' cells, 2 bits each (the `Cell`
/// values), in the order SW S SE W E NW N NE. Kept up to date for on-board
/// points (border entries hold garbage, updated with wrapping arithmetic)
/// so that the playouts' tests decide from one load instead of reading up
/// to eight cells.
const NBR_EMPTY: u64 = 0x001;
/// Shift of the diagonal fields (black, white, border) in the neighbour
/// counts.
const NBR_DIAG: u32 = 16;
/// The field counting border diagonals (constant for a point).
const NBR_DIAG_BORDER: u32 = NBR_DIAG + 8;
/// Shift of the eight neighbours' cells.
const NBR_CELLS: u32 = 32;
/// The slot (in the order SW S SE W E NW N NE) a point takes in the
/// neighbourhood of each of its orthogonal neighbours, in
/// [`Board::neighbours`] order (S W E N): it is north of its south
/// neighbour, and so on.
const SLOT_SEEN_ORTH: [u32; 4] = [6, 4, 3, 1];
/// The same for its diagonal neighbours, in [`Board::diagonals`] order
/// (SW SE NW NE).
const SLOT_SEEN_DIAG: [u32; 4] = [7, 5, 2, 0];

/// What a stone of colour `c` replacing an empty point adds to the
/// neighbourhoods of its orthogonal neighbours, in [`Board::neighbours`]
/// order: one empty neighbour fewer, one `c` neighbour more, and its cell
/// in the slot it fills.
#[inline]
pub(super) fn nbr_deltas(c: Color) -> [u64; 4] {
    let count = match c {
        Color::Black => 0x010 - NBR_EMPTY,
        Color::White => 0x100 - NBR_EMPTY,
    };
    SLOT_SEEN_ORTH.map(|slot| count + cell_in_slot(c, slot))
}

/// What a stone of colour `c` adds to the neighbourhoods of its diagonal
/// points, in [`Board::diagonals`] order.
#[inline]
pub(super) fn nbr_diag_deltas(c: Color) -> [u64; 4] {
    let count = diag_count(c);
    SLOT_SEEN_DIAG.map(|slot| count + cell_in_slot(c, slot))
}

/// One `c` diagonal, in the counts.
#[inline]
fn diag_count(c: Color) -> u64 {
    1 << (NBR_DIAG + nbr_shift(c) - 4)
}

/// A `c` stone's cell in neighbour slot `slot`.
#[inline]
fn cell_in_slot(c: Color, slot: u32) -> u64 {
    (Cell::stone(c) as u64) << (NBR_CELLS + 2 * slot)
}

/// The shift of colour `c`'s field in the neighbour counts.
#[inline]
fn nbr_shift(c: Color) -> u32 {
    match c {
        Color::Black => 4,
        Color::White => 8,
    }
}

impl Board {
    /// The neighbourhood of on-board point `p`, recomputed from the
    /// cells.
    pub(super) fn count_nbrs(&self, p: Point) -> u64 {
        let orth: u64 = self
            .neighbours(p)
            .iter()
            .map(|n| match self.cells[n.index()] {
                Cell::Empty => NBR_EMPTY,
                Cell::Black => 1 << nbr_shift(Color::Black),
                Cell::White => 1 << nbr_shift(Color::White),
                Cell::Border => 0,
            })
            .sum();
        let diag: u64 = self
            .diagonals(p)
            .iter()
            .map(|n| match self.cells[n.index()] {
                Cell::Empty => 0,
                Cell::Black => diag_count(Color::Black),
                Cell::White => diag_count(Color::White),
                Cell::Border => 1 << NBR_DIAG_BORDER,
            })
            .sum();
        let [s, w, e, n] = self.neighbours(p);
        let [sw, se, nw, ne] = self.diagonals(p);
        let cells = [sw, s, se, w, e, nw, n, ne]
            .iter()
            .enumerate()
            .map(|(slot, q)| (self.cells[q.index()] as u64) << (NBR_CELLS + 2 * slot as u32))
            .sum::<u64>();
        orth + diag + cells
    }

    /// Recomputes the neighbour counts of every on-board point.
    pub(super) fn rebuild_nbrs(&mut self) {
        for p in self.size.points() {
            self.nbrs[p.index()] = self.count_nbrs(p);
        }
    }

    /// Number of empty orthogonal neighbours of on-board point `p`.
    #[inline]
    pub fn empty_neighbours(&self, p: Point) -> usize {
        (self.nbrs[p.index()] & 0xf) as usize
    }

    /// Number of orthogonal neighbours of on-board point `p` that are `c`
    /// stones.
    #[inline]
    pub fn neighbours_of(&self, c: Color, p: Point) -> usize {
        ((self.nbrs[p.index()] >> nbr_shift(c)) & 0xf) as usize
    }

    /// The cells of on-board point `p`'s eight neighbours, 2 bits each
    /// (the `Cell` values: empty 0, black 1, white 2, off the board 3), in
    /// the order SW S SE W E NW N NE, where S, W, E and N are
    /// [`Board::neighbours`] and SW, SE, NW and NE [`Board::diagonals`]:
    /// the colours of the 3x3 shape around `p`, in one load.
    #[inline]
    pub fn neighbour_cells(&self, p: Point) -> u32 {
        (self.nbrs[p.index()] >> NBR_CELLS) as u32 & 0xffff
    }

    /// True if `p` is empty and all its neighbours are `color` stones or
    /// border, and the diagonals do not make it a false eye: at most one
    /// enemy diagonal in the middle, none on the edge. Playouts never fill
    /// such a point for `color`.
    pub fn is_true_eye(&self, color: Color, p: Point) -> bool {
        if self.cells[p.index()] != Cell::Empty {
            return false;
        }
        if self.empty_neighbours(p) > 0 || self.neighbours_of(color.opponent(), p) > 0 {
            return false;
        }
        let w = self.nbrs[p.index()];
        let bad = (w >> (NBR_DIAG + nbr_shift(color.opponent()) - 4)) & 0xf;
        let edge = (w >> NBR_DIAG_BORDER) & 0xf != 0;
        if edge { bad == 0 } else { bad < 2 }
    }
}
