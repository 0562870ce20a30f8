//! A static seki proof: chains of both colours, none with two eyes, whose
//! liberties are all either shared with the other colour or one-point eyes
//! of their own, where filling any shared liberty is self-atari for
//! whoever fills it.
//!
//! The candidate set grows from a liberty shared by a black and a white
//! chain: every chain next to any liberty of a chain in the set joins it,
//! so no chain of the set has a liberty that an outsider could fill. Then:
//! - every liberty is shared (next to both colours) or a one-point eye
//!   (every neighbour a stone of one chain colour, so the opponent cannot
//!   play there: it would be suicide);
//! - each chain has at least two liberties and at most one eye;
//! - a stone of either colour on any shared liberty is illegal, or
//!   captures nothing and leaves its chain with one liberty, and the
//!   opponent can then take the chain and provably lives (Benson, or a
//!   local reading with the filler to move);
//! - no chain of the set is pass-alive (those live anyway).
//!
//! Then neither side can ever fill a shared liberty without losing the
//! chain, and no liberty is left to fill elsewhere: the chains live in
//! seki, as long as the chains outside the set that touch them (the walls)
//! live. The proof lists those walls; the caller decides whether they do.

use super::solver::{self, SHARED};
use super::{benson, fight};
use crate::rules::point::MAX_POINTS;
use crate::rules::{Board, Cell, Color, Move, Point};

/// Chains proven to live in seki if their walls live.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seki {
    /// The chains in seki (head stones), both colours.
    pub chains: Vec<Point>,
    /// The shared liberties (dame).
    pub shared: Vec<Point>,
    /// Chains outside the seki touching its stones (head stones).
    pub walls: Vec<Point>,
}

/// Every seki of `board`; `pass_alive[p]` marks stones Benson proved.
pub fn find(board: &Board, pass_alive: &[bool]) -> Vec<Seki> {
    let mut used = vec![false; MAX_POINTS];
    let mut out = Vec::new();
    for p in board.size().points() {
        if board.cell(p) != Cell::Empty || used[p.index()] {
            continue;
        }
        let around = |c: Color| {
            board
                .neighbours(p)
                .iter()
                .any(|&n| board.cell(n) == Cell::stone(c) && !pass_alive[n.index()])
        };
        if !(around(Color::Black) && around(Color::White)) {
            continue;
        }
        let Some(seki) = grow(board, p, pass_alive) else {
            continue;
        };
        for &h in &seki.chains {
            for s in board.chain_stones(h) {
                used[s.index()] = true;
            }
        }
        for &l in &seki.shared {
            used[l.index()] = true;
        }
        out.push(seki);
    }
    out
}

/// The seki through the shared liberty `start`, if the proof holds.
fn grow(board: &Board, start: Point, pass_alive: &[bool]) -> Option<Seki> {
    let mut chains: Vec<Point> = Vec::new();
    let mut libs: Vec<Point> = vec![start];
    let mut i = 0;
    // Closure: chains next to a liberty, liberties of those chains.
    while i < libs.len() {
        let l = libs[i];
        i += 1;
        for n in board.neighbours(l) {
            if board.cell(n).color().is_none() {
                continue;
            }
            if pass_alive[n.index()] {
                return None;
            }
            let h = board.chain_id(n);
            if chains.contains(&h) {
                continue;
            }
            chains.push(h);
            if chains.len() > 8 {
                return None;
            }
            for q in board.liberties(h) {
                if !libs.contains(&q) {
                    libs.push(q);
                }
            }
        }
    }
    let colour_of = |h: Point| board.cell(h).color().expect("a chain head is a stone");
    if !Color::BOTH
        .iter()
        .all(|&c| chains.iter().any(|&h| colour_of(h) == c))
    {
        return None;
    }
    let mut shared = Vec::new();
    let mut eyes = vec![0usize; chains.len()];
    for &l in &libs {
        let colours: Vec<Color> = board
            .neighbours(l)
            .iter()
            .filter_map(|&n| board.cell(n).color())
            .collect();
        let has = |c: Color| colours.contains(&c);
        if has(Color::Black) && has(Color::White) {
            if !fill_loses(board, l) {
                return None;
            }
            shared.push(l);
        } else if board.cell(l) == Cell::Empty && board.empty_neighbours(l) == 0 {
            // A one-point eye of the chains around it.
            let mut around: Vec<usize> = Vec::new();
            for n in board.neighbours(l) {
                if board.cell(n).color().is_some() {
                    let h = board.chain_id(n);
                    let k = chains.iter().position(|&c| c == h)?;
                    if !around.contains(&k) {
                        around.push(k);
                        eyes[k] += 1;
                    }
                }
            }
        } else {
            return None;
        }
    }
    for (k, &h) in chains.iter().enumerate() {
        if board.liberties(h).len() < 2 || eyes[k] > 1 {
            return None;
        }
    }
    let mut walls: Vec<Point> = Vec::new();
    for &h in &chains {
        for s in board.chain_stones(h) {
            for n in board.neighbours(s) {
                if board.cell(n).color().is_some() {
                    let w = board.chain_id(n);
                    if !chains.contains(&w) && !walls.contains(&w) {
                        walls.push(w);
                    }
                }
            }
        }
    }
    Some(Seki {
        chains,
        shared,
        walls,
    })
}

/// True if a stone of either colour on `l` is illegal, or captures
/// nothing and leaves its chain in atari, and the opponent's chain that
/// takes it then provably lives (Benson, or a reading with the filler to
/// move): the fill only loses stones. Without that last test a throw-in
/// such as bent four in the corner would pass for a seki.
fn fill_loses(board: &Board, l: Point) -> bool {
    Color::BOTH.iter().all(|&c| {
        if board.ko_point(c) == Some(l) {
            return true;
        }
        let mut b = board.clone();
        match b.play(c, Move::Play(l), false) {
            Err(_) => true,
            Ok(0) => {
                let Some(q) = b.atari_liberty(l) else {
                    return false;
                };
                let o = c.opponent();
                if b.ko_point(o) == Some(q) || b.play(o, Move::Play(q), false).is_err() {
                    return false;
                }
                taker_lives(&b, q, c)
            }
            Ok(_) => false,
        }
    })
}

/// True if the chain through `q` provably lives with `to_move` to play.
fn taker_lives(board: &Board, q: Point, to_move: Color) -> bool {
    let Some(o) = board.cell(q).color() else {
        return false;
    };
    if benson::pass_alive(board, o)[q.index()] {
        return true;
    }
    let head = board.chain_id(q);
    fight::fights(board, o, &vec![false; MAX_POINTS])
        .iter()
        .find(|f| f.chains.contains(&head))
        .is_some_and(|f| solver::solve(board, f, to_move, solver::DEFAULT_BUDGET).lo >= SHARED)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};

    /// Two eyeless chains (White B5-B7, Black C5/D5-D7) share C6 and C7.
    const EDGE_SEKI: &str = "X O . X O . O
                             X O . X O O O
                             X O X X O . O
                             X X O O O O O
                             X X X X X X X
                             X . X . X X X
                             X X X X X X X";

    fn proven(d: &str) -> (Board, Vec<Seki>) {
        let b = parse(d);
        let mut alive = benson::pass_alive(&b, Color::Black);
        for (a, w) in alive.iter_mut().zip(benson::pass_alive(&b, Color::White)) {
            *a |= w;
        }
        let s = find(&b, &alive);
        (b, s)
    }

    #[test]
    fn two_eyeless_chains_on_the_edge_sharing_two_liberties() {
        let (b, s) = proven(EDGE_SEKI);
        assert_eq!(s.len(), 1, "{s:?}");
        let v = |t| vertex(b.size(), t).unwrap();
        let mut shared = s[0].shared.clone();
        shared.sort();
        let mut want = vec![v("C7"), v("C6")];
        want.sort();
        assert_eq!(shared, want);
        assert_eq!(s[0].chains.len(), 2);
    }

    #[test]
    fn one_eye_each_and_a_shared_liberty() {
        let (_, s) = proven(
            ". O . X . X O
             O O X X X X O
             X X O O O O O
             X X O . O . O
             X X O O O O O
             X . X O O O O
             . X X O O O O",
        );
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].shared.len(), 1);
    }

    #[test]
    fn a_liberty_a_living_wall_can_fill_is_no_seki() {
        // B7 is a liberty of White's chain next to Black's living wall:
        // Black fills it safely, and White's chain is short of liberties.
        let (_, s) = proven(&EDGE_SEKI.replacen("X O . X", "X . . X", 1));
        assert!(s.is_empty(), "{s:?}");
    }
}
