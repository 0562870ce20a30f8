//! The resign policy: resign after several hopeless searches in a row, and
//! never in the first quarter of the game.

mod common;

use common::session_run as run;

use hane::config::{Config, PlayerKind};
use hane::gtp::Session;

fn session() -> Session {
    let config = Config {
        player: PlayerKind::Mcts,
        playouts: Some(400),
        threads: 1,
        seed: 5,
        ..Config::default()
    };
    Session::new(&config, config.make_player())
}

/// White walls off columns A-G of a 9x9 board with the G column; Black
/// has two stones on the right edge, so at most columns H and J: hopeless
/// for Black at komi 7.
fn hopeless(s: &mut Session, white_stones: &[&str]) {
    run(s, "boardsize 9");
    run(s, "clear_board");
    run(s, "komi 7");
    for (i, w) in white_stones.iter().enumerate() {
        // Black's two stones, then passes.
        let b = if i % 2 == 0 { "J1" } else { "J9" };
        if i < 2 {
            run(s, &format!("play b {b}"));
        } else {
            run(s, "play b pass");
        }
        run(s, &format!("play w {w}"));
    }
}

const WALL: &[&str] = &[
    "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "F5", "C3", "C7",
];

#[test]
fn resigns_after_three_hopeless_searches_but_not_early() {
    // 24 moves played (more than a quarter of 81): resigning is allowed,
    // but only on the third hopeless search in a row.
    let mut s = session();
    hopeless(&mut s, WALL);
    let mut answers = Vec::new();
    for _ in 0..3 {
        let a = run(&mut s, "genmove b");
        answers.push(a.clone());
        if a == "resign" {
            break;
        }
        run(&mut s, "play w pass");
    }
    assert_eq!(answers.len(), 3, "{answers:?}");
    assert_eq!(answers[2], "resign", "{answers:?}");
    assert!(answers[..2].iter().all(|a| a != "resign"), "{answers:?}");

    // The same hopeless shape after only 8 moves: too early to resign.
    let mut s = session();
    hopeless(&mut s, &WALL[..4]);
    for _ in 0..4 {
        let a = run(&mut s, "genmove b");
        assert_ne!(a, "resign");
        run(&mut s, "play w pass");
    }
}

#[test]
fn a_threshold_of_zero_never_resigns() {
    let config = Config {
        player: PlayerKind::Mcts,
        playouts: Some(400),
        threads: 1,
        seed: 5,
        resign_threshold: 0.0,
        ..Config::default()
    };
    let mut s = Session::new(&config, config.make_player());
    hopeless(&mut s, WALL);
    for _ in 0..4 {
        assert_ne!(run(&mut s, "genmove b"), "resign");
        run(&mut s, "play w pass");
    }
}
