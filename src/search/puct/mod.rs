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

pub mod line;
pub mod tree;

use super::{Candidate, Report, SearchLimits, SearchResult};
use crate::knowledge::katago::{History, KataBuffers, KataEval, KataNet};
use crate::knowledge::net::symmetry::Symmetry;
use crate::rules::score::{area_count, area_score};
use crate::rules::{Color, Game, Move};
use line::Line;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tree::{Outcome, Select, Tree};

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
    net: Arc<KataNet>,
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
    net: &'a KataNet,
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
    /// The root's own evaluation (its ownership for the reports).
    root_eval: OnceLock<KataEval>,
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
    pub fn new(net: Arc<KataNet>, params: PuctParams) -> PuctSearcher {
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

    /// Searches the current position of `game` for `color` within
    /// `limits` (simulations, time, interrupt), reporting about every
    /// `report.interval` when asked (that needs `pool`).
    pub fn run(
        &self,
        game: &Game,
        color: Color,
        limits: &SearchLimits<'_>,
        pool: Option<&rayon::ThreadPool>,
        seed: u64,
        mut report: Option<Report<'_>>,
    ) -> SearchResult {
        let cap = (self.params.max_tree_bytes / NODE_BYTES).max(1000);
        let tree = self
            .reuse(game, color, cap)
            .unwrap_or_else(|| Tree::new(cap));
        let mut first = Worker::new(game, color, seed);
        let root = evaluate_root(&self.net, color, &mut first);
        let side = (game.size().area() as f64).sqrt();
        let expected = if tree.node(0).visits > 0 {
            -tree.node(0).mean_lead()
        } else {
            root.lead as f64
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
            root_eval: OnceLock::new(),
        };
        // The root first, so that every worker descends from its children.
        {
            let mut t = sh.lock();
            if !t.node(0).expanded() {
                t.expand(0, children(game.size(), &root).into_iter());
                t.enter(0);
                let r = outcome(&sh, &root);
                t.backup(&[0], negate(r));
            }
        }
        let _ = sh.root_eval.set(root);
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
                                (rep.callback)(&result(&sh));
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
        let last = result(&sh);
        if let Some(rep) = report.as_mut() {
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
    buf: KataBuffers,
    rng: SmallRng,
    path: Vec<usize>,
}

impl<'g> Worker<'g> {
    fn new(game: &'g Game, color: Color, seed: u64) -> Worker<'g> {
        Worker {
            line: Line::new(game, color),
            buf: KataBuffers::default(),
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
    let (r, kids) = if w.line.is_over() {
        let (winloss, lead) = final_score(sh.game, &w.line, to_move);
        (scored(sh, winloss, lead, to_move), None)
    } else {
        w.line.find_legal();
        let sym = Symmetry::new((w.rng.next_u32() % 8) as usize).unwrap_or(Symmetry::IDENTITY);
        let e = sh.net.evaluate(&w.line, to_move, sym, &mut w.buf);
        let r = scored(sh, (e.win - e.loss) as f64, e.lead as f64, to_move);
        (r, Some(children(w.line.board().size(), &e)))
    };
    let mut t = sh.lock();
    if let Some(kids) = kids {
        t.expand(leaf, kids.into_iter());
    }
    // The leaf's own node is its opponent's move.
    t.backup(&w.path, negate(r));
}

/// The network's judgement of the root.
fn evaluate_root(net: &KataNet, color: Color, w: &mut Worker<'_>) -> KataEval {
    w.line.reset(color);
    w.line.find_legal();
    let sym = Symmetry::new((w.rng.next_u32() % 8) as usize).unwrap_or(Symmetry::IDENTITY);
    net.evaluate(&w.line, color, sym, &mut w.buf)
}

/// A node's children from its evaluation: every legal point and the pass,
/// the policy their priors.
fn children(size: crate::rules::BoardSize, e: &KataEval) -> Vec<(Move, f32)> {
    e.policy
        .iter()
        .enumerate()
        .filter(|&(_, &p)| p >= 0.0)
        .filter_map(|(i, &p)| {
            Some((
                Move::Play(crate::knowledge::katago::dense_point(size, i)?),
                p,
            ))
        })
        .chain(std::iter::once((Move::Pass, e.pass)))
        .collect()
}

/// An evaluation's outcome for its side to move.
fn outcome(sh: &Shared<'_>, e: &KataEval) -> Outcome {
    scored(sh, (e.win - e.loss) as f64, e.lead as f64, sh.color)
}

/// The outcome of a win-loss value and a lead for `color`, with the
/// score utility.
fn scored(sh: &Shared<'_>, winloss: f64, lead: f64, color: Color) -> Outcome {
    let f = |x: f64| std::f64::consts::FRAC_2_PI * (x / sh.side).atan();
    // The centre is the root side's; for the other side, its negation.
    let centre = if color == sh.color {
        sh.centre
    } else {
        -sh.centre
    };
    let score = sh.params.static_score * f(lead / 2.0)
        + sh.params.dynamic_score * f((lead - centre) / 0.75);
    Outcome {
        utility: winloss + score,
        winloss,
        lead,
    }
}

/// The same outcome for the other player.
fn negate(r: Outcome) -> Outcome {
    Outcome {
        utility: -r.utility,
        winloss: -r.winloss,
        lead: -r.lead,
    }
}

/// A finished game's result for `color`: +1 a win, -1 a loss, 0 a draw,
/// and the margin, by area on the board as it stands.
fn final_score(game: &Game, line: &Line<'_>, color: Color) -> (f64, f64) {
    let handicap = game.rules().handicap_bonus.points(game.handicap().0);
    let score = area_score(&area_count(line.board()), game.komi(), handicap);
    let margin = if color == Color::Black {
        score.0
    } else {
        -score.0
    };
    let value = if margin > 0.0 {
        1.0
    } else if margin < 0.0 {
        -1.0
    } else {
        0.0
    };
    (value, margin)
}

/// The search's result so far.
fn result(sh: &Shared<'_>) -> SearchResult {
    let t = sh.lock();
    let size = sh.game.size();
    let n = size.get();
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
                prior: node.prior as f64,
                score_lead: node.mean_lead(),
                pv: t.pv(k),
            }
        })
        .collect();
    let root = t.node(0);
    let (best, win_rate) = match candidates.first() {
        Some(c) => (c.mv, c.win_rate),
        None => (Move::Pass, to_prob(-root.mean_winloss())),
    };
    let pv = candidates.first().map(|c| c.pv.clone()).unwrap_or_default();
    let sign = if sh.color == Color::Black { 1.0 } else { -1.0 };
    let ownership = match sh.root_eval.get() {
        Some(e) => (0..n * n).map(|i| sign * e.owner[i]).collect(),
        None => vec![0.0; n * n],
    };
    SearchResult {
        best,
        win_rate,
        playouts: root.visits as u64,
        elapsed: sh.start.elapsed(),
        candidates,
        pv,
        ownership,
        score_lead: -root.mean_lead(),
        extra_komi: 0,
    }
}
