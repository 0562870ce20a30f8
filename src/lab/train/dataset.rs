//! Training positions in compact form: for each sampled position every
//! candidate move (the legal moves that do not fill an own true eye, and
//! a pass) with its features as dictionary indices, and which one was
//! played.
//!
//! The dictionaries list the 3x3 codes and large shapes that the played
//! moves of the training games show often enough; a candidate's large
//! shape is the largest of its shapes that is listed.

use super::games::Record;
use crate::knowledge::features::{self, GROUPS, MoveFeatures};
use crate::knowledge::pat3;
use crate::rules::{Board, Color, Move, Point};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::collections::HashMap;

/// No listed 3x3 code (a pass).
pub const NO_PAT3: u16 = u16::MAX;
/// No listed large shape.
pub const NO_SHAPE: u32 = u32::MAX;

/// One candidate move, 16 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cand {
    /// Index of its largest listed shape, or [`NO_SHAPE`].
    pub shape: u32,
    /// Index of its 3x3 code in the dictionary; the dictionary's length
    /// for an unlisted code; [`NO_PAT3`] for a pass.
    pub pat3: u16,
    /// The small groups' values.
    pub small: [u8; GROUPS],
}

/// The listed 3x3 codes and large shapes.
#[derive(Clone, Debug, Default)]
pub struct Dictionary {
    /// Listed canonical 3x3 codes, sorted.
    pub pat3: Vec<u32>,
    /// Listed shape hashes, sorted.
    pub shapes: Vec<u64>,
    pat3_index: HashMap<u32, u16>,
    shape_index: HashMap<u64, u32>,
}

impl Dictionary {
    /// Lists the codes and shapes played at least `min_pat3` and
    /// `min_shape` times in `games`.
    pub fn build(games: &[Record], min_pat3: u32, min_shape: u32) -> Dictionary {
        let counts = games
            .par_chunks(64)
            .map(|chunk| {
                let mut pat3: HashMap<u32, u32> = HashMap::new();
                let mut shapes: HashMap<u64, u32> = HashMap::new();
                for g in chunk {
                    replay(g, |board, color, mv| {
                        if let Move::Play(p) = mv {
                            let f = features::features(board, color, p);
                            *pat3.entry(pat3::canonical(f.pat3)).or_default() += 1;
                            for h in f.shapes {
                                *shapes.entry(h).or_default() += 1;
                            }
                        }
                    });
                }
                (pat3, shapes)
            })
            .reduce(
                || (HashMap::new(), HashMap::new()),
                |(mut a3, mut as_), (b3, bs)| {
                    for (k, v) in b3 {
                        *a3.entry(k).or_default() += v;
                    }
                    for (k, v) in bs {
                        *as_.entry(k).or_default() += v;
                    }
                    (a3, as_)
                },
            );
        let mut pat3: Vec<u32> = counts
            .0
            .into_iter()
            .filter(|&(_, n)| n >= min_pat3)
            .map(|(k, _)| k)
            .collect();
        pat3.sort_unstable();
        pat3.truncate(NO_PAT3 as usize - 1);
        let mut shapes: Vec<u64> = counts
            .1
            .into_iter()
            .filter(|&(k, n)| n >= min_shape && k != crate::knowledge::table::NO_KEY)
            .map(|(k, _)| k)
            .collect();
        shapes.sort_unstable();
        Dictionary::from_lists(pat3, shapes)
    }

    /// A dictionary from sorted lists.
    pub fn from_lists(pat3: Vec<u32>, shapes: Vec<u64>) -> Dictionary {
        let pat3_index = pat3
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i as u16))
            .collect();
        let shape_index = shapes
            .iter()
            .enumerate()
            .map(|(i, &h)| (h, i as u32))
            .collect();
        Dictionary {
            pat3,
            shapes,
            pat3_index,
            shape_index,
        }
    }

    /// The compact form of a candidate's features.
    pub fn encode(&self, f: &MoveFeatures) -> Cand {
        let is_pass = f.get(features::Group::Pass) != 0;
        let pat3 = if is_pass {
            NO_PAT3
        } else {
            self.pat3_index
                .get(&pat3::canonical(f.pat3))
                .copied()
                .unwrap_or(self.pat3.len() as u16)
        };
        let shape = if is_pass {
            NO_SHAPE
        } else {
            f.shapes
                .iter()
                .rev()
                .find_map(|h| self.shape_index.get(h).copied())
                .unwrap_or(NO_SHAPE)
        };
        Cand {
            shape,
            pat3,
            small: f.tactics,
        }
    }
}

/// Calls `visit(board, color, move)` for each move of a game that is
/// learned from ([`Record::learns`]), with the position before it.
pub fn replay(game: &Record, mut visit: impl FnMut(&Board, Color, Move)) {
    let mut board = game.start.clone();
    for &(color, mv) in &game.moves {
        if game.learns(color) {
            visit(&board, color, mv);
        }
        match mv {
            Move::Play(p) => {
                board.play_unchecked(color, p);
            }
            Move::Pass => board.pass(color),
        }
    }
}

/// The candidates of a position and the index of `played` among them
/// (`None` if the played move is not a candidate, e.g. an own-eye fill).
pub fn candidates(
    board: &Board,
    color: Color,
    played: Move,
    mut each: impl FnMut(Move, MoveFeatures),
) -> Option<usize> {
    let mut winner = None;
    let mut n = 0;
    let mut points: Vec<u16> = board.empty_points().to_vec();
    // A fixed order, whatever the board's empty list did.
    points.sort_unstable();
    for i in points {
        let p = Point(i);
        if !is_candidate(board, color, p) {
            continue;
        }
        if played == Move::Play(p) {
            winner = Some(n);
        }
        each(Move::Play(p), features::features(board, color, p));
        n += 1;
    }
    if played == Move::Pass {
        winner = Some(n);
    }
    each(Move::Pass, features::pass_features(board));
    winner
}

/// A move the search would consider: playable in a playout (empty, not
/// the ko point, not suicide, not an own true eye).
pub fn is_candidate(board: &Board, color: Color, p: Point) -> bool {
    crate::knowledge::tactics::playable(board, color, p)
}

/// Candidates of the sampled positions.
#[derive(Debug, Default)]
pub struct Dataset {
    /// Every candidate of every position, position after position.
    pub cands: Vec<Cand>,
    /// Position `j`'s candidates are `cands[starts[j]..starts[j + 1]]`.
    pub starts: Vec<u32>,
    /// The played candidate of each position (an index into `cands`).
    pub winners: Vec<u32>,
}

impl Dataset {
    /// Samples each position with probability `rate` (seeded per game, so
    /// the sample does not depend on threads) and encodes its candidates.
    pub fn build(
        games: &[Record],
        dict: &Dictionary,
        rate: f64,
        seed: u64,
        mut progress: impl FnMut(usize),
    ) -> Dataset {
        let mut ds = Dataset {
            starts: vec![0],
            ..Dataset::default()
        };
        let batch = 256;
        for (b, chunk) in games.chunks(batch).enumerate() {
            let parts: Vec<(Vec<Cand>, Vec<u32>, Vec<u32>)> = chunk
                .par_iter()
                .enumerate()
                .map(|(i, g)| encode_game(g, dict, rate, game_seed(seed, b * batch + i)))
                .collect();
            for (cands, lens, winners) in parts {
                let base = ds.cands.len() as u32;
                let mut start = base;
                for (len, w) in lens.iter().zip(&winners) {
                    ds.winners.push(start + w);
                    start += len;
                    ds.starts.push(start);
                }
                ds.cands.extend_from_slice(&cands);
            }
            progress((b * batch + chunk.len()).min(games.len()));
        }
        ds
    }

    /// Number of positions.
    pub fn positions(&self) -> usize {
        self.winners.len()
    }
}

fn game_seed(seed: u64, game: usize) -> u64 {
    seed ^ (game as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// (candidates, candidates per position, winner within each position).
fn encode_game(
    game: &Record,
    dict: &Dictionary,
    rate: f64,
    seed: u64,
) -> (Vec<Cand>, Vec<u32>, Vec<u32>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut cands = Vec::new();
    let (mut lens, mut winners) = (Vec::new(), Vec::new());
    replay(game, |board, color, mv| {
        let take = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        if take >= rate {
            return;
        }
        let before = cands.len();
        let w = candidates(board, color, mv, |_, f| cands.push(dict.encode(&f)));
        match w {
            Some(w) => {
                lens.push((cands.len() - before) as u32);
                winners.push(w as u32);
            }
            None => cands.truncate(before),
        }
    });
    (cands, lens, winners)
}

/// The played move's rank among the candidates: 1 + the number of
/// candidates at least as strong that come before it or are stronger
/// (ties count against the model). `None` if it is not a candidate.
pub(crate) fn rank(strengths: &[f32], winner: usize) -> usize {
    let w = strengths[winner];
    1 + strengths
        .iter()
        .enumerate()
        .filter(|&(i, &s)| i != winner && s >= w)
        .count()
}
