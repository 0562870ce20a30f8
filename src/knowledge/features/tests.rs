use super::*;
use crate::rules::diagram::{parse, vertex};

fn at(b: &Board, v: &str) -> Point {
    vertex(b.size(), v).unwrap()
}

fn value(b: &Board, c: Color, v: &str, g: Group) -> u8 {
    features(b, c, at(b, v)).get(g)
}

#[test]
fn captures_are_sized_and_say_what_they_save() {
    // White B3 has one liberty, B2: a plain one-stone capture.
    let b = parse(
        ". . . . .
         . X . . .
         X O X . .
         . . . . .
         . . . . .",
    );
    assert_eq!(value(&b, Color::Black, "B2", Group::Capture), 1);
    assert_eq!(value(&b, Color::Black, "D2", Group::Capture), 0);
    // The same stone just played: the capture takes the last move.
    let mut b = parse(
        ". . . . .
         . X . . .
         X . X . .
         . . . . .
         . . . . .",
    );
    b.play_unchecked(Color::White, at(&b, "B3"));
    assert_eq!(value(&b, Color::Black, "B2", Group::Capture), 1 + 1);
    // Two stones, White B5 C5, with their last liberty at D5; taking
    // them also saves Black A5, in atari at A4.
    let two = parse(
        "X O O . .
         . X X . .
         . . . . .
         . . . . .
         . . . . .",
    );
    assert_eq!(value(&two, Color::Black, "D5", Group::Capture), 1 + 4 + 2);
    // Black C3 is in atari (C4) and White C2 too (C1): Black C1 captures
    // and saves C3; White C4 captures and saves C2; Black C4 escapes.
    let b = parse(
        ". . . . .
         . . . . .
         . O X O .
         . X O X .
         . . . . .",
    );
    assert_eq!(value(&b, Color::Black, "C1", Group::Capture), 1 + 2);
    assert_eq!(value(&b, Color::White, "C4", Group::Capture), 1 + 2);
    assert_eq!(value(&b, Color::Black, "C4", Group::Escape), 1);
    assert_eq!(value(&b, Color::Black, "C4", Group::Capture), 0);
}

#[test]
fn escapes_tell_ladders_apart() {
    // White C5 in atari after Black D5: running to C4 is a ladder.
    let mut b = parse(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . X . . . . . .
         . X O . . . . . .
         . X . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    b.play_unchecked(Color::Black, at(&b, "D5"));
    assert_eq!(value(&b, Color::White, "C4", Group::Escape), 1 + 6 + 2);
    // A ladder breaker: the escape is no longer laddered.
    b.play_unchecked(Color::White, at(&b, "F3"));
    b.play_unchecked(Color::Black, at(&b, "H8"));
    assert_eq!(value(&b, Color::White, "C4", Group::Escape), 1 + 1);
}

#[test]
fn ladder_ataris_are_marked() {
    let b = parse(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . X . . . . . .
         . X O . . . . . .
         . X . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    assert_eq!(value(&b, Color::Black, "D5", Group::Atari), 1 + 2);
    // Atari from the other side lets White out towards the centre? C4
    // also ataris, and the ladder works from there too.
    assert_eq!(value(&b, Color::Black, "H8", Group::Atari), 0);
}

#[test]
fn self_ataris_know_nakade() {
    let b = parse(
        ". . . . .
         . . . . .
         O O O O .
         O X X O .
         . . . O .",
    );
    // Black B1 joins B2 C2 and keeps two liberties (A1, C1).
    assert_eq!(value(&b, Color::Black, "B1", Group::SelfAtari), 0);
    // Black A1 has one liberty, B1, which opens onto C1: a stone in
    // atari, but not filling an enclosed eye space.
    assert_eq!(value(&b, Color::Black, "A1", Group::SelfAtari), 1);
    // Two-point eye space B2 C2: Black B2 is in atari, enclosed.
    let c = parse(
        ". . . . .
         . . . . .
         O O O O .
         O . . O .
         O O O O .",
    );
    assert_eq!(value(&c, Color::Black, "B2", Group::SelfAtari), 1 + 3);
    // Straight three B2 C2 D2 in White's wall: Black C2 (the vital
    // point) has two liberties; after Black B2, Black C2 makes a
    // two-stone nakade in atari.
    let mut d = parse(
        ". . . . . .
         . . . . . .
         O O O O O .
         O . . . O .
         O O O O O .
         . . . . . .",
    );
    assert_eq!(value(&d, Color::Black, "C3", Group::SelfAtari), 0);
    d.play_unchecked(Color::Black, at(&d, "B3"));
    assert_eq!(value(&d, Color::Black, "C3", Group::SelfAtari), 1 + 1 + 3);
}

#[test]
fn distances_edges_and_passes() {
    let mut b = parse(&". . . . . . . . .\n".repeat(9));
    b.play_unchecked(Color::Black, at(&b, "E5"));
    b.play_unchecked(Color::White, at(&b, "C3"));
    let f = features(&b, Color::Black, at(&b, "C4"));
    // C4 to C3: dx 0, dy 1 => 2 => value 1; to E5: 2 + 1 + 2 = 5 => 4.
    assert_eq!(f.get(Group::DistLast), 1);
    assert_eq!(f.get(Group::DistPrev), 4);
    assert_eq!(f.get(Group::Edge), 3);
    assert_eq!(features(&b, Color::Black, at(&b, "A9")).get(Group::Edge), 1);
    assert_eq!(features(&b, Color::Black, at(&b, "E4")).get(Group::Edge), 4);
    assert_eq!(pass_features(&b).get(Group::Pass), 1);
    b.pass(Color::Black);
    assert_eq!(pass_features(&b).get(Group::Pass), 2);
}

#[test]
fn ko_captures_are_marked() {
    // Black takes the ko at C3 by playing... White B3 in atari, Black
    // C3? Classic shape: X at B4 A3 B2, O at C4 D3 C2 and O at B3.
    let b = parse(
        ". . . . .
         . X O . .
         X O . O .
         . X O . .
         . . . . .",
    );
    assert_eq!(value(&b, Color::Black, "C3", Group::Ko), 1);
    assert_eq!(value(&b, Color::Black, "C3", Group::Capture), 1);
    assert_eq!(value(&b, Color::Black, "E5", Group::Ko), 0);
}

#[test]
fn double_ataris_and_two_liberty_fights() {
    // White C3 and E3 each have two liberties, one of them D3: Black D3
    // ataris both (two stones in all).
    let b = parse(
        ". . . . . .
         . . . . . .
         . . X . X .
         . X O . O X
         . . . . . .
         . . . . . .",
    );
    assert_eq!(value(&b, Color::Black, "D3", Group::Atari), 1 + 4 + 3);
    assert_eq!(value(&b, Color::Black, "C2", Group::Atari), 1);
    // White C3 has three liberties (B3, D3, C4): Black B3 leaves it two.
    let c = parse(
        ". . . . . .
         . . . . . .
         . . . . . .
         . . O . . .
         . . X . . .
         . . . . . .",
    );
    assert_eq!(value(&c, Color::Black, "B3", Group::Libs2), 1 + 1);
    // Black C3 has two liberties (C4, D3): Black D3 gives it four; Black
    // B4 approaches White B3 (three liberties); F6 is quiet.
    let e = parse(
        ". . . . . .
         . . . . . .
         . . . . . .
         . O X . . .
         . . O . . .
         . . . . . .",
    );
    assert_eq!(value(&e, Color::Black, "D3", Group::Libs2), 1);
    assert_eq!(value(&e, Color::Black, "B4", Group::Libs2), 1 + 1);
    assert_eq!(value(&e, Color::Black, "F6", Group::Libs2), 0);
}

#[test]
fn hashing_only_the_listed_shapes_gives_the_models_shape() {
    // From the empty board, where the largest shapes are listed, through
    // random positions, where few are: the early stop must find the same
    // largest listed shape as hashing every size.
    use crate::knowledge::builtin;
    use crate::rules::BoardSize;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let model = builtin();
    let mut rng = SmallRng::seed_from_u64(5);
    let mut board = Board::new(BoardSize::new(19).unwrap());
    let (mut checked, mut large) = (0, 0);
    // One reader for every move and position, as the priors use it.
    let mut ladders = crate::knowledge::ladder::Reader::new();
    for ply in 0..120 {
        let color = if ply % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        if ply % 8 == 0 {
            for p in board.size().points() {
                if !crate::knowledge::tactics::playable(&board, color, p) {
                    continue;
                }
                let all = features(&board, color, p);
                let few = features_while(&board, color, p, |h| model.lists_shape(h), &mut ladders);
                assert_eq!(
                    model.shape_gamma(&all.shapes),
                    model.shape_gamma(&few.shapes)
                );
                assert_eq!(all.tactics, few.tactics);
                assert_eq!(all.shapes[0], few.shapes[0]);
                checked += 1;
                let deepest = all.shapes.iter().rposition(|&h| model.lists_shape(h));
                large += (deepest >= Some(shape::SIZES - 3)) as usize;
            }
        }
        let empty: Vec<Point> = board
            .size()
            .points()
            .filter(|&p| crate::knowledge::tactics::playable(&board, color, p))
            .collect();
        let p = empty[rng.next_u32() as usize % empty.len()];
        board.play_unchecked(color, p);
    }
    assert!(
        checked > 3000 && large > 100,
        "{checked} points, {large} with a listed shape of size 10 or more"
    );
}
