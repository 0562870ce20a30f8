//! Last good replies with forgetting (Baier and Drake, "The Power of
//! Forgetting: Improving the Last-Good-Reply Policy in Monte Carlo Go",
//! 2010), the LGRF-2 variant: after each simulation, every move of the
//! winner is stored as the reply to the move before it (LGRF-1) and to the
//! two moves before it (LGRF-2); every move of the loser that is stored as
//! such a reply is deleted. Playouts then try the stored replies to the
//! last two moves before their other answers.
//!
//! One table per search thread, so no locks; a search with one thread and
//! a seed stays deterministic. The tables hold point indices, 0 for none
//! (no board point has index 0).

use crate::rules::{Board, BoardSize, Color, Move, Point};

/// The reply tables of one search thread.
pub struct Replies {
    /// Entries of the board's padded array.
    n: usize,
    /// `[colour][previous move]`.
    one: Vec<u16>,
    /// `[colour][move before the previous][previous move]`.
    two: Vec<u16>,
}

/// The point index of the last or second-last move, 0 for a pass or none.
fn index(m: Option<(Color, Move)>) -> u16 {
    match m {
        Some((_, Move::Play(p))) => p.0,
        _ => 0,
    }
}

impl Replies {
    /// Empty tables for boards of `size`.
    pub fn new(size: BoardSize) -> Replies {
        let n = size.array_len();
        Replies {
            n,
            one: vec![0; 2 * n],
            two: vec![0; 2 * n * n],
        }
    }

    /// The stored replies for `color` to the last two moves on `board`:
    /// the two-move reply first, then the one-move reply (0 for none).
    #[inline]
    pub fn suggest(&self, board: &Board, color: Color) -> [u16; 2] {
        let last = index(board.last_move()) as usize;
        if last == 0 {
            return [0, 0];
        }
        let before = index(board.prev_move()) as usize;
        let c = color.index();
        let two = if before == 0 {
            0
        } else {
            self.two[(c * self.n + before) * self.n + last]
        };
        [two, self.one[c * self.n + last]]
    }

    /// Learns from one simulation: `moves` are its moves in order (point
    /// index, 0 for a pass), `context` the two moves played before it
    /// (the same way), `first` the colour of `moves[0]`, and `winner`
    /// the winner (`None` for a draw, which teaches nothing).
    pub fn learn(&mut self, context: [u16; 2], moves: &[u16], first: Color, winner: Option<Color>) {
        let Some(winner) = winner else {
            return;
        };
        let (mut before, mut last) = (context[0] as usize, context[1] as usize);
        let mut color = first;
        for &m in moves {
            if m != 0 && last != 0 {
                let c = color.index();
                let one = &mut self.one[c * self.n + last];
                if color == winner {
                    *one = m;
                } else if *one == m {
                    *one = 0;
                }
                if before != 0 {
                    let two = &mut self.two[(c * self.n + before) * self.n + last];
                    if color == winner {
                        *two = m;
                    } else if *two == m {
                        *two = 0;
                    }
                }
            }
            (before, last) = (last, m as usize);
            color = color.opponent();
        }
    }

    /// The stored reply for `color` to the single move `last` (tests).
    pub fn reply_to(&self, color: Color, last: Point) -> Option<Point> {
        let r = self.one[color.index() * self.n + last.index()];
        (r != 0).then_some(Point(r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::vertex;

    #[test]
    fn the_winner_s_replies_are_kept_and_the_loser_s_forgotten() {
        let size = BoardSize::new(9).unwrap();
        let v = |s| vertex(size, s).unwrap();
        let mut r = Replies::new(size);
        // Black C3, White D4 (answering C3), Black E5; Black wins.
        let moves = [v("C3").0, v("D4").0, v("E5").0];
        r.learn([0, 0], &moves, Color::Black, Some(Color::Black));
        assert_eq!(r.reply_to(Color::Black, v("D4")), Some(v("E5")));
        // White lost: its reply was not stored.
        assert_eq!(r.reply_to(Color::White, v("C3")), None);
        // The same sequence lost by Black: Black's reply is forgotten.
        r.learn([0, 0], &moves, Color::Black, Some(Color::White));
        assert_eq!(r.reply_to(Color::Black, v("D4")), None);
        assert_eq!(r.reply_to(Color::White, v("C3")), Some(v("D4")));
        // A draw teaches nothing; a pass breaks the chain of replies.
        r.learn([0, 0], &[v("C3").0, 0, v("G7").0], Color::Black, None);
        r.learn([0, 0], &[v("C3").0, 0, v("G7").0], Color::Black, Some(Color::Black));
        assert_eq!(r.reply_to(Color::White, v("C3")), Some(v("D4")));
    }

    #[test]
    fn suggestions_follow_the_last_two_moves() {
        let size = BoardSize::new(9).unwrap();
        let v = |s| vertex(size, s).unwrap();
        let mut r = Replies::new(size);
        let moves = [v("C3").0, v("D4").0, v("E5").0];
        r.learn([0, 0], &moves, Color::Black, Some(Color::Black));
        let mut b = Board::new(size);
        b.play_unchecked(Color::Black, v("C3"));
        b.play_unchecked(Color::White, v("D4"));
        // Both the two-move reply (to C3 D4) and the one-move reply (to D4).
        assert_eq!(r.suggest(&b, Color::Black), [v("E5").0, v("E5").0]);
        let mut b = Board::new(size);
        b.play_unchecked(Color::Black, v("G7"));
        b.play_unchecked(Color::White, v("D4"));
        assert_eq!(r.suggest(&b, Color::Black), [0, v("E5").0]);
    }
}
