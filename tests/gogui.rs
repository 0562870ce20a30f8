//! GoGui over a real process: live `gogui-gfx:` blocks on stderr during
//! genmove (never on stdout), the `hane-params` dialog taking effect on
//! the next search, and the display searches (`hane-best_moves`,
//! `hane-pv`) refused without a search and stopped by `# interrupt`.

mod common;

use common::Engine;
use std::thread;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(10);
const LONG: Duration = Duration::from_secs(120);

/// The `gogui-gfx:` blocks in `stderr`: the lines after each marker up to
/// the empty line that ends the block.
fn gfx_blocks(stderr: &str) -> Vec<Vec<String>> {
    let mut blocks = Vec::new();
    let mut rest = stderr;
    while let Some(i) = rest.find("gogui-gfx:\n") {
        rest = &rest[i + "gogui-gfx:\n".len()..];
        let end = rest
            .find("\n\n")
            .expect("every block ends with an empty line");
        blocks.push(rest[..end].lines().map(str::to_string).collect());
        rest = &rest[end..];
    }
    blocks
}

/// The playout count in a `TEXT ... after N playouts ...` line.
fn playouts(text: &str) -> u64 {
    let words: Vec<&str> = text.split_whitespace().collect();
    let i = words
        .iter()
        .position(|w| *w == "playouts")
        .expect("playouts");
    words[i - 1].parse().expect("a count")
}

#[test]
fn live_graphics_go_to_stderr_during_genmove_and_end_with_clear() {
    let mut e = Engine::start(&[
        "--threads",
        "1",
        "--playouts",
        "30000",
        "--seed",
        "3",
        "--gogui-gfx",
        // A search to draw, not a move from the 9x9 opening book.
        "--no-book",
    ]);
    e.send("boardsize 9");
    assert_eq!(e.answer(WAIT), "= ");
    e.send("5 genmove b");
    // stdout carries the answer and nothing else.
    let answer = e.answer(LONG);
    let mv = answer.strip_prefix("=5 ").expect("a move");
    assert!(
        mv.len() <= 3 && mv.chars().next().is_some_and(|c| c.is_ascii_uppercase()),
        "{answer:?}"
    );
    let blocks = gfx_blocks(&e.finish());
    let (last, drawings) = blocks.split_last().expect("blocks");
    assert_eq!(last, &["CLEAR"], "the genmove ends with CLEAR");
    assert!(!drawings.is_empty(), "no drawing before CLEAR");
    let mut counts = Vec::new();
    for block in drawings {
        let (text, marks) = block.split_last().expect("lines");
        assert!(text.starts_with("TEXT B "), "{block:?}");
        assert!(marks.iter().any(|l| l.starts_with("LABEL ")), "{block:?}");
        assert!(
            marks
                .iter()
                .all(|l| l.starts_with("COLOR #") || l.starts_with("LABEL ")),
            "{block:?}"
        );
        counts.push(playouts(text));
    }
    // Drawn as the search grows; the last drawing is the final result,
    // whose best move is the one played.
    assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
    assert_eq!(counts.last(), Some(&30000));
    let final_text = drawings.last().and_then(|b| b.last()).expect("text");
    assert!(
        final_text.starts_with(&format!("TEXT B {mv} ")),
        "{final_text} vs {mv}"
    );
}

#[test]
fn params_change_the_next_search() {
    // --no-book: the genmove below must search, not play a book move.
    let mut e = Engine::start(&["--threads", "1", "--playouts", "2000", "-v", "--no-book"]);
    e.send("boardsize 9");
    assert_eq!(e.answer(WAIT), "= ");
    e.send("hane-params");
    let listed = e.answer(WAIT);
    assert!(listed.contains("\n[string] playouts 2000\n"), "{listed}");
    // Refused values leave the setting alone.
    e.send("hane-params playouts -5");
    assert!(e.answer(WAIT).starts_with("? playouts must be "));
    e.send("hane-params playouts 700");
    assert_eq!(e.answer(WAIT), "= ");
    e.send("hane-params live_gfx pv");
    assert_eq!(e.answer(WAIT), "= ");
    e.send("hane-params");
    let listed = e.answer(WAIT);
    assert!(listed.contains("\n[string] playouts 700\n"), "{listed}");
    assert!(
        listed.ends_with("\n[list/off/best_moves/pv] live_gfx pv"),
        "{listed}"
    );
    e.send("genmove b");
    assert!(e.answer(LONG).starts_with("= "));
    let stderr = e.finish();
    // The genmove ran the new budget and drew its principal variation.
    assert!(stderr.contains(" playouts 700 ("), "{stderr}");
    let blocks = gfx_blocks(&stderr);
    assert!(
        blocks
            .iter()
            .any(|b| b.first().is_some_and(|l| l.starts_with("VAR b "))),
        "{blocks:?}"
    );
}

#[test]
fn the_threads_param_rebuilds_the_thread_pool() {
    let mut e = Engine::start(&["--threads", "1"]);
    e.send("name");
    assert_eq!(e.answer(WAIT), "= hane");
    let before = e.proc_status("Threads");
    e.send("hane-params threads 0");
    assert!(e.answer(WAIT).starts_with("? threads must be "));
    assert_eq!(e.proc_status("Threads"), before);
    e.send("hane-params threads 3");
    assert_eq!(e.answer(WAIT), "= ");
    // The old pool's thread exits asynchronously.
    let deadline = Instant::now() + WAIT;
    while e.proc_status("Threads") != before + 2 && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(e.proc_status("Threads"), before + 2);
    e.send("hane-params");
    assert!(e.answer(WAIT).starts_with("= [string] threads 3\n"));
    e.finish();
}

#[test]
fn display_searches_need_the_mcts_player() {
    let mut e = Engine::start(&["--player", "random"]);
    for cmd in ["hane-best_moves", "hane-pv b"] {
        e.send(cmd);
        assert!(e.answer(WAIT).starts_with("? "), "{cmd}");
    }
    e.send("hane-params");
    assert!(e.answer(WAIT).starts_with("= [string] threads "));
    e.finish();
}

#[test]
fn interrupt_stops_a_display_search() {
    let mut e = Engine::start(&["--threads", "1", "--time-per-move", "60"]);
    e.send("boardsize 9");
    assert_eq!(e.answer(WAIT), "= ");
    e.send("hane-best_moves b");
    thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    e.send("# interrupt");
    let answer = e.answer(Duration::from_secs(30));
    assert!(sent.elapsed() < Duration::from_secs(30));
    assert!(answer.starts_with("= "), "{answer}");
    assert!(answer.contains("\nTEXT B "), "{answer}");
    // The board is unchanged: a display does not play.
    e.send("list_stones black");
    assert_eq!(e.answer(WAIT), "= ");
    e.finish();
}
