//! hane's own move: `genmove`, `reg_genmove` and `kgs-genmove_cleanup`.
//!
//! The path of one move: [`Session::genmove`] asks the player for a
//! [`Decision`] given `&Game` and the clock (with a progress report
//! attached when GoGui's live graphics or `-v` want one), then
//! [`Session::apply`] charges the time, plays the move on the game and
//! names it for the answer.

use super::{Session, gui};
use crate::config::LiveGfx;
use crate::player::{Decision, MoveContext};
use crate::rules::point::move_name;
use crate::rules::{BoardSize, Color, Move};
use crate::search::{Report, SearchResult};
use crate::stop::StopCheck;
use log::error;
use std::time::{Duration, Instant};

/// Time between search progress lines on stderr during genmove (`-v`).
const PROGRESS_INTERVAL: Duration = Duration::from_secs(1);

impl Session {
    /// Chooses a move for `color` and, if `play`, plays it; answers the
    /// move's name (`resign` included). `cleanup`: capture dead stones
    /// before passing.
    pub(super) fn genmove(
        &mut self,
        color: Color,
        stop: StopCheck<'_>,
        play: bool,
        cleanup: bool,
    ) -> String {
        let started = Instant::now();
        let decision = self.choose_move(color, stop, cleanup);
        match decision {
            Decision::Play(mv) if !play => move_name(self.game.size(), mv),
            _ => self.apply(color, decision, started),
        }
    }

    /// The player's move for `color`. With live graphics on, the search
    /// is drawn on GoGui's board as it runs; with `-v`, a progress line
    /// goes to stderr every second.
    fn choose_move(&mut self, color: Color, stop: StopCheck<'_>, cleanup: bool) -> Decision {
        let ctx = MoveContext {
            clock: &self.clock,
            stop,
            cleanup,
            analyst: &self.analyst,
        };
        if !self.player.can_analyze() {
            return self.player.genmove(&self.game, color, &ctx);
        }
        let size = self.game.size();
        let mode = self.config.live_gfx;
        if mode != LiveGfx::Off {
            let mut draw = |r: &SearchResult| gui::draw_live(mode, size, color, r);
            let report = Report {
                interval: gui::LIVE_GFX_INTERVAL,
                callback: &mut draw,
            };
            let d = self
                .player
                .genmove_reporting(&self.game, color, &ctx, Some(report));
            gui::clear_live();
            d
        } else if log::log_enabled!(log::Level::Debug) {
            // A progress line every second of a long search; the result
            // line itself is the player's `info` line.
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

    /// Plays the player's decision, charges the thinking time since
    /// `started` to `color`'s clock, and returns the GTP answer for it; the
    /// opponent's turn is then worth pondering.
    pub(super) fn apply(&mut self, color: Color, decision: Decision, started: Instant) -> String {
        self.clock.charge(color, started.elapsed().as_secs_f64());
        let size = self.game.size();
        if decision != Decision::Resign {
            self.ponder_for = Some(color.opponent());
        }
        match decision {
            Decision::Resign => "resign".to_string(),
            Decision::Play(mv) => match self.game.play(color, mv) {
                Ok(()) => move_name(size, mv),
                Err(e) => {
                    // A bug in the player, never the controller's fault:
                    // keep the game legal and say so loudly.
                    error!(
                        "player proposed illegal {} {}: {e}; passing",
                        color,
                        move_name(size, mv)
                    );
                    self.game
                        .play(color, Move::Pass)
                        .expect("a pass is always legal");
                    "pass".to_string()
                }
            },
        }
    }
}

/// One progress line: playouts so far, their rate, the best move, its win
/// rate and the principal variation.
fn progress_line(size: BoardSize, color: Color, r: &SearchResult) -> String {
    let name = |m| move_name(size, m);
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
