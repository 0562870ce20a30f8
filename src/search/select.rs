//! Which child a descent takes: UCT-RAVE urgency from each child's
//! visits, wins, AMAF and priors, with virtual loss for the simulations
//! still in flight below it, among the children progressive widening
//! has opened.

use super::params::{SearchParams, WIDEN_RATE};
use super::tree::{Node, NodeId, PASS, WIN_UNITS};
use super::worker::Shared;
use crate::rules::Color;
use std::sync::atomic::Ordering::Relaxed;

/// Progressive widening (Coulom 2007; Chaslot et al.'s progressive
/// unpruning): a node's children, ordered by their priors when it is
/// expanded, open one by one as its visits grow, so a young node's
/// visits go to the moves the model likes before the AMAF of the others
/// can pull them away. A pass child stays open throughout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Widen {
    base: f32,
    inv_visits: f32,
    /// Children opened per unit of `ln(1 + visits / widen_visits)`.
    per_ln: f32,
}

impl Widen {
    /// The widening `params` ask for; `None` when every child is open.
    pub fn new(params: &SearchParams) -> Option<Widen> {
        (params.widen_base > 0).then(|| Widen {
            base: params.widen_base as f32,
            inv_visits: (1.0 / params.widen_visits) as f32,
            per_ln: (1.0 / WIDEN_RATE.ln()) as f32,
        })
    }

    /// Children open at a node of `visits` visits: `base`, and one more
    /// for each factor of [`WIDEN_RATE`] by which `1 + visits /
    /// widen_visits` has grown.
    #[inline]
    pub fn open(self, visits: u32) -> usize {
        let steps = (1.0 + visits as f32 * self.inv_visits).ln() * self.per_ln;
        (self.base + steps) as usize
    }
}

/// UCT-RAVE urgency of a child, priors and virtual loss included.
///
/// The usual blend `(1-b)*q + b*q_rave` with `b = rv / (rv + v + v*rv/K)`
/// simplifies to `(w*(1 + rv/K) + rw) / (rv + v*(1 + rv/K))`: one division
/// per child instead of three, which matters because every descent scores
/// every child.
#[inline]
fn urgency(sh: &Shared<'_>, n: &Node, log_parent: f32, inv_rave_equiv: f32) -> f32 {
    let (pv, pw) = n.prior();
    let v = (n.visits.load(Relaxed) + n.in_flight.load(Relaxed) + pv).max(1) as f32;
    let w = n.wins.load(Relaxed) as f32 * (1.0 / WIN_UNITS as f32) + pw as f32;
    let (rv, rw) = if sh.blind_captures && n.captures() > 0 {
        (0.0, 0.0)
    } else {
        (
            n.rave_visits.load(Relaxed) as f32,
            n.rave_wins2.load(Relaxed) as f32 * 0.5,
        )
    };
    let (rv, rw) = if sh.criticality > 0.0 && n.visits() as f32 >= sh.criticality_visits {
        with_criticality(n, rv, rw, sh.criticality)
    } else {
        (rv, rw)
    };
    let k = 1.0 + rv * inv_rave_equiv;
    let mut value = (w * k + rw) / (rv + v * k);
    if log_parent > 0.0 {
        value += sh.exploration * (log_parent / v).sqrt();
    }
    value
}

/// The score utility at one node (KataGo's, against the parent's
/// expectation as its dynamic part is): each child's urgency gains
/// `weight` times how much its simulations' mean final margin beats the
/// node's, for the child's mover, per `scale` points and held to plus or
/// minus one. The win rates themselves stay results alone, so what a
/// search reports and the resignation rule do not change; a child with
/// no simulation yet is taken at the node's mean.
#[derive(Clone, Copy, Debug)]
struct ScoreRef {
    /// The node's mean of twice the final score, Black's view.
    parent2: f32,
    /// +1 where Black moves into the children, -1 for White.
    sign: f32,
    weight: f32,
    /// One over twice the scale: turns twice-scores into scales.
    inv_scale2: f32,
}

impl ScoreRef {
    /// The reference at node `n`, whose children `to_move` plays; `None`
    /// when the utility is off or `n` has no simulation yet.
    #[inline]
    fn at(sh: &Shared<'_>, n: &Node, to_move: Color) -> Option<ScoreRef> {
        let visits = n.visits();
        (sh.score_utility > 0.0 && visits > 0).then(|| ScoreRef {
            parent2: n.score2_sum.load(Relaxed) as f32 / visits as f32,
            sign: to_move.relative(1.0),
            weight: sh.score_utility,
            inv_scale2: sh.inv_score_scale2,
        })
    }

    #[inline]
    fn utility(self, child: &Node) -> f32 {
        let visits = child.visits();
        if visits == 0 {
            return 0.0;
        }
        let child2 = child.score2_sum.load(Relaxed) as f32 / visits as f32;
        let gain = self.sign * (child2 - self.parent2) * self.inv_scale2;
        self.weight * gain.clamp(-1.0, 1.0)
    }
}

/// Coulom's criticality, as Pachi adds it to a node's AMAF once the node
/// has enough visits: how much owning the node's point at the end goes
/// with winning, `P(winner owns) - P(own)P(win) - P(not own)P(not win)`
/// over the node's simulations, twice the covariance of owning and
/// winning (between -1/2 and 1/2). A critical point gets `crit * weight`
/// of its AMAF samples again as wins; where owning the point goes with
/// losing, as many are taken away as wins.
pub(super) fn with_criticality(n: &Node, rv: f32, rw: f32, weight: f32) -> (f32, f32) {
    let visits = n.visits().max(1) as f32;
    let win = n.wins.load(Relaxed) as f32 / (WIN_UNITS as f32 * visits);
    let own = n.mover_owns2.load(Relaxed) as f32 / (2.0 * visits);
    let winner_owns = n.winner_owns2.load(Relaxed) as f32 / (2.0 * visits);
    let crit = winner_owns - (own * win + (1.0 - own) * (1.0 - win));
    let extra = crit * rv * weight;
    ((rv + extra).max(0.0), (rw + extra).max(0.0))
}

/// True if the exploration term applies among `n`'s children: it is on,
/// and everywhere or where the side to move at `n` wins less than
/// `explore_below` so far. Below a move the tree takes for a win, the
/// other side's best answer gets nearly every visit while its value
/// falls, and an answer the priors and AMAF rate low (a capture that
/// only works now) may never be tried; the term widens exactly there.
fn explores(sh: &Shared<'_>, n: &Node) -> bool {
    if sh.exploration <= 0.0 {
        return false;
    }
    sh.explore_below >= 1.0 || mover_wins_below(n, sh.explore_below)
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

/// The child of `node`, where `to_move` plays, to descend into: the most
/// urgent (at the root, among the moves legal there); `None` if it has no
/// child to try.
#[inline]
pub(super) fn select(sh: &Shared<'_>, node: NodeId, to_move: Color) -> Option<NodeId> {
    let n = sh.tree.node(node);
    let log_parent = if explores(sh, n) {
        (n.visits().max(1) as f32).ln()
    } else {
        0.0
    };
    let at_root = node == sh.root;
    let inv_rave_equiv = if at_root {
        sh.inv_root_rave_equiv
    } else if mover_wins_below(n, sh.losing_below) {
        sh.inv_losing_rave_equiv
    } else {
        sh.inv_rave_equiv
    };
    let (first, children) = sh.tree.child_nodes(node);
    let open = match sh.widen {
        Some(w) => w.open(n.visits()).min(children.len()),
        None => children.len(),
    };
    let urgency_of = |c: &Node| {
        if at_root && !sh.legal_root[c.mv() as usize] {
            f32::NEG_INFINITY
        } else {
            urgency(sh, c, log_parent, inv_rave_equiv)
        }
    };
    // Two loops, so that without the score utility a descent pays
    // nothing for it.
    match ScoreRef::at(sh, n, to_move) {
        None => most_urgent_open(children, first, open, urgency_of),
        Some(score) => most_urgent_open(children, first, open, |c: &Node| {
            urgency_of(c) + score.utility(c)
        }),
    }
}

/// The most urgent of `children` (the first being node `first`) among
/// the first `open`, or, where widening leaves none of them to try or
/// closes a pass, among the rest.
#[inline]
fn most_urgent_open(
    children: &[Node],
    first: NodeId,
    open: usize,
    urgency_of: impl Fn(&Node) -> f32,
) -> Option<NodeId> {
    let mut best = most_urgent(
        &children[..open],
        first,
        (f32::NEG_INFINITY, None),
        &urgency_of,
    );
    if open < children.len() {
        // Widening never closes a pass (always the last child), nor
        // leaves the root without a legal move.
        let last = children.len() - 1;
        let from = if best.1.is_none() {
            open
        } else if children[last].mv() == PASS {
            last
        } else {
            children.len()
        };
        best = most_urgent(&children[from..], first + from as NodeId, best, &urgency_of);
    }
    best.1
}

/// The most urgent of `children`, the first of them being node `first`,
/// if it beats `best` (its urgency and node).
#[inline]
fn most_urgent(
    children: &[Node],
    first: NodeId,
    mut best: (f32, Option<NodeId>),
    urgency_of: impl Fn(&Node) -> f32,
) -> (f32, Option<NodeId>) {
    for (i, c) in children.iter().enumerate() {
        let u = urgency_of(c);
        if u > best.0 {
            best = (u, Some(first + i as NodeId));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widen(base: u32, visits: f64) -> Widen {
        let params = SearchParams {
            widen_base: base,
            widen_visits: visits,
            ..SearchParams::default()
        };
        Widen::new(&params).expect("widening is on")
    }

    fn node(visits: u32, mean_score: f32) -> Node {
        let n = Node::default();
        n.visits.store(visits, Relaxed);
        n.score2_sum
            .store((2.0 * mean_score * visits as f32) as i64, Relaxed);
        n
    }

    #[test]
    fn the_score_utility_weighs_a_child_s_margin_against_its_parent_s() {
        let score = |parent: f32, sign: f32| ScoreRef {
            parent2: 2.0 * parent,
            sign,
            weight: 0.1,
            inv_scale2: 0.5 / 19.0,
        };
        // Black's child ends 5 points better than the node's mean.
        let child = node(10, 7.0);
        assert!((score(2.0, 1.0).utility(&child) - 0.1 * 5.0 / 19.0).abs() < 1e-6);
        // The same child seen as White's move is 5 points worse for White.
        assert!((score(2.0, -1.0).utility(&child) + 0.1 * 5.0 / 19.0).abs() < 1e-6);
        // Held to the weight, and nothing for a child never visited.
        assert_eq!(score(-40.0, 1.0).utility(&child), 0.1);
        assert_eq!(score(2.0, 1.0).utility(&node(0, 0.0)), 0.0);
    }

    #[test]
    fn widening_is_off_by_default_and_with_base_zero() {
        assert_eq!(Widen::new(&SearchParams::default()), None);
    }

    #[test]
    fn children_open_one_per_factor_of_the_rate() {
        let w = widen(3, 40.0);
        assert_eq!(w.open(0), 3);
        // 1 + v/40 reaches 1.4 at v = 16, 1.96 at v = 38.4.
        assert_eq!(w.open(15), 3);
        assert_eq!(w.open(16), 4);
        assert_eq!(w.open(38), 4);
        assert_eq!(w.open(39), 5);
        // ln(1 + 2500/40) / ln 1.4 = 12.3.
        assert_eq!(w.open(2500), 15);
        let mut last = 0;
        for v in 0..100_000 {
            let open = w.open(v);
            assert!(open >= last, "fewer children open at {v} visits");
            last = open;
        }
    }
}
