//! The board: stones, chains, pseudo-liberties, captures, simple ko, hash.
//!
//! Built for speed because the search plays millions of moves on clones of
//! it. Chains are circular linked lists of stones; each chain keeps its
//! *pseudo-liberties* (one count per stone-empty adjacency) with their sum
//! and sum of squares, so "is this chain in atari, and where?" is O(1):
//! all pseudo-liberties are the same point exactly when
//! `count * sum_sq == sum * sum` (the libego / GNU Go trick).
//!
//! The board knows nothing of history, komi or rule names: the caller says
//! whether multi-stone suicide is allowed, and [`super::game::Game`] keeps
//! the superko history.

use super::color::{ByColor, Color};
use super::point::{BoardSize, MAX_POINTS, Move, Point};
use super::zobrist;
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

/// Statistics of one chain, stored at the index of its head stone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ChainInfo {
    stones: u16,
    plibs: u16,
    lib_sum: u32,
    lib_sum_sq: u32,
}

impl ChainInfo {
    #[inline]
    fn add_lib(&mut self, p: Point) {
        let i = p.0 as u32;
        self.plibs += 1;
        self.lib_sum += i;
        self.lib_sum_sq += i * i;
    }

    #[inline]
    fn remove_lib(&mut self, p: Point) {
        let i = p.0 as u32;
        self.plibs -= 1;
        self.lib_sum -= i;
        self.lib_sum_sq -= i * i;
    }

    /// [`ChainInfo::in_atari`] for a chain known to have a liberty.
    #[inline]
    fn libs_all_equal(&self) -> bool {
        self.plibs as u64 * self.lib_sum_sq as u64 == (self.lib_sum as u64).pow(2)
    }

    #[inline]
    fn in_atari(&self) -> bool {
        self.plibs > 0 && self.libs_all_equal()
    }
}

const NO_POINT: u16 = 0;

/// Per-point neighbour counts, packed in a `u32` of 4-bit fields: bits
/// 0..12 count the empty, black and white orthogonal neighbours (the rest
/// are border), bits 16..28 the black, white and border diagonals. Kept up
/// to date for on-board points (border entries hold garbage, updated with
/// wrapping arithmetic) so that the playouts' eye and suicide tests decide
/// from one load instead of reading up to eight cells.
const NBR_EMPTY: u32 = 0x001;
/// Shift of the diagonal fields (black, white, border) in the neighbour
/// counts.
const NBR_DIAG: u32 = 16;
/// The field counting border diagonals (constant for a point).
const NBR_DIAG_BORDER: u32 = NBR_DIAG + 8;

/// What a stone of colour `c` replacing an empty neighbour adds to a
/// point's neighbour counts.
#[inline]
fn nbr_delta(c: Color) -> u32 {
    match c {
        Color::Black => 0x010 - NBR_EMPTY,
        Color::White => 0x100 - NBR_EMPTY,
    }
}

/// What a stone of colour `c` adds to the counts of its diagonal points.
#[inline]
fn nbr_diag_delta(c: Color) -> u32 {
    1 << (NBR_DIAG + nbr_shift(c) - 4)
}

/// The shift of colour `c`'s field in the neighbour counts.
#[inline]
fn nbr_shift(c: Color) -> u32 {
    match c {
        Color::Black => 4,
        Color::White => 8,
    }
}

/// A Go board of any size from 2x2 to 25x25.
#[derive(Clone)]
pub struct Board {
    size: BoardSize,
    cells: [Cell; MAX_POINTS],
    nbrs: [u32; MAX_POINTS],
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

    /// The neighbour counts of on-board point `p`, recomputed from the
    /// cells.
    fn count_nbrs(&self, p: Point) -> u32 {
        let orth: u32 = self
            .neighbours(p)
            .iter()
            .map(|n| match self.cells[n.index()] {
                Cell::Empty => NBR_EMPTY,
                Cell::Black => 1 << nbr_shift(Color::Black),
                Cell::White => 1 << nbr_shift(Color::White),
                Cell::Border => 0,
            })
            .sum();
        let diag: u32 = self
            .diagonals(p)
            .iter()
            .map(|n| match self.cells[n.index()] {
                Cell::Empty => 0,
                Cell::Black => nbr_diag_delta(Color::Black),
                Cell::White => nbr_diag_delta(Color::White),
                Cell::Border => 1 << NBR_DIAG_BORDER,
            })
            .sum();
        orth + diag
    }

    /// Recomputes the neighbour counts of every on-board point.
    fn rebuild_nbrs(&mut self) {
        for p in self.size.points() {
            self.nbrs[p.index()] = self.count_nbrs(p);
        }
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
        heads
            .iter()
            .all(|&p| b.chains[b.head[p.index()] as usize].plibs > 0)
            .then_some(b)
    }

    /// Recomputes chain membership and statistics from the stones.
    fn rebuild_chains(&mut self) {
        let points: Vec<Point> = self.size.points().collect();
        for &p in &points {
            self.head[p.index()] = NO_POINT;
        }
        for &p in &points {
            let c = self.cells[p.index()];
            if c.color().is_none() || self.head[p.index()] != NO_POINT {
                continue;
            }
            // Flood fill the chain from p, linking stones into a ring.
            let mut stack = vec![p];
            let mut info = ChainInfo::default();
            self.head[p.index()] = p.0;
            self.next[p.index()] = p.0;
            while let Some(s) = stack.pop() {
                info.stones += 1;
                for n in self.neighbours(s) {
                    let cn = self.cells[n.index()];
                    if cn == Cell::Empty {
                        info.add_lib(n);
                    } else if cn == c && self.head[n.index()] == NO_POINT {
                        self.head[n.index()] = p.0;
                        self.next[n.index()] = self.next[p.index()];
                        self.next[p.index()] = n.0;
                        stack.push(n);
                    }
                }
            }
            self.chains[p.index()] = info;
        }
    }

    /// Makes `self` a copy of `src`, copying only the part of each array
    /// that `src`'s size uses: the search copies the root position once per
    /// simulation, and a whole `Board` is 17 KB whatever the size.
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

    /// Number of empty orthogonal neighbours of on-board point `p`.
    #[inline]
    pub fn empty_neighbours(&self, p: Point) -> usize {
        (self.nbrs[p.index()] & 0xf) as usize
    }

    /// Number of orthogonal neighbours of on-board point `p` that are `c`
    /// stones.
    #[inline]
    pub fn neighbours_of(&self, c: Color, p: Point) -> usize {
        ((self.nbrs[p.index()] >> nbr_shift(c)) & 0xf) as usize
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

    /// The head stone identifying the chain through `p` (a stone).
    #[inline]
    pub fn chain_id(&self, p: Point) -> Point {
        Point(self.head[p.index()])
    }

    /// Number of stones of the chain through stone `p`.
    #[inline]
    pub fn chain_len(&self, p: Point) -> usize {
        self.chains[self.head[p.index()] as usize].stones as usize
    }

    /// The stones of the chain through stone `p`.
    pub fn chain_stones(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let start = p.0;
        let mut cur = Some(start);
        std::iter::from_fn(move || {
            let here = cur?;
            let nx = self.next[here as usize];
            cur = (nx != start).then_some(nx);
            Some(Point(here))
        })
    }

    /// True if the chain through stone `p` has exactly one liberty.
    #[inline]
    pub fn in_atari(&self, p: Point) -> bool {
        self.chains[self.head[p.index()] as usize].in_atari()
    }

    /// The only liberty of a chain in atari.
    #[inline]
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        let info = &self.chains[self.head[p.index()] as usize];
        info.in_atari()
            .then(|| Point((info.lib_sum / info.plibs as u32) as u16))
    }

    /// Counts the distinct liberties of the chain through stone `p`, up to
    /// `out.len()` of them, into `out`; no allocation (the playouts' 2-lib
    /// tactics). Returns how many were found.
    pub fn liberties_upto(&self, p: Point, out: &mut [Point]) -> usize {
        let mut n = 0;
        for s in self.chain_stones(p) {
            for q in self.neighbours(s) {
                if self.cells[q.index()] == Cell::Empty && !out[..n].contains(&q) {
                    if n == out.len() {
                        return n;
                    }
                    out[n] = q;
                    n += 1;
                }
            }
        }
        n
    }

    /// The distinct liberties of the chain through stone `p` (a real count,
    /// not the pseudo-liberties; slower, for the API surface and tests).
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        let mut seen = [false; MAX_POINTS];
        let mut libs = Vec::new();
        for s in self.chain_stones(p) {
            for n in self.neighbours(s) {
                if self.cells[n.index()] == Cell::Empty && !seen[n.index()] {
                    seen[n.index()] = true;
                    libs.push(n);
                }
            }
        }
        libs
    }

    /// True if a stone of `color` on empty point `p` would have no liberty
    /// and capture nothing.
    pub fn is_suicide(&self, color: Color, p: Point) -> bool {
        if self.empty_neighbours(p) > 0 {
            return false;
        }
        let own = Cell::stone(color);
        for n in self.neighbours(p) {
            match self.cells[n.index()] {
                Cell::Empty => return false,
                Cell::Border => {}
                c => {
                    // `p` is a liberty of this chain, so it has at least
                    // one and the atari test needs no zero check.
                    let atari = self.chains[self.head[n.index()] as usize].libs_all_equal();
                    // A friend with another liberty keeps us alive; an enemy
                    // whose last liberty is `p` is captured.
                    if (c == own) != atari {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// True if a `color` stone on `p` would capture something: an enemy
    /// chain next to `p` has `p` as its last liberty.
    pub fn captures_at(&self, color: Color, p: Point) -> bool {
        let enemy = Cell::stone(color.opponent());
        self.neighbours(p)
            .iter()
            .any(|&n| self.cells[n.index()] == enemy && self.atari_liberty(n) == Some(p))
    }

    /// True if `color` playing on `p` would only add to one of its own
    /// chains (no new stone chain): used to tell single-stone suicide.
    fn touches_own_chain(&self, color: Color, p: Point) -> bool {
        let own = Cell::stone(color);
        self.neighbours(p)
            .iter()
            .any(|n| self.cells[n.index()] == own)
    }

    /// Checks a stone move without playing it: board, occupancy and suicide
    /// (multi-stone suicide only when `suicide_allowed`; single-stone
    /// suicide is never legal). Repetition is not checked here: `Game`
    /// applies situational superko, which covers simple ko when players
    /// alternate, and the search consults [`Board::ko_point`] itself.
    pub fn check(&self, color: Color, p: Point, suicide_allowed: bool) -> Result<(), IllegalMove> {
        if !self.on_board(p) {
            return Err(IllegalMove::OffBoard);
        }
        if self.cells[p.index()] != Cell::Empty {
            return Err(IllegalMove::Occupied);
        }
        if self.is_suicide(color, p) && !(suicide_allowed && self.touches_own_chain(color, p)) {
            return Err(IllegalMove::Suicide);
        }
        Ok(())
    }

    /// Plays a move after [`Board::check`]. Returns the number of stones
    /// removed from the board (captures, or the own chain after a legal
    /// multi-stone suicide).
    pub fn play(
        &mut self,
        color: Color,
        mv: Move,
        suicide_allowed: bool,
    ) -> Result<u32, IllegalMove> {
        match mv {
            Move::Pass => {
                self.pass(color);
                Ok(0)
            }
            Move::Play(p) => {
                self.check(color, p, suicide_allowed)?;
                Ok(self.play_unchecked(color, p))
            }
        }
    }

    /// A pass: clears the ko point and records the move.
    pub fn pass(&mut self, color: Color) {
        self.ko_point = NO_POINT;
        self.prev_move = self.last_move;
        self.last_move = Some((color, Move::Pass));
    }

    /// Plays a stone on an empty on-board point without any legality check
    /// (the search's fast path). If the move leaves its own chain without
    /// liberties that chain is removed, as multi-stone suicide requires.
    /// Returns the number of stones removed.
    pub fn play_unchecked(&mut self, color: Color, p: Point) -> u32 {
        debug_assert!(
            self.cells[p.index()] == Cell::Empty,
            "play on a non-empty point"
        );
        let opp = color.opponent();
        let own = Cell::stone(color);
        let enemy = Cell::stone(opp);
        let pi = p.index();
        self.ko_point = NO_POINT;
        self.prev_move = self.last_move;
        self.last_move = Some((color, Move::Play(p)));
        self.remove_empty(p);
        self.cells[pi] = own;
        self.hash ^= zobrist::stone(color, p);
        self.head[pi] = p.0;
        self.next[pi] = p.0;
        self.chains[pi] = ChainInfo {
            stones: 1,
            ..ChainInfo::default()
        };

        let nbrs = self.neighbours(p);
        let delta = nbr_delta(color);
        let diag_delta = nbr_diag_delta(color);
        for d in self.diagonals(p) {
            self.nbrs[d.index()] = self.nbrs[d.index()].wrapping_add(diag_delta);
        }
        for n in nbrs {
            self.nbrs[n.index()] = self.nbrs[n.index()].wrapping_add(delta);
            match self.cells[n.index()] {
                Cell::Empty => self.chains[pi].add_lib(n),
                Cell::Black | Cell::White => {
                    let h = self.head[n.index()] as usize;
                    self.chains[h].remove_lib(p);
                }
                Cell::Border => {}
            }
        }
        for n in nbrs {
            if self.cells[n.index()] == own && self.head[n.index()] != self.head[pi] {
                self.merge(self.head[pi], self.head[n.index()]);
            }
        }
        let mut captured = 0;
        let mut captured_at = NO_POINT;
        for n in nbrs {
            if self.cells[n.index()] == enemy
                && self.chains[self.head[n.index()] as usize].plibs == 0
            {
                captured += self.remove_chain(Point(self.head[n.index()]));
                captured_at = n.0;
            }
        }
        self.prisoners[color] += captured;
        let mine = self.chains[self.head[pi] as usize];
        if mine.plibs == 0 {
            let lost = self.remove_chain(Point(self.head[pi]));
            self.prisoners[opp] += lost;
            return lost;
        }
        if captured == 1 && mine.stones == 1 && mine.in_atari() {
            self.ko_point = captured_at;
            self.ko_color = opp;
        }
        captured
    }

    fn merge(&mut self, a: u16, b: u16) {
        let (big, small) = if self.chains[a as usize].stones >= self.chains[b as usize].stones {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s as usize] = big;
            s = self.next[s as usize];
            if s == small {
                break;
            }
        }
        self.next.swap(big as usize, small as usize);
        let sm = self.chains[small as usize];
        let bg = &mut self.chains[big as usize];
        bg.stones += sm.stones;
        bg.plibs += sm.plibs;
        bg.lib_sum += sm.lib_sum;
        bg.lib_sum_sq += sm.lib_sum_sq;
    }

    fn remove_chain(&mut self, h: Point) -> u32 {
        let color = self.cells[h.index()]
            .color()
            .expect("a chain is made of stones");
        let mut count = 0;
        let mut s = h.0;
        loop {
            self.cells[s as usize] = Cell::Empty;
            self.hash ^= zobrist::stone(color, Point(s));
            self.add_empty(Point(s));
            count += 1;
            s = self.next[s as usize];
            if s == h.0 {
                break;
            }
        }
        let delta = nbr_delta(color);
        let diag_delta = nbr_diag_delta(color);
        loop {
            for d in self.diagonals(Point(s)) {
                self.nbrs[d.index()] = self.nbrs[d.index()].wrapping_sub(diag_delta);
            }
            for n in self.neighbours(Point(s)) {
                self.nbrs[n.index()] = self.nbrs[n.index()].wrapping_sub(delta);
                if matches!(self.cells[n.index()], Cell::Black | Cell::White) {
                    let nh = self.head[n.index()] as usize;
                    self.chains[nh].add_lib(Point(s));
                }
            }
            s = self.next[s as usize];
            if s == h.0 {
                break;
            }
        }
        count
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
        self.empty_index[last as usize] = i as u16;
    }

    /// True if `p` is empty and all its neighbours are `color` stones or
    /// border, and the diagonals do not make it a false eye: at most one
    /// enemy diagonal in the middle, none on the edge. Playouts never fill
    /// such a point for `color`.
    pub fn is_true_eye(&self, color: Color, p: Point) -> bool {
        if self.cells[p.index()] != Cell::Empty {
            return false;
        }
        if self.empty_neighbours(p) > 0 || self.neighbours_of(color.opponent(), p) > 0 {
            return false;
        }
        let w = self.nbrs[p.index()];
        let bad = (w >> (NBR_DIAG + nbr_shift(color.opponent()) - 4)) & 0xf;
        let edge = (w >> NBR_DIAG_BORDER) & 0xf != 0;
        if edge { bad == 0 } else { bad < 2 }
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

    /// Recomputes everything incremental from scratch and panics with a
    /// description if anything differs. For tests and debug builds.
    pub fn check_invariants(&self) {
        let mut hash = 0;
        let mut empties = 0;
        for p in self.size.points() {
            let i = p.index();
            assert_eq!(
                self.nbrs[i],
                self.count_nbrs(p),
                "neighbour counts at {p:?}"
            );
            match self.cells[i] {
                Cell::Empty => {
                    empties += 1;
                    let k = self.empty_index[i] as usize;
                    assert!(
                        k < self.n_empty as usize && self.empties[k] == p.0,
                        "empty list broken at {p:?}"
                    );
                }
                Cell::Border => panic!("border inside the board at {p:?}"),
                c => {
                    let color = c.color().expect("stone");
                    hash ^= zobrist::stone(color, p);
                    let h = self.head[i];
                    assert_eq!(self.cells[h as usize], c, "head of another colour at {p:?}");
                    if h == p.0 {
                        self.check_chain(p);
                    }
                }
            }
        }
        assert_eq!(empties, self.n_empty as usize, "empty count");
        assert_eq!(hash, self.hash, "incremental hash");
    }

    fn check_chain(&self, h: Point) {
        let c = self.cells[h.index()];
        let mut expect = ChainInfo::default();
        let mut seen = [false; MAX_POINTS];
        for s in self.chain_stones(h) {
            assert_eq!(self.head[s.index()], h.0, "stone {s:?} not headed by {h:?}");
            seen[s.index()] = true;
            expect.stones += 1;
            for n in self.neighbours(s) {
                if self.cells[n.index()] == Cell::Empty {
                    expect.add_lib(n);
                }
            }
        }
        // Every same-coloured neighbour of the chain must be in the chain.
        for s in self.chain_stones(h) {
            for n in self.neighbours(s) {
                assert!(
                    self.cells[n.index()] != c || seen[n.index()],
                    "chain {h:?} not maximal"
                );
            }
        }
        assert_eq!(self.chains[h.index()], expect, "chain statistics of {h:?}");
        assert_eq!(
            self.in_atari(h),
            self.liberties(h).len() == 1,
            "atari test of {h:?}"
        );
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", super::diagram::render(self))
    }
}

#[cfg(test)]
mod tests {
    use super::super::diagram::parse;
    use super::*;

    fn pt(b: &Board, v: &str) -> Point {
        super::super::diagram::vertex(b.size(), v).expect("test vertex")
    }

    #[test]
    fn single_stone_capture_in_the_corner() {
        let mut b = parse(
            ". . . .
             . . . .
             X . . .
             O . . .",
        );
        assert_eq!(
            b.play(Color::Black, Move::Play(pt(&b, "A2")), false),
            Err(IllegalMove::Occupied)
        );
        let captured = b
            .play(Color::Black, Move::Play(pt(&b, "B1")), false)
            .unwrap();
        assert_eq!(captured, 1);
        assert_eq!(b.cell(pt(&b, "A1")), Cell::Empty);
        assert_eq!(b.prisoners(Color::Black), 1);
        // A1 is now an empty point Black surrounds: White may not play there.
        assert_eq!(
            b.check(Color::White, pt(&b, "A1"), true),
            Err(IllegalMove::Suicide)
        );
        b.check_invariants();
    }

    #[test]
    fn one_move_captures_two_chains() {
        let mut b = parse(
            "X O . O X
             . X O X .
             . . X . .
             . . . . .
             . . . . .",
        );
        // Three white chains, B5, C4 and D5, whose last liberty is C5.
        let n = b
            .play(Color::Black, Move::Play(pt(&b, "C5")), false)
            .unwrap();
        assert_eq!(n, 3);
        assert_eq!(b.prisoners(Color::Black), 3);
        for v in ["B5", "C4", "D5"] {
            assert_eq!(b.cell(pt(&b, v)), Cell::Empty);
        }
        b.check_invariants();
    }

    #[test]
    fn single_stone_suicide_is_illegal_even_when_allowed() {
        let b = parse(
            ". X .
             X . .
             . . .",
        );
        assert_eq!(
            b.check(Color::White, pt(&b, "A3"), true),
            Err(IllegalMove::Suicide)
        );
        assert_eq!(
            b.check(Color::White, pt(&b, "A3"), false),
            Err(IllegalMove::Suicide)
        );
    }

    #[test]
    fn multi_stone_suicide_removes_own_chain_when_allowed() {
        let mut b = parse(
            ". O X .
             O X . .
             X . . .
             . . . .",
        );
        // White A4 joins B4 and A3 into a chain with no liberty left.
        assert_eq!(
            b.check(Color::White, pt(&b, "A4"), false),
            Err(IllegalMove::Suicide)
        );
        let lost = b
            .play(Color::White, Move::Play(pt(&b, "A4")), true)
            .unwrap();
        assert_eq!(lost, 3);
        assert_eq!(b.prisoners(Color::Black), 3);
        assert_eq!(b.cell(pt(&b, "A4")), Cell::Empty);
        b.check_invariants();
    }

    #[test]
    fn simple_ko_forbids_immediate_recapture_only() {
        let mut b = parse(
            ". X O . .
             X O . O .
             . X O . .
             . . . . .
             . . . . .",
        );
        // Black C4 captures B4: a ko.
        let n = b
            .play(Color::Black, Move::Play(pt(&b, "C4")), false)
            .unwrap();
        assert_eq!(n, 1);
        assert_eq!(b.ko_point(Color::White), Some(pt(&b, "B4")));
        // Black is not restricted by the ko point.
        assert_eq!(b.ko_point(Color::Black), None);
        b.play(Color::White, Move::Play(pt(&b, "E1")), false)
            .unwrap();
        assert_eq!(b.ko_point(Color::White), None, "any move clears the ko");
        b.play(Color::Black, Move::Play(pt(&b, "E2")), false)
            .unwrap();
        assert_eq!(b.play(Color::White, Move::Play(pt(&b, "B4")), false), Ok(1));
        b.check_invariants();
    }

    #[test]
    fn true_eyes_and_false_eyes() {
        let b = parse(
            ". X . X O
             X X X O .
             . . . . .
             . . . . .
             . . . . .",
        );
        assert!(b.is_true_eye(Color::Black, pt(&b, "A5")));
        // C5 is on the edge and White holds its diagonal D4: a false eye.
        assert!(!b.is_true_eye(Color::Black, pt(&b, "C5")));
        assert!(!b.is_true_eye(Color::White, pt(&b, "E4")));
    }

    #[test]
    fn atari_liberty_is_found_from_pseudo_liberties() {
        let b = parse(
            ". . . .
             . X X .
             . O O X
             . . X .",
        );
        let w = pt(&b, "B2");
        assert!(!b.in_atari(w));
        let b2 = {
            let mut b2 = b.clone();
            b2.play(Color::Black, Move::Play(pt(&b, "A2")), false)
                .unwrap();
            b2
        };
        assert!(b2.in_atari(w));
        assert_eq!(b2.atari_liberty(w), Some(pt(&b, "B1")));
        b2.check_invariants();
    }
}
