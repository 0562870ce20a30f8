//! Last good reply with forgetting (Drake's LGRF-2, as Baier and Drake
//! measured it): each search thread remembers, for each side, the answer
//! that side last played and won with after the opponent's last move,
//! and after the last two moves; a side that loses with a remembered
//! answer forgets it. Heavy playouts try the remembered answer after
//! their tactical answers, before the learned shapes.

use super::Amaf;
use crate::prefetch::prefetch;
use crate::rules::{BoardSize, Color, Point};

/// The replies a search thread has learned so far. Point indices of the
/// padded board; 0 (never a point) is "none".
#[derive(Default)]
pub struct Replies {
    /// Length of the padded point array of the board in use.
    points: usize,
    /// By colour and the opponent's last move.
    one: Vec<u16>,
    /// By colour, the move before it and the opponent's last move.
    two: Vec<u16>,
}

impl Replies {
    /// Forgets everything and sizes the tables for `size` (they grow once
    /// and are reused).
    pub fn reset(&mut self, size: BoardSize) {
        let n = size.array_len();
        self.points = n;
        self.one.clear();
        self.one.resize(2 * n, 0);
        self.two.clear();
        self.two.resize(2 * n * n, 0);
    }

    #[inline]
    fn one_at(&self, colour: usize, last: usize) -> usize {
        colour * self.points + last
    }

    #[inline]
    fn two_at(&self, colour: usize, prev: usize, last: usize) -> usize {
        (colour * self.points + prev) * self.points + last
    }

    /// Where [`Self::reply`] looks for `color`'s answer: the entry in
    /// `two` for `prev` then `last` (if `prev` is a point), and the one in
    /// `one` for `last`; `None` if `last` is off the tables.
    #[inline]
    fn entries(
        &self,
        color: Color,
        prev: Option<Point>,
        last: Point,
    ) -> Option<(Option<usize>, usize)> {
        let (c, l) = (color.index(), last.index());
        (l < self.points).then(|| {
            let two = prev
                .map(|p| p.index())
                .filter(|&p| p < self.points)
                .map(|p| self.two_at(c, p, l));
            (two, self.one_at(c, l))
        })
    }

    /// The remembered answer of `color` to the opponent's `last`, the
    /// answer to `prev` then `last` first.
    #[inline]
    pub fn reply(&self, color: Color, prev: Option<Point>, last: Point) -> Option<Point> {
        let (two, one) = self.entries(color, prev, last)?;
        two.map(|i| self.two[i])
            .filter(|&r| r != 0)
            .or_else(|| Some(self.one[one]).filter(|&r| r != 0))
            .map(Point)
    }

    /// Asks the processor to start loading the entries [`Self::reply`]
    /// will read for these moves: the table is far larger than the
    /// cache, and the heavy policy tries its other answers first, which
    /// leaves time for the load (about 5% of a 19x19 search was spent
    /// waiting on this one read). Changes nothing.
    #[inline]
    pub fn prefetch(&self, color: Color, prev: Option<Point>, last: Point) {
        if let Some((two, one)) = self.entries(color, prev, last) {
            if let Some(i) = two {
                prefetch(&self.two, i);
            }
            prefetch(&self.one, one);
        }
    }

    /// Learns from one finished simulation, its moves in `amaf`: every
    /// move of the winner becomes the answer to the one or two moves
    /// before it; a move of the loser that was the remembered answer is
    /// forgotten. A draw (`winner` `None`) teaches nothing.
    pub fn learn(&mut self, amaf: &Amaf, winner: Option<Color>) {
        let Some(winner) = winner else {
            return;
        };
        let moves = amaf.moves();
        let w = winner.index() as u16;
        for i in 1..moves.len() {
            let (m, last) = (moves[i], (moves[i - 1] >> 1) as usize);
            let (p, c) = (m >> 1, m & 1);
            if last >= self.points || moves[i - 1] & 1 == c {
                continue;
            }
            let one = self.one_at(c as usize, last);
            let two = (i >= 2)
                .then(|| (moves[i - 2] >> 1) as usize)
                .filter(|&prev| prev < self.points && moves[i - 2] & 1 == c)
                .map(|prev| self.two_at(c as usize, prev, last));
            if c == w {
                self.one[one] = p;
                if let Some(two) = two {
                    self.two[two] = p;
                }
            } else {
                if self.one[one] == p {
                    self.one[one] = 0;
                }
                if let Some(two) = two
                    && self.two[two] == p
                {
                    self.two[two] = 0;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::vertex;

    #[test]
    fn the_winner_s_answers_are_kept_and_the_loser_s_forgotten() {
        let size = BoardSize::new(9).unwrap();
        let at = |v: &str| vertex(size, v).unwrap();
        let mut r = Replies::default();
        r.reset(size);
        let mut amaf = Amaf::new();
        for (c, v) in [
            (Color::Black, "E5"),
            (Color::White, "C3"),
            (Color::Black, "D3"),
        ] {
            amaf.record(c, at(v));
        }
        r.learn(&amaf, Some(Color::Black));
        // Black's D3 answers White's C3, after Black's E5 and in general.
        assert_eq!(
            r.reply(Color::Black, Some(at("E5")), at("C3")),
            Some(at("D3"))
        );
        assert_eq!(
            r.reply(Color::Black, Some(at("G7")), at("C3")),
            Some(at("D3"))
        );
        // White lost: its C3 is no answer to E5.
        assert_eq!(r.reply(Color::White, None, at("E5")), None);
        // White wins the same game: it learns C3, and Black forgets D3.
        r.learn(&amaf, Some(Color::White));
        assert_eq!(r.reply(Color::White, None, at("E5")), Some(at("C3")));
        assert_eq!(r.reply(Color::Black, Some(at("E5")), at("C3")), None);
        // A draw teaches nothing; a reset forgets everything.
        r.learn(&amaf, None);
        assert_eq!(r.reply(Color::White, None, at("E5")), Some(at("C3")));
        r.reset(size);
        assert_eq!(r.reply(Color::White, None, at("E5")), None);
    }
}
