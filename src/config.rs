//! Engine options, built once from the command line and passed down.

use crate::rules::Rules;

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
    /// Playouts per move when no time control applies (0 = use time).
    pub playouts: u64,
    /// Which player generates moves.
    pub player: PlayerKind,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            rules: Rules::AGA,
            komi: 7.5,
            size: 19,
            seed: 1,
            threads: 1,
            playouts: 10_000,
            player: PlayerKind::Random,
        }
    }
}
