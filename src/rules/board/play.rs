//! Checking and playing a move: legality (board, occupancy, suicide),
//! placing the stone, merging chains, removing captured chains (or the own
//! chain after a legal multi-stone suicide), prisoners and the simple-ko
//! point.

use super::chain::ChainInfo;
use super::nbrs::{nbr_deltas, nbr_diag_deltas};
use super::{Board, Cell, IllegalMove, NO_POINT};
use crate::rules::color::Color;
use crate::rules::point::{Move, Point};
use crate::rules::zobrist;

impl Board {
    /// True if a stone of `color` on empty point `p` would have no liberty
    /// and capture nothing.
    #[inline]
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
                    let atari = self.chain_of(n).libs_all_equal();
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
        for (d, delta) in self.diagonals(p).into_iter().zip(nbr_diag_deltas(color)) {
            self.nbrs[d.index()] = self.nbrs[d.index()].wrapping_add(delta);
        }
        for (n, delta) in nbrs.into_iter().zip(nbr_deltas(color)) {
            self.nbrs[n.index()] = self.nbrs[n.index()].wrapping_add(delta);
            match self.cells[n.index()] {
                Cell::Empty => self.chains[pi].add_lib(n),
                Cell::Black | Cell::White => {
                    let h = self.chain_id(n).index();
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
            if self.cells[n.index()] == enemy && self.chain_of(n).plibs == 0 {
                captured += self.remove_chain(self.chain_id(n));
                captured_at = n.0;
            }
        }
        self.prisoners[color] += captured;
        let mine = *self.chain_of(p);
        if mine.plibs == 0 {
            let lost = self.remove_chain(self.chain_id(p));
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
        let (big, small) =
            if self.chains[Point(a).index()].stones >= self.chains[Point(b).index()].stones {
                (a, b)
            } else {
                (b, a)
            };
        let mut s = small;
        loop {
            self.head[Point(s).index()] = big;
            s = self.next[Point(s).index()];
            if s == small {
                break;
            }
        }
        self.next.swap(big as usize, small as usize);
        let sm = self.chains[Point(small).index()];
        let bg = &mut self.chains[Point(big).index()];
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
            self.cells[Point(s).index()] = Cell::Empty;
            self.hash ^= zobrist::stone(color, Point(s));
            self.add_empty(Point(s));
            count += 1;
            s = self.next[Point(s).index()];
            if s == h.0 {
                break;
            }
        }
        let deltas = nbr_deltas(color);
        let diag_deltas = nbr_diag_deltas(color);
        loop {
            for (d, delta) in self.diagonals(Point(s)).into_iter().zip(diag_deltas) {
                self.nbrs[d.index()] = self.nbrs[d.index()].wrapping_sub(delta);
            }
            for (n, delta) in self.neighbours(Point(s)).into_iter().zip(deltas) {
                self.nbrs[n.index()] = self.nbrs[n.index()].wrapping_sub(delta);
                if matches!(self.cells[n.index()], Cell::Black | Cell::White) {
                    let nh = self.chain_id(n).index();
                    self.chains[nh].add_lib(Point(s));
                }
            }
            s = self.next[Point(s).index()];
            if s == h.0 {
                break;
            }
        }
        count
    }
}
