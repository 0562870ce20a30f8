//! The search's result, as the players and the analyses read it: the
//! root's moves ranked (the confidence bound may put another first), their
//! values, spreads, principal variations and, when asked, ownership maps.

use super::Shared;
use crate::rules::Move;
use crate::search::{Candidate, SearchResult};
use std::sync::atomic::Ordering::Relaxed;

/// The search's result so far.
pub(super) fn result(sh: &Shared<'_>) -> SearchResult {
    let t = sh.lock();
    let owners = sh.owners.lock().unwrap_or_else(|e| e.into_inner());
    let to_prob = |q: f64| ((q + 1.0) / 2.0).clamp(0.0, 1.0);
    let mut ranked: Vec<usize> = t
        .ranked(0)
        .into_iter()
        .filter(|&k| t.node(k).visits > 0)
        .collect();
    // The confidence bound may prefer a move with enough visits.
    if let Some(&most) = ranked.first()
        && sh.params.lcb_stdevs > 0.0
    {
        let floor = 0.15 * t.node(most).visits as f64;
        let bound = |k: usize| t.node(k).lcb(sh.params.lcb_stdevs);
        let pick = ranked
            .iter()
            .copied()
            .filter(|&k| t.node(k).visits as f64 >= floor)
            .max_by(|&a, &b| bound(a).total_cmp(&bound(b)))
            .unwrap_or(most);
        if let Some(pos) = ranked.iter().position(|&k| k == pick) {
            ranked[..=pos].rotate_right(1);
        }
    }
    let candidates: Vec<Candidate> = ranked
        .into_iter()
        .map(|k| {
            let node = t.node(k);
            Candidate {
                mv: node.mv,
                visits: node.visits,
                win_rate: to_prob(node.mean_winloss()),
                prior: f64::from(node.prior),
                score_lead: node.mean_lead(),
                score_stdev: node.lead_stdev(),
                pv: t.pv(k),
                ownership: owners.of_move(k),
            }
        })
        .collect();
    let root = t.node(0);
    let root_win_rate = to_prob(-root.mean_winloss());
    let (best, win_rate) = match candidates.first() {
        Some(c) => (c.mv, c.win_rate),
        None => (Move::Pass, root_win_rate),
    };
    let pv = candidates.first().map(|c| c.pv.clone()).unwrap_or_default();
    let ownership = owners.root();
    SearchResult {
        best,
        win_rate,
        // This search's simulations, as a playout search counts its
        // playouts: a kept tree's visits came before.
        playouts: sh.started.load(Relaxed),
        elapsed: sh.start.elapsed(),
        candidates,
        pv,
        ownership,
        score_lead: -root.mean_lead(),
        score_stdev: root.lead_stdev(),
        root_win_rate,
    }
}
