//! The session's side of GoGui's extensions: the searches behind the
//! `gfx` displays, the live graphics drawn during genmove, and the
//! `hane-params` dialog. The formats are in [`crate::gtp::gogui`].

use super::Session;
use crate::config::LiveGfx;
use crate::gtp::error::GtpError;
use crate::gtp::gogui::{self, ParamChange};
use crate::player::Budget;
use crate::rules::{BoardSize, Color};
use crate::search::{Report, SearchResult};
use crate::stop::StopCheck;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Time between live `gogui-gfx:` drawings during genmove.
pub(super) const LIVE_GFX_INTERVAL: Duration = Duration::from_millis(500);
/// How often a GoGui display search checks its budget.
const GFX_BUDGET_CHECK: Duration = Duration::from_millis(20);

impl Session {
    /// `hane-best_moves [color]` and `hane-pv [color]`: a display search
    /// for `color` (default: the side to move), drawn by `draw`.
    pub(super) fn gfx(
        &mut self,
        color: Option<Color>,
        stop: StopCheck<'_>,
        draw: fn(BoardSize, Color, &SearchResult) -> String,
    ) -> Result<String, GtpError> {
        let color = color.unwrap_or_else(|| self.game.to_move());
        let r = self.display_search(color, stop)?;
        Ok(draw(self.game.size(), color, &r))
    }

    /// A search for GoGui's displays: from the current position for
    /// `color`, with the budget genmove would use without a clock (about:
    /// the budget is checked every few milliseconds), stopped early by
    /// `interrupt`. The player keeps the tree, so a later genmove or
    /// display of the same position continues it.
    fn display_search(
        &mut self,
        color: Color,
        interrupt: StopCheck<'_>,
    ) -> Result<SearchResult, GtpError> {
        if !self.player.can_analyze() {
            return Err(GtpError::Other(
                "this display needs the MCTS player (--player mcts)".into(),
            ));
        }
        let (playouts, per_move) = (self.config.playouts, self.config.time_per_move);
        let large = crate::search::is_large(self.game.size().get());
        let budget = if self.net.judges(large) {
            Budget::for_network(playouts, per_move)
        } else {
            Budget::without_clock(playouts, per_move)
        };
        let stop_requests = AtomicU64::new(0);
        let stop = StopCheck::new(&stop_requests, 0);
        let mut last: Option<SearchResult> = None;
        let mut watch = |r: &SearchResult| {
            if budget.reached(r.playouts, r.elapsed) || interrupt.stopped() {
                stop_requests.store(1, Ordering::Relaxed);
            }
            last = Some(r.clone());
        };
        let report = Report {
            interval: GFX_BUDGET_CHECK,
            callback: &mut watch,
        };
        self.player.analyze(&self.game, color, stop, report);
        last.ok_or_else(|| GtpError::Other("the search gave no result".into()))
    }

    /// `hane-params`: the dialog's lines, or one validated change.
    pub(super) fn params(&mut self, change: Option<(String, String)>) -> Result<String, GtpError> {
        match change {
            None => Ok(gogui::param_lines(&self.config, self.game.rules())),
            Some((key, value)) => {
                let change = gogui::parse_param(&key, &value)?;
                self.set_param(change);
                Ok(String::new())
            }
        }
    }

    /// Applies a validated `hane-params` change. Search parameters rebuild
    /// the player from the options (a fresh tree, the next search uses
    /// them); the rules change like `kgs-rules`.
    fn set_param(&mut self, change: ParamChange) {
        let mut config = self.config.clone();
        match change {
            ParamChange::Rules(rules) => return self.set_rules(rules),
            ParamChange::LiveGfx(mode) => {
                self.config.live_gfx = mode;
                return;
            }
            ParamChange::Threads(n) => config.threads = n,
            ParamChange::Playouts(n) => config.playouts = n,
            ParamChange::TimePerMove(s) => config.time_per_move = s,
            ParamChange::ResignThreshold(r) => config.resign_threshold = r,
        }
        self.player = config.make_player();
        self.ponder = config.ponder && config.playouts.is_none();
        self.config = config;
    }
}

/// Draws one live-graphics block of a running genmove search on stderr
/// (stdout stays the protocol's).
pub(super) fn draw_live(mode: LiveGfx, size: BoardSize, color: Color, r: &SearchResult) {
    if let Some(block) = gogui::live_block(mode, size, color, r) {
        write_stderr(&block);
    }
}

/// Clears the live graphics once the move is chosen.
pub(super) fn clear_live() {
    write_stderr(gogui::LIVE_CLEAR);
}

/// Writes one live-graphics block to stderr in a single write, so log
/// lines cannot land inside it; a failure to write is only logged.
fn write_stderr(block: &str) {
    let mut err = io::stderr().lock();
    if let Err(e) = err.write_all(block.as_bytes()).and_then(|_| err.flush()) {
        log::debug!("live graphics not written: {e}");
    }
}
