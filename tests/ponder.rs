//! `--ponder`: hane thinks on the opponent's time after its move, stops as
//! soon as a command arrives, and never thinks once the game is over.

mod common;

use common::Engine;
use std::thread;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

fn pondered(log: &str) -> Vec<u64> {
    log.lines()
        .filter_map(|l| l.split("ponder for ").nth(1))
        .filter_map(|rest| rest.split_whitespace().nth(1)?.parse().ok())
        .collect()
}

#[test]
fn ponders_after_its_move_until_the_next_command() {
    let mut e = Engine::start(&["--ponder", "--time-per-move", "0.2", "--threads", "1", "-v"]);
    e.send("boardsize 9");
    let _ = e.answer(WAIT);
    e.send("genmove b");
    let mv = e.answer(WAIT);
    let reply = if mv == "= C3" { "G7" } else { "C3" };
    thread::sleep(Duration::from_millis(600));
    e.send(&format!("play w {reply}"));
    assert_eq!(
        e.answer(WAIT),
        "= ",
        "the command that ends pondering is answered"
    );
    e.send("genmove b");
    assert!(e.answer(WAIT).starts_with("= "));
    let log = e.finish();
    let runs = pondered(&log);
    assert!(
        !runs.is_empty() && runs[0] > 0,
        "pondered after the first move: {log}"
    );
}

#[test]
fn never_ponders_when_the_game_is_over() {
    let mut e = Engine::start(&["--ponder", "--time-per-move", "0.2", "--threads", "1", "-v"]);
    e.send("boardsize 9");
    let _ = e.answer(WAIT);
    // Black passes; White (ahead by komi on an empty board) passes too,
    // which ends the game.
    e.send("play b pass");
    let _ = e.answer(WAIT);
    e.send("genmove w");
    assert_eq!(e.answer(WAIT), "= pass");
    thread::sleep(Duration::from_millis(400));
    let log = e.finish();
    assert!(pondered(&log).is_empty(), "{log}");
}

#[test]
fn fixed_playouts_mean_no_pondering() {
    let mut e = Engine::start(&["--ponder", "--playouts", "500", "--threads", "1", "-v"]);
    e.send("boardsize 9");
    let _ = e.answer(WAIT);
    e.send("genmove b");
    let _ = e.answer(WAIT);
    thread::sleep(Duration::from_millis(300));
    let log = e.finish();
    assert!(pondered(&log).is_empty(), "{log}");
}
