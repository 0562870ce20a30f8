//! Hostile input for the GTP layer, in process.
//!
//! - `stateful_fuzz`: random, absurd and mutated command lines go through
//!   `preprocess` / `parse_request` / `parse_command` / `Session::execute`
//!   one by one. After every command the board's invariants must hold; a
//!   command that fails (and every read-only command) must leave the whole
//!   observable state unchanged; `is_legal` must agree with `play`, and
//!   `play` followed by `undo` must restore the position exactly.
//! - `framing_fuzz`: random sequences of lines through `hane::gtp::serve`
//!   over an in-memory input; the output must be exactly one well-formed
//!   response per non-empty, non-comment line, ids echoed.
//! - Dedicated cases: 1 MB and 10 MB lines, invalid UTF-8 and NUL bytes,
//!   absurd numbers, `loadsgf` on a directory, `/dev/zero`, malformed 10 MB
//!   files and a missing file, `printsgf` to unwritable paths.
//!
//! The fuzzers never send `loadsgf`, nor `printsgf` with a path, so they
//! never touch the file system; the dedicated tests write only under
//! `CARGO_TARGET_TMPDIR`.
//!
//! Knobs: `PROPTEST_CASES` (stateful cases, default 256, each up to 120
//! lines; the framing fuzzer runs a quarter as many), `PROPTEST_RNG_SEED`
//! to replay a run. Every run prints the number of inputs it tried.

use hane::config::{Config, PlayerKind};
use hane::gtp::command::{COMMANDS, Command, HandicapArg, parse_command};
use hane::gtp::error::GtpError;
use hane::gtp::request::{parse_request, preprocess};
use hane::gtp::{MAX_LINE, Session, serve};
use hane::rules::{ByColor, Cell, Color, HandicapSource, Move, Point, Rules};
use hane::stop::StopCheck;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config as RunnerConfig, TestCaseError, TestRunner};
use std::io::Cursor;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

#[path = "fuzz_gtp/state.rs"]
mod state;
use state::*;
#[path = "fuzz_gtp/lines.rs"]
mod lines;
use lines::*;
#[path = "fuzz_gtp/dedicated.rs"]
mod dedicated;

/// Stateful cases when `PROPTEST_CASES` is not set.
const DEFAULT_CASES: u32 = 256;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(RunnerConfig {
        cases,
        // Never write proptest-regressions files.
        failure_persistence: None,
        max_shrink_iters: 2000,
        ..RunnerConfig::default()
    })
}

fn new_session(size: u32) -> Session {
    let config = Config {
        player: PlayerKind::Random,
        size,
        // The dead-stone estimate behind final_score is not what is fuzzed
        // here; a few playouts keep debug runs fast.
        status_playouts: Some(8),
        ..Config::default()
    };
    Session::new(&config, config.make_player())
}

// ---------------------------------------------------------------------------
// The fuzzers
// ---------------------------------------------------------------------------

#[test]
fn stateful_fuzz() {
    let cases = cases();
    let strategy =
        prop::sample::select(&[2u32, 3, 4, 5, 5, 7, 9, 9, 13, 19][..]).prop_flat_map(|size| {
            let line = prop_oneof![3 => game_line(size), 2 => fuzz_line()];
            (Just(size), prop::collection::vec(line, 1..120))
        });
    let result = runner(cases).run(&strategy, |(size, lines)| {
        let mut session = new_session(size);
        for (i, raw) in lines.iter().enumerate() {
            step(&mut session, raw).map_err(|fault| {
                let history: Vec<String> = lines[..i].iter().map(|l| show(l)).collect();
                TestCaseError::fail(format!(
                    "start size {size}; line {i} {}: {fault}\nearlier lines: [{}]",
                    show(raw),
                    history.join(", ")
                ))
            })?;
        }
        Ok(())
    });
    let n = |c: &AtomicU64| c.load(Ordering::Relaxed);
    eprintln!(
        "stateful_fuzz: {cases} cases, {} non-blank lines tried: {} parsed into commands \
         ({} answered =, {} answered ?), {} stones played, {} of them capturing",
        n(&STATEFUL_INPUTS),
        n(&PARSED),
        n(&ACCEPTED),
        n(&REFUSED),
        n(&STONES_PLAYED),
        n(&CAPTURES),
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// What one input line should produce from `serve`.
enum Expect {
    /// A response carrying this id (or none).
    Answer(Option<String>),
    /// A response, then nothing more (quit).
    Quit(Option<String>),
}

fn expected_answers(input: &[u8]) -> Vec<Expect> {
    let mut pieces: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if input.ends_with(b"\n") || input.is_empty() {
        pieces.pop();
    }
    let mut out = Vec::new();
    for raw in pieces {
        let Some(line) = preprocess(raw) else {
            continue;
        };
        let req = parse_request(&line);
        if raw.len() <= MAX_LINE && req.name == "quit" {
            out.push(Expect::Quit(req.id));
            break;
        }
        out.push(Expect::Answer(req.id));
    }
    out
}

/// Splits `serve` output into responses, checking the framing rules.
fn split_responses(out: &[u8]) -> Result<Vec<String>, String> {
    let text = std::str::from_utf8(out).map_err(|e| format!("output is not UTF-8: {e}"))?;
    if text.is_empty() {
        return Ok(Vec::new());
    }
    if !text.ends_with("\n\n") {
        return Err(format!(
            "output does not end with an empty line: {:?}",
            tail(text)
        ));
    }
    if text.starts_with('\n') {
        return Err("output starts with an empty line".into());
    }
    if let Some(i) = text.find("\n\n\n") {
        return Err(format!(
            "two empty lines in a row (a response ended twice) after {:?}",
            tail(&text[..i])
        ));
    }
    let mut responses = Vec::new();
    for block in text[..text.len() - 2].split("\n\n") {
        if !block.starts_with(['=', '?']) {
            return Err(format!(
                "response does not start with = or ?: {:?}",
                head(block)
            ));
        }
        if block.contains('\r') {
            return Err(format!("CR inside a response: {:?}", head(block)));
        }
        responses.push(block.to_string());
    }
    Ok(responses)
}

fn head(s: &str) -> String {
    s.chars().take(120).collect()
}

fn tail(s: &str) -> String {
    let n = s.chars().count();
    s.chars().skip(n.saturating_sub(120)).collect()
}

/// Runs `serve` on `input` with a fresh session and checks the framing
/// against the lines; returns the responses.
fn serve_and_check(input: Vec<u8>, size: u32) -> Result<Vec<String>, String> {
    let expect = expected_answers(&input);
    let mut session = new_session(size);
    let mut out = Vec::new();
    catch_unwind(AssertUnwindSafe(|| {
        serve(Cursor::new(input), &mut out, &mut session)
    }))
    .map_err(|e| format!("serve panicked: {}", panic_text(&*e)))?
    .map_err(|e| format!("serve failed: {e}"))?;
    check_state(&session)?;
    let responses = split_responses(&out)?;
    if responses.len() != expect.len() {
        return Err(format!(
            "{} responses for {} command lines; output starts {:?}",
            responses.len(),
            expect.len(),
            head(&String::from_utf8_lossy(&out))
        ));
    }
    for (r, e) in responses.iter().zip(&expect) {
        let id = match e {
            Expect::Answer(id) | Expect::Quit(id) => id.as_deref().unwrap_or(""),
        };
        let first = r.lines().next().unwrap_or("");
        let want = format!("{id} ");
        if !first[1..].starts_with(&want) {
            return Err(format!("response {first:?} does not echo id {id:?}"));
        }
    }
    Ok(responses)
}

#[test]
fn framing_fuzz() {
    let cases = (cases() / 4).max(1);
    let strategy = (
        prop::sample::select(&[2u32, 5, 9, 19][..]),
        prop::collection::vec(fuzz_line(), 0..40),
        any::<bool>(),
    );
    let result = runner(cases).run(&strategy, |(size, lines, final_newline)| {
        let lines: Vec<Vec<u8>> = lines
            .into_iter()
            .filter(|l| !preprocess(l).is_some_and(|t| touches_files(&t)))
            .collect();
        FRAMING_INPUTS.fetch_add(lines.len() as u64, Ordering::Relaxed);
        let mut input = lines.join(&b'\n');
        if final_newline {
            input.push(b'\n');
        }
        serve_and_check(input, size).map_err(|fault| {
            TestCaseError::fail(format!(
                "{fault}\nlines: [{}]",
                lines.iter().map(|l| show(l)).collect::<Vec<_>>().join(", ")
            ))
        })?;
        Ok(())
    });
    eprintln!(
        "framing_fuzz: {} cases, {} lines through serve",
        cases,
        FRAMING_INPUTS.load(Ordering::Relaxed)
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}
