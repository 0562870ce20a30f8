//! KataGo's model files in hane: the 6-block net of KataGo's 2020 run
//! (`tests/data/katago/`, from KataGo's repository) evaluated by hane
//! gives KataGo's own answers, and files that are not such a net are
//! refused before GTP starts.
//!
//! `tests/data/katago/b6c96-raw-nn.tsv` holds KataGo 1.17's `kata-raw-nn`
//! answers (Eigen backend) for 120 positions of 9-dan games, taken once
//! with `scripts/katago-agreement --record` (`docs/katago-models.md`):
//! game id, the moves played (SGF), rules, komi, symmetry, whiteWin,
//! whiteLead, the most probable move and its probability.

mod common;

use hane::knowledge::katago::{KataBuffers, KataNet, ROOT_OPTIMISM};
use hane::knowledge::net::symmetry::Symmetry;
use hane::rules::{BoardSize, Color, Game, Move, Rules};
use std::io::Write;

const NET: &str = "tests/data/katago/g170-b6c96-s175395328-d26788732.bin.gz";
const ANSWERS: &str = "tests/data/katago/b6c96-raw-nn.tsv";

/// The position a record line describes.
fn position(moves: &str, rules: &str, komi: f64) -> Game {
    let size = BoardSize::new(19).unwrap();
    let rules: Rules = rules.parse().expect("known rules");
    let mut game = Game::new(size, rules, komi);
    for node in moves.split(';').filter(|n| !n.is_empty()) {
        let color = if node.starts_with('B') {
            Color::Black
        } else {
            Color::White
        };
        let sgf = &node[2..node.len() - 1];
        let mv = if sgf.is_empty() || sgf == "tt" {
            Move::Pass
        } else {
            let b = sgf.as_bytes();
            let (x, y) = ((b[0] - b'a') as usize, 18 - (b[1] - b'a') as usize);
            Move::Play(size.point(x, y).unwrap())
        };
        game.play(color, mv).expect("a legal game");
    }
    game
}

#[test]
fn hane_evaluates_katagos_net_as_katago_does() {
    let net = KataNet::from_file(NET).expect("the net loads");
    assert_eq!((net.version(), net.channels()), (8, 96));
    let text = std::fs::read_to_string(ANSWERS).expect("recorded answers");
    let mut buf = KataBuffers::default();
    let (mut count, mut same_top) = (0, 0);
    let mut worst: f32 = 0.0;
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let komi: f64 = f[3].parse().unwrap();
        let game = position(f[1], f[2], komi);
        let sym = Symmetry::new(f[4].parse().unwrap()).unwrap();
        let (white_win, white_lead): (f32, f32) = (f[5].parse().unwrap(), f[6].parse().unwrap());
        let color = game.to_move();
        let e = net.evaluate(&game, color, sym, ROOT_OPTIMISM, &mut buf);
        let (win, lead) = if color == Color::White {
            (e.win, e.lead)
        } else {
            (1.0 - e.win, -e.lead)
        };
        worst = worst.max((win - white_win).abs());
        assert!(
            (win - white_win).abs() < 0.01,
            "{}: whiteWin {win} against {white_win}",
            f[0]
        );
        assert!(
            (lead - white_lead).abs() < 0.1,
            "{}: whiteLead {lead} against {white_lead}",
            f[0]
        );
        // The most probable move, as a GTP vertex.
        let n = 19;
        let (mut best, mut best_p) = ("pass".to_string(), e.pass);
        for (i, &p) in e.policy.iter().enumerate() {
            if p > best_p {
                let point = game.size().point(i % n, i / n).unwrap();
                best = hane::rules::point::vertex_name(game.size(), point);
                best_p = p;
            }
        }
        count += 1;
        if best == f[7] {
            same_top += 1;
        }
    }
    assert_eq!(count, 120);
    assert!(
        same_top * 100 >= 95 * count,
        "top move the same in {same_top} of {count}"
    );
    eprintln!("whiteWin worst difference {worst}, top move the same in {same_top} of {count}");
}

#[test]
fn kata_raw_nn_answers_with_a_katago_net() {
    let out = common::run_hane_with_input(
        &["--net", NET],
        "boardsize 19\nkomi 7.5\nkata-raw-nn 0\nquit\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    // KataGo 1.17 on the empty 19x19 board at komi 7.5, symmetry 0.
    assert!(text.contains("whiteWin 0.524564"), "{text}");
    assert!(text.contains("whiteLead -0.185"), "{text}");
    assert!(text.contains("policyPass "), "{text}");
}

/// GoGui's policy display shows the KataGo net's policy: the same
/// numbers as `kata-raw-nn 0`, 0 where that says NAN.
#[test]
fn hane_policy_shows_a_katago_net_s_policy() {
    let out = common::run_hane_with_input(
        &["--net", NET],
        "boardsize 9\nplay b E5\nplay w C3\nhane-policy\nkata-raw-nn 0\nquit\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<&str> = text.split("\n\n").collect();
    let numbers = |block: &str| -> Vec<f64> {
        block
            .split_whitespace()
            .filter_map(|w| match w {
                "NAN" => Some(0.0),
                _ => w.parse().ok(),
            })
            .collect()
    };
    let shown = numbers(answers[3].trim_start_matches('='));
    let raw = answers[4];
    let policy = raw
        .split("policy\n")
        .nth(1)
        .and_then(|r| r.split("policyPass").next())
        .expect("a policy block");
    let raw = numbers(policy);
    assert_eq!(shown.len(), 81, "{text}");
    assert_eq!(raw.len(), 81, "{text}");
    for (a, b) in shown.iter().zip(&raw) {
        assert!((a - b).abs() < 1e-4, "{a} vs {b}: {text}");
    }
    assert!(shown.iter().any(|&p| p > 0.05), "{text}");
}

/// A gzip stream of `data`.
fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

#[test]
fn files_that_are_not_a_usable_katago_net_are_refused_before_gtp() {
    let dir = common::temp_dir("katago-bad");
    let real = std::fs::read(NET).expect("the net");
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "truncated.bin.gz",
            real[..real.len() / 2].to_vec(),
            "truncated",
        ),
        (
            "words.bin.gz",
            gzip(b"hello world, not a model"),
            "malformed KataGo model file",
        ),
        (
            "future.bin.gz",
            gzip(b"somenet 99 22 19\n"),
            "KataGo model version 99 is not supported",
        ),
        (
            "old.bin.gz",
            gzip(b"somenet 5 22 19\n"),
            "KataGo model version 5 is not supported",
        ),
        (
            "garbled.bin.gz",
            vec![0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6, 7],
            "gzip",
        ),
    ];
    for (name, bytes, says) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let out = common::run_hane_with_input(&["--net", path.to_str().unwrap()], "name\n");
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{name}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{name}: one line: {err}");
        assert!(out.stdout.is_empty(), "{name}: GTP never started");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The moves a fresh engine with the KataGo net answers to `commands`.
fn answers(args: &[&str], commands: &str) -> Vec<String> {
    let out = common::run_hane_with_input(args, commands);
    String::from_utf8_lossy(&out.stdout)
        .split("\n\n")
        .filter(|a| !a.trim().is_empty())
        .map(|a| a.trim().to_string())
        .collect()
}

/// Black's five stones A5-D5 and A6 are in atari, their last liberty
/// E5: White to move takes them.
const CAPTURE: &str = "boardsize 9\nkomi 7\n\
    play b A5\nplay w A4\nplay b B5\nplay w B4\nplay b C5\nplay w C4\n\
    play b D5\nplay w D4\nplay b A6\nplay w B6\nplay b E4\nplay w C6\n\
    play b E3\nplay w D6\nplay b F5\nplay w E6\nplay b G5\nplay w A7\nplay b H8\n\
    genmove w\nquit\n";

/// A fresh engine with `args` twice on [`CAPTURE`]: the same move, E5.
fn repeats_and_captures(args: &[&str]) {
    let first = answers(args, CAPTURE);
    let again = answers(args, CAPTURE);
    let mv = first.iter().rev().nth(1).expect("genmove's answer");
    assert_eq!(
        Some(mv),
        again.iter().rev().nth(1),
        "a seeded search repeats"
    );
    assert_eq!(
        mv, "= E5",
        "White captures five stones at their last liberty"
    );
}

#[test]
fn the_search_with_a_katago_net_repeats_itself_and_sees_a_capture() {
    repeats_and_captures(&[
        "--net",
        NET,
        "--threads",
        "1",
        "--playouts",
        "60",
        "--seed",
        "5",
    ]);
}

/// The same search with hane's own network (`--puct`, the built-in
/// small-board network with value heads).
#[test]
fn the_search_with_hane_s_own_net_repeats_itself_and_sees_a_capture() {
    repeats_and_captures(&[
        "--puct",
        "--threads",
        "1",
        "--playouts",
        "200",
        "--seed",
        "5",
    ]);
}

#[test]
fn analysis_with_a_katago_net_streams_katagos_lines() {
    let mut e = common::Engine::start(&["--net", NET, "--threads", "2"]);
    e.send("boardsize 9");
    e.answer(std::time::Duration::from_secs(10));
    e.send("kata-analyze interval 10 ownership true");
    let head = e.line(std::time::Duration::from_secs(10));
    assert_eq!(head.trim(), "=");
    let info = e.line(std::time::Duration::from_secs(10));
    assert!(info.starts_with("info move "), "{info}");
    assert!(info.contains(" visits ") && info.contains(" winrate ") && info.contains(" pv "));
    let owner = info.split(" ownership ").nth(1).expect("ownership");
    assert_eq!(owner.split_whitespace().count(), 81);
    e.send("name");
    // The analysis ends with an empty line, then name's answer.
    loop {
        if e.line(std::time::Duration::from_secs(10)).is_empty() {
            break;
        }
    }
    assert_eq!(e.answer(std::time::Duration::from_secs(10)), "= hane");
    e.finish();
}
