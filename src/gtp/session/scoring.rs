//! The dead-stone analysis of the current position, computed once per
//! situation, and everything counted from it: `final_score`,
//! `final_status_list`, `hane-score`, `hane-ownership` and
//! `gogui-rules_final_result`.

use super::Session;
use crate::endgame::Statuses;
use crate::gtp::command::Status;
use crate::rules::point::vertex_name;
use crate::rules::{Color, Point, ScoreReport};
use log::info;
use std::sync::Arc;

impl Session {
    /// The dead-stone analysis of the current position: the analyst's,
    /// computed once per position whoever asks.
    pub(super) fn statuses(&self) -> Arc<Statuses> {
        self.analyst
            .statuses(self.game.board(), self.game.to_move())
    }

    /// Both counts with the dead stones removed.
    pub(super) fn settled_score(&self) -> ScoreReport {
        self.statuses().score(&self.game)
    }

    /// `final_score`: the area count after removing dead stones, at any
    /// moment (an unfinished game is counted as it stands).
    pub(super) fn final_score(&mut self) -> String {
        if !self.game.is_over() {
            info!(
                "final_score: the game has not ended with two passes; counting the position as it stands"
            );
        }
        self.settled_score().area.to_string()
    }

    pub(super) fn final_status_list(&mut self, status: Status) -> String {
        let s = self.statuses();
        let pts = match status {
            Status::Alive => s.alive.clone(),
            Status::Dead => s.dead.clone(),
            Status::Seki => s.seki.clone(),
            Status::BlackTerritory => s.territory[Color::Black.index()].clone(),
            Status::WhiteTerritory => s.territory[Color::White.index()].clone(),
            Status::Dame => s.dame.clone(),
        };
        self.vertices(pts.into_iter())
    }

    /// `hane-ownership`, a GoGui `dboard`: one row per line from the top,
    /// Black positive.
    pub(super) fn ownership(&mut self) -> String {
        let n = self.game.size().get();
        let own = self.statuses().ownership.clone();
        let rows: Vec<String> = (0..n)
            .rev()
            .map(|y| {
                (0..n)
                    .map(|x| format!("{:.2}", own[y * n + x]))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        format!("\n{}", rows.join("\n"))
    }

    /// `gogui-rules_final_result`: the result, then its explanation.
    pub(super) fn rules_final_result(&mut self) -> String {
        let result = self.settled_score().area.to_string();
        format!("{result}\n{}", self.score_breakdown())
    }

    /// `hane-score`: the count explained.
    pub(super) fn score_breakdown(&mut self) -> String {
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
        let (dead, seki, benson, proven, playouts) = (
            names(&st.dead),
            names(&st.seki),
            st.proven_alive.len(),
            st.proven.len(),
            st.playouts,
        );
        let estimated = st.alive.len() + st.dead.len() - proven;
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
            "area {}\nterritory {}\nblack stones {} territory {} prisoners {} pass_stones {}\nwhite stones {} territory {} prisoners {} pass_stones {}\ndame {}\nkomi {}\nhandicap {} bonus {} ({bonus_rule})\ndead {dead}\nseki {seki}\nstones proven: {proven} ({benson} pass-alive by Benson), estimated: {estimated} by {playouts} playouts\n{agree}\n{finished}",
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
