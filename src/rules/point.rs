//! Points, moves and board sizes.
//!
//! A [`Point`] is an index into a padded one-dimensional array: one border
//! row above and below the board and one border column shared between the
//! left and right edges (stride = size + 1). Every on-board point therefore
//! has four neighbours and four diagonals that are valid indices, so the
//! board code never tests coordinates in its hot paths.

use std::fmt;

/// Smallest board hane plays on.
pub const MIN_SIZE: u8 = 2;
/// Largest board: the GTP vertex syntax stops at 25 (letters A..Z without I).
pub const MAX_SIZE: u8 = 25;
/// The largest board's padded array: 27 rows of 26 points, and one.
const LARGEST_ARRAY: usize = (MAX_SIZE as usize + 2) * (MAX_SIZE as usize + 1) + 1;
/// Length of the padded point arrays: `LARGEST_ARRAY` rounded up to a
/// power of two, so that an index masked to it ([`Point::index`]) is in
/// bounds by construction and the compiler drops the bounds check of
/// every array of this length.
pub const MAX_POINTS: usize = LARGEST_ARRAY.next_power_of_two();

/// A validated board size (2..=25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize(u8);

impl BoardSize {
    /// The usual 19x19 board.
    pub const NINETEEN: BoardSize = BoardSize(19);

    /// A size, if it is one hane supports.
    pub fn new(n: u32) -> Option<BoardSize> {
        (MIN_SIZE as u32..=MAX_SIZE as u32)
            .contains(&n)
            .then_some(BoardSize(n as u8))
    }

    /// Width (= height) of the board.
    #[inline]
    pub fn get(self) -> usize {
        self.0 as usize
    }

    /// Distance in the array between vertically adjacent points.
    #[inline]
    pub fn stride(self) -> usize {
        self.0 as usize + 1
    }

    /// Number of entries of the padded array actually used for this size.
    #[inline]
    pub fn array_len(self) -> usize {
        (self.get() + 2) * self.stride() + 1
    }

    /// Number of points on the board.
    #[inline]
    pub fn area(self) -> usize {
        self.get() * self.get()
    }

    /// The point at column `x` (0 = A, left) and row `y` (0 = bottom row,
    /// printed as 1), if it is on the board.
    pub fn point(self, x: usize, y: usize) -> Option<Point> {
        (x < self.get() && y < self.get()).then(|| Point(((y + 1) * self.stride() + x + 1) as u16))
    }

    /// Column and row of an on-board point (see [`BoardSize::point`]).
    #[inline]
    pub fn coords(self, p: Point) -> (usize, usize) {
        let i = p.index();
        (i % self.stride() - 1, i / self.stride() - 1)
    }

    /// All on-board points, row by row from the bottom-left corner.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let n = self.get();
        (0..n).flat_map(move |y| (0..n).map(move |x| Point(((y + 1) * (n + 1) + x + 1) as u16)))
    }

    /// Distance from the nearest edge: 0 on the first line, 1 on the second...
    pub fn line(self, p: Point) -> usize {
        let (x, y) = self.coords(p);
        let n = self.get() - 1;
        x.min(y).min(n - x).min(n - y)
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// An index into the padded board array (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub(crate) u16);

impl Point {
    /// The array index. Every point of a board is below [`MAX_POINTS`];
    /// the mask changes none of them, and proves to the compiler that an
    /// index into an array of that length needs no check.
    #[inline]
    pub fn index(self) -> usize {
        debug_assert!(
            (self.0 as usize) < MAX_POINTS,
            "point {} out of range",
            self.0
        );
        self.0 as usize & (MAX_POINTS - 1)
    }
}

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Put a stone on this point.
    Play(Point),
    /// Pass.
    Pass,
}

impl Move {
    /// The point of a stone move, `None` for a pass.
    #[inline]
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }
}

/// GTP column letters: A..Z without I.
pub const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Writes a point as a GTP vertex (`D4`).
pub fn vertex_name(size: BoardSize, p: Point) -> String {
    let (x, y) = size.coords(p);
    format!("{}{}", COLUMNS[x] as char, y + 1)
}

/// Writes a move as GTP does (`D4`, `pass`).
pub fn move_name(size: BoardSize, mv: Move) -> String {
    match mv {
        Move::Play(p) => vertex_name(size, p),
        Move::Pass => "pass".to_string(),
    }
}

/// Reads a GTP vertex such as `D4` or `d4` into (column, row) counted from
/// the bottom-left corner, without checking it against a board size.
/// `None` if it is not a vertex at all (`pass` is not a vertex).
pub fn parse_vertex(text: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let (&letter, digits) = bytes.split_first()?;
    let x = COLUMNS
        .iter()
        .position(|&c| c == letter.to_ascii_uppercase())?;
    if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let row: usize = std::str::from_utf8(digits).ok()?.parse().ok()?;
    (1..=MAX_SIZE as usize).contains(&row).then(|| (x, row - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_2_to_25_are_refused() {
        assert!(BoardSize::new(1).is_none());
        assert!(BoardSize::new(26).is_none());
        assert!(BoardSize::new(2).is_some());
        assert!(BoardSize::new(25).is_some());
    }

    #[test]
    fn coordinates_round_trip_and_padding_fits() {
        for n in 2..=25 {
            let s = BoardSize::new(n).unwrap();
            assert!(s.array_len() <= MAX_POINTS);
            assert_eq!(s.points().count(), s.area());
            for p in s.points() {
                let (x, y) = s.coords(p);
                assert_eq!(s.point(x, y), Some(p));
            }
        }
    }

    #[test]
    fn vertices_parse_in_any_case_and_skip_i() {
        assert_eq!(parse_vertex("D4"), Some((3, 3)));
        assert_eq!(parse_vertex("d4"), Some((3, 3)));
        assert_eq!(parse_vertex("J1"), Some((8, 0)));
        assert_eq!(parse_vertex("Z25"), Some((24, 24)));
        for bad in [
            "I5", "A0", "A26", "A", "4D", "", "A-1", "A+1", "AA1", "A007", "pass",
        ] {
            assert_eq!(parse_vertex(bad), None, "{bad}");
        }
    }

    #[test]
    fn vertex_names_skip_i() {
        let s = BoardSize::NINETEEN;
        assert_eq!(vertex_name(s, s.point(3, 3).unwrap()), "D4");
        assert_eq!(vertex_name(s, s.point(8, 0).unwrap()), "J1");
        assert_eq!(vertex_name(s, s.point(18, 18).unwrap()), "T19");
    }
}
