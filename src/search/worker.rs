//! The simulation loop run by every search thread: descend the shared
//! tree, expand, play out, back up. No locks and no allocation per
//! simulation: each worker owns its scratch buffers for the whole search.

use super::playout::{self, Amaf, Policy, Replies};
use super::results::SearchLimits;
use super::shared::Shared;
use super::tree::{NET_VALUE_ONE, NodeId, PASS, WIN_UNITS, id_move};
use super::{expand, select};
use crate::knowledge::ladder;
use crate::rules::{Board, Color, Move};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

/// Simulations between flushes of a worker's ownership counts: often
/// enough for analysis reports twice a second, rare enough that the
/// atomic adds over the board cost nothing measurable (a few hundred adds
/// per 64 playouts).
const OWNERSHIP_FLUSH: u64 = 64;

/// One worker: runs simulations until the limits say stop.
pub(super) fn worker(
    sh: &Shared<'_>,
    limits: &SearchLimits<'_>,
    start: Instant,
    seed: u64,
    index: u64,
) {
    let mut rng = SmallRng::seed_from_u64(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut amaf = Amaf::new();
    // The nodes of a descent.
    let mut path: Vec<NodeId> = Vec::with_capacity(1024);
    let mut scratch = Scratch::default();
    if sh.params.last_good_reply {
        scratch.replies.reset(sh.board.size());
    }
    let area = sh.board.size().area();
    let mut ownership = vec![0i64; area];
    let mut board = sh.board.clone();
    let mut iter = 0u64;
    loop {
        if sh.finish.load(Relaxed) {
            break;
        }
        if iter.is_multiple_of(16)
            && (limits.stop.stopped() || limits.time.is_some_and(|t| start.elapsed() >= t))
        {
            sh.finish.store(true, Relaxed);
            break;
        }
        if let Some(max) = limits.playouts
            && sh.issued.fetch_add(1, Relaxed) >= max
        {
            break;
        }
        if sh.params.early_stop
            && limits.playouts.is_none()
            && iter % 256 == 255
            && decided(sh, limits, start)
        {
            sh.finish.store(true, Relaxed);
            break;
        }
        simulate(
            sh,
            &mut rng,
            &mut amaf,
            &mut path,
            &mut scratch,
            &mut ownership,
            &mut board,
        );
        sh.done.fetch_add(1, Relaxed);
        iter += 1;
        if iter.is_multiple_of(OWNERSHIP_FLUSH) {
            flush_ownership(sh, &mut ownership, OWNERSHIP_FLUSH);
        }
    }
    flush_ownership(sh, &mut ownership, iter % OWNERSHIP_FLUSH);
}

fn flush_ownership(sh: &Shared<'_>, local: &mut [i64], samples: u64) {
    if samples == 0 {
        return;
    }
    for (total, own) in sh.ownership.iter().zip(local.iter_mut()) {
        total.fetch_add(*own, Relaxed);
        *own = 0;
    }
    sh.ownership_samples.fetch_add(samples, Relaxed);
}

/// True when the most visited root move can no longer be overtaken in the
/// time left (time budgets only).
fn decided(sh: &Shared<'_>, limits: &SearchLimits<'_>, start: Instant) -> bool {
    let Some(budget) = limits.time else {
        return false;
    };
    let elapsed = start.elapsed().as_secs_f64().max(1e-3);
    let rate = sh.done.load(Relaxed) as f64 / elapsed;
    let remaining = rate * (budget.as_secs_f64() - elapsed).max(0.0);
    let mut visits: Vec<u32> = sh
        .tree
        .children(sh.root)
        .map(|c| sh.tree.node(c).visits())
        .collect();
    visits.sort_unstable_by(|a, b| b.cmp(a));
    match visits.as_slice() {
        [a, b, ..] => (*a - *b) as f64 > remaining,
        _ => true,
    }
}

/// A worker's reused buffers (no allocation once they have grown).
#[derive(Default)]
struct Scratch {
    /// For expansions.
    expand: expand::Buffers,
    /// The last good replies this thread has learned in this search.
    replies: Replies,
    /// The playouts' ladder reads, with their boards.
    ladders: ladder::Reader,
}

/// Plays `n` simulations from the root without the tree, for a first
/// ownership map; they count as done simulations of the search.
pub(super) fn warm_up(sh: &Shared<'_>, n: u64, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x6F77_6E65_7273_6869);
    let mut amaf = Amaf::new();
    let mut board = sh.board.clone();
    let mut ownership = vec![0i64; sh.board.size().area()];
    let mut ladders = ladder::Reader::new();
    for _ in 0..n {
        board.copy_from(sh.board);
        amaf.clear();
        playout::run_recording(
            &mut board,
            sh.color,
            sh.policy,
            sh.white_bonus,
            &mut amaf,
            &mut rng,
            &mut ladders,
            &mut ownership,
            0,
        );
    }
    sh.issued.fetch_add(n, Relaxed);
    sh.done.fetch_add(n, Relaxed);
    flush_ownership(sh, &mut ownership, n);
}

fn simulate(
    sh: &Shared<'_>,
    rng: &mut SmallRng,
    amaf: &mut Amaf,
    path: &mut Vec<NodeId>,
    scratch: &mut Scratch,
    ownership: &mut [i64],
    board: &mut Board,
) {
    let tree = sh.tree;
    board.copy_from(sh.board);
    amaf.clear();
    path.clear();
    path.push(sh.root);
    tree.node(sh.root).in_flight.fetch_add(1, Relaxed);
    let mut node = sh.root;
    let mut to_move = sh.color;
    // Passes in a row so far; two in the tree end the game, and the
    // playout below only counts.
    let mut passes = sh.root_passes;
    loop {
        if passes >= 2 {
            break;
        }
        if !tree.is_expanded(node) {
            let n = tree.node(node);
            if node == sh.root
                || n.visits() < sh.params.expand_visits
                || !expand::expand(sh, node, board, to_move, &mut scratch.expand)
            {
                break;
            }
        }
        if sh.params.net_visits > 0 {
            let n = tree.node(node);
            if n.visits() >= sh.params.net_visits && n.take_net_pending() {
                expand::refine(sh, node, board, to_move, &mut scratch.expand);
            }
        }
        let Some(child) = select::select(sh, node) else {
            break;
        };
        tree.node(child).in_flight.fetch_add(1, Relaxed);
        match id_move(tree.node(child).mv()) {
            Move::Play(p) => {
                amaf.record(to_move, p);
                board.play_unchecked(to_move, p);
                passes = 0;
            }
            Move::Pass => {
                board.pass(to_move);
                passes += 1;
            }
        }
        path.push(child);
        to_move = to_move.opponent();
        node = child;
    }
    // Two passes in a row in the tree end the game. Counted as it stands,
    // every stone alive, the end flatters the side whose dead stones are
    // still on the board, which a referee takes off; played out, it
    // flatters neither, but a playout may misjudge a seki. The side that
    // passed last gets the worse of the two counts, so its pass wins in
    // the tree only if it wins both ways: no dead enemy stones left in its
    // area, and none of its own left in the opponent's. (A capture search
    // asks what is taken, and there the end is only counted.)
    let ended = passes >= 2 && sh.goal.is_none();
    let as_it_stands = ended.then(|| playout::count(board, sh.white_bonus));
    // Capture searches keep the plain policy, so the dead-stone analysis
    // does not depend on the search's settings.
    let replies_on = sh.params.last_good_reply && sh.goal.is_none();
    let policy = Policy {
        replies: replies_on.then_some(&scratch.replies),
        ..sh.policy
    };
    let played = playout::run_recording(
        board,
        to_move,
        policy,
        sh.white_bonus,
        amaf,
        rng,
        &mut scratch.ladders,
        ownership,
        if ended { 0 } else { passes },
    );
    // `to_move` is the side after the last pass: the other side ended it.
    let score = match as_it_stands {
        Some(count) if to_move == Color::White => played.min(count),
        Some(count) => played.max(count),
        None => played,
    };
    let score2 = (score * 2.0).round() as i64;
    let black_wins2: u32 = if let Some(goal) = sh.goal {
        if goal.taken(board) == (goal.attacker == Color::Black) {
            2
        } else {
            0
        }
    } else if score > 0.0 {
        2
    } else if score < 0.0 {
        0
    } else {
        1
    };
    let winner = match black_wins2 {
        2 => Some(Color::Black),
        0 => Some(Color::White),
        _ => None,
    };
    if replies_on {
        scratch.replies.learn(amaf, winner);
    }
    let black_value = black_wins2 * (WIN_UNITS / 2);
    let (black_value, score2) = mix_net_value(sh, path, (black_value, score2), ended, rng);
    sh.root_stats.record(path.get(1).copied(), score2, board);
    // Back up: the root is seen from the opponent of the searching colour
    // (who "moved into" it); each child from the colour that played it.
    let mut mover = sh.color.opponent();
    for &id in path.iter() {
        let n = tree.node(id);
        let (wins2, value) = if mover == Color::Black {
            (black_wins2, black_value)
        } else {
            (2 - black_wins2, WIN_UNITS - black_value)
        };
        n.visits.fetch_add(1, Relaxed);
        n.wins.fetch_add(value, Relaxed);
        n.score2_sum.fetch_add(score2, Relaxed);
        n.in_flight.fetch_sub(1, Relaxed);
        // RAVE: children of this node are moves by the opponent of `mover`.
        let child_mover = mover.opponent();
        let child_wins2 = 2 - wins2;
        // (A leaf has no children: the loop is then empty.)
        for cn in tree.child_nodes(id).1 {
            let mv = cn.mv();
            if mv == PASS || amaf.first_by(child_mover, mv).is_none() {
                continue;
            }
            // Plain load and store, not a locked read-modify-write:
            // this loop touches every child of every node on the path,
            // and a racing thread may at worst lose one AMAF sample.
            let rv = cn.rave_visits.load(Relaxed);
            cn.rave_visits.store(rv + 1, Relaxed);
            let rw = cn.rave_wins2.load(Relaxed);
            cn.rave_wins2.store(rw + child_wins2, Relaxed);
        }
        mover = mover.opponent();
    }
}

/// A simulation's value for Black and twice its margin, mixed with the
/// value network's judgement of the deepest position on its path that
/// has one, as AlphaGo mixes its rollouts with its value network: the
/// result counts `1 - value_mix`, the judgement `value_mix`; a fraction
/// of a unit is rounded up or down at random in proportion, which keeps
/// the mean. A capture search, a game that ended in the tree, or a path
/// without a judgement keeps the result alone.
fn mix_net_value(
    sh: &Shared<'_>,
    path: &[NodeId],
    (black_value, score2): (u32, i64),
    ended: bool,
    rng: &mut SmallRng,
) -> (u32, i64) {
    let mix = sh.params.value_mix;
    if mix <= 0.0 || ended || sh.goal.is_some() {
        return (black_value, score2);
    }
    let judged = path
        .iter()
        .rev()
        .find_map(|&id| sh.tree.node(id).judgement());
    let Some((net, lead)) = judged else {
        return (black_value, score2);
    };
    let net = f64::from(net) * f64::from(WIN_UNITS) / f64::from(NET_VALUE_ONE);
    let exact = (1.0 - mix) * f64::from(black_value) + mix * net;
    let whole = exact.floor();
    let up = f64::from(rng.next_u32()) / 4_294_967_296.0 < exact - whole;
    let value = (whole as u32 + u32::from(up)).min(WIN_UNITS);
    let score2 = ((1.0 - mix) * score2 as f64 + mix * 2.0 * f64::from(lead)).round() as i64;
    (value, score2)
}
