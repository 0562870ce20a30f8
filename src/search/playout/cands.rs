//! The small buffers the heavy playouts' answers share: the candidate
//! moves found so far, and the chains already read. Nothing here
//! allocates.

use super::below;
use crate::rules::{Board, Point};
use rand::rngs::SmallRng;

/// Candidate buffer for the answers (no allocation).
pub(super) struct Cands {
    pts: [Point; 16],
    n: usize,
}

impl Cands {
    pub(super) fn new() -> Cands {
        Cands {
            pts: [Point(0); 16],
            n: 0,
        }
    }

    pub(super) fn push(&mut self, p: Point) {
        if self.n < self.pts.len() && !self.pts[..self.n].contains(&p) {
            self.pts[self.n] = p;
            self.n += 1;
        }
    }

    pub(super) fn pick(&self, rng: &mut SmallRng) -> Option<Point> {
        (self.n > 0).then(|| self.pts[below(rng, self.n)])
    }

    /// The candidates found, in the order found.
    #[cfg(test)]
    pub(super) fn found(&self) -> Vec<Point> {
        self.pts[..self.n].to_vec()
    }
}

/// The chains already looked at, by head stone: the answers read each
/// chain once, since neighbours of one point are often one chain and
/// walking a chain (or reading its ladder) is the costly part. It
/// remembers sixteen chains (more than the eight points around the last
/// move, or the enemy chains beside one own chain, ever hold in
/// practice); past that a chain is read again, which is slower but the
/// same.
pub(super) struct SeenChains {
    heads: [Point; 16],
    n: usize,
}

impl SeenChains {
    pub(super) fn new() -> SeenChains {
        SeenChains {
            heads: [Point(0); 16],
            n: 0,
        }
    }

    /// True the first time the chain through stone `p` is asked for; its
    /// head is then remembered while there is room.
    pub(super) fn first_visit(&mut self, board: &Board, p: Point) -> bool {
        let head = board.chain_id(p);
        if self.heads[..self.n].contains(&head) {
            return false;
        }
        if self.n < self.heads.len() {
            self.heads[self.n] = head;
            self.n += 1;
        }
        true
    }
}
