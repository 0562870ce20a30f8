//! The README's "Attaching hane" command lines, run the way each client
//! runs them.
//!
//! The test reads README.md, finds every hane invocation in that section
//! (Sabaki's path and argument fields, Lizzie's and GoGui's command fields,
//! the `gogui -program "…"` and `gogui-twogtp -black "…"` shell lines),
//! starts the real binary with exactly those arguments (so clap must accept
//! them) and drives a short session with the exchanges that client makes,
//! as the clients' own sources make them (GoGui's `GtpClient` and twogtp's
//! `TwoGtp`, `@sabaki/gtp` and Sabaki's `enginesyncer.js`, Lizzie's
//! `Leelaz.java`): Sabaki's pipelined start-up, komi/boardsize/undo sync,
//! `kata-genmove_analyze` and analysis stopped by `protocol_version`;
//! Lizzie's numbered start-up judged by its version rule, and `lz-analyze`
//! stopped by `name`; GoGui's start-up, `# interrupt` during a genmove;
//! twogtp's start-up (`protocol_version name version list_commands
//! gogui-interrupt boardsize clear_board komi`), per-game `cputime
//! boardsize clear_board`, lowercase `genmove b`, uppercase `play W …` and
//! `PASS`, `final_score`, `quit`. The test needs neither GoGui nor
//! gogui-twogtp: their shell lines are checked against their option lists
//! (GoGui's `GoGuiSettings` and twogtp's `Main`). The other programs of the
//! twogtp line (GNU Go) are started when found: `$GNUGO`, else on `PATH`.
//!
//! If the README's lines stop parsing — moved, reworded so no invocation is
//! found, or rejected by clap — this test fails.

mod common;

use common::Engine;
use regex::Regex;
use std::collections::HashSet;
use std::thread;
use std::time::{Duration, Instant};

#[path = "readme_clients/section.rs"]
mod section;
use section::*;

const README: &str = include_str!("../README.md");
/// A KataGo model, with which every command line runs too.
const KATAGO_NET: &str = "tests/data/katago/g170-b6c96-s175395328-d26788732.bin.gz";
/// The placeholder the README uses for the built binary.
const HANE: &str = "/path/to/hane/target/release/hane";
/// The longest wait for an answer. The README's command lines search
/// 10,000 playouts a move, about 100 s for a debug build on 19x19, which
/// gets more.
const WAIT: Duration = Duration::from_secs(if cfg!(debug_assertions) { 300 } else { 60 });

fn start(inv: &Invocation) -> Engine {
    let args: Vec<&str> = inv.args.iter().map(String::as_str).collect();
    eprintln!("{}: hane {}", inv.source, inv.args.join(" "));
    Engine::start(&args)
}

/// A success answer: `=` then a space (or nothing): GoGui's `GtpClient`
/// takes the text after the first space of the whole response.
fn ok(e: &mut Engine, cmd: &str) -> String {
    e.send(cmd);
    read_ok(e, cmd)
}

fn read_ok(e: &mut Engine, cmd: &str) -> String {
    let a = e.answer_or_explain(WAIT, cmd);
    assert!(a == "=" || a.starts_with("= "), "{cmd}: {a:?}");
    a.get(2..).unwrap_or("").to_string()
}

/// One move token as twogtp and Sabaki parse it.
fn is_move(s: &str, size: usize) -> bool {
    let s = s.to_ascii_lowercase();
    if s == "pass" || s == "resign" {
        return true;
    }
    let mut c = s.chars();
    let Some(col) = c.next() else { return false };
    let letters: Vec<char> = ('a'..='z').filter(|&l| l != 'i').take(size).collect();
    let row: usize = c.as_str().parse().unwrap_or(0);
    letters.contains(&col) && (1..=size).contains(&row)
}

/// The `list_commands` answer: one command per line, no blanks, no
/// trailing spaces (Sabaki splits on `\n` without trimming).
fn commands(answer: &str) -> HashSet<String> {
    for line in answer.lines() {
        assert!(
            !line.is_empty() && line.trim() == line,
            "list_commands line {line:?}"
        );
    }
    answer.lines().map(String::from).collect()
}

/// The client's invocations, each also with `--net` and a KataGo model,
/// as the README says they may be run.
fn by_client(pred: impl Fn(&str) -> bool, at_least: usize) -> Vec<Invocation> {
    let all = invocations();
    let found: Vec<Invocation> = all.iter().filter(|i| pred(&i.client)).cloned().collect();
    assert!(
        found.len() >= at_least,
        "expected at least {at_least} such invocation(s) in README's \"Attaching hane\"; found {all:#?}"
    );
    assert!(
        README.contains("plus `--net FILE.bin.gz`"),
        "the README no longer says its command lines take a KataGo model"
    );
    let with_net = found.iter().map(|i| Invocation {
        client: i.client.clone(),
        args: i
            .args
            .iter()
            .cloned()
            .chain(["--net".into(), KATAGO_NET.into()])
            .collect(),
        source: format!("{} plus --net (KataGo b6c96)", i.source),
    });
    let mut both = found.clone();
    both.extend(with_net);
    both
}

#[test]
fn the_section_yields_every_client() {
    let all = invocations();
    for inv in &all {
        eprintln!("{} -> {:?}", inv.source, inv.args);
        assert!(!inv.args.is_empty(), "{}", inv.source);
    }
    let clients: HashSet<&str> = all.iter().map(|i| i.client.as_str()).collect();
    for c in [
        "Sabaki",
        "Lizzie",
        "GoGui",
        "gogui -program",
        "gogui-twogtp -black",
    ] {
        assert!(clients.contains(c), "no {c} invocation in {clients:?}");
    }
    // The shell splitter itself.
    assert_eq!(
        shell_words("a \"b c\" 'd e' \\\n f\\ g \"h\\\"i\""),
        ["a", "b c", "d e", "f g", "h\"i"]
    );
    assert!(parse_options(&shell_words("-size 9 -bogus"), GOGUI_OPTIONS).is_err());
    assert!(parse_options(&shell_words("-komi"), TWOGTP_OPTIONS).is_err());
}

/// Sabaki (`@sabaki/gtp` and Sabaki's engine syncer): pipelined start-up, sync with komi, boardsize,
/// clear_board and pipelined plays, `kata-genmove_analyze B 50` (listed,
/// so preferred over genmove), an undo sync, `kata-analyze W 50` stopped by
/// `protocol_version`, and `quit` within 3 s.
#[test]
fn sabaki() {
    for inv in by_client(|c| c == "Sabaki", 2) {
        let mut e = start(&inv);
        for c in ["name", "version", "protocol_version", "list_commands"] {
            e.send(c);
        }
        assert_eq!(read_ok(&mut e, "name"), "hane");
        read_ok(&mut e, "version");
        assert_eq!(read_ok(&mut e, "protocol_version"), "2");
        let a = read_ok(&mut e, "list_commands");
        let listed = commands(&a);
        for c in [
            "kata-analyze",
            "kata-genmove_analyze",
            "undo",
            "set_free_handicap",
            "komi",
        ] {
            assert!(listed.contains(c), "{}: {c} not listed", inv.source);
        }
        // Sync (pipelined): komi as a JS number, board, history.
        for c in [
            "komi 6.5",
            "boardsize 9",
            "clear_board",
            "play B E5",
            "play W pass",
            "play B C3",
        ] {
            e.send(c);
        }
        for c in ["komi", "boardsize", "clear_board", "play", "play", "play"] {
            read_ok(&mut e, c);
        }
        e.send("kata-genmove_analyze W 50");
        let a = e.answer_or_explain(WAIT, "kata-genmove_analyze");
        let lines: Vec<&str> = a.lines().collect();
        assert!(lines[0] == "= " || lines[0] == "=", "{a:?}");
        let last = lines.last().unwrap();
        let mv = last
            .strip_prefix("play ")
            .unwrap_or_else(|| panic!("{a:?}"));
        assert!(is_move(mv, 9), "{mv:?}");
        for l in &lines[1..lines.len() - 1] {
            assert!(l.starts_with("info move "), "{l:?}");
        }
        // Undo sync: back two moves, then a different line.
        for c in ["undo", "undo", "play W D4"] {
            e.send(c);
        }
        for c in ["undo", "undo", "play"] {
            read_ok(&mut e, c);
        }
        // Analysis, stopped by Sabaki's abort (protocol_version).
        e.send("kata-analyze B 50");
        thread::sleep(Duration::from_millis(1200));
        e.send("protocol_version");
        let a = e.answer_or_explain(WAIT, "kata-analyze");
        let lines: Vec<&str> = a.lines().collect();
        assert!(lines[0] == "= " || lines[0] == "=", "{a:?}");
        assert!(lines.len() >= 2, "no info line in 1.2 s: {a:?}");
        for l in &lines[1..] {
            assert!(
                l.starts_with("info move ") && l.contains(" winrate 0."),
                "{l:?}"
            );
        }
        assert_eq!(read_ok(&mut e, "protocol_version"), "2");
        let t = Instant::now();
        e.finish();
        assert!(
            t.elapsed() < Duration::from_secs(3),
            "quit took {:?}",
            t.elapsed()
        );
    }
}

/// What Lizzie 0.7.4 makes of an engine's first two answers, re-stated
/// from reading its `Leelaz.parseLine`: it sends `name` then `version`,
/// numbered, and reads each answer line as words split at single spaces.
/// A `name` whose first word starts with `KataGo` skips the version check.
/// Otherwise the first word of the `version` answer is split at dots and
/// its second field read as a whole number, Leela Zero's minor version:
/// below 15 Lizzie stops on the dialog "Lizzie requires version 0.15 or
/// later of Leela Zero for analysis"; no second field, or one that is not
/// a number, throws in the thread that reads the engine. An answer of one
/// word (`=2`) is not checked at all: the check waits for the next answer
/// with text, whatever command it belongs to.
fn lizzie_version_check(name_answer: &str, version_answer: &str) -> Result<(), String> {
    let words = |a: &str| -> Vec<String> { a.trim().split(' ').map(String::from).collect() };
    let name = words(name_answer);
    if name.get(1).is_some_and(|w| w.starts_with("KataGo")) {
        return Ok(());
    }
    let version = words(version_answer);
    let Some(first) = version.get(1) else {
        return Err(format!(
            "{version_answer:?}: no version word, the check stays pending"
        ));
    };
    let fields: Vec<&str> = first.split('.').collect();
    let minor: i32 = fields
        .get(1)
        .ok_or_else(|| format!("{first:?}: no minor version field (Lizzie throws)"))?
        .parse()
        .map_err(|_| format!("{first:?}: minor version not a number (Lizzie throws)"))?;
    if minor < 15 {
        return Err(format!(
            "{first:?}: Lizzie warns \"requires version 0.15 or later of Leela Zero\""
        ));
    }
    Ok(())
}

#[test]
fn lizzie_version_rule() {
    assert_eq!(lizzie_version_check("=1 Leela Zero", "=2 0.17"), Ok(()));
    assert_eq!(lizzie_version_check("=1 Leela Zero", "=2 0.15.0"), Ok(()));
    assert!(lizzie_version_check("=1 Leela Zero", "=2 0.14").is_err());
    assert_eq!(lizzie_version_check("=1 KataGo", "=2 1.15.3"), Ok(()));
    // hane's own version, as it answers without --lizzie.
    assert!(lizzie_version_check("=1 hane", "=2 0.1.0").is_err());
    // Only the field after the first dot counts.
    assert_eq!(lizzie_version_check("=1 x", "=2 x-0.17"), Ok(()));
    assert!(lizzie_version_check("=1 hane", "=2 1").is_err());
    assert!(lizzie_version_check("=1 hane", "=2").is_err());
    // Without --lizzie hane answers its own version, which Lizzie refuses.
    let mut e = Engine::start(&["--player", "random"]);
    e.send("1 name");
    e.send("2 version");
    let name = e.answer_or_explain(WAIT, "name");
    let version = e.answer_or_explain(WAIT, "version");
    assert_eq!(version, format!("=2 {}", env!("CARGO_PKG_VERSION")));
    assert!(lizzie_version_check(&name, &version).is_err(), "{version}");
    e.finish();
}

/// Lizzie 0.7.4 with the README's command line (its `Leelaz.java`):
/// numbered commands; `name` and `version` pass its version rule while
/// `name` still says hane; `lz-analyze` with an interval in centiseconds,
/// integer win rates, stopped by `name` (how Lizzie ends pondering). Lizzie
/// reads the engine's stderr merged into its stdout, so no log line may
/// look like an answer or an analysis line.
#[test]
fn lizzie() {
    let winrate = Regex::new(r" winrate \d+ ").unwrap();
    for inv in by_client(|c| c == "Lizzie", 1) {
        let mut e = start(&inv);
        for c in ["1 name", "2 version", "3 boardsize 19", "4 komi 7.5"] {
            e.send(c);
        }
        let name = e.answer_or_explain(WAIT, "name");
        let version = e.answer_or_explain(WAIT, "version");
        assert_eq!(name, "=1 hane", "{}", inv.source);
        assert_eq!(
            lizzie_version_check(&name, &version),
            Ok(()),
            "{}: {version:?}",
            inv.source
        );
        assert_eq!(e.answer_or_explain(WAIT, "boardsize").trim_end(), "=3");
        assert_eq!(e.answer_or_explain(WAIT, "komi").trim_end(), "=4");
        e.send("5 play B Q16");
        assert_eq!(e.answer_or_explain(WAIT, "play").trim_end(), "=5");
        e.send("6 lz-analyze 50");
        thread::sleep(Duration::from_millis(1200));
        e.send("7 name");
        let a = e.answer_or_explain(WAIT, "lz-analyze");
        let lines: Vec<&str> = a.lines().collect();
        assert!(lines[0] == "=6" || lines[0] == "=6 ", "{a:?}");
        assert!(lines.len() >= 2, "no info line in 1.2 s: {a:?}");
        for l in &lines[1..] {
            assert!(l.starts_with("info move ") && winrate.is_match(l), "{l:?}");
        }
        assert_eq!(e.answer_or_explain(WAIT, "name"), "=7 hane");
        e.send("8 genmove W");
        let mv = e.answer_or_explain(WAIT, "genmove");
        assert!(is_move(mv.strip_prefix("=8 ").unwrap_or(""), 19), "{mv:?}");
        let stderr = e.finish();
        for l in stderr.lines() {
            assert!(
                !["=", "?", "info", "play"].iter().any(|p| l.starts_with(p)) && !l.contains(" -> "),
                "{}: stderr line Lizzie would parse: {l:?}",
                inv.source
            );
        }
    }
}

/// twogtp's start-up (`TwoGtp`), shared by GoGui's `GtpClient`.
fn gogui_startup(e: &mut Engine, source: &str) -> HashSet<String> {
    assert_eq!(ok(e, "protocol_version"), "2");
    assert_eq!(ok(e, "name"), "hane");
    ok(e, "version");
    let a = ok(e, "list_commands");
    let listed: HashSet<String> = a.split_whitespace().map(String::from).collect();
    assert!(listed.contains("gogui-interrupt"), "{source}");
    ok(e, "gogui-interrupt");
    listed
}

/// The GoGui GUI (`Command:` field and `gogui -program "…"`): start-up,
/// the Analyze menu, a game with the computer as White, GoGui's Interrupt
/// button (`# interrupt`) during a genmove.
#[test]
fn gogui() {
    let entry = Regex::new(r"^[a-z]+/[^/]+/\S.*$").unwrap();
    for inv in by_client(|c| c == "GoGui" || c == "gogui -program", 2) {
        let mut e = start(&inv);
        let listed = gogui_startup(&mut e, &inv.source);
        assert!(listed.contains("gogui-analyze_commands"));
        let menu = ok(&mut e, "gogui-analyze_commands");
        for l in menu.lines() {
            assert!(entry.is_match(l), "{l:?}");
        }
        ok(&mut e, "boardsize 9");
        ok(&mut e, "clear_board");
        ok(&mut e, "komi 7");
        ok(&mut e, "play b E5");
        // The user presses Interrupt while hane thinks.
        e.send("genmove w");
        thread::sleep(Duration::from_millis(300));
        let t = Instant::now();
        e.send("# interrupt");
        let mv = read_ok(&mut e, "genmove w");
        assert!(is_move(&mv, 9), "{mv:?}");
        let limited_by_time = inv.args.iter().any(|a| a == "--time-per-move");
        if limited_by_time {
            assert!(
                t.elapsed() < Duration::from_secs(3),
                "{}: genmove took {:?} after # interrupt",
                inv.source,
                t.elapsed()
            );
        }
        // The user's next stone: anywhere hane did not just play.
        let next = if mv.eq_ignore_ascii_case("C3") {
            "G7"
        } else {
            "C3"
        };
        ok(&mut e, &format!("play b {next}"));
        ok(&mut e, "final_score");
        e.finish();
    }
}

/// gogui-twogtp (`TwoGtp`): start-up, then per game `cputime`,
/// `boardsize`, `clear_board`, lowercase `genmove b`, the opponent's moves
/// as uppercase `play W …` and `PASS`, `final_score`, `cputime`; then a
/// second game start and `quit`. (The game is cut short: a few moves, a
/// pass, the score.)
#[test]
fn gogui_twogtp() {
    let score = Regex::new(r"^([BW]\+\d+(\.\d+)?|0)$").unwrap();
    for inv in by_client(|c| c.starts_with("gogui-twogtp"), 1) {
        let mut e = start(&inv);
        let listed = gogui_startup(&mut e, &inv.source);
        ok(&mut e, "boardsize 9");
        ok(&mut e, "clear_board");
        assert!(listed.contains("komi"));
        ok(&mut e, "komi 7");
        for game in 0..2 {
            assert!(listed.contains("cputime"));
            let t: f64 = ok(&mut e, "cputime").parse().expect("cputime is a number");
            assert!(t >= 0.0);
            ok(&mut e, "boardsize 9");
            ok(&mut e, "clear_board");
            if game == 1 {
                break;
            }
            let mut taken: HashSet<String> = HashSet::new();
            let replies = ["C3", "G7", "C7", "G3", "E3", "E7", "C5", "G5"];
            for _ in 0..3 {
                let mv = ok(&mut e, "genmove b");
                assert!(is_move(&mv, 9) && !mv.contains(' '), "{mv:?}");
                taken.insert(mv.to_ascii_uppercase());
                let w = replies.iter().find(|r| !taken.contains(**r)).unwrap();
                taken.insert(w.to_string());
                ok(&mut e, &format!("play W {w}"));
            }
            ok(&mut e, "play W PASS");
            let mv = ok(&mut e, "genmove b");
            assert!(is_move(&mv, 9), "{mv:?}");
            let s = ok(&mut e, "final_score");
            assert!(score.is_match(&s), "final_score {s:?}");
            ok(&mut e, "cputime");
        }
        e.finish();
    }
}
