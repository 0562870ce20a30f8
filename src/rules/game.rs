//! A game: the board plus everything the rules need from history.
//!
//! `Game` owns the rules, komi, handicap, the full list of positions since
//! the start (for `undo` and situational superko), pass stones and the
//! consecutive-pass count. Every mutation is checked and atomic: a method
//! that returns `Err` has changed nothing.

use super::board::{Board, IllegalMove};
use super::color::{ByColor, Color};
use super::point::{BoardSize, Move, Point};
use super::ruleset::{LastMove, Rules};
use super::score::{AreaCount, Score, area_count, area_score, territory_score};
use super::zobrist;
use std::collections::HashMap;
use std::fmt;

/// One position of the game and the counters that go with it.
#[derive(Clone, Debug)]
struct State {
    board: Board,
    to_move: Color,
    /// Pass stones each colour has received (AGA rule 7).
    pass_stones: ByColor<u32>,
    consecutive_passes: u32,
}

impl State {
    fn key(&self) -> u64 {
        situation_key(&self.board, self.to_move)
    }
}

/// The situational-superko key: the stones and the player to move.
#[inline]
pub fn situation_key(board: &Board, to_move: Color) -> u64 {
    situation_key_of(board.hash(), to_move)
}

/// The situational key of a stones hash with `to_move` to play.
#[inline]
fn situation_key_of(stones_hash: u64, to_move: Color) -> u64 {
    match to_move {
        Color::Black => stones_hash,
        Color::White => stones_hash ^ zobrist::WHITE_TO_MOVE,
    }
}

/// Why a handicap could not be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapError {
    /// Stones or moves are already on the board.
    BoardNotEmpty,
    /// The number of stones is not allowed on this board.
    InvalidCount,
    /// Duplicate or off-board points.
    BadPoints,
}

impl fmt::Display for HandicapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HandicapError::BoardNotEmpty => "board not empty",
            HandicapError::InvalidCount => "invalid handicap",
            HandicapError::BadPoints => "bad vertex list",
        })
    }
}

impl std::error::Error for HandicapError {}

/// `undo` with no move to take back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CannotUndo;

impl fmt::Display for CannotUndo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cannot undo")
    }
}

impl std::error::Error for CannotUndo {}

/// Where the handicap count used for scoring comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapSource {
    /// Stones placed by a handicap command or an SGF setup.
    Placed,
    /// Consecutive black moves at the very start (how Sabaki sends it).
    LeadingBlackMoves,
    /// Set explicitly by the controller.
    Override,
    /// No handicap.
    None,
}

/// The result of both counting methods for the current position.
#[derive(Clone, Copy, Debug)]
pub struct ScoreReport {
    /// What the area count saw on the board.
    pub count: AreaCount,
    /// Area result with komi and the rules' handicap bonus.
    pub area: Score,
    /// AGA territory result with prisoners and pass stones.
    pub territory: Score,
    /// Stones captured by each colour, dead stones removed at the end
    /// included.
    pub prisoners: ByColor<u32>,
    /// Pass stones received by each colour.
    pub pass_stones: ByColor<u32>,
    /// Handicap used, and the bonus points White received for it.
    pub handicap: u32,
    /// Points added to White for the handicap under these rules.
    pub handicap_bonus: u32,
    /// Komi.
    pub komi: f64,
}

/// A game of Go under a rule set, from an initial position.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    komi: f64,
    states: Vec<State>,
    moves: Vec<(Color, Move)>,
    seen: HashMap<u64, u32>,
    handicap_placed: u32,
    handicap_override: Option<u32>,
}

impl Game {
    /// An empty board, Black to move.
    pub fn new(size: BoardSize, rules: Rules, komi: f64) -> Game {
        Game::from_position(Board::new(size), Color::Black, rules, komi, 0)
    }

    /// A game starting from a set-up position (handicap stones, SGF setup).
    /// `handicap` is the number of those stones that count as handicap.
    pub fn from_position(
        board: Board,
        to_move: Color,
        rules: Rules,
        komi: f64,
        handicap: u32,
    ) -> Game {
        let state = State {
            board,
            to_move,
            pass_stones: ByColor::default(),
            consecutive_passes: 0,
        };
        let mut seen = HashMap::new();
        seen.insert(state.key(), 1);
        Game {
            rules,
            komi,
            states: vec![state],
            moves: Vec::new(),
            seen,
            handicap_placed: handicap,
            handicap_override: None,
        }
    }

    /// Starts again on an empty board of the same size; rules, komi and a
    /// handicap override are kept.
    pub fn clear(&mut self) {
        let over = self.handicap_override;
        *self = Game::new(self.size(), self.rules, self.komi);
        self.handicap_override = over;
    }

    fn current(&self) -> &State {
        self.states
            .last()
            .expect("a game always has its initial state")
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.current().board
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.board().size()
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Changes the rules (the position and history are kept).
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// Komi (points added to White).
    pub fn komi(&self) -> f64 {
        self.komi
    }

    /// Sets komi.
    pub fn set_komi(&mut self, komi: f64) {
        self.komi = komi;
    }

    /// The player whose turn it is (the opponent of the last mover; White
    /// after a handicap).
    pub fn to_move(&self) -> Color {
        self.current().to_move
    }

    /// Gives the turn to `color` without a move, as an SGF `PL` property
    /// does, or as `loadsgf FILE N` does when move N is by the player who
    /// also made move N-1. The superko history then holds the current
    /// stones with `color` to move, and `undo` removes that entry with the
    /// position.
    pub fn set_to_move(&mut self, color: Color) {
        if self.to_move() == color {
            return;
        }
        let old = self.current().key();
        if let Some(n) = self.seen.get_mut(&old) {
            *n -= 1;
            if *n == 0 {
                self.seen.remove(&old);
            }
        }
        let state = self
            .states
            .last_mut()
            .expect("a game always has its initial state");
        state.to_move = color;
        *self.seen.entry(state.key()).or_insert(0) += 1;
    }

    /// The board `k` moves ago (0: the current one), if the game has had
    /// that many moves.
    pub fn board_back(&self, k: usize) -> Option<&Board> {
        let i = self.states.len().checked_sub(k + 1)?;
        Some(&self.states[i].board)
    }

    /// Whether the situation with hash `key` ([`situation_key`]) occurred
    /// in this game (by the hash alone: a search's fast superko test).
    pub fn has_seen(&self, key: u64) -> bool {
        self.seen.contains_key(&key)
    }

    /// The moves played since the initial position.
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// The initial position (after handicap or setup stones).
    pub fn initial_board(&self) -> &Board {
        &self.states[0].board
    }

    /// Who moves first from the initial position.
    pub fn initial_to_move(&self) -> Color {
        self.states[0].to_move
    }

    /// Number of consecutive passes at the end of the move list.
    pub fn consecutive_passes(&self) -> u32 {
        self.current().consecutive_passes
    }

    /// True after two consecutive passes — under rules where White must
    /// move last (AGA rule 11), only once White made the last pass.
    pub fn is_over(&self) -> bool {
        let passes = self.consecutive_passes();
        match self.rules.last_move {
            LastMove::Either => passes >= 2,
            LastMove::White => {
                passes >= 2 && matches!(self.moves.last(), Some((Color::White, Move::Pass)))
            }
        }
    }

    /// Pass stones received so far by each colour.
    pub fn pass_stones(&self) -> ByColor<u32> {
        self.current().pass_stones
    }

    /// The board after `color` plays `mv`, if that is legal under the rules
    /// with full-history situational superko.
    ///
    /// # Errors
    /// The reason the move is illegal.
    pub fn after(&self, color: Color, mv: Move) -> Result<Board, IllegalMove> {
        let mut board = self.board().clone();
        board.play(color, mv, self.rules.suicide_allowed())?;
        if mv != Move::Pass && self.repeats(&board, color.opponent()) {
            // Name the common case: retaking a single-stone ko at once.
            let simple = matches!(mv, Move::Play(p) if self.board().ko_point(color) == Some(p));
            return Err(if simple {
                IllegalMove::Ko
            } else {
                IllegalMove::Superko
            });
        }
        Ok(board)
    }

    /// True if this board with `to_move` to play occurred before.
    fn repeats(&self, board: &Board, to_move: Color) -> bool {
        let key = situation_key(board, to_move);
        // The hash narrows it down; the stones decide, so a hash collision
        // can never forbid a legal move.
        self.seen.contains_key(&key)
            && self
                .states
                .iter()
                .any(|s| s.to_move == to_move && s.key() == key && s.board.same_stones(board))
    }

    /// Checks a move without playing it.
    ///
    /// # Errors
    /// The reason the move is illegal.
    pub fn check(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        let Move::Play(p) = mv else { return Ok(()) };
        let board = self.board();
        board.check(color, p, self.rules.suicide_allowed())?;
        // Fast path: a move that removes nothing only adds one stone, so the
        // new hash is known without playing it; if no earlier situation has
        // that hash, it cannot repeat one. Captures and suicides, and hash
        // hits, take the exact path.
        if !board.is_suicide(color, p) && !board.captures_at(color, p) {
            let key = situation_key_of(board.hash() ^ zobrist::stone(color, p), color.opponent());
            if !self.seen.contains_key(&key) {
                return Ok(());
            }
        }
        self.after(color, mv).map(|_| ())
    }

    /// True if `color` may play `mv` now.
    pub fn is_legal(&self, color: Color, mv: Move) -> bool {
        self.check(color, mv).is_ok()
    }

    /// Plays a move. Either colour may move (GTP allows it); the player to
    /// move becomes the opponent of `color`.
    ///
    /// # Errors
    /// The reason the move is illegal; the game is unchanged.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        let board = self.after(color, mv)?;
        let prev = self.current();
        let mut pass_stones = prev.pass_stones;
        let consecutive_passes = if mv == Move::Pass {
            pass_stones[color.opponent()] += 1;
            prev.consecutive_passes + 1
        } else {
            0
        };
        let state = State {
            board,
            to_move: color.opponent(),
            pass_stones,
            consecutive_passes,
        };
        *self.seen.entry(state.key()).or_insert(0) += 1;
        self.states.push(state);
        self.moves.push((color, mv));
        Ok(())
    }

    /// Takes back the last move, restoring board, prisoners, ko, pass
    /// stones and the superko history exactly.
    ///
    /// # Errors
    /// [`CannotUndo`] if no move was played since the initial position.
    pub fn undo(&mut self) -> Result<(), CannotUndo> {
        if self.moves.is_empty() {
            return Err(CannotUndo);
        }
        let state = self
            .states
            .pop()
            .expect("one state per move plus the initial one");
        self.moves.pop();
        let key = state.key();
        if let Some(n) = self.seen.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                self.seen.remove(&key);
            }
        }
        Ok(())
    }

    /// Every stone move `color` may legally play now (passes are always
    /// legal and not listed).
    pub fn legal_moves(&self, color: Color) -> Vec<Point> {
        let board = self.board();
        let mut pts: Vec<Point> = board.empty_points().iter().map(|&i| Point(i)).collect();
        pts.sort_unstable();
        pts.retain(|&p| self.is_legal(color, Move::Play(p)));
        pts
    }

    /// Places handicap stones on an empty board with no moves; White moves
    /// next. Handicap stones are part of the initial position, not moves.
    ///
    /// # Errors
    /// The board is not empty, fewer than 2 or too many points, or
    /// duplicate/off-board points. The game is unchanged.
    pub fn place_handicap(&mut self, points: &[Point]) -> Result<(), HandicapError> {
        if !self.moves.is_empty() || self.board().empty_count() != self.size().area() {
            return Err(HandicapError::BoardNotEmpty);
        }
        if points.len() < 2 || points.len() >= self.size().area() {
            return Err(HandicapError::InvalidCount);
        }
        let mut sorted = points.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != points.len() {
            return Err(HandicapError::BadPoints);
        }
        let stones: Vec<(Color, Point)> = points.iter().map(|&p| (Color::Black, p)).collect();
        let board = Board::with_stones(self.size(), &stones).ok_or(HandicapError::BadPoints)?;
        let over = self.handicap_override;
        *self = Game::from_position(
            board,
            Color::White,
            self.rules,
            self.komi,
            points.len() as u32,
        );
        self.handicap_override = over;
        Ok(())
    }

    /// Sets (`Some`) or clears (`None`) an explicit handicap count for
    /// scoring, overriding what the game's start shows.
    pub fn set_handicap_override(&mut self, handicap: Option<u32>) {
        self.handicap_override = handicap;
    }

    /// The handicap used for scoring and where it comes from: an explicit
    /// override, placed handicap stones, or two or more black stones played
    /// at the very start before any White move or pass.
    pub fn handicap(&self) -> (u32, HandicapSource) {
        if let Some(n) = self.handicap_override {
            return (n, HandicapSource::Override);
        }
        if self.handicap_placed > 0 {
            return (self.handicap_placed, HandicapSource::Placed);
        }
        if self.states[0].to_move == Color::Black {
            let leading = self
                .moves
                .iter()
                .take_while(|(c, m)| *c == Color::Black && *m != Move::Pass)
                .count() as u32;
            if leading >= 2 {
                return (leading, HandicapSource::LeadingBlackMoves);
            }
        }
        (0, HandicapSource::None)
    }

    /// Both counts of the current position, every stone alive.
    pub fn score(&self) -> ScoreReport {
        self.score_board(self.board(), ByColor::default())
    }

    /// Both counts for `settled`: the current board with the `dead` stones
    /// (counted per colour) already removed by the caller. Dead stones are
    /// prisoners for the territory count; prisoners and pass stones come
    /// from the game.
    pub fn score_board(&self, settled: &Board, dead: ByColor<u32>) -> ScoreReport {
        let count = area_count(settled);
        let (handicap, _) = self.handicap();
        let bonus = self.rules.handicap_bonus.points(handicap);
        let prisoners = ByColor {
            black: self.board().prisoners(Color::Black) + dead.white,
            white: self.board().prisoners(Color::White) + dead.black,
        };
        let pass_stones = self.pass_stones();
        ScoreReport {
            count,
            area: area_score(&count, self.komi, bonus),
            territory: territory_score(&count, prisoners, pass_stones, self.komi),
            prisoners,
            pass_stones,
            handicap,
            handicap_bonus: bonus,
            komi: self.komi,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::vertex;

    #[test]
    fn set_to_move_moves_the_superko_entry_and_undo_takes_it_back() {
        let mut g = Game::new(BoardSize::new(5).unwrap(), Rules::AGA, 0.5);
        let c3 = Move::Play(vertex(g.size(), "C3").unwrap());
        let d3 = Move::Play(vertex(g.size(), "D3").unwrap());
        g.play(Color::Black, c3).unwrap();
        let after_c3 = g.board().clone();
        let key = |c| situation_key(&after_c3, c);
        g.set_to_move(Color::Black);
        assert_eq!(g.to_move(), Color::Black);
        assert_eq!(g.seen.get(&key(Color::Black)), Some(&1));
        assert_eq!(g.seen.get(&key(Color::White)), None);
        g.set_to_move(Color::Black);
        assert_eq!(
            g.seen.values().sum::<u32>(),
            2,
            "no change: one entry per state"
        );
        g.play(Color::Black, d3).unwrap();
        assert_eq!(g.to_move(), Color::White);
        g.undo().unwrap();
        assert_eq!(
            g.to_move(),
            Color::Black,
            "undo returns to the turn that was set"
        );
        g.undo().unwrap();
        assert_eq!(g.seen.len(), 1);
        assert_eq!(
            g.seen.get(&situation_key(g.board(), Color::Black)),
            Some(&1)
        );
    }
}
