//! Life and death at the end of the game: which stones are dead, which
//! live in seki, and the territory that follows — one computation per
//! position that `final_score`, `final_status_list` and the score
//! explanation all share.
//!
//! Method:
//! 1. **Proof**: Benson's algorithm marks pass-alive chains; they are never
//!    called dead.
//! 2. **Estimate**: heavy playouts from the position (the same policy the
//!    search uses, simple ko, no eye filling) give each point's average
//!    final owner. A chain not proven alive whose stones end up owned by
//!    the opponent in most playouts is dead.
//!    Before the playouts, chains in atari that their owner cannot save and
//!    the opponent can take safely are taken ([`tactics`]): they are dead,
//!    and random playouts may not get round to taking them, leaving the
//!    capturer's eye unmade.
//! 3. **Seki**: living chains that are not pass-alive and share a liberty
//!    with a living enemy chain, where that liberty stays neutral in the
//!    playouts (neither side can approach), are in seki; their shared
//!    liberties count for nobody.
//!
//! Deterministic for a position and seed. Depends on the rules core and
//! the playout code only.

pub mod benson;
pub mod tactics;

use crate::knowledge::model::Model;
use crate::rules::point::MAX_POINTS;
use crate::rules::score::{AreaCount, area_count, for_each_empty_region};
use crate::rules::{Board, Cell, Color, Point};
use crate::search::playout::{self, PlayoutKind, Policy};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// A chain is dead when its stones' mean ownership, from its own side, is
/// below this (captured in about two playouts of three or more).
const DEAD_BELOW: f32 = -0.3;
/// A shared liberty is neutral (seki) when its mean ownership is within
/// this of zero.
const NEUTRAL_WITHIN: f32 = 0.4;

/// The status of every stone and empty point.
#[derive(Clone, Debug)]
pub struct Statuses {
    /// Dead stones (to be removed before counting).
    pub dead: Vec<Point>,
    /// Stones alive in seki.
    pub seki: Vec<Point>,
    /// Stones that stay on the board (seki included).
    pub alive: Vec<Point>,
    /// Stones proven alive by Benson's algorithm.
    pub proven_alive: Vec<Point>,
    /// Empty points (and dead stones' points) counted for each side after
    /// removing the dead stones.
    pub territory: [Vec<Point>; 2],
    /// Empty points counted for nobody.
    pub dame: Vec<Point>,
    /// The board with the dead stones removed.
    pub settled: Board,
    /// Playouts behind the estimate.
    pub playouts: u32,
    /// Mean final owner of each point in those playouts (+1 Black, -1
    /// White), row by row from A1.
    pub ownership: Vec<f32>,
}

impl Statuses {
    /// The area count of the settled board.
    pub fn count(&self) -> AreaCount {
        area_count(&self.settled)
    }

    /// Dead stones of colour `c`.
    pub fn dead_of(&self, board: &Board, c: Color) -> usize {
        self.dead
            .iter()
            .filter(|&&p| board.cell(p) == Cell::stone(c))
            .count()
    }
}

/// Playouts used for the ownership estimate on a board of `area` points.
pub fn default_playouts(area: usize) -> u32 {
    if area <= 169 { 1000 } else { 400 }
}

/// Mean final owner of each point (+1 Black, -1 White) over `playouts`
/// heavy playouts, `to_move` and its opponent starting alternately.
fn ownership(board: &Board, to_move: Color, model: &Model, playouts: u32, seed: u64) -> Vec<f32> {
    let policy = Policy {
        kind: PlayoutKind::Heavy,
        model,
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    playout::mean_ownership(board, to_move, policy, playouts, &mut rng)
}

/// Decides the status of every stone of `board`.
pub fn analyse(board: &Board, to_move: Color, model: &Model, playouts: u32, seed: u64) -> Statuses {
    let size = board.size();
    // Sure captures first, so the playouts see the capturer's eyes.
    let (resolved, taken) = tactics::resolve(board);
    let own = ownership(&resolved, to_move, model, playouts, seed);
    let at = |p: Point| {
        let (x, y) = size.coords(p);
        own[y * size.get() + x]
    };
    let proven = [
        benson::pass_alive(board, Color::Black),
        benson::pass_alive(board, Color::White),
    ];
    let mut dead_chain = [false; MAX_POINTS];
    let heads: Vec<Point> = size
        .points()
        .filter(|&p| board.cell(p) != Cell::Empty && board.chain_id(p) == p)
        .collect();
    for &h in &heads {
        let color = board.cell(h).color().expect("a chain head is a stone");
        if proven[color.index()][h.index()] {
            continue;
        }
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let stones: Vec<Point> = board.chain_stones(h).collect();
        let mean = stones.iter().map(|&s| sign * at(s)).sum::<f32>() / stones.len() as f32;
        if mean < DEAD_BELOW || taken[h.index()] {
            dead_chain[h.index()] = true;
        }
    }
    let is_dead = |p: Point| dead_chain[board.chain_id(p).index()];
    // Seki: living, unproven chains sharing a neutral liberty with a
    // living enemy chain.
    let mut seki_chain = [false; MAX_POINTS];
    for p in size.points() {
        if board.cell(p) != Cell::Empty || at(p).abs() >= NEUTRAL_WITHIN {
            continue;
        }
        let mut around: Vec<(Color, Point)> = Vec::new();
        for n in board.neighbours(p) {
            if let Some(c) = board.cell(n).color()
                && !is_dead(n)
                && !proven[c.index()][n.index()]
            {
                around.push((c, board.chain_id(n)));
            }
        }
        let both = around.iter().any(|(c, _)| *c == Color::Black)
            && around.iter().any(|(c, _)| *c == Color::White);
        if both {
            for (_, h) in around {
                seki_chain[h.index()] = true;
            }
        }
    }
    let mut out = Statuses {
        dead: Vec::new(),
        seki: Vec::new(),
        alive: Vec::new(),
        proven_alive: Vec::new(),
        territory: [Vec::new(), Vec::new()],
        dame: Vec::new(),
        settled: board.clone(),
        playouts,
        ownership: own.clone(),
    };
    for p in size.points() {
        let Some(c) = board.cell(p).color() else {
            continue;
        };
        if is_dead(p) {
            out.dead.push(p);
        } else {
            out.alive.push(p);
            if seki_chain[board.chain_id(p).index()] {
                out.seki.push(p);
            }
            if proven[c.index()][p.index()] {
                out.proven_alive.push(p);
            }
        }
    }
    let stones: Vec<(Color, Point)> = out
        .alive
        .iter()
        .map(|&p| (board.cell(p).color().expect("stone"), p))
        .collect();
    // Removing stones only adds liberties, so every chain keeps one.
    out.settled = Board::with_stones(size, &stones).expect("living chains keep their liberties");
    // Territory of the settled board: regions touching one colour only.
    let (territory, dame) = (&mut out.territory, &mut out.dame);
    for_each_empty_region(&out.settled, |points, owner| {
        let list = match owner {
            Some(c) => &mut territory[c.index()],
            None => &mut *dame,
        };
        list.extend(points.iter().map(|&i| Point(i)));
    });
    for t in out
        .territory
        .iter_mut()
        .chain(std::iter::once(&mut out.dame))
    {
        t.sort_unstable();
    }
    out
}

#[cfg(test)]
mod tests;
