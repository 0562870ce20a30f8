//! Stone colours and a pair of values indexed by colour.

use std::fmt;
use std::ops::{Index, IndexMut, Neg};

/// The colour of a player or a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The player who moves first (and receives handicap stones).
    Black,
    /// The player who receives komi.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The other player.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// Who plays move `ply` (from 0) of a game that Black starts and
    /// the colours alternate in: Black on even plies.
    #[inline]
    pub fn of_ply(ply: usize) -> Color {
        if ply.is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        }
    }

    /// 0 for Black, 1 for White (array index).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// A value kept from Black's point of view (a margin, an ownership,
    /// a sign) seen from this colour: unchanged for Black, negated for
    /// White.
    #[inline]
    pub fn relative<T: Neg<Output = T>>(self, black_view: T) -> T {
        match self {
            Color::Black => black_view,
            Color::White => -black_view,
        }
    }

    /// Lower-case English name, as GTP prints it (`black`, `white`).
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A pair of values, one per colour (prisoners, pass stones, clocks...).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, c: Color) -> &T {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_black_view_value_is_negated_for_white_only() {
        assert_eq!(Color::Black.relative(3.5_f64), 3.5);
        assert_eq!(Color::White.relative(3.5_f64), -3.5);
        assert_eq!(Color::White.relative(-2_i8), 2);
        assert_eq!(Color::Black.relative(-2_i32), -2);
    }
}
