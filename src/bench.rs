//! `hane bench`: the speed of the board itself — uniformly random playouts
//! (no eye filling, simple ko) per second, one thread, on 9x9 and 19x19.

use crate::rules::{Board, BoardSize, Color};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

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
            if board.ko_point(color) != Some(p)
                && !board.is_true_eye(color, p)
                && !board.is_suicide(color, p)
            {
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

/// Runs the board benchmark and prints one line per board size on stdout.
pub fn run(seconds: f64, seed: u64) {
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
