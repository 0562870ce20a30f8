//! An analysis worker: takes turns from the queue and searches them on
//! the shared search threads, each from an empty tree, sending the
//! answers (during the search when asked, then the final one).

use super::answer::{self, Context, Raw};
use super::output::Output;
use super::query::Query;
use super::queue::{Job, Queue};
use crate::knowledge::Networks;
use crate::knowledge::katago::{KataBuffers, KataEval, ROOT_OPTIMISM, dense_point};
use crate::knowledge::model::Model;
use crate::knowledge::net::symmetry::Symmetry;
use crate::rules::{Color, Game, Move};
use crate::search::puct::evaluator::{EvalBuffers, Evaluator};
use crate::search::puct::{PuctParams, PuctSearcher};
use crate::search::{
    Report, RootOptions, SearchLimits, SearchParams, SearchRequest, SearchResult, Searcher,
    SizedParams, is_large,
};
use crate::stop::StopCheck;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

/// What every worker searches with.
pub struct Settings {
    /// Search parameters by board size.
    pub params: SizedParams,
    /// Search threads of each search (their share of the pool).
    pub threads: usize,
    /// The move-prediction model.
    pub model: Arc<Model>,
    /// The policy (and value) networks.
    pub nets: Networks,
    /// Seed of every search; a turn's search adds its turn number.
    pub seed: u64,
}

/// The report interval when the query asks for none: the search still
/// runs on the shared threads, and reports nothing before it ends.
const NO_REPORT: Duration = Duration::from_secs(365 * 24 * 3600);

/// One worker's searchers, one per side of [`crate::search::LARGE_BOARD`],
/// or the PUCT search of a KataGo network, made when first needed.
pub struct Worker<'a> {
    settings: &'a Settings,
    small: Option<Searcher>,
    large: Option<Searcher>,
    puct: Option<PuctSearcher>,
}

impl<'a> Worker<'a> {
    /// A worker with no searcher yet.
    pub fn new(settings: &'a Settings) -> Worker<'a> {
        Worker {
            settings,
            small: None,
            large: None,
            puct: None,
        }
    }

    fn searcher(&mut self, size: usize) -> &mut Searcher {
        let large = is_large(size);
        let s = self.settings;
        let slot = if large {
            &mut self.large
        } else {
            &mut self.small
        };
        slot.get_or_insert_with(|| {
            let params = SearchParams {
                threads: s.threads,
                ..s.params.for_size(size)
            };
            Searcher::with_model(params, &s.model).with_net(s.nets.get(large).cloned())
        })
    }

    /// Takes turns until the queue is closed and empty.
    pub fn serve(&mut self, queue: &Queue, pool: &rayon::ThreadPool, out: &Output<'_>) {
        while let Some((job, stop)) = queue.pop() {
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.run(&job, &stop, pool, out)
            }));
            if run.is_err() {
                // A bug, not the input's fault: answer, and start afresh.
                log::error!("the search of {:?} turn {} failed", job.query.id, job.turn);
                out.send(&serde_json::json!({
                    "id": job.query.id,
                    "turnNumber": job.turn,
                    "error": "internal error during the search",
                }));
                self.small = None;
                self.large = None;
                self.puct = None;
            }
            queue.finished(&job);
        }
    }

    /// Searches one turn and sends its answers.
    fn run(&mut self, job: &Job, stop: &AtomicU64, pool: &rayon::ThreadPool, out: &Output<'_>) {
        let q: &Query = &job.query;
        let Some(game) = q.position.game_at(job.turn) else {
            out.send(&serde_json::json!({
                "id": q.id, "turnNumber": job.turn, "error": "the turn does not replay",
            }));
            return;
        };
        let color = game.to_move();
        let options = root_options(q, color);
        let size = game.size().get();
        let s = self.settings;
        if let Some(eval) = Evaluator::for_size(&s.nets, &s.model, is_large(size)) {
            self.run_puct(job, &game, eval, &options, stop, pool, out);
            return;
        }
        let searcher = self.searcher(size);
        // `maxVisits` counts simulations through the tree: the warm-up
        // playouts some sizes start with come on top.
        let p = searcher.params();
        let warm_up = if p.priors_read_ownership() {
            u64::from(p.owner_warmup)
        } else {
            0
        };
        let limits = SearchLimits {
            playouts: Some(q.max_visits.saturating_add(warm_up)),
            time: q.max_time,
            stop: StopCheck::new(stop, 0),
        };
        let seed = self.settings.seed.wrapping_add(job.turn as u64);
        let searcher = self.searcher(size);
        // A fresh tree: an answer depends on its query alone.
        searcher.clear();
        let policy = q.policy.then(|| searcher.root_policy(&game, color));
        let context = |during| Context {
            query: q,
            turn: job.turn,
            game: &game,
            during,
            policy: policy.as_deref(),
            pass_policy: 0.0,
            // A network that judges positions is searched by PUCT.
            raw: None,
        };
        let result = search_and_answer(q, context, warm_up, out, |report| {
            let req = SearchRequest::new(&game, color, limits, seed)
                .pool(Some(pool))
                .report(Some(report))
                .options(&options);
            searcher.search(req)
        });
        log::info!(
            "analysis {:?} turn {}: {} visits in {:.2}s ({:.0}/s), best {}",
            q.id,
            job.turn,
            result.playouts,
            result.elapsed.as_secs_f64(),
            result.playouts_per_second(),
            crate::rules::point::move_name(game.size(), result.best),
        );
    }
}

impl Worker<'_> {
    /// Searches one turn with the PUCT search of the network that judges
    /// its board size (a KataGo network's, or hane's own where it has
    /// value heads), from a fresh tree, and sends its answers.
    #[allow(clippy::too_many_arguments)]
    fn run_puct(
        &mut self,
        job: &Job,
        game: &Game,
        eval: Evaluator,
        options: &RootOptions,
        stop: &AtomicU64,
        pool: &rayon::ThreadPool,
        out: &Output<'_>,
    ) {
        let q: &Query = &job.query;
        let color = game.to_move();
        let threads = self.settings.threads;
        // The network's own view of the root: the raw value and lead,
        // and the policy the search starts from (a KataGo network's
        // without symmetry averaging, as KataGo reports it).
        let e = match &eval {
            Evaluator::Kata(net) => net.evaluate(
                game,
                color,
                Symmetry::IDENTITY,
                ROOT_OPTIMISM,
                &mut KataBuffers::default(),
            ),
            Evaluator::Own { .. } => {
                let mut e = KataEval::default();
                let mut buf = EvalBuffers::default();
                eval.evaluate_into(game, color, Symmetry::IDENTITY, &mut buf, &mut e);
                e
            }
        };
        let selfplay = matches!(eval, Evaluator::Kata(_))
            .then(|| (f64::from(e.score_mean), f64::from(e.score_stdev)));
        let raw = Some(Raw {
            win: f64::from(e.win),
            lead: f64::from(e.lead),
            selfplay,
        });
        // Only one kind of network judges in a session (a KataGo network
        // every size, hane's own the small boards alone): one searcher.
        let searcher = self.puct.get_or_insert_with(|| {
            PuctSearcher::new(
                eval,
                PuctParams {
                    threads,
                    ..PuctParams::default()
                },
            )
        });
        searcher.clear();
        let limits = SearchLimits {
            playouts: Some(q.max_visits),
            time: q.max_time,
            stop: StopCheck::new(stop, 0),
        };
        let policy = q.policy.then(|| {
            let mut by_point = vec![0.0; crate::rules::point::MAX_POINTS];
            for (i, &p) in e.policy.iter().enumerate() {
                if let Some(pt) = dense_point(game.size(), i) {
                    by_point[pt.index()] = p.max(0.0);
                }
            }
            by_point
        });
        let context = |during| Context {
            query: q,
            turn: job.turn,
            game,
            during,
            policy: policy.as_deref(),
            pass_policy: e.pass,
            raw,
        };
        let seed = self.settings.seed.wrapping_add(job.turn as u64);
        let result = search_and_answer(q, context, 0, out, |report| {
            let req = SearchRequest::new(game, color, limits, seed)
                .pool(Some(pool))
                .report(Some(report))
                .options(options);
            searcher.search(req)
        });
        log::info!(
            "analysis {:?} turn {}: {} visits in {:.2}s, best {}",
            q.id,
            job.turn,
            result.playouts,
            result.elapsed.as_secs_f64(),
            crate::rules::point::move_name(game.size(), result.best),
        );
    }
}

/// Runs `search` with a report that sends answers during the search when
/// the query asks for them (`reportDuringSearchEvery`), then sends the
/// final answer; the first `warm_up` playouts are not counted as visits.
fn search_and_answer<'c>(
    q: &Query,
    context: impl Fn(bool) -> Context<'c>,
    warm_up: u64,
    out: &Output<'_>,
    search: impl FnOnce(Report<'_>) -> SearchResult,
) -> SearchResult {
    let mut progress = |r: &SearchResult| {
        if r.candidates.iter().any(|c| c.visits > 0) {
            out.send(&answer::answer(&context(true), r, warm_up));
        }
    };
    let mut quiet = |_: &SearchResult| {};
    let report = match q.report_every {
        Some(interval) => Report {
            interval,
            callback: &mut progress,
        },
        None => Report {
            interval: NO_REPORT,
            callback: &mut quiet,
        },
    };
    let result = search(report);
    out.send(&answer::answer(&context(false), &result, warm_up));
    result
}

/// The root restrictions of `avoidMoves` and `allowMoves` for `color`, the
/// player to move (each entry applies from the first ply on).
fn root_options(q: &Query, color: Color) -> RootOptions {
    let mine = |r: &&super::query::MoveRule| r.color == color && r.until_depth >= 1;
    let avoid: Vec<Move> = q
        .avoid
        .iter()
        .filter(mine)
        .flat_map(|r| r.moves.clone())
        .collect();
    let allow = q.allow.iter().find(mine).map(|r| r.moves.clone());
    RootOptions {
        avoid,
        allow,
        move_ownership: q.moves_ownership,
        final_report: false,
    }
}
