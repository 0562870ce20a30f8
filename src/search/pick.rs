//! Which root move a search plays: the most visited one by default, or,
//! with `final_lcb`, the one whose win rate is surest to be high among
//! the well-visited ones (Leela Zero's and KataGo's lower confidence
//! bound), which keeps a move that caught up late in the search from
//! losing to one that piled up visits before its value fell.

use super::Candidate;

impl Candidate {
    /// Its win rate less `z` standard errors (normal approximation; no
    /// visits count as one).
    pub fn lower_bound(&self, z: f64) -> f64 {
        let n = self.visits.max(1) as f64;
        let p = self.win_rate;
        (p - z * (p * (1.0 - p) / n).sqrt()).clamp(0.0, 1.0)
    }
}

/// With `z > 0`, moves to the front of `candidates` (sorted by visits)
/// the one with the highest [`Candidate::lower_bound`] among those with
/// at least a tenth of the top visits; the others keep their order.
pub(super) fn by_lower_bound(candidates: &mut [Candidate], z: f64) {
    let top = candidates.first().map_or(0, |c| c.visits);
    if z <= 0.0 || top == 0 {
        return;
    }
    let mut best = 0;
    for (i, c) in candidates.iter().enumerate() {
        if c.visits.saturating_mul(10) >= top && c.lower_bound(z) > candidates[best].lower_bound(z)
        {
            best = i;
        }
    }
    candidates[..=best].rotate_right(1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Point};

    fn cand(i: u16, visits: u32, win_rate: f64) -> Candidate {
        Candidate {
            mv: Move::Play(Point(i)),
            visits,
            win_rate,
            prior: 0.0,
            score_lead: 0.0,
            score_stdev: 0.0,
            ownership: Vec::new(),
            pv: Vec::new(),
        }
    }

    fn order(c: &[Candidate]) -> Vec<Move> {
        c.iter().map(|c| c.mv).collect()
    }

    #[test]
    fn the_bound_shrinks_with_visits() {
        let few = cand(1, 100, 0.6).lower_bound(2.0);
        let many = cand(1, 10_000, 0.6).lower_bound(2.0);
        assert!((few - (0.6 - 2.0 * 0.049)).abs() < 1e-3, "{few}");
        assert!(few < many && many < 0.6);
        assert_eq!(cand(1, 0, 1.0).lower_bound(2.0), 1.0);
    }

    #[test]
    fn a_clearly_better_move_with_fewer_visits_is_played() {
        // The search's own case: 1,682 visits at 0.584 beside 639 at 0.649.
        let mut c = vec![cand(1, 1682, 0.584), cand(2, 639, 0.649), cand(3, 50, 0.9)];
        by_lower_bound(&mut c, 2.0);
        let m = |i| Move::Play(Point(i));
        // The 50-visit move is under a tenth of the top and stays out.
        assert_eq!(order(&c), vec![m(2), m(1), m(3)]);
    }

    #[test]
    fn off_or_close_keeps_the_most_visited() {
        let start = vec![cand(1, 1000, 0.55), cand(2, 400, 0.56), cand(3, 10, 0.99)];
        let mut c = start.clone();
        by_lower_bound(&mut c, 0.0);
        assert_eq!(order(&c), order(&start));
        // A hundredth better on 400 visits is inside the noise.
        by_lower_bound(&mut c, 2.0);
        assert_eq!(order(&c), order(&start));
        let mut none: Vec<Candidate> = Vec::new();
        by_lower_bound(&mut none, 2.0);
    }
}
