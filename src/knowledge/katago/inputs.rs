//! The inputs KataGo's networks of model versions 8 and up read (its
//! "V7" features, `fillRowV7` in `nninputs.cpp`, read for the facts):
//! 22 planes over the board and 19 global values, all from the side to
//! move's point of view.
//!
//! Planes: 0 on the board; 1, 2 own and opposing stones; 3 to 5 stones
//! of chains with 1, 2, 3 liberties; 6 points forbidden by ko or superko;
//! 7, 8 unused (the encore of territory scoring); 9 to 13 the last five
//! moves (alternating, most recent first); 14 stones a ladder captures,
//! 15 and 16 the same one and two moves ago; 17 ataris that capture an
//! opposing chain of two liberties in a ladder; 18, 19 the area each
//! side owns ([`super::area`]); 20, 21 unused (the encore).
//!
//! Globals: 0 to 4 which of the last five moves were passes; 5 the side
//! to move's komi / 20; 6, 7 the ko rule (situational superko: 1, -0.5);
//! 8 multi-stone suicide legal; 9 territory scoring (never, here); 10,
//! 11 group tax (never); 12, 13 the encore (never); 14 a pass would end
//! the game; 15, 16 playout doubling (never); 17 the button (never); 18
//! the komi's parity wave.

use super::area;
use super::ladder::Ladders;
use crate::rules::ruleset::{LastMove, Suicide};
use crate::rules::{Board, Color, Game, IllegalMove, Move, Point, Rules};

/// Planes over the board.
pub const SPATIAL: usize = 22;
/// Global inputs.
pub const GLOBAL: usize = 19;

/// The inputs of one position: `spatial` as `n * n` rows of [`SPATIAL`]
/// in hane's dense order (`y * n + x`, `y = 0` the bottom row), `global`
/// as [`GLOBAL`] values.
#[derive(Default)]
pub struct Inputs {
    /// The planes.
    pub spatial: Vec<f32>,
    /// The globals.
    pub global: Vec<f32>,
    /// The ladder reader.
    ladders: Ladders,
}

/// What the inputs need of a position and the moves that led to it: a
/// [`Game`], or a line of play below a search's root.
pub trait History {
    /// The current board.
    fn board(&self) -> &Board;
    /// The side to move.
    fn to_move(&self) -> Color;
    /// The rules.
    fn rules(&self) -> Rules;
    /// White's komi, with the handicap bonus the rules give.
    fn white_komi(&self) -> f32;
    /// The `k`-th last move (0: the last), if there was one.
    fn last_move(&self, k: usize) -> Option<(Color, Move)>;
    /// The board `k` moves ago, if there were that many moves.
    fn board_back(&self, k: usize) -> Option<&Board>;
    /// Consecutive passes at the end of the moves.
    fn consecutive_passes(&self) -> u32;
    /// Whether `color` may play at `p` under the rules.
    fn legal(&self, color: Color, p: Point) -> bool;
    /// Whether `color` may not play at `p` only because of ko or superko.
    fn ko_banned(&self, color: Color, p: Point) -> bool;
}

impl History for Game {
    fn board(&self) -> &Board {
        Game::board(self)
    }
    fn to_move(&self) -> Color {
        Game::to_move(self)
    }
    fn rules(&self) -> Rules {
        Game::rules(self)
    }
    fn white_komi(&self) -> f32 {
        self.komi() as f32 + self.rules().handicap_bonus.points(self.handicap().0) as f32
    }
    fn last_move(&self, k: usize) -> Option<(Color, Move)> {
        self.moves().iter().rev().nth(k).copied()
    }
    fn board_back(&self, k: usize) -> Option<&Board> {
        Game::board_back(self, k)
    }
    fn consecutive_passes(&self) -> u32 {
        Game::consecutive_passes(self)
    }
    fn legal(&self, color: Color, p: Point) -> bool {
        self.is_legal(color, Move::Play(p))
    }
    fn ko_banned(&self, color: Color, p: Point) -> bool {
        matches!(
            self.check(color, Move::Play(p)),
            Err(IllegalMove::Ko | IllegalMove::Superko)
        )
    }
}

impl Inputs {
    /// Fills the inputs for `color` to move in the current position of
    /// `pos`. When `color` is not the side to move there, the history is
    /// left out (no last moves, no ko), as KataGo does.
    pub fn fill(&mut self, pos: &impl History, color: Color) {
        let board = pos.board();
        let size = board.size();
        let n = size.get();
        let opp = color.opponent();
        let dense = |p: Point| {
            let (x, y) = size.coords(p);
            y * n + x
        };
        self.spatial.clear();
        self.spatial.resize(n * n * SPATIAL, 0.0);
        self.global.clear();
        self.global.resize(GLOBAL, 0.0);
        let sp = &mut self.spatial;
        let mut set = |p: Point, plane: usize| sp[dense(p) * SPATIAL + plane] = 1.0;
        let mut libs = [Point(0); 4];
        for p in size.points() {
            set(p, 0);
            let Some(c) = board.cell(p).color() else {
                continue;
            };
            set(p, if c == color { 1 } else { 2 });
            match board.liberties_upto(p, &mut libs) {
                1 => set(p, 3),
                2 => set(p, 4),
                3 => set(p, 5),
                _ => {}
            }
        }
        let to_move = color == pos.to_move();
        if to_move && (board.prisoners(Color::Black) + board.prisoners(Color::White) > 0) {
            for &i in board.empty_points() {
                if pos.ko_banned(color, Point(i)) {
                    set(Point(i), 6);
                }
            }
        }
        let suicide = pos.rules().suicide == Suicide::MultiStoneAllowed;
        let owners = area::owners(board, suicide);
        for p in size.points() {
            match owners[p.index()] {
                Some(c) if c == color => set(p, 18),
                Some(_) => set(p, 19),
                None => {}
            }
        }
        // The last five moves, while they alternate.
        let mut history = 0;
        if to_move {
            for k in 0..5 {
                let Some((c, mv)) = pos.last_move(k) else {
                    break;
                };
                let want = if k % 2 == 0 { opp } else { color };
                if c != want {
                    break;
                }
                history = k + 1;
                match mv {
                    Move::Pass => self.global[k] = 1.0,
                    Move::Play(p) => set(p, 9 + k),
                }
            }
        }
        let ladders = &mut self.ladders;
        ladders.each(board, |p, working| {
            set(p, 14);
            if board.cell(p).color() == Some(opp) {
                for &w in working {
                    set(w, 17);
                }
            }
        });
        let prev = if history >= 1 {
            pos.board_back(1).unwrap_or(board)
        } else {
            board
        };
        ladders.each(prev, |p, _| set(p, 15));
        let prev2 = if history >= 2 {
            pos.board_back(2).unwrap_or(prev)
        } else {
            prev
        };
        ladders.each(prev2, |p, _| set(p, 16));
        self.fill_global(pos, color, to_move);
    }

    /// The global inputs after the pass flags.
    fn fill_global(&mut self, pos: &impl History, color: Color, to_move: bool) {
        let size = pos.board().size();
        let area = size.area() as f32;
        let rules = pos.rules();
        let white_komi = pos.white_komi();
        let own = if color == Color::White {
            white_komi
        } else {
            -white_komi
        };
        let own = own.clamp(-area - 20.0, area + 20.0);
        let g = &mut self.global;
        g[5] = own / 20.0;
        g[6] = 1.0;
        g[7] = -0.5;
        if rules.suicide == Suicide::MultiStoneAllowed {
            g[8] = 1.0;
        }
        if to_move && pass_ends_game(pos, color) {
            g[14] = 1.0;
        }
        g[18] = parity_wave(own, size.area().is_multiple_of(2));
    }
}

/// Whether `color` passing now would end the game.
fn pass_ends_game(pos: &impl History, color: Color) -> bool {
    pos.consecutive_passes() >= 1
        && match pos.rules().last_move {
            LastMove::Either => true,
            LastMove::White => color == Color::White,
        }
}

/// The triangle wave of the side to move's komi against the komis that
/// allow a draw (period 2 points), which tells the network which half
/// points matter on this board.
fn parity_wave(komi: f32, even_area: bool) -> f32 {
    let floor = if even_area {
        (komi / 2.0).floor() * 2.0
    } else {
        ((komi - 1.0) / 2.0).floor() * 2.0 + 1.0
    };
    let delta = (komi - floor).clamp(0.0, 2.0);
    if delta < 0.5 {
        delta
    } else if delta < 1.5 {
        1.0 - delta
    } else {
        delta - 2.0
    }
}

/// The dense index (`y * n + x`) of each point a network sees through a
/// symmetry, for every dense index of the real board, in KataGo's order
/// (rows from the top), into `order`: `order[real] = net`.
pub fn net_order_into(
    n: usize,
    sym: crate::knowledge::net::symmetry::Symmetry,
    order: &mut Vec<usize>,
) {
    order.clear();
    order.extend((0..n * n).map(|i| {
        let (x, y) = sym.coords(n, i % n, i / n);
        (n - 1 - y) * n + x
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::vertex;
    use crate::rules::{BoardSize, Rules};

    #[test]
    fn the_parity_wave_peaks_half_a_point_above_a_drawable_komi() {
        // 19x19 (odd area): drawable komis are odd.
        assert_eq!(parity_wave(7.0, false), 0.0);
        assert_eq!(parity_wave(7.5, false), 0.5);
        assert_eq!(parity_wave(8.0, false), 0.0);
        assert_eq!(parity_wave(8.5, false), -0.5);
        assert_eq!(parity_wave(-7.5, false), -0.5);
        // An even area: drawable komis are even.
        assert_eq!(parity_wave(6.5, true), 0.5);
    }

    #[test]
    fn stones_liberties_and_history_are_planes() {
        let size = BoardSize::new(9).unwrap();
        let mut game = Game::new(size, Rules::AGA, 7.5);
        for (c, v) in [(Color::Black, "E5"), (Color::White, "E6")] {
            game.play(c, Move::Play(vertex(size, v).unwrap())).unwrap();
        }
        game.play(Color::Black, Move::Pass).unwrap();
        let mut inputs = Inputs::default();
        inputs.fill(&game, Color::White);
        let at = |v: &str, plane: usize| {
            let (x, y) = size.coords(vertex(size, v).unwrap());
            inputs.spatial[(y * 9 + x) * SPATIAL + plane]
        };
        assert_eq!(at("E6", 1), 1.0, "White's own stone");
        assert_eq!(at("E5", 2), 1.0, "Black's stone");
        assert_eq!(at("E5", 5), 1.0, "three liberties");
        assert_eq!(inputs.global[0], 1.0, "the last move was a pass");
        assert_eq!(at("E6", 10), 1.0, "White's own move before it");
        assert_eq!(at("E5", 11), 1.0, "Black's move before that");
        assert_eq!(inputs.global[5], 7.5 / 20.0);
        assert_eq!(inputs.global[14], 1.0, "White's pass would end it");
        inputs.fill(&game, Color::Black);
        assert_eq!(inputs.global[0], 0.0, "another side to move: no history");
        assert_eq!(inputs.global[5], -7.5 / 20.0);
    }
}
