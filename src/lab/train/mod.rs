//! `hane train` and `hane predict`: learning the move-prediction model
//! from game records, and measuring it.
//!
//! Training reads the games, lists the 3x3 codes and large shapes their
//! played moves show often enough, samples positions (seeded), encodes
//! every candidate move of each, and runs MM on the feature groups in
//! turn. The same files, options and seed give the same model, byte for
//! byte, whatever the number of threads.

pub mod adam;
pub mod balance;
pub mod book;
pub mod book_games;
pub mod dataset;
pub mod games;
pub mod labels;
pub mod mm;
pub mod net;
pub mod owner;
pub mod playout;
pub mod positions;
pub mod predict;
pub mod simbal;

use crate::knowledge::model::{Model, PlayoutGammas};
use crate::knowledge::net::Net;
use dataset::{Dataset, Dictionary};
use games::{GameSet, Record};
use std::sync::Arc;
use std::time::Instant;

/// What `hane train` does.
#[derive(Clone, Debug)]
pub struct TrainOptions {
    /// Game files (one game a line, or SGF).
    pub files: Vec<String>,
    /// Use at most this many games.
    pub games: Option<usize>,
    /// Sample about this many positions for MM.
    pub positions: usize,
    /// MM iterations (each updates every group once).
    pub iterations: usize,
    /// A 3x3 code is listed if played at least this often.
    pub min_pat3: u32,
    /// A large shape is listed if played at least this often.
    pub min_shape: u32,
    /// Seed of the position sample.
    pub seed: u64,
    /// Learn only from this player's moves (SGF `PB`/`PW`).
    pub player: Option<String>,
    /// Start from the built-in model and train its small groups only:
    /// its 3x3 and large shapes and its playout weights stay as they are.
    pub refit: bool,
}

fn report_skipped(set: &GameSet) {
    for s in set.skipped.iter().take(20) {
        log::warn!("skipped {s}");
    }
    if set.skipped.len() > 20 {
        log::warn!("... and {} more skipped games", set.skipped.len() - 20);
    }
}

/// Reads games and reports the skipped ones.
///
/// # Errors
/// A file that cannot be read, or no usable game.
pub fn read_games(
    files: &[String],
    limit: Option<usize>,
    player: Option<&str>,
) -> Result<GameSet, String> {
    let set = GameSet::read(files, limit, player)?;
    report_skipped(&set);
    log::info!(
        "read {} games ({} moves); skipped {}",
        set.games.len(),
        set.moves(),
        set.skipped.len()
    );
    if set.games.is_empty() {
        return Err("no usable game in the input".to_string());
    }
    Ok(set)
}

/// Trains a model.
///
/// # Errors
/// Unreadable input or no usable game.
pub fn train(opts: &TrainOptions) -> Result<Model, String> {
    let start = Instant::now();
    let set = read_games(&opts.files, opts.games, opts.player.as_deref())?;
    let base = crate::knowledge::builtin();
    // A refit lists the built-in model's shapes and starts from its gammas.
    let (dict, start_gammas) = if opts.refit {
        let tables = base.shape_tables();
        let dict = Dictionary::from_lists(
            tables.pat3.iter().map(|&(c, _)| c as u32).collect(),
            tables.shapes.iter().map(|&(h, _)| h).collect(),
        );
        let mut g = mm::Gammas::new(dict.pat3.len(), dict.shapes.len());
        g.small = base.small_gammas().iter().map(|&x| x as f64).collect();
        g.pat3 = tables.pat3.iter().map(|&(_, x)| x as f64).collect();
        g.pat3.push(tables.pat3_other as f64);
        g.shape = tables.shapes.iter().map(|&(_, x)| x as f64).collect();
        (dict, g)
    } else {
        let dict = Dictionary::build(&set.games, opts.min_pat3, opts.min_shape);
        let g = mm::Gammas::new(dict.pat3.len(), dict.shapes.len());
        (dict, g)
    };
    log::info!(
        "dictionary: {} 3x3 codes, {} large shapes ({:.0} s)",
        dict.pat3.len(),
        dict.shapes.len(),
        start.elapsed().as_secs_f64()
    );
    let rate = (opts.positions as f64 / set.moves().max(1) as f64).min(1.0);
    let total = set.games.len();
    let mut next_report = 0;
    let ds = Dataset::build(&set.games, &dict, rate, opts.seed, |done| {
        if done >= next_report || done == total {
            log::info!("encoding positions: {done}/{total} games");
            next_report = done + total.div_ceil(10);
        }
    });
    log::info!(
        "{} positions, {} candidates ({:.1} per position, {} MB) ({:.0} s)",
        ds.positions(),
        ds.cands.len(),
        ds.cands.len() as f64 / ds.positions().max(1) as f64,
        (ds.cands.len() * (std::mem::size_of::<dataset::Cand>() + 4)) >> 20,
        start.elapsed().as_secs_f64()
    );
    let groups: Vec<mm::MmGroup> = mm::groups()
        .into_iter()
        .filter(|g| !opts.refit || matches!(g, mm::MmGroup::Small(_)))
        .collect();
    let mut trainer = mm::Trainer::new(&ds, start_gammas);
    log::info!(
        "iteration 0: log-likelihood {:.5}",
        trainer.log_likelihood()
    );
    for it in 1..=opts.iterations {
        for &g in &groups {
            trainer.step(g);
        }
        trainer.refresh();
        log::info!(
            "iteration {it}/{}: log-likelihood {:.5} ({:.0} s)",
            opts.iterations,
            trainer.log_likelihood(),
            start.elapsed().as_secs_f64()
        );
    }
    let trainer_gammas = trainer.gammas.clone();
    drop(trainer);
    drop(ds);
    if opts.refit {
        let small = trainer_gammas.small.iter().map(|&g| g as f32).collect();
        return Ok(base.with_small_gammas(small));
    }
    let playout = playout::train(&set.games, rate, opts.seed, opts.min_pat3, opts.iterations);
    Ok(to_model(&trainer_gammas, &dict, playout))
}

/// The model file contents for trained gammas.
fn to_model(g: &mm::Gammas, dict: &Dictionary, playout: PlayoutGammas) -> Model {
    let small = g.small.iter().map(|&x| x as f32).collect();
    let pat3 = dict
        .pat3
        .iter()
        .zip(&g.pat3)
        .map(|(&c, &x)| (c as u64, x as f32))
        .collect();
    let other = g.pat3.last().copied().unwrap_or(1.0) as f32;
    let shapes = dict
        .shapes
        .iter()
        .zip(&g.shape)
        .map(|(&h, &x)| (h, x as f32))
        .collect();
    Model::new(small, other, pat3, shapes, playout)
}

/// `hane train`: trains and writes the model to `out`.
///
/// # Errors
/// Unreadable input, no usable game, or an unwritable output.
pub fn run_train(opts: &TrainOptions, out: &str) -> Result<(), String> {
    let model = train(opts)?;
    let bytes = model.to_bytes();
    std::fs::write(out, &bytes).map_err(|e| format!("cannot write {out}: {e}"))?;
    let (p3, sh) = model.table_sizes();
    log::info!(
        "wrote {out}: {} bytes, {p3} 3x3 shapes, {sh} large shapes",
        bytes.len()
    );
    Ok(())
}

/// `hane predict`: measures a model (a file, or the built-in one) on the
/// games and prints the figures on stdout.
///
/// # Errors
/// An unreadable or invalid model, unreadable games, or none usable.
pub fn run_predict(
    model: Option<&str>,
    net: Option<&str>,
    files: &[String],
    games: Option<usize>,
    player: Option<&str>,
    value: ValueFiles<'_>,
) -> Result<(), String> {
    let model = load_model(model)?;
    let net = net.map(Net::from_file).transpose()?;
    let set = read_games(files, games, player)?;
    let acc = predict::measure(&model, net.as_ref(), &set.games);
    println!("{acc}");
    if let Some(labels) = value.labels {
        let line = net::run::value_figures(net.as_ref(), files, games, labels, value.results)?;
        println!("{line}");
    }
    Ok(())
}

/// The teacher's labels and the games' results, for `hane predict` to
/// measure the value heads too.
#[derive(Clone, Copy, Debug, Default)]
pub struct ValueFiles<'a> {
    /// Labels file (`scripts/label-katago`).
    pub labels: Option<&'a str>,
    /// Results (the TYGEM index).
    pub results: Option<&'a str>,
}

pub use net::run::{NetRun, run_train_net};

/// `hane train-owner`: trains the priors' ownership gammas on positions
/// sampled from the games at `rate` (ownership from `playouts` heavy
/// playouts each) and prints them, with the fit, on stdout.
///
/// # Errors
/// Unreadable games, or none usable.
pub fn run_train_owner(
    files: &[String],
    games: Option<usize>,
    player: Option<&str>,
    rate: f64,
    playouts: u32,
    seed: u64,
) -> Result<(), String> {
    let set = read_games(files, games, player)?;
    let model = crate::knowledge::builtin();
    let fit = owner::train(&set.games, &model, rate, playouts, 50, seed);
    println!("positions {}", fit.positions);
    println!("played moves by bin {:?}", fit.wins);
    let g: Vec<String> = fit.gammas.iter().map(|g| format!("{g:.3}")).collect();
    println!("gammas [{}]", g.join(", "));
    println!(
        "mean log-likelihood {:.4} without, {:.4} with",
        fit.log_likelihood.0, fit.log_likelihood.1
    );
    Ok(())
}

/// A model file, or the built-in model.
fn load_model(path: Option<&str>) -> Result<Arc<Model>, String> {
    match path {
        Some(path) => Model::from_file(path).map(Arc::new),
        None => Ok(crate::knowledge::builtin()),
    }
}

/// Finished games to read, and where their results are.
#[derive(Clone, Copy, Debug)]
pub struct ResultGames<'a> {
    /// Game files.
    pub files: &'a [String],
    /// Read at most this many games.
    pub games: Option<usize>,
    /// The results of line-format games: the TYGEM index (tab-separated:
    /// the id first, the result ninth).
    pub results: Option<&'a str>,
    /// A labels file ([`labels`]): its values stand for the results, and
    /// only the positions it values are used.
    pub targets: Option<&'a str>,
}

/// The targets of `source`, if it names a labels file.
fn load_targets(source: &ResultGames<'_>) -> Result<Option<labels::Targets>, String> {
    let Some(path) = source.targets else {
        return Ok(None);
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let targets = labels::Targets::parse(&text).map_err(|e| format!("{path}: {e}"))?;
    log::info!("{} positions valued in {path}", targets.len());
    Ok(Some(targets))
}

/// The games with their winners (an error if no game has one).
fn decided_games(source: &ResultGames<'_>) -> Result<Vec<Record>, String> {
    let mut set = read_games(source.files, source.games, None)?;
    if let Some(index) = source.results {
        games::add_results(index, &mut set.games)?;
    }
    let decided = set.games.iter().filter(|g| g.winner.is_some()).count();
    if decided == 0 {
        return Err("no game with a result decided on the board".to_string());
    }
    log::info!("{decided} games with a result");
    Ok(set.games)
}

/// `hane balance`: the heavy playouts' forecasts of the results of the
/// `source` games, for the base policy and each variant (a name and
/// search constants set on top of the base), with the playout weights
/// of the model file `model` (default: the built-in model), and for
/// each of `variant_models` the base constants with that file's weights.
///
/// # Errors
/// A file that cannot be read, no usable game, or a variant setting out
/// of range.
pub fn run_balance(
    source: &ResultGames<'_>,
    model: Option<&str>,
    base: &crate::search::SizedParams,
    variants: &[(String, Vec<(String, f64)>)],
    variant_models: &[String],
    opts: &balance::BalanceOptions,
) -> Result<(), String> {
    let model = load_model(model)?;
    let games = decided_games(source)?;
    let size = games[0].start.size().get();
    let mut list = vec![balance::Variant {
        name: "base".to_string(),
        params: base.for_size(size),
        model: None,
    }];
    for (name, settings) in variants {
        let mut params = base.for_size(size);
        for (constant, value) in settings {
            params.set(constant, *value)?;
        }
        list.push(balance::Variant {
            name: name.clone(),
            params,
            model: None,
        });
    }
    for path in variant_models {
        list.push(balance::Variant {
            name: path.clone(),
            params: base.for_size(size),
            model: Some(load_model(Some(path))?),
        });
    }
    let targets = load_targets(source)?;
    let start = Instant::now();
    let samples = balance::measure(&games, &list, &model, opts, targets.as_ref());
    log::info!(
        "{} positions, {:.0}s",
        samples.len(),
        start.elapsed().as_secs_f64()
    );
    print!("{}", balance::report(&samples, &list, opts.playouts));
    Ok(())
}

/// `hane balance --fit`: fits the playout weights of `model` (default:
/// the built-in model) by simulation balancing on the `source` games and
/// writes the model, its priors unchanged, to `out` after each pass.
///
/// # Errors
/// A file that cannot be read or written, or no usable game.
pub fn run_fit(
    source: &ResultGames<'_>,
    model: Option<&str>,
    base: &crate::search::SizedParams,
    out: &str,
    opts: &simbal::FitOptions,
) -> Result<(), String> {
    let model = load_model(model)?;
    let games = decided_games(source)?;
    let params = base.for_size(games[0].start.size().get());
    let targets = load_targets(source)?;
    let mut written = Ok(());
    simbal::fit(
        &games,
        &params,
        &model,
        opts,
        targets.as_ref(),
        |epoch, report, fitted| {
            let m = report.moved;
            println!(
                "pass {}: {} positions, Brier {:.4}; log-gamma moved: tenuki {:+.3}, unlisted shapes {:+.3}, listed shapes {:.3} on average, {:.3} at most",
                epoch + 1,
                report.positions,
                report.brier,
                m.tenuki,
                m.other,
                m.mean,
                m.largest
            );
            if written.is_ok() {
                written = std::fs::write(out, fitted.to_bytes())
                    .map_err(|e| format!("cannot write {out}: {e}"));
            }
        },
    );
    written
}

/// `hane balance --label`: values every measured position of the
/// `source` games by a search of `playouts` playouts with `base`'s
/// constants and writes the labels file `out`, its first lines naming
/// `command`.
///
/// # Errors
/// A file that cannot be read or written, or no usable game.
pub fn run_label(
    source: &ResultGames<'_>,
    base: &crate::search::SizedParams,
    out: &str,
    opts: &balance::BalanceOptions,
    playouts: u64,
    command: &str,
) -> Result<(), String> {
    let games = decided_games(source)?;
    let params = base.for_size(games[0].start.size().get());
    let start = Instant::now();
    let found = labels::label(&games, opts, &params, playouts, |n, of| {
        log::info!(
            "label: {n} of {of} positions, {:.0}s",
            start.elapsed().as_secs_f64()
        )
    });
    let header = format!(
        "Black's win rate by a search of {playouts} playouts from each position (hane {}).\n\
         Written by: {command}",
        env!("CARGO_PKG_VERSION")
    );
    std::fs::write(out, labels::to_text(&header, &found))
        .map_err(|e| format!("cannot write {out}: {e}"))?;
    println!(
        "{} positions valued in {:.0}s, written to {out}",
        found.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refit learns the small groups from one player's moves and leaves
    /// everything else of the built-in model as it was.
    #[test]
    fn a_refit_fits_the_small_groups_and_keeps_the_shapes() {
        let dir = std::env::temp_dir().join(format!("hane-refit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // "P" answers every move on the far side of the board, which the
        // built-in model (near answers) finds unlikely.
        let games = [
            ";B[ee];W[aa];B[ec];W[ii];B[ge];W[ai];B[ce];W[ia]",
            ";B[dd];W[ii];B[ff];W[ai];B[df];W[ia];B[fd];W[ah]",
            ";B[ef];W[ab];B[de];W[ih];B[fe];W[ba];B[ed];W[hi]",
        ];
        let mut files = Vec::new();
        for (i, moves) in games.iter().enumerate() {
            let path = dir.join(format!("{i}.sgf"));
            std::fs::write(&path, format!("(;SZ[9]PB[Q]PW[P]{moves})")).unwrap();
            files.push(path.to_string_lossy().to_string());
        }
        let opts = TrainOptions {
            files: files.clone(),
            games: None,
            positions: 1_000,
            iterations: 5,
            min_pat3: 1,
            min_shape: 1,
            seed: 1,
            player: Some("P".to_string()),
            refit: true,
        };
        let refit = train(&opts).unwrap();
        let base = crate::knowledge::builtin();
        assert_eq!(refit.shape_tables(), base.shape_tables());
        assert_eq!(refit.playout_tenuki(), base.playout_tenuki());
        assert_ne!(refit.small_gammas(), base.small_gammas());
        let set = read_games(&files, None, Some("P")).unwrap();
        let (before, after) = (
            predict::measure(&base, None, &set.games),
            predict::measure(&refit, None, &set.games),
        );
        assert_eq!((before.positions, after.positions), (12, 12));
        assert!(
            after.log_likelihood > before.log_likelihood + 1.0,
            "{} -> {}",
            before.log_likelihood,
            after.log_likelihood
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
