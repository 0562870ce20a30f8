//! The record of a simulation that AMAF (RAVE) reads: who first played
//! each point and when, every move in order, and which moves were ko
//! captures, so that ko threats get no credit.

use crate::rules::point::MAX_POINTS;
use crate::rules::{Color, Point};

/// Moves a simulation can keep in order and mark as ko captures (more
/// than any simulation plays: the playout cap is three moves per point,
/// and the tree is far shallower).
const MAX_MARKED: usize = 64 * 64;

/// Captures a simulation keeps the size of (a 19x19 playout makes a few
/// dozen).
const MAX_CAPTURES: usize = 256;

/// First colour to play each point during a simulation, and when; and the
/// moves that took a ko.
pub struct Amaf {
    /// Per point: 0, or (move number + 1) * 2 + colour of its first play.
    first: [u16; MAX_POINTS],
    /// Stones played so far in the simulation (tree and playout).
    len: u16,
    /// One bit per move number: the move took a ko.
    ko: [u64; MAX_MARKED / 64],
    /// The captures of this simulation, in order: (move number, stones
    /// up to 255). Captures are few, so a short list costs the moves
    /// that capture nothing no write at all.
    captures: [(u16, u8); MAX_CAPTURES],
    n_captures: u16,
    /// Per move number: (point index << 1) | colour.
    seq: [u16; MAX_MARKED],
}

impl Amaf {
    /// Nothing played yet.
    pub fn new() -> Amaf {
        Amaf {
            first: [0; MAX_POINTS],
            len: 0,
            ko: [0; MAX_MARKED / 64],
            captures: [(0, 0); MAX_CAPTURES],
            n_captures: 0,
            seq: [0; MAX_MARKED],
        }
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        self.first.fill(0);
        self.ko.fill(0);
        self.n_captures = 0;
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

    /// Marks the move recorded last as a ko capture.
    #[inline]
    pub fn mark_ko_capture(&mut self) {
        if let Some(i) = (self.len as usize).checked_sub(1)
            && i < MAX_MARKED
        {
            self.ko[i / 64] |= 1 << (i % 64);
        }
    }

    /// Records that the move recorded last captured `stones`.
    #[inline]
    pub fn mark_captured(&mut self, stones: u32) {
        if let Some(i) = self.len.checked_sub(1)
            && let Some(slot) = self.captures.get_mut(self.n_captures as usize)
        {
            *slot = (i, stones.min(255) as u8);
            self.n_captures += 1;
        }
    }

    /// The stones move number `i` captured (0 for a capture past the
    /// [`MAX_CAPTURES`] kept).
    pub fn captured(&self, i: u16) -> u32 {
        self.captures[..self.n_captures as usize]
            .iter()
            .find(|&&(m, _)| m == i)
            .map_or(0, |&(_, stones)| stones as u32)
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

impl Amaf {
    /// Like [`Amaf::first_by`], but counting only the moves from number
    /// `start` on: if the point was first played before `start` (a stone
    /// of the tree's path that was captured since), the first play at or
    /// after `start` decides (Pachi's window for a node `start` moves
    /// deep). That case is rare, so it alone pays for a scan.
    #[inline]
    pub fn first_from(&self, c: Color, p: u32, start: u16) -> Option<u16> {
        let slot = self.first[Point(p as u16).index()];
        if slot == 0 {
            return None;
        }
        let first = (slot >> 1) - 1;
        if first >= start {
            return (slot & 1 == c.index() as u16).then_some(first);
        }
        let end = (self.len as usize).min(MAX_MARKED);
        (start as usize..end)
            .find(|&i| self.seq[i] >> 1 == p as u16)
            .filter(|&i| self.seq[i] & 1 == c.index() as u16)
            .map(|i| i as u16)
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
    fn captures_are_kept_by_move_number_and_forgotten_on_reuse() {
        let mut a = Amaf::new();
        a.record(Color::Black, Point(30));
        a.record(Color::White, Point(31));
        a.mark_captured(300);
        assert_eq!((a.captured(0), a.captured(1), a.captured(2)), (0, 255, 0));
        // A cleared record forgets its captures.
        a.clear();
        a.record(Color::Black, Point(30));
        a.record(Color::White, Point(32));
        assert_eq!(a.captured(1), 0);
    }

    #[test]
    fn a_ko_fight_runs_from_capture_to_the_last_retake_in_rhythm() {
        let mut a = Amaf::new();
        // Moves 0..12 on distinct points; 2 takes a ko, 5 and 8 retake,
        // 12 takes again out of rhythm.
        for i in 0..13u16 {
            let c = Color::of_ply(i as usize);
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

    #[test]
    fn a_window_skips_plays_before_its_start() {
        let mut a = Amaf::new();
        // Black plays 40 at move 0; it is captured, White plays 40 at
        // move 3 and Black again at move 6.
        let moves = [
            (Color::Black, 40),
            (Color::White, 41),
            (Color::Black, 42),
            (Color::White, 40),
            (Color::Black, 43),
            (Color::White, 44),
            (Color::Black, 40),
        ];
        for (c, p) in moves {
            a.record(c, Point(p));
        }
        assert_eq!(a.first_by(Color::Black, 40), Some(0));
        assert_eq!(a.first_from(Color::Black, 40, 0), Some(0));
        // From move 2 on White was first at 40; from move 4 on, Black.
        assert_eq!(a.first_from(Color::Black, 40, 2), None);
        assert_eq!(a.first_from(Color::White, 40, 2), Some(3));
        assert_eq!(a.first_from(Color::Black, 40, 4), Some(6));
        assert_eq!(a.first_from(Color::Black, 43, 2), Some(4));
        assert_eq!(a.first_from(Color::Black, 99, 0), None);
    }
}
