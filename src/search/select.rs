//! Which child a descent takes: UCT-RAVE urgency from each child's
//! visits, wins, AMAF and priors, with virtual loss for the simulations
//! still in flight below it.

use super::shared::Shared;
use super::tree::{Node, NodeId, WIN_UNITS};
use std::sync::atomic::Ordering::Relaxed;

/// UCT-RAVE urgency of a child, priors and virtual loss included.
///
/// The usual blend `(1-b)*q + b*q_rave` with `b = rv / (rv + v + v*rv/K)`
/// simplifies to `(w*(1 + rv/K) + rw) / (rv + v*(1 + rv/K))`: one division
/// per child instead of three, which matters because every descent scores
/// every child.
#[inline]
fn urgency(n: &Node, inv_rave_equiv: f32) -> f32 {
    let (pv, pw) = n.prior();
    let v = (n.visits.load(Relaxed) + n.in_flight.load(Relaxed) + pv).max(1) as f32;
    let w = n.wins.load(Relaxed) as f32 * (1.0 / WIN_UNITS as f32) + pw as f32;
    let rv = n.rave_visits.load(Relaxed) as f32;
    let rw = n.rave_wins2.load(Relaxed) as f32 * 0.5;
    let k = 1.0 + rv * inv_rave_equiv;
    (w * k + rw) / (rv + v * k)
}

/// True if the side to move at `n` wins less than `below` so far (never
/// before its first visit, nor with `below` 0).
#[inline]
fn mover_wins_below(n: &Node, below: f32) -> bool {
    if below <= 0.0 {
        return false;
    }
    let visits = n.visits();
    // `n.wins` counts for the side that moved into `n`.
    visits > 0 && 1.0 - n.wins.load(Relaxed) as f32 / (WIN_UNITS as f32 * visits as f32) < below
}

/// The child of `node` to descend into: the most
/// urgent (at the root, among the moves legal there); `None` if it has no
/// child to try.
#[inline]
pub(super) fn select(sh: &Shared<'_>, node: NodeId) -> Option<NodeId> {
    let n = sh.tree.node(node);
    let at_root = node == sh.root;
    // Below the root, where the side to move is losing, its own
    // equivalence (`losing_rave_equiv`).
    let inv_rave_equiv = if !at_root && mover_wins_below(n, sh.losing_below) {
        sh.inv_losing_rave_equiv
    } else {
        sh.inv_rave_equiv
    };
    let (first, children) = sh.tree.child_nodes(node);
    let mut best = (f32::NEG_INFINITY, None);
    for (i, c) in children.iter().enumerate() {
        let u = if at_root && !sh.legal_root[c.mv() as usize] {
            f32::NEG_INFINITY
        } else {
            urgency(c, inv_rave_equiv)
        };
        if u > best.0 {
            best = (u, Some(first + i as NodeId));
        }
    }
    best.1
}
