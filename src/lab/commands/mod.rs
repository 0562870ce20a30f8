//! The lab's commands (`hane book`, `train`, `train-net`, `train-owner`,
//! `life`, `balance`, `predict`): each runs on its own thread pool with
//! its error on stderr. Their options are in `args.rs`; the binary adds
//! them to the engine's own commands.

mod args;

use crate::config::Config;
use crate::config::parse_tune;
pub use args::LabCommand;
use std::process::ExitCode;

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
    opts: &crate::lab::train::book_games::ExtendOptions,
    files: &[String],
    from: Option<String>,
    player: Option<String>,
    out: &str,
) -> Result<(), String> {
    let set = crate::lab::train::games::GameSet::read(files, None, player.as_deref())?;
    for s in &set.skipped {
        log::warn!("skipped {s}");
    }
    let base = match &from {
        Some(path) => {
            std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?
        }
        None => crate::knowledge::book::BUILTIN_TEXT.to_string(),
    };
    log::info!("book: {} games read", set.games.len());
    let text = crate::lab::train::book_games::extend_text(
        &base,
        &set.games,
        opts,
        player.as_deref(),
        |line, games, kept| {
            let size = crate::knowledge::book::book_size();
            log::info!(
                "book: {} (in {games} games; win {:.3}, {:.0}% of the visits){}",
                crate::knowledge::book::entry_text(size, &line.moves, line.reply),
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
pub fn run(command: LabCommand, config: &Config) -> ExitCode {
    match command {
        LabCommand::Book {
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
            let opts = crate::lab::train::book_games::ExtendOptions {
                playouts,
                depth,
                min_games,
                min_share,
                komi,
                seed: config.seed,
            };
            tool(1, || extend_book(&opts, &games, from, player, &out))
        }
        LabCommand::Book {
            out,
            playouts,
            depth,
            width,
            komi,
            ..
        } => {
            let opts = crate::lab::train::book::BookOptions {
                playouts,
                depth,
                width,
                komi,
                seed: config.seed,
            };
            tool(1, || {
                let (_, lines) = crate::lab::train::book::build(&opts, |line| {
                    let size = crate::knowledge::book::book_size();
                    log::info!(
                        "book: {} (win {:.3}, {:.0}% of the visits)",
                        crate::knowledge::book::entry_text(size, &line.moves, line.reply),
                        line.win_rate,
                        100.0 * line.share
                    );
                });
                std::fs::write(&out, crate::lab::train::book::to_text(&opts, &lines))
                    .map_err(|e| format!("cannot write {out}: {e}"))
            })
        }
        LabCommand::Train {
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
            let opts = crate::lab::train::TrainOptions {
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
            tool(config.threads, || crate::lab::train::run_train(&opts, &out))
        }
        LabCommand::TrainOwner {
            games,
            rate,
            playouts,
            player,
            files,
        } => tool(config.threads, || {
            crate::lab::train::run_train_owner(
                &files,
                games,
                player.as_deref(),
                rate,
                playouts,
                config.seed,
            )
        }),
        LabCommand::Life {
            playouts,
            misjudged,
            file,
        } => tool(1, || {
            let params = config.search_params()?;
            let mut out = std::io::stdout().lock();
            crate::lab::life::run(&file, &params, playouts, config.seed, misjudged, &mut out)
        }),
        LabCommand::Balance {
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
            let opts = crate::lab::train::balance::BalanceOptions {
                playouts,
                from,
                to,
                every,
                komi,
                seed: config.seed,
            };
            let source = crate::lab::train::ResultGames {
                files: &files,
                games,
                results: results.as_deref(),
                targets: targets.as_deref(),
            };
            let model = model.as_deref();
            if let Some(out) = label {
                let args: Vec<String> = std::env::args().skip(1).collect();
                let command = format!("hane {}", args.join(" "));
                return crate::lab::train::run_label(
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
                    let fit = crate::lab::train::simbal::FitOptions {
                        balance: opts,
                        epochs,
                        batch,
                        rate,
                        pull,
                    };
                    crate::lab::train::run_fit(&source, model, &base, &out, &fit)
                }
                None => crate::lab::train::run_balance(
                    &source,
                    model,
                    &base,
                    &variants,
                    &variant_models,
                    &opts,
                ),
            }
        }),
        LabCommand::TrainNet {
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
            let opts = crate::lab::train::net::NetOptions {
                channels,
                blocks,
                batch: batch.max(1),
                rate,
                steps,
                every: every.max(1),
                holdout_positions,
                seed: config.seed,
                weights: crate::lab::train::net::backward::Weights {
                    teacher: teacher.clamp(0.0, 1.0),
                    ..Default::default()
                },
            };
            let run = crate::lab::train::NetRun {
                files,
                holdout,
                games,
                from,
                out,
                labels,
                holdout_labels,
                results,
                heads: heads.min(crate::knowledge::net::heads::MAX_HIDDEN),
                resume,
            };
            crate::lab::train::run_train_net(&run, &opts)
        }),
        LabCommand::Predict {
            model,
            net,
            games,
            player,
            labels,
            results,
            files,
        } => tool(config.threads, || {
            crate::lab::train::run_predict(
                model.as_deref(),
                net.as_deref(),
                &files,
                games,
                player.as_deref(),
                crate::lab::train::ValueFiles {
                    labels: labels.as_deref(),
                    results: results.as_deref(),
                },
            )
        }),
    }
}
