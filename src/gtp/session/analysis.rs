//! The streaming analysis commands of Leela Zero and KataGo
//! (`lz-analyze`, `kata-analyze` and their `genmove_analyze` forms), which
//! write their answer line by line while the search runs.

use super::Session;
use crate::gtp::analyze;
use crate::gtp::command::Command;
use crate::player::MoveContext;
use crate::search::{Report, SearchResult};
use crate::stop::StopCheck;
use std::io::{self, Write};
use std::time::Instant;

impl Session {
    /// Runs a streaming command (see [`Command::streams`]), writing the
    /// whole response itself: `=id` on its own line, one `info` line per
    /// interval, for genmove_analyze a final `play <move>` line, then the
    /// empty line. Analysis runs until `new_input` fires (any new line from
    /// the controller); genmove_analyze until its budget or `interrupt`.
    ///
    /// # Errors
    /// Only failures to write to `out`.
    pub fn stream(
        &mut self,
        cmd: Command,
        id: Option<&str>,
        interrupt: StopCheck<'_>,
        new_input: StopCheck<'_>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let id = id.unwrap_or("");
        let (dialect, args, genmove) = match cmd {
            Command::Analyze(d, a) => (d, a, false),
            Command::GenmoveAnalyze(d, a) => (d, a, true),
            _ => return Ok(()),
        };
        if !self.player.can_analyze() {
            return write!(
                out,
                "?{id} analysis needs the MCTS player (--player mcts)\n\n"
            )
            .and_then(|_| out.flush());
        }
        let color = args.color.unwrap_or_else(|| self.game.to_move());
        writeln!(out, "={id} ")?;
        out.flush()?;
        let size = self.game.size();
        // Ownership asked for: what the dead-stone proofs settled overrides
        // the search's averages (the same statuses final_score uses).
        let proven: Vec<(usize, f32)> = if args.ownership {
            self.statuses().proven_owners().collect()
        } else {
            Vec::new()
        };
        let mut failed: Option<io::Error> = None;
        let mut callback = |r: &SearchResult| {
            if failed.is_some() || !r.candidates.iter().any(|c| c.visits > 0) {
                return;
            }
            let line = if proven.is_empty() {
                analyze::info_line(dialect, size, color, &args, r)
            } else {
                let mut r = r.clone();
                for &(i, owner) in &proven {
                    if let Some(v) = r.ownership.get_mut(i) {
                        *v = owner;
                    }
                }
                analyze::info_line(dialect, size, color, &args, &r)
            };
            if let Err(e) = writeln!(out, "{line}").and_then(|_| out.flush()) {
                failed = Some(e);
            }
        };
        let report = Report {
            interval: args.interval,
            callback: &mut callback,
        };
        if genmove {
            let ctx = MoveContext {
                clock: &self.clock,
                stop: interrupt,
                cleanup: false,
                analyst: &self.analyst,
            };
            let started = Instant::now();
            let decision = self
                .player
                .genmove_reporting(&self.game, color, &ctx, Some(report));
            let answer = self.apply(color, decision, started);
            if let Some(e) = failed {
                return Err(e);
            }
            write!(out, "play {answer}\n\n")?;
        } else {
            self.player.analyze(&self.game, color, new_input, report);
            if let Some(e) = failed {
                return Err(e);
            }
            writeln!(out)?;
        }
        out.flush()
    }
}
