//! `hane analysis`: KataGo's JSON analysis protocol, as KaTrain and other
//! review tools speak it. Queries come on stdin, one JSON object a line;
//! answers go to stdout, one JSON object a line, as each search finishes.
//!
//! - [`query`]: reading and checking a line (an analysis query or an
//!   action); [`position`]: the game it describes, its rules and moves.
//! - [`queue`]: the turns waiting, by priority, and those being searched,
//!   which `terminate` reaches.
//! - [`worker`]: the workers that search the turns on the shared search
//!   threads; [`answer`]: the answers' JSON; [`output`]: whole lines out.
//!
//! [`serve`] reads on the calling thread and never waits for a search, so
//! actions are answered at once, and several queries are in flight
//! together. Nothing but answers reaches the output; logs go to stderr.
//! `docs/analysis-engine.md` describes the protocol as hane answers it.

pub mod answer;
pub mod output;
pub mod position;
pub mod query;
pub mod queue;
pub mod worker;

use crate::config::Config;
use output::Output;
use query::{Defaults, Request};
use queue::Queue;
use serde_json::{Value, json};
use std::io::{self, BufRead, Write};
use std::time::Duration;
use worker::{Settings, Worker};

/// Simulations per turn when neither the query nor `--playouts` says
/// (KataGo's example analysis configuration has 500).
pub const DEFAULT_VISITS: u64 = 500;

/// Reads queries from `input` until it ends, answering on `output`; then
/// finishes the turns still queued (as KataGo does) and returns.
/// `analysis_threads` turns are searched at once (at most one per search
/// thread of `config`), sharing `config.threads` search threads.
///
/// # Errors
/// The search threads cannot start, or `config`'s `--tune` settings are
/// not accepted.
pub fn serve(
    input: impl BufRead,
    output: impl Write + Send,
    config: &Config,
    analysis_threads: usize,
) -> io::Result<()> {
    let threads = config.threads.max(1);
    let workers = analysis_threads.clamp(1, threads);
    if workers < analysis_threads {
        log::warn!(
            "{analysis_threads} analysis threads asked, {workers} with {threads} search threads"
        );
    }
    let per_search = (threads / workers).max(1);
    let params = config
        .search_params()
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let settings = Settings {
        params,
        threads: per_search,
        model: config.model(),
        nets: config.net(),
        seed: config.seed,
    };
    let defaults = Defaults {
        max_visits: config.playouts.unwrap_or(DEFAULT_VISITS),
        max_time: config.time_per_move.map(Duration::from_secs_f64),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("search-{i}"))
        .build()
        .map_err(io::Error::other)?;
    let out = Output::new(output);
    let queue = Queue::default();
    log::info!(
        "analysis engine ready: {workers} turn(s) at once, {per_search} search thread(s) each"
    );
    std::thread::scope(|scope| {
        for i in 0..workers {
            let (settings, queue, pool, out) = (&settings, &queue, &pool, &out);
            let spawned = std::thread::Builder::new()
                .name(format!("analysis-{i}"))
                .spawn_scoped(scope, move || Worker::new(settings).serve(queue, pool, out));
            if let Err(e) = spawned {
                log::error!("cannot start an analysis thread: {e}");
            }
        }
        read(input, &queue, &out, &defaults, config);
        queue.close();
    });
    Ok(())
}

/// The reader: one request a line until the input ends or the output
/// breaks.
fn read(
    mut input: impl BufRead,
    queue: &Queue,
    out: &Output<'_>,
    defaults: &Defaults,
    config: &Config,
) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                log::error!("cannot read the input: {e}");
                break;
            }
        }
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        handle(line, queue, out, defaults, config);
        if out.is_broken() {
            // Nobody reads the answers: stop the searches and leave.
            queue.terminate(None, None);
            break;
        }
    }
}

/// Answers one line: at once for actions and errors; analysis turns go to
/// the queue.
fn handle(line: &str, queue: &Queue, out: &Output<'_>, defaults: &Defaults, config: &Config) {
    match query::parse(line, defaults) {
        Err(f) => out.send(&f.to_json()),
        Ok(Request::Analyze {
            query,
            turns,
            warnings,
        }) => {
            for w in &warnings {
                out.send(w);
            }
            queue.push(&query, &turns);
        }
        Ok(Request::Version(mut echo)) => {
            echo.insert("version".into(), json!(env!("CARGO_PKG_VERSION")));
            echo.insert("git_hash".into(), json!("<omitted>"));
            echo.insert("name".into(), json!("hane"));
            out.send(&Value::Object(echo));
        }
        Ok(Request::ClearCache(echo)) => out.send(&Value::Object(echo)),
        Ok(Request::Models(mut echo)) => {
            let net = |external: bool, large: bool| {
                let name = if external { "--net" } else { "built-in" };
                json!({
                    "name": name,
                    "internalName": if large { "hane large boards" } else { "hane small boards" },
                    "maxBatchSize": 1,
                    "usesHumanSLProfile": false,
                    "version": 0,
                    "usingFP16": "false",
                })
            };
            let external = config.net.is_some();
            echo.insert(
                "models".into(),
                json!([net(external, false), net(external, true)]),
            );
            out.send(&Value::Object(echo));
        }
        Ok(Request::Terminate { echo, id, turns }) => {
            for job in queue.terminate(id.as_deref(), turns.as_deref()) {
                out.send(&answer::no_results(&job.query.id, job.turn));
            }
            out.send(&Value::Object(echo));
        }
    }
}
