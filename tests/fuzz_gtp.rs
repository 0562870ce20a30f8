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
// Observable state
// ---------------------------------------------------------------------------

/// Everything a command could change, as the public accessors show it.
#[derive(Debug, PartialEq)]
struct Snapshot {
    size: usize,
    hash: u64,
    cells: Vec<Cell>,
    prisoners: (u32, u32),
    moves: Vec<(Color, Move)>,
    to_move: Color,
    komi_bits: u64,
    rules: Rules,
    handicap: (u32, HandicapSource),
    pass_stones: ByColor<u32>,
    consecutive_passes: u32,
    initial_hash: u64,
    initial_to_move: Color,
    last_move: Option<(Color, Move)>,
    ko: (Option<Point>, Option<Point>),
    /// `Debug` of the clock: exact, and NaN-proof.
    clock: String,
}

fn snapshot(s: &Session) -> Snapshot {
    let g = s.game();
    let b = g.board();
    Snapshot {
        size: g.size().get(),
        hash: b.hash(),
        cells: g.size().points().map(|p| b.cell(p)).collect(),
        prisoners: (b.prisoners(Color::Black), b.prisoners(Color::White)),
        moves: g.moves().to_vec(),
        to_move: g.to_move(),
        komi_bits: g.komi().to_bits(),
        rules: g.rules(),
        handicap: g.handicap(),
        pass_stones: g.pass_stones(),
        consecutive_passes: g.consecutive_passes(),
        initial_hash: g.initial_board().hash(),
        initial_to_move: g.initial_to_move(),
        last_move: b.last_move(),
        ko: (b.ko_point(Color::Black), b.ko_point(Color::White)),
        clock: format!("{:?}", s.clock()),
    }
}

/// Invariants that must hold after any command.
fn check_state(s: &Session) -> Result<(), String> {
    let g = s.game();
    catch_unwind(AssertUnwindSafe(|| g.board().check_invariants()))
        .map_err(|e| format!("board invariants broken: {}", panic_text(&*e)))?;
    catch_unwind(AssertUnwindSafe(|| g.initial_board().check_invariants()))
        .map_err(|e| format!("initial board invariants broken: {}", panic_text(&*e)))?;
    if !g.komi().is_finite() {
        return Err(format!("komi is not finite: {}", g.komi()));
    }
    let clock = s.clock();
    for left in [clock.left.black, clock.left.white].into_iter().flatten() {
        if !(0.0..=hane::clock::MAX_SECONDS).contains(&left.seconds) {
            return Err(format!("time left out of range: {clock:?}"));
        }
    }
    let size = g.size().get();
    if !(2..=25).contains(&size) {
        return Err(format!("board size {size}"));
    }
    Ok(())
}

fn panic_text(e: &(dyn std::any::Any + Send)) -> String {
    e.downcast_ref::<String>()
        .cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "(non-string panic)".into())
}

/// Commands that must never change the state, whatever they answer.
fn read_only(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::ProtocolVersion
            | Command::Name
            | Command::Version
            | Command::KnownCommand(_)
            | Command::ListCommands
            | Command::Showboard
            | Command::FinalScore
            | Command::FinalStatusList(_)
            | Command::Cputime
            | Command::IsLegal(..)
            | Command::ListStones(_)
            | Command::Captures(_)
            | Command::PrintSgf(None)
            | Command::GoguiInterrupt
            | Command::Score
            | Command::RegGenmove(_)
            | Command::Handicap(HandicapArg::Show)
            | Command::BestMovesGfx(_)
            | Command::PvGfx(_)
            | Command::Params(None)
    )
}

/// Lines the fuzzers must not send: they would touch the file system.
fn touches_files(line: &str) -> bool {
    let r = parse_request(line);
    r.name == "loadsgf" || (r.name == "printsgf" && !r.args.is_empty())
}

/// Runs one command under `catch_unwind`.
fn exec(s: &mut Session, cmd: Command) -> Result<Result<String, GtpError>, String> {
    catch_unwind(AssertUnwindSafe(|| s.execute(cmd, StopCheck::NEVER)))
        .map_err(|e| format!("panic: {}", panic_text(&*e)))
}

static STATEFUL_INPUTS: AtomicU64 = AtomicU64::new(0);
/// Of those: parsed into a command, answered `=`, answered `?`, stones
/// played by `play`/`genmove`, and captures seen.
static PARSED: AtomicU64 = AtomicU64::new(0);
static ACCEPTED: AtomicU64 = AtomicU64::new(0);
static REFUSED: AtomicU64 = AtomicU64::new(0);
static STONES_PLAYED: AtomicU64 = AtomicU64::new(0);
static CAPTURES: AtomicU64 = AtomicU64::new(0);
static FRAMING_INPUTS: AtomicU64 = AtomicU64::new(0);

/// Feeds one raw line to the session and checks everything that can be
/// checked about it. `Err` describes the fault.
fn step(s: &mut Session, raw: &[u8]) -> Result<(), String> {
    let Some(line) = preprocess(raw) else {
        return Ok(());
    };
    if touches_files(&line) {
        return Ok(());
    }
    STATEFUL_INPUTS.fetch_add(1, Ordering::Relaxed);
    let request = parse_request(&line);
    let cmd = match parse_command(&request) {
        Ok(c) => c,
        // A parse error never reaches the session.
        Err(_) => return Ok(()),
    };
    PARSED.fetch_add(1, Ordering::Relaxed);
    let before = snapshot(s);
    let result = exec(s, cmd.clone())?;
    check_state(s)?;
    let after = snapshot(s);
    match &result {
        Ok(_) => ACCEPTED.fetch_add(1, Ordering::Relaxed),
        Err(_) => REFUSED.fetch_add(1, Ordering::Relaxed),
    };
    if matches!(cmd, Command::Play(..) | Command::Genmove(_))
        && after.moves.len() == before.moves.len() + 1
        && !matches!(after.moves.last(), Some((_, Move::Pass)))
    {
        STONES_PLAYED.fetch_add(1, Ordering::Relaxed);
        let taken = |p: (u32, u32)| p.0 + p.1;
        if taken(after.prisoners) > taken(before.prisoners) {
            CAPTURES.fetch_add(1, Ordering::Relaxed);
        }
    }
    let unchanged = |what: &str| -> Result<(), String> {
        if before == after {
            Ok(())
        } else {
            Err(format!(
                "{what} changed the state\nbefore: {before:?}\nafter:  {after:?}"
            ))
        }
    };
    match &result {
        Err(e) => unchanged(&format!("failed command (? {e})"))?,
        Ok(_) if read_only(&cmd) => unchanged("read-only command")?,
        Ok(answer) => match &cmd {
            Command::Play(c, _) | Command::Genmove(c) => {
                if matches!(cmd, Command::Genmove(_)) && answer == "resign" {
                    unchanged("genmove answering resign")?;
                } else if after.moves.len() != before.moves.len() + 1
                    || after.moves.last().map(|m| m.0) != Some(*c)
                {
                    return Err(format!(
                        "successful {cmd:?} did not add one move of that colour: {:?} -> {:?}",
                        before.moves, after.moves
                    ));
                }
            }
            _ => {}
        },
    }
    match (&cmd, &result) {
        // play then undo restores the position; replaying gives it back.
        (Command::Play(..), Ok(_)) => {
            let undone = exec(s, Command::Undo)?;
            check_state(s)?;
            if undone.is_err() || snapshot(s) != before {
                return Err(format!(
                    "undo after a successful play did not restore the position ({undone:?})\nbefore: {before:?}\nnow:    {:?}",
                    snapshot(s)
                ));
            }
            let again = exec(s, cmd.clone())?;
            check_state(s)?;
            if again.is_err() || snapshot(s) != after {
                return Err(format!("replaying {cmd:?} after undo gave {again:?}"));
            }
        }
        // is_legal must agree with play.
        (Command::IsLegal(c, v), Ok(answer)) => {
            let played = exec(s, Command::Play(*c, *v))?;
            check_state(s)?;
            if played.is_ok() != (answer == "1") {
                return Err(format!(
                    "is_legal answered {answer} but play answered {played:?}"
                ));
            }
            if played.is_ok() {
                let undone = exec(s, Command::Undo)?;
                check_state(s)?;
                if undone.is_err() || snapshot(s) != before {
                    return Err(
                        "undo after an is_legal-checked play did not restore the position".into(),
                    );
                }
            }
        }
        _ => {}
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Line generation
// ---------------------------------------------------------------------------

/// Numbers a controller should never send.
const ABSURD_NUMBERS: &[&str] = &[
    "99999999999999999999",
    "-99999999999999999999",
    "nan",
    "NaN",
    "-nan",
    "inf",
    "-inf",
    "infinity",
    "1e400",
    "-1e400",
    "1e-400",
    "1e308",
    "-5",
    "-0",
    "-0.0",
    "+3",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "0x10",
    "1_000",
    "1.5",
    "0.",
    ".5",
    "5e",
    "٣",
    "１９",
    "",
];

fn small_number() -> BoxedStrategy<String> {
    prop_oneof![
        4 => (0u32..12).prop_map(|n| n.to_string()),
        1 => (0u32..1000).prop_map(|n| n.to_string()),
        1 => (-100.0f64..100.0).prop_map(|x| format!("{x:.1}")),
    ]
    .boxed()
}

fn number() -> BoxedStrategy<String> {
    prop_oneof![
        3 => small_number(),
        2 => prop::sample::select(ABSURD_NUMBERS).prop_map(str::to_string),
    ]
    .boxed()
}

fn color() -> BoxedStrategy<String> {
    prop::sample::select(
        &[
            "b", "w", "B", "W", "black", "white", "Black", "WHITE", "bLaCk", "x", "", "bw",
            "blacks", "é",
        ][..],
    )
    .prop_map(str::to_string)
    .boxed()
}

fn vertex() -> BoxedStrategy<String> {
    let on_board = (
        prop::sample::select(&b"ABCDEFGHJKLMNOPQRSTUVWXYZabcdefghjklmnopqrstuvwxyz"[..]),
        1u32..=9,
    )
        .prop_map(|(l, n)| format!("{}{n}", l as char));
    let anywhere = (
        prop::sample::select(&b"ABCDEFGHIJKLMNOPQRSTUVWXYZaiz"[..]),
        0u32..=30,
    )
        .prop_map(|(l, n)| format!("{}{n}", l as char));
    prop_oneof![
        8 => on_board,
        3 => anywhere,
        1 => prop::sample::select(&[
            "pass", "PASS", "Pass", "resign", "A99999999999999999999", "A-1", "4D", "AA1", "",
            "D", "I9", "i1", "Z26", "A0", "tt",
        ][..])
        .prop_map(str::to_string),
    ]
    .boxed()
}

/// Any short token, including bytes that are not UTF-8.
fn junk_token() -> BoxedStrategy<Vec<u8>> {
    prop_oneof![
        3 => "[a-zA-Z0-9_.+-]{0,8}".prop_map(String::into_bytes),
        1 => number().prop_map(String::into_bytes),
        1 => prop::collection::vec(any::<u8>(), 0..8),
    ]
    .boxed()
}

fn strings(v: &'static [&'static str]) -> BoxedStrategy<String> {
    prop::sample::select(v).prop_map(str::to_string).boxed()
}

fn words(v: Vec<BoxedStrategy<String>>) -> BoxedStrategy<Vec<String>> {
    v.into_iter().fold(Just(Vec::new()).boxed(), |acc, s| {
        (acc, s)
            .prop_map(|(mut a, w)| {
                a.push(w);
                a
            })
            .boxed()
    })
}

/// Plausible (and some absurd) arguments for one command.
fn args_for(name: &str) -> BoxedStrategy<Vec<String>> {
    match name {
        "boardsize" => prop_oneof![
            6 => (2u32..=9).prop_map(|n| vec![n.to_string()]),
            2 => strings(&["19", "25", "26", "1", "0", "13"]).prop_map(|s| vec![s]),
            1 => number().prop_map(|s| vec![s]),
        ]
        .boxed(),
        "komi" => number().prop_map(|s| vec![s]).boxed(),
        "play" | "is_legal" => words(vec![color(), vertex()]),
        "genmove" | "reg_genmove" | "list_stones" | "captures" => words(vec![color()]),
        "known_command" => prop_oneof![
            prop::sample::select(COMMANDS).prop_map(str::to_string),
            "[a-z_-]{0,12}",
        ]
        .prop_map(|s| vec![s])
        .boxed(),
        "fixed_handicap" => prop_oneof![
            4 => (0u32..=10).prop_map(|n| n.to_string()),
            1 => number(),
        ]
        .prop_map(|s| vec![s])
        .boxed(),
        "place_free_handicap" => prop_oneof![
            4 => (0u32..=30).prop_map(|n| n.to_string()),
            1 => number(),
        ]
        .prop_map(|s| vec![s])
        .boxed(),
        "set_free_handicap" => prop::collection::vec(vertex(), 0..10).boxed(),
        "final_status_list" => words(vec![strings(&["alive", "dead", "seki", "ALIVE", "x", ""])]),
        "time_settings" => words(vec![number(), number(), number()]),
        "time_left" => words(vec![color(), number(), number()]),
        "kgs-time_settings" => (
            strings(&[
                "none", "absolute", "byoyomi", "canadian", "NONE", "Canadian", "bogus",
            ]),
            prop::collection::vec(number(), 0..4),
        )
            .prop_map(|(k, mut rest)| {
                rest.insert(0, k);
                rest
            })
            .boxed(),
        "kgs-rules" | "kata-set-rules" => words(vec![strings(&[
            "aga",
            "nz",
            "new_zealand",
            "AGA",
            "NZ",
            "japanese",
            "chinese",
            "tromp-taylor",
            "",
        ])]),
        "hane-handicap" => prop_oneof![
            Just(vec![]),
            number().prop_map(|n| vec![n]),
            strings(&["auto", "AUTO", "show"]).prop_map(|s| vec![s]),
            words(vec![small_number(), small_number()]),
        ]
        .boxed(),
        "printsgf" => Just(vec![]).boxed(),
        "hane-best_moves" | "hane-pv" => prop_oneof![Just(vec![]), words(vec![color()])].boxed(),
        "hane-params" => prop_oneof![
            Just(vec![]),
            words(vec![
                strings(&[
                    "threads",
                    "playouts",
                    "time_per_move",
                    "resign_threshold",
                    "rules",
                    "live_gfx",
                    "komi",
                    "",
                ]),
                prop_oneof![
                    number(),
                    strings(&[
                        "none",
                        "aga",
                        "nz",
                        "japanese",
                        "off",
                        "pv",
                        "best_moves",
                        "1"
                    ]),
                ]
                .boxed(),
            ]),
        ]
        .boxed(),
        _ => Just(vec![]).boxed(),
    }
}

/// Relative frequency of each command name.
fn weight(name: &str) -> usize {
    match name {
        "play" => 12,
        "genmove" => 6,
        "undo" | "is_legal" => 4,
        "boardsize"
        | "clear_board"
        | "fixed_handicap"
        | "set_free_handicap"
        | "place_free_handicap"
        | "komi"
        | "time_left"
        | "hane-handicap" => 2,
        "quit" | "loadsgf" => 0,
        _ => 1,
    }
}

fn command_name() -> BoxedStrategy<String> {
    let weighted: Vec<&'static str> = COMMANDS
        .iter()
        .flat_map(|&c| std::iter::repeat_n(c, weight(c)))
        .collect();
    prop_oneof![
        12 => prop::sample::select(weighted).prop_map(str::to_string),
        1 => strings(&["PLAY", "Genmove", "frobnicate", "", "=", "?", "play_", "list-commands"]),
        1 => "[a-z_-]{1,14}",
    ]
    .boxed()
}

/// A well-formed line (id, name, arguments), with arguments that are
/// plausible for the name or just junk.
fn command_line() -> BoxedStrategy<Vec<u8>> {
    let id = prop_oneof![
        6 => Just(None),
        3 => (0u32..1000).prop_map(|n| Some(n.to_string())),
        1 => strings(&["007", "99999999999999999999999", "0", "-1", "1a", "٣"]).prop_map(Some),
    ];
    let sep = strings(&[" ", " ", " ", "  ", "\t", " \t "]);
    command_name()
        .prop_flat_map(|name| {
            let plausible = args_for(&name)
                .prop_map(|a| a.into_iter().map(String::into_bytes).collect::<Vec<_>>());
            let junk = prop::collection::vec(junk_token(), 0..5);
            let args = prop_oneof![6 => plausible, 1 => junk];
            let extra = prop_oneof![
                8 => Just(None),
                1 => junk_token().prop_map(Some),
            ];
            (Just(name), args, extra)
        })
        .prop_flat_map(move |(name, args, extra)| {
            (
                id.clone(),
                Just(name),
                Just(args),
                Just(extra),
                sep.clone(),
                strings(&["", "", "", "", " # comment", "#", "\r", " \r", "\t"]),
            )
        })
        .prop_map(|(id, name, args, extra, sep, tail)| {
            let mut parts: Vec<Vec<u8>> = Vec::new();
            if let Some(id) = id {
                parts.push(id.into_bytes());
            }
            parts.push(name.into_bytes());
            parts.extend(args);
            parts.extend(extra);
            let mut line = parts.join(sep.as_bytes());
            line.extend_from_slice(tail.as_bytes());
            line
        })
        .boxed()
}

/// Bytes worth inserting: controls, invalid UTF-8, separators, comments.
const SPECIAL_BYTES: &[u8] = &[
    0, 0xff, 0xfe, 0xc3, 0x80, 0xe2, b'\r', b'\t', b'#', b' ', 0x7f, 0x0b, 0x0c, 0x1b, b'=', b'?',
    b'0', b'9',
];

#[derive(Clone, Debug)]
enum Mutation {
    Flip(Index, u8),
    Set(Index, u8),
    Insert(Index, u8),
    Delete(Index),
    Truncate(Index),
    Duplicate(Index, Index),
}

fn mutation() -> BoxedStrategy<Mutation> {
    let byte = prop_oneof![prop::sample::select(SPECIAL_BYTES), any::<u8>()];
    prop_oneof![
        (any::<Index>(), 0u8..8).prop_map(|(i, b)| Mutation::Flip(i, 1 << b)),
        (any::<Index>(), byte.clone()).prop_map(|(i, b)| Mutation::Set(i, b)),
        (any::<Index>(), byte).prop_map(|(i, b)| Mutation::Insert(i, b)),
        any::<Index>().prop_map(Mutation::Delete),
        any::<Index>().prop_map(Mutation::Truncate),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Duplicate(a, b)),
    ]
    .boxed()
}

fn mutate(line: &mut Vec<u8>, m: &Mutation) {
    let n = line.len();
    match m {
        Mutation::Insert(i, b) => line.insert(i.index(n + 1), *b),
        _ if n == 0 => {}
        Mutation::Flip(i, mask) => line[i.index(n)] ^= mask,
        Mutation::Set(i, b) => line[i.index(n)] = *b,
        Mutation::Delete(i) => {
            line.remove(i.index(n));
        }
        Mutation::Truncate(i) => line.truncate(i.index(n)),
        Mutation::Duplicate(a, b) => {
            let (x, y) = (a.index(n), b.index(n));
            let (lo, hi) = (x.min(y), x.max(y) + 1);
            let piece = line[lo..hi].to_vec();
            line.splice(hi..hi, piece);
        }
    }
}

/// One input line (never containing `\n`).
fn fuzz_line() -> BoxedStrategy<Vec<u8>> {
    let mutated =
        (command_line(), prop::collection::vec(mutation(), 1..4)).prop_map(|(mut line, ms)| {
            for m in &ms {
                mutate(&mut line, m);
            }
            line
        });
    prop_oneof![
        14 => command_line(),
        5 => mutated,
        1 => prop::collection::vec(any::<u8>(), 0..40),
        1 => prop::collection::vec(prop::sample::select(SPECIAL_BYTES), 0..12),
        1 => strings(&["", "   ", "# just a comment", "#", "\t\t", "\r", "# interrupt"])
            .prop_map(String::into_bytes),
    ]
    .prop_map(|mut l| {
        for b in &mut l {
            if *b == b'\n' {
                *b = b' ';
            }
        }
        l
    })
    .boxed()
}

/// Mostly legal game traffic for a board of `size`: stones on the board,
/// generated moves, undos and legality queries, so that games get long
/// enough for captures, ko and superko.
fn game_line(size: u32) -> BoxedStrategy<Vec<u8>> {
    let col = prop::sample::select(&b"ABCDEFGHJKLMNOPQRSTUVWXYZ"[..size as usize]);
    let v = (col, 1..=size).prop_map(|(c, r)| format!("{}{r}", c as char));
    let c = strings(&["b", "w", "B", "W", "black", "white"]);
    prop_oneof![
        12 => (c.clone(), v.clone()).prop_map(|(c, v)| format!("play {c} {v}")),
        3 => c.clone().prop_map(|c| format!("genmove {c}")),
        1 => c.clone().prop_map(|c| format!("play {c} pass")),
        2 => Just("undo".to_string()),
        2 => (c, v).prop_map(|(c, v)| format!("is_legal {c} {v}")),
        1 => strings(&["final_score", "hane-score", "showboard", "list_stones b", "captures w",
                       "reg_genmove b", "printsgf", "hane-handicap", "clear_board"]),
    ]
    .prop_map(String::into_bytes)
    .boxed()
}

fn show(line: &[u8]) -> String {
    format!("{:?}", String::from_utf8_lossy(line))
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

// ---------------------------------------------------------------------------
// Dedicated cases
// ---------------------------------------------------------------------------

/// A session with some history, so that "unchanged" means something.
fn busy_session() -> Session {
    let mut s = new_session(9);
    for line in [
        "komi 6.5",
        "kgs-rules new_zealand",
        "time_settings 300 30 5",
        "time_left b 120 0",
        "play b e5",
        "play w c3",
        "play b d3",
        "play w pass",
        "genmove b",
    ] {
        let r = run_line(&mut s, line.as_bytes()).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(r.is_ok(), "{line}: {r:?}");
    }
    s
}

/// Parses and executes one line (parse errors are returned as such).
fn run_line(s: &mut Session, raw: &[u8]) -> Result<Result<String, GtpError>, String> {
    let Some(line) = preprocess(raw) else {
        return Err("blank line".into());
    };
    match parse_command(&parse_request(&line)) {
        Ok(cmd) => exec(s, cmd),
        Err(e) => Ok(Err(e)),
    }
}

/// The line must fail and change nothing.
fn assert_refused(s: &mut Session, raw: &[u8]) -> GtpError {
    let before = snapshot(s);
    let r = run_line(s, raw).unwrap_or_else(|e| panic!("{}: {e}", show(&raw[..raw.len().min(80)])));
    check_state(s).unwrap();
    let Err(e) = r else {
        panic!("{} was accepted: {r:?}", show(&raw[..raw.len().min(80)]));
    };
    assert_eq!(
        before,
        snapshot(s),
        "{} (? {e}) changed the state",
        show(&raw[..raw.len().min(80)])
    );
    e
}

fn repeat_to(unit: &str, len: usize) -> String {
    unit.repeat(len / unit.len() + 1)[..len].to_string()
}

#[test]
fn one_megabyte_lines_in_process() {
    const MB: usize = 1 << 20;
    let mut s = busy_session();
    let cases: Vec<Vec<u8>> = vec![
        format!("play b {}", "A".repeat(MB)).into_bytes(),
        format!("play {} d4", "b".repeat(MB)).into_bytes(),
        format!("set_free_handicap {}", repeat_to("A1 ", MB)).into_bytes(),
        format!("boardsize {}", "9".repeat(MB)).into_bytes(),
        format!("komi {}", "9".repeat(MB)).into_bytes(),
        format!("time_left b {} 0", "9".repeat(MB)).into_bytes(),
        format!("fixed_handicap {}", "9".repeat(MB)).into_bytes(),
        format!("kgs-rules {}", "x".repeat(MB)).into_bytes(),
        format!("genmove {}", repeat_to("b ", MB)).into_bytes(),
        format!("{} play b e5", "1".repeat(MB)).into_bytes(),
        vec![0xff; MB],
        repeat_to("\t \x00", MB).into_bytes(),
    ];
    for raw in &cases {
        let before = snapshot(&s);
        let r = run_line(&mut s, raw);
        check_state(&s).unwrap();
        match r {
            Ok(Err(_)) => assert_eq!(before, snapshot(&s)),
            Ok(Ok(a)) => panic!("{} accepted: {a:.80}", show(&raw[..80])),
            Err(e) if e == "blank line" => {}
            Err(e) => panic!("{}: {e}", show(&raw[..80])),
        }
    }
    // A harmless 1 MB line is answered normally.
    let r = run_line(
        &mut s,
        format!("known_command {}", "x".repeat(MB)).as_bytes(),
    )
    .unwrap();
    assert_eq!(r, Ok("false".into()));
    let r = run_line(&mut s, format!("{}name", " ".repeat(MB)).as_bytes()).unwrap();
    assert_eq!(r, Ok("hane".into()));
    let r = run_line(&mut s, format!("komi 0.{}", "1".repeat(MB)).as_bytes()).unwrap();
    assert_eq!(r, Ok(String::new()));
    check_state(&s).unwrap();
}

#[test]
fn huge_lines_through_serve() {
    const MB: usize = 1 << 20;
    let mut input = Vec::new();
    // 1 MB: under MAX_LINE, answered.
    input.extend(format!("1 known_command {}\n", "y".repeat(MB)).bytes());
    input.extend(format!("2 play b {}\n", "A".repeat(MB)).bytes());
    // 10 MB: over MAX_LINE, refused; the next line is still read.
    input.extend(format!("3 play b {}\n", "Z".repeat(10 * MB)).bytes());
    input.extend(format!("4 {}\n", "name ".repeat(2 * MB)).bytes());
    // Exactly at and just over the limit.
    let at = format!("5 known_command {}", "z".repeat(MAX_LINE - 16));
    assert_eq!(at.len(), MAX_LINE);
    input.extend(at.bytes());
    input.push(b'\n');
    let over = format!("6 known_command {}", "z".repeat(MAX_LINE - 15));
    input.extend(over.bytes());
    input.push(b'\n');
    // A 10 MB comment is no command at all, even though it is too long.
    input.extend(format!("# {}\n", "c".repeat(10 * MB)).bytes());
    input.extend(b"7 name\n");
    let responses = serve_and_check_huge(input);
    assert_eq!(responses.len(), 7, "{responses:?}");
    assert_eq!(responses[0], "=1 false");
    assert_eq!(responses[1], "?2 syntax error");
    assert_eq!(
        responses[2],
        format!("?3 line longer than {MAX_LINE} bytes")
    );
    assert_eq!(
        responses[3],
        format!("?4 line longer than {MAX_LINE} bytes")
    );
    assert_eq!(responses[4], "=5 false");
    assert_eq!(
        responses[5],
        format!("?6 line longer than {MAX_LINE} bytes")
    );
    assert_eq!(responses[6], "=7 hane");
}

/// Like `serve_and_check`, but without the line-based expectation (a cut
/// comment line is not a command, a cut command line is answered).
fn serve_and_check_huge(input: Vec<u8>) -> Vec<String> {
    let mut session = new_session(19);
    let mut out = Vec::new();
    serve(Cursor::new(input), &mut out, &mut session).unwrap();
    check_state(&session).unwrap();
    split_responses(&out).unwrap()
}

#[test]
fn invalid_utf8_nul_and_controls() {
    let lines: &[&[u8]] = &[
        b"\xff\xfe\x00play b d4",
        b"pl\xffay b d4",
        b"play b d\xff4",
        b"play \xc3 d4",
        b"\x00\x00\x00",
        b"name\x00",
        b"1\x002 name",
        b"play b\rd4",
        b"\x1b[31mname",
        b"genmove \xe2\x80\xa8b",
        b"known_command \xed\xa0\x80",
        b"3 \xf0\x9f\x92\xa9",
        b"\xef\xbb\xbfname",
        b"komi \xd9\xa3",
        b"boardsize \xef\xbc\x91\xef\xbc\x99",
        b"#\xff name",
        b"\t\t\tname\t\t\t",
    ];
    // In process: nothing panics; failures change nothing.
    let mut s = busy_session();
    for raw in lines {
        let before = snapshot(&s);
        let r = run_line(&mut s, raw);
        check_state(&s).unwrap();
        if let Ok(Err(_)) = r {
            assert_eq!(before, snapshot(&s), "{}", show(raw));
        }
    }
    // Through serve: one well-formed answer per command line.
    let input = lines.join(&b'\n');
    let responses = serve_and_check(input, 19).unwrap();
    assert!(!responses.is_empty());
}

#[test]
fn absurd_numbers() {
    let mut s = busy_session();
    assert_eq!(
        assert_refused(&mut s, b"boardsize 99999999999999999999"),
        GtpError::UnacceptableSize
    );
    for line in [
        "boardsize -1",
        "boardsize 0",
        "boardsize 1",
        "boardsize 26",
        "boardsize 4294967296",
    ] {
        assert_eq!(
            assert_refused(&mut s, line.as_bytes()),
            GtpError::UnacceptableSize
        );
    }
    for line in [
        "komi nan",
        "komi NaN",
        "komi -nan",
        "komi inf",
        "komi -inf",
        "komi infinity",
        "komi 1e400",
        "komi -1e400",
        "komi",
        "komi 1 2",
        "komi 0x10",
        "komi 7,5",
    ] {
        assert_eq!(
            assert_refused(&mut s, line.as_bytes()),
            GtpError::Syntax,
            "{line}"
        );
    }
    for line in [
        "time_left b -5 0",
        "time_left w -0.001 3",
        "time_left b 10 -1",
        "time_left b nan 0",
        "time_left b inf 0",
        "time_left b 1e400 0",
        "time_left b 10 1.5",
        "time_left x 10 0",
        "time_left b 10",
        "time_settings -1 0 0",
        "time_settings 10 nan 1",
        "time_settings 10 10 -1",
        "kgs-time_settings byoyomi 10 -5 3",
        "kgs-time_settings absolute inf",
        "fixed_handicap -1",
        "fixed_handicap 99999999999999999999",
        "place_free_handicap 99999999999999999999",
        "hane-handicap -3",
        "hane-handicap 99999999999999999999",
    ] {
        assert_refused(&mut s, line.as_bytes());
    }
    // Huge but well-formed times are accepted and clamped.
    for line in [
        "time_left b 99999999999999999999 99999999999999999999",
        "time_left w 1e308 0",
        "time_settings 1e308 1e308 99999999999999999999",
        "kgs-time_settings canadian 1e300 1e300 4294967296",
    ] {
        let r = run_line(&mut s, line.as_bytes()).unwrap();
        assert_eq!(r, Ok(String::new()), "{line}");
        check_state(&s).unwrap();
    }
    let r = run_line(
        &mut s,
        b"time_left b 99999999999999999999 99999999999999999999",
    )
    .unwrap();
    assert!(r.is_ok());
    let left = s.clock().left.black.expect("time left recorded");
    assert!(left.seconds <= hane::clock::MAX_SECONDS && left.seconds.is_finite());
    // genmove still works with absurd clocks (random player: instant).
    let r = run_line(&mut s, b"genmove w").unwrap();
    assert!(r.is_ok(), "{r:?}");
    check_state(&s).unwrap();
    // Huge komi: accepted (finite), and scoring does not break.
    for line in ["komi 1e308", "komi -1e308", "komi 99999999999999999999"] {
        assert_eq!(
            run_line(&mut s, line.as_bytes()).unwrap(),
            Ok(String::new())
        );
        for q in ["final_score", "hane-score"] {
            let r = run_line(&mut s, q.as_bytes()).unwrap();
            assert!(r.is_ok(), "{line}; {q}: {r:?}");
        }
    }
    // A handicap override of u32::MAX does not overflow scoring.
    let r = run_line(&mut s, b"hane-handicap 4294967295").unwrap();
    assert!(r.is_ok(), "{r:?}");
    for q in ["final_score", "hane-score", "genmove b"] {
        let r = run_line(&mut s, q.as_bytes()).unwrap();
        assert!(r.is_ok(), "{q}: {r:?}");
    }
}

/// A private scratch directory under the target dir.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("fuzz_gtp-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Malformed SGF files of about 10 MB that hane must refuse calmly.
/// (A file of 10 MB of `;` is in `loadsgf_long_node_chain` below.)
fn malformed_sgfs() -> Vec<(&'static str, Vec<u8>)> {
    const TEN: usize = 10 << 20;
    let mut unterminated_comment = b"(;FF[4]GM[1]SZ[9]C[".to_vec();
    unterminated_comment.extend(std::iter::repeat_n(b'x', TEN));
    let open_parens = vec![b'('; TEN];
    let mut bad_props = b"(;SZ[9]".to_vec();
    while bad_props.len() < TEN {
        bad_props.extend_from_slice(b"B[zz]W[]SZ[99]KM[nan]HA[-1]AB[a]");
    }
    bad_props.push(b')');
    let mut binary = Vec::with_capacity(TEN);
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    while binary.len() < TEN {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        binary.extend_from_slice(&x.to_le_bytes());
    }
    binary[0] = b'(';
    binary[1] = b';';
    let mut off_board = b"(;SZ[9]".to_vec();
    // Many moves in one node: flat, not deep.
    while off_board.len() < TEN {
        off_board.extend_from_slice(b"B[ss]");
    }
    off_board.push(b')');
    vec![
        ("unterminated comment", unterminated_comment),
        ("10 MB of '('", open_parens),
        ("invalid properties", bad_props),
        ("random bytes", binary),
        ("off-board moves", off_board),
    ]
}

#[test]
fn loadsgf_hostile_files_are_refused_and_change_nothing() {
    let dir = scratch("loadsgf");
    let mut s = busy_session();
    let mut paths = vec![
        ("directory", dir.display().to_string()),
        ("/dev/zero", "/dev/zero".to_string()),
        (
            "missing",
            dir.join("no-such-file.sgf").display().to_string(),
        ),
        ("under a missing dir", "/nonexistent-hane/x.sgf".to_string()),
        ("empty path", "\"\"".to_string()),
    ];
    let empty = dir.join("empty.sgf");
    std::fs::write(&empty, b"").unwrap();
    paths.push(("empty file", empty.display().to_string()));
    for (what, bytes) in malformed_sgfs() {
        let p = dir.join(format!("{}.sgf", what.replace([' ', '\''], "_")));
        std::fs::write(&p, bytes).unwrap();
        paths.push((what, p.display().to_string()));
    }
    for (i, (what, path)) in paths.iter().enumerate() {
        // The 10 MB files once each (slow in debug builds), the rest with
        // every kind of stop point.
        let suffixes: &[&str] = if i < 6 { &["", " 3", " d4"] } else { &[""] };
        for suffix in suffixes {
            let line = format!("loadsgf {path}{suffix}");
            let e = assert_refused(&mut s, line.as_bytes());
            eprintln!("loadsgf {what}{suffix}: ? {e:.100}");
        }
    }
    // The session still plays.
    assert!(run_line(&mut s, b"genmove w").unwrap().is_ok());
    std::fs::remove_dir_all(&dir).ok();
}

/// Damaged 10 MB files whose game is still clear: they load (quickly, in
/// a debug build too), the damage ignored as GoGui ignores it.
#[test]
fn loadsgf_damaged_large_files_load() {
    const TEN: usize = 10 << 20;
    let dir = scratch("damaged");
    let mut close_parens = b"(;SZ[9];B[ee])".to_vec();
    close_parens.extend(std::iter::repeat_n(b')', TEN));
    let mut huge_komi = b"(;SZ[9]KM[".to_vec();
    huge_komi.extend(std::iter::repeat_n(b'9', TEN));
    // An infinite komi is ignored, and the tree is never closed.
    huge_komi.extend_from_slice(b"]B[aa]");
    let mut s = busy_session();
    for (what, bytes, black) in [
        ("10 MB of ')' after the tree", close_parens, "E5"),
        ("10 MB komi, tree not closed", huge_komi, "A9"),
    ] {
        let p = dir.join("damaged.sgf");
        std::fs::write(&p, bytes).unwrap();
        let line = format!("loadsgf {}", p.display());
        let r = run_line(&mut s, line.as_bytes()).unwrap();
        assert_eq!(r, Ok("white".to_string()), "{what}");
        check_state(&s).unwrap();
        let stones = run_line(&mut s, b"list_stones black").unwrap();
        assert_eq!(stones, Ok(black.to_string()), "{what}");
        let board = run_line(&mut s, b"showboard").unwrap().unwrap();
        assert!(
            board.contains("komi 6.5"),
            "{what}: the komi stays: {board}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// SGF files with very long node chains (`(;;;;...;)`, 10 MB of them) or
/// deeply nested variations. When hane read SGF through sgf-parse, which
/// drops its tree recursively, about 200,000 nodes (a 200 KB file)
/// overflowed the stack and aborted the engine; the reader now keeps the
/// main line flat and caps it at `sgf::MAX_NODES`. Run in a child process
/// so an abort is reported instead of killing the test binary.
#[test]
fn loadsgf_long_node_chain() {
    use std::io::Write;
    use std::process::{Command as Process, Stdio};
    let dir = scratch("chain");
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("10 MB of ';'", {
            let mut v = b"(;".to_vec();
            v.extend(std::iter::repeat_n(b';', 10 << 20));
            v.push(b')');
            v
        }),
        ("300,000 empty nodes", {
            let mut v = b"(;".to_vec();
            v.extend(std::iter::repeat_n(b';', 300_000));
            v.push(b')');
            v
        }),
        ("300,000 empty nodes, then an error", {
            let mut v = b"(;".to_vec();
            v.extend(std::iter::repeat_n(b';', 300_000));
            v.extend_from_slice(b"((;)))");
            v
        }),
        ("1,000,000 nested variations", {
            let mut v = b"(;".to_vec();
            v.extend(std::iter::repeat_n(*b"(;", 1_000_000).flatten());
            v.extend(std::iter::repeat_n(b')', 1_000_001));
            v
        }),
    ];
    let mut failures = Vec::new();
    for (what, bytes) in cases {
        let path = dir.join("chain.sgf");
        std::fs::write(&path, bytes).unwrap();
        let mut child = Process::new(env!("CARGO_BIN_EXE_hane"))
            .args(["--player", "random", "--threads", "1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let script = format!(
            "1 play b d4\n2 loadsgf {}\n3 list_stones b\nquit\n",
            path.display()
        );
        child
            .stdin
            .take()
            .unwrap()
            .write_all(script.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let ok = out.status.success() && stdout.contains("\n?2 ") && stdout.contains("=3 D4\n");
        if !ok {
            failures.push(format!(
                "{what}: status {}, stdout {:?}, stderr {:?}",
                out.status,
                head(&stdout),
                head(&String::from_utf8_lossy(&out.stderr))
            ));
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn printsgf_to_unwritable_paths() {
    let dir = scratch("printsgf");
    let file = dir.join("a-file");
    std::fs::write(&file, b"not a directory").unwrap();
    let mut s = busy_session();
    for path in [
        "/proc/hane-nope/x.sgf".to_string(),
        file.join("x.sgf").display().to_string(),
        dir.display().to_string(),
        "/nonexistent-hane/dir/x.sgf".to_string(),
    ] {
        let e = assert_refused(&mut s, format!("printsgf {path}").as_bytes());
        assert!(matches!(e, GtpError::Other(_)), "{path}: {e:?}");
    }
    // Without a path, printsgf answers the record and changes nothing.
    let before = snapshot(&s);
    let r = run_line(&mut s, b"printsgf").unwrap().unwrap();
    assert!(r.starts_with("(;"), "{r:.80}");
    assert_eq!(before, snapshot(&s));
    // Too many arguments.
    assert_eq!(assert_refused(&mut s, b"printsgf a b"), GtpError::Syntax);
    std::fs::remove_dir_all(&dir).ok();
}

/// The framing checker itself rejects broken output (so a pass means
/// something).
#[test]
fn framing_checker_rejects_bad_framing() {
    assert_eq!(split_responses(b"=1 a\nb\n\n? x\n\n").unwrap().len(), 2);
    for bad in [
        &b"= a\n"[..],
        b"= a\n\n\n",
        b"= a\n\n\n= b\n\n",
        b"a\n\n",
        b"= a\r\n\n",
        b"\n= a\n\n",
        b"= \xff\n\n",
    ] {
        assert!(split_responses(bad).is_err(), "{}", show(bad));
    }
    let e = expected_answers(b"1 name\n# c\n\n 2 play\nquit\nname\n");
    assert_eq!(e.len(), 3);
    assert!(matches!(&e[0], Expect::Answer(Some(id)) if id == "1"));
    assert!(matches!(&e[2], Expect::Quit(None)));
}
