//! The GTP session: owns the game, the player and the clock, and gives
//! each command its meaning. [`Session::execute`] is a table from command
//! to handler; the handlers live with their family:
//!
//! - `position.rs`: the board and the game (size, komi, moves, undo,
//!   handicap, rules, time controls);
//! - `query.rs`: answers that only read the game (board, stones, legality);
//! - `scoring.rs`: the dead-stone analysis and everything counted from it;
//! - `genmove.rs`: choosing and playing hane's own move;
//! - `analysis.rs`: the streaming Leela Zero / KataGo analysis commands;
//! - `raw_nn.rs`: the network's evaluation without a search
//!   (`kata-raw-nn`, `hane-raw-ownership`, `hane-raw-value`);
//! - `records.rs`: `loadsgf` and `printsgf`;
//! - `gui.rs`: GoGui's displays, live graphics and parameter dialog.
//!
//! Every handler validates first and mutates last, so a command that fails
//! changes nothing.

use super::command::{COMMANDS, Command};
use super::error::GtpError;
use super::gogui;
use crate::clock::Clock;
use crate::config::Config;
use crate::endgame::Analyst;
use crate::knowledge::model::Model;
use crate::player::Player;
use crate::rules::point::vertex_name;
use crate::rules::{BoardSize, Color, Game, Point};
use crate::stop::StopCheck;

mod analysis;
mod genmove;
mod gui;
mod position;
mod query;
mod raw_nn;
mod records;
mod scoring;

/// The engine's state between commands.
pub struct Session {
    game: Game,
    player: Box<dyn Player>,
    clock: Clock,
    /// Seed for free handicap placement.
    seed: u64,
    model: std::sync::Arc<Model>,
    /// The networks correcting the model and judging positions, by board
    /// size (`--net`, else the built-in ones).
    net: crate::knowledge::Networks,
    /// The dead-stone analysis: computed once per position, read by
    /// scoring, the status lists, the displays, analysis ownership and the
    /// player's pass, resign and cleanup decisions.
    analyst: Analyst,
    /// Pondering enabled (`--ponder`).
    ponder: bool,
    /// The side to ponder for: the opponent after hane's genmove, until
    /// the next command arrives.
    ponder_for: Option<Color>,
    /// The options, as changed by `hane-params`: the player is rebuilt
    /// from them when a search parameter changes.
    config: Config,
}

impl Session {
    /// The network for the game's board size, if any.
    pub(super) fn size_net(&self) -> Option<&crate::knowledge::net::Net> {
        let large = crate::search::is_large(self.game.size().get());
        self.net.get(large).map(|n| n.as_ref())
    }

    /// A new session: empty board of the configured size, rules and komi.
    pub fn new(config: &Config, player: Box<dyn Player>) -> Session {
        let size = BoardSize::new(config.size).unwrap_or(BoardSize::NINETEEN);
        Session {
            game: Game::new(size, config.rules, config.komi),
            player,
            clock: Clock::default(),
            seed: config.seed,
            model: config.model(),
            net: config.net(),
            analyst: Analyst::new(config.model(), config.status_playouts, config.seed),
            ponder: config.ponder && config.playouts.is_none(),
            ponder_for: None,
            config: config.clone(),
        }
    }

    /// Thinks on the opponent's time, if pondering is on, hane just made a
    /// move and the game is not over; returns when `stop` fires (new
    /// input). The tree it grows is kept for hane's next move.
    pub fn ponder(&mut self, stop: StopCheck<'_>) {
        let Some(color) = self.ponder_for.take() else {
            return;
        };
        if !self.ponder || self.game.is_over() || self.game.to_move() != color {
            return;
        }
        self.player.ponder(&self.game, color, stop);
    }

    /// The current game (read-only).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// How many dead-stone analyses this session has run: one per
    /// position asked about, however many commands read it.
    pub fn status_computations(&self) -> u64 {
        self.analyst.computations()
    }

    /// Executes one command and returns the answer text. Streaming
    /// commands go through [`Session::stream`] instead.
    ///
    /// # Errors
    /// The GTP failure; the session is then unchanged.
    pub fn execute(&mut self, cmd: Command, stop: StopCheck<'_>) -> Result<String, GtpError> {
        use Command as C;
        match cmd {
            C::ProtocolVersion => Ok("2".into()),
            C::Name => Ok("hane".into()),
            C::Version => Ok(self.version()),
            C::KnownCommand(name) => Ok(COMMANDS.contains(&name.as_str()).to_string()),
            C::ListCommands => Ok(COMMANDS.join("\n")),
            C::Quit | C::GoguiInterrupt => Ok(String::new()),
            C::Cputime => Ok(format!("{:.3}", query::cpu_seconds())),
            C::Boardsize(n) => self.boardsize(n),
            C::ClearBoard => Ok(self.clear_board()),
            C::Komi(k) => Ok(self.komi(k)),
            C::Play(c, v) => self.play(c, v),
            C::Undo => self.undo(),
            C::FixedHandicap(n) => self.fixed_handicap(n),
            C::PlaceFreeHandicap(n) => self.place_free_handicap(n),
            C::SetFreeHandicap(list) => self.set_free_handicap(&list),
            C::Handicap(arg) => Ok(self.handicap(arg)),
            C::KgsRules(name) | C::KataSetRules(name) => self.rules(&name),
            C::TimeSettings(main, period, stones) => Ok(self.time_settings(main, period, stones)),
            C::TimeLeft(c, seconds, stones) => Ok(self.time_left(c, seconds, stones)),
            C::KgsTimeSettings(t) => Ok(self.kgs_time_settings(t)),
            C::Showboard => Ok(self.showboard()),
            C::IsLegal(c, v) => Ok(self.is_legal(c, v)),
            C::ListStones(c) => Ok(self.vertices(self.game.board().stones(c))),
            C::Captures(c) => Ok(self.game.board().prisoners(c).to_string()),
            C::RulesLegalMoves => Ok(self.rules_legal_moves()),
            C::FinalScore => Ok(self.final_score()),
            C::FinalStatusList(status) => Ok(self.final_status_list(status)),
            C::Score => Ok(self.score_breakdown()),
            C::Ownership => Ok(self.ownership()),
            C::Policy(c) => Ok(self.policy(c)),
            C::RawOwnership => self.raw_ownership(),
            C::RawValue => self.raw_value(),
            C::RawNn(c, which) => self.kata_raw_nn(c, which),
            C::RulesFinalResult => Ok(self.rules_final_result()),
            C::Genmove(c) => Ok(self.genmove(c, stop, true, false)),
            C::GenmoveCleanup(c) => Ok(self.genmove(c, stop, true, true)),
            C::RegGenmove(c) => Ok(self.genmove(c, stop, false, false)),
            C::LoadSgf(path, until) => self.loadsgf(&path, until),
            C::PrintSgf(path) => self.printsgf(path),
            C::GoguiAnalyzeCommands => Ok(gogui::ANALYZE_COMMANDS.join("\n")),
            C::BestMovesGfx(c) => self.gfx(c, stop, gogui::best_moves),
            C::PvGfx(c) => self.gfx(c, stop, gogui::principal_variation),
            C::Params(change) => self.params(change),
            C::Analyze(..) | C::GenmoveAnalyze(..) => Err(GtpError::Other(
                "this command streams its answer; run it through gtp::serve".into(),
            )),
        }
    }

    /// The answer to `version`: hane's own version, or with `--lizzie`
    /// first the Leela Zero version whose analysis commands hane answers
    /// (see [`Config::lizzie`]).
    fn version(&self) -> String {
        let own = env!("CARGO_PKG_VERSION");
        if self.config.lizzie {
            format!("{LZ_ANALYSIS_VERSION} (Leela Zero analysis protocol) hane {own}")
        } else {
            own.to_string()
        }
    }

    /// Vertex names separated by spaces.
    fn vertices(&self, pts: impl Iterator<Item = Point>) -> String {
        let size = self.game.size();
        pts.map(|p| vertex_name(size, p))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The Leela Zero release whose `lz-analyze` / `lz-genmove_analyze` output
/// hane's follows (`lcb` and `order` fields): what `version` names first
/// under `--lizzie`, where Lizzie looks for 0.15 or later.
pub const LZ_ANALYSIS_VERSION: &str = "0.17";

#[cfg(test)]
mod tests;
