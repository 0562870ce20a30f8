//! `hane train-net`: training the policy network ([`crate::knowledge::net`])
//! on strong players' games.
//!
//! Each step takes a batch of positions drawn (seeded) from every learned
//! move of the games, builds each one's input planes and the move model's
//! log-strengths, and moves the weights by Adam (Kingma and Ba 2015) along
//! the mean gradient of `-log p(played move)`. The batch is cut into fixed
//! chunks whose gradients are summed in order, so the same games, options
//! and seed give the same network whatever the number of threads. Every
//! `every` steps the network is measured on positions of the held-out
//! games beside the model alone, and written to the output file, so a run
//! stopped at any time leaves its last checkpoint.

pub mod backward;

use super::adam::Adam;
use super::balance::position;
use super::dataset::candidates;
use super::games::Record;
use super::predict::rank;
use crate::knowledge::model::Model;
use crate::knowledge::net::{self, Activations, Net};
use crate::rules::{Board, Color, Move};
use backward::{Example, Scratch};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rayon::prelude::*;
use std::time::Instant;

/// Positions per chunk of a batch: the unit of parallel work, fixed so
/// the sums do not depend on the thread count.
const CHUNK: usize = 8;

/// What `hane train-net` does.
#[derive(Clone, Debug)]
pub struct NetOptions {
    /// Trunk channels of a new network.
    pub channels: usize,
    /// Residual blocks of a new network.
    pub blocks: usize,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size.
    pub rate: f32,
    /// Steps to take.
    pub steps: usize,
    /// Steps between measurements and checkpoints.
    pub every: usize,
    /// Held-out positions to measure on.
    pub holdout_positions: usize,
    /// Seed of the initial weights and of the order of the positions.
    pub seed: u64,
}

/// The example of `color` playing `played` on `board`, or `None` if the
/// move is not a candidate (an own-eye fill).
pub fn example(model: &Model, board: &Board, color: Color, played: Move) -> Option<Example> {
    let size = board.size();
    let n = size.get();
    let mut base = vec![f32::NEG_INFINITY; n * n + 1];
    let index = |mv: Move| match mv {
        Move::Play(p) => {
            let (x, y) = size.coords(p);
            y * n + x
        }
        Move::Pass => n * n,
    };
    candidates(board, color, played, |mv, f| {
        base[index(mv)] = model.strength(&f).ln();
    })?;
    let mut log_probs = Vec::new();
    net::log_softmax(&base, &mut log_probs);
    let mut input = Vec::new();
    net::input::planes(board, color, &log_probs[..n * n], &mut input);
    Some(Example {
        n,
        input,
        base,
        played: index(played),
    })
}

/// Every learned move of the games, as (game, move number).
fn positions(games: &[Record]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for (g, game) in games.iter().enumerate() {
        for (k, &(color, _)) in game.moves.iter().enumerate() {
            if game.learns(color) {
                out.push((g as u32, k as u32));
            }
        }
    }
    out
}

/// The example before move `k` of `game`.
fn example_at(model: &Model, game: &Record, k: usize) -> Option<Example> {
    let (board, color) = position(game, k)?;
    example(model, &board, color, game.moves[k].1)
}

/// Top-1 accuracy and mean log-likelihood of the played moves.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Fit {
    /// Fraction of the played moves ranked first (ties count against).
    pub top1: f64,
    /// Mean log-probability of the played moves.
    pub log_likelihood: f64,
}

/// How well `net` (or the model alone) predicts the examples, the network
/// computed as play computes it.
pub fn measure(net: Option<&Net>, examples: &[Example]) -> Fit {
    let (hits, ll) = examples
        .par_iter()
        .map_init(
            || (Activations::default(), Vec::new(), Vec::new()),
            |(acts, logits, lp), ex| {
                match net {
                    Some(net) => backward::log_probs(net, Net::infer, ex, acts, logits, lp),
                    None => net::log_softmax(&ex.base, lp),
                }
                ((rank(lp, ex.played) == 1) as u64, lp[ex.played] as f64)
            },
        )
        .reduce(|| (0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
    let n = examples.len().max(1) as f64;
    Fit {
        top1: hits as f64 / n,
        log_likelihood: ll / n,
    }
}

/// The step size of step `step` (from 1): `opts.rate` for the first 70%
/// of the steps, then falling linearly to a tenth of it at the last, so
/// the weights settle on what the large steps found.
fn rate_at(opts: &NetOptions, step: usize) -> f32 {
    let flat = opts.steps * 7 / 10;
    if step <= flat {
        return opts.rate;
    }
    let done = (step - flat) as f32 / (opts.steps - flat).max(1) as f32;
    opts.rate * (1.0 - 0.9 * done.min(1.0))
}

/// Trains `net` on `games`, measuring on `holdout` and writing each
/// checkpoint with `save`. Returns the last measurement.
///
/// # Errors
/// No usable position, or what `save` returns.
pub fn train(
    net: &mut Net,
    model: &Model,
    games: &[Record],
    holdout: &[Record],
    opts: &NetOptions,
    mut save: impl FnMut(&Net) -> Result<(), String>,
) -> Result<Fit, String> {
    let mut rng = SmallRng::seed_from_u64(opts.seed);
    let mut order = positions(games);
    if order.is_empty() {
        return Err("no position to learn from".into());
    }
    let mut held = positions(holdout);
    held.shuffle(&mut rng);
    held.truncate(opts.holdout_positions);
    let held: Vec<Example> = held
        .par_iter()
        .filter_map(|&(g, k)| example_at(model, &holdout[g as usize], k as usize))
        .collect();
    let before = measure(None, &held);
    log::info!(
        "{} training positions; {} held out: the model alone has top-1 {:.2}%, log-likelihood {:.4}",
        order.len(),
        held.len(),
        100.0 * before.top1,
        before.log_likelihood
    );
    order.shuffle(&mut rng);
    let mut cursor = 0;
    let mut adam = Adam::new(net.params().len());
    let mut fit = measure(Some(net), &held);
    let (mut loss_sum, mut loss_n) = (0.0f64, 0usize);
    let start = Instant::now();
    for step in 1..=opts.steps {
        if cursor + opts.batch > order.len() {
            order.shuffle(&mut rng);
            cursor = 0;
        }
        let batch = &order[cursor..(cursor + opts.batch).min(order.len())];
        cursor += opts.batch;
        let parts: Vec<(Vec<f32>, f64, usize)> = batch
            .par_chunks(CHUNK)
            .map_init(Scratch::default, |s, chunk| {
                let mut grads = vec![0.0; net.params().len()];
                let (mut loss, mut count) = (0.0, 0);
                for &(g, k) in chunk {
                    if let Some(ex) = example_at(model, &games[g as usize], k as usize) {
                        loss += backward::accumulate(net, &ex, s, &mut grads) as f64;
                        count += 1;
                    }
                }
                (grads, loss, count)
            })
            .collect();
        let mut grads = vec![0.0; net.params().len()];
        let mut count = 0;
        for (g, loss, c) in &parts {
            for (a, b) in grads.iter_mut().zip(g) {
                *a += b;
            }
            loss_sum += loss;
            count += c;
        }
        loss_n += count;
        if count == 0 {
            continue;
        }
        let scale = 1.0 / count as f32;
        grads.iter_mut().for_each(|g| *g *= scale);
        adam.descend(net.params_mut(), &grads, rate_at(opts, step));
        if step % opts.every == 0 || step == opts.steps {
            fit = measure(Some(net), &held);
            log::info!(
                "step {step}: {:.0} positions/s, training loss {:.4}; held out top-1 {:.2}%, log-likelihood {:.4}",
                (step * opts.batch) as f64 / start.elapsed().as_secs_f64(),
                loss_sum / loss_n.max(1) as f64,
                100.0 * fit.top1,
                fit.log_likelihood
            );
            (loss_sum, loss_n) = (0.0, 0);
            save(net)?;
        }
    }
    Ok(fit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::games::parse_line;

    fn games() -> Vec<Record> {
        [
            "a\t;B[pd];W[dp];B[pp];W[dd];B[fq];W[cn];B[qj]",
            "b\t;B[dd];W[pp];B[pd];W[dp];B[qn];W[nq];B[fc]",
        ]
        .iter()
        .map(|l| parse_line(l).unwrap())
        .collect()
    }

    fn opts() -> NetOptions {
        NetOptions {
            channels: 4,
            blocks: 1,
            batch: 6,
            rate: 0.01,
            steps: 12,
            every: 4,
            holdout_positions: 10,
            seed: 5,
        }
    }

    #[test]
    fn training_fits_the_games_better_than_the_model_alone() {
        let model = crate::knowledge::builtin();
        let g = games();
        let held: Vec<Example> = positions(&g)
            .iter()
            .filter_map(|&(i, k)| example_at(&model, &g[i as usize], k as usize))
            .collect();
        let alone = measure(None, &held);
        let mut net = Net::new(4, 1, 5);
        let mut saved = 0;
        let mut o = opts();
        o.steps = 40;
        o.every = 20;
        let fit = train(&mut net, &model, &g, &g, &o, |_| {
            saved += 1;
            Ok(())
        })
        .unwrap();
        assert_eq!(saved, 2);
        assert!(
            fit.log_likelihood > alone.log_likelihood + 0.05,
            "{fit:?} against {alone:?}"
        );
    }

    #[test]
    fn the_same_seed_trains_the_same_network_on_any_thread_count() {
        let model = crate::knowledge::builtin();
        let g = games();
        let run = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let mut net = Net::new(4, 1, 5);
                train(&mut net, &model, &g, &g, &opts(), |_| Ok(())).unwrap();
                net
            })
        };
        let one = run(1);
        assert_ne!(one, Net::new(4, 1, 5));
        assert_eq!(one, run(2));
    }

    #[test]
    fn the_step_size_falls_to_a_tenth_over_the_last_steps() {
        let mut o = opts();
        o.steps = 100;
        o.rate = 1.0;
        assert_eq!(rate_at(&o, 1), 1.0);
        assert_eq!(rate_at(&o, 70), 1.0);
        assert!((rate_at(&o, 85) - 0.55).abs() < 1e-6);
        assert!((rate_at(&o, 100) - 0.1).abs() < 1e-6);
    }

    #[test]
    fn an_example_marks_the_played_move_and_the_candidates() {
        let model = crate::knowledge::builtin();
        let g = &games()[0];
        let ex = example_at(&model, g, 1).unwrap();
        assert_eq!(ex.n, 19);
        // W[dp]: column d (3), SGF row p (15 from the top) = row 3 from the bottom.
        assert_eq!(ex.played, 3 * 19 + 3);
        let candidates = ex.base.iter().filter(|b| b.is_finite()).count();
        // 360 empty points and a pass.
        assert_eq!(candidates, 361);
    }
}
