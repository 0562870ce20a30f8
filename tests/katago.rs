//! KataGo's model files in hane: the 6-block net of KataGo's 2020 run
//! (`tests/data/katago/`, from KataGo's repository), a tiny transformer
//! net of random weights and, where its file is at hand, KaTrain's
//! transformer net evaluated by hane give KataGo's own answers; files
//! that are not such a net are refused before GTP starts.
//!
//! The `*-raw-nn.tsv` files in `tests/data/katago/` hold KataGo 1.17's
//! `kata-raw-nn` answers (Eigen backend) for positions of 9-dan games,
//! taken once with `scripts/katago-agreement --record` (the folder's
//! README has the commands): game id, the moves played (SGF), rules, komi,
//! symmetry, whiteWin, whiteLead, the most probable move and its
//! probability.

mod common;

use hane::knowledge::katago::{KataBuffers, KataNet, ROOT_OPTIMISM};
use hane::knowledge::net::symmetry::Symmetry;
use hane::rules::{BoardSize, Color, Game, Move, Rules};
use std::io::Write;

const NET: &str = "tests/data/katago/g170-b6c96-s175395328-d26788732.bin.gz";
const ANSWERS: &str = "tests/data/katago/b6c96-raw-nn.tsv";
const TINY: &str = "tests/data/katago/tiny-transformer.bin.gz";
const TINY_ANSWERS: &str = "tests/data/katago/tiny-transformer-raw-nn.tsv";
const B10C384_ANSWERS: &str = "tests/data/katago/b10c384-raw-nn.tsv";

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

/// How closely hane's answers on recorded positions agree with KataGo's.
#[derive(Debug)]
struct Agreement {
    count: usize,
    same_top: usize,
    worst_win: f32,
    worst_lead: f32,
    worst_top_prob: f32,
}

/// hane's answers with `net` on the positions of `answers` (as
/// `scripts/katago-agreement --record` writes them) against KataGo's.
fn agreement(net: &KataNet, answers: &str) -> Agreement {
    let text = std::fs::read_to_string(answers).expect("recorded answers");
    let mut buf = KataBuffers::default();
    let mut a = Agreement {
        count: 0,
        same_top: 0,
        worst_win: 0.0,
        worst_lead: 0.0,
        worst_top_prob: 0.0,
    };
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
        a.worst_win = a.worst_win.max((win - white_win).abs());
        a.worst_lead = a.worst_lead.max((lead - white_lead).abs());
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
        a.count += 1;
        if best == f[7] {
            a.same_top += 1;
            let top_p: f32 = f[8].parse().unwrap();
            a.worst_top_prob = a.worst_top_prob.max((best_p - top_p).abs());
        }
    }
    eprintln!("{answers}: {a:?}");
    a
}

/// KataGo's figures within the rounding of its answers: whiteWin within
/// 0.01, whiteLead within 0.1 points, the same most probable move in 95%
/// of the positions, with its probability within 0.01.
fn assert_agrees(a: &Agreement, count: usize) {
    assert_eq!(a.count, count);
    assert!(a.worst_win < 0.01, "{a:?}");
    assert!(a.worst_lead < 0.1, "{a:?}");
    assert!(a.same_top * 100 >= 95 * a.count, "{a:?}");
    assert!(a.worst_top_prob < 0.01, "{a:?}");
}

#[test]
fn hane_evaluates_katagos_net_as_katago_does() {
    let net = KataNet::from_file(NET).expect("the net loads");
    assert_eq!((net.version(), net.channels()), (8, 96));
    assert_agrees(&agreement(&net, ANSWERS), 120);
}

/// A tiny net of random weights built as KataGo's transformer nets are
/// (`scripts/katago-tiny-net`): nested stacks of attention blocks with
/// rotary embeddings and SwiGLU blocks, an RMS norm at the trunk's tip.
#[test]
fn hane_evaluates_a_tiny_transformer_net_as_katago_does() {
    let net = KataNet::from_file(TINY).expect("the net loads");
    assert_eq!((net.version(), net.channels()), (15, 32));
    assert_agrees(&agreement(&net, TINY_ANSWERS), 40);
}

/// KaTrain's transformer net (b10c384h6nbttflrs, 38 MB, too large for the
/// repository): run when `HANE_KATAGO_B10C384` names its file.
#[test]
fn hane_evaluates_katrains_transformer_net_as_katago_does() {
    let Ok(path) = std::env::var("HANE_KATAGO_B10C384") else {
        eprintln!("skipped: HANE_KATAGO_B10C384 does not name the b10c384 net");
        return;
    };
    let net = KataNet::from_file(&path).expect("the net loads");
    assert_eq!((net.version(), net.channels()), (15, 384));
    assert_agrees(&agreement(&net, B10C384_ANSWERS), 120);
}

/// Every cut of the tiny transformer net's inflated data is refused with
/// an error, not a panic, and so is a header whose heads do not fit.
#[test]
fn cut_or_garbled_transformer_nets_are_refused() {
    let bytes = std::fs::read(TINY).expect("the net");
    let mut data = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut data).unwrap();
    for k in 1..200 {
        let cut = &data[..data.len() * k / 200];
        assert!(KataNet::from_bytes(&gzip(cut)).is_err(), "cut at {k}/200");
    }
    let name = b"model.blocks.0.blockstack.0\n";
    let at = data
        .windows(name.len())
        .position(|w| w == name)
        .expect("an attention block")
        + name.len();
    assert_eq!(&data[at..at + 4], b"2\n2\n", "2 heads, 2 key-value heads");
    let mut garbled = data.clone();
    // Three query heads for two key-value heads.
    garbled[at] = b'3';
    match KataNet::from_bytes(&gzip(&garbled)) {
        Err(e) => assert!(e.to_string().contains("malformed"), "{e}"),
        Ok(_) => panic!("three heads for two key-value heads were read"),
    }
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

/// The same search with hane's own network (the built-in small-board
/// network, whose value heads make PUCT the search below 13x13).
#[test]
fn the_search_with_hane_s_own_net_repeats_itself_and_sees_a_capture() {
    repeats_and_captures(&["--threads", "1", "--playouts", "200", "--seed", "5"]);
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

/// Counts the allocations of the thread that arms it.
mod counting {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    thread_local! {
        static ARMED: Cell<bool> = const { Cell::new(false) };
        static COUNT: Cell<usize> = const { Cell::new(0) };
    }

    pub struct Counting;

    // SAFETY: every call is passed on to the system allocator unchanged;
    // the counters are thread-local cells that allocate nothing.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            if ARMED.with(Cell::get) {
                COUNT.with(|c| c.set(c.get() + 1));
            }
            // SAFETY: the caller's contract is the system allocator's.
            unsafe { System.alloc(layout) }
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            // SAFETY: as above.
            unsafe { System.dealloc(ptr, layout) }
        }

        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
            if ARMED.with(Cell::get) {
                COUNT.with(|c| c.set(c.get() + 1));
            }
            // SAFETY: as above.
            unsafe { System.realloc(ptr, layout, size) }
        }
    }

    /// The allocations `f` makes on this thread.
    pub fn allocations(f: impl FnOnce()) -> usize {
        COUNT.with(|c| c.set(0));
        ARMED.with(|a| a.set(true));
        f();
        ARMED.with(|a| a.set(false));
        COUNT.with(Cell::get)
    }
}

#[global_allocator]
static ALLOCATOR: counting::Counting = counting::Counting;

/// Once its buffers have grown, the network's part of an evaluation of
/// a transformer net (its layers, the tables of its rotary embeddings,
/// the heads and the post-processing) allocates nothing of its own. What
/// an evaluation allocates is the filling of the inputs (the ladder and
/// area reading), counted apart on the same positions, and the packing
/// buffer `matrixmultiply` takes for each matrix product: the tiny net
/// makes 61 products (24 and 32 in its two nested blocks, 5 in the heads).
#[test]
fn the_network_reuses_its_buffers() {
    let net = KataNet::from_file(TINY).expect("the net loads");
    let text = std::fs::read_to_string(TINY_ANSWERS).expect("recorded answers");
    let mut buf = KataBuffers::default();
    let mut out = hane::knowledge::katago::KataEval::default();
    let mut inputs = hane::knowledge::katago::inputs::Inputs::default();
    for (k, line) in text.lines().take(4).enumerate() {
        let f: Vec<&str> = line.split('\t').collect();
        let game = position(f[1], f[2], f[3].parse().unwrap());
        let (color, sym) = (game.to_move(), Symmetry::new(k).unwrap());
        let mut evaluate =
            || net.evaluate_into(&game, color, sym, ROOT_OPTIMISM, &mut buf, &mut out);
        evaluate();
        let all = counting::allocations(evaluate);
        inputs.fill(&game, color);
        let filling = counting::allocations(|| inputs.fill(&game, color));
        assert!(
            all >= filling && all - filling <= 61,
            "position {k}: {all} allocations, {filling} filling the inputs"
        );
    }
}
