//! `place_free_handicap`: hane chooses its own handicap stones.
//!
//! Stones are placed one at a time, as if White passed after each. Every
//! empty point that leaves the stones their liberties is a candidate; its
//! value is a prior (the standard handicap points first, the third and
//! fourth lines next, the first two lines last, distance from the stones
//! already placed) plus what light playouts from the current stones say
//! about the area around it: the less of it Black already owns in the
//! playouts, the more a stone there gains. So the stones spread out by
//! themselves, and the standard points are preferred but never imposed.
//!
//! GTP v2 (section 4.1.2) lets an engine place fewer stones than asked when
//! fewer already guarantee that it cannot lose. hane stops early only on
//! proof: when the area Benson's algorithm proves Black's beats the most
//! White could get plus komi plus the handicap bonus the rules give for
//! the stones placed so far. On a real board that never happens; on tiny
//! boards it does.
//!
//! Deterministic for a seed; the playouts per stone shrink as the count
//! grows, so the whole placement costs a bounded number of playouts.

use crate::endgame::benson;
use crate::knowledge::model::Model;
use crate::rules::point::MAX_POINTS;
use crate::rules::{Board, BoardSize, Cell, Color, Point, Rules, handicap};
use crate::search::playout::{self, PlayoutKind, Policy, Tactics};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Playouts spent on the whole placement (split over the stones).
const PLAYOUT_BUDGET: u32 = 2_400;
/// Playouts per stone, at least and at most.
const PLAYOUTS_PER_STONE: (u32, u32) = (16, 240);

/// Weights of the value of a candidate point.
const STANDARD_POINT: f32 = 0.6;
const STANDARD_CORNER: f32 = 0.3;
/// The centre point (standard for odd counts from five).
const STANDARD_CENTRE: f32 = 0.3;
const GOOD_LINE: f32 = 0.25;
const FIRST_LINE: f32 = -1.0;
const SECOND_LINE: f32 = -0.5;
const TOUCHING: f32 = -1.0;
const NEAR: f32 = -0.4;
const GAIN: f32 = 1.0;

/// The points hane chooses for `count` handicap stones on an empty board
/// of `size`: `count` of them, or fewer when fewer provably cannot lose
/// (then at least two). `count` must be 2 ..= area - 1 (the caller checks).
pub fn choose(
    size: BoardSize,
    rules: Rules,
    komi: f64,
    count: u32,
    model: &Model,
    seed: u64,
) -> Vec<Point> {
    let count = count.min(size.area().saturating_sub(1) as u32);
    let playouts =
        (PLAYOUT_BUDGET / count.max(1)).clamp(PLAYOUTS_PER_STONE.0, PLAYOUTS_PER_STONE.1);
    let standard = handicap::fixed_points(size, handicap::max_fixed(size)).unwrap_or_default();
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x6861_6e64_6963_6170);
    let mut stones: Vec<Point> = Vec::new();
    let mut board = Board::new(size);
    while (stones.len() as u32) < count {
        if stones.len() >= 2 && cannot_lose(&board, rules, komi, stones.len() as u32) {
            break;
        }
        let own = ownership(&board, model, playouts, &mut rng);
        let best = size
            .points()
            .filter(|&p| board.cell(p) == Cell::Empty && !board.is_suicide(Color::Black, p))
            .map(|p| (value(&board, &stones, &standard, &own, p), p))
            .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)));
        let Some((_, p)) = best else { break };
        stones.push(p);
        let placed: Vec<(Color, Point)> = stones.iter().map(|&s| (Color::Black, s)).collect();
        match Board::with_stones(size, &placed) {
            Some(b) => board = b,
            None => {
                stones.pop();
                break;
            }
        }
    }
    stones
}

/// True if Black wins whatever White does: the area proven Black's
/// (pass-alive stones and the small regions they enclose) beats every
/// other point going to White, plus komi and the handicap bonus for
/// `placed` stones under `rules`.
pub fn cannot_lose(board: &Board, rules: Rules, komi: f64, placed: u32) -> bool {
    let area = board.size().area() as f64;
    let proven = benson::unconditional_area(board, Color::Black)
        .iter()
        .filter(|&&a| a)
        .count() as f64;
    let bonus = rules.handicap_bonus.points(placed) as f64;
    proven - (area - proven) - komi - bonus > 0.0
}

/// Mean final owner (+1 Black, -1 White) per point index after light
/// playouts with White and Black starting alternately.
fn ownership(board: &Board, model: &Model, playouts: u32, rng: &mut SmallRng) -> Vec<f32> {
    let policy = Policy {
        kind: PlayoutKind::Light,
        model,
        tactics: Tactics::default(),
        replies: None,
        shape_log: None,
    };
    let mean = playout::mean_ownership(board, Color::White, policy, playouts, rng);
    let mut own = vec![0.0; MAX_POINTS];
    for (p, m) in board.size().points().zip(mean) {
        own[p.index()] = m;
    }
    own
}

/// Lines of the board a handicap stone likes: the 3rd and 4th from 13x13
/// up, the 3rd from 7x7, the 2nd below (0-based distance from the edge).
fn good_line(size: BoardSize, line: usize) -> bool {
    match size.get() {
        13.. => line == 2 || line == 3,
        7..=12 => line == 2,
        _ => line == 1,
    }
}

/// The value of a stone on `p`: prior plus the share of the area around
/// it that Black does not own yet in the playouts.
fn value(board: &Board, stones: &[Point], standard: &[Point], own: &[f32], p: Point) -> f32 {
    let size = board.size();
    let n = size.get();
    let (x, y) = size.coords(p);
    let mut v = 0.0;
    if let Some(i) = standard.iter().position(|&s| s == p) {
        v += STANDARD_POINT + if i < 4 { STANDARD_CORNER } else { 0.0 };
        if i == 8 {
            v += STANDARD_CENTRE;
        }
    }
    let (lx, ly) = (x.min(n - 1 - x), y.min(n - 1 - y));
    v += match lx.min(ly) {
        0 if n >= 4 => FIRST_LINE,
        1 if n >= 7 => SECOND_LINE,
        _ => 0.0,
    };
    if good_line(size, lx) || good_line(size, ly) {
        v += GOOD_LINE;
    }
    let nearest = stones
        .iter()
        .map(|&s| {
            let (sx, sy) = size.coords(s);
            sx.abs_diff(x).max(sy.abs_diff(y))
        })
        .min();
    v += match nearest {
        Some(1) => TOUCHING,
        Some(2) => NEAR,
        _ => 0.0,
    };
    // The area within `r` (Chebyshev) that Black does not own yet.
    let r = (n / 6).clamp(1, 3);
    let (mut open, mut cells) = (0.0, 0.0);
    for yy in y.saturating_sub(r)..=(y + r).min(n - 1) {
        for xx in x.saturating_sub(r)..=(x + r).min(n - 1) {
            if let Some(q) = size.point(xx, yy) {
                open += (1.0 - own[q.index()]) / 2.0;
                cells += 1.0;
            }
        }
    }
    v + GAIN * open / cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::point::vertex_name;

    fn place(n: u32, count: u32, seed: u64) -> Vec<Point> {
        let size = BoardSize::new(n).unwrap();
        choose(
            size,
            Rules::AGA,
            7.5,
            count,
            &crate::knowledge::builtin(),
            seed,
        )
    }

    fn names(n: u32, pts: &[Point]) -> String {
        let size = BoardSize::new(n).unwrap();
        pts.iter()
            .map(|&p| vertex_name(size, p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn nineteen_by_nineteen_up_to_nine_is_spread_on_the_third_and_fourth_lines() {
        let size = BoardSize::NINETEEN;
        for count in 2..=9 {
            let pts = place(19, count, 1);
            assert_eq!(pts.len(), count as usize, "{}", names(19, &pts));
            let mut d = pts.clone();
            d.sort();
            d.dedup();
            assert_eq!(d.len(), pts.len(), "distinct: {}", names(19, &pts));
            for (i, &a) in pts.iter().enumerate() {
                assert!(size.line(a) >= 2, "off the edge lines: {}", names(19, &pts));
                for &b in &pts[i + 1..] {
                    let ((ax, ay), (bx, by)) = (size.coords(a), size.coords(b));
                    let dist = ax.abs_diff(bx) + ay.abs_diff(by);
                    assert!(dist >= 6, "spread: {}", names(19, &pts));
                }
            }
        }
    }

    #[test]
    fn four_stones_take_the_four_corners() {
        let size = BoardSize::NINETEEN;
        let pts = place(19, 4, 7);
        let mut quadrants: Vec<(bool, bool)> = pts
            .iter()
            .map(|&p| {
                let (x, y) = size.coords(p);
                (x < 9, y < 9)
            })
            .collect();
        quadrants.sort();
        quadrants.dedup();
        assert_eq!(quadrants.len(), 4, "{}", names(19, &pts));
    }

    #[test]
    fn same_seed_same_stones() {
        assert_eq!(place(19, 9, 3), place(19, 9, 3));
        assert_eq!(place(9, 5, 3), place(9, 5, 3));
    }

    #[test]
    fn every_count_fits_and_leaves_a_point_empty() {
        for n in [2u32, 3, 4, 5, 9] {
            let size = BoardSize::new(n).unwrap();
            for count in 2..size.area() as u32 {
                let pts = place(n, count, 1);
                assert!(
                    pts.len() >= 2 && pts.len() <= count as usize,
                    "{n}: {count}"
                );
                let stones: Vec<(Color, Point)> = pts.iter().map(|&p| (Color::Black, p)).collect();
                assert!(
                    Board::with_stones(size, &stones).is_some(),
                    "liberties {n}: {count}"
                );
                assert!(pts.len() < size.area());
            }
        }
    }

    #[test]
    fn fewer_stones_only_when_they_cannot_lose() {
        for n in [2u32, 3, 4, 5] {
            let size = BoardSize::new(n).unwrap();
            for rules in [Rules::AGA, Rules::NEW_ZEALAND] {
                for komi in [0.5, 7.5] {
                    let count = size.area() as u32 - 1;
                    let pts = choose(size, rules, komi, count, &crate::knowledge::builtin(), 1);
                    if (pts.len() as u32) < count {
                        let stones: Vec<(Color, Point)> =
                            pts.iter().map(|&p| (Color::Black, p)).collect();
                        let b = Board::with_stones(size, &stones).unwrap();
                        assert!(cannot_lose(&b, rules, komi, pts.len() as u32));
                    }
                }
            }
        }
        // A tiny board with little komi does stop early.
        let size = BoardSize::new(5).unwrap();
        let pts = choose(
            size,
            Rules::NEW_ZEALAND,
            0.5,
            24,
            &crate::knowledge::builtin(),
            1,
        );
        assert!(pts.len() < 24, "{}", names(5, &pts));
    }

    #[test]
    fn the_handicap_bonus_counts_against_stopping() {
        // Black's wall on the middle column owns the whole 3x3 board: 9
        // points beat komi 8.5 by 0.5, but not komi plus AGA's bonus for
        // three stones (2 points).
        let b = crate::rules::diagram::parse(". X .\n. X .\n. X .");
        assert!(cannot_lose(&b, Rules::NEW_ZEALAND, 8.5, 3));
        assert!(!cannot_lose(&b, Rules::AGA, 8.5, 3));
    }
}
