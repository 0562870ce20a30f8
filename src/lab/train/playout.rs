//! Training the playouts' shape weights.
//!
//! The heavy playouts answer the last two moves with a shape move nearby.
//! Which one? The positions here ask the same of strong players: the
//! candidates are the points around the last two moves (the 3x3 squares
//! centred on them), each seen as its 3x3 shape with atari information,
//! plus one "tenuki" candidate standing for every move elsewhere. MM on
//! this one group gives each shape a gamma and tenuki its own, so a
//! playout can pick a local shape move, or none, in proportion.

use super::dataset::{Cand, Dataset, Dictionary, NO_SHAPE, replay};
use super::games::Record;
use super::mm::{Gammas, MmGroup, Trainer};
use crate::knowledge::features::{GROUPS, Group};
use crate::knowledge::model::PlayoutGammas;
use crate::knowledge::pat3;
use crate::knowledge::tactics::local_points;
use crate::rules::{Move, Point};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::collections::HashMap;

/// A tenuki candidate (small group Pass set, no shape).
fn tenuki() -> Cand {
    let mut small = [0; GROUPS];
    small[Group::Pass as usize] = 1;
    Cand {
        shape: NO_SHAPE,
        pat3: super::dataset::NO_PAT3,
        small,
    }
}

/// Shape codes of one game's sampled positions: per position the local
/// candidates' canonical atari codes and the played one's index (the
/// tenuki candidate comes last).
fn game_positions(game: &Record, rate: f64, seed: u64) -> Vec<(Vec<u32>, usize)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut pts = [Point(0); 16];
    replay(game, |board, color, mv| {
        let take = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        if take >= rate || !matches!(board.last_move(), Some((_, Move::Play(_)))) {
            return;
        }
        let n = local_points(board, color, &mut pts);
        let points = &pts[..n];
        if points.is_empty() {
            return;
        }
        let codes: Vec<u32> = points
            .iter()
            .map(|&p| pat3::canonical(pat3::atari_code(board, color, p)))
            .collect();
        let winner = points
            .iter()
            .position(|&p| mv == Move::Play(p))
            .unwrap_or(points.len());
        out.push((codes, winner));
    });
    out
}

/// Trains the playout gammas on a sample of `games`' positions; a shape
/// gets its own gamma if played at least `min` times.
pub fn train(games: &[Record], rate: f64, seed: u64, min: u32, iterations: usize) -> PlayoutGammas {
    let positions: Vec<Vec<(Vec<u32>, usize)>> = games
        .par_iter()
        .enumerate()
        .map(|(i, g)| {
            game_positions(
                g,
                rate,
                seed ^ (i as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93),
            )
        })
        .collect();
    let mut counts: HashMap<u32, u32> = HashMap::new();
    for (codes, w) in positions.iter().flatten() {
        if let Some(&c) = codes.get(*w) {
            *counts.entry(c).or_default() += 1;
        }
    }
    let mut listed: Vec<u32> = counts
        .into_iter()
        .filter(|&(_, n)| n >= min)
        .map(|(c, _)| c)
        .collect();
    listed.sort_unstable();
    listed.truncate(super::dataset::NO_PAT3 as usize - 1);
    let dict = Dictionary::from_lists(listed.clone(), Vec::new());
    let index: HashMap<u32, u16> = listed
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, i as u16))
        .collect();
    let mut ds = Dataset {
        starts: vec![0],
        ..Dataset::default()
    };
    for (codes, w) in positions.iter().flatten() {
        let base = ds.cands.len() as u32;
        for c in codes {
            let id = index.get(c).copied().unwrap_or(dict.pat3.len() as u16);
            ds.cands.push(Cand {
                shape: NO_SHAPE,
                pat3: id,
                small: [0; GROUPS],
            });
        }
        ds.cands.push(tenuki());
        ds.winners.push(base + *w as u32);
        ds.starts.push(ds.cands.len() as u32);
    }
    log::info!(
        "playout shapes: {} positions, {} listed shapes",
        ds.positions(),
        listed.len()
    );
    let mut t = Trainer::new(&ds, Gammas::new(listed.len(), 0));
    for it in 1..=iterations {
        t.step(MmGroup::Small(Group::Pass as usize));
        t.step(MmGroup::Pat3);
        t.refresh();
        log::info!(
            "playout shapes, iteration {it}/{iterations}: log-likelihood {:.5}",
            t.log_likelihood()
        );
    }
    let g = &t.gammas;
    PlayoutGammas {
        other: g.pat3.last().copied().unwrap_or(1.0) as f32,
        tenuki: g.small[0] as f32,
        shapes: listed
            .iter()
            .zip(&g.pat3)
            .map(|(&c, &x)| (c as u64, x as f32))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::train::games::parse_line;

    #[test]
    fn local_answers_outweigh_rare_ones() {
        // Games where White always answers Black's stone at its side.
        let line = "1\t;B[dd];W[ed];B[pp];W[qp];B[dp];W[ep];B[pd];W[qd]";
        let games: Vec<Record> = (0..20).map(|_| parse_line(line).unwrap()).collect();
        let g = train(&games, 1.0, 7, 1, 20);
        assert!(!g.shapes.is_empty());
        let best = g.shapes.iter().map(|s| s.1).fold(0.0, f32::max);
        assert!(best > g.other, "{g:?}");
        // Black's moves are all tenuki: it has a gamma of its own.
        assert!(g.tenuki > 0.0);
    }
}
