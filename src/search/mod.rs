//! Monte Carlo tree search over one shared tree.
//!
//! Depends on the rules core only. [`Searcher::run`] grows the tree from
//! the game's current position for one colour: each simulation descends by
//! UCT-RAVE urgency (priors folded in, virtual loss for moves other threads
//! are exploring), expands a leaf, plays it out with a [`PlayoutKind`]
//! policy on a cloned board, scores it by area under the game's rules, and
//! backs the result up. Root candidates are exactly the moves the rules
//! core calls legal (full situational superko); deeper moves use simple ko
//! only. With one thread and a playout limit the search is deterministic
//! for a seed.

pub mod patterns;
pub mod playout;
pub mod priors;
pub mod time;
pub mod tree;

use crate::rules::{Board, Cell, Color, Game, Move, Point};
use crate::stop::StopCheck;
pub use playout::PlayoutKind;
use playout::{Amaf, Policy};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};
use tree::{NodeId, PASS, Tree};

/// Tunable search parameters.
#[derive(Clone, Copy, Debug)]
pub struct SearchParams {
    /// Playout policy.
    pub playout: PlayoutKind,
    /// Worker threads.
    pub threads: usize,
    /// Visits a leaf needs before it is expanded.
    pub expand_visits: u32,
    /// RAVE equivalence: how many real visits make AMAF weigh one half.
    pub rave_equiv: f64,
    /// Exploration constant of the UCB term.
    pub exploration: f64,
    /// Memory limit for tree nodes, in bytes.
    pub max_tree_bytes: usize,
    /// Under a time budget, stop once the best move cannot change.
    pub early_stop: bool,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            playout: PlayoutKind::Heavy,
            threads: 1,
            expand_visits: 8,
            rave_equiv: 3000.0,
            exploration: 0.0,
            max_tree_bytes: 1024 << 20,
            early_stop: true,
        }
    }
}

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
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// Simulations through it.
    pub visits: u32,
    /// Its win rate for the searching colour.
    pub win_rate: f64,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Most visited legal move, or a pass when nothing is worth playing.
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
}

/// The kept root: node, key of the game's initial position, the moves
/// played to reach it, and the colour to move there.
type RootInfo = (NodeId, u64, Vec<(Color, Move)>, Color);

/// The searcher: the tree (kept between moves for reuse) and the patterns.
pub struct Searcher {
    tree: Tree,
    patterns: patterns::Patterns,
    params: SearchParams,
    /// The root and the game it stands for.
    root: Option<RootInfo>,
}

fn move_id(mv: Move) -> u32 {
    match mv {
        Move::Play(p) => p.index() as u32,
        Move::Pass => PASS,
    }
}

fn id_move(id: u32) -> Move {
    if id == PASS {
        Move::Pass
    } else {
        Move::Play(Point(id as u16))
    }
}

/// Everything the workers share during one search.
struct Shared<'a> {
    tree: &'a Tree,
    policy: Policy<'a>,
    params: SearchParams,
    root: NodeId,
    board: &'a Board,
    color: Color,
    legal_root: &'a [bool],
    /// Komi plus the rules' handicap bonus: White's extra points.
    white_bonus: f64,
    /// 1 / rave_equiv.
    inv_rave_equiv: f32,
    issued: AtomicU64,
    done: AtomicU64,
    finish: AtomicBool,
}

impl Searcher {
    /// A searcher with an empty tree.
    pub fn new(params: SearchParams) -> Searcher {
        Searcher {
            tree: Tree::new(params.max_tree_bytes),
            patterns: patterns::Patterns::new(),
            params,
            root: None,
        }
    }

    /// The parameters.
    pub fn params(&self) -> SearchParams {
        self.params
    }

    /// Changes the parameters (threads, playout policy...).
    pub fn set_params(&mut self, params: SearchParams) {
        if params.max_tree_bytes != self.params.max_tree_bytes {
            self.tree = Tree::new(params.max_tree_bytes);
            self.root = None;
        }
        self.params = params;
    }

    /// Forgets the tree.
    pub fn clear(&mut self) {
        self.root = None;
    }

    /// The tree (for tests and statistics).
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The root for `game` with `color` to move: the kept subtree if the
    /// game continued the moves it was built for, else a fresh root.
    fn prepare_root(&mut self, game: &Game, color: Color) -> NodeId {
        let key = game.initial_board().hash() ^ game.size().get() as u64;
        if let Some((root, k, moves, root_color)) = self.root.take()
            && k == key
            && game.moves().starts_with(&moves)
            && self.tree.used() < self.tree.capacity() / 2
        {
            let mut node = root;
            let mut to_move = root_color;
            let mut ok = true;
            for &(c, mv) in &game.moves()[moves.len()..] {
                let next = (c == to_move).then(|| {
                    self.tree
                        .children(node)
                        .find(|&ch| self.tree.node(ch).mv() == move_id(mv))
                });
                match next.flatten() {
                    Some(ch) => {
                        node = ch;
                        to_move = c.opponent();
                    }
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok && to_move == color {
                self.root = Some((node, key, game.moves().to_vec(), color));
                return node;
            }
        }
        let root = self.tree.clear();
        self.root = Some((root, key, game.moves().to_vec(), color));
        root
    }

    /// Searches the current position of `game` for `color`.
    pub fn run(
        &mut self,
        game: &Game,
        color: Color,
        limits: &SearchLimits<'_>,
        pool: Option<&rayon::ThreadPool>,
        seed: u64,
    ) -> SearchResult {
        let start = Instant::now();
        let root = self.prepare_root(game, color);
        let board = game.board();
        let mut legal_root = vec![false; crate::rules::point::MAX_POINTS];
        let legal: Vec<Point> = game
            .legal_moves(color)
            .into_iter()
            .filter(|&p| !board.is_true_eye(color, p))
            .collect();
        for &p in &legal {
            legal_root[p.index()] = true;
        }
        if !self.tree.is_expanded(root) {
            let moves: Vec<(u32, u32, u32)> = legal
                .iter()
                .map(|&p| {
                    let (v, w) = priors::prior(board, color, p, &self.patterns);
                    (p.index() as u32, v, w)
                })
                .collect();
            self.tree.expand(root, &moves);
        }
        let (handicap, _) = game.handicap();
        let shared = Shared {
            tree: &self.tree,
            policy: Policy {
                kind: self.params.playout,
                patterns: &self.patterns,
            },
            params: self.params,
            root,
            board,
            color,
            legal_root: &legal_root,
            white_bonus: game.komi() + game.rules().handicap_bonus.points(handicap) as f64,
            inv_rave_equiv: (1.0 / self.params.rave_equiv.max(1.0)) as f32,
            issued: AtomicU64::new(0),
            done: AtomicU64::new(0),
            finish: AtomicBool::new(legal.is_empty()),
        };
        let area = board.size().area();
        let threads = self.params.threads.max(1);
        let mut ownership = vec![0i64; area];
        let merge = |own: &mut Vec<i64>, part: Vec<i64>| {
            for (a, b) in own.iter_mut().zip(part) {
                *a += b;
            }
        };
        match pool {
            Some(pool) if threads > 1 => {
                let parts: Vec<Vec<i64>> = pool.install(|| {
                    use rayon::prelude::*;
                    (0..threads)
                        .into_par_iter()
                        .map(|w| worker(&shared, limits, start, seed, w as u64))
                        .collect()
                });
                for p in parts {
                    merge(&mut ownership, p);
                }
            }
            _ => merge(&mut ownership, worker(&shared, limits, start, seed, 0)),
        }
        let playouts = shared.done.load(Relaxed);
        self.result(
            root,
            color,
            &legal_root,
            playouts,
            start.elapsed(),
            ownership,
        )
    }

    /// Like [`Searcher::run`] but never stops early because the move is
    /// decided: for benchmarks, which want the full time of playouts.
    pub fn run_for(
        &mut self,
        game: &Game,
        color: Color,
        limits: &SearchLimits<'_>,
        pool: Option<&rayon::ThreadPool>,
        seed: u64,
    ) -> SearchResult {
        let saved = self.params.early_stop;
        self.params.early_stop = false;
        let r = self.run(game, color, limits, pool, seed);
        self.params.early_stop = saved;
        r
    }

    fn result(
        &self,
        root: NodeId,
        color: Color,
        legal_root: &[bool],
        playouts: u64,
        elapsed: Duration,
        ownership: Vec<i64>,
    ) -> SearchResult {
        let t = &self.tree;
        let mut candidates: Vec<Candidate> = t
            .children(root)
            .filter(|&c| legal_root[t.node(c).mv() as usize])
            .map(|c| Candidate {
                mv: id_move(t.node(c).mv()),
                visits: t.node(c).visits(),
                win_rate: t.node(c).win_rate(),
            })
            .collect();
        candidates.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.win_rate.total_cmp(&a.win_rate))
        });
        let (best, win_rate) = match candidates.first() {
            Some(c) if c.visits > 0 => (c.mv, c.win_rate),
            Some(c) => (c.mv, 0.5),
            None => (Move::Pass, 1.0 - t.node(root).win_rate()),
        };
        let mut pv = Vec::new();
        let mut node = root;
        let mut first = true;
        loop {
            let best_child = t
                .children(node)
                .filter(|&c| !first || legal_root[t.node(c).mv() as usize])
                .max_by_key(|&c| t.node(c).visits());
            match best_child {
                Some(c) if t.node(c).visits() > 0 && pv.len() < 30 => {
                    pv.push(id_move(t.node(c).mv()));
                    node = c;
                    first = false;
                }
                _ => break,
            }
        }
        let n = playouts.max(1) as f32;
        let _ = color;
        SearchResult {
            best,
            win_rate,
            playouts,
            elapsed,
            candidates,
            pv,
            ownership: ownership.into_iter().map(|o| o as f32 / n).collect(),
        }
    }
}

/// One worker: runs simulations until the limits say stop. Returns its
/// ownership sums.
fn worker(
    sh: &Shared<'_>,
    limits: &SearchLimits<'_>,
    start: Instant,
    seed: u64,
    index: u64,
) -> Vec<i64> {
    let mut rng = SmallRng::seed_from_u64(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut amaf = Amaf::new();
    let mut path: Vec<NodeId> = Vec::with_capacity(1024);
    let mut moves: Vec<(u32, u32, u32)> = Vec::with_capacity(crate::rules::point::MAX_POINTS);
    let area = sh.board.size().area();
    let mut ownership = vec![0i64; area];
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
            &mut moves,
            &mut ownership,
        );
        sh.done.fetch_add(1, Relaxed);
        iter += 1;
    }
    ownership
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
fn urgency(sh: &Shared<'_>, child: NodeId, parent_visits: f64) -> f64 {
    let n = sh.tree.node(child);
    let (pv, pw) = n.prior();
    let v = (n.visits.load(Relaxed) + n.in_flight.load(Relaxed) + pv).max(1) as f32;
    let w = n.wins2.load(Relaxed) as f32 * 0.5 + pw as f32;
    let rv = n.rave_visits.load(Relaxed) as f32;
    let rw = n.rave_wins2.load(Relaxed) as f32 * 0.5;
    let k = 1.0 + rv * sh.inv_rave_equiv;
    let value = ((w * k + rw) / (rv + v * k)) as f64;
    if sh.params.exploration > 0.0 {
        value + sh.params.exploration * (parent_visits.max(1.0).ln() / v as f64).sqrt()
    } else {
        value
    }
}

fn select(sh: &Shared<'_>, node: NodeId) -> Option<NodeId> {
    let parent_visits = sh.tree.node(node).visits() as f64;
    let mut best = None;
    let mut best_u = f64::NEG_INFINITY;
    for c in sh.tree.children(node) {
        if node == sh.root && !sh.legal_root[sh.tree.node(c).mv() as usize] {
            continue;
        }
        let u = urgency(sh, c, parent_visits);
        if u > best_u {
            best_u = u;
            best = Some(c);
        }
    }
    best
}

fn expand(
    sh: &Shared<'_>,
    node: NodeId,
    board: &Board,
    color: Color,
    moves: &mut Vec<(u32, u32, u32)>,
) -> bool {
    moves.clear();
    for &i in board.empty_points() {
        let p = Point(i);
        if playout::playable(board, color, p) {
            let (v, w) = priors::prior(board, color, p, sh.policy.patterns);
            moves.push((i as u32, v, w));
        }
    }
    // Deterministic child order whatever the empty list's order.
    moves.sort_unstable_by_key(|m| m.0);
    sh.tree.expand(node, moves)
}

fn simulate(
    sh: &Shared<'_>,
    rng: &mut SmallRng,
    amaf: &mut Amaf,
    path: &mut Vec<NodeId>,
    moves: &mut Vec<(u32, u32, u32)>,
    ownership: &mut [i64],
) {
    let tree = sh.tree;
    let mut board = sh.board.clone();
    amaf.clear();
    path.clear();
    path.push(sh.root);
    tree.node(sh.root).in_flight.fetch_add(1, Relaxed);
    let mut node = sh.root;
    let mut to_move = sh.color;
    loop {
        if !tree.is_expanded(node) {
            let n = tree.node(node);
            if node == sh.root
                || n.visits() < sh.params.expand_visits
                || !expand(sh, node, &board, to_move, moves)
            {
                break;
            }
        }
        let Some(child) = select(sh, node) else { break };
        tree.node(child).in_flight.fetch_add(1, Relaxed);
        path.push(child);
        match id_move(tree.node(child).mv()) {
            Move::Play(p) => {
                amaf.record(to_move, p);
                board.play_unchecked(to_move, p);
            }
            Move::Pass => board.pass(to_move),
        }
        to_move = to_move.opponent();
        node = child;
    }
    let score = playout::run(&mut board, to_move, sh.policy, sh.white_bonus, amaf, rng);
    let black_wins2: u32 = if score > 0.0 {
        2
    } else if score < 0.0 {
        0
    } else {
        1
    };
    record_ownership(&board, ownership);
    // Back up: the root is seen from the opponent of the searching colour
    // (who "moved into" it); each child from the colour that played it.
    let mut mover = sh.color.opponent();
    for (depth, &id) in path.iter().enumerate() {
        let n = tree.node(id);
        let wins2 = if mover == Color::Black {
            black_wins2
        } else {
            2 - black_wins2
        };
        n.visits.fetch_add(1, Relaxed);
        n.wins2.fetch_add(wins2, Relaxed);
        n.in_flight.fetch_sub(1, Relaxed);
        // RAVE: children of this node are moves by the opponent of `mover`.
        let child_mover = mover.opponent();
        let child_wins2 = 2 - wins2;
        if depth + 1 < path.len() || tree.is_expanded(id) {
            for c in tree.children(id) {
                let cn = tree.node(c);
                let mv = cn.mv();
                if mv != PASS && amaf.first_was(child_mover, mv) {
                    cn.rave_visits.fetch_add(1, Relaxed);
                    cn.rave_wins2.fetch_add(child_wins2, Relaxed);
                }
            }
        }
        mover = mover.opponent();
    }
}

/// Adds each point's final owner (+1 Black, -1 White, 0 neutral) after a
/// playout: stones, and empty points whose neighbours are all one colour.
fn record_ownership(board: &Board, ownership: &mut [i64]) {
    for (i, p) in board.size().points().enumerate() {
        let owner = match board.cell(p) {
            Cell::Black => 1,
            Cell::White => -1,
            _ => {
                let (mut b, mut w) = (false, false);
                for n in board.neighbours(p) {
                    match board.cell(n) {
                        Cell::Black => b = true,
                        Cell::White => w = true,
                        _ => {}
                    }
                }
                match (b, w) {
                    (true, false) => 1,
                    (false, true) => -1,
                    _ => 0,
                }
            }
        };
        ownership[i] += owner;
    }
}

#[cfg(test)]
mod tests;
