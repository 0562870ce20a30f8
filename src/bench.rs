//! `hane bench`: speed figures and a deterministic signature.
//!
//! 1. The bare board: uniformly random playouts (no eye filling, simple
//!    ko) per second, one thread, 9x9 and 19x19.
//! 2. The search: playouts per second inside a real search, light and
//!    heavy playouts, one thread and all threads, on the empty 9x9 and
//!    19x19 boards and a middle-game position of each.
//! 3. A signature: the move chosen on each position with one thread, heavy
//!    playouts, a fixed playout count and seed; it changes only when search
//!    behaviour changes.
//! 4. The built-in policy network: one pass over the 19x19 middle-game
//!    position, computed directly (the training's) and by Winograd's tiles
//!    (play's).

use crate::rules::{Board, BoardSize, Color, Game, Move, Rules};
use crate::search::{
    PlayoutKind, SearchLimits, SearchParams, SearchRequest, Searcher, SizedParams,
};
use crate::stop::StopCheck;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// 24 moves of GNU Go 3.8 self-play (level 1, seed 7) on 9x9.
const MID_9: &str = "G6 C7 E7 G3 C4 D6 E3 H5 H6 D8 H4 H3 G5 F8 H8 F2 E2 B5 B4 F4 F3 G1 G4 H2";
/// 100 moves of GNU Go 3.8 self-play (level 1, seed 7) on 19x19.
const MID_19: &str = "Q16 C4 Q4 D17 E4 E3 F3 D3 F4 C6 K4 C15 K17 R6 R8 P6 O4 N6 M4 Q14 O16 R16 R17 R15 S17 R10 R5 S7 Q9 O9 \
G17 Q5 R4 C10 O14 F14 F8 Q12 F10 E12 T14 S12 L6 O13 L8 M11 E18 D8 E6 D18 K11 F18 G18 E17 F2 E2 M13 H14 G11 S5 S4 T4 T3 T5 \
S2 G19 H19 F19 K15 N13 N14 P14 H17 S14 F16 E16 P5 Q6 O6 O7 O5 T15 N7 N8 M7 M8 L9 P15 P16 F1 G1 E1 H2 M12 L13 F17 P7 S8 O8 N10";

/// The benchmark positions: name and game.
pub fn positions() -> Vec<(&'static str, Game)> {
    let game = |n: u32, moves: &str| {
        let size = BoardSize::new(n).expect("valid size");
        let mut g = Game::new(size, Rules::AGA, 7.5);
        let mut c = Color::Black;
        for v in moves.split_whitespace() {
            let p = crate::rules::diagram::vertex(size, v).expect("bench vertex");
            g.play(c, Move::Play(p)).expect("bench moves are legal");
            c = c.opponent();
        }
        g
    };
    vec![
        ("9x9 empty", game(9, "")),
        ("9x9 mid", game(9, MID_9)),
        ("19x19 empty", game(19, "")),
        ("19x19 mid", game(19, MID_19)),
    ]
}

/// Plays one random game on `board` until two passes or a move cap and
/// returns the number of moves played. Candidate points are drawn from the
/// empty list; suicide, simple-ko retakes and own true eyes are skipped.
pub fn random_playout(board: &mut Board, mut color: Color, rng: &mut SmallRng) -> u32 {
    let cap = 3 * board.size().area() as u32;
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < cap {
        let n = board.empty_count();
        let start = if n > 0 {
            ((rng.next_u32() as u64 * n as u64) >> 32) as usize
        } else {
            0
        };
        let mut chosen = None;
        for i in 0..n {
            let p = crate::rules::Point(board.empty_points()[(start + i) % n]);
            if crate::search::playout::playable(board, color, p) {
                chosen = Some(p);
                break;
            }
        }
        match chosen {
            Some(p) => {
                board.play_unchecked(color, p);
                passes = 0;
            }
            None => {
                board.pass(color);
                passes += 1;
            }
        }
        moves += 1;
        color = color.opponent();
    }
    moves
}

/// Runs all three benchmarks and prints them as tables on stdout. The
/// searches use `base` for their board size (the defaults, or what
/// `--tune` set) with their own playout kind, threads and tree size.
pub fn run(seconds: f64, seed: u64, threads: usize, signature_playouts: u64, base: SizedParams) {
    board_speed(seconds, seed);
    search_speed(seconds, seed, threads, base);
    signature(seed, signature_playouts, base);
    net_speed(seconds);
}

/// Microseconds of one pass of the built-in network over the 19x19
/// middle-game position, each way, one thread.
fn net_speed(seconds: f64) {
    use crate::knowledge::net::{Activations, input};
    let Some(net) = crate::knowledge::builtin_net() else {
        return;
    };
    let Some((_, game)) = positions()
        .into_iter()
        .find(|(name, _)| *name == "19x19 mid")
    else {
        return;
    };
    let n = game.size().get();
    // Every point a candidate of equal probability: the planes' cost is
    // not what is measured.
    let log_probs = vec![-((n * n) as f32).ln(); n * n];
    let mut planes = Vec::new();
    input::planes(game.board(), game.to_move(), &log_probs, &mut planes);
    let budget = Duration::from_secs_f64(seconds.clamp(0.1, 600.0) / 2.0);
    println!();
    println!(
        "network pass ({n}x{n}, {} channels, {} blocks)  microseconds",
        net.channels(),
        net.blocks()
    );
    for (way, tiles) in [("direct (training)", false), ("tiles (play)", true)] {
        let mut acts = Activations::default();
        let (start, mut passes) = (Instant::now(), 0u32);
        while passes == 0 || start.elapsed() < budget {
            if tiles {
                net.infer(n, &planes, &mut acts);
            } else {
                net.forward(n, &planes, &mut acts);
            }
            passes += 1;
        }
        println!(
            "{way:<18} {:>10.1}",
            start.elapsed().as_secs_f64() * 1e6 / f64::from(passes)
        );
    }
}

fn search_speed(seconds: f64, seed: u64, threads: usize, base: SizedParams) {
    let budget = Duration::from_secs_f64(seconds.clamp(0.1, 600.0));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .ok();
    println!();
    println!(
        "position     playouts  threads  playouts/s  (inside a search, {:.1} s each)",
        budget.as_secs_f64()
    );
    for (name, game) in positions() {
        for kind in [PlayoutKind::Light, PlayoutKind::Heavy] {
            let mut counts = vec![1];
            if threads > 1 {
                counts.push(threads);
            }
            for &t in &counts {
                let params = SearchParams {
                    playout: kind,
                    threads: t,
                    max_tree_bytes: 512 << 20,
                    ..base.for_size(game.size().get())
                };
                let mut s = Searcher::new(params);
                let limits = SearchLimits {
                    playouts: None,
                    time: Some(budget),
                    stop: StopCheck::NEVER,
                };
                let color = game.to_move();
                // Time budgets may stop early when the move is decided; use a
                // fixed count far above what fits instead, and a deadline.
                let r = s.search_full(
                    SearchRequest::new(&game, color, limits, seed).pool(pool.as_ref()),
                );
                let kind_name = if kind == PlayoutKind::Light {
                    "light"
                } else {
                    "heavy"
                };
                println!(
                    "{name:<12} {kind_name:<8} {t:>7}  {:>10.0}",
                    r.playouts as f64 / r.elapsed.as_secs_f64()
                );
            }
        }
    }
}

fn signature(seed: u64, playouts: u64, base: SizedParams) {
    println!();
    let mut total = 0;
    let mut moves = Vec::new();
    for (name, game) in positions() {
        let mut s = Searcher::new(SearchParams {
            playout: PlayoutKind::Heavy,
            threads: 1,
            max_tree_bytes: 256 << 20,
            ..base.for_size(game.size().get())
        });
        let limits = SearchLimits {
            playouts: Some(playouts),
            time: None,
            stop: StopCheck::NEVER,
        };
        let r = s.search(SearchRequest::new(&game, game.to_move(), limits, seed));
        total += r.playouts;
        let mv = crate::rules::point::move_name(game.size(), r.best);
        println!("{name:<12} {mv:<5} win {:.3}", r.win_rate);
        moves.push(mv);
    }
    println!(
        "signature: {total} playouts, moves {} (heavy, 1 thread, {playouts} playouts, seed {seed})",
        moves.join(" ")
    );
}

fn board_speed(seconds: f64, seed: u64) {
    let budget = Duration::from_secs_f64(seconds.clamp(0.1, 600.0));
    let mut rng = SmallRng::seed_from_u64(seed);
    println!(
        "board  playouts/s  moves/playout  (random playouts, 1 thread, {:.1} s each)",
        budget.as_secs_f64()
    );
    for n in [9u32, 19] {
        let empty = Board::new(BoardSize::new(n).expect("valid size"));
        let start = Instant::now();
        let (mut playouts, mut moves) = (0u64, 0u64);
        while start.elapsed() < budget {
            for _ in 0..64 {
                let mut b = empty.clone();
                moves += random_playout(&mut b, Color::Black, &mut rng) as u64;
                playouts += 1;
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{n}x{n}  {:>10.0}  {:>13.1}",
            playouts as f64 / secs,
            moves as f64 / playouts as f64
        );
    }
}
