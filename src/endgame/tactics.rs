//! One-move tactics the ownership playouts can miss: a chain in atari that
//! its owner cannot save and the opponent can take at any time.
//!
//! Playouts play randomly away from the last move, so a stone left in
//! atari inside enemy territory may survive many of them (the opponent
//! never gets round to taking it while the owner fills the opponent's eye
//! space), and its mean ownership stays near zero. Such a stone is dead
//! whoever moves next when all of these hold:
//! - the owner cannot capture an enemy chain next to it (no counter-atari);
//! - extending at its last liberty leaves the chain at most one liberty;
//! - the opponent can capture it now (not a ko retake), and the capturing
//!   stone then has two or more liberties (not a snapback or a ko).
//!
//! [`resolve`] takes such chains off the board the way the opponent would,
//! so that the playouts start from the position after the sure captures
//! (and the capturer's eye there counts).

use crate::rules::point::{MAX_POINTS, Point};
use crate::rules::{Board, Cell, Move};

/// Rounds of sure captures: a capture can leave another chain in atari.
const ROUNDS: usize = 4;

/// The board after the opponent took every chain that is dead in atari
/// (repeatedly, up to a few rounds), and for each point whether it held a
/// stone of `board` taken that way.
pub fn resolve(board: &Board) -> (Board, Vec<bool>) {
    let mut taken = vec![false; MAX_POINTS];
    let mut now = board.clone();
    for _ in 0..ROUNDS {
        let heads: Vec<Point> = now
            .size()
            .points()
            .filter(|&p| now.cell(p) != Cell::Empty && now.chain_id(p) == p)
            .collect();
        let mut changed = false;
        for h in heads {
            // An earlier capture this round may have changed this chain.
            if now.cell(h) == Cell::Empty || !dead_in_atari(&now, h) {
                continue;
            }
            let (Some(owner), Some(lib)) = (now.cell(h).color(), now.atari_liberty(h)) else {
                continue;
            };
            let stones: Vec<Point> = now.chain_stones(h).collect();
            if now.play(owner.opponent(), Move::Play(lib), false).is_ok() {
                for s in stones {
                    if board.cell(s) == Cell::stone(owner) {
                        taken[s.index()] = true;
                    }
                }
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (now, taken)
}

/// True if the chain through stone `p` is in atari and dead by the rules
/// above.
pub fn dead_in_atari(board: &Board, p: Point) -> bool {
    let Some(owner) = board.cell(p).color() else {
        return false;
    };
    let Some(lib) = board.atari_liberty(p) else {
        return false;
    };
    let enemy = owner.opponent();
    // Counter-capture: an enemy chain next to ours in atari.
    let counter = board.chain_stones(p).any(|s| {
        board
            .neighbours(s)
            .iter()
            .any(|&n| board.cell(n) == Cell::stone(enemy) && board.in_atari(n))
    });
    if counter {
        return false;
    }
    // Escape: extending at the liberty.
    let mut escape = board.clone();
    if escape.play(owner, Move::Play(lib), false).is_ok() && escape.liberties(lib).len() >= 2 {
        return false;
    }
    // Capture: legal now and safe afterwards.
    if board.ko_point(enemy) == Some(lib) {
        return false;
    }
    let mut capture = board.clone();
    capture.play(enemy, Move::Play(lib), false).is_ok()
        && capture.cell(p) == Cell::Empty
        && capture.liberties(lib).len() >= 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};

    fn dead(diagram: &str, v: &str) -> bool {
        let b = parse(diagram);
        dead_in_atari(&b, vertex(b.size(), v).unwrap())
    }

    #[test]
    fn a_stone_in_atari_inside_enemy_area_is_dead() {
        // Black C3 has one liberty (C2); extending gives one liberty again.
        let d = ". . . . .
                 . O O O .
                 O O X O .
                 . O . O .
                 . . O . .";
        assert!(dead(d, "C3"));
    }

    #[test]
    fn escapes_counter_captures_kos_and_chains_with_two_liberties_are_not_dead() {
        // Extending at C2 gives the stone three liberties.
        assert!(!dead(
            ". . . . .
             . . O . .
             . O X O .
             . . . . .
             . . . . .",
            "C3"
        ));
        // Extending at C2 would leave one liberty, but Black C3 can take
        // White D3, which is in atari too.
        assert!(!dead(
            ". . . . .
             . . O X .
             . O X O X
             . O . . .
             . . O . .",
            "C3"
        ));
        // A ko: Black B3 can connect at C3, and White taking at C3 would
        // leave its stone in atari.
        assert!(!dead(
            ". . . . .
             . O X . .
             O X . X .
             . O X . .
             . . . . .",
            "B3"
        ));
        // Not in atari at all.
        assert!(!dead(
            ". . . . .
             . O O O .
             O O X . .
             . O . O .
             . . O . .",
            "C3"
        ));
    }
}
