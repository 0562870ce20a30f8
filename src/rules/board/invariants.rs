//! The consistency check of every incremental structure, for tests and
//! debug builds.

use super::chain::ChainInfo;
use super::{Board, Cell};
use crate::rules::point::{MAX_POINTS, Point};
use crate::rules::zobrist;

impl Board {
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
