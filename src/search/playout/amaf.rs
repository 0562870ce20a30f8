//! The record of a simulation that AMAF (RAVE) reads: who first played
//! each point and when, and every move in order (for the last good
//! replies).

use crate::rules::point::MAX_POINTS;
use crate::rules::{Color, Point};

/// Moves a simulation can keep in order (more than any simulation
/// plays: the playout cap is three moves per point, and the tree is far
/// shallower).
const MAX_MARKED: usize = 64 * 64;

/// First colour to play each point during a simulation, and when; and
/// every move in order.
pub struct Amaf {
    /// Per point: 0, or (move number + 1) * 2 + colour of its first play.
    first: [u16; MAX_POINTS],
    /// Stones played so far in the simulation (tree and playout).
    len: u16,
    /// Per move number: (point index << 1) | colour.
    seq: [u16; MAX_MARKED],
}

impl Amaf {
    /// Nothing played yet.
    pub fn new() -> Amaf {
        Amaf {
            first: [0; MAX_POINTS],
            len: 0,
            seq: [0; MAX_MARKED],
        }
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        self.first.fill(0);
        self.len = 0;
    }

    /// Records that `c` played on `p` (only the first play counts).
    #[inline]
    pub fn record(&mut self, c: Color, p: Point) {
        let slot = &mut self.first[p.index()];
        let code = c.index() as u16;
        if *slot == 0 {
            *slot = ((self.len + 1) << 1) | code;
        }
        if let Some(m) = self.seq.get_mut(self.len as usize) {
            *m = ((p.index() as u16) << 1) | code;
        }
        self.len = self.len.saturating_add(1);
    }

    /// Stones played so far.
    #[inline]
    pub fn len(&self) -> u16 {
        self.len
    }

    /// True if nothing was played.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The stones played, in order, as `(point index << 1) | colour`
    /// (the first [`MAX_MARKED`] of them).
    #[inline]
    pub fn moves(&self) -> &[u16] {
        &self.seq[..(self.len as usize).min(MAX_MARKED)]
    }

    /// If `c` was the first to play on point index `p`, the move number
    /// (0-based) of that play.
    #[inline]
    pub fn first_by(&self, c: Color, p: u32) -> Option<u16> {
        // Indexed through `Point`, whose mask spares the back-up's loop
        // over every child a bounds check.
        let slot = self.first[Point(p as u16).index()];
        (slot != 0 && slot & 1 == c.index() as u16).then(|| (slot >> 1) - 1)
    }
}

impl Default for Amaf {
    fn default() -> Amaf {
        Amaf::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_play_of_a_point_counts_and_a_clear_forgets_it() {
        let mut a = Amaf::new();
        a.record(Color::Black, Point(40));
        a.record(Color::White, Point(41));
        a.record(Color::White, Point(40));
        assert_eq!(a.first_by(Color::Black, 40), Some(0));
        assert_eq!(a.first_by(Color::White, 40), None);
        assert_eq!(a.first_by(Color::White, 41), Some(1));
        assert_eq!(a.moves(), &[40 << 1, (41 << 1) | 1, (40 << 1) | 1]);
        a.clear();
        assert!(a.is_empty());
        assert_eq!(a.first_by(Color::Black, 40), None);
    }
}
