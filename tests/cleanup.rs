//! kgs-genmove_cleanup: playing on until every dead stone is captured, then
//! counting every remaining stone as alive, gives the same result as
//! final_score (dead stones estimated) gave before the cleanup.

mod common;

use common::session_run as run;

use hane::config::{Config, PlayerKind};
use hane::gtp::Session;
use hane::rules::Move;

/// A finished 9x9 game: White's G7 is dead inside Black's area.
const POSITION: &[&str] = &[
    "boardsize 9",
    "clear_board",
    "komi 0.5",
    "play w C9",
    "play w C8",
    "play w C7",
    "play w C6",
    "play w C5",
    "play w C4",
    "play w C3",
    "play w C2",
    "play w D2",
    "play w E2",
    "play w F2",
    "play w G2",
    "play w H2",
    "play w J2",
    "play b D9",
    "play b D8",
    "play b D7",
    "play b D6",
    "play b D5",
    "play b D4",
    "play b D3",
    "play b E3",
    "play b F3",
    "play b G3",
    "play b H3",
    "play b J3",
    "play w G7",
];

fn session() -> Session {
    let config = Config {
        player: PlayerKind::Mcts,
        playouts: Some(800),
        threads: 1,
        seed: 3,
        ..Config::default()
    };
    let mut s = Session::new(&config, config.make_player());
    for line in POSITION {
        run(&mut s, line);
    }
    s
}

#[test]
fn cleanup_captures_the_dead_stones_and_keeps_the_score() {
    let mut s = session();
    let before = run(&mut s, "final_score");
    assert_eq!(before, "B+2.5");
    assert_eq!(run(&mut s, "final_status_list dead"), "G7");
    let mut color = "b";
    for _ in 0..60 {
        run(&mut s, &format!("kgs-genmove_cleanup {color}"));
        if s.game().is_over() {
            break;
        }
        color = if color == "b" { "w" } else { "b" };
    }
    assert!(s.game().is_over(), "both sides passed");
    // Every stone left is alive: the plain count equals the earlier estimate.
    assert_eq!(s.game().score().area.to_string(), before);
    assert_eq!(run(&mut s, "final_status_list dead"), "");
    assert_eq!(run(&mut s, "final_score"), before);
}

#[test]
fn genmove_passes_after_a_pass_when_the_settled_count_wins() {
    let mut s = session();
    run(&mut s, "play w pass");
    assert_eq!(run(&mut s, "genmove b"), "pass");
    let last = s.game().moves().last().copied();
    assert_eq!(last.map(|(_, m)| m), Some(Move::Pass));
}

#[test]
fn cleanup_does_not_pass_while_a_dead_stone_remains() {
    let mut s = session();
    run(&mut s, "play w pass");
    let mv = run(&mut s, "kgs-genmove_cleanup b");
    assert_ne!(mv, "pass");
}

/// The real finished games of `gtp-tests/games.tst` (hane against GNU Go
/// and itself, played to two passes, results checked with GNU Go): for
/// each, cleanup from the final position, both sides in turn, until the
/// game is over; then the plain count, every stone alive, must equal the
/// final_score given before the cleanup, and nothing may be left dead.
#[test]
fn cleanup_keeps_the_score_of_real_finished_games() {
    let mut games: Vec<_> = std::fs::read_dir("gtp-tests/sgf/games")
        .expect("the games directory")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    games.sort();
    assert!(games.len() >= 10, "{games:?}");
    for path in games {
        let mut s = session();
        let to_move = run(&mut s, &format!("loadsgf {}", path.display()));
        let before = run(&mut s, "final_score");
        let mut color = if to_move == "white" { "w" } else { "b" };
        let mut moves = Vec::new();
        for _ in 0..200 {
            moves.push(run(&mut s, &format!("kgs-genmove_cleanup {color}")));
            if s.game().is_over() {
                break;
            }
            color = if color == "b" { "w" } else { "b" };
        }
        let name = path.display();
        assert!(s.game().is_over(), "{name}: cleanup did not end: {moves:?}");
        assert_eq!(
            s.game().score().area.to_string(),
            before,
            "{name}: cleanup {moves:?}"
        );
        assert_eq!(run(&mut s, "final_status_list dead"), "", "{name}");
    }
}
