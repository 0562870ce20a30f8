//! A pool of the tree's best moves for the playouts (Rimmel, Teytaud and
//! Teytaud's poolRAVE, 2010). Before a playout, the worker fills the pool
//! of each colour with the moves whose AMAF value is highest among the
//! children of the deepest node of the descent where that colour moves
//! and that has enough visits. Where a heavy playout would play a random
//! move (no answer to the last move applies), it may play one of its
//! colour's pool moves instead: the points the tree finds urgent get
//! played early in the playouts, by whichever side is to move, instead
//! of whenever a random move happens to land on them.

use crate::rules::{Color, Point};

/// The most moves a pool holds for one colour.
pub const MAX_POOL: usize = 16;

/// Each colour's pool moves, best first. Fixed arrays: filling it
/// allocates nothing.
#[derive(Clone)]
pub struct Pool {
    moves: [[Point; MAX_POOL]; 2],
    values: [[f32; MAX_POOL]; 2],
    len: [usize; 2],
}

impl Default for Pool {
    fn default() -> Pool {
        Pool {
            moves: [[Point(0); MAX_POOL]; 2],
            values: [[0.0; MAX_POOL]; 2],
            len: [0; 2],
        }
    }
}

impl Pool {
    /// Empties both colours' pools.
    pub fn clear(&mut self) {
        self.len = [0; 2];
    }

    /// Offers `p`, of AMAF value `value`, to `color`'s pool of at most
    /// `size` moves: it stays if the pool is not full or `value` beats
    /// the worst move there (which then leaves).
    pub fn offer(&mut self, color: Color, p: Point, value: f32, size: usize) {
        let c = color.index();
        let size = size.min(MAX_POOL);
        let n = self.len[c];
        if size == 0 || (n == size && value <= self.values[c][n - 1]) {
            return;
        }
        // Insertion into the sorted list, the worst dropping off the end
        // when it is full.
        let mut i = if n < size { n } else { n - 1 };
        while i > 0 && self.values[c][i - 1] < value {
            self.moves[c][i] = self.moves[c][i - 1];
            self.values[c][i] = self.values[c][i - 1];
            i -= 1;
        }
        self.moves[c][i] = p;
        self.values[c][i] = value;
        self.len[c] = (n + 1).min(size);
    }

    /// `color`'s pool moves, best first.
    pub fn moves(&self, color: Color) -> &[Point] {
        let c = color.index();
        &self.moves[c][..self.len[c]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_keeps_the_best_moves_of_each_colour_in_order() {
        let mut pool = Pool::default();
        for (i, v) in [0.5, 0.9, 0.1, 0.7, 0.6].into_iter().enumerate() {
            pool.offer(Color::Black, Point(10 + i as u16), v, 3);
        }
        pool.offer(Color::White, Point(40), 0.2, 3);
        assert_eq!(pool.moves(Color::Black), &[Point(11), Point(13), Point(14)]);
        assert_eq!(pool.moves(Color::White), &[Point(40)]);
        // A value no better than the worst of a full pool stays out.
        pool.offer(Color::Black, Point(20), 0.6, 3);
        assert_eq!(pool.moves(Color::Black), &[Point(11), Point(13), Point(14)]);
        pool.clear();
        assert!(pool.moves(Color::Black).is_empty());
        pool.offer(Color::Black, Point(20), 0.6, 0);
        assert!(pool.moves(Color::Black).is_empty());
    }

    #[test]
    fn a_pool_never_holds_more_than_its_arrays() {
        let mut pool = Pool::default();
        for i in 0..40 {
            pool.offer(Color::White, Point(i), i as f32, 100);
        }
        let m = pool.moves(Color::White);
        assert_eq!(m.len(), MAX_POOL);
        assert_eq!(m[0], Point(39));
        assert_eq!(m[MAX_POOL - 1], Point(40 - MAX_POOL as u16));
    }
}
