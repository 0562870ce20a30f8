//! Packed neighbour counts: for every on-board point, how many of its
//! orthogonal neighbours are empty, black or white, and how many of its
//! diagonals are black, white or off the board, kept up to date move by
//! move so the playouts' eye and suicide tests read one word.

use super::{Board, Cell};
use crate::rules::color::Color;
use crate::rules::point::Point;

/// Per-point neighbour counts, packed in a `u32` of 4-bit fields: bits
/// 0..12 count the empty, black and white orthogonal neighbours (the rest
/// are border), bits 16..28 the black, white and border diagonals. Kept up
/// to date for on-board points (border entries hold garbage, updated with
/// wrapping arithmetic) so that the playouts' eye and suicide tests decide
/// from one load instead of reading up to eight cells.
const NBR_EMPTY: u32 = 0x001;
/// Shift of the diagonal fields (black, white, border) in the neighbour
/// counts.
const NBR_DIAG: u32 = 16;
/// The field counting border diagonals (constant for a point).
const NBR_DIAG_BORDER: u32 = NBR_DIAG + 8;

/// What a stone of colour `c` replacing an empty neighbour adds to a
/// point's neighbour counts.
#[inline]
pub(super) fn nbr_delta(c: Color) -> u32 {
    match c {
        Color::Black => 0x010 - NBR_EMPTY,
        Color::White => 0x100 - NBR_EMPTY,
    }
}

/// What a stone of colour `c` adds to the counts of its diagonal points.
#[inline]
pub(super) fn nbr_diag_delta(c: Color) -> u32 {
    1 << (NBR_DIAG + nbr_shift(c) - 4)
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
    /// The neighbour counts of on-board point `p`, recomputed from the
    /// cells.
    pub(super) fn count_nbrs(&self, p: Point) -> u32 {
        let orth: u32 = self
            .neighbours(p)
            .iter()
            .map(|n| match self.cells[n.index()] {
                Cell::Empty => NBR_EMPTY,
                Cell::Black => 1 << nbr_shift(Color::Black),
                Cell::White => 1 << nbr_shift(Color::White),
                Cell::Border => 0,
            })
            .sum();
        let diag: u32 = self
            .diagonals(p)
            .iter()
            .map(|n| match self.cells[n.index()] {
                Cell::Empty => 0,
                Cell::Black => nbr_diag_delta(Color::Black),
                Cell::White => nbr_diag_delta(Color::White),
                Cell::Border => 1 << NBR_DIAG_BORDER,
            })
            .sum();
        orth + diag
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
