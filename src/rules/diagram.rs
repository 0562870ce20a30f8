//! ASCII boards: parsing test diagrams and printing `showboard`.
//!
//! A diagram lists rows from the top (highest row number) down, points
//! separated by spaces: `X` black, `O` white, `.` or `+` empty.

use super::board::{Board, Cell};
use super::color::Color;
use super::point::{BoardSize, COLUMNS, Point, parse_vertex};
use std::fmt;

/// Builds a board from a diagram. Panics on a malformed diagram: this is
/// for tests and fixed positions written in the source.
pub fn parse(text: &str) -> Board {
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| {
            l.split_whitespace()
                .filter_map(|t| t.chars().next())
                .collect::<Vec<_>>()
        })
        .filter(|r| !r.is_empty())
        .collect();
    let n = rows.len();
    let size = BoardSize::new(n as u32).expect("diagram size between 2 and 25");
    let mut stones = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), n, "diagram row {r} has the wrong width");
        for (x, &ch) in row.iter().enumerate() {
            let p = size.point(x, n - 1 - r).expect("on board");
            match ch {
                'X' | 'x' | '#' => stones.push((Color::Black, p)),
                'O' | 'o' => stones.push((Color::White, p)),
                '.' | '+' => {}
                other => panic!("unexpected diagram character {other:?}"),
            }
        }
    }
    Board::with_stones(size, &stones).expect("every chain in a diagram has a liberty")
}

/// An on-board point from a GTP vertex, for tests and fixed positions.
pub fn vertex(size: BoardSize, text: &str) -> Option<Point> {
    let (x, y) = parse_vertex(text)?;
    size.point(x, y)
}

/// The board as text with coordinates, one row per line, no blank line.
pub fn render(board: &Board) -> String {
    let size = board.size();
    let n = size.get();
    let letters: String = COLUMNS[..n]
        .iter()
        .map(|&c| format!(" {}", c as char))
        .collect();
    let mut out = format!("  {letters}\n");
    let last = match board.last_move() {
        Some((_, super::point::Move::Play(p))) => Some(p),
        _ => None,
    };
    for y in (0..n).rev() {
        out.push_str(&format!("{:>2}", y + 1));
        for x in 0..n {
            let p = size.point(x, y).expect("on board");
            let ch = match board.cell(p) {
                Cell::Black => 'X',
                Cell::White => 'O',
                _ if is_star_point(size, x, y) => '+',
                _ => '.',
            };
            let sep = if Some(p) == last {
                '('
            } else if last.is_some_and(|l| size.point(x.wrapping_sub(1), y) == Some(l)) {
                ')'
            } else {
                ' '
            };
            out.push(sep);
            out.push(ch);
        }
        let close = if last.is_some_and(|l| size.point(n - 1, y) == Some(l)) {
            ')'
        } else {
            ' '
        };
        out.push(close);
        out.push_str(&format!("{}\n", y + 1));
    }
    out.push_str(&format!("  {letters}"));
    out
}

/// A board prints as its diagram (in test failures and logs).
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&render(self))
    }
}

fn is_star_point(size: BoardSize, x: usize, y: usize) -> bool {
    let n = size.get();
    if n < 7 {
        return false;
    }
    let edge = if n >= 13 { 3 } else { 2 };
    let lines = if n % 2 == 1 && n >= 9 {
        vec![edge, n / 2, n - 1 - edge]
    } else {
        vec![edge, n - 1 - edge]
    };
    lines.contains(&x) && lines.contains(&y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_render_round_trip() {
        let b = parse(
            ". X .
             O . .
             . . X",
        );
        let text = render(&b);
        assert!(text.contains(" 3 . X . 3"), "{text}");
        assert!(text.contains(" 2 O . . 2"), "{text}");
        assert!(text.contains(" 1 . . X 1"), "{text}");
        assert!(!text.lines().any(|l| l.trim().is_empty()));
    }
}
