//! `hane train-net` from the command line: reading the games, the
//! teacher's labels and the results, starting or resuming the network,
//! and writing its checkpoints.

use super::measure::{RESULT_BEFORE_END, RESULT_FROM, held_out, measure, read_labels};
use super::{Data, NetOptions, Progress, train};
use crate::knowledge::net::{MAX_BLOCKS, MAX_CHANNELS, Net};
use crate::lab::train::adam::Adam;
use crate::lab::train::games::add_results;
use crate::lab::train::read_games;

/// The files of a `hane train-net` run.
#[derive(Clone, Debug, Default)]
pub struct NetRun {
    /// Game files to train on.
    pub files: Vec<String>,
    /// Held-out game files to measure on.
    pub holdout: Vec<String>,
    /// Use at most this many training games.
    pub games: Option<usize>,
    /// Start from this network instead of a new one.
    pub from: Option<String>,
    /// Where the network goes; the run's state goes beside it
    /// ([`state_path`]).
    pub out: String,
    /// The teacher's labels of training positions.
    pub labels: Option<String>,
    /// The teacher's labels of held-out positions.
    pub holdout_labels: Option<String>,
    /// The results of the held-out games (the TYGEM index).
    pub results: Option<String>,
    /// Hidden units of new value heads, for a network that has none.
    pub heads: usize,
    /// Go on from `out` and its state.
    pub resume: bool,
}

/// Where a run keeps its optimiser state and step, beside the network.
pub fn state_path(out: &str) -> String {
    format!("{out}.state")
}

/// `hane train-net`: trains a network (new, from `from`, or resumed from
/// `out`) on the runs's files, measuring on the held-out games and
/// writing every checkpoint to `out` and its state beside it; prints the
/// last held-out figures on stdout.
///
/// # Errors
/// Unreadable games, labels or network, no usable game, a state that is
/// not the network's, or an unwritable `out`.
pub fn run_train_net(run: &NetRun, opts: &NetOptions) -> Result<(), String> {
    let model = crate::knowledge::builtin();
    let (mut network, resume) = start(run, opts)?;
    let set = read_games(&run.files, run.games, None)?;
    let mut held = read_games(&run.holdout, None, None)?;
    if let Some(index) = &run.results {
        add_results(index, &mut held.games)?;
    }
    let labels = run.labels.as_deref().map(read_labels).transpose()?;
    let held_labels = run.holdout_labels.as_deref().map(read_labels).transpose()?;
    let state = state_path(&run.out);
    let fit = train(
        &mut network,
        &model,
        Data {
            games: &set.games,
            labels: labels.as_ref(),
        },
        Data {
            games: &held.games,
            labels: held_labels.as_ref(),
        },
        opts,
        resume,
        |n, p| {
            let write = |path: &str, bytes: Vec<u8>| {
                let tmp = format!("{path}.tmp");
                std::fs::write(&tmp, bytes)
                    .and_then(|()| std::fs::rename(&tmp, path))
                    .map_err(|e| format!("cannot write {path}: {e}"))
            };
            write(&run.out, n.to_bytes())?;
            let mut bytes = (p.step as u64).to_le_bytes().to_vec();
            bytes.extend(p.adam.to_bytes());
            write(&state, bytes)
        },
    )?;
    println!(
        "held out: top-1 {:.2}%, mean log-likelihood {:.4}{}",
        100.0 * fit.top1,
        fit.log_likelihood,
        fit.value_line()
    );
    Ok(())
}

/// The network to train, and where a resumed run stands.
fn start(run: &NetRun, opts: &NetOptions) -> Result<(Net, Option<Progress>), String> {
    if run.resume {
        let net = Net::from_file(&run.out)?;
        let path = state_path(&run.out);
        let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
        if bytes.len() < 8 {
            return Err(format!("{path}: not a training state"));
        }
        let mut step = [0u8; 8];
        step.copy_from_slice(&bytes[..8]);
        let step = u64::from_le_bytes(step) as usize;
        let adam = Adam::from_bytes(&bytes[8..], net.params().len())
            .map_err(|e| format!("{path}: {e}"))?;
        log::info!("resuming {} at step {step}", run.out);
        return Ok((net, Some(Progress { step, adam })));
    }
    let net = match &run.from {
        Some(path) => Net::from_file(path)?,
        None if Net::shape_ok(opts.channels, opts.blocks) => {
            Net::new(opts.channels, opts.blocks, opts.seed)
        }
        None => {
            return Err(format!(
                "a network needs 1 to {MAX_CHANNELS} channels and at most {MAX_BLOCKS} blocks"
            ));
        }
    };
    let wants_heads = run.labels.is_some() && run.heads > 0 && net.hidden() == 0;
    Ok((
        if wants_heads {
            net.with_heads(run.heads, opts.seed)
        } else {
            net
        },
        None,
    ))
}

/// `hane predict --labels`: the value heads of `net` on the labelled
/// positions of `files`' games, against the teacher and, with `results`
/// (the TYGEM index) or results in the games, against the winners of
/// the positions from move [`RESULT_FROM`] to [`RESULT_BEFORE_END`]
/// moves before the end. Returns the figures' line.
///
/// # Errors
/// Unreadable games, labels or results, or no labelled position.
pub fn value_figures(
    net: Option<&Net>,
    files: &[String],
    games: Option<usize>,
    labels: &str,
    results: Option<&str>,
) -> Result<String, String> {
    let model = crate::knowledge::builtin();
    let mut set = read_games(files, games, None)?;
    if let Some(index) = results {
        add_results(index, &mut set.games)?;
    }
    let labels = read_labels(labels)?;
    let data = Data {
        games: &set.games,
        labels: Some(&labels),
    };
    let held = held_out(&model, data, &super::positions(data));
    if held.is_empty() {
        return Err("no labelled position in the games".into());
    }
    let fit = measure(net, &held);
    let mut line = format!("{} labelled positions", held.len());
    if fit.results > 0 {
        line.push_str(&format!(
            "; {} from move {RESULT_FROM} to {RESULT_BEFORE_END} before the end with a known winner: the teacher picks {:.2}%",
            fit.results,
            100.0 * fit.teacher_right as f64 / fit.results as f64
        ));
    }
    if fit.valued > 0 {
        line.push_str(&format!(
            "\nvalue heads: winner picked {:.2}%, cross-entropy against the teacher {:.4}, lead error {:.2} points, ownership error {:.3}",
            100.0 * fit.heads_right as f64 / fit.results.max(1) as f64,
            fit.value_ce,
            fit.lead_error,
            fit.owner_error
        ));
    } else {
        line.push_str("\nthe network has no value heads");
    }
    Ok(line)
}
