//! The session's side of GoGui's extensions: the searches behind the
//! `gfx` displays, live graphics during genmove, and the `hane-params`
//! changes. The formats are in [`crate::gtp::gogui`].

use super::Session;
use crate::config::LiveGfx;
use crate::gtp::command::GtpError;
use crate::gtp::gogui::{self, ParamChange};
use crate::player::{Decision, MoveContext};
use crate::rules::{Color, Rules};
use crate::search::{Report, SearchResult};
use crate::stop::StopCheck;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Time between live `gogui-gfx:` drawings during genmove.
const LIVE_GFX_INTERVAL: Duration = Duration::from_millis(500);
/// Time between search progress lines on stderr during genmove (`-v`).
const PROGRESS_INTERVAL: Duration = Duration::from_secs(1);
/// How often a GoGui display search checks its budget.
const GFX_BUDGET_CHECK: Duration = Duration::from_millis(20);

impl Session {
    /// The player's move for `color`; with live graphics on, the search
    /// is drawn on GoGui's board as it runs: `gogui-gfx:` blocks on stderr
    /// while the command runs (stdout stays the protocol's), then a
    /// `CLEAR`.
    pub(super) fn choose_move(
        &mut self,
        color: Color,
        stop: StopCheck<'_>,
        cleanup: bool,
    ) -> Decision {
        let ctx = MoveContext {
            clock: &self.clock,
            stop,
            cleanup,
        };
        let mode = self.config.live_gfx;
        if mode != LiveGfx::Off && self.player.can_analyze() {
            let size = self.game.size();
            let mut draw = |r: &SearchResult| {
                if let Some(block) = gogui::live_block(mode, size, color, r) {
                    write_stderr(&block);
                }
            };
            let report = Report {
                interval: LIVE_GFX_INTERVAL,
                callback: &mut draw,
            };
            let d = self
                .player
                .genmove_reporting(&self.game, color, &ctx, Some(report));
            write_stderr(gogui::LIVE_CLEAR);
            d
        } else if log::log_enabled!(log::Level::Debug) && self.player.can_analyze() {
            // A progress line every second of a long search; the result
            // line itself is the player's `info` line.
            let size = self.game.size();
            let mut progress = |r: &SearchResult| {
                if r.elapsed >= PROGRESS_INTERVAL {
                    log::debug!("{}", progress_line(size, color, r));
                }
            };
            let report = Report {
                interval: PROGRESS_INTERVAL,
                callback: &mut progress,
            };
            self.player
                .genmove_reporting(&self.game, color, &ctx, Some(report))
        } else {
            self.player.genmove(&self.game, color, &ctx)
        }
    }

    /// A search for GoGui's displays: from the current position for
    /// `color`, with the budget genmove would use without a clock (about:
    /// the budget is checked every few milliseconds), stopped early by
    /// `interrupt`. The player keeps the tree, so a later genmove or
    /// display of the same position continues it.
    pub(super) fn display_search(
        &mut self,
        color: Color,
        interrupt: StopCheck<'_>,
    ) -> Result<SearchResult, GtpError> {
        if !self.player.can_analyze() {
            return Err(GtpError::Other(
                "this display needs the MCTS player (--player mcts)".into(),
            ));
        }
        let budget = gogui::Budget::from_config(&self.config);
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

    /// Applies a validated `hane-params` change. Search parameters rebuild
    /// the player from the options (a fresh tree, the next search uses
    /// them); the rules change like `kgs-rules`.
    pub(super) fn set_param(&mut self, change: ParamChange) {
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

    /// Changes the rules from the current position on. Moves already
    /// played stand as they were played (each was legal under the rules in
    /// force then, as with `kgs-rules`); the kept search tree, built and
    /// scored under the old rules, is dropped.
    pub(super) fn set_rules(&mut self, rules: Rules) {
        if rules != self.game.rules() {
            self.game.set_rules(rules);
            self.player.reset();
        }
    }
}

/// One progress line: playouts so far, their rate, the best move, its win
/// rate and the principal variation.
fn progress_line(size: crate::rules::BoardSize, color: Color, r: &SearchResult) -> String {
    let name = |m| crate::rules::point::move_name(size, m);
    let pv: Vec<String> = r.pv.iter().map(|&m| name(m)).collect();
    format!(
        "searching {color}: {} playouts ({:.0}/s, {:.1}s) best {} win {:.3} pv {}",
        r.playouts,
        r.playouts_per_second(),
        r.elapsed.as_secs_f64(),
        name(r.best),
        r.win_rate,
        pv.join(" ")
    )
}

/// Writes one live-graphics block to stderr in a single write, so log
/// lines cannot land inside it; a failure to write is only logged.
fn write_stderr(block: &str) {
    let mut err = io::stderr().lock();
    if let Err(e) = err.write_all(block.as_bytes()).and_then(|_| err.flush()) {
        log::debug!("live graphics not written: {e}");
    }
}
