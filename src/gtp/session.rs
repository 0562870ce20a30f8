//! The GTP session: owns the game, the player and the clock, and gives
//! each command its meaning. One short arm per command, calling into the
//! rules core, the player or the SGF module. Every arm validates first and
//! mutates last, so a command that fails changes nothing.

use super::analyze;
use super::command::{
    COMMANDS, Command, GtpError, HandicapArg, KgsTime, LoadUntil, Status, VertexArg,
};
use super::gogui;
use crate::clock::{Clock, TimeControl};
use crate::config::Config;
use crate::endgame::{self, Statuses};
use crate::knowledge::patterns::Patterns;
use crate::player::{Decision, MoveContext, Player};
use crate::rules::point::{move_name, vertex_name};
use crate::rules::{
    BoardSize, ByColor, Color, Game, HandicapError, HandicapSource, Move, Point, Rules,
    ScoreReport, handicap,
};
use crate::search::{Report, SearchResult};
use crate::sgf;
use crate::sgf_file;
use crate::stop::StopCheck;
use log::{error, info, warn};
use std::io::{self, Write};
use std::time::Instant;

mod gui;

/// The engine's state between commands.
pub struct Session {
    game: Game,
    player: Box<dyn Player>,
    clock: Clock,
    /// Seed for the dead-stone estimate.
    seed: u64,
    /// Playouts for the dead-stone estimate (`None`: by board size).
    status_playouts: Option<u32>,
    patterns: Patterns,
    /// The last dead-stone analysis and the situation it belongs to.
    statuses: Option<(u64, Statuses)>,
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
    /// A new session: empty board of the configured size, rules and komi.
    pub fn new(config: &Config, player: Box<dyn Player>) -> Session {
        let size = BoardSize::new(config.size).unwrap_or(BoardSize::NINETEEN);
        Session {
            game: Game::new(size, config.rules, config.komi),
            player,
            clock: Clock::default(),
            seed: config.seed,
            status_playouts: config.status_playouts,
            patterns: Patterns::new(),
            statuses: None,
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

    /// The dead-stone analysis of the current position, computed once per
    /// situation and cached: final_score, final_status_list and hane-score
    /// all read this one result.
    fn statuses(&mut self) -> &Statuses {
        let board = self.game.board();
        let key = crate::rules::game::situation_key(board, self.game.to_move())
            ^ board.size().get() as u64;
        if self.statuses.as_ref().is_none_or(|(k, _)| *k != key) {
            let playouts = self
                .status_playouts
                .unwrap_or_else(|| endgame::default_playouts(board.size().area()));
            let s = endgame::analyse(
                board,
                self.game.to_move(),
                &self.patterns,
                playouts,
                self.seed,
            );
            self.statuses = Some((key, s));
        }
        &self.statuses.as_ref().expect("just computed").1
    }

    /// Both counts with the dead stones removed.
    fn settled_score(&mut self) -> ScoreReport {
        let board = self.game.board().clone();
        let s = self.statuses();
        let dead = ByColor {
            black: s.dead_of(&board, Color::Black) as u32,
            white: s.dead_of(&board, Color::White) as u32,
        };
        let settled = s.settled.clone();
        self.game.score_board(&settled, dead)
    }

    /// The current game (read-only).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    fn to_move_arg(&self, v: VertexArg) -> Result<Move, GtpError> {
        match v {
            VertexArg::Pass => Ok(Move::Pass),
            VertexArg::At(x, y) => self
                .game
                .size()
                .point(x, y)
                .map(Move::Play)
                .ok_or(GtpError::IllegalMove),
        }
    }

    fn vertices(&self, pts: impl Iterator<Item = Point>) -> String {
        let size = self.game.size();
        pts.map(|p| vertex_name(size, p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Executes one command and returns the answer text.
    ///
    /// # Errors
    /// The GTP failure; the session is then unchanged.
    pub fn execute(&mut self, cmd: Command, stop: StopCheck<'_>) -> Result<String, GtpError> {
        let ok = |s: &str| Ok(s.to_string());
        match cmd {
            Command::ProtocolVersion => ok("2"),
            Command::Name => ok("hane"),
            Command::Version => ok(env!("CARGO_PKG_VERSION")),
            Command::KnownCommand(name) => ok(if COMMANDS.contains(&name.as_str()) {
                "true"
            } else {
                "false"
            }),
            Command::ListCommands => Ok(COMMANDS.join("\n")),
            Command::Quit => ok(""),
            Command::Boardsize(n) => {
                let size = BoardSize::new(n).ok_or(GtpError::UnacceptableSize)?;
                self.game = Game::new(size, self.game.rules(), self.game.komi());
                self.player.reset();
                ok("")
            }
            Command::ClearBoard => {
                self.game.clear();
                self.player.reset();
                // A new game starts with the whole time again.
                self.clock = Clock::new(self.clock.control);
                ok("")
            }
            Command::Komi(k) => {
                self.game.set_komi(k);
                ok("")
            }
            Command::Play(c, v) => {
                let mv = self.to_move_arg(v)?;
                self.game.play(c, mv).map_err(|e| {
                    warn!("play {} {}: {e}", c, move_name(self.game.size(), mv));
                    GtpError::IllegalMove
                })?;
                ok("")
            }
            Command::Genmove(c) => self.genmove(c, stop, true, false),
            Command::GenmoveCleanup(c) => self.genmove(c, stop, true, true),
            Command::RegGenmove(c) => self.genmove(c, stop, false, false),
            Command::Undo => {
                self.game.undo().map_err(|_| GtpError::CannotUndo)?;
                ok("")
            }
            Command::Showboard => Ok(self.showboard()),
            Command::FixedHandicap(n) => {
                let pts =
                    handicap::fixed_points(self.game.size(), n).ok_or(GtpError::InvalidHandicap)?;
                self.place_handicap(&pts)
            }
            Command::PlaceFreeHandicap(n) => {
                if n < 2 || n as usize >= self.game.size().area() {
                    return Err(GtpError::InvalidHandicap);
                }
                if !self.game.moves().is_empty()
                    || self.game.board().empty_count() != self.game.size().area()
                {
                    return Err(GtpError::BoardNotEmpty);
                }
                let pts = crate::player::handicap::choose(
                    self.game.size(),
                    self.game.rules(),
                    self.game.komi(),
                    n,
                    &self.patterns,
                    self.seed,
                );
                self.place_handicap(&pts)
            }
            Command::SetFreeHandicap(list) => {
                let size = self.game.size();
                let pts = list
                    .iter()
                    .map(|v| match v {
                        VertexArg::At(x, y) => size.point(*x, *y).ok_or(GtpError::BadVertexList),
                        VertexArg::Pass => Err(GtpError::BadVertexList),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                // A list of the wrong length is a bad list here, not a bad count.
                self.place_handicap(&pts)
                    .map(|_| String::new())
                    .map_err(|e| match e {
                        GtpError::InvalidHandicap => GtpError::BadVertexList,
                        other => other,
                    })
            }
            Command::FinalScore => {
                if !self.game.is_over() {
                    info!(
                        "final_score: the game has not ended with two passes; counting the position as it stands"
                    );
                }
                Ok(self.settled_score().area.to_string())
            }
            Command::FinalStatusList(status) => {
                let s = self.statuses();
                let pts = match status {
                    Status::Alive => s.alive.clone(),
                    Status::Dead => s.dead.clone(),
                    Status::Seki => s.seki.clone(),
                    Status::BlackTerritory => s.territory[Color::Black.index()].clone(),
                    Status::WhiteTerritory => s.territory[Color::White.index()].clone(),
                    Status::Dame => s.dame.clone(),
                };
                Ok(self.vertices(pts.into_iter()))
            }
            Command::TimeSettings(main, period, stones) => {
                self.clock = Clock::from_gtp(main, period, stones);
                ok("")
            }
            Command::TimeLeft(c, seconds, stones) => {
                self.clock.set_left(c, seconds, stones);
                ok("")
            }
            Command::KgsTimeSettings(t) => {
                self.clock = Clock::new(match t {
                    KgsTime::None => TimeControl::Unlimited,
                    KgsTime::Absolute(main) => TimeControl::Absolute { main },
                    KgsTime::ByoYomi(main, period, periods) => TimeControl::ByoYomi {
                        main,
                        period,
                        periods,
                    },
                    KgsTime::Canadian(main, period, stones) => TimeControl::Canadian {
                        main,
                        period,
                        stones,
                    },
                });
                ok("")
            }
            Command::KgsRules(name) | Command::KataSetRules(name) => {
                let rules: Rules =
                    name.parse()
                        .map_err(|e: crate::rules::ruleset::UnknownRules| {
                            GtpError::Other(e.to_string())
                        })?;
                self.set_rules(rules);
                ok("")
            }
            Command::Cputime => Ok(format!("{:.3}", cpu_seconds())),
            Command::IsLegal(c, v) => {
                let legal = self
                    .to_move_arg(v)
                    .is_ok_and(|mv| self.game.is_legal(c, mv));
                ok(if legal { "1" } else { "0" })
            }
            Command::ListStones(c) => Ok(self.vertices(self.game.board().stones(c))),
            Command::Captures(c) => Ok(self.game.board().prisoners(c).to_string()),
            Command::LoadSgf(path, until) => self.loadsgf(&path, until),
            Command::PrintSgf(path) => {
                // A finished game gets its result and territories, from the
                // same analysis final_score uses.
                let text = if self.game.is_over() {
                    let result = self.settled_score().area.to_string();
                    let [black, white] = self.statuses().territory.clone();
                    sgf::write(&self.game, Some(&result), Some([&black, &white]))
                } else {
                    sgf::write(&self.game, None, None)
                };
                match path {
                    None => Ok(text),
                    // Only onto a regular file: a FIFO or device could block.
                    Some(p) => sgf_file::write(&p, &(text + "\n"))
                        .map(|_| String::new())
                        .map_err(GtpError::Other),
                }
            }
            Command::GoguiInterrupt => ok(""),
            Command::Handicap(arg) => {
                match arg {
                    HandicapArg::Show => {}
                    HandicapArg::Set(n) => self.game.set_handicap_override(Some(n)),
                    HandicapArg::Auto => self.game.set_handicap_override(None),
                }
                let (n, source) = self.game.handicap();
                let from = match source {
                    HandicapSource::Placed => "placed",
                    HandicapSource::LeadingBlackMoves => "leading black moves",
                    HandicapSource::Override => "set",
                    HandicapSource::None => "none",
                };
                Ok(format!("{n} ({from})"))
            }
            Command::Score => Ok(self.score_breakdown()),
            Command::Ownership => {
                let n = self.game.size().get();
                let own = self.statuses().ownership.clone();
                // GoGui dboard: one row per line from the top, Black positive.
                let rows: Vec<String> = (0..n)
                    .rev()
                    .map(|y| {
                        (0..n)
                            .map(|x| format!("{:.2}", own[y * n + x]))
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect();
                Ok(format!("\n{}", rows.join("\n")))
            }
            Command::GoguiAnalyzeCommands => Ok(gogui::ANALYZE_COMMANDS.join("\n")),
            Command::BestMovesGfx(c) => {
                let color = c.unwrap_or_else(|| self.game.to_move());
                let r = self.display_search(color, stop)?;
                Ok(gogui::best_moves(self.game.size(), color, &r))
            }
            Command::PvGfx(c) => {
                let color = c.unwrap_or_else(|| self.game.to_move());
                let r = self.display_search(color, stop)?;
                Ok(gogui::principal_variation(self.game.size(), color, &r))
            }
            Command::Params(None) => Ok(gogui::param_lines(&self.config, self.game.rules())),
            Command::Params(Some((key, value))) => {
                let change = gogui::parse_param(&key, &value)?;
                self.set_param(change);
                ok("")
            }
            Command::RulesLegalMoves => {
                // Situational superko and the suicide rule applied; a pass
                // is always legal.
                let legal = self.game.legal_moves(self.game.to_move());
                let mut text = self.vertices(legal.into_iter());
                text.push_str(if text.is_empty() { "pass" } else { " pass" });
                Ok(text)
            }
            Command::RulesFinalResult => {
                let result = self.settled_score().area.to_string();
                Ok(format!("{result}\n{}", self.score_breakdown()))
            }
            Command::Analyze(..) | Command::GenmoveAnalyze(..) => Err(GtpError::Other(
                "this command streams its answer; run it through gtp::serve".into(),
            )),
        }
    }

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
        let mut failed: Option<io::Error> = None;
        let mut callback = |r: &SearchResult| {
            if failed.is_some() || !r.candidates.iter().any(|c| c.visits > 0) {
                return;
            }
            let line = analyze::info_line(dialect, size, color, &args, r);
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

    fn genmove(
        &mut self,
        color: Color,
        stop: StopCheck<'_>,
        play: bool,
        cleanup: bool,
    ) -> Result<String, GtpError> {
        let started = Instant::now();
        let decision = self.choose_move(color, stop, cleanup);
        match decision {
            Decision::Play(mv) if !play => Ok(move_name(self.game.size(), mv)),
            _ => Ok(self.apply(color, decision, started)),
        }
    }

    /// Plays the player's decision, charges the thinking time since
    /// `started` to `color`'s clock, and returns the GTP answer for it; the
    /// opponent's turn is then worth pondering.
    fn apply(&mut self, color: Color, decision: Decision, started: Instant) -> String {
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

    fn place_handicap(&mut self, pts: &[Point]) -> Result<String, GtpError> {
        self.game.place_handicap(pts).map_err(|e| match e {
            HandicapError::BoardNotEmpty => GtpError::BoardNotEmpty,
            HandicapError::InvalidCount => GtpError::InvalidHandicap,
            HandicapError::BadPoints => GtpError::BadVertexList,
        })?;
        self.player.reset();
        Ok(self.vertices(pts.iter().copied()))
    }

    fn loadsgf(&mut self, path: &str, until: Option<LoadUntil>) -> Result<String, GtpError> {
        let fail = |msg: String| GtpError::Other(msg);
        // Regular files only (a FIFO or device would block), size-capped.
        let bytes = sgf_file::read(path).map_err(fail)?;
        let text = String::from_utf8_lossy(&bytes);
        let stop = match until {
            None => sgf::Stop::End,
            Some(LoadUntil::MoveNumber(n)) => sgf::Stop::BeforeMove(n),
            Some(LoadUntil::Vertex(x, y)) => sgf::Stop::BeforePoint(x, y),
        };
        let game = sgf::load(&text, self.game.rules(), self.game.komi(), stop)
            .map_err(|e| fail(e.to_string()))?;
        self.game = game;
        self.player.reset();
        Ok(self.game.to_move().name().to_string())
    }

    fn showboard(&self) -> String {
        let b = self.game.board();
        let mut out = String::from("\n");
        out.push_str(&crate::rules::diagram::render(b));
        out.push_str(&format!(
            "\nBlack (X) has captured {} stones\nWhite (O) has captured {} stones\n{} to move, rules {}, komi {}",
            b.prisoners(Color::Black),
            b.prisoners(Color::White),
            self.game.to_move(),
            self.game.rules(),
            self.game.komi()
        ));
        out
    }

    fn score_breakdown(&mut self) -> String {
        let s = self.settled_score();
        let board = self.game.board().clone();
        let size = board.size();
        let names = |pts: &[Point]| {
            if pts.is_empty() {
                "none".to_string()
            } else {
                pts.iter()
                    .map(|&p| vertex_name(size, p))
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        };
        let st = self.statuses();
        let (dead, seki, proven, playouts) = (
            names(&st.dead),
            names(&st.seki),
            st.proven_alive.len(),
            st.playouts,
        );
        let estimated = st.alive.len() - proven;
        let c = &s.count;
        let bonus_rule = match self.game.rules().handicap_bonus {
            crate::rules::ruleset::HandicapBonus::Zero => "none under these rules",
            crate::rules::ruleset::HandicapBonus::PerStoneAfterFirst => {
                "handicap-1 to White (AGA rule 4)"
            }
        };
        let agree = if s.area == s.territory {
            "area and territory counts agree"
        } else {
            "area and territory counts differ (they agree under AGA when both sides made the same number of moves, White last)"
        };
        let finished = if self.game.is_over() {
            "game over (two passes)"
        } else {
            "game not over: counting the position as it stands"
        };
        format!(
            "area {}\nterritory {}\nblack stones {} territory {} prisoners {} pass_stones {}\nwhite stones {} territory {} prisoners {} pass_stones {}\ndame {}\nkomi {}\nhandicap {} bonus {} ({bonus_rule})\ndead {dead}\nseki {seki}\nalive stones: {proven} proven (Benson), {estimated} by {playouts} playouts\n{agree}\n{finished}",
            s.area,
            s.territory,
            c.stones.black,
            c.territory.black,
            s.prisoners.black,
            s.pass_stones.black,
            c.stones.white,
            c.territory.white,
            s.prisoners.white,
            s.pass_stones.white,
            c.dame,
            s.komi,
            s.handicap,
            s.handicap_bonus,
        )
    }
}

/// CPU seconds used by the whole process (all threads).
fn cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        // SAFETY: getrusage only writes into the struct we pass.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } == 0 {
            let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
            return tv(usage.ru_utime) + tv(usage.ru_stime);
        }
    }
    0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ownership_is_a_board_of_numbers_from_the_top() {
        let config = Config {
            size: 5,
            status_playouts: Some(50),
            ..Config::default()
        };
        let mut s = Session::new(&config, config.make_player());
        // Black walls off the top two rows, White the bottom two.
        for x in 0..5 {
            s.execute(
                Command::Play(Color::Black, VertexArg::At(x, 3)),
                StopCheck::NEVER,
            )
            .unwrap();
            s.execute(
                Command::Play(Color::White, VertexArg::At(x, 1)),
                StopCheck::NEVER,
            )
            .unwrap();
        }
        let text = s.execute(Command::Ownership, StopCheck::NEVER).unwrap();
        let rows: Vec<Vec<f32>> = text
            .trim()
            .lines()
            .map(|l| l.split(' ').map(|v| v.parse().unwrap()).collect())
            .collect();
        assert_eq!(rows.len(), 5);
        assert!(
            rows.iter()
                .all(|r| r.len() == 5 && r.iter().all(|v| (-1.0..=1.0).contains(v)))
        );
        // The first row printed is the top one (Black's), the last White's.
        assert!(rows[0].iter().all(|&v| v > 0.5), "{text}");
        assert!(rows[4].iter().all(|&v| v < -0.5), "{text}");
    }
}
