//! What a search is asked and what it answers: its limits, its result
//! (the root's candidates, values, ownership) and the progress reports
//! it makes on the way.

use crate::rules::Move;
use crate::stop::StopCheck;
use std::time::Duration;

/// When to stop searching.
#[derive(Clone, Copy, Debug)]
pub struct SearchLimits<'a> {
    /// Run exactly this many playouts (unless interrupted).
    pub playouts: Option<u64>,
    /// Stop after this long; the search may stop earlier once the best
    /// move cannot change.
    pub time: Option<Duration>,
    /// External interrupt.
    pub stop: StopCheck<'a>,
}

/// One root candidate.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// Simulations through it.
    pub visits: u32,
    /// Its win rate for the searching colour.
    pub win_rate: f64,
    /// Share of the root's prior knowledge given to this move (0..1).
    pub prior: f64,
    /// Mean final area score of its playouts for the searching colour.
    pub score_lead: f64,
    /// Standard deviation of the final area scores of this search's
    /// playouts through the move (points).
    pub score_stdev: f64,
    /// Principal variation starting with this move.
    pub pv: Vec<Move>,
    /// The move's mean final owner of each point (+1 Black, -1 White, row
    /// by row from A1) when the search was asked for it
    /// ([`RootOptions::move_ownership`]); empty otherwise.
    pub ownership: Vec<f32>,
}

impl Candidate {
    /// Its win rate less `z` standard errors (normal approximation; no
    /// visits count as one): the lower confidence bound the analysis
    /// reports (`lcb`).
    pub fn lower_bound(&self, z: f64) -> f64 {
        let n = self.visits.max(1) as f64;
        let p = self.win_rate;
        (p - z * (p * (1.0 - p) / n).sqrt()).clamp(0.0, 1.0)
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play: the most visited legal move, or a pass when
    /// nothing is worth playing.
    pub best: Move,
    /// Win rate of `best` for the searching colour (root value for a pass).
    pub win_rate: f64,
    /// Playouts run by this search.
    pub playouts: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// Root candidates, most visited first.
    pub candidates: Vec<Candidate>,
    /// Principal variation from the root.
    pub pv: Vec<Move>,
    /// Per point of the board (row by row from A1), the average final
    /// owner in the playouts: +1 Black, -1 White.
    pub ownership: Vec<f32>,
    /// Mean final area score of all playouts for the searching colour.
    pub score_lead: f64,
    /// Standard deviation of the final area scores of this search's
    /// playouts (points).
    pub score_stdev: f64,
    /// The root's win rate for the searching colour: the mean over all
    /// its simulations, where `win_rate` is the best move's (0.5 before
    /// any).
    pub root_win_rate: f64,
}

impl SearchResult {
    /// Playouts per second of wall time so far (0 before any time passed).
    pub fn playouts_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.playouts as f64 / secs
        } else {
            0.0
        }
    }
}

/// A progress callback: called about every `interval` on the thread that
/// started the search, with the result so far.
pub struct Report<'a> {
    /// Time between calls.
    pub interval: Duration,
    /// The callback.
    pub callback: &'a mut dyn FnMut(&SearchResult),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Point;

    fn cand(visits: u32, win_rate: f64) -> Candidate {
        Candidate {
            mv: Move::Play(Point(1)),
            visits,
            win_rate,
            prior: 0.0,
            score_lead: 0.0,
            score_stdev: 0.0,
            ownership: Vec::new(),
            pv: Vec::new(),
        }
    }

    #[test]
    fn the_bound_shrinks_with_visits() {
        let few = cand(100, 0.6).lower_bound(2.0);
        let many = cand(10_000, 0.6).lower_bound(2.0);
        assert!((few - (0.6 - 2.0 * 0.049)).abs() < 1e-3, "{few}");
        assert!(few < many && many < 0.6);
        assert_eq!(cand(0, 1.0).lower_bound(2.0), 1.0);
    }
}
