//! Chains: each a circular linked list of stones headed by one of them,
//! with the statistics of its pseudo-liberties (one count per stone-empty
//! adjacency, their sum and sum of squares), so that "is this chain in
//! atari, and where?" is O(1): all pseudo-liberties are the same point
//! exactly when `count * sum_sq == sum * sum` (the libego / GNU Go trick).

use super::{Board, Cell, NO_POINT};
use crate::rules::point::{MAX_POINTS, Point};

/// Statistics of one chain, stored at the index of its head stone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct ChainInfo {
    pub(super) stones: u16,
    pub(super) plibs: u16,
    pub(super) lib_sum: u32,
    pub(super) lib_sum_sq: u32,
}

/// What [`Board::liberties_besides`] finds: the chain's liberties other
/// than the point asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OtherLiberties {
    /// None: the point is the chain's last liberty (or it has none).
    None,
    /// Exactly one, this point.
    One(Point),
    /// Two or more.
    Several,
}

impl ChainInfo {
    #[inline]
    pub(super) fn add_lib(&mut self, p: Point) {
        let i = p.0 as u32;
        self.plibs += 1;
        self.lib_sum += i;
        self.lib_sum_sq += i * i;
    }

    #[inline]
    pub(super) fn remove_lib(&mut self, p: Point) {
        let i = p.0 as u32;
        self.plibs -= 1;
        self.lib_sum -= i;
        self.lib_sum_sq -= i * i;
    }

    /// [`ChainInfo::in_atari`] for a chain known to have a liberty.
    #[inline]
    pub(super) fn libs_all_equal(&self) -> bool {
        self.plibs as u64 * self.lib_sum_sq as u64 == (self.lib_sum as u64).pow(2)
    }

    /// What the statistics say of the distinct liberties: none, one, or
    /// more.
    #[inline]
    fn others(&self) -> OtherLiberties {
        if self.plibs == 0 {
            OtherLiberties::None
        } else if self.libs_all_equal() {
            OtherLiberties::One(Point((self.lib_sum / self.plibs as u32) as u16))
        } else {
            OtherLiberties::Several
        }
    }

    #[inline]
    pub(super) fn in_atari(&self) -> bool {
        self.plibs > 0 && self.libs_all_equal()
    }
}

impl Board {
    /// Recomputes chain membership and statistics from the stones.
    pub(super) fn rebuild_chains(&mut self) {
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

    /// The statistics of the chain through stone `p`.
    #[inline]
    pub(super) fn chain_of(&self, p: Point) -> &ChainInfo {
        &self.chains[self.chain_id(p).index()]
    }

    /// The head stone identifying the chain through `p` (a stone).
    #[inline]
    pub fn chain_id(&self, p: Point) -> Point {
        Point(self.head[p.index()])
    }

    /// Number of stones of the chain through stone `p`.
    #[inline]
    pub fn chain_len(&self, p: Point) -> usize {
        self.chain_of(p).stones as usize
    }

    /// The pseudo-liberties of the chain through stone `p`: one for each
    /// stone-empty adjacency, in O(1). An empty point touches at most four
    /// of the chain's stones, so the chain has at least a quarter as many
    /// liberties, and at most as many.
    #[inline]
    pub fn pseudo_liberties(&self, p: Point) -> usize {
        self.chain_of(p).plibs as usize
    }

    /// The number of distinct liberties of the chain through stone `p`
    /// when it is known in O(1): a chain of one or two stones has no empty
    /// point beside two of its stones (two orthogonal neighbours share
    /// none), so its pseudo-liberties are its liberties. `None` for
    /// longer chains.
    #[inline]
    pub fn small_chain_liberties(&self, p: Point) -> Option<usize> {
        let info = self.chain_of(p);
        (info.stones <= 2).then_some(info.plibs as usize)
    }

    /// The stones of the chain through stone `p`.
    pub fn chain_stones(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let start = p.0;
        let mut cur = Some(start);
        std::iter::from_fn(move || {
            let here = cur?;
            let nx = self.next[Point(here).index()];
            cur = (nx != start).then_some(nx);
            Some(Point(here))
        })
    }

    /// True if the chain through stone `p` has exactly one liberty.
    #[inline]
    pub fn in_atari(&self, p: Point) -> bool {
        // A stone with two empty neighbours has two liberties: one load
        // of the packed counts answers most stones.
        self.empty_neighbours(p) < 2 && self.chain_of(p).in_atari()
    }

    /// The only liberty of a chain in atari.
    #[inline]
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        let info = self.chain_of(p);
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

    /// The liberties of the chain through stone `p` other than the point
    /// `q`, in O(1): `q`'s share of the pseudo-liberties is the number of
    /// the chain's stones beside it, and what remains is empty, one point
    /// repeated, or more than one point (the playouts ask this of the
    /// chains beside a candidate move, where walking a long chain is the
    /// costly part).
    #[inline(always)]
    pub fn liberties_besides(&self, p: Point, q: Point) -> OtherLiberties {
        let head = self.head[p.index()];
        let mut info = self.chains[Point(head).index()];
        self.remove_share(&mut info, head, p, q);
        info.others()
    }

    /// [`Board::liberties_besides`] with two points left out.
    #[inline]
    pub fn liberties_besides_both(&self, p: Point, q: Point, r: Point) -> OtherLiberties {
        let head = self.head[p.index()];
        let mut info = self.chains[Point(head).index()];
        self.remove_share(&mut info, head, p, q);
        if r != q {
            self.remove_share(&mut info, head, p, r);
        }
        info.others()
    }

    /// Takes the empty point `q`'s pseudo-liberties out of `info`, the
    /// statistics of chain `head` through stone `p`.
    #[inline]
    fn remove_share(&self, info: &mut ChainInfo, head: u16, p: Point, q: Point) {
        if self.cells[q.index()] == Cell::Empty {
            let colour = self.cells[p.index()];
            for n in self.neighbours(q) {
                if self.cells[n.index()] == colour && self.head[n.index()] == head {
                    info.remove_lib(q);
                }
            }
        }
    }

    /// The first liberty other than `q` met walking the chain through
    /// stone `p` from `p` (each stone's neighbours in [`Board::neighbours`]
    /// order), or `None`.
    #[inline]
    pub fn first_liberty_besides(&self, p: Point, q: Point) -> Option<Point> {
        self.chain_stones(p).find_map(|s| {
            self.neighbours(s)
                .into_iter()
                .find(|&n| n != q && self.cells[n.index()] == Cell::Empty)
        })
    }

    /// The two liberties of the chain through stone `p` if it has exactly
    /// two, in the order [`Board::liberties_upto`] finds them; the walk
    /// stops at the first liberty.
    #[inline]
    pub fn two_liberties(&self, p: Point) -> Option<(Point, Point)> {
        let info = self.chain_of(p);
        // A chain of one or two stones has as many liberties as
        // pseudo-liberties. Longer: two liberties touch at most eight of
        // the chain's stones, so more pseudo-liberties than that are
        // three liberties or more.
        let may_have_two = if info.stones <= 2 {
            info.plibs == 2
        } else {
            info.plibs <= 8 && info.others() == OtherLiberties::Several
        };
        if !may_have_two {
            return None;
        }
        self.find_two_liberties(p)
    }

    /// The walk of [`Board::two_liberties`], out of line: most chains are
    /// answered by the statistics alone, and the test stays small enough
    /// to inline into the playouts' loops.
    #[inline(never)]
    fn find_two_liberties(&self, p: Point) -> Option<(Point, Point)> {
        // `p` is a stone, so no liberty is left out.
        let first = self.first_liberty_besides(p, p)?;
        match self.liberties_besides(p, first) {
            OtherLiberties::One(second) => Some((first, second)),
            _ => None,
        }
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
}
