//! `hane-policy`: the model's move probabilities as a GoGui `dboard`
//! (format, orientation, sum, occupied and illegal points), and the same
//! numbers in the analysis commands' `prior` fields.

mod common;

use common::{Engine, session_run};
use hane::config::{Config, PlayerKind};
use hane::gtp::Session;
use std::time::Duration;

fn session() -> Session {
    let config = Config {
        player: PlayerKind::Mcts,
        playouts: Some(50),
        threads: 1,
        ..Config::default()
    };
    Session::new(&config, config.make_player())
}

/// The board rows of a `dboard` answer, top row first.
fn grid(answer: &str) -> Vec<Vec<f64>> {
    answer
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            l.split_whitespace()
                .map(|x| x.parse::<f64>().expect("a number"))
                .collect()
        })
        .collect()
}

/// The value at a GTP vertex like "C7" on an n x n grid.
fn at(g: &[Vec<f64>], vertex: &str) -> f64 {
    let n = g.len();
    let col = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
        .find(vertex.as_bytes()[0] as char)
        .expect("a column");
    let row: usize = vertex[1..].parse().expect("a row");
    g[n - row][col]
}

#[test]
fn policy_is_a_dboard_that_sums_to_one_over_the_legal_moves() {
    let mut s = session();
    session_run(&mut s, "boardsize 9");
    session_run(&mut s, "clear_board");
    // Black D6, F6 and E5 put White E6 in atari (liberty E7).
    for mv in [
        "play b D6",
        "play w E6",
        "play b F6",
        "play w A1",
        "play b E5",
    ] {
        session_run(&mut s, mv);
    }
    let g = grid(&session_run(&mut s, "hane-policy w"));
    assert_eq!(g.len(), 9, "nine rows");
    assert!(g.iter().all(|r| r.len() == 9), "nine numbers a row");
    let sum: f64 = g.iter().flatten().sum();
    assert!((sum - 1.0).abs() < 0.005, "sum {sum}");
    for occupied in ["D6", "E6", "F6", "A1", "E5"] {
        assert_eq!(at(&g, occupied), 0.0, "{occupied} is occupied");
    }
    // White to play: E7 saves the stone in atari, one of the two
    // favourite points; orientation matters (E7 is in the third row from
    // the top, and its mirror E3 has less).
    let mut ranked: Vec<f64> = g.iter().flatten().cloned().collect();
    ranked.sort_by(|a, b| b.total_cmp(a));
    assert!(at(&g, "E7") >= ranked[1], "{g:?}");
    assert!(at(&g, "E7") > at(&g, "E3"), "{g:?}");
    // Black to play captures there instead; the default colour is the
    // side to move (White, after Black's E5).
    let b = grid(&session_run(&mut s, "hane-policy b"));
    let best_b = b.iter().flatten().cloned().fold(0.0, f64::max);
    assert_eq!(at(&b, "E7"), best_b);
    assert_eq!(grid(&session_run(&mut s, "hane-policy")), g);
}

#[test]
fn ko_and_suicide_points_get_nothing() {
    let mut s = session();
    session_run(&mut s, "boardsize 5");
    session_run(&mut s, "clear_board");
    // A ko: Black B4 A3 B2, White C4 D3 C2 B3; Black takes at C3.
    for mv in [
        "play b B4",
        "play w C4",
        "play b A3",
        "play w D3",
        "play b B2",
        "play w C2",
        "play b E5",
        "play w B3",
        "play b C3",
    ] {
        session_run(&mut s, mv);
    }
    let g = grid(&session_run(&mut s, "hane-policy w"));
    assert_eq!(at(&g, "B3"), 0.0, "White may not retake the ko at once");
    let sum: f64 = g.iter().flatten().sum();
    assert!((sum - 1.0).abs() < 0.005, "sum {sum}");
    // An ordinary move elsewhere has a share.
    assert!(at(&g, "E4") > 0.0);
}

#[test]
fn analysis_priors_are_the_policy() {
    let mut e = Engine::start(&["--threads", "1", "--size", "9"]);
    let wait = Duration::from_secs(30);
    for line in ["boardsize 9", "clear_board", "play b E5", "play w C3"] {
        e.send(line);
        e.answer(wait);
    }
    e.send("hane-policy b");
    let g = grid(e.answer(wait).trim_start_matches('='));
    e.send("kata-analyze b interval 10");
    let line = loop {
        let l = e.line(wait);
        if l.starts_with("info") {
            break l;
        }
    };
    e.send("name");
    // Every "info move M ... prior P" agrees with the policy grid, less
    // the one share the search keeps for a pass: the same ratio for all.
    let mut checked = 0;
    let mut ratios = Vec::new();
    for part in line.split("info ").filter(|p| !p.is_empty()) {
        let words: Vec<&str> = part.split_whitespace().collect();
        let field = |k: &str| words.iter().position(|&w| w == k).map(|i| words[i + 1]);
        let (Some(mv), Some(prior)) = (field("move"), field("prior")) else {
            continue;
        };
        let prior: f64 = prior.parse().expect("a prior");
        assert!(at(&g, mv) > 0.0, "{mv}: prior {prior}, policy 0");
        ratios.push(prior / at(&g, mv));
        checked += 1;
    }
    assert!(checked >= 5, "{line}");
    let (lo, hi) = ratios
        .iter()
        .fold((f64::MAX, 0.0f64), |(lo, hi), &r| (lo.min(r), hi.max(r)));
    // The grid has four decimals: its small entries round by up to 1%.
    assert!(
        lo > 0.95 && hi <= 1.0 + 0.01 && hi - lo < 0.02,
        "{ratios:?}"
    );
}
