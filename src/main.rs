//! The `hane` binary: parse options, start logging on stderr, and serve
//! GTP on stdin/stdout, or run one of the other commands (`analysis`,
//! `bench`, and the lab's, `hane::lab::commands`). No engine logic lives
//! here.

use clap::{Parser, ValueEnum};
use hane::config::{Config, LiveGfx, PlayerKind, parse_tune};
use hane::gtp::{Session, serve};
use hane::rules::Rules;
use hane::search::PlayoutKind;
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, ValueEnum)]
enum PlayerArg {
    /// Monte Carlo tree search.
    Mcts,
    /// Random legal moves (for tests and debugging).
    Random,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum LiveGfxArg {
    /// The candidate moves with their win rates.
    #[value(alias = "best_moves")]
    BestMoves,
    /// The principal variation.
    Pv,
    /// Nothing.
    Off,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum PlayoutArg {
    /// Uniform random, no eye filling.
    Light,
    /// Answers to the last move: captures, escapes, eye vital points,
    /// two-liberty fights, learned shapes; no useless self-atari.
    Heavy,
}

/// The commands besides GTP: the engine's own, and the lab's where it is
/// built in (the `lab` feature, on by default).
#[derive(clap::Subcommand, Debug)]
enum Sub {
    /// Answer KataGo's JSON analysis protocol on stdin/stdout, as KaTrain
    /// and other review tools speak it: one query a line in, one answer a
    /// line out (docs/analysis-engine.md). Global options go before the
    /// command: `hane --threads 2 analysis`.
    Analysis {
        /// Turns searched at once (at most --threads); the search threads
        /// are shared among them.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        analysis_threads: u32,
        /// KataGo's own options (`-model FILE -config FILE` …), accepted so
        /// a wrapper can pass them on, and ignored.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        katago_args: Vec<String>,
    },
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
    #[cfg(feature = "lab")]
    #[command(flatten)]
    Lab(Box<hane::lab::commands::LabCommand>),
}

/// hane: a Go engine speaking GTP v2 on stdin/stdout.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// Rules: aga or nz (New Zealand). GTP kgs-rules / kata-set-rules change them.
    #[arg(long, default_value = "aga", value_parser = parse_rules)]
    rules: Rules,
    /// Komi given to White (GTP komi changes it).
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true)]
    komi: f64,
    /// Board size at start-up (GTP boardsize changes it).
    #[arg(long, default_value_t = 19, value_parser = clap::value_parser!(u32).range(2..=25))]
    size: u32,
    /// Seed for all random choices: the same seed replays the same game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Search threads (default: the number of cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Playouts per move: exactly this many, no early stop (default 10000;
    /// with a KataGo net 800 visits, or 10 s if sooner; when no time
    /// control or --time-per-move applies).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    playouts: Option<u64>,
    /// Seconds per move when the controller sets no time control.
    #[arg(long)]
    time_per_move: Option<f64>,
    /// Move generator.
    #[arg(long, value_enum, default_value = "mcts")]
    player: PlayerArg,
    /// Playout policy of the MCTS player.
    #[arg(long, value_enum, default_value = "heavy")]
    playout: PlayoutArg,
    /// Memory limit for the search tree in MiB (expansion stops there).
    #[arg(long, default_value_t = 1024)]
    max_tree_mb: usize,
    /// Resign when the win rate stays below this (0 never resigns).
    #[arg(long, default_value_t = 0.1)]
    resign_threshold: f64,
    /// Playouts behind the dead-stone estimate of final_score and
    /// final_status_list (default: 1000 up to 13x13, 400 above).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    status_playouts: Option<u32>,
    /// Think on the opponent's time between moves (ignored with --playouts,
    /// which promises exactly N playouts per move).
    #[arg(long)]
    ponder: bool,
    /// During genmove, draw the search on GoGui's board: `gogui-gfx:`
    /// blocks on stderr about twice a second (best-moves by default, or
    /// pv). GTP `hane-params live_gfx ...` changes it.
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true,
          default_missing_value = "best-moves", value_name = "WHAT")]
    gogui_gfx: Option<LiveGfxArg>,
    /// For Lizzie: answer GTP `version` with "0.17 (Leela Zero analysis
    /// protocol) hane VERSION". Lizzie reads the first word as a Leela Zero
    /// version and warns below 0.15; hane's analysis output is Leela Zero
    /// 0.17's. `name` still answers `hane`.
    #[arg(long)]
    lizzie: bool,
    /// Never play from the 9x9 opening book (moves hane's long searches
    /// chose for the first moves; see docs/strength-log.md): search every
    /// move.
    #[arg(long)]
    no_book: bool,
    /// Play with the move-prediction model in FILE (tree priors and
    /// playout weights, as `hane train` and `hane balance --fit` write
    /// them) instead of the built-in one.
    #[arg(long, value_name = "FILE")]
    model: Option<String>,
    /// Play with the network in FILE instead of the built-in ones: a
    /// network `hane train-net` wrote, or a KataGo model file (`.bin.gz`,
    /// model versions 8 to 15).
    #[arg(long, value_name = "FILE", conflicts_with = "no_net")]
    net: Option<String>,
    /// Play with the move-prediction model alone, without the policy
    /// network.
    #[arg(long)]
    no_net: bool,
    /// Set a search constant, NAME=VALUE (repeatable; for experiments and
    /// tuning): rave_equiv, expand_visits, prior_even, prior_pattern and
    /// the others docs/tuning.md lists.
    #[arg(long, value_name = "NAME=VALUE", value_parser = parse_tune)]
    tune: Vec<(String, f64)>,
    /// More logging on stderr: by default one info line per genmove; -v
    /// adds a progress line every second of a search (debug), -vv trace.
    /// RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count)]
    verbose: u8,
    #[command(subcommand)]
    command: Option<Sub>,
}

fn parse_rules(s: &str) -> Result<Rules, String> {
    s.parse()
        .map_err(|e: hane::rules::ruleset::UnknownRules| e.to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let level = match cli.verbose {
        0 => "info",
        1 => "debug",
        _ => "trace",
    };
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(level))
        .target(env_logger::Target::Stderr)
        .init();
    let model = match cli
        .model
        .as_deref()
        .map(hane::knowledge::model::Model::from_file)
        .transpose()
    {
        Ok(model) => model.map(std::sync::Arc::new),
        Err(e) => {
            log::error!("{e}");
            return ExitCode::from(2);
        }
    };
    let net = match cli
        .net
        .as_deref()
        .map(hane::knowledge::NetFile::from_file)
        .transpose()
    {
        Ok(net) => net,
        Err(e) => {
            log::error!("{e}");
            return ExitCode::from(2);
        }
    };
    let config = Config {
        rules: cli.rules,
        komi: cli.komi,
        size: cli.size,
        seed: cli.seed,
        threads: cli
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1),
        playouts: cli.playouts,
        time_per_move: cli.time_per_move.filter(|t| t.is_finite() && *t > 0.0),
        player: match cli.player {
            PlayerArg::Mcts => PlayerKind::Mcts,
            PlayerArg::Random => PlayerKind::Random,
        },
        playout: match cli.playout {
            PlayoutArg::Light => PlayoutKind::Light,
            PlayoutArg::Heavy => PlayoutKind::Heavy,
        },
        max_tree_mb: cli.max_tree_mb.max(1),
        resign_threshold: cli.resign_threshold.clamp(0.0, 1.0),
        status_playouts: cli.status_playouts,
        ponder: cli.ponder,
        live_gfx: match cli.gogui_gfx {
            None | Some(LiveGfxArg::Off) => LiveGfx::Off,
            Some(LiveGfxArg::BestMoves) => LiveGfx::BestMoves,
            Some(LiveGfxArg::Pv) => LiveGfx::Pv,
        },
        lizzie: cli.lizzie,
        tune: cli.tune,
        book: !cli.no_book,
        model,
        net,
        no_net: cli.no_net,
    };
    if let Some(command) = cli.command {
        return run_command(command, &config);
    }
    let mut session = Session::new(&config, config.make_player());
    let stdout = std::io::stdout();
    match serve(std::io::stdin(), stdout.lock(), &mut session) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            log::error!("GTP output failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Runs a command besides GTP with the options every command shares.
fn run_command(command: Sub, config: &Config) -> ExitCode {
    match command {
        Sub::Analysis {
            analysis_threads,
            katago_args,
        } => {
            if !katago_args.is_empty() {
                log::warn!("ignored: {}", katago_args.join(" "));
            }
            let stdin = std::io::stdin();
            match hane::analysis::serve(
                stdin.lock(),
                std::io::stdout(),
                config,
                analysis_threads as usize,
            ) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    log::error!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
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
        #[cfg(feature = "lab")]
        Sub::Lab(command) => hane::lab::commands::run(*command, config),
    }
}
