//! Search progress on stderr: one `info` line per genmove by
//! default, a progress line every second of a long search with `-v`, and
//! neither changes the search.

mod common;

use common::Engine;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(10);
const LONG: Duration = Duration::from_secs(120);

fn progress_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.contains("searching black: "))
        .collect()
}

#[test]
fn a_long_search_reports_every_second_with_v() {
    // A debug build searches 19x19 at some 50 playouts a second, each
    // network pass a long step between the clock's checks, and gave one
    // progress line in 2.6 s on a busy machine: it gets longer.
    let seconds = if cfg!(debug_assertions) { "5.6" } else { "2.6" };
    let mut e = Engine::start(&["-v", "--threads", "1", "--time-per-move", seconds]);
    e.send("boardsize 19");
    assert_eq!(e.answer(WAIT), "= ");
    e.send("genmove b");
    let mv = e.answer(LONG);
    assert!(mv.starts_with("= "), "{mv}");
    let stderr = e.finish();
    let lines = progress_lines(&stderr);
    // An empty 19x19 board is never decided early, so 2.6 s of search
    // gives progress at 1 s and 2 s (and maybe a last one at the end).
    assert!(lines.len() >= 2, "{stderr}");
    for l in &lines {
        assert!(l.contains(" playouts (") && l.contains(" pv "), "{l}");
    }
    assert!(stderr.contains("genmove black: "), "{stderr}");
}

#[test]
fn default_logging_is_one_line_per_genmove() {
    let mut e = Engine::start(&["--threads", "1", "--time-per-move", "1.5"]);
    e.send("boardsize 19");
    assert_eq!(e.answer(WAIT), "= ");
    e.send("genmove b");
    assert!(e.answer(LONG).starts_with("= "));
    let stderr = e.finish();
    assert!(progress_lines(&stderr).is_empty(), "{stderr}");
    let info: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("genmove black: "))
        .collect();
    assert_eq!(info.len(), 1, "{stderr}");
    for part in [" win ", " playouts ", "/s, ", " top [", "] pv "] {
        assert!(info[0].contains(part), "{} lacks {part:?}", info[0]);
    }
}

/// The moves of three genmoves at a fixed seed and playout count.
fn moves(extra: &[&str]) -> Vec<String> {
    // --no-book: searches, not the 9x9 opening book's first moves.
    let mut args = vec![
        "--threads",
        "1",
        "--playouts",
        "1500",
        "--seed",
        "9",
        "--no-book",
    ];
    args.extend_from_slice(extra);
    let mut e = Engine::start(&args);
    e.send("boardsize 9");
    assert_eq!(e.answer(WAIT), "= ");
    let out: Vec<String> = ["b", "w", "b"]
        .iter()
        .map(|c| {
            e.send(&format!("genmove {c}"));
            e.answer(LONG)
        })
        .collect();
    let stderr = e.finish();
    assert_eq!(stderr.matches(" playouts 1500 (").count(), 3, "{stderr}");
    out
}

#[test]
fn reporting_does_not_change_a_seeded_search() {
    assert_eq!(moves(&[]), moves(&["-vv"]));
}
