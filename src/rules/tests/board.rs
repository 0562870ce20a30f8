//! Board-level tests: captures, suicide, simple ko, eyes and the atari
//! test, each on a small diagram.

use crate::rules::diagram::{parse, vertex};
use crate::rules::{Board, Cell, Color, IllegalMove, Move, Point};

fn pt(b: &Board, v: &str) -> Point {
    vertex(b.size(), v).expect("test vertex")
}

#[test]
fn single_stone_capture_in_the_corner() {
    let mut b = parse(
        ". . . .
         . . . .
         X . . .
         O . . .",
    );
    assert_eq!(
        b.play(Color::Black, Move::Play(pt(&b, "A2")), false),
        Err(IllegalMove::Occupied)
    );
    let captured = b
        .play(Color::Black, Move::Play(pt(&b, "B1")), false)
        .unwrap();
    assert_eq!(captured, 1);
    assert_eq!(b.cell(pt(&b, "A1")), Cell::Empty);
    assert_eq!(b.prisoners(Color::Black), 1);
    // A1 is now an empty point Black surrounds: White may not play there.
    assert_eq!(
        b.check(Color::White, pt(&b, "A1"), true),
        Err(IllegalMove::Suicide)
    );
    b.check_invariants();
}

#[test]
fn one_move_captures_two_chains() {
    let mut b = parse(
        "X O . O X
         . X O X .
         . . X . .
         . . . . .
         . . . . .",
    );
    // Three white chains, B5, C4 and D5, whose last liberty is C5.
    let n = b
        .play(Color::Black, Move::Play(pt(&b, "C5")), false)
        .unwrap();
    assert_eq!(n, 3);
    assert_eq!(b.prisoners(Color::Black), 3);
    for v in ["B5", "C4", "D5"] {
        assert_eq!(b.cell(pt(&b, v)), Cell::Empty);
    }
    b.check_invariants();
}

#[test]
fn single_stone_suicide_is_illegal_even_when_allowed() {
    let b = parse(
        ". X .
         X . .
         . . .",
    );
    assert_eq!(
        b.check(Color::White, pt(&b, "A3"), true),
        Err(IllegalMove::Suicide)
    );
    assert_eq!(
        b.check(Color::White, pt(&b, "A3"), false),
        Err(IllegalMove::Suicide)
    );
}

#[test]
fn multi_stone_suicide_removes_own_chain_when_allowed() {
    let mut b = parse(
        ". O X .
         O X . .
         X . . .
         . . . .",
    );
    // White A4 joins B4 and A3 into a chain with no liberty left.
    assert_eq!(
        b.check(Color::White, pt(&b, "A4"), false),
        Err(IllegalMove::Suicide)
    );
    let lost = b
        .play(Color::White, Move::Play(pt(&b, "A4")), true)
        .unwrap();
    assert_eq!(lost, 3);
    assert_eq!(b.prisoners(Color::Black), 3);
    assert_eq!(b.cell(pt(&b, "A4")), Cell::Empty);
    b.check_invariants();
}

#[test]
fn simple_ko_forbids_immediate_recapture_only() {
    let mut b = parse(
        ". X O . .
         X O . O .
         . X O . .
         . . . . .
         . . . . .",
    );
    // Black C4 captures B4: a ko.
    let n = b
        .play(Color::Black, Move::Play(pt(&b, "C4")), false)
        .unwrap();
    assert_eq!(n, 1);
    assert_eq!(b.ko_point(Color::White), Some(pt(&b, "B4")));
    // Black is not restricted by the ko point.
    assert_eq!(b.ko_point(Color::Black), None);
    b.play(Color::White, Move::Play(pt(&b, "E1")), false)
        .unwrap();
    assert_eq!(b.ko_point(Color::White), None, "any move clears the ko");
    b.play(Color::Black, Move::Play(pt(&b, "E2")), false)
        .unwrap();
    assert_eq!(b.play(Color::White, Move::Play(pt(&b, "B4")), false), Ok(1));
    b.check_invariants();
}

#[test]
fn true_eyes_and_false_eyes() {
    let b = parse(
        ". X . X O
         X X X O .
         . . . . .
         . . . . .
         . . . . .",
    );
    assert!(b.is_true_eye(Color::Black, pt(&b, "A5")));
    // C5 is on the edge and White holds its diagonal D4: a false eye.
    assert!(!b.is_true_eye(Color::Black, pt(&b, "C5")));
    assert!(!b.is_true_eye(Color::White, pt(&b, "E4")));
}

#[test]
fn atari_liberty_is_found_from_pseudo_liberties() {
    let b = parse(
        ". . . .
         . X X .
         . O O X
         . . X .",
    );
    let w = pt(&b, "B2");
    assert!(!b.in_atari(w));
    let b2 = {
        let mut b2 = b.clone();
        b2.play(Color::Black, Move::Play(pt(&b, "A2")), false)
            .unwrap();
        b2
    };
    assert!(b2.in_atari(w));
    assert_eq!(b2.atari_liberty(w), Some(pt(&b, "B1")));
    b2.check_invariants();
}
