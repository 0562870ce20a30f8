//! The area a KataGo network is told each side owns (its inputs'
//! features 18 and 19 under area scoring): stones and regions that are
//! pass-alive by Benson's algorithm, the empty regions that only one side
//! borders, and every other stone for its colour. The rules of the count
//! are KataGo's (`calculateArea` in its `board.cpp`, read for the facts):
//! a region is the maximal set of connected points that are empty or the
//! opponent's, grown from an empty point; it is vital to a chain when
//! every one of its empty points (every point, where suicide is legal)
//! touches the chain; chains with fewer than two vital regions die, and
//! the regions beside them stop being vital, until nothing changes.

use crate::rules::{Board, Cell, Color, Point};

/// Each point's owner (`None`: nobody), indexed by `Point::index`.
pub fn owners(board: &Board, suicide_legal: bool) -> Vec<Option<Color>> {
    let size = board.size();
    let mut out = vec![None; size.array_len()];
    for color in [Color::Black, Color::White] {
        mark(board, color, suicide_legal, &mut out);
    }
    for p in size.points() {
        if out[p.index()].is_none() {
            out[p.index()] = board.cell(p).color();
        }
    }
    out
}

/// One region of points that are empty or `color`'s opponent's.
struct Region {
    points: Vec<Point>,
    /// The chains (their heads) every relevant point of it touches.
    vital_for: Vec<Point>,
    /// Points not beside any of `color`'s stones, up to 2.
    internal: u8,
    contains_opp: bool,
    borders_dead: bool,
}

/// Marks what `color` owns: its pass-alive chains and the regions around
/// them, and the empty regions only it borders.
fn mark(board: &Board, color: Color, suicide_legal: bool, out: &mut [Option<Color>]) {
    let size = board.size();
    let own = Cell::stone(color);
    let opp = Cell::stone(color.opponent());
    let mut region_of = vec![usize::MAX; size.array_len()];
    let mut regions: Vec<Region> = Vec::new();
    let heads_beside = |p: Point| -> Vec<Point> {
        let mut h = Vec::new();
        for q in board.neighbours(p) {
            if board.cell(q) == own {
                let head = board.chain_id(q);
                if !h.contains(&head) {
                    h.push(head);
                }
            }
        }
        h
    };
    let mut any_own = false;
    for start in size.points() {
        let cell = board.cell(start);
        if cell == own {
            any_own = true;
        }
        if cell != Cell::Empty || region_of[start.index()] != usize::MAX {
            continue;
        }
        let idx = regions.len();
        let mut r = Region {
            points: Vec::new(),
            vital_for: heads_beside(start),
            internal: 0,
            contains_opp: false,
            borders_dead: false,
        };
        let mut queue = vec![start];
        region_of[start.index()] = idx;
        while let Some(p) = queue.pop() {
            if !r.vital_for.is_empty() && (suicide_legal || board.cell(p) == Cell::Empty) {
                let beside = heads_beside(p);
                r.vital_for.retain(|h| beside.contains(h));
            }
            if r.internal < 2 && board.neighbours(p).iter().all(|&q| board.cell(q) != own) {
                r.internal += 1;
            }
            if board.cell(p) == opp {
                r.contains_opp = true;
            }
            r.points.push(p);
            for q in board.neighbours(p) {
                let c = board.cell(q);
                if (c == Cell::Empty || c == opp) && region_of[q.index()] == usize::MAX {
                    region_of[q.index()] = idx;
                    queue.push(q);
                }
            }
        }
        regions.push(r);
    }
    // Benson's iteration.
    let heads: Vec<Point> = size
        .points()
        .filter(|&p| board.cell(p) == own && board.chain_id(p) == p)
        .collect();
    let mut vital = vec![0u32; size.array_len()];
    for r in &regions {
        for h in &r.vital_for {
            vital[h.index()] += 1;
        }
    }
    let mut dead = vec![false; heads.len()];
    loop {
        let mut killed = false;
        for (i, &h) in heads.iter().enumerate() {
            if dead[i] || vital[h.index()] >= 2 {
                continue;
            }
            dead[i] = true;
            killed = true;
            for s in board.chain_stones(h) {
                for q in board.neighbours(s) {
                    let ri = region_of[q.index()];
                    if ri == usize::MAX || regions[ri].borders_dead {
                        continue;
                    }
                    regions[ri].borders_dead = true;
                    for v in &regions[ri].vital_for {
                        vital[v.index()] -= 1;
                    }
                }
            }
        }
        if !killed {
            break;
        }
    }
    for (i, &h) in heads.iter().enumerate() {
        if !dead[i] {
            for s in board.chain_stones(h) {
                out[s.index()] = Some(color);
            }
        }
    }
    for r in &regions {
        let alive_around = !r.borders_dead && any_own;
        if alive_around && (r.internal <= 1 || !r.contains_opp) {
            for p in &r.points {
                out[p.index()] = Some(color);
            }
        } else if !r.contains_opp && any_own {
            for p in &r.points {
                if out[p.index()].is_none() {
                    out[p.index()] = Some(color);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;
    use crate::rules::diagram::vertex;

    #[test]
    fn a_two_eyed_group_owns_its_eyes_and_a_lone_stone_only_itself() {
        use Color::{Black as B, White as W};
        let size = BoardSize::new(5).unwrap();
        // Black wall on the third column with eyes at A1... a full-height
        // wall along column B with two eyes in column A: A2 and A4.
        let mut stones = Vec::new();
        for v in ["A1", "A3", "A5", "B1", "B2", "B3", "B4", "B5"] {
            stones.push((B, vertex(size, v).unwrap()));
        }
        stones.push((W, vertex(size, "D3").unwrap()));
        let board = Board::with_stones(size, &stones).unwrap();
        let own = owners(&board, false);
        let at = |v: &str| own[vertex(size, v).unwrap().index()];
        assert_eq!(at("A2"), Some(B), "an eye");
        assert_eq!(at("A4"), Some(B), "an eye");
        assert_eq!(at("B3"), Some(B), "a pass-alive stone");
        assert_eq!(
            at("D3"),
            Some(W),
            "a stone that is not pass-alive keeps its colour"
        );
        assert_eq!(at("C3"), None, "the open area is nobody's");
    }

    #[test]
    fn an_empty_region_bordered_by_one_colour_is_its_own() {
        use Color::Black as B;
        let size = BoardSize::new(3).unwrap();
        let board = Board::with_stones(size, &[(B, vertex(size, "B2").unwrap())]).unwrap();
        let own = owners(&board, false);
        assert!(size.points().all(|p| own[p.index()] == Some(B)));
    }
}
