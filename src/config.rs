//! Engine options, built once from the command line and passed down.

use crate::knowledge::model::Model;
use crate::player::{MctsOptions, MctsPlayer, Player, RandomPlayer};
use crate::rules::Rules;
use crate::search::{PlayoutKind, SearchParams, SizedParams};
use std::sync::Arc;

/// What `genmove` shows GoGui while it thinks (`gogui-gfx:` blocks on
/// stderr).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LiveGfx {
    /// Nothing.
    #[default]
    Off,
    /// The candidate moves with their win rates.
    BestMoves,
    /// The principal variation.
    Pv,
}

impl LiveGfx {
    /// The name used by `--gogui-gfx` and the `live_gfx` parameter.
    pub fn name(self) -> &'static str {
        match self {
            LiveGfx::Off => "off",
            LiveGfx::BestMoves => "best_moves",
            LiveGfx::Pv => "pv",
        }
    }

    /// Parses a name (`best-moves` is accepted for `best_moves`).
    pub fn parse(s: &str) -> Option<LiveGfx> {
        match s.to_ascii_lowercase().as_str() {
            "off" => Some(LiveGfx::Off),
            "best_moves" | "best-moves" => Some(LiveGfx::BestMoves),
            "pv" => Some(LiveGfx::Pv),
            _ => None,
        }
    }
}

/// Which move generator answers `genmove`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// Monte Carlo tree search.
    Mcts,
    /// Uniformly random legal moves that do not fill own eyes.
    Random,
}

/// Everything the engine needs to know from its command line.
#[derive(Clone, Debug)]
pub struct Config {
    /// Rules at start-up and after `clear_board` unless changed by GTP.
    pub rules: Rules,
    /// Komi at start-up.
    pub komi: f64,
    /// Board size at start-up.
    pub size: u32,
    /// Seed for every random choice.
    pub seed: u64,
    /// Search threads.
    pub threads: usize,
    /// Fixed playouts per move (default when neither a time control nor
    /// `time_per_move` applies: 10,000).
    pub playouts: Option<u64>,
    /// Fixed seconds per move when no time control applies.
    pub time_per_move: Option<f64>,
    /// Which player generates moves.
    pub player: PlayerKind,
    /// Playout policy of the MCTS player.
    pub playout: PlayoutKind,
    /// Tree memory limit in MiB.
    pub max_tree_mb: usize,
    /// Resign below this win rate (0 disables resigning).
    pub resign_threshold: f64,
    /// Playouts behind the dead-stone estimate (`None`: by board size).
    pub status_playouts: Option<u32>,
    /// Think on the opponent's time (never with fixed `playouts`).
    pub ponder: bool,
    /// Live graphics for GoGui during `genmove`.
    pub live_gfx: LiveGfx,
    /// Lizzie compatibility (`--lizzie`): `version` answers first the Leela
    /// Zero release whose analysis output hane follows, then hane's own
    /// version. Lizzie checks the first word for 0.15 or later and stops on
    /// a warning dialog otherwise; `name` still answers `hane`.
    pub lizzie: bool,
    /// Search constants set by name (`--tune`), applied in order.
    pub tune: Vec<(String, f64)>,
    /// Play the 9x9 opening book's moves (`--no-book` turns it off).
    pub book: bool,
    /// The move-prediction model (tree priors, playout weights, the
    /// dead-stone playouts) from a file (`--model`; `None`: the built-in
    /// one).
    pub model: Option<Arc<Model>>,
    /// The policy network that corrects the model's tree priors on large
    /// boards, from a file (`--net`; `None`: the built-in one).
    pub net: Option<crate::knowledge::NetFile>,
    /// Play with the model alone, no network (`--no-net`).
    pub no_net: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            rules: Rules::AGA,
            komi: 7.5,
            size: 19,
            seed: 1,
            threads: 1,
            playouts: None,
            time_per_move: None,
            player: PlayerKind::Random,
            playout: PlayoutKind::Heavy,
            max_tree_mb: 1024,
            resign_threshold: 0.1,
            status_playouts: None,
            ponder: false,
            live_gfx: LiveGfx::Off,
            lizzie: false,
            tune: Vec::new(),
            book: true,
            model: None,
            net: None,
            no_net: false,
        }
    }
}

impl Config {
    /// The search parameters these options ask for, on each board size:
    /// the options and the `--tune` settings over that size's defaults.
    ///
    /// # Errors
    /// A `--tune` name or value the search does not accept.
    pub fn search_params(&self) -> Result<SizedParams, String> {
        SizedParams::new(|defaults| {
            let mut search = SearchParams {
                playout: self.playout,
                threads: self.threads.max(1),
                max_tree_bytes: self.max_tree_mb.saturating_mul(1 << 20),
                ..defaults
            };
            for (name, value) in &self.tune {
                search.set(name, *value)?;
            }
            Ok(search)
        })
    }

    /// The model the engine plays with: `--model`'s, else the built-in one.
    pub fn model(&self) -> Arc<Model> {
        self.model.clone().unwrap_or_else(crate::knowledge::builtin)
    }

    /// The networks the engine plays with: `--net`'s on every size, else
    /// the built-in ones; none with `--no-net`.
    pub fn net(&self) -> crate::knowledge::Networks {
        use crate::knowledge::Networks;
        if self.no_net {
            return Networks::default();
        }
        match &self.net {
            Some(file) => Networks::from_file(file),
            None => Networks::builtin(),
        }
    }

    /// The player these options ask for (the search parameters are
    /// checked first: see [`Config::search_params`]).
    pub fn make_player(&self) -> Box<dyn Player> {
        match self.player {
            PlayerKind::Random => Box::new(RandomPlayer::new(self.seed)),
            PlayerKind::Mcts => Box::new(MctsPlayer::new(MctsOptions {
                search: self.search_params().unwrap_or_default(),
                playouts: self.playouts,
                time_per_move: self.time_per_move,
                resign_threshold: self.resign_threshold,
                seed: self.seed,
                book: self.book,
                model: self.model(),
                net: self.net(),
            })),
        }
    }
}

/// A `--tune NAME=VALUE` setting, checked against the search's constants
/// ([`SearchParams::set`](crate::search::SearchParams::set)).
///
/// # Errors
/// Not `NAME=VALUE`, not a number, or what `set` refuses.
pub fn parse_tune(s: &str) -> Result<(String, f64), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("{s:?} is not NAME=VALUE"))?;
    let value: f64 = value
        .trim()
        .parse()
        .map_err(|_| format!("{value:?} is not a number"))?;
    let name = name.trim().to_string();
    crate::search::SearchParams::default().set(&name, value)?;
    Ok((name, value))
}
