//! The `hane` binary: parse options, start logging on stderr, serve GTP on
//! stdin/stdout (or run the benchmark). No engine logic lives here.

use clap::{Parser, Subcommand, ValueEnum};
use hane::config::{Config, PlayerKind};
use hane::gtp::{Session, serve};
use hane::player::{Player, RandomPlayer};
use hane::rules::Rules;
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, ValueEnum)]
enum PlayerArg {
    /// Monte Carlo tree search.
    Mcts,
    /// Random legal moves (for tests and debugging).
    Random,
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
    /// Playouts per move.
    #[arg(long, default_value_t = 10_000)]
    playouts: u64,
    /// Move generator.
    #[arg(long, value_enum, default_value = "mcts")]
    player: PlayerArg,
    /// More logging on stderr (-v info, -vv debug, -vvv trace); RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count)]
    verbose: u8,
    #[command(subcommand)]
    command: Option<Sub>,
}

#[derive(Subcommand, Debug)]
enum Sub {
    /// Measure board speed: random playouts per second on 9x9 and 19x19.
    Bench {
        /// Seconds per measurement.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
    },
}

fn parse_rules(s: &str) -> Result<Rules, String> {
    s.parse()
        .map_err(|e: hane::rules::ruleset::UnknownRules| e.to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let level = match cli.verbose {
        0 => "warn",
        1 => "info",
        2 => "debug",
        _ => "trace",
    };
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(level))
        .target(env_logger::Target::Stderr)
        .init();
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
        player: match cli.player {
            PlayerArg::Mcts => PlayerKind::Mcts,
            PlayerArg::Random => PlayerKind::Random,
        },
    };
    if let Some(Sub::Bench { seconds }) = cli.command {
        hane::bench::run(seconds, config.seed);
        return ExitCode::SUCCESS;
    }
    let player: Box<dyn Player> = match config.player {
        // The MCTS player is not built yet: random plays meanwhile.
        PlayerKind::Mcts | PlayerKind::Random => Box::new(RandomPlayer::new(config.seed)),
    };
    let mut session = Session::new(&config, player);
    let stdout = std::io::stdout();
    match serve(std::io::stdin(), stdout.lock(), &mut session) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            log::error!("GTP output failed: {e}");
            ExitCode::FAILURE
        }
    }
}
