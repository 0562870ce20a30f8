//! The search for a strong network (a KataGo model): PUCT, as AlphaGo Zero
//! and KataGo search, with no playouts. Each simulation descends the tree
//! by the children's values and the network's priors, judges the position
//! it reaches with the network, gives it its children (every legal move
//! and the pass, with the network's policy as priors) and brings the
//! value back up. A finished game (two passes) is scored by area instead.
//!
//! The search maximises KataGo's utility: the win-loss value plus a small
//! term for the score, `0.1 * f(lead / 2)` and `0.3 * f((lead - c) /
//! 0.75)` with `f(x) = 2/pi atan(x / sqrt(area))` and `c` most of the
//! root's expected lead, so that a won or lost game still plays for
//! points. The move played is the most visited, unless another with at
//! least 15% of its visits has a higher lower confidence bound. The tree
//! is kept for the next search when the game went on through it.
//!
//! Threads share one tree behind a lock: a simulation holds it only to
//! descend and to bring its value back, never while the network runs,
//! which is where nearly all the time goes; simulations in flight count
//! as losses, so threads spread over the tree. One thread with a seed and
//! a fixed number of simulations repeats a search exactly (the seed picks
//! each evaluation's symmetry).

pub mod evaluator;
mod judge;
pub mod line;
mod owners;
mod report;
pub mod tree;

use super::{SearchLimits, SearchRequest, SearchResult};
use crate::knowledge::katago::{History, KataEval};
use crate::knowledge::net::symmetry::Symmetry;
use crate::rules::{Color, Game, Move};
use evaluator::{EvalBuffers, Evaluator};
use line::Line;
use owners::Owners;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};
use tree::{Select, Tree};

/// Bytes a node takes in the tree.
const NODE_BYTES: usize = std::mem::size_of::<tree::Node>();

/// The search's settings.
#[derive(Clone, Copy, Debug)]
pub struct PuctParams {
    /// The selection's constants.
    pub select: Select,
    /// Search threads.
    pub threads: usize,
    /// The most memory the tree may take.
    pub max_tree_bytes: usize,
    /// Weight of the score utility at a fixed centre (KataGo's
    /// `staticScoreUtilityFactor`).
    pub static_score: f64,
    /// Weight of the score utility around the root's expected lead
    /// (`dynamicScoreUtilityFactor`).
    pub dynamic_score: f64,
    /// Standard errors of the confidence bound the move choice uses (0:
    /// the most visited move, always).
    pub lcb_stdevs: f64,
}

impl Default for PuctParams {
    /// KataGo's defaults for its search constants (`cpuctExploration`
    /// 1.0, `cpuctExplorationLog` 0.45, `cpuctExplorationBase` 500,
    /// `fpuReductionMax` 0.2, `rootFpuReductionMax` 0.1, the score
    /// utility's factors 0.1 and 0.3, `lcbStdevs` 5), one thread, 1 GB.
    fn default() -> PuctParams {
        PuctParams {
            select: Select {
                c_base: 1.0,
                c_log: 0.45,
                c_visits: 500.0,
                fpu: 0.2,
                root_fpu: 0.1,
            },
            threads: 1,
            max_tree_bytes: 1 << 30,
            static_score: 0.1,
            dynamic_score: 0.3,
            lcb_stdevs: 5.0,
        }
    }
}

/// The searcher: a network, its settings, and the tree of the last
/// search with the game it searched.
pub struct PuctSearcher {
    net: Evaluator,
    params: PuctParams,
    kept: Mutex<Option<Kept>>,
}

/// A tree kept from one search to the next.
struct Kept {
    tree: Tree,
    /// The moves of the game at its root, and the side to move there.
    moves: Vec<(Color, Move)>,
    color: Color,
    /// What else its values depend on: komi, rules, the initial position.
    key: (u64, crate::rules::Rules, u64),
}

/// What a kept tree's values depend on besides the moves.
fn game_key(game: &Game) -> (u64, crate::rules::Rules, u64) {
    (
        game.komi().to_bits(),
        game.rules(),
        crate::rules::game::situation_key(game.initial_board(), game.initial_to_move()),
    )
}

/// What the workers share.
struct Shared<'a> {
    game: &'a Game,
    color: Color,
    net: &'a Evaluator,
    select: Select,
    params: PuctParams,
    /// The centre of the dynamic score utility: most of the root's
    /// expected lead, for the side to move at the root.
    centre: f64,
    /// The board's side, `sqrt(area)`.
    side: f64,
    tree: Mutex<Tree>,
    limits: &'a SearchLimits<'a>,
    start: Instant,
    /// Simulations started.
    started: AtomicU64,
    done: AtomicBool,
    /// The ownership maps of the judged positions.
    owners: Mutex<Owners>,
}

impl Shared<'_> {
    /// Whether the search should stop: interrupted, out of time, or all
    /// its simulations started.
    fn finished(&self) -> bool {
        if self.done.load(Relaxed) || self.limits.stop.stopped() {
            return true;
        }
        let over = self.limits.time.is_some_and(|t| self.start.elapsed() >= t)
            || self
                .limits
                .playouts
                .is_some_and(|p| self.started.load(Relaxed) >= p);
        if over {
            self.done.store(true, Relaxed);
        }
        over
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Tree> {
        self.tree.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl PuctSearcher {
    /// A searcher with this network.
    pub fn new(net: Evaluator, params: PuctParams) -> PuctSearcher {
        PuctSearcher {
            net,
            params,
            kept: Mutex::new(None),
        }
    }

    /// Forgets the kept tree.
    pub fn clear(&self) {
        *self.kept.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// The kept tree's subtree at the current position of `game`, if the
    /// game went on from the kept root and the tree saw its moves.
    fn reuse(&self, game: &Game, color: Color, cap: usize) -> Option<Tree> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner()).take()?;
        let moves = game.moves();
        if kept.key != game_key(game)
            || moves.len() < kept.moves.len()
            || moves[..kept.moves.len()] != kept.moves[..]
        {
            return None;
        }
        let mut node = 0;
        let mut to_move = kept.color;
        for &(c, mv) in &moves[kept.moves.len()..] {
            if c != to_move {
                return None;
            }
            node = kept.tree.child(node, mv)?;
            to_move = c.opponent();
        }
        if to_move != color || !kept.tree.node(node).expanded() {
            return None;
        }
        let mut tree = kept.tree.subtree(node);
        tree.set_cap(cap);
        Some(tree)
    }

    /// The settings.
    pub fn params(&self) -> &PuctParams {
        &self.params
    }

    /// Searches the current position of `req.game` for `req.color`
    /// within its limits (simulations, time, interrupt), reporting about
    /// every `report.interval` when asked (that needs a pool), the root's
    /// moves and statistics as its options say.
    pub fn search(&self, req: SearchRequest<'_, '_>) -> SearchResult {
        let SearchRequest {
            game,
            color,
            ref limits,
            pool,
            seed,
            mut report,
            options,
        } = req;
        let cap = (self.params.max_tree_bytes / NODE_BYTES).max(1000);
        // A kept tree's root has every move: not for a restricted search.
        let restricted = !options.avoid.is_empty() || options.allow.is_some();
        let tree = (!restricted)
            .then(|| self.reuse(game, color, cap))
            .flatten()
            .unwrap_or_else(|| Tree::new(cap));
        let mut first = Worker::new(game, color, seed);
        evaluate_root(&self.net, color, &mut first);
        let root = &first.eval;
        let side = (game.size().area() as f64).sqrt();
        let expected = if tree.node(0).visits > 0 {
            -tree.node(0).mean_lead()
        } else {
            f64::from(root.lead)
        };
        let cap_centre = side * 0.75;
        let centre = (expected * 0.8).clamp(expected - cap_centre, expected + cap_centre);
        let sh = Shared {
            game,
            color,
            net: &self.net,
            select: self.params.select,
            params: self.params,
            centre,
            side,
            tree: Mutex::new(tree),
            limits,
            start: Instant::now(),
            started: AtomicU64::new(0),
            done: AtomicBool::new(false),
            owners: Mutex::new(Owners::default()),
        };
        // The root first, so that every worker descends from its children.
        {
            let mut t = sh.lock();
            if !t.node(0).expanded() {
                judge::children_into(game.size(), root, &mut first.kids);
                first.kids.retain(|&(mv, _)| options.permits(mv));
                t.expand(0, first.kids.iter().copied());
                t.enter(0);
                t.backup(&[0], judge::judged(&sh, root, color).negated());
                // The root's judgement is the first visit.
                sh.started.store(1, Relaxed);
            }
            let kids = t.children(0);
            let mut owners = Owners::new(
                game.size().area(),
                options.move_ownership,
                kids.start,
                kids.len(),
            );
            owners.add(&root.owner, color, None);
            *sh.owners.lock().unwrap_or_else(|e| e.into_inner()) = owners;
        }
        let threads = self.params.threads.max(1);
        match pool {
            Some(pool) if threads > 1 || report.is_some() => {
                let running = AtomicU64::new(threads as u64);
                pool.in_place_scope(|scope| {
                    for w in 0..threads {
                        let (sh, running) = (&sh, &running);
                        scope.spawn(move |_| {
                            let mut worker =
                                Worker::new(game, color, seed.wrapping_add(w as u64 + 1));
                            while !sh.finished() {
                                simulate(sh, &mut worker);
                            }
                            running.fetch_sub(1, Relaxed);
                        });
                    }
                    if let Some(rep) = report.as_mut() {
                        let mut next = Instant::now() + rep.interval;
                        while running.load(Relaxed) > 0 {
                            if Instant::now() >= next {
                                (rep.callback)(&report::result(&sh));
                                next = Instant::now() + rep.interval;
                            }
                            std::thread::sleep(Duration::from_millis(5));
                        }
                    }
                });
            }
            _ => {
                let mut worker = Worker::new(game, color, seed.wrapping_add(1));
                while !sh.finished() {
                    simulate(&sh, &mut worker);
                }
            }
        }
        let last = report::result(&sh);
        if let Some(rep) = report.as_mut().filter(|_| options.final_report) {
            (rep.callback)(&last);
        }
        let tree = sh.tree.into_inner().unwrap_or_else(|e| e.into_inner());
        *self.kept.lock().unwrap_or_else(|e| e.into_inner()) = Some(Kept {
            tree,
            moves: game.moves().to_vec(),
            color,
            key: game_key(game),
        });
        last
    }
}

/// A worker's own state.
struct Worker<'g> {
    line: Line<'g>,
    buf: EvalBuffers,
    /// The last evaluation, and the children it gives.
    eval: KataEval,
    kids: Vec<(Move, f32)>,
    rng: SmallRng,
    path: Vec<usize>,
}

impl<'g> Worker<'g> {
    fn new(game: &'g Game, color: Color, seed: u64) -> Worker<'g> {
        Worker {
            line: Line::new(game, color),
            buf: EvalBuffers::default(),
            eval: KataEval::default(),
            kids: Vec::new(),
            rng: SmallRng::seed_from_u64(seed),
            path: Vec::new(),
        }
    }
}

/// One simulation: descend, judge, expand, back up.
fn simulate(sh: &Shared<'_>, w: &mut Worker<'_>) {
    sh.started.fetch_add(1, Relaxed);
    w.line.reset(sh.color);
    w.path.clear();
    let leaf = {
        let mut t = sh.lock();
        let mut i = 0;
        t.enter(0);
        w.path.push(0);
        while t.node(i).expanded() && !w.line.is_over() {
            let k = t.select(i, &sh.select);
            t.enter(k);
            w.path.push(k);
            w.line.play(t.node(k).mv);
            i = k;
        }
        i
    };
    let to_move = w.line.to_move();
    // For the side to move at the leaf.
    let judged = !w.line.is_over();
    let r = if judged {
        w.line.find_legal();
        let sym = Symmetry::new((w.rng.next_u32() % 8) as usize).unwrap_or(Symmetry::IDENTITY);
        sh.net
            .evaluate_into(&w.line, to_move, sym, &mut w.buf, &mut w.eval);
        judge::children_into(w.line.board().size(), &w.eval, &mut w.kids);
        judge::judged(sh, &w.eval, to_move)
    } else {
        let (winloss, lead) = judge::final_score(sh.game, &w.line, to_move);
        judge::scored(sh, winloss, lead, 0.0, to_move)
    };
    if judged {
        let child = w.path.get(1).copied();
        sh.owners
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .add(&w.eval.owner, to_move, child);
    }
    let mut t = sh.lock();
    if judged {
        t.expand(leaf, w.kids.iter().copied());
    }
    // The leaf's own node is its opponent's move.
    t.backup(&w.path, r.negated());
}

/// The network's judgement of the root, into the worker's evaluation.
fn evaluate_root(net: &Evaluator, color: Color, w: &mut Worker<'_>) {
    w.line.reset(color);
    w.line.find_legal();
    let sym = Symmetry::new((w.rng.next_u32() % 8) as usize).unwrap_or(Symmetry::IDENTITY);
    net.evaluate_into(&w.line, color, sym, &mut w.buf, &mut w.eval);
}
