//! The eight symmetries of the square board, and the network's
//! evaluation of a position seen through one of them.
//!
//! The numbering is KataGo's (`SymmetryHelpers` in its `nninputs.h`):
//! three bits, bit 0 flips the board top to bottom, bit 1 flips it left
//! to right, bit 2 transposes it (mirrors it in the diagonal from the
//! top-left corner to the bottom-right one), applied in that order, on
//! the board as it is displayed (GTP row `n` at the top). Symmetry 0 is
//! the board itself.
//!
//! [`judge`] evaluates the transformed position and maps the answers back,
//! so its outputs are always in the real board's coordinates: a network
//! that is not exactly symmetric gives eight slightly different opinions
//! of one position, which a client may compare or average.

use super::{Net, NetBuffers};
use crate::rules::{Board, BoardSize, Color, Game, Move, Point};

/// The number of symmetries of the square.
pub const SYMMETRIES: usize = 8;

/// One of the eight symmetries (0 to 7, KataGo's numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry(u8);

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry(0);

    /// Symmetry `k`, if `k` is 0 to 7.
    pub fn new(k: usize) -> Option<Symmetry> {
        (k < SYMMETRIES).then_some(Symmetry(k as u8))
    }

    /// All eight, 0 first.
    pub fn all() -> impl Iterator<Item = Symmetry> {
        (0..SYMMETRIES as u8).map(Symmetry)
    }

    /// Its number, 0 to 7.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Flips the displayed board top to bottom.
    pub fn flips_y(self) -> bool {
        self.0 & 1 != 0
    }

    /// Flips the displayed board left to right.
    pub fn flips_x(self) -> bool {
        self.0 & 2 != 0
    }

    /// Transposes the displayed board, after the flips.
    pub fn transposes(self) -> bool {
        self.0 & 4 != 0
    }

    /// The symmetry that undoes this one (5 and 6 undo each other; every
    /// other one undoes itself).
    pub fn inverse(self) -> Symmetry {
        match self.0 {
            5 => Symmetry(6),
            6 => Symmetry(5),
            k => Symmetry(k),
        }
    }

    /// Where column `x` and row `y` of an `n`x`n` board (hane's
    /// coordinates: `y = 0` is the bottom row) go.
    pub fn coords(self, n: usize, x: usize, y: usize) -> (usize, usize) {
        // KataGo's coordinates count rows from the top.
        let (mut x, mut top) = (x, n - 1 - y);
        if self.flips_x() {
            x = n - 1 - x;
        }
        if self.flips_y() {
            top = n - 1 - top;
        }
        if self.transposes() {
            (x, top) = (top, x);
        }
        (x, n - 1 - top)
    }

    /// Where the point `p` of a board of size `size` goes.
    pub fn point(self, size: BoardSize, p: Point) -> Point {
        let (x, y) = size.coords(p);
        let (x, y) = self.coords(size.get(), x, y);
        size.point(x, y)
            .expect("a symmetry keeps points on the board")
    }

    /// Where a move goes (a pass stays a pass).
    pub fn apply_move(self, size: BoardSize, mv: Move) -> Move {
        match mv {
            Move::Play(p) => Move::Play(self.point(size, p)),
            Move::Pass => Move::Pass,
        }
    }
}

/// The current position of `game` transformed by `sym`: the initial
/// position's stones moved, then every move of the game replayed on the
/// moved points, so the stones, the captures, the simple-ko point and the
/// last two moves all follow (chains and liberties are the same up to the
/// symmetry).
pub fn board(game: &Game, sym: Symmetry) -> Board {
    let size = game.size();
    if sym == Symmetry::IDENTITY {
        return game.board().clone();
    }
    let moved = |b: &Board| -> Vec<(Color, Point)> {
        [Color::Black, Color::White]
            .into_iter()
            .flat_map(|c| b.stones(c).map(move |p| (c, sym.point(size, p))))
            .collect()
    };
    let start = game.initial_board();
    let mut board = match Board::with_stones(size, &moved(start)) {
        Some(b) => b,
        None => return fallback(game, sym),
    };
    for &(color, mv) in game.moves() {
        match sym.apply_move(size, mv) {
            Move::Play(p) if board.cell(p) == crate::rules::Cell::Empty => {
                board.play_unchecked(color, p);
            }
            Move::Play(_) => return fallback(game, sym),
            Move::Pass => board.pass(color),
        }
    }
    let same = [Color::Black, Color::White].into_iter().all(|c| {
        let mut want: Vec<Point> = game.board().stones(c).map(|p| sym.point(size, p)).collect();
        want.sort_unstable();
        board.stones(c).eq(want)
    });
    if same && start.last_move().is_none() {
        board
    } else {
        fallback(game, sym)
    }
}

/// The transformed stones alone, without the ko point and the last moves,
/// for a game whose replay does not give its current board (never for a
/// game the rules built move by move from a set-up position).
fn fallback(game: &Game, sym: Symmetry) -> Board {
    log::warn!(
        "symmetry {}: the game's moves do not replay to its board; the network sees the stones without the ko point and the last moves",
        sym.index()
    );
    let size = game.size();
    let b = game.board();
    let stones: Vec<(Color, Point)> = [Color::Black, Color::White]
        .into_iter()
        .flat_map(|c| b.stones(c).map(move |p| (c, sym.point(size, p))))
        .collect();
    Board::with_stones(size, &stones).expect("the same chains with the same liberties")
}

/// [`super::judge`] on the current position of `game` seen through
/// `sym`, its answers mapped back to the real board: `probs` (the move
/// model's probabilities of `color` playing each of `points`, real
/// points) are corrected in place, and `buf.heads` holds the value heads
/// with `owner` in the real board's dense order (`y * n + x`). `komi` is
/// the side to move's komi. False if the network has no value heads.
#[allow(clippy::too_many_arguments)]
pub fn judge(
    net: &Net,
    game: &Game,
    color: Color,
    komi: f32,
    points: &[Point],
    probs: &mut [f32],
    sym: Symmetry,
    buf: &mut NetBuffers,
) -> bool {
    if sym == Symmetry::IDENTITY {
        return super::judge(net, game.board(), color, komi, points, probs, buf);
    }
    let size = game.size();
    let board = board(game, sym);
    let moved: Vec<Point> = points.iter().map(|&p| sym.point(size, p)).collect();
    if !super::judge(net, &board, color, komi, &moved, probs, buf) {
        return false;
    }
    let n = size.get();
    let seen = std::mem::take(&mut buf.heads.owner);
    buf.heads.owner = (0..n * n)
        .map(|i| {
            let (x, y) = sym.coords(n, i % n, i / n);
            seen[y * n + x]
        })
        .collect();
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::net::input;
    use crate::rules::Rules;
    use crate::rules::diagram::vertex;

    #[test]
    fn the_numbering_is_katagos() {
        // On a 5x5 board, A5 is KataGo's (0, 0) and E5 its (4, 0).
        let n = 5;
        let a5 = (0, 4);
        let want = [
            (0, 4), // 0: itself
            (0, 0), // 1: flip y: A1
            (4, 4), // 2: flip x: E5
            (4, 0), // 3: both: E1
            (0, 4), // 4: transpose: A5 is on the diagonal
            (4, 4), // 5: flip y to A1 = KataGo's (0, 4), transposed to (4, 0): E5
            (0, 0), // 6: flip x to E5 = (4, 0), transposed to (0, 4): A1
            (4, 0), // 7: E1
        ];
        for (k, w) in want.iter().enumerate() {
            let s = Symmetry::new(k).unwrap();
            assert_eq!(s.coords(n, a5.0, a5.1), *w, "symmetry {k}");
        }
        // B5 = KataGo's (1, 0) transposes to (0, 1) = A4.
        assert_eq!(Symmetry::new(4).unwrap().coords(n, 1, 4), (0, 3));
        assert_eq!(Symmetry::new(8), None);
    }

    #[test]
    fn each_symmetry_is_a_bijection_and_its_inverse_undoes_it() {
        for n in [2, 5, 9, 19] {
            for s in Symmetry::all() {
                let mut seen = vec![false; n * n];
                for y in 0..n {
                    for x in 0..n {
                        let (a, b) = s.coords(n, x, y);
                        assert!(a < n && b < n);
                        assert!(!seen[b * n + a]);
                        seen[b * n + a] = true;
                        assert_eq!(s.inverse().coords(n, a, b), (x, y), "{n} {s:?}");
                    }
                }
            }
        }
    }

    /// A game with a capture, a ko just taken and stones of both colours
    /// in no symmetric shape.
    fn game_with_a_ko() -> Game {
        let size = BoardSize::new(7).unwrap();
        let mut game = Game::new(size, Rules::AGA, 7.5);
        for (c, v) in [
            (Color::Black, "C4"),
            (Color::White, "D4"),
            (Color::Black, "D5"),
            (Color::White, "E5"),
            (Color::Black, "D3"),
            (Color::White, "E3"),
            (Color::Black, "B6"),
            (Color::White, "F4"),
            (Color::Black, "E4"), // takes D4: a ko
        ] {
            game.play(c, Move::Play(vertex(size, v).unwrap()))
                .unwrap_or_else(|e| panic!("{v}: {e}"));
        }
        game
    }

    #[test]
    fn a_transformed_board_has_the_moved_planes() {
        let game = game_with_a_ko();
        let size = game.size();
        let n = size.get();
        assert!(game.board().ko_point(Color::White).is_some());
        let mut lp = vec![f32::NEG_INFINITY; n * n];
        lp[3] = -1.0;
        let mut real = Vec::new();
        input::planes(game.board(), Color::White, &lp, &mut real);
        for s in Symmetry::all() {
            let b = board(&game, s);
            let mut moved_lp = vec![f32::NEG_INFINITY; n * n];
            let (x, y) = s.coords(n, 3, 0);
            moved_lp[y * n + x] = -1.0;
            let mut seen = Vec::new();
            input::planes(&b, Color::White, &moved_lp, &mut seen);
            for i in 0..n * n {
                let (x, y) = s.coords(n, i % n, i / n);
                let j = y * n + x;
                assert_eq!(
                    real[i * input::PLANES..][..input::PLANES],
                    seen[j * input::PLANES..][..input::PLANES],
                    "symmetry {s:?}, point {i}"
                );
            }
        }
    }

    #[test]
    fn undo_and_passes_replay_too() {
        let mut game = game_with_a_ko();
        game.play(Color::White, Move::Pass).unwrap();
        game.undo().unwrap();
        game.undo().unwrap();
        game.play(Color::Black, Move::Pass).unwrap();
        let size = game.size();
        for s in Symmetry::all() {
            let b = board(&game, s);
            assert_eq!(b.last_move(), Some((Color::Black, Move::Pass)));
            let prev = game
                .board()
                .prev_move()
                .map(|(c, m)| (c, s.apply_move(size, m)));
            assert_eq!(b.prev_move(), prev);
        }
    }
}
