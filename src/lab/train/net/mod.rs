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
pub mod measure;
pub mod run;
pub mod targets;

use super::adam::Adam;
use super::dataset::candidates;
use super::games::Record;
use super::positions::position;
use crate::knowledge::model::Model;
use crate::knowledge::net::{self, Net};
use crate::rules::{Board, Color, Move};
use backward::{Example, Losses, Scratch, ValueTargets, Weights};
pub use measure::{Fit, measure};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rayon::prelude::*;
use std::time::Instant;
use targets::Labels;

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
    /// How much each part of the loss counts.
    pub weights: Weights,
}

/// Games to train or measure on, and the teacher's labels of some of
/// their positions.
#[derive(Clone, Copy, Debug)]
pub struct Data<'a> {
    /// The games.
    pub games: &'a [Record],
    /// Labels by game id and move number: with them, only the labelled
    /// positions are used, and they carry the value heads' targets.
    pub labels: Option<&'a Labels>,
}

/// Where a run stands, to go on from a checkpoint.
pub struct Progress {
    /// Steps done.
    pub step: usize,
    /// The optimiser's moments.
    pub adam: Adam<f32>,
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
        value: None,
    })
}

/// The positions to learn from, as (game, move number): every learned
/// move of the games, or with labels every labelled one, in game order.
fn positions(data: Data<'_>) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for (g, game) in data.games.iter().enumerate() {
        for (k, &(color, _)) in game.moves.iter().enumerate() {
            let labelled = data
                .labels
                .is_none_or(|l| l.get(&game.id, k as u32).is_some());
            if game.learns(color) && labelled {
                out.push((g as u32, k as u32));
            }
        }
    }
    out
}

/// The example before move `k` of `game`, with the teacher's targets if
/// `labels` has the position (and it is of the game's board size).
fn example_at(model: &Model, game: &Record, k: usize, labels: Option<&Labels>) -> Option<Example> {
    let (board, color) = position(game, k)?;
    let mut ex = example(model, &board, color, game.moves[k].1)?;
    if let Some(l) = labels.and_then(|l| l.get(&game.id, k as u32))
        && l.side() == ex.n
    {
        let mut owner = Vec::new();
        l.owner_dense(&mut owner);
        ex.value = Some(ValueTargets {
            komi: if color == Color::White {
                l.komi
            } else {
                -l.komi
            },
            win: l.win,
            lead: l.lead,
            owner,
            policy: l.policy_dense().collect(),
        });
    }
    Some(ex)
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

/// Trains `net` on `train`, measuring on `holdout` and writing each
/// checkpoint with `save` (the network and where the run stands), from
/// `resume` if given. Returns the last measurement.
///
/// The order of the positions depends on the seed alone, and a resumed
/// run replays it up to its step: stopped and resumed, a run gives the
/// network it would have given straight through.
///
/// # Errors
/// No usable position, or what `save` returns.
pub fn train(
    net: &mut Net,
    model: &Model,
    train: Data<'_>,
    holdout: Data<'_>,
    opts: &NetOptions,
    resume: Option<Progress>,
    mut save: impl FnMut(&Net, &Progress) -> Result<(), String>,
) -> Result<Fit, String> {
    let mut rng = SmallRng::seed_from_u64(opts.seed);
    let mut order = positions(train);
    if order.is_empty() {
        return Err("no position to learn from".into());
    }
    let mut held = positions(holdout);
    held.shuffle(&mut rng);
    held.truncate(opts.holdout_positions);
    let held = measure::held_out(model, holdout, &held);
    let before = measure(None, &held);
    log::info!(
        "{} training positions; {} held out: the model alone has top-1 {:.2}%, log-likelihood {:.4}{}",
        order.len(),
        held.len(),
        100.0 * before.top1,
        before.log_likelihood,
        before.teacher_line()
    );
    order.shuffle(&mut rng);
    let mut cursor = 0;
    let (first, mut adam) = match resume {
        Some(p) => (p.step + 1, p.adam),
        None => (1, Adam::new(net.params().len())),
    };
    // Replay the order's reshuffles up to where the run stands.
    for _ in 1..first {
        if cursor + opts.batch > order.len() {
            order.shuffle(&mut rng);
            cursor = 0;
        }
        cursor += opts.batch;
    }
    let mut fit = measure(Some(net), &held);
    log::info!(
        "the network at step {}: held out top-1 {:.2}%, log-likelihood {:.4}{}",
        first - 1,
        100.0 * fit.top1,
        fit.log_likelihood,
        fit.value_line()
    );
    let (mut loss_sum, mut loss_n) = (Losses::default(), 0usize);
    let start = Instant::now();
    for step in first..=opts.steps {
        if cursor + opts.batch > order.len() {
            order.shuffle(&mut rng);
            cursor = 0;
        }
        let batch = &order[cursor..(cursor + opts.batch).min(order.len())];
        cursor += opts.batch;
        let parts: Vec<(Vec<f32>, Losses, usize)> = batch
            .par_chunks(CHUNK)
            .map_init(Scratch::default, |s, chunk| {
                let mut grads = vec![0.0; net.params().len()];
                let (mut loss, mut count) = (Losses::default(), 0);
                for &(g, k) in chunk {
                    let game = &train.games[g as usize];
                    if let Some(ex) = example_at(model, game, k as usize, train.labels) {
                        loss += backward::accumulate(net, &ex, &opts.weights, s, &mut grads);
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
            loss_sum += *loss;
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
            let k = loss_n.max(1) as f64;
            log::info!(
                "step {step}: {:.0} positions/s, training loss: policy {:.4}, value {:.4}, score {:.4}, ownership {:.4}; held out top-1 {:.2}%, log-likelihood {:.4}{}",
                ((step + 1 - first) * opts.batch) as f64 / start.elapsed().as_secs_f64(),
                loss_sum.policy / k,
                loss_sum.value / k,
                loss_sum.score / k,
                loss_sum.owner / k,
                100.0 * fit.top1,
                fit.log_likelihood,
                fit.value_line()
            );
            (loss_sum, loss_n) = (Losses::default(), 0);
            let progress = Progress { step, adam };
            save(net, &progress)?;
            adam = progress.adam;
        }
    }
    Ok(fit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::train::games::parse_line;

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
            weights: Weights::default(),
        }
    }

    fn data(g: &[Record]) -> Data<'_> {
        Data {
            games: g,
            labels: None,
        }
    }

    #[test]
    fn training_fits_the_games_better_than_the_model_alone() {
        let model = crate::knowledge::builtin();
        let g = games();
        let held = measure::held_out(&model, data(&g), &positions(data(&g)));
        let alone = measure(None, &held);
        let mut net = Net::new(4, 1, 5);
        let mut saved = 0;
        let mut o = opts();
        o.steps = 40;
        o.every = 20;
        let fit = train(&mut net, &model, data(&g), data(&g), &o, None, |_, _| {
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
                train(
                    &mut net,
                    &model,
                    data(&g),
                    data(&g),
                    &opts(),
                    None,
                    |_, _| Ok(()),
                )
                .unwrap();
                net
            })
        };
        let one = run(1);
        assert_ne!(one, Net::new(4, 1, 5));
        assert_eq!(one, run(2));
    }

    #[test]
    fn a_stopped_run_resumed_trains_the_network_of_a_straight_run() {
        let model = crate::knowledge::builtin();
        let g = games();
        let mut straight = Net::new(4, 1, 5);
        let mut at_8 = None;
        train(
            &mut straight,
            &model,
            data(&g),
            data(&g),
            &opts(),
            None,
            |n, p| {
                if p.step == 8 {
                    at_8 = Some((n.clone(), p.step, p.adam.to_bytes()));
                }
                Ok(())
            },
        )
        .unwrap();
        let (mut net, step, adam) = at_8.expect("a checkpoint at step 8");
        let resume = Progress {
            step,
            adam: Adam::from_bytes(&adam, net.params().len()).unwrap(),
        };
        train(
            &mut net,
            &model,
            data(&g),
            data(&g),
            &opts(),
            Some(resume),
            |_, _| Ok(()),
        )
        .unwrap();
        assert_eq!(net, straight);
    }

    #[test]
    fn labels_train_the_value_heads_towards_the_teacher() {
        let model = crate::knowledge::builtin();
        let g = games();
        // The teacher says the side to move wins 90% and owns everything.
        let owner = "Z".repeat(361);
        let mut text = String::new();
        for game in &g {
            for k in 0..game.moves.len() {
                text.push_str(&format!("{}\t{k}\t7.5\t0.9\t30\t{owner}\tpd:1\n", game.id));
            }
        }
        let labels = Labels::parse(&text).unwrap();
        let d = Data {
            games: &g,
            labels: Some(&labels),
        };
        let mut net = Net::new(4, 1, 5).with_heads(8, 5);
        let mut o = opts();
        o.steps = 60;
        o.every = 60;
        o.rate = 0.02;
        o.holdout_positions = 100;
        let before = measure(Some(&net), &measure::held_out(&model, d, &positions(d)));
        let fit = train(&mut net, &model, d, d, &o, None, |_, _| Ok(())).unwrap();
        assert_eq!(fit.valued, 14);
        assert!(fit.value_ce < before.value_ce - 0.05, "{fit:?} {before:?}");
        assert!(
            fit.owner_error < before.owner_error - 0.2,
            "{fit:?} {before:?}"
        );
        assert!(
            fit.lead_error < before.lead_error - 5.0,
            "{fit:?} {before:?}"
        );
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
        let ex = example_at(&model, g, 1, None).unwrap();
        assert_eq!(ex.n, 19);
        // W[dp]: column d (3), SGF row p (15 from the top) = row 3 from the bottom.
        assert_eq!(ex.played, 3 * 19 + 3);
        let candidates = ex.base.iter().filter(|b| b.is_finite()).count();
        // 360 empty points and a pass.
        assert_eq!(candidates, 361);
    }
}
