//! Prior knowledge for new tree nodes: equivalent visits and wins from
//! cheap Go rules, so the search looks at captures, escapes and good shape
//! first and at self-ataris and empty first/second-line moves last.

use super::patterns::Patterns;
use super::playout::liberties_after;
use crate::rules::{Board, Cell, Color, Move, Point};

/// Baseline: every move starts with this many visits at 50%.
pub const EVEN: u32 = 10;
const CAPTURE: u32 = 15;
const ESCAPE: u32 = 15;
const PATTERN: u32 = 10;
const SELF_ATARI: u32 = 10;
const EMPTY_AREA: u32 = 10;
/// Bonus by distance to the last move (1, 2, 3; Manhattan distance with
/// diagonal neighbours at 2): local answers matter most.
const NEAR_LAST: [u32; 3] = [24, 22, 8];

/// True if no stone lies within Manhattan distance `d` of `p`.
fn empty_area(board: &Board, p: Point, d: usize) -> bool {
    let size = board.size();
    let (x, y) = size.coords(p);
    let n = size.get();
    for yy in y.saturating_sub(d)..=(y + d).min(n - 1) {
        for xx in x.saturating_sub(d)..=(x + d).min(n - 1) {
            if xx.abs_diff(x) + yy.abs_diff(y) <= d
                && let Some(q) = size.point(xx, yy)
                && board.cell(q) != Cell::Empty
            {
                return false;
            }
        }
    }
    true
}

/// (prior visits, prior wins) for `color` playing `p` on `board`.
pub fn prior(board: &Board, color: Color, p: Point, patterns: &Patterns) -> (u32, u32) {
    let (mut v, mut w) = (EVEN, EVEN / 2);
    let mut good = |amount: u32| {
        v += amount;
        w += amount;
    };
    let enemy = Cell::stone(color.opponent());
    let own = Cell::stone(color);
    let mut tactical = false;
    for n in board.neighbours(p) {
        let c = board.cell(n);
        if c == enemy && board.atari_liberty(n) == Some(p) {
            good(CAPTURE + (board.chain_len(n) as u32).min(10) * 2);
            tactical = true;
        } else if c == own
            && board.atari_liberty(n) == Some(p)
            && liberties_after(board, color, p, 3) >= 2
        {
            good(ESCAPE);
            tactical = true;
        }
    }
    if patterns.matches(board, p) {
        good(PATTERN);
    }
    if let Some((_, Move::Play(last))) = board.last_move() {
        let (lx, ly) = board.size().coords(last);
        let (x, y) = board.size().coords(p);
        let d = lx.abs_diff(x) + ly.abs_diff(y);
        if (1..=3).contains(&d) {
            good(NEAR_LAST[d - 1]);
        }
    }
    let line = board.size().line(p);
    let quiet = board.size().get() >= 9 && empty_area(board, p, 3);
    if quiet && (line == 2 || line == 3) {
        good(EMPTY_AREA);
    }
    // Bad moves only add visits: their prior win rate falls.
    if !tactical && liberties_after(board, color, p, 2) < 2 {
        v += SELF_ATARI;
    }
    if quiet && line <= 1 {
        v += EMPTY_AREA;
    }
    (v, w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};

    fn rate(b: &Board, c: Color, v: &str) -> f64 {
        let pats = Patterns::new();
        let (pv, pw) = prior(b, c, vertex(b.size(), v).unwrap(), &pats);
        pw as f64 / pv as f64
    }

    #[test]
    fn captures_beat_quiet_moves_and_self_atari_is_worst() {
        let b = parse(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . X O X . . .
             . . . . X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        let capture = rate(&b, Color::Black, "E7");
        let quiet = rate(&b, Color::Black, "H8");
        assert!(capture > quiet, "{capture} vs {quiet}");
        // White E7 extends the stone in atari to three liberties.
        assert!(rate(&b, Color::White, "E7") > 0.5);
        // First line in an empty area is discouraged, the third encouraged.
        let empty = parse(&". . . . . . . . .\n".repeat(9));
        assert!(rate(&empty, Color::Black, "A5") < 0.5);
        assert!(rate(&empty, Color::Black, "C5") > 0.5);
    }
}
