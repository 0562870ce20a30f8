//! Prior knowledge for new tree nodes: equivalent visits and wins from
//! cheap Go rules, so the search looks at captures, escapes and good shape
//! first and at self-ataris and empty first/second-line moves last.

use super::ladder;
use super::patterns::Patterns;
use super::tactics::liberties_after;
use crate::rules::{Board, Cell, Color, Move, Point};

/// Baseline: every move starts with this many visits at 50%.
pub const EVEN: u32 = 10;
const CAPTURE: u32 = 15;
const ESCAPE: u32 = 15;
/// An atari that starts a working ladder, or an escape into one.
const LADDER: u32 = 20;
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

/// True if `color` extending its chain through `chain` (in atari) at `p`
/// reaches two liberties and is then captured by a ladder.
fn escape_is_laddered(board: &Board, color: Color, p: Point, chain: Point) -> bool {
    let mut next = board.clone();
    next.play_unchecked(color, p);
    ladder::attack_captures(&next, color.opponent(), chain)
}

/// Distance from the last move: Manhattan, except that a liberty of the
/// last move's chain is at 1 — an approximation of michi's common-fate-graph
/// distance, where a chain counts as one point.
fn distance_to_last(board: &Board, p: Point, last: Point) -> usize {
    let size = board.size();
    let (lx, ly) = size.coords(last);
    let (x, y) = size.coords(p);
    let d = lx.abs_diff(x) + ly.abs_diff(y);
    if d > 1 && board.cell(last) != Cell::Empty {
        let chain = board.chain_id(last);
        let touches = board
            .neighbours(p)
            .iter()
            .any(|&n| board.cell(n) == board.cell(last) && board.chain_id(n) == chain);
        if touches {
            return 1;
        }
    }
    d
}

/// (prior visits, prior wins) for `color` playing `p` on `board`.
pub fn prior(board: &Board, color: Color, p: Point, patterns: &Patterns) -> (u32, u32) {
    // Good moves add visits and wins; bad ones only visits, so their
    // prior win rate falls.
    let (mut good, mut bad) = (0, 0);
    let enemy = Cell::stone(color.opponent());
    let own = Cell::stone(color);
    let mut tactical = false;
    let mut libs = [p; 3];
    for n in board.neighbours(p) {
        let c = board.cell(n);
        if c == enemy && board.atari_liberty(n) == Some(p) {
            good += CAPTURE + (board.chain_len(n) as u32).min(10) * 2;
            tactical = true;
        } else if c == own && board.atari_liberty(n) == Some(p) {
            match liberties_after(board, color, p, 3) {
                0 | 1 => {}
                // Running into a working ladder only loses more stones:
                // nothing else about the move matters.
                2 if escape_is_laddered(board, color, p, n) => return (EVEN + LADDER, EVEN / 2),
                _ => {
                    good += ESCAPE;
                    tactical = true;
                }
            }
        } else if c == enemy
            && board.liberties_upto(n, &mut libs) == 2
            && liberties_after(board, color, p, 2) >= 2
        {
            let mut next = board.clone();
            next.play_unchecked(color, p);
            if ladder::escape_fails(&next, n) {
                good += LADDER + (board.chain_len(n) as u32).min(10) * 2;
                tactical = true;
            }
        }
    }
    if patterns.matches(board, p) {
        good += PATTERN;
    }
    if let Some((_, Move::Play(last))) = board.last_move() {
        let d = distance_to_last(board, p, last);
        if (1..=3).contains(&d) {
            good += NEAR_LAST[d - 1];
        }
    }
    let line = board.size().line(p);
    let quiet = board.size().get() >= 9 && empty_area(board, p, 3);
    if quiet && (line == 2 || line == 3) {
        good += EMPTY_AREA;
    }
    if !tactical && liberties_after(board, color, p, 2) < 2 {
        bad += SELF_ATARI;
    }
    if quiet && line <= 1 {
        bad += EMPTY_AREA;
    }
    (EVEN + good + bad, EVEN / 2 + good)
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

    #[test]
    fn ladders_are_read() {
        // White C5 has two liberties and Black B5, B4, C6 form the ladder's
        // mouth: Black D5 (or C4) starts a ladder that works, and after
        // Black D5, White C4 runs into it.
        let b = parse(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . X . . . . . .
             . X O . . . . . .
             . X . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        let quiet = rate(&b, Color::Black, "G2");
        assert!(rate(&b, Color::Black, "D5") > quiet);
        let mut after = b.clone();
        after.play_unchecked(Color::Black, vertex(b.size(), "D5").unwrap());
        assert!(rate(&after, Color::White, "C4") < 0.5);
        // A ladder breaker at F3 turns the escape into a good move.
        after.play_unchecked(Color::White, vertex(b.size(), "F3").unwrap());
        after.play_unchecked(Color::Black, vertex(b.size(), "H8").unwrap());
        assert!(rate(&after, Color::White, "C4") > 0.5);
    }
}
