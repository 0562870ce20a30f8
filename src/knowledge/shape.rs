//! Large shapes around a candidate point: the stones inside growing
//! "diamonds", hashed so that a shape and its rotations, reflections and
//! colour swap hash alike.
//!
//! The sizes follow the distance Coulom (2007) and Pachi use for their
//! spatial patterns, `d(dx, dy) = |dx| + |dy| + max(|dx|, |dy|)`: a shape
//! of size `s` holds every point with `0 < d <= s`. Size 3 is the 3x3
//! square, size 12 reaches six lines out (104 points).
//!
//! Each point of a shape is seen from the player to move: own stone,
//! opponent stone, off the board, or empty. A shape's hash is the XOR of a
//! Zobrist key per (offset, state), empty points adding nothing; the eight
//! symmetries use the same keys through a permutation of the offsets, and
//! the canonical hash is the least of the eight. Seeing stones as own and
//! opponent makes a shape for Black to play equal to its colour swap for
//! White to play.

use super::table::NO_KEY;
use crate::rules::{Board, Cell, Color, Point};
use std::sync::OnceLock;

/// The smallest and largest shape sizes.
pub const MIN_SIZE: usize = 3;
/// See [`MIN_SIZE`].
pub const MAX_SIZE: usize = 12;
/// Number of shape sizes.
pub const SIZES: usize = MAX_SIZE - MIN_SIZE + 1;

/// Canonical hashes of the shapes of every size around one point,
/// smallest first. The size is part of the hash.
pub type ShapeHashes = [u64; SIZES];

/// Point states, from the player to move.
const OWN: usize = 0;
const OPP: usize = 1;
const EDGE: usize = 2;

/// The offsets ordered by distance, their permutations under the eight
/// symmetries, and the keys.
struct Tables {
    /// (dx, dy) of every offset with 0 < d <= MAX_SIZE, by distance.
    offsets: Vec<(i32, i32)>,
    /// Number of offsets inside each size.
    ends: [usize; SIZES],
    /// keys[t][k][state]: the key of offset k under symmetry t.
    keys: Vec<[[u64; 3]; 8]>,
    /// A key per size, so shapes of different sizes never collide.
    size_keys: [u64; SIZES],
}

fn distance(dx: i32, dy: i32) -> i32 {
    dx.abs() + dy.abs() + dx.abs().max(dy.abs())
}

/// The eight symmetries of the square acting on an offset.
fn transform(t: usize, (dx, dy): (i32, i32)) -> (i32, i32) {
    let (x, y) = if t & 4 != 0 { (dy, dx) } else { (dx, dy) };
    let x = if t & 1 != 0 { -x } else { x };
    let y = if t & 2 != 0 { -y } else { y };
    (x, y)
}

/// splitmix64: a fixed sequence of well-mixed keys.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let r = MAX_SIZE as i32;
        let mut offsets: Vec<(i32, i32)> = (-r..=r)
            .flat_map(|dy| (-r..=r).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| (1..=r).contains(&distance(dx, dy)))
            .collect();
        offsets.sort_by_key(|&(dx, dy)| (distance(dx, dy), dy, dx));
        let mut ends = [0; SIZES];
        for (i, end) in ends.iter_mut().enumerate() {
            let s = (MIN_SIZE + i) as i32;
            *end = offsets
                .iter()
                .filter(|&&(x, y)| distance(x, y) <= s)
                .count();
        }
        let mut seed = 0x6861_6e65_7368_6170; // "haneshap"
        let base: Vec<[u64; 3]> = offsets
            .iter()
            .map(|_| [0; 3].map(|_: u64| splitmix(&mut seed)))
            .collect();
        let index = |o: (i32, i32)| offsets.iter().position(|&q| q == o);
        let keys = offsets
            .iter()
            .map(|&o| {
                let mut per = [[0u64; 3]; 8];
                for (t, slot) in per.iter_mut().enumerate() {
                    // A symmetry keeps the distance: the image is listed.
                    let k = index(transform(t, o)).unwrap_or(0);
                    *slot = base[k];
                }
                per
            })
            .collect();
        let size_keys = [0; SIZES].map(|_: u64| splitmix(&mut seed));
        Tables {
            offsets,
            ends,
            keys,
            size_keys,
        }
    })
}

/// Number of points in a shape of size `s`.
pub fn points_in(s: usize) -> usize {
    tables().ends[s - MIN_SIZE]
}

/// The canonical hashes of the shapes of every size around `p` for
/// `color` to play.
pub fn hashes(board: &Board, color: Color, p: Point) -> ShapeHashes {
    hashes_while(board, color, p, |_| true)
}

/// The canonical hashes of the shapes around `p`, smallest first, up to
/// and including the first one `listed` refuses; the larger sizes get
/// [`NO_KEY`], which no table lists.
///
/// A model's largest listed shape is the same from these as from
/// [`hashes`] when every listed shape's smaller shapes are listed too, as
/// a dictionary of the shapes played at least N times is: each played
/// move's shape of one size holds its shape of every smaller size, so
/// the counts only fall as the size grows. Most of a crowded board's
/// points stop after a few sizes instead of reading all 104 points.
pub fn hashes_while(
    board: &Board,
    color: Color,
    p: Point,
    listed: impl Fn(u64) -> bool,
) -> ShapeHashes {
    let t = tables();
    let size = board.size();
    let n = size.get() as u32;
    let stride = size.stride() as i32;
    let (px, py) = size.coords(p);
    let (px, py) = (px as i32, py as i32);
    // Each cell's state, indexed by `Cell` (empty is 3: no key).
    let own = Cell::stone(color);
    let mut states = [3; 4];
    for c in [Cell::Black, Cell::White, Cell::Border] {
        states[c as usize] = match c {
            Cell::Border => EDGE,
            c if c == own => OWN,
            _ => OPP,
        };
    }
    let mut h = [0u64; 8];
    let mut out = [NO_KEY; SIZES];
    let mut k = 0;
    for (si, &end) in t.ends.iter().enumerate() {
        while k < end {
            let (dx, dy) = t.offsets[k];
            let (x, y) = (px + dx, py + dy);
            // Negative coordinates wrap to large ones: one test a side.
            let state = if (x as u32) < n && (y as u32) < n {
                let q = Point(((y + 1) * stride + x + 1) as u16);
                states[board.cell(q) as usize]
            } else {
                EDGE
            };
            if state < 3 {
                let keys = &t.keys[k];
                for (ht, key) in h.iter_mut().zip(keys.iter()) {
                    *ht ^= key[state];
                }
            }
            k += 1;
        }
        out[si] = h.iter().copied().min().unwrap_or(0) ^ t.size_keys[si];
        if !listed(out[si]) {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    fn random_board(seed: u64, n: u32) -> Board {
        let size = BoardSize::new(n).unwrap();
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut stones = Vec::new();
        for p in size.points() {
            match rng.next_u32() % 5 {
                0 => stones.push((Color::Black, p)),
                1 => stones.push((Color::White, p)),
                _ => {}
            }
        }
        // Drop stones that would have no liberties: any position is fine
        // for shapes, but Board::with_stones wants a legal one.
        loop {
            if let Some(b) = Board::with_stones(size, &stones) {
                return b;
            }
            stones.pop();
        }
    }

    /// The board under symmetry `t` (and a colour swap if `swap`).
    fn transformed(b: &Board, t: usize, swap: bool) -> (Board, impl Fn(Point) -> Point) {
        let size = b.size();
        let n = size.get() as i32;
        let map = move |p: Point| {
            let (x, y) = size.coords(p);
            // Centre the coordinates, transform, and move back.
            let (cx, cy) = (2 * x as i32 - (n - 1), 2 * y as i32 - (n - 1));
            let (tx, ty) = transform(t, (cx, cy));
            size.point(((tx + n - 1) / 2) as usize, ((ty + n - 1) / 2) as usize)
                .unwrap()
        };
        let stones: Vec<(Color, Point)> = Color::BOTH
            .iter()
            .flat_map(|&c| b.stones(c).map(move |p| (c, p)))
            .map(|(c, p)| (if swap { c.opponent() } else { c }, map(p)))
            .collect();
        (Board::with_stones(size, &stones).unwrap(), map)
    }

    #[test]
    fn sizes_grow_like_pachis_diamonds() {
        assert_eq!(points_in(3), 8);
        assert_eq!(points_in(4), 12);
        let sizes: Vec<usize> = (MIN_SIZE..=MAX_SIZE).map(points_in).collect();
        assert!(sizes.windows(2).all(|w| w[0] < w[1]), "{sizes:?}");
        // Pairs (a >= b) with 2a + b <= 12: 8 + 16 + 24 + 32 + 20 + 4 points.
        assert_eq!(points_in(MAX_SIZE), 104);
    }

    #[test]
    fn hashes_are_invariant_under_symmetry_and_colour_swap() {
        for seed in 0..20 {
            let n = [7, 9, 13, 19][seed as usize % 4];
            let b = random_board(seed, n);
            for t in 0..8 {
                for swap in [false, true] {
                    let (tb, map) = transformed(&b, t, swap);
                    for &e in b.empty_points().iter().take(12) {
                        let p = Point(e);
                        for color in Color::BOTH {
                            let tc = if swap { color.opponent() } else { color };
                            assert_eq!(
                                hashes(&b, color, p),
                                hashes(&tb, tc, map(p)),
                                "seed {seed} t {t} swap {swap}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn different_shapes_hash_differently() {
        let b = random_board(3, 19);
        let mut seen = std::collections::HashMap::new();
        let mut distinct_large = 0;
        for &e in b.empty_points() {
            let h = hashes(&b, Color::Black, Point(e));
            // Sizes never share a hash.
            let unique: std::collections::HashSet<u64> = h.iter().copied().collect();
            assert_eq!(unique.len(), SIZES);
            if seen.insert(h[SIZES - 1], e).is_none() {
                distinct_large += 1;
            }
        }
        // On a random board nearly every large shape is unique.
        assert!(distinct_large * 10 >= b.empty_count() * 9);
        // The side to move matters: own and opponent stones differ.
        let p = Point(b.empty_points()[0]);
        assert_ne!(hashes(&b, Color::Black, p), hashes(&b, Color::White, p));
    }
}
