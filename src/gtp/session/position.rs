//! Commands that set up or change the game: board size, komi, moves,
//! undo, handicap stones and count, rules, and time controls.

use super::Session;
use crate::clock::{Clock, TimeControl};
use crate::gtp::args::VertexArg;
use crate::gtp::command::{HandicapArg, KgsTime};
use crate::gtp::error::GtpError;
use crate::rules::point::move_name;
use crate::rules::{
    BoardSize, Color, Game, HandicapError, HandicapSource, Move, Point, Rules, handicap,
};
use log::warn;

impl Session {
    /// A vertex argument as a move on the current board.
    pub(super) fn to_move_arg(&self, v: VertexArg) -> Result<Move, GtpError> {
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

    pub(super) fn boardsize(&mut self, n: u32) -> Result<String, GtpError> {
        let size = BoardSize::new(n).ok_or(GtpError::UnacceptableSize)?;
        self.game = Game::new(size, self.game.rules(), self.game.komi());
        self.player.reset();
        Ok(String::new())
    }

    pub(super) fn clear_board(&mut self) -> String {
        self.game.clear();
        self.player.reset();
        // A new game starts with the whole time again.
        self.clock = Clock::new(self.clock.control);
        String::new()
    }

    pub(super) fn komi(&mut self, komi: f64) -> String {
        self.game.set_komi(komi);
        String::new()
    }

    pub(super) fn play(&mut self, c: Color, v: VertexArg) -> Result<String, GtpError> {
        let mv = self.to_move_arg(v)?;
        self.game.play(c, mv).map_err(|e| {
            warn!("play {} {}: {e}", c, move_name(self.game.size(), mv));
            GtpError::IllegalMove
        })?;
        Ok(String::new())
    }

    pub(super) fn undo(&mut self) -> Result<String, GtpError> {
        self.game.undo().map_err(|_| GtpError::CannotUndo)?;
        Ok(String::new())
    }

    pub(super) fn fixed_handicap(&mut self, n: u32) -> Result<String, GtpError> {
        let pts = handicap::fixed_points(self.game.size(), n).ok_or(GtpError::InvalidHandicap)?;
        self.place_handicap(&pts)
    }

    pub(super) fn place_free_handicap(&mut self, n: u32) -> Result<String, GtpError> {
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
            &self.model,
            self.seed,
        );
        self.place_handicap(&pts)
    }

    pub(super) fn set_free_handicap(&mut self, list: &[VertexArg]) -> Result<String, GtpError> {
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

    fn place_handicap(&mut self, pts: &[Point]) -> Result<String, GtpError> {
        self.game.place_handicap(pts).map_err(|e| match e {
            HandicapError::BoardNotEmpty => GtpError::BoardNotEmpty,
            HandicapError::InvalidCount => GtpError::InvalidHandicap,
            HandicapError::BadPoints => GtpError::BadVertexList,
        })?;
        self.player.reset();
        Ok(self.vertices(pts.iter().copied()))
    }

    /// `hane-handicap`: shows, forces or resets the count used in scoring.
    pub(super) fn handicap(&mut self, arg: HandicapArg) -> String {
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
        format!("{n} ({from})")
    }

    /// `kgs-rules` and `kata-set-rules`.
    pub(super) fn rules(&mut self, name: &str) -> Result<String, GtpError> {
        let rules: Rules = name
            .parse()
            .map_err(|e: crate::rules::ruleset::UnknownRules| GtpError::Other(e.to_string()))?;
        self.set_rules(rules);
        Ok(String::new())
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

    pub(super) fn time_settings(&mut self, main: f64, period: f64, stones: u32) -> String {
        self.clock = Clock::from_gtp(main, period, stones);
        String::new()
    }

    pub(super) fn time_left(&mut self, c: Color, seconds: f64, stones: u32) -> String {
        self.clock.set_left(c, seconds, stones);
        String::new()
    }

    pub(super) fn kgs_time_settings(&mut self, t: KgsTime) -> String {
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
        String::new()
    }
}
