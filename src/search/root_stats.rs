//! What an analysis asks of a search beyond its limits ([`RootOptions`]),
//! and the statistics of the root's moves the tree's nodes do not keep:
//! the spread of the final scores and, when asked, each move's ownership
//! map ([`RootStats`]).
//!
//! A node keeps only the sum of its simulations' margins; the spread needs
//! their squares too, and a move's ownership needs every point of every
//! final board through it. Both are wanted only at the root, so they live
//! beside the tree, one slot per root child, for one search.

use super::tree::{NodeId, Tree};
use crate::rules::{Board, Move};
use crate::search::playout;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};

/// What an analysis asks of a search beyond its limits.
#[derive(Clone, Debug)]
pub struct RootOptions {
    /// Root moves the search must not play (`avoidMoves`).
    pub avoid: Vec<Move>,
    /// If set, the only root moves the search may play (`allowMoves`).
    pub allow: Option<Vec<Move>>,
    /// Gather each root move's ownership map ([`super::Candidate::ownership`]).
    pub move_ownership: bool,
    /// Call the report once more with the final result after the search
    /// (GTP's analysis does, so a search shorter than the interval still
    /// shows something; the JSON analysis answers with the result itself).
    pub final_report: bool,
}

impl RootOptions {
    /// Every legal move, no per-move ownership, a final report.
    pub const PLAIN: RootOptions = RootOptions {
        avoid: Vec::new(),
        allow: None,
        move_ownership: false,
        final_report: true,
    };

    /// Whether the root may play `mv`.
    pub fn permits(&self, mv: Move) -> bool {
        !self.avoid.contains(&mv) && self.allow.as_ref().is_none_or(|a| a.contains(&mv))
    }
}

/// Sums over simulations: their count, the sum of twice their final
/// margins (Black's view), and the sum of the squares of those.
#[derive(Default, Debug)]
struct Moments {
    n: AtomicU64,
    sum2: AtomicI64,
    sq4: AtomicU64,
}

impl Moments {
    fn add(&self, score2: i64) {
        self.n.fetch_add(1, Relaxed);
        self.sum2.fetch_add(score2, Relaxed);
        self.sq4.fetch_add(
            score2.unsigned_abs().saturating_mul(score2.unsigned_abs()),
            Relaxed,
        );
    }

    /// The standard deviation of the final margins, in points (0 before
    /// two simulations).
    fn stdev(&self) -> f64 {
        let n = self.n.load(Relaxed);
        if n < 2 {
            return 0.0;
        }
        let n = n as f64;
        let mean = self.sum2.load(Relaxed) as f64 / (2.0 * n);
        let mean_sq = self.sq4.load(Relaxed) as f64 / (4.0 * n);
        (mean_sq - mean * mean).max(0.0).sqrt()
    }
}

/// Per root child, the spread of its simulations' margins and, when
/// asked, the sum of their final owners of each point (+1 Black, -1
/// White); and the spread over every simulation of the search.
#[derive(Default, Debug)]
pub(super) struct RootStats {
    /// Id of the root's first child: a child's slot is its id minus this.
    first: NodeId,
    children: Vec<Moments>,
    all: Moments,
    /// Points of the board (the stride of `owners`).
    area: usize,
    /// `children.len() * area` sums when per-move ownership is asked.
    owners: Vec<AtomicI64>,
}

impl RootStats {
    /// Slots for the children `root` has in `tree` (expanded already).
    pub(super) fn new(tree: &Tree, root: NodeId, area: usize, move_ownership: bool) -> RootStats {
        let range = tree.children(root);
        let n = range.len();
        RootStats {
            first: range.start,
            children: (0..n).map(|_| Moments::default()).collect(),
            all: Moments::default(),
            area,
            owners: if move_ownership {
                (0..n * area).map(|_| AtomicI64::new(0)).collect()
            } else {
                Vec::new()
            },
        }
    }

    fn slot(&self, child: NodeId) -> Option<usize> {
        let i = child.checked_sub(self.first)? as usize;
        (i < self.children.len()).then_some(i)
    }

    /// Records one finished simulation: its first move `child` (the root's
    /// child on its path, if any), twice its final margin, and the final
    /// board for the move's ownership.
    pub(super) fn record(&self, child: Option<NodeId>, score2: i64, board: &Board) {
        self.all.add(score2);
        let Some(slot) = child.and_then(|c| self.slot(c)) else {
            return;
        };
        self.children[slot].add(score2);
        if !self.owners.is_empty() {
            let row = &self.owners[slot * self.area..(slot + 1) * self.area];
            for (sum, p) in row.iter().zip(board.size().points()) {
                let owner = playout::point_owner(board, p).0;
                if owner != 0 {
                    sum.fetch_add(owner, Relaxed);
                }
            }
        }
    }

    /// The spread of the final margins of the simulations through `child`
    /// (points).
    pub(super) fn child_stdev(&self, child: NodeId) -> f64 {
        self.slot(child).map_or(0.0, |s| self.children[s].stdev())
    }

    /// The spread of the final margins of all simulations (points).
    pub(super) fn stdev(&self) -> f64 {
        self.all.stdev()
    }

    /// `child`'s mean final owner of each point (+1 Black), row by row
    /// from A1, if per-move ownership was asked (empty otherwise).
    pub(super) fn child_ownership(&self, child: NodeId) -> Vec<f32> {
        let Some(slot) = self.slot(child).filter(|_| !self.owners.is_empty()) else {
            return Vec::new();
        };
        let n = self.children[slot].n.load(Relaxed).max(1) as f32;
        self.owners[slot * self.area..(slot + 1) * self.area]
            .iter()
            .map(|s| s.load(Relaxed) as f32 / n)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_give_the_spread_of_the_margins() {
        let m = Moments::default();
        assert_eq!(m.stdev(), 0.0);
        // Margins 1, 3, 5, 7 points: mean 4, variance 5.
        for s in [1, 3, 5, 7] {
            m.add(2 * s);
        }
        assert!((m.stdev() - 5f64.sqrt()).abs() < 1e-9);
        // Negative margins square the same way.
        let m = Moments::default();
        for s in [-2, 2] {
            m.add(2 * s);
        }
        assert!((m.stdev() - 2.0).abs() < 1e-9);
    }

    #[test]
    fn options_permit_by_avoid_and_allow() {
        let p = |i| Move::Play(crate::rules::Point(i));
        let mut o = RootOptions::PLAIN;
        assert!(o.permits(p(30)) && o.permits(Move::Pass));
        o.avoid = vec![p(30)];
        assert!(!o.permits(p(30)) && o.permits(p(31)));
        o.allow = Some(vec![p(31), Move::Pass]);
        assert!(o.permits(p(31)) && o.permits(Move::Pass) && !o.permits(p(32)));
    }
}
