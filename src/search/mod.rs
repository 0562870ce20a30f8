//! Monte Carlo tree search over one shared tree.
//!
//! Depends on the rules core only. [`Searcher::search`] grows the tree from
//! the game's current position for one colour: each simulation descends by
//! UCT-RAVE urgency (priors folded in, virtual loss for moves other threads
//! are exploring), expands a leaf, plays it out with a [`PlayoutKind`]
//! policy on a cloned board, scores it by area under the game's rules, and
//! backs the result up. Root candidates are exactly the moves the rules
//! core calls legal (full situational superko); deeper moves use simple ko
//! only. With one thread and a playout limit the search is deterministic
//! for a seed.

mod capture;
mod expand;
mod params;
mod pass;
pub mod playout;
pub mod puct;
mod report;
mod results;
mod root_stats;
mod select;
mod shared;
pub mod time;
pub mod tree;
#[cfg(test)]
mod tune;
mod worker;

pub use capture::CaptureGoal;
pub use params::{Constant, LARGE_BOARD, SearchParams, SizedParams, is_large};

use crate::knowledge::model::Model;
use crate::knowledge::net::{self, Net};
use crate::knowledge::priors;
use crate::rules::{Color, Game, Move, Point, Rules};
pub use playout::PlayoutKind;
use report::result;
pub use results::{Candidate, Report, SearchLimits, SearchResult};
pub use root_stats::RootOptions;
use root_stats::RootStats;
use shared::Shared;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};
use tree::{NodeId, PASS, Tree, move_id};
use worker::worker;

/// The moves a search from `game` for `color` considers at its root:
/// the legal moves (situational superko included) except filling an own
/// true eye, and the multi-stone suicide some rules allow, which gives
/// the opponent the stones and is never better than a pass under area
/// counting.
pub fn root_moves(game: &Game, color: Color) -> Vec<Point> {
    let board = game.board();
    game.legal_moves(color)
        .into_iter()
        .filter(|&p| !board.is_true_eye(color, p) && !board.is_suicide(color, p))
        .collect()
}

/// The model's probability of each root move ([`root_moves`]), corrected
/// by the policy network if there is one, by point index (0 elsewhere): the root priors, `hane-policy` and the analysis
/// `prior` fields all use these numbers.
pub fn root_policy(model: &Model, net: Option<&Net>, game: &Game, color: Color) -> Vec<f32> {
    let moves = root_moves(game, color);
    let mut rated = priors::Rated::default();
    priors::probabilities(
        model,
        game.board(),
        color,
        moves.iter().copied(),
        priors::Adjust::default(),
        &mut rated,
    );
    if let Some(net) = net {
        let mut buf = net::NetBuffers::default();
        net::correct(net, game.board(), color, &moves, &mut rated.probs, &mut buf);
    }
    let mut out = vec![0.0; crate::rules::point::MAX_POINTS];
    for (p, pr) in moves.into_iter().zip(rated.probs) {
        out[p.index()] = pr;
    }
    out
}

/// One search: the position, the colour, when to stop, and how. Both
/// searchers take it ([`Searcher::search`], [`puct::PuctSearcher::search`]).
/// Its reports may live less long than the rest (`'r`).
pub struct SearchRequest<'a, 'r> {
    /// The game whose current position is searched.
    pub game: &'a Game,
    /// The colour to move there.
    pub color: Color,
    /// When to stop.
    pub limits: SearchLimits<'a>,
    /// The threads the workers run on; `None`: the calling thread alone.
    pub pool: Option<&'a rayon::ThreadPool>,
    /// The seed of every random choice.
    pub seed: u64,
    /// Progress reports (analysis), which need a pool.
    pub report: Option<Report<'r>>,
    /// The root's moves and statistics an analysis asks for.
    pub options: &'a RootOptions,
}

/// Every legal move at the root, no per-move ownership.
static PLAIN: RootOptions = RootOptions::PLAIN;

impl<'a, 'r> SearchRequest<'a, 'r> {
    /// A search of `game` for `color` within `limits`, seeded by `seed`,
    /// on the calling thread, without reports, over every legal move.
    pub fn new(game: &'a Game, color: Color, limits: SearchLimits<'a>, seed: u64) -> Self {
        SearchRequest {
            game,
            color,
            limits,
            pool: None,
            seed,
            report: None,
            options: &PLAIN,
        }
    }

    /// This request on `pool`'s threads.
    pub fn pool(self, pool: Option<&'a rayon::ThreadPool>) -> Self {
        SearchRequest { pool, ..self }
    }

    /// This request with progress reports.
    pub fn report<'s>(self, report: Option<Report<'s>>) -> SearchRequest<'a, 's> {
        SearchRequest {
            game: self.game,
            color: self.color,
            limits: self.limits,
            pool: self.pool,
            seed: self.seed,
            report,
            options: self.options,
        }
    }

    /// This request with the root's `options`.
    pub fn options(self, options: &'a RootOptions) -> Self {
        SearchRequest { options, ..self }
    }
}

/// The kept root: node, key of the game's initial position and scoring,
/// the moves played to reach it, and the colour to move there.
type RootInfo = (NodeId, RootKey, Vec<(Color, Move)>, Color);

/// What a kept tree's statistics depend on besides the moves: the initial
/// position (size, setup stones), komi and rules. A `komi` or rules change
/// mid-game therefore starts a fresh tree.
type RootKey = (u64, u64, Rules);

/// The searcher: the tree (kept between moves for reuse) and the model.
pub struct Searcher {
    tree: Tree,
    model: std::sync::Arc<Model>,
    /// The policy network that corrects the model's priors, if any.
    net: Option<std::sync::Arc<Net>>,
    params: SearchParams,
    /// The root and the game it stands for.
    root: Option<RootInfo>,
}

impl Searcher {
    /// A searcher with an empty tree and the built-in model.
    pub fn new(params: SearchParams) -> Searcher {
        Searcher::with_model(params, &crate::knowledge::builtin())
    }

    /// A searcher with an empty tree and `model`'s priors and playout
    /// weights.
    pub fn with_model(params: SearchParams, model: &std::sync::Arc<Model>) -> Searcher {
        Searcher {
            tree: Tree::new(params.max_tree_bytes),
            model: model.clone(),
            net: None,
            params,
            root: None,
        }
    }

    /// This searcher with `net` correcting its tree priors where its
    /// parameters' `net_prior` is set (a new tree: the kept one was grown
    /// with other priors).
    pub fn with_net(mut self, net: Option<std::sync::Arc<Net>>) -> Searcher {
        self.net = net;
        self.root = None;
        self
    }

    /// Forgets the tree.
    pub fn clear(&mut self) {
        self.root = None;
    }

    /// The parameters this searcher searches with.
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// The move-prediction model (priors and playout weights).
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The tree (for tests and statistics).
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The root for `game` with `color` to move: the kept subtree if the
    /// game continued the moves it was built for, else a fresh root.
    fn prepare_root(&mut self, game: &Game, color: Color) -> NodeId {
        let key = (
            game.initial_board().hash() ^ game.size().get() as u64,
            game.komi().to_bits(),
            game.rules(),
        );
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

    /// Searches the current position of `req.game` for `req.color`.
    /// With reports, the workers run on the request's pool while the
    /// calling thread reports; without reports and with one thread the
    /// search runs on the calling thread, which keeps it deterministic
    /// for a seed.
    pub fn search(&mut self, req: SearchRequest<'_, '_>) -> SearchResult {
        self.grow(req, None)
    }

    /// [`Searcher::search`] that never stops early because the move is
    /// decided: for benchmarks, which want the full time of playouts.
    pub fn search_full(&mut self, req: SearchRequest<'_, '_>) -> SearchResult {
        let saved = self.params.early_stop;
        self.params.early_stop = false;
        let r = self.search(req);
        self.params.early_stop = saved;
        r
    }

    /// Searches for `req.color` (attacker or defender) with a simulation
    /// counting as a win for whoever reached their side of `goal`: the
    /// result's `win_rate` is `req.color`'s chance ([`CaptureGoal`]).
    /// The tree starts empty and is not kept: its statistics mean nothing
    /// to a search for the game's result.
    pub fn search_capture(
        &mut self,
        req: SearchRequest<'_, '_>,
        goal: &CaptureGoal,
    ) -> SearchResult {
        self.clear();
        let result = self.grow(req, Some(goal));
        self.clear();
        result
    }

    /// The root's move probabilities this searcher would search `game`
    /// with for `color` ([`root_policy`], with its network where its
    /// parameters let the network correct the priors).
    pub fn root_policy(&self, game: &Game, color: Color) -> Vec<f32> {
        let net = self.net.as_deref().filter(|_| self.params.net_prior);
        root_policy(&self.model, net, game, color)
    }

    /// The search behind [`Searcher::search`] and
    /// [`Searcher::search_capture`]: for the game's result, or for the
    /// capture of `goal`'s stones.
    fn grow(&mut self, req: SearchRequest<'_, '_>, goal: Option<&CaptureGoal>) -> SearchResult {
        let SearchRequest {
            game,
            color,
            ref limits,
            pool,
            seed,
            mut report,
            options,
        } = req;
        let start = Instant::now();
        let model = std::sync::Arc::clone(&self.model);
        let policy = self.params.playout_policy(&model);
        let (allow_pass, probes) = pass::allowed(game, color, policy, limits.playouts, seed);
        let mut root = self.prepare_root(game, color);
        if allow_pass
            && self.tree.is_expanded(root)
            && !self
                .tree
                .children(root)
                .any(|c| self.tree.node(c).mv() == PASS)
        {
            // A root kept from a search that did not consider passing.
            self.root = None;
            root = self.prepare_root(game, color);
        }
        let board = game.board();
        let mut legal_root = vec![false; crate::rules::point::MAX_POINTS];
        let legal = root_moves(game, color);
        for &p in &legal {
            legal_root[p.index()] = options.permits(Move::Play(p));
        }
        legal_root[PASS as usize] = allow_pass && options.permits(Move::Pass);
        let prior_params = self.params.prior_params(board.size().get());
        let net = self.net.as_deref().filter(|_| self.params.net_prior);
        let root_prior = root_policy(&self.model, net, game, color);
        let (handicap, _) = game.handicap();
        let white_bonus = game.komi() + game.rules().handicap_bonus.points(handicap) as f64;
        let mut shared = Shared {
            tree: &self.tree,
            policy,
            params: self.params,
            root,
            board,
            color,
            legal_root: &legal_root,
            root_prior: &root_prior,
            model: &self.model,
            net,
            priors: prior_params,
            white_bonus,
            inv_rave_equiv: (1.0 / self.params.rave_equiv.max(1.0)) as f32,
            inv_losing_rave_equiv: inverse_equiv(
                self.params.losing_rave_equiv,
                self.params.rave_equiv,
            ),
            losing_below: if self.params.losing_rave_equiv > 0.0 {
                self.params.losing_below as f32
            } else {
                0.0
            },
            // Counting like Pachi's `-t =N`: the visits the root kept from
            // the last search count towards the playout limit.
            issued: AtomicU64::new(
                probes
                    + if self.params.count_kept {
                        u64::from(self.tree.node(root).visits())
                    } else {
                        0
                    },
            ),
            done: AtomicU64::new(probes),
            finish: AtomicBool::new(legal.is_empty()),
            ownership: (0..board.size().area())
                .map(|_| AtomicI64::new(0))
                .collect(),
            ownership_samples: AtomicU64::new(0),
            root_owner: std::sync::OnceLock::new(),
            owner_gammas: (self.params.owner_prior > 0.0)
                .then(|| priors::owner_gammas(self.params.owner_prior as f32)),
            allow_pass,
            root_passes: game.consecutive_passes().min(1),
            goal,
            root_stats: RootStats::default(),
        };
        // With ownership in the priors, a first map from playouts outside
        // the tree comes before the root's priors (Pachi does the same).
        let uses_ownership = shared.priors_use_ownership();
        if uses_ownership {
            let n = u64::from(self.params.owner_warmup);
            worker::warm_up(&shared, limits.playouts.map_or(n, |max| n.min(max)), seed);
        }
        let children = expand::root_children(&shared, &legal);
        if !self.tree.is_expanded(root) {
            self.tree.expand(root, &children);
        } else if self.tree.node(root).take_net_pending() || uses_ownership {
            // A root kept from the last search: its priors were set
            // without this position's ownership, or without the network
            // (`net_visits`), which the root's children always get.
            for c in self.tree.children(root) {
                let node = self.tree.node(c);
                if let Some(child) = children.iter().find(|c| c.mv == node.mv()) {
                    node.set_prior(child.visits, child.wins);
                }
            }
        }
        shared.root_stats = RootStats::new(
            &self.tree,
            root,
            board.size().area(),
            options.move_ownership,
        );
        let threads = self.params.threads.max(1);
        let tree = &self.tree;
        let snapshot = |sh: &Shared<'_>| result(tree, sh, start);
        match pool {
            Some(pool) if threads > 1 || report.is_some() => {
                let running = AtomicUsize::new(threads);
                let wake = (Mutex::new(()), Condvar::new());
                pool.in_place_scope(|scope| {
                    for w in 0..threads {
                        let (sh, running, wake) = (&shared, &running, &wake);
                        scope.spawn(move |_| {
                            worker(sh, limits, start, seed, w as u64);
                            running.fetch_sub(1, Relaxed);
                            wake.1.notify_all();
                        });
                    }
                    // The calling thread reports until the workers are done.
                    if let Some(rep) = report.as_mut() {
                        let mut next = Instant::now() + rep.interval;
                        while running.load(Relaxed) > 0 {
                            let now = Instant::now();
                            if now >= next {
                                (rep.callback)(&snapshot(&shared));
                                next = now + rep.interval;
                                continue;
                            }
                            let guard = wake.0.lock().unwrap_or_else(|e| e.into_inner());
                            let _ = wake
                                .1
                                .wait_timeout(guard, (next - now).min(Duration::from_millis(20)));
                        }
                    }
                });
            }
            _ => worker(&shared, limits, start, seed, 0),
        }
        let last = snapshot(&shared);
        // One last report, so a search shorter than the interval still
        // shows its result.
        if options.final_report
            && let Some(rep) = report.as_mut()
        {
            (rep.callback)(&last);
        }
        last
    }
}

/// 1 / `equiv`, or 1 / `fallback` where `equiv` is 0 (not set); both
/// at least 1.
fn inverse_equiv(equiv: f64, fallback: f64) -> f32 {
    let e = if equiv > 0.0 { equiv } else { fallback };
    (1.0 / e.max(1.0)) as f32
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod value_tests;
