//! The status of every stone is computed once per position and served to
//! every command that needs it: final_score, final_status_list, hane-score,
//! hane-ownership, gogui-rules_final_result, kata-analyze ownership, and the
//! player's pass and cleanup decisions.

mod common;

use common::session_run as run;

use hane::config::{Config, PlayerKind};
use hane::gtp::Session;
use hane::gtp::command::parse_command;
use hane::gtp::request::parse_request;
use hane::stop::StopCheck;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// 9x9: White holds columns A-G, Black the H wall and the J strip, where a
/// lone White stone at J5 cannot live; then both pass.
fn session() -> Session {
    let config = Config {
        size: 9,
        komi: 0.5,
        player: PlayerKind::Mcts,
        playouts: Some(300),
        status_playouts: Some(300),
        threads: 1,
        seed: 5,
        ..Config::default()
    };
    let mut s = Session::new(&config, config.make_player());
    for row in 1..=9 {
        run(&mut s, &format!("play w G{row}"));
        run(&mut s, &format!("play b H{row}"));
    }
    run(&mut s, "play w J5");
    run(&mut s, "play w pass");
    run(&mut s, "play b pass");
    s
}

#[test]
fn every_reader_of_one_position_shares_one_analysis() {
    let mut s = session();
    assert_eq!(s.status_computations(), 0);
    // Black 9 stones + 9 points (J5 dead), White 9 + 54: W+45.5.
    assert_eq!(run(&mut s, "final_score"), "W+45.5");
    assert_eq!(run(&mut s, "final_status_list dead"), "J5");
    assert_eq!(run(&mut s, "final_status_list seki"), "");
    assert!(run(&mut s, "final_status_list alive").contains("G5"));
    assert!(run(&mut s, "hane-score").contains("dead J5"));
    // The dead stone belongs to Black on the ownership board.
    let own = run(&mut s, "hane-ownership");
    let j5: f32 = own
        .trim()
        .lines()
        .nth(4)
        .unwrap()
        .split(' ')
        .nth(8)
        .unwrap()
        .parse()
        .unwrap();
    assert!(j5 > 0.9, "{own}");
    assert!(run(&mut s, "gogui-rules_final_result").starts_with("W+45.5"));
    assert_eq!(s.status_computations(), 1);

    // kata-analyze with ownership: the proven statuses are read, not
    // recomputed, and the dead stone is Black's in every report.
    let mut out = Vec::new();
    let request = parse_request("kata-analyze w 1 ownership true");
    let cmd = parse_command(&request).unwrap();
    let new_input = AtomicU64::new(0);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            new_input.fetch_add(1, Ordering::Relaxed);
        });
        s.stream(
            cmd,
            None,
            StopCheck::NEVER,
            StopCheck::new(&new_input, 0),
            &mut out,
        )
        .unwrap();
    });
    assert_eq!(s.status_computations(), 1);
    let text = String::from_utf8(out).unwrap();
    let infos: Vec<&str> = text.lines().filter(|l| l.starts_with("info")).collect();
    assert!(!infos.is_empty(), "{text}");
    for line in infos {
        let own: Vec<f32> = line
            .split(" ownership ")
            .nth(1)
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        // Row 5 from the top is the fifth row printed; J is column 9.
        // From White's side (the analysed colour): -1 is Black's.
        assert_eq!(own[4 * 9 + 8], -1.0, "{line}");
    }

    // The player judges a pass on the statuses of the position after it,
    // Black to move: one new analysis, which final_score then serves.
    // After Black's pass White wins that count and passes (reg_genmove
    // plays nothing).
    assert_eq!(run(&mut s, "reg_genmove w"), "pass");
    assert_eq!(s.status_computations(), 2);
    run(&mut s, "play w pass");
    assert_eq!(run(&mut s, "final_score"), "W+45.5");
    assert_eq!(run(&mut s, "final_status_list dead"), "J5");
    assert_eq!(s.status_computations(), 2);
    // kgs-genmove_cleanup has Black take the dead stone off instead of
    // passing, on the same statuses.
    assert_ne!(run(&mut s, "kgs-genmove_cleanup b"), "pass");
    assert_eq!(s.status_computations(), 2);
    // A new position is analysed anew, once.
    run(&mut s, "play w A1");
    run(&mut s, "final_score");
    run(&mut s, "final_status_list dead");
    assert_eq!(s.status_computations(), 3);
}
