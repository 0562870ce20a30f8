//! A node's children and their priors: at the root every move the rules
//! allow, below it every move the playouts would play, each rated by the
//! move-prediction model with the search's own adjustments (ownership so
//! far, the distance power) and corrected by the policy network, if the
//! search has one: at once, or, with `net_visits`, once the node has that
//! many visits ([`refine`]), since most nodes never get many and the
//! network costs more than the rest of an expansion.

use super::playout;
use super::shared::Shared;
use super::tree::{Child, NodeId, PASS};
use crate::knowledge::net::{self, NetBuffers};
use crate::knowledge::priors::{self, Adjust, PriorParams, Rated};
use crate::rules::{Board, Color, Point};
use std::sync::atomic::Ordering::Relaxed;

/// Reused buffers for expansions.
#[derive(Default)]
pub(super) struct Buffers {
    points: Vec<Point>,
    /// The points' probabilities, with the ladder reader they are read with.
    rated: Rated,
    moves: Vec<Child>,
    /// Mean final owner by point index, for the priors.
    owner: Vec<f32>,
    /// The policy network's buffers.
    net: NetBuffers,
}

/// The search's adjustments to the model in its priors: ownership so far
/// (filled into `mean`, by point index) when the priors use it, and the
/// distance power.
fn adjust<'a>(sh: &'a Shared<'_>, mean: &'a mut Vec<f32>) -> Adjust<'a> {
    let mut adjust = Adjust {
        distance_power: sh.params.distance_power,
        ..Adjust::default()
    };
    let samples = sh.ownership_samples.load(Relaxed);
    if samples == 0 || !sh.priors_use_ownership() {
        return adjust;
    }
    let inv = 1.0 / samples as f32;
    mean.resize(crate::rules::point::MAX_POINTS, 0.0);
    for (p, total) in sh.board.size().points().zip(&sh.ownership) {
        mean[p.index()] = total.load(Relaxed) as f32 * inv;
    }
    adjust.owner = Some(mean);
    adjust.gammas = sh.owner_gammas.as_ref();
    adjust
}

/// Priors of the root's children, one per move of `legal`: with
/// ownership when the priors use it. With the value mix on, the root
/// gets the network's judgement too, so the simulations that end at one
/// of its children not yet expanded have one.
pub(super) fn root_children(sh: &Shared<'_>, legal: &[Point]) -> Vec<Child> {
    let mut s = Buffers::default();
    s.points.extend_from_slice(legal);
    let judge = sh.params.value_mix > 0.0;
    if let Some((win, lead)) = rate(sh, sh.board, sh.color, &mut s, true, judge) {
        set_value(sh, sh.root, sh.color, win, lead);
        let sign = sh.color.relative(1.0f32);
        let owner = s.net.heads.owner.iter().map(|o| sign * o).collect();
        let _ = sh.root_owner.set(owner);
    }
    children(sh, &mut s);
    if sh.allow_pass {
        s.moves.push(pass_child(sh.priors));
    }
    s.moves
}

/// Rates `s.points`, moves of `color` on `board`, with the model and the
/// search's adjustments, corrected by the policy network if there is one
/// and `with_net` is set: fills `s.rated`. With `judge` too, returns the
/// value heads' win probability and lead of `color`, if the network has
/// heads.
fn rate(
    sh: &Shared<'_>,
    board: &Board,
    color: Color,
    s: &mut Buffers,
    with_net: bool,
    judge: bool,
) -> Option<(f32, f32)> {
    priors::probabilities(
        sh.model,
        board,
        color,
        s.points.iter().copied(),
        adjust(sh, &mut s.owner),
        &mut s.rated,
    );
    let net = sh.net.filter(|_| with_net)?;
    if judge {
        let komi = color.opponent().relative(sh.white_bonus) as f32;
        let probs = &mut s.rated.probs;
        return net::judge(net, board, color, komi, &s.points, probs, &mut s.net)
            .then(|| (s.net.heads.win(), s.net.heads.lead()));
    }
    net::correct(net, board, color, &s.points, &mut s.rated.probs, &mut s.net);
    None
}

/// Fills `s.moves` with a child and its prior per rated point. No pass.
fn children(sh: &Shared<'_>, s: &mut Buffers) {
    s.moves.clear();
    let Rated {
        probs, laddered, ..
    } = &s.rated;
    for ((&p, &pr), &lad) in s.points.iter().zip(probs).zip(laddered) {
        let (v, w) = priors::prior(sh.priors, pr, lad);
        s.moves.push(Child {
            mv: p.index() as u32,
            visits: v,
            wins: w,
        });
    }
}

/// A pass child: the even prior only, as in Pachi (the model never rates
/// a pass, and no AMAF credit ever reaches it).
fn pass_child(params: PriorParams) -> Child {
    let (visits, wins) = priors::prior(params, 0.0, true);
    Child {
        mv: PASS,
        visits,
        wins,
    }
}

/// Expands `node` (a position with `color` to play): every move the
/// playouts would play gets a child, with its prior. False if another
/// thread expanded it first (the tree's own answer).
pub(super) fn expand(
    sh: &Shared<'_>,
    node: NodeId,
    board: &Board,
    color: Color,
    s: &mut Buffers,
) -> bool {
    s.points.clear();
    s.points.extend(
        board
            .empty_points()
            .iter()
            .map(|&i| Point(i))
            .filter(|&p| playout::playable(board, color, p)),
    );
    // Deterministic child order whatever the empty list's order.
    s.points.sort_unstable();
    // The value mix needs the network's judgement at once.
    let judge = sh.params.value_mix > 0.0;
    let later = sh.net.is_some() && sh.params.net_visits > 0 && !judge;
    let judged = rate(sh, board, color, s, !later, judge);
    children(sh, s);
    if sh.allow_pass {
        s.moves.push(pass_child(sh.priors));
    }
    let expanded = sh.tree.expand(node, &s.moves);
    if expanded && later {
        sh.tree.node(node).mark_net_pending();
    }
    if let Some((win, lead)) = judged.filter(|_| expanded) {
        set_value(sh, node, color, win, lead);
    }
    expanded
}

/// Records `win` and `lead`, the network's win probability and lead of
/// `color` to move at `node`, in the node.
fn set_value(sh: &Shared<'_>, node: NodeId, color: Color, win: f32, lead: f32) {
    let (black, lead) = if color == Color::Black {
        (win, lead)
    } else {
        (1.0 - win, -lead)
    };
    sh.tree.node(node).set_net_value(black, lead);
}

/// Gives the children of `node` (a position with `color` to play) the
/// priors of the model corrected by the policy network, where [`expand`]
/// gave them the model's alone. Their visits and wins stay; only the
/// equivalent experience they started with changes, and with it how
/// their urgency compares from now on.
pub(super) fn refine(sh: &Shared<'_>, node: NodeId, board: &Board, color: Color, s: &mut Buffers) {
    let (_, kids) = sh.tree.child_nodes(node);
    s.points.clear();
    s.points.extend(
        kids.iter()
            .map(|k| k.mv())
            .filter(|&mv| mv != PASS)
            .map(|mv| Point(mv as u16)),
    );
    rate(sh, board, color, s, true, false);
    let Rated {
        probs, laddered, ..
    } = &s.rated;
    let plays = kids.iter().filter(|k| k.mv() != PASS);
    for ((kid, &pr), &lad) in plays.zip(probs).zip(laddered) {
        let (v, w) = priors::prior(sh.priors, pr, lad);
        kid.set_prior(v, w);
    }
}
