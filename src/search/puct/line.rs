//! A line of play below the search's root: the root game, and the moves a
//! descent played from it, with the boards a network's inputs look back
//! at and the situations situational superko forbids repeating.

use crate::knowledge::katago::History;
use crate::rules::game::situation_key;
use crate::rules::{Board, Color, Game, Move, Point, Rules, zobrist};

/// The root game and the moves played below it.
pub struct Line<'g> {
    root: &'g Game,
    /// The moves below the root.
    moves: Vec<(Color, Move)>,
    /// The current board and the two before it (`boards[0]` current).
    boards: [Box<Board>; 3],
    /// How many of `boards` hold a position of this line (1 to 3).
    depth: usize,
    /// The situations of the line below the root, for superko.
    keys: Vec<u64>,
    /// Scratch for legality checks that capture.
    scratch: Box<Board>,
    to_move: Color,
    passes: u32,
    /// Each point's legality for the side to move, by point index, once
    /// [`Line::find_legal`] computed it for this position.
    legal: Vec<bool>,
    legal_known: bool,
}

impl<'g> Line<'g> {
    /// The line at the root: `color` to move in `root`'s position.
    pub fn new(root: &'g Game, color: Color) -> Line<'g> {
        let b = root.board();
        Line {
            root,
            moves: Vec::new(),
            boards: [b.boxed_copy(), b.boxed_copy(), b.boxed_copy()],
            depth: 1,
            keys: Vec::new(),
            scratch: b.boxed_copy(),
            to_move: color,
            passes: if color == root.to_move() {
                root.consecutive_passes()
            } else {
                0
            },
            legal: Vec::new(),
            legal_known: false,
        }
    }

    /// Back to the root, keeping the buffers.
    pub fn reset(&mut self, color: Color) {
        let b = self.root.board();
        self.boards[0].copy_from(b);
        self.moves.clear();
        self.keys.clear();
        self.depth = 1;
        self.legal_known = false;
        self.to_move = color;
        self.passes = if color == self.root.to_move() {
            self.root.consecutive_passes()
        } else {
            0
        };
    }

    /// Plays a move the caller knows is legal ([`History::legal`]).
    pub fn play(&mut self, mv: Move) {
        let color = self.to_move;
        self.boards.rotate_right(1);
        let (current, rest) = self.boards.split_at_mut(1);
        current[0].copy_from(&rest[0]);
        match mv {
            Move::Play(p) => {
                current[0].play_unchecked(color, p);
                self.passes = 0;
            }
            Move::Pass => {
                current[0].pass(color);
                self.passes += 1;
            }
        }
        self.depth = (self.depth + 1).min(3);
        self.moves.push((color, mv));
        self.keys.push(situation_key(&current[0], color.opponent()));
        self.to_move = color.opponent();
        self.legal_known = false;
    }

    /// Whether the game is over: two passes in a row, and under rules
    /// where White must pass last, White's the last.
    pub fn is_over(&self) -> bool {
        use crate::rules::ruleset::LastMove;
        self.passes >= 2
            && match self.rules().last_move {
                LastMove::Either => true,
                LastMove::White => matches!(self.last_move(0), Some((Color::White, Move::Pass))),
            }
    }

    /// Moves played below the root.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move was played below the root.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The situation after `color` plays at `p` (a legal point by the
    /// board's rules), as [`situation_key`] computes it.
    fn key_after(&mut self, color: Color, p: Point) -> u64 {
        let b = &self.boards[0];
        let to = if color.opponent() == Color::White {
            zobrist::WHITE_TO_MOVE
        } else {
            0
        };
        if !b.captures_at(color, p) && !b.is_suicide(color, p) {
            return b.hash() ^ zobrist::stone(color, p) ^ to;
        }
        self.scratch.copy_from(b);
        self.scratch.play_unchecked(color, p);
        situation_key(&self.scratch, color.opponent())
    }

    /// Whether the situation `key` occurred in the game or on the line.
    fn seen(&self, key: u64) -> bool {
        self.keys.contains(&key) || self.root.has_seen(key)
    }

    /// Finds which points the side to move may play: the board's rules,
    /// then situational superko (by the situations' hashes). The network's
    /// inputs and policy read the answer through [`History`].
    pub fn find_legal(&mut self) {
        let color = self.to_move;
        let suicide = self.rules().suicide_allowed();
        let size = self.boards[0].size();
        self.legal.clear();
        self.legal.resize(size.array_len(), false);
        for p in size.points() {
            if self.boards[0].check(color, p, suicide).is_err() {
                continue;
            }
            let key = self.key_after(color, p);
            self.legal[p.index()] = !self.seen(key);
        }
        self.legal_known = true;
    }
}

impl History for Line<'_> {
    fn board(&self) -> &Board {
        &self.boards[0]
    }
    fn to_move(&self) -> Color {
        self.to_move
    }
    fn rules(&self) -> Rules {
        self.root.rules()
    }
    fn white_komi(&self) -> f32 {
        self.root.white_komi()
    }
    fn last_move(&self, k: usize) -> Option<(Color, Move)> {
        let n = self.moves.len();
        if k < n {
            Some(self.moves[n - 1 - k])
        } else {
            self.root.last_move(k - n)
        }
    }
    fn board_back(&self, k: usize) -> Option<&Board> {
        if k < self.depth {
            Some(&self.boards[k])
        } else {
            self.root.board_back(k.checked_sub(self.moves.len())?)
        }
    }
    fn consecutive_passes(&self) -> u32 {
        self.passes
    }
    fn legal(&self, color: Color, p: Point) -> bool {
        if color == self.to_move && self.legal_known {
            return self.legal[p.index()];
        }
        // Without the side to move's table: the board's rules alone.
        self.boards[0]
            .check(color, p, self.rules().suicide_allowed())
            .is_ok()
    }
    fn ko_banned(&self, color: Color, p: Point) -> bool {
        let suicide = self.rules().suicide_allowed();
        self.boards[0].check(color, p, suicide).is_ok() && !self.legal(color, p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::vertex;
    use crate::rules::{BoardSize, Rules};

    fn at(size: BoardSize, v: &str) -> Point {
        vertex(size, v).unwrap()
    }

    /// A ko on 5x5: after Black takes at D3, White may not take back at
    /// C3 at once. The line agrees with the game on every point, at the
    /// root and a move down.
    #[test]
    fn the_line_forbids_what_superko_forbids() {
        let size = BoardSize::new(5).unwrap();
        let mut game = Game::new(size, Rules::AGA, 7.5);
        use Color::{Black as B, White as W};
        for (c, v) in [
            (B, "B3"),
            (W, "E3"),
            (B, "C4"),
            (W, "D4"),
            (B, "C2"),
            (W, "D2"),
            (B, "A1"),
            (W, "C3"),
            (B, "D3"),
        ] {
            game.play(c, Move::Play(at(size, v))).unwrap();
        }
        assert!(!game.is_legal(W, Move::Play(at(size, "C3"))), "the ko");
        let mut line = Line::new(&game, game.to_move());
        line.find_legal();
        for p in size.points() {
            assert_eq!(
                line.legal(game.to_move(), p),
                game.is_legal(game.to_move(), Move::Play(p)),
                "{p:?} at the root"
            );
        }
        // Two moves down the line, against the game with them played.
        let mut after = game.clone();
        let legal: Vec<Point> = game.legal_moves(game.to_move());
        for &first in legal.iter().take(6) {
            line.reset(game.to_move());
            line.play(Move::Play(first));
            after.clone_from(&game);
            after.play(game.to_move(), Move::Play(first)).unwrap();
            line.find_legal();
            for p in size.points() {
                assert_eq!(
                    line.legal(after.to_move(), p),
                    after.is_legal(after.to_move(), Move::Play(p)),
                    "{p:?} after {first:?}"
                );
            }
            assert!(std::ptr::eq(line.board_back(1).unwrap(), &*line.boards[1]));
            assert!(line.board_back(1).unwrap().same_stones(game.board()));
            assert!(
                line.board_back(2)
                    .unwrap()
                    .same_stones(game.board_back(1).unwrap())
            );
            assert_eq!(line.last_move(0), Some((game.to_move(), Move::Play(first))));
            assert_eq!(line.last_move(1), game.moves().last().copied());
        }
    }

    #[test]
    fn two_passes_end_the_line() {
        let size = BoardSize::new(5).unwrap();
        let game = Game::new(size, Rules::NEW_ZEALAND, 7.5);
        let mut line = Line::new(&game, Color::Black);
        line.play(Move::Pass);
        assert!(!line.is_over());
        line.play(Move::Pass);
        assert!(line.is_over());
        assert_eq!(line.len(), 2);
        line.reset(Color::Black);
        assert!(line.is_empty() && !line.is_over());
    }
}
