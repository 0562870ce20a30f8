//! Local fights: a group of one colour together with every point its life
//! depends on, small enough to read out exhaustively ([`super::solver`]).
//!
//! For the defending colour D, a *region* is a maximal connected set of
//! points without D stones (empty points and attacker stones); D stones
//! and the edge enclose it. A region is *small* (an eye space) when it has
//! at most [`MAX_REGION_POINTS`] points of which at most
//! [`MAX_REGION_EMPTY`] are empty. D chains bordering the same small region
//! form one group. The fight of a group is:
//! - its chains, closed under "another D chain has a liberty in the area";
//! - the area: its small regions (attacker stones inside included) and its
//!   other liberties, the *outer* liberties;
//! - the attacker chains inside: every liberty in the area, so they live or
//!   die in the fight;
//! - the attacker chains outside: next to the group or the area but with
//!   liberties elsewhere (the walls around the group).
//!
//! A wall with a single liberty outside the area could be captured in the
//! fight: its liberties join the area (a capturing race), and the chains
//! that then touch the area are classified again.
//!
//! A group is isolated, and gets a fight, only when every outer liberty
//! touches an attacker stone (it is a dame point against a wall, not an
//! opening into open space), lies in an empty space of at most
//! [`MAX_OPEN_SPACE`] points (which joins the area whole), or has only
//! points touching the attacker as empty neighbours (they join the area), every wall has at least two liberties outside
//! the area, and the area has at most [`MAX_FIGHT_EMPTY`] empty points. Then
//! the group's liberties all lie in the area: moves elsewhere cannot touch
//! it, only moves in the area can.

use super::benson;
use crate::rules::point::MAX_POINTS;
use crate::rules::{Board, Cell, Color, Point};

/// Largest eye space (points, attacker stones included).
pub const MAX_REGION_POINTS: usize = 14;
/// Most empty points in one eye space.
pub const MAX_REGION_EMPTY: usize = 9;
/// Most empty points in a whole fight area.
pub const MAX_FIGHT_EMPTY: usize = 12;
/// Largest empty space next to a group that joins its area whole.
pub const MAX_OPEN_SPACE: usize = 10;
/// Most short-of-liberties walls a fight may take in.
const MAX_ABSORBED: usize = 4;

/// One isolated group and the points its life depends on.
#[derive(Clone, Debug)]
pub struct Fight {
    /// The group's colour.
    pub defender: Color,
    /// The group's chains (head stones).
    pub chains: Vec<Point>,
    /// Attacker chains whose liberties all lie in the area (head stones).
    pub inside: Vec<Point>,
    /// Attacker chains next to the group or the area with liberties
    /// outside it (head stones).
    pub walls: Vec<Point>,
    /// The points where the local game is played: eye spaces, outer
    /// liberties and the group's own stones (which may be captured).
    pub area: Vec<Point>,
}

impl Fight {
    /// Every stone of the group.
    pub fn stones<'a>(&'a self, board: &'a Board) -> impl Iterator<Item = Point> + 'a {
        self.chains.iter().flat_map(move |&h| board.chain_stones(h))
    }
}

fn is_small(board: &Board, points: &[Point]) -> bool {
    let empty = points
        .iter()
        .filter(|&&p| board.cell(p) == Cell::Empty)
        .count();
    points.len() <= MAX_REGION_POINTS && empty <= MAX_REGION_EMPTY
}

/// The heads of the `color` chains next to any of `points`.
fn chains_next_to(board: &Board, points: &[Point], color: Color) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::new();
    for &p in points {
        for n in board.neighbours(p) {
            if board.cell(n) == Cell::stone(color) {
                let h = board.chain_id(n);
                if !out.contains(&h) {
                    out.push(h);
                }
            }
        }
    }
    out
}

/// The isolated fights of colour `defender`'s groups. Groups whose chains
/// are all marked in `settled` and that hold no attacker stones are left
/// out (nothing to decide).
pub fn fights(board: &Board, defender: Color, settled: &[bool]) -> Vec<Fight> {
    let (region_of, regions) = benson::regions_of(board, defender);
    let small: Vec<bool> = regions.iter().map(|r| is_small(board, r)).collect();
    let mut done = vec![false; MAX_POINTS];
    let mut out = Vec::new();
    for p in board.size().points() {
        if board.cell(p) != Cell::stone(defender) || done[board.chain_id(p).index()] {
            continue;
        }
        let fight = grow(
            board,
            defender,
            board.chain_id(p),
            &region_of,
            &regions,
            &small,
        );
        let Some(fight) = fight else {
            done[board.chain_id(p).index()] = true;
            continue;
        };
        for &h in &fight.chains {
            done[h.index()] = true;
        }
        let all_settled = fight.chains.iter().all(|h| settled[h.index()]);
        if !(all_settled && fight.inside.is_empty()) {
            out.push(fight);
        }
    }
    out
}

/// The fight around the chain `start`, if its group is isolated.
fn grow(
    board: &Board,
    d: Color,
    start: Point,
    region_of: &[usize],
    regions: &[Vec<Point>],
    small: &[bool],
) -> Option<Fight> {
    let a = d.opponent();
    let mut chains = vec![start];
    let mut in_area = vec![false; MAX_POINTS];
    let mut area: Vec<Point> = Vec::new();
    fn add(p: Point, area: &mut Vec<Point>, in_area: &mut [bool]) {
        if !in_area[p.index()] {
            in_area[p.index()] = true;
            area.push(p);
        }
    }
    let mut i = 0;
    let mut absorbed = 0;
    loop {
        while i < chains.len() {
            let h = chains[i];
            i += 1;
            for s in board.chain_stones(h) {
                add(s, &mut area, &mut in_area);
                for n in board.neighbours(s) {
                    let Some(&r) = region_of.get(n.index()).filter(|&&r| r != usize::MAX) else {
                        continue;
                    };
                    if small[r] {
                        for &q in &regions[r] {
                            add(q, &mut area, &mut in_area);
                        }
                    } else if board.cell(n) == Cell::Empty {
                        // An outer liberty: a dame point against an
                        // attacker wall; or a point of a small empty
                        // space, which joins the area whole; or a point
                        // whose empty neighbours all touch the attacker
                        // (they join the area too).
                        let touches = |q: Point| {
                            board
                                .neighbours(q)
                                .iter()
                                .any(|&m| board.cell(m) == Cell::stone(a))
                        };
                        if !touches(n) {
                            let open = match empty_space(board, n, MAX_OPEN_SPACE) {
                                Some(space) => space,
                                None => {
                                    let near: Vec<Point> = board
                                        .neighbours(n)
                                        .into_iter()
                                        .filter(|&m| board.cell(m) == Cell::Empty)
                                        .collect();
                                    if !near.iter().all(|&m| touches(m)) {
                                        return None;
                                    }
                                    near
                                }
                            };
                            for m in open {
                                add(m, &mut area, &mut in_area);
                            }
                        }
                        add(n, &mut area, &mut in_area);
                    }
                }
            }
            join_chains_with_liberties_in(board, d, &area, &mut chains)?;
        }
        let mut inside = Vec::new();
        let mut walls = Vec::new();
        let mut weak = Vec::new();
        for h in chains_next_to(board, &area, a) {
            let libs = board.liberties(h);
            match libs.iter().filter(|l| !in_area[l.index()]).count() {
                0 => inside.push(h),
                1 => weak.push(libs),
                _ => walls.push(h),
            }
        }
        if weak.is_empty() {
            // Inside chains may be captured and their points played again.
            for &h in &inside {
                for st in board.chain_stones(h) {
                    add(st, &mut area, &mut in_area);
                }
            }
            return Some(Fight {
                defender: d,
                chains,
                inside,
                walls,
                area,
            });
        }
        // A wall with one liberty outside may itself be captured: its
        // liberties join the area and it is fought over like the group.
        absorbed += weak.len();
        if absorbed > MAX_ABSORBED {
            return None;
        }
        for libs in weak {
            for l in libs {
                add(l, &mut area, &mut in_area);
            }
        }
        join_chains_with_liberties_in(board, d, &area, &mut chains)?;
    }
}

/// The empty points connected to `start` through empty points, if there
/// are at most `max` of them.
fn empty_space(board: &Board, start: Point, max: usize) -> Option<Vec<Point>> {
    let mut space = vec![start];
    let mut i = 0;
    while i < space.len() {
        let q = space[i];
        i += 1;
        for m in board.neighbours(q) {
            if board.cell(m) == Cell::Empty && !space.contains(&m) {
                if space.len() == max {
                    return None;
                }
                space.push(m);
            }
        }
    }
    Some(space)
}

/// Adds to `chains` every `d` chain with a liberty among the empty points
/// of `area`; `None` if the area has too many empty points.
fn join_chains_with_liberties_in(
    board: &Board,
    d: Color,
    area: &[Point],
    chains: &mut Vec<Point>,
) -> Option<()> {
    let empties: Vec<Point> = area
        .iter()
        .copied()
        .filter(|&q| board.cell(q) == Cell::Empty)
        .collect();
    if empties.len() > MAX_FIGHT_EMPTY {
        return None;
    }
    for h in chains_next_to(board, &empties, d) {
        if !chains.contains(&h) {
            chains.push(h);
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};

    fn fights_of(d: &str, c: Color) -> (Board, Vec<Fight>) {
        let b = parse(d);
        let f = fights(&b, c, &vec![false; MAX_POINTS]);
        (b, f)
    }

    #[test]
    fn a_surrounded_group_is_one_fight_with_its_eye_space_and_dame() {
        // White's corner group: eye space A1-C1 with a black stone on B1,
        // outer liberty D2 against Black's wall.
        let (b, f) = fights_of(
            ". . . . .
             X X X X .
             O O O X X
             O . O . X
             . X . O X",
            Color::White,
        );
        assert_eq!(f.len(), 1, "{f:?}");
        let f = &f[0];
        let v = |s| vertex(b.size(), s).unwrap();
        assert!(f.area.contains(&v("B1")) && f.area.contains(&v("D2")));
        assert_eq!(f.inside, vec![b.chain_id(v("B1"))]);
        assert!(f.walls.contains(&b.chain_id(v("A4"))));
        // D1 joins: it has a liberty (C1) in the area.
        assert!(f.chains.contains(&b.chain_id(v("D1"))));
    }

    #[test]
    fn a_group_open_to_empty_space_has_no_fight() {
        let (_, f) = fights_of(
            ". . . . .
             . . . . .
             O O O . .
             . . O . .
             . . O . .",
            Color::White,
        );
        assert!(f.is_empty(), "{f:?}");
    }
}
