//! The result of hane's own search as it stands, read from the tree and
//! the root's statistics: the candidates ranked, their values and
//! principal variations, and the ownership mixed from the playouts and
//! the network.

use super::results::{Candidate, SearchResult};
use super::shared::Shared;
use super::tree::{NodeId, Tree, id_move};
use crate::rules::Move;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

/// The PV from `node` following the most visited children.
fn principal_variation(t: &Tree, mut node: NodeId, max: usize) -> Vec<Move> {
    let mut pv = Vec::new();
    while pv.len() < max {
        match t.children(node).max_by_key(|&c| t.node(c).visits()) {
            Some(c) if t.node(c).visits() > 0 => {
                pv.push(id_move(t.node(c).mv()));
                node = c;
            }
            _ => break,
        }
    }
    pv
}

/// The search result as it stands (used for the final answer and for
/// progress reports while workers run).
pub(super) fn result(t: &Tree, sh: &Shared<'_>, start: Instant) -> SearchResult {
    let root = sh.root;
    let legal: Vec<NodeId> = t
        .children(root)
        .filter(|&c| sh.legal_root[t.node(c).mv() as usize])
        .collect();
    let mut candidates: Vec<Candidate> = legal
        .iter()
        .map(|&c| {
            let n = t.node(c);
            let v = n.visits();
            let mut pv = vec![id_move(n.mv())];
            pv.extend(principal_variation(t, c, 29));
            Candidate {
                mv: id_move(n.mv()),
                visits: v,
                win_rate: n.win_rate(),
                prior: sh.root_prior[n.mv() as usize] as f64,
                score_lead: n.mean_score(sh.color),
                score_stdev: sh.root_stats.child_stdev(c),
                pv,
                ownership: sh.root_stats.child_ownership(c),
            }
        })
        .collect();
    candidates.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.win_rate.total_cmp(&a.win_rate))
    });
    let root_node = t.node(root);
    let (best, win_rate) = match candidates.first() {
        Some(c) if c.visits > 0 => (c.mv, c.win_rate),
        Some(c) => (c.mv, 0.5),
        None => (Move::Pass, 1.0 - root_node.win_rate()),
    };
    let pv = candidates
        .first()
        .filter(|c| c.visits > 0)
        .map(|c| c.pv.clone())
        .unwrap_or_default();
    let samples = sh.ownership_samples.load(Relaxed).max(1) as f32;
    SearchResult {
        best,
        win_rate,
        playouts: sh.done.load(Relaxed),
        elapsed: start.elapsed(),
        candidates,
        pv,
        ownership: mixed_ownership(sh, samples),
        score_lead: root_node.mean_score(sh.color),
        score_stdev: sh.root_stats.stdev(),
        root_win_rate: if root_node.visits() > 0 {
            1.0 - root_node.win_rate()
        } else {
            0.5
        },
    }
}

/// The playouts' mean final owner of each point, mixed with the value
/// network's ownership of the root as the simulations' results are
/// mixed with its judgements (`value_mix`).
fn mixed_ownership(sh: &Shared<'_>, samples: f32) -> Vec<f32> {
    let played = sh
        .ownership
        .iter()
        .map(|o| o.load(Relaxed) as f32 / samples);
    match sh.root_owner.get() {
        Some(net) if net.len() == sh.ownership.len() => {
            let mix = sh.params.value_mix as f32;
            played
                .zip(net)
                .map(|(p, n)| (1.0 - mix) * p + mix * n)
                .collect()
        }
        _ => played.collect(),
    }
}
