//! The simulation loop run by every search thread: descend the shared
//! tree, expand, play out, back up. No locks and no allocation per
//! simulation: each worker owns its scratch buffers for the whole search.

use super::dynkomi::{self, SharedDynKomi};
use super::playout::{self, Amaf, Policy, Replies};
use super::tree::{self, Node, NodeId, PASS, Tree, WIN_UNITS};
use super::{SearchLimits, SearchParams, id_move, value};
use crate::knowledge::model::Model;
use crate::knowledge::priors::{self, Adjust, OWNER_BINS, PriorParams};
use crate::rules::{Board, Color, Move, Point};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// Simulations between flushes of a worker's ownership counts: often
/// enough for analysis reports twice a second, rare enough that the
/// atomic adds over the board cost nothing measurable (a few hundred adds
/// per 64 playouts).
const OWNERSHIP_FLUSH: u64 = 64;

/// Everything the workers share during one search.
pub(super) struct Shared<'a> {
    pub tree: &'a Tree,
    pub policy: Policy<'a>,
    pub params: SearchParams,
    pub root: NodeId,
    pub board: &'a Board,
    pub color: Color,
    pub legal_root: &'a [bool],
    /// Model probability of each root move, by point index.
    pub root_prior: &'a [f32],
    /// The move-prediction model behind the priors.
    pub model: &'a Model,
    /// How its probabilities become priors.
    pub priors: PriorParams,
    /// Komi plus the rules' handicap bonus: White's extra points.
    pub white_bonus: f64,
    /// 1 / rave_equiv.
    pub inv_rave_equiv: f32,
    /// The UCB exploration constant.
    pub exploration: f32,
    /// The exploration term applies only at nodes where the side to move
    /// wins less than this so far (1: everywhere).
    pub explore_below: f32,
    /// How much a simulation's margin counts beside its result
    /// ([`value::units`]).
    pub score_weight: f64,
    /// The weight of criticality in the AMAF of nodes with at least
    /// `criticality_visits` visits (0: off; [`with_criticality`]).
    pub criticality: f32,
    pub criticality_visits: f32,
    /// Capture children leave AMAF out altogether
    /// (`amaf_blind_captures` without `capture_amaf_plays`).
    pub blind_captures: bool,
    pub issued: AtomicU64,
    pub done: AtomicU64,
    pub finish: AtomicBool,
    /// Sum over finished simulations of each point's final owner (+1 Black,
    /// -1 White), row by row from A1; flushed by workers in batches.
    pub ownership: Vec<AtomicI64>,
    /// Simulations counted in `ownership`.
    pub ownership_samples: AtomicU64,
    /// The priors' ownership gammas (raised to `params.owner_prior`), or
    /// `None` when the priors leave ownership out.
    pub owner_gammas: Option<[f32; OWNER_BINS]>,
    /// True if the nodes this search expands get a pass child (the game is
    /// near its end: [`super::pass::allowed`]).
    pub allow_pass: bool,
    /// Passes in a row that ended the game's moves before the root, at
    /// most 1: a game already ended by two (a GUI may still ask for a
    /// move) is searched as if one had been played.
    pub root_passes: u32,
    /// Searching for the capture of these stones instead of the game's
    /// result ([`super::Searcher::run_capture`]).
    pub goal: Option<&'a super::CaptureGoal>,
    /// The extra komi the searching colour gives, when this search
    /// adjusts it ([`super::dynkomi`]); `None` counts the game's komi only.
    pub dyn_komi: Option<SharedDynKomi>,
}

impl Shared<'_> {
    /// True if the priors read Monte Carlo ownership: its gammas, or the
    /// ladder or capture boost, which ask it whether a chain is already
    /// taken.
    pub fn priors_use_ownership(&self) -> bool {
        self.owner_gammas.is_some()
            || self.params.ladder_boost != 1.0
            || self.params.capture_boost != 1.0
    }
}

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
    // The nodes of a descent, each with the number of stones played
    // before its children's moves (where its AMAF window starts).
    let mut path: Vec<(NodeId, u16)> = Vec::with_capacity(1024);
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
        let done = sh.done.fetch_add(1, Relaxed) + 1;
        if done.is_multiple_of(dynkomi::INTERVAL) {
            adjust_komi(sh);
        }
        iter += 1;
        if iter.is_multiple_of(OWNERSHIP_FLUSH) {
            flush_ownership(sh, &mut ownership, OWNERSHIP_FLUSH);
        }
    }
    flush_ownership(sh, &mut ownership, iter % OWNERSHIP_FLUSH);
}

/// Moves the dynamic komi by the root's value, if this search has one
/// and the root has seen enough simulations.
fn adjust_komi(sh: &Shared<'_>) {
    if let Some(k) = &sh.dyn_komi {
        let root = sh.tree.node(sh.root);
        if root.visits() >= dynkomi::MIN_VISITS {
            // The root's statistics are the opponent's (it "moved into" it).
            k.set(k.get().adjust(1.0 - root.win_rate()));
        }
    }
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

/// UCT-RAVE urgency of a child, priors and virtual loss included.
///
/// The usual blend `(1-b)*q + b*q_rave` with `b = rv / (rv + v + v*rv/K)`
/// simplifies to `(w*(1 + rv/K) + rw) / (rv + v*(1 + rv/K))`: one division
/// per child instead of three, which matters because every descent scores
/// every child.
#[inline]
fn urgency(sh: &Shared<'_>, n: &Node, log_parent: f32) -> f32 {
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
    let k = 1.0 + rv * sh.inv_rave_equiv;
    let mut value = (w * k + rw) / (rv + v * k);
    if log_parent > 0.0 {
        value += sh.exploration * (log_parent / v).sqrt();
    }
    value
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
    if sh.explore_below >= 1.0 {
        return true;
    }
    let visits = n.visits();
    // `n.wins` counts for the side that moved into `n`.
    visits > 0
        && 1.0 - n.wins.load(Relaxed) as f32 / (WIN_UNITS as f32 * visits as f32) < sh.explore_below
}

fn select(sh: &Shared<'_>, node: NodeId) -> Option<NodeId> {
    let n = sh.tree.node(node);
    let log_parent = if explores(sh, n) {
        (n.visits().max(1) as f32).ln()
    } else {
        0.0
    };
    let at_root = node == sh.root;
    let (first, children) = sh.tree.child_nodes(node);
    let mut best = None;
    let mut best_u = f32::NEG_INFINITY;
    for (i, c) in children.iter().enumerate() {
        if at_root && !sh.legal_root[c.mv() as usize] {
            continue;
        }
        let u = urgency(sh, c, log_parent);
        if u > best_u {
            best_u = u;
            best = Some(first + i as NodeId);
        }
    }
    best
}

/// Reused buffers for expansions (no allocation once they have grown).
#[derive(Default)]
struct Scratch {
    points: Vec<Point>,
    probs: Vec<f32>,
    laddered: Vec<bool>,
    moves: Vec<(u32, u32, u32)>,
    /// Mean final owner by point index, for the priors.
    owner: Vec<f32>,
    /// The last good replies this thread has learned in this search.
    replies: Replies,
}

/// The search's adjustments to the model in its priors: ownership so far
/// (filled into `mean`, by point index) when the priors use it, the
/// ladder boost and the power.
fn adjust<'a>(sh: &'a Shared<'_>, mean: &'a mut Vec<f32>) -> Adjust<'a> {
    let mut adjust = Adjust {
        ladder_boost: sh.params.ladder_boost,
        capture_boost: sh.params.capture_boost,
        power: sh.params.prior_power,
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
/// ownership when the priors use it.
pub(super) fn root_children(sh: &Shared<'_>, legal: &[Point]) -> Vec<(u32, u32, u32)> {
    let mut mean = Vec::new();
    let (mut probs, mut laddered) = (Vec::new(), Vec::new());
    priors::probabilities(
        sh.model,
        sh.board,
        sh.color,
        legal.iter().copied(),
        adjust(sh, &mut mean),
        &mut probs,
        &mut laddered,
    );
    let children = |prune: bool| -> Vec<(u32, u32, u32)> {
        legal
            .iter()
            .zip(probs.iter().zip(&laddered))
            .filter(|&(_, (_, &lad))| !(prune && lad))
            .map(|(&p, (&pr, &lad))| {
                let (v, w) = priors::prior(sh.priors, pr, lad);
                (child_move(sh, sh.board, sh.color, p), v, w)
            })
            .collect()
    };
    let pruned = children(sh.params.prune_ladders);
    // Never leave the root without a move to search.
    let mut moves = if pruned.is_empty() {
        children(false)
    } else {
        pruned
    };
    if sh.allow_pass {
        moves.push(pass_child(sh.priors));
    }
    moves
}

/// A child's move as the tree stores it: the point's index, marked with
/// the stones it captures if they are at least `amaf_blind_captures`.
fn child_move(sh: &Shared<'_>, board: &Board, color: Color, p: Point) -> u32 {
    let min = sh.params.amaf_blind_captures as usize;
    if min == 0 {
        return p.index() as u32;
    }
    let stones = priors::capture_size(board, color, p);
    if stones >= min {
        tree::with_captures(p.index() as u32, stones)
    } else {
        p.index() as u32
    }
}

/// A pass child: the even prior only, as in Pachi (the model never rates
/// a pass, and no AMAF credit ever reaches it).
fn pass_child(params: PriorParams) -> (u32, u32, u32) {
    let (v, w) = priors::prior(params, 0.0, true);
    (PASS, v, w)
}

/// Plays `n` simulations from the root without the tree, for a first
/// ownership map; they count as done simulations of the search.
pub(super) fn warm_up(sh: &Shared<'_>, n: u64, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x6F77_6E65_7273_6869);
    let mut amaf = Amaf::new();
    let mut board = sh.board.clone();
    let mut ownership = vec![0i64; sh.board.size().area()];
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
            &mut ownership,
            0,
        );
    }
    sh.issued.fetch_add(n, Relaxed);
    sh.done.fetch_add(n, Relaxed);
    flush_ownership(sh, &mut ownership, n);
}

fn expand(sh: &Shared<'_>, node: NodeId, board: &Board, color: Color, s: &mut Scratch) -> bool {
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
    priors::probabilities(
        sh.model,
        board,
        color,
        s.points.iter().copied(),
        adjust(sh, &mut s.owner),
        &mut s.probs,
        &mut s.laddered,
    );
    s.moves.clear();
    for ((&p, &pr), &lad) in s.points.iter().zip(&s.probs).zip(&s.laddered) {
        if lad && sh.params.prune_ladders {
            continue;
        }
        let (v, w) = priors::prior(sh.priors, pr, lad);
        s.moves.push((child_move(sh, board, color, p), v, w));
    }
    if sh.allow_pass {
        s.moves.push(pass_child(sh.priors));
    }
    sh.tree.expand(node, &s.moves)
}

fn simulate(
    sh: &Shared<'_>,
    rng: &mut SmallRng,
    amaf: &mut Amaf,
    path: &mut Vec<(NodeId, u16)>,
    scratch: &mut Scratch,
    ownership: &mut [i64],
    board: &mut Board,
) {
    let tree = sh.tree;
    board.copy_from(sh.board);
    amaf.clear();
    path.clear();
    path.push((sh.root, 0));
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
                || !expand(sh, node, board, to_move, scratch)
            {
                break;
            }
        }
        let Some(child) = select(sh, node) else {
            break;
        };
        tree.node(child).in_flight.fetch_add(1, Relaxed);
        match id_move(tree.node(child).mv()) {
            Move::Play(p) => {
                amaf.record(to_move, p);
                let captured = board.play_unchecked(to_move, p);
                if captured > 0 {
                    amaf.mark_captured(captured);
                }
                if board.ko_point(to_move.opponent()).is_some() {
                    amaf.mark_ko_capture();
                }
                passes = 0;
            }
            Move::Pass => {
                board.pass(to_move);
                passes += 1;
            }
        }
        path.push((child, amaf.len()));
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
    let policy = if replies_on {
        Policy {
            replies: Some(&scratch.replies),
            ..sh.policy
        }
    } else {
        sh.policy
    };
    let played = playout::run_recording(
        board,
        to_move,
        policy,
        sh.white_bonus,
        amaf,
        rng,
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
    // Who won counts the searching colour's extra komi; the margin the
    // analysis reports (`score2`) does not.
    let score = match &sh.dyn_komi {
        Some(k) => {
            let extra = f64::from(k.get().extra);
            if sh.color == Color::Black {
                score - extra
            } else {
                score + extra
            }
        }
        None => score,
    };
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
    // A capture search counts whether the stones were taken, no margin.
    let score_weight = if sh.goal.is_some() {
        0.0
    } else {
        sh.score_weight
    };
    let black_value = value::units(black_wins2, score, score_weight, board.size().area(), rng);
    // Back up: the root is seen from the opponent of the searching colour
    // (who "moved into" it); each child from the colour that played it.
    let mut mover = sh.color.opponent();
    let len = amaf.len();
    let dist = sh.params.rave_distance;
    for &(id, start) in path.iter() {
        let n = tree.node(id);
        let (wins2, value) = if mover == Color::Black {
            (black_wins2, black_value)
        } else {
            (2 - black_wins2, WIN_UNITS - black_value)
        };
        n.visits.fetch_add(1, Relaxed);
        n.wins.fetch_add(value, Relaxed);
        if sh.criticality > 0.0
            && let Move::Play(p) = id_move(n.mv())
        {
            // The point's final owner, +1 Black and -1 White, seen from
            // the node's mover and from the simulation's winner.
            let owner = playout::point_owner(board, p).0;
            let mover_owner = if mover == Color::Black { owner } else { -owner };
            let winner_owner = match winner {
                Some(Color::Black) => owner,
                Some(Color::White) => -owner,
                None => 0,
            };
            n.mover_owns2.fetch_add((mover_owner + 1) as u32, Relaxed);
            n.winner_owns2.fetch_add((winner_owner + 1) as u32, Relaxed);
        }
        n.score2_sum.fetch_add(score2, Relaxed);
        n.in_flight.fetch_sub(1, Relaxed);
        // RAVE: children of this node are moves by the opponent of `mover`.
        let child_mover = mover.opponent();
        let child_wins2 = 2 - wins2;
        // Pachi's distance weighting: a move played soon after this node
        // says more about it than one near the end of the playout.
        let span = (len - start.min(len)) as u32 + 1;
        // A ko fight starting right below this node: its capturer's ko
        // threats say nothing about those moves elsewhere (Pachi's
        // threat_rave 0): with `skip_ko_threats` they get no credit.
        let ko_length = if sh.params.skip_ko_threats {
            amaf.ko_fight_length(start)
        } else {
            0
        };
        // (A leaf has no children: the loop is then empty.)
        for cn in tree.child_nodes(id).1 {
            let mv = cn.mv();
            if mv == PASS {
                continue;
            }
            // A capture child without AMAF gets none; with the plays
            // filter, only from a first play of its point that captured
            // as many stones or more.
            let captures = cn.captures();
            if captures > 0 && sh.blind_captures {
                continue;
            }
            let first = if sh.params.amaf_window {
                amaf.first_from(child_mover, mv, start)
            } else {
                amaf.first_by(child_mover, mv)
            };
            if let Some(first) = first {
                if ko_length > 0 && first >= start && Amaf::is_threat(first - start, ko_length) {
                    continue;
                }
                if captures > 0 && captures > amaf.captured(first) {
                    continue;
                }
                let w = 1 + (2 * dist * (len - first.min(len)) as u32 + span) / (2 * span);
                // Plain load and store, not a locked read-modify-write:
                // this loop touches every child of every node on the path,
                // and a racing thread may at worst lose one AMAF sample.
                let rv = cn.rave_visits.load(Relaxed);
                cn.rave_visits.store(rv + w, Relaxed);
                let rw = cn.rave_wins2.load(Relaxed);
                cn.rave_wins2.store(rw + w * child_wins2, Relaxed);
            }
        }
        mover = mover.opponent();
    }
}
