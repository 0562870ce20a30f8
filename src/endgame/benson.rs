//! Benson's algorithm: chains that are alive even if their owner passes
//! every move from now on ("pass-alive"). Such chains are proven alive and
//! can never be called dead.
//!
//! For colour C: a *region* is a maximal connected set of points without
//! C stones. A region is *vital* to a C chain that borders it when every
//! empty point of the region is a liberty of that chain. Repeatedly drop
//! chains with fewer than two vital regions, and regions that border a
//! dropped chain; the chains left are pass-alive.

use crate::rules::point::MAX_POINTS;
use crate::rules::{Board, Cell, Color, Point};

/// A region (maximal connected set of points without `color` stones) and
/// its relation to the chains around it.
struct Region {
    /// The region's points (empty or enemy stones).
    points: Vec<Point>,
    /// Chains bordering the region.
    borders: Vec<Point>,
    /// Chains to which the region is vital.
    vital_to: Vec<Point>,
}

/// Benson's fixpoint for `color`: the chains (by head), whether each is
/// pass-alive, the regions, and whether each region is still healthy.
struct Solved {
    chains: Vec<Point>,
    chain_alive: Vec<bool>,
    regions: Vec<Region>,
    region_healthy: Vec<bool>,
}

/// For each point, true if it holds a pass-alive stone of `color`.
pub fn pass_alive(board: &Board, color: Color) -> Vec<bool> {
    let s = solve(board, color);
    let mut out = vec![false; MAX_POINTS];
    for (ci, &h) in s.chains.iter().enumerate() {
        if s.chain_alive[ci] {
            for p in board.chain_stones(h) {
                out[p.index()] = true;
            }
        }
    }
    out
}

/// For each point, true if it is `color`'s whatever the opponent does,
/// even if `color` passes from now on: a pass-alive stone, or a point of a
/// region vital to a pass-alive chain and bordered only by pass-alive
/// chains (every empty point there is a liberty of an uncapturable chain,
/// so the opponent can never make an eye there).
pub fn unconditional_area(board: &Board, color: Color) -> Vec<bool> {
    let s = solve(board, color);
    let mut out = pass_alive(board, color);
    for (ri, r) in s.regions.iter().enumerate() {
        let alive = |h: &Point| {
            s.chains
                .iter()
                .position(|c| c == h)
                .is_some_and(|ci| s.chain_alive[ci])
        };
        if s.region_healthy[ri] && r.vital_to.iter().any(alive) && r.borders.iter().all(alive) {
            for p in &r.points {
                out[p.index()] = true;
            }
        }
    }
    out
}

/// The regions of `color` (maximal connected sets of points without
/// `color` stones): for each point not holding a `color` stone the index
/// of its region, and each region's points.
pub(super) fn regions_of(board: &Board, color: Color) -> (Vec<usize>, Vec<Vec<Point>>) {
    let own = Cell::stone(color);
    let mut region_of = vec![usize::MAX; MAX_POINTS];
    let mut regions: Vec<Vec<Point>> = Vec::new();
    for start in board.size().points() {
        if board.cell(start) == own || region_of[start.index()] != usize::MAX {
            continue;
        }
        let id = regions.len();
        region_of[start.index()] = id;
        let mut points = vec![start];
        let mut i = 0;
        while i < points.len() {
            let q = points[i];
            i += 1;
            for n in board.neighbours(q) {
                let c = board.cell(n);
                if c != own && c != Cell::Border && region_of[n.index()] == usize::MAX {
                    region_of[n.index()] = id;
                    points.push(n);
                }
            }
        }
        regions.push(points);
    }
    (region_of, regions)
}

fn solve(board: &Board, color: Color) -> Solved {
    let own = Cell::stone(color);
    let size = board.size();
    // Chains of `color`, by head point.
    let mut chains: Vec<Point> = Vec::new();
    for p in size.points() {
        if board.cell(p) == own && board.chain_id(p) == p {
            chains.push(p);
        }
    }
    let mut regions: Vec<Region> = Vec::new();
    for points in regions_of(board, color).1 {
        let mut borders: Vec<Point> = Vec::new();
        for &q in &points {
            for n in board.neighbours(q) {
                if board.cell(n) == own {
                    let h = board.chain_id(n);
                    if !borders.contains(&h) {
                        borders.push(h);
                    }
                }
            }
        }
        let empties: Vec<Point> = points
            .iter()
            .copied()
            .filter(|&q| board.cell(q) == Cell::Empty)
            .collect();
        let vital_to = borders
            .iter()
            .copied()
            .filter(|&h| {
                empties.iter().all(|&e| {
                    board
                        .neighbours(e)
                        .iter()
                        .any(|&n| board.cell(n) == own && board.chain_id(n) == h)
                })
            })
            .collect();
        regions.push(Region {
            points,
            borders,
            vital_to,
        });
    }
    let mut chain_alive: Vec<bool> = vec![true; chains.len()];
    let mut region_healthy: Vec<bool> = vec![true; regions.len()];
    let index_of = |h: Point| {
        chains
            .iter()
            .position(|&c| c == h)
            .expect("a bordering chain is a chain")
    };
    loop {
        let mut changed = false;
        for (ci, &h) in chains.iter().enumerate() {
            if !chain_alive[ci] {
                continue;
            }
            let vital = regions
                .iter()
                .enumerate()
                .filter(|(ri, r)| region_healthy[*ri] && r.vital_to.contains(&h))
                .count();
            if vital < 2 {
                chain_alive[ci] = false;
                changed = true;
            }
        }
        for (ri, r) in regions.iter().enumerate() {
            if region_healthy[ri] && r.borders.iter().any(|&h| !chain_alive[index_of(h)]) {
                region_healthy[ri] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Solved {
        chains,
        chain_alive,
        regions,
        region_healthy,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};

    #[test]
    fn two_eyes_are_pass_alive_one_eye_is_not() {
        let b = parse(
            ". X . X O . .
             X X X X O . .
             O O O O O . .
             . . . . . . .
             . . . . O O O
             . . . . O . O
             . . . . O O .",
        );
        let black = pass_alive(&b, Color::Black);
        assert!(
            black[vertex(b.size(), "B6").unwrap().index()],
            "two one-point eyes"
        );
        let white = pass_alive(&b, Color::White);
        // The lower-right white group has two eyes, F2 and G1.
        assert!(white[vertex(b.size(), "E3").unwrap().index()]);
        // The white wall on top has no eye of its own: the points around
        // the black group are not its liberties, the open area neither.
        assert!(!white[vertex(b.size(), "A5").unwrap().index()]);
    }

    #[test]
    fn unconditional_area_is_alive_stones_and_their_small_regions() {
        // Black's wall on the middle column of a 3x3 board: both side
        // columns are vital regions, so the whole board is Black's.
        let b = parse(". X .\n. X .\n. X .");
        assert!(
            unconditional_area(&b, Color::Black)
                .iter()
                .filter(|&&a| a)
                .count()
                == 9
        );
        // One stone in the centre proves nothing.
        let b = parse(". . .\n. X .\n. . .");
        assert!(!unconditional_area(&b, Color::Black).iter().any(|&a| a));
        // A big open region beside a living group is not unconditional:
        // White could live there.
        let b = parse(
            ". X . X . . .
             X X X X . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        );
        let area = unconditional_area(&b, Color::Black);
        assert!(area[vertex(b.size(), "B6").unwrap().index()]);
        assert!(area[vertex(b.size(), "A7").unwrap().index()]);
        assert!(!area[vertex(b.size(), "D4").unwrap().index()]);
    }

    #[test]
    fn an_empty_board_proves_nothing() {
        let b = parse(". . .\n. X .\n. . .");
        assert!(!pass_alive(&b, Color::Black).iter().any(|&a| a));
    }
}
