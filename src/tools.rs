//! The offline commands (`hane bench`, `book`, `train`, `train-net`, `train-owner`,
//! `life`, `balance`, `predict`): their options, and each run on its own
//! thread pool with its error on stderr. The library does the work.

use crate::parse_tune;
use clap::Subcommand;
use hane::config::Config;
use std::process::ExitCode;

#[derive(Subcommand, Debug)]
pub enum Sub {
    /// Measure speed (bare board and inside the search, light and heavy
    /// playouts, 1 and all threads) and print the deterministic signature.
    Bench {
        /// Seconds per measurement.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
        /// Playouts per position for the signature.
        #[arg(long, default_value_t = 5000)]
        signature_playouts: u64,
    },
    /// Train the move-prediction model from game records (one game a
    /// line, `ID<TAB>;B[pd];W[dp];...`, or SGF files).
    Train {
        /// Where to write the model.
        #[arg(long)]
        out: String,
        /// Use at most this many games.
        #[arg(long)]
        games: Option<usize>,
        /// Positions sampled for training.
        #[arg(long, default_value_t = 1_000_000)]
        positions: usize,
        /// MM iterations.
        #[arg(long, default_value_t = 20)]
        iterations: usize,
        /// Times a 3x3 shape must be played to get its own strength.
        #[arg(long, default_value_t = 10)]
        min_pat3: u32,
        /// Times a large shape must be played to get its own strength.
        #[arg(long, default_value_t = 10)]
        min_shape: u32,
        /// Learn only from the moves of this player (SGF `PB`/`PW`,
        /// case-insensitive); games without it are skipped.
        #[arg(long)]
        player: Option<String>,
        /// Start from the built-in model and train only its small groups
        /// (tactics, distances, edge); shapes and playout weights are kept.
        #[arg(long)]
        refit: bool,
        /// Game files.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Train the priors' ownership gammas: Monte Carlo ownership of sampled
    /// positions against the moves strong players chose there.
    TrainOwner {
        /// Use at most this many games.
        #[arg(long)]
        games: Option<usize>,
        /// Fraction of the positions sampled.
        #[arg(long, default_value_t = 0.05)]
        rate: f64,
        /// Playouts a position for its ownership.
        #[arg(long, default_value_t = 128)]
        playouts: u32,
        /// Learn only from the moves of this player (SGF `PB`/`PW`).
        #[arg(long)]
        player: Option<String>,
        /// Game files.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Write the 9x9 opening book from long searches (one thread, seeded
    /// by --seed): hane's move where it is to play, every first move and
    /// then the most visited replies where the opponent is. Given game
    /// files, extend a book instead, along the openings the games reached.
    Book {
        /// Where to write the book (src/knowledge/book9.txt is built in).
        #[arg(long)]
        out: String,
        /// Playouts of each search.
        #[arg(long, default_value_t = 100_000)]
        playouts: u64,
        /// Plies of the openings.
        #[arg(long, default_value_t = 4)]
        depth: usize,
        /// Opponent replies followed after its first move.
        #[arg(long, default_value_t = 3)]
        width: usize,
        /// Komi of the searches.
        #[arg(long, default_value_t = 7.0, allow_negative_numbers = true)]
        komi: f64,
        /// With game files: the book to extend (default the built-in one).
        #[arg(long)]
        from: Option<String>,
        /// With game files: games an opening must be in to be searched.
        #[arg(long, default_value_t = 30)]
        min_games: usize,
        /// With game files: the share of a search's visits its move needs
        /// to go in the book.
        #[arg(long, default_value_t = 0.5)]
        min_share: f64,
        /// With game files: count only the openings where this player
        /// (SGF `PB`/`PW`) is to move.
        #[arg(long)]
        player: Option<String>,
        /// Game files (SGF, or one game a line): extend the book along
        /// their openings instead of walking the tree.
        games: Vec<String>,
    },
    /// Measure how well the heavy playouts judge life and death: the
    /// share of playouts that keep each chain a referee called alive and
    /// take each one it called dead (lines `SGF MOVE VERTEX alive|dead`,
    /// with `after COLOR VERTEX` for a move played first, as
    /// scripts/dragon-status writes them). --tune sets the playouts'
    /// switches; --seed the stream.
    Life {
        /// Playouts from each position.
        #[arg(long, default_value_t = 200)]
        playouts: usize,
        /// After the table, list the chains wrong in most playouts, each
        /// as its input line's first four fields (and the move played
        /// first) and its error.
        #[arg(long)]
        misjudged: bool,
        /// The chains and their status.
        file: String,
    },
    /// How well the heavy playouts alone forecast the results of finished
    /// games: the Brier score of Black's share of the playouts from
    /// positions of the games (simulation balancing's measure), for the
    /// playout policy (--tune applies) and variants of it, compared
    /// position by position; or, with --fit, fit the playout weights to
    /// those results by simulation balancing; or, with --label, value the
    /// positions by long searches for --targets.
    Balance {
        /// Use at most this many games.
        #[arg(long)]
        games: Option<usize>,
        /// Playouts from each position, for each policy.
        #[arg(long, default_value_t = 64)]
        playouts: u32,
        /// The first position: after this many moves.
        #[arg(long, default_value_t = 60)]
        from: usize,
        /// The last position: after at most this many moves.
        #[arg(long, default_value_t = 200)]
        to: usize,
        /// A position every this many moves.
        #[arg(long, default_value_t = 20)]
        every: usize,
        /// Komi for counting the playouts (area scoring).
        #[arg(long, default_value_t = 7.5)]
        komi: f64,
        /// The results of line-format games: the TYGEM index
        /// (tab-separated, the id first and the result ninth).
        #[arg(long)]
        results: Option<String>,
        /// A variant of the policy: "NAME=VALUE ..." search constants on
        /// top of the base (repeatable).
        #[arg(long = "variant", value_name = "SETTINGS", value_parser = parse_variant)]
        variants: Vec<(String, Vec<(String, f64)>)>,
        /// Take the playout weights from this model file (default: the
        /// model built into hane).
        #[arg(long)]
        model: Option<String>,
        /// A variant with the base constants and this model file's
        /// playout weights (repeatable).
        #[arg(long = "variant-model", value_name = "FILE")]
        variant_models: Vec<String>,
        /// Instead of measuring, fit the playout weights by simulation
        /// balancing and write the model here after each pass.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["variants", "variant_models"])]
        fit: Option<String>,
        /// Fit: passes over the positions.
        #[arg(long, default_value_t = 1, requires = "fit")]
        epochs: usize,
        /// Fit: positions per step.
        #[arg(long, default_value_t = 64, requires = "fit")]
        batch: usize,
        /// Fit: the step size, in natural-log units of gamma (Adam).
        #[arg(long, default_value_t = 0.01, requires = "fit")]
        rate: f64,
        /// Fit: the pull towards the starting weights.
        #[arg(long, default_value_t = 0.01, requires = "fit")]
        pull: f64,
        /// Forecast (or fit) the values of this labels file, written by
        /// --label, instead of the games' results, on the positions it
        /// values.
        #[arg(long, value_name = "FILE", conflicts_with = "label")]
        targets: Option<String>,
        /// Instead of measuring, value every position by a search (--tune
        /// applies; one thread each, positions in parallel) and write the
        /// labels file here.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["fit", "variants", "variant_models", "model"])]
        label: Option<String>,
        /// Label: playouts of each position's search.
        #[arg(long, default_value_t = 10_000, requires = "label")]
        label_playouts: u64,
        /// Game files.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Train the policy network that corrects the move model, on game
    /// records, measuring it on held-out games as it goes.
    TrainNet {
        /// Where to write the network (rewritten at every measurement).
        #[arg(long)]
        out: String,
        /// Held-out game files to measure on (never trained on).
        #[arg(long, required = true, num_args = 1..)]
        holdout: Vec<String>,
        /// Held-out positions to measure on.
        #[arg(long, default_value_t = 4000)]
        holdout_positions: usize,
        /// Continue training this network instead of a new one.
        #[arg(long)]
        from: Option<String>,
        /// Use at most this many training games.
        #[arg(long)]
        games: Option<usize>,
        /// Trunk channels of a new network.
        #[arg(long, default_value_t = 32)]
        channels: usize,
        /// Residual blocks of a new network.
        #[arg(long, default_value_t = 4)]
        blocks: usize,
        /// Positions per step.
        #[arg(long, default_value_t = 64)]
        batch: usize,
        /// Adam's step size (falling to a tenth over the last 30% of
        /// the steps).
        #[arg(long, default_value_t = 0.002)]
        rate: f32,
        /// Steps to take.
        #[arg(long, default_value_t = 20_000)]
        steps: usize,
        /// Steps between measurements and checkpoints.
        #[arg(long, default_value_t = 500)]
        every: usize,
        /// The teacher's labels of training positions
        /// (`scripts/label-katago`): train on those positions alone, the
        /// value heads too.
        #[arg(long, value_name = "FILE")]
        labels: Option<String>,
        /// The teacher's labels of held-out positions: measure on those.
        #[arg(long, value_name = "FILE")]
        holdout_labels: Option<String>,
        /// The held-out games' results (the TYGEM index), to count how
        /// often the value picks the winner.
        #[arg(long, value_name = "FILE")]
        results: Option<String>,
        /// Hidden units of the value heads added to a network without.
        #[arg(long, default_value_t = 32)]
        heads: usize,
        /// The teacher's share of the policy's target (the played move
        /// has the rest).
        #[arg(long, default_value_t = 0.5)]
        teacher: f32,
        /// Go on from the network in --out and its state (FILE.state), as
        /// a stopped run with the same options would have gone on.
        #[arg(long)]
        resume: bool,
        /// Game files to train on.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Measure move prediction on game records: top-1/5/10 accuracy and
    /// the mean log-likelihood of the played moves.
    Predict {
        /// A model file (default: the model built into hane).
        #[arg(long)]
        model: Option<String>,
        /// A policy network file (`hane train-net`) to correct the model.
        #[arg(long)]
        net: Option<String>,
        /// Use at most this many games.
        #[arg(long)]
        games: Option<usize>,
        /// Measure only the moves of this player (SGF `PB`/`PW`).
        #[arg(long)]
        player: Option<String>,
        /// The teacher's labels of positions of these games
        /// (`scripts/label-katago`): measure the value heads on them too.
        #[arg(long, value_name = "FILE")]
        labels: Option<String>,
        /// The games' results (the TYGEM index), to count how often the
        /// value picks the winner.
        #[arg(long, value_name = "FILE", requires = "labels")]
        results: Option<String>,
        /// Game files.
        #[arg(required = true)]
        files: Vec<String>,
    },
}

/// A `--variant`: its text, and its `NAME=VALUE` settings as `--tune`
/// reads them.
pub(crate) fn parse_variant(s: &str) -> Result<(String, Vec<(String, f64)>), String> {
    let settings = s
        .split_whitespace()
        .map(parse_tune)
        .collect::<Result<_, _>>()?;
    Ok((s.trim().to_string(), settings))
}

/// `hane book GAMES...`: reads the games and the book to extend, extends
/// it and writes it to `out`.
fn extend_book(
    opts: &hane::train::book_games::ExtendOptions,
    files: &[String],
    from: Option<String>,
    player: Option<String>,
    out: &str,
) -> Result<(), String> {
    let set = hane::train::games::GameSet::read(files, None, player.as_deref())?;
    for s in &set.skipped {
        log::warn!("skipped {s}");
    }
    let base = match &from {
        Some(path) => {
            std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?
        }
        None => hane::knowledge::book::BUILTIN_TEXT.to_string(),
    };
    log::info!("book: {} games read", set.games.len());
    let text = hane::train::book_games::extend_text(
        &base,
        &set.games,
        opts,
        player.as_deref(),
        |line, games, kept| {
            let size = hane::knowledge::book::book_size();
            log::info!(
                "book: {} (in {games} games; win {:.3}, {:.0}% of the visits){}",
                hane::knowledge::book::entry_text(size, &line.moves, line.reply),
                line.win_rate,
                100.0 * line.share,
                if kept { "" } else { ": left out" }
            );
        },
    )?;
    std::fs::write(out, text).map_err(|e| format!("cannot write {out}: {e}"))
}

/// Runs an offline tool on `threads` threads; its error goes to stderr.
fn tool(threads: usize, f: impl FnOnce() -> Result<(), String> + Send) -> ExitCode {
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            log::error!("cannot start threads: {e}");
            return ExitCode::FAILURE;
        }
    };
    match pool.install(f) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            log::error!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// Runs `command` with the options every command shares (`config`).
pub fn run(command: Sub, config: &Config) -> ExitCode {
    match command {
        Sub::Bench {
            seconds,
            signature_playouts,
        } => {
            let base = match config.search_params() {
                Ok(params) => params,
                Err(e) => {
                    eprintln!("hane: {e}");
                    return ExitCode::FAILURE;
                }
            };
            hane::bench::run(
                seconds,
                config.seed,
                config.threads,
                signature_playouts,
                base,
            );
            ExitCode::SUCCESS
        }
        Sub::Book {
            out,
            playouts,
            depth,
            komi,
            from,
            min_games,
            min_share,
            player,
            games,
            ..
        } if !games.is_empty() => {
            let opts = hane::train::book_games::ExtendOptions {
                playouts,
                depth,
                min_games,
                min_share,
                komi,
                seed: config.seed,
            };
            tool(1, || extend_book(&opts, &games, from, player, &out))
        }
        Sub::Book {
            out,
            playouts,
            depth,
            width,
            komi,
            ..
        } => {
            let opts = hane::train::book::BookOptions {
                playouts,
                depth,
                width,
                komi,
                seed: config.seed,
            };
            tool(1, || {
                let (_, lines) = hane::train::book::build(&opts, |line| {
                    let size = hane::knowledge::book::book_size();
                    log::info!(
                        "book: {} (win {:.3}, {:.0}% of the visits)",
                        hane::knowledge::book::entry_text(size, &line.moves, line.reply),
                        line.win_rate,
                        100.0 * line.share
                    );
                });
                std::fs::write(&out, hane::train::book::to_text(&opts, &lines))
                    .map_err(|e| format!("cannot write {out}: {e}"))
            })
        }
        Sub::Train {
            out,
            games,
            positions,
            iterations,
            min_pat3,
            min_shape,
            player,
            refit,
            files,
        } => {
            let opts = hane::train::TrainOptions {
                files,
                games,
                positions,
                iterations,
                min_pat3,
                min_shape,
                seed: config.seed,
                player,
                refit,
            };
            tool(config.threads, || hane::train::run_train(&opts, &out))
        }
        Sub::TrainOwner {
            games,
            rate,
            playouts,
            player,
            files,
        } => tool(config.threads, || {
            hane::train::run_train_owner(
                &files,
                games,
                player.as_deref(),
                rate,
                playouts,
                config.seed,
            )
        }),
        Sub::Life {
            playouts,
            misjudged,
            file,
        } => tool(1, || {
            let params = config.search_params()?;
            let mut out = std::io::stdout().lock();
            hane::life::run(&file, &params, playouts, config.seed, misjudged, &mut out)
        }),
        Sub::Balance {
            games,
            playouts,
            from,
            to,
            every,
            komi,
            results,
            variants,
            model,
            variant_models,
            fit,
            epochs,
            batch,
            rate,
            pull,
            targets,
            label,
            label_playouts,
            files,
        } => tool(config.threads, || {
            let base = config.search_params()?;
            let opts = hane::train::balance::BalanceOptions {
                playouts,
                from,
                to,
                every,
                komi,
                seed: config.seed,
            };
            let source = hane::train::ResultGames {
                files: &files,
                games,
                results: results.as_deref(),
                targets: targets.as_deref(),
            };
            let model = model.as_deref();
            if let Some(out) = label {
                let args: Vec<String> = std::env::args().skip(1).collect();
                let command = format!("hane {}", args.join(" "));
                return hane::train::run_label(
                    &source,
                    &base,
                    &out,
                    &opts,
                    label_playouts,
                    &command,
                );
            }
            match fit {
                Some(out) => {
                    let fit = hane::train::simbal::FitOptions {
                        balance: opts,
                        epochs,
                        batch,
                        rate,
                        pull,
                    };
                    hane::train::run_fit(&source, model, &base, &out, &fit)
                }
                None => hane::train::run_balance(
                    &source,
                    model,
                    &base,
                    &variants,
                    &variant_models,
                    &opts,
                ),
            }
        }),
        Sub::TrainNet {
            out,
            holdout,
            holdout_positions,
            from,
            games,
            channels,
            blocks,
            batch,
            rate,
            steps,
            every,
            labels,
            holdout_labels,
            results,
            heads,
            teacher,
            resume,
            files,
        } => tool(config.threads, || {
            let opts = hane::train::net::NetOptions {
                channels,
                blocks,
                batch: batch.max(1),
                rate,
                steps,
                every: every.max(1),
                holdout_positions,
                seed: config.seed,
                weights: hane::train::net::backward::Weights {
                    teacher: teacher.clamp(0.0, 1.0),
                    ..Default::default()
                },
            };
            let run = hane::train::NetRun {
                files,
                holdout,
                games,
                from,
                out,
                labels,
                holdout_labels,
                results,
                heads: heads.min(hane::knowledge::net::heads::MAX_HIDDEN),
                resume,
            };
            hane::train::run_train_net(&run, &opts)
        }),
        Sub::Predict {
            model,
            net,
            games,
            player,
            labels,
            results,
            files,
        } => tool(config.threads, || {
            hane::train::run_predict(
                model.as_deref(),
                net.as_deref(),
                &files,
                games,
                player.as_deref(),
                hane::train::ValueFiles {
                    labels: labels.as_deref(),
                    results: results.as_deref(),
                },
            )
        }),
    }
}
