//! The record of a simulation that AMAF (RAVE) reads: who first played
//! each point and when, and which moves were ko captures, so that ko
//! threats get no credit.

use crate::rules::point::MAX_POINTS;
use crate::rules::{Color, Point};

/// Moves a simulation can mark as ko captures (more than any simulation
/// plays: the playout cap is three moves per point, and the tree is far
/// shallower).
const MAX_MARKED: usize = 64 * 64;

/// First colour to play each point during a simulation, and when; and the
/// moves that took a ko.
pub struct Amaf {
    /// Per point: 0, or (move number + 1) * 2 + colour of its first play.
    first: [u16; MAX_POINTS],
    /// Stones played so far in the simulation (tree and playout).
    len: u16,
    /// One bit per move number: the move took a ko.
    ko: [u64; MAX_MARKED / 64],
}

impl Amaf {
    /// Nothing played yet.
    pub fn new() -> Amaf {
        Amaf {
            first: [0; MAX_POINTS],
            len: 0,
            ko: [0; MAX_MARKED / 64],
        }
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        self.first.fill(0);
        self.ko.fill(0);
        self.len = 0;
    }

    /// Records that `c` played on `p` (only the first play counts).
    #[inline]
    pub fn record(&mut self, c: Color, p: Point) {
        let slot = &mut self.first[p.index()];
        if *slot == 0 {
            *slot = ((self.len + 1) << 1) | c.index() as u16;
        }
        self.len = self.len.saturating_add(1);
    }

    /// Marks the move recorded last as a ko capture.
    #[inline]
    pub fn mark_ko_capture(&mut self) {
        if let Some(i) = (self.len as usize).checked_sub(1)
            && i < MAX_MARKED
        {
            self.ko[i / 64] |= 1 << (i % 64);
        }
    }

    /// True if move number `i` took a ko.
    #[inline]
    fn is_ko_capture(&self, i: usize) -> bool {
        i < MAX_MARKED && self.ko[i / 64] & (1 << (i % 64)) != 0
    }

    /// How far the ko fight that starts with move `start` reaches: 0 if
    /// that move took no ko; else up to the last retake of the same
    /// rhythm — capture, threat, answer, retake, threat, answer, … — in
    /// moves after `start`.
    pub fn ko_fight_length(&self, start: u16) -> u16 {
        let (start, len) = (start as usize, self.len as usize);
        if start >= len || !self.is_ko_capture(start) {
            return 0;
        }
        let mut length = 1;
        while start + length + 2 < len && self.is_ko_capture(start + length + 2) {
            length += 3;
        }
        length as u16
    }

    /// True for a move at `distance` moves after a ko fight's first
    /// capture (fight length `ko_length`, [`Amaf::ko_fight_length`]) that
    /// is one of the capturer's ko threats: the capturer plays at even
    /// distances, its threats come at 4, 10, 16, … (after each retake by
    /// the other side at 3, 9, …).
    #[inline]
    pub fn is_threat(distance: u16, ko_length: u16) -> bool {
        distance <= ko_length && distance % 6 == 4
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

    /// If `c` was the first to play on point index `p`, the move number
    /// (0-based) of that play.
    #[inline]
    pub fn first_by(&self, c: Color, p: u32) -> Option<u16> {
        let slot = self.first[p as usize];
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
    fn a_ko_fight_runs_from_capture_to_the_last_retake_in_rhythm() {
        let mut a = Amaf::new();
        // Moves 0..12 on distinct points; 2 takes a ko, 5 and 8 retake,
        // 12 takes again out of rhythm.
        for i in 0..13u16 {
            let c = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            a.record(c, Point(i + 20));
            if [2, 5, 8, 12].contains(&i) {
                a.mark_ko_capture();
            }
        }
        assert_eq!(a.ko_fight_length(0), 0);
        assert_eq!(a.ko_fight_length(2), 7);
        assert_eq!(a.ko_fight_length(5), 4);
        assert_eq!(a.ko_fight_length(12), 1, "the capture alone");
        // From move 2: the capturer's threat at distance 4 (move 6).
        assert!(Amaf::is_threat(4, 7));
        assert!(!Amaf::is_threat(2, 7) && !Amaf::is_threat(6, 7));
        assert!(!Amaf::is_threat(10, 7), "beyond the fight");
        a.clear();
        assert_eq!((a.len(), a.ko_fight_length(0)), (0, 0));
    }
}
