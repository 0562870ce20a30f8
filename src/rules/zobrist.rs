//! Zobrist hash keys, computed at compile time from a fixed seed.
//!
//! A `const` table keeps hashes identical across runs and threads without
//! any global mutable state or start-up work.

use super::color::Color;
use super::point::{MAX_POINTS, Point};

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_table() -> [[u64; MAX_POINTS]; 2] {
    let mut table = [[0u64; MAX_POINTS]; 2];
    let mut state = 0x6861_6e65_u64; // "hane"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_POINTS {
            let (s, v) = splitmix64(state);
            state = s;
            table[c][i] = v;
            i += 1;
        }
        c += 1;
    }
    table
}

static STONE_KEYS: [[u64; MAX_POINTS]; 2] = make_table();

/// Key of a stone of colour `c` on point `p`.
#[inline]
pub fn stone(c: Color, p: Point) -> u64 {
    STONE_KEYS[c.index()][p.index()]
}

/// Key XORed into a position hash when White is to move: situational
/// superko treats the same stones with a different player to move as a
/// different situation.
pub const WHITE_TO_MOVE: u64 = splitmix64(0x7475_726e).1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = STONE_KEYS.iter().flatten().copied().collect();
        all.push(WHITE_TO_MOVE);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
