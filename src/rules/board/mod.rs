//! The board: stones, chains, liberties, captures, simple ko, hash.
//!
//! Built for speed because the search plays millions of moves on clones of
//! it. The board knows nothing of history, komi or rule names: the caller
//! says whether multi-stone suicide is allowed, and `Game` keeps the
//! superko history.
//!
//! One concept a file: `chain.rs` keeps chains and their pseudo-liberties
//! (O(1) atari tests), `nbrs.rs` the packed neighbourhood of every point
//! (one-load eye, suicide and 3x3 shape tests), `play.rs` checks and
//! plays moves (captures, suicide, simple ko), and `invariants.rs`
//! recomputes everything from scratch for tests. Printing and parsing
//! diagrams belongs to the `diagram` module, which depends on the board,
//! not the other way round.

mod chain;
mod invariants;
mod nbrs;
mod play;

use super::color::{ByColor, Color};
use super::point::{BoardSize, MAX_POINTS, Move, Point};
use super::zobrist;
use chain::ChainInfo;
pub use chain::OtherLiberties;
use std::fmt;

/// What occupies a point of the padded array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    /// No stone.
    Empty = 0,
    /// A black stone.
    Black = 1,
    /// A white stone.
    White = 2,
    /// Outside the board.
    Border = 3,
}

impl Cell {
    /// The stone of a colour.
    #[inline]
    pub fn stone(c: Color) -> Cell {
        match c {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    /// The colour of a stone, `None` for empty and border.
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// Why a move is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The vertex is not on this board.
    OffBoard,
    /// A stone is already there.
    Occupied,
    /// The move would leave its own chain without liberties.
    Suicide,
    /// Immediate recapture of a single-stone ko.
    Ko,
    /// The resulting situation occurred before (checked by `Game`).
    Superko,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::OffBoard => "off the board",
            IllegalMove::Occupied => "point occupied",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Ko => "ko recapture",
            IllegalMove::Superko => "superko: position repeats",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// The "no point" value of the `u16` point links.
const NO_POINT: u16 = 0;

/// A Go board of any size from 2x2 to 25x25.
#[derive(Clone)]
pub struct Board {
    size: BoardSize,
    cells: [Cell; MAX_POINTS],
    nbrs: [u64; MAX_POINTS],
    head: [u16; MAX_POINTS],
    next: [u16; MAX_POINTS],
    chains: [ChainInfo; MAX_POINTS],
    empties: [u16; MAX_POINTS],
    empty_index: [u16; MAX_POINTS],
    /// A `u32`, not `u16`: the compiler updates a `u16` here with a 32-bit
    /// load after a 16-bit store, which defeats store-to-load forwarding
    /// and stalled every move (and every captured stone) for ~12 cycles.
    n_empty: u32,
    hash: u64,
    ko_point: u16,
    ko_color: Color,
    prisoners: ByColor<u32>,
    last_move: Option<(Color, Move)>,
    prev_move: Option<(Color, Move)>,
}

impl Board {
    /// An empty board.
    pub fn new(size: BoardSize) -> Board {
        let mut b = Board {
            size,
            cells: [Cell::Border; MAX_POINTS],
            nbrs: [0; MAX_POINTS],
            head: [NO_POINT; MAX_POINTS],
            next: [NO_POINT; MAX_POINTS],
            chains: [ChainInfo::default(); MAX_POINTS],
            empties: [NO_POINT; MAX_POINTS],
            empty_index: [0; MAX_POINTS],
            n_empty: 0,
            hash: 0,
            ko_point: NO_POINT,
            ko_color: Color::Black,
            prisoners: ByColor::default(),
            last_move: None,
            prev_move: None,
        };
        for p in size.points() {
            b.cells[p.index()] = Cell::Empty;
            b.add_empty(p);
        }
        b.rebuild_nbrs();
        b
    }

    /// A board with these stones on it, as a setup (SGF `AB`/`AW`, test
    /// diagrams): nothing is captured and no move is recorded. Returns
    /// `None` if a point is off the board or a chain has no liberty.
    pub fn with_stones(size: BoardSize, stones: &[(Color, Point)]) -> Option<Board> {
        let mut b = Board::new(size);
        for &(c, p) in stones {
            if !b.on_board(p) {
                return None;
            }
            if b.cells[p.index()] == Cell::Empty {
                b.remove_empty(p);
            } else {
                b.hash ^= zobrist::stone(b.cells[p.index()].color()?, p);
            }
            b.cells[p.index()] = Cell::stone(c);
            b.hash ^= zobrist::stone(c, p);
        }
        b.rebuild_chains();
        b.rebuild_nbrs();
        let heads: Vec<Point> = size
            .points()
            .filter(|&p| b.cells[p.index()].color().is_some())
            .collect();
        heads.iter().all(|&p| b.chain_of(p).plibs > 0).then_some(b)
    }

    /// A copy on the heap, built in a frame of its own: recursive readers
    /// keep one a ply without a 30 KB board on each of their frames.
    #[inline(never)]
    pub fn boxed_copy(&self) -> Box<Board> {
        Box::new(self.clone())
    }

    /// Makes `self` a copy of `src`, copying only the part of each array
    /// that `src`'s size uses: the search copies the root position once per
    /// simulation, and a whole `Board` is 30 KB whatever the size.
    pub fn copy_from(&mut self, src: &Board) {
        let n = src.size.array_len();
        self.size = src.size;
        self.cells[..n].copy_from_slice(&src.cells[..n]);
        self.nbrs[..n].copy_from_slice(&src.nbrs[..n]);
        self.head[..n].copy_from_slice(&src.head[..n]);
        self.next[..n].copy_from_slice(&src.next[..n]);
        self.chains[..n].copy_from_slice(&src.chains[..n]);
        let e = src.n_empty as usize;
        self.empties[..e].copy_from_slice(&src.empties[..e]);
        self.empty_index[..n].copy_from_slice(&src.empty_index[..n]);
        self.n_empty = src.n_empty;
        self.hash = src.hash;
        self.ko_point = src.ko_point;
        self.ko_color = src.ko_color;
        self.prisoners = src.prisoners;
        self.last_move = src.last_move;
        self.prev_move = src.prev_move;
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// What is on point `p`.
    #[inline]
    pub fn cell(&self, p: Point) -> Cell {
        self.cells[p.index()]
    }

    /// The Zobrist hash of the stones (not of the player to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones captured so far *by* colour `c` (including, under rules that
    /// allow it, the opponent's suicided stones).
    #[inline]
    pub fn prisoners(&self, c: Color) -> u32 {
        self.prisoners[c]
    }

    /// The last move played on this board, if any.
    #[inline]
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.last_move
    }

    /// The move before the last one, if any.
    #[inline]
    pub fn prev_move(&self) -> Option<(Color, Move)> {
        self.prev_move
    }

    /// The point `color` may not play on because of simple ko, if any.
    #[inline]
    pub fn ko_point(&self, color: Color) -> Option<Point> {
        (self.ko_point != NO_POINT && self.ko_color == color).then_some(Point(self.ko_point))
    }

    /// The empty points, in no particular order.
    #[inline]
    pub fn empty_points(&self) -> &[u16] {
        &self.empties[..self.n_empty as usize]
    }

    /// Number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.n_empty as usize
    }

    /// The four orthogonal neighbours (some may be border points).
    #[inline]
    pub fn neighbours(&self, p: Point) -> [Point; 4] {
        let s = self.size.stride() as u16;
        [
            Point(p.0 - s),
            Point(p.0 - 1),
            Point(p.0 + 1),
            Point(p.0 + s),
        ]
    }

    /// The four diagonal neighbours (some may be border points).
    #[inline]
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        let s = self.size.stride() as u16;
        [
            Point(p.0 - s - 1),
            Point(p.0 - s + 1),
            Point(p.0 + s - 1),
            Point(p.0 + s + 1),
        ]
    }

    /// True if `p` is on this board.
    #[inline]
    pub fn on_board(&self, p: Point) -> bool {
        p.index() < MAX_POINTS && self.cells[p.index()] != Cell::Border
    }

    /// The points on the board of a colour, in row order from A1.
    pub fn stones(&self, c: Color) -> impl Iterator<Item = Point> + '_ {
        let want = Cell::stone(c);
        self.size
            .points()
            .filter(move |p| self.cells[p.index()] == want)
    }

    /// True if the stones (not prisoners, not ko) are the same.
    pub fn same_stones(&self, other: &Board) -> bool {
        self.size == other.size
            && self.cells[..self.size.array_len()] == other.cells[..other.size.array_len()]
    }

    #[inline]
    fn add_empty(&mut self, p: Point) {
        self.empty_index[p.index()] = self.n_empty as u16;
        self.empties[self.n_empty as usize] = p.0;
        self.n_empty += 1;
    }

    #[inline]
    fn remove_empty(&mut self, p: Point) {
        let i = self.empty_index[p.index()] as usize;
        self.n_empty -= 1;
        let last = self.empties[self.n_empty as usize];
        self.empties[i] = last;
        self.empty_index[Point(last).index()] = i as u16;
    }
}
