//! Tests of the playout policies and the count.

use super::*;
use crate::knowledge::ladder::Reader;
use crate::knowledge::tactics::bad_self_atari;
use crate::rules::diagram::{parse, vertex};
use rand::SeedableRng;

/// The heavy policy with the default tactics and no replies.
fn heavy(model: &Model) -> Policy<'_> {
    Policy {
        kind: PlayoutKind::Heavy,
        model,
        tactics: Tactics::default(),
        replies: None,
        shape_log: None,
    }
}

fn heavy_choice(b: &Board, color: Color) -> Option<Point> {
    let model = crate::knowledge::builtin();
    choose(
        b,
        color,
        heavy(&model),
        &mut SmallRng::seed_from_u64(3),
        &mut Reader::new(),
    )
}

#[test]
fn heavy_policy_captures_a_stone_that_ran_into_atari() {
    let mut b = parse(
        ". . . . .
         . X . X .
         . . X . .
         . . . . .
         . . . . .",
    );
    let c4 = vertex(b.size(), "C4").unwrap();
    b.play_unchecked(Color::White, c4);
    assert_eq!(heavy_choice(&b, Color::Black), vertex(b.size(), "C5"));
}

#[test]
fn heavy_policy_extends_a_stone_put_in_atari() {
    let mut b = parse(
        ". . . . .
         . . . . .
         . O X O .
         . . . . .
         . . . . .",
    );
    b.play_unchecked(Color::White, vertex(b.size(), "C2").unwrap());
    assert_eq!(heavy_choice(&b, Color::Black), vertex(b.size(), "C4"));
}

#[test]
fn playouts_never_fill_own_eyes_and_end() {
    let mut rng = SmallRng::seed_from_u64(7);
    let model = crate::knowledge::builtin();
    for kind in [PlayoutKind::Light, PlayoutKind::Heavy] {
        let policy = Policy {
            kind,
            ..heavy(&model)
        };
        for _ in 0..50 {
            let mut b = Board::new(crate::rules::BoardSize::new(9).unwrap());
            let mut amaf = Amaf::new();
            let s = run(
                &mut b,
                Color::Black,
                policy,
                7.5,
                &mut amaf,
                &mut rng,
                &mut Reader::new(),
            );
            assert!(s.fract() != 0.0);
            b.check_invariants();
            // A game that ended by two passes (not the move cap, which
            // long capture cycles can reach) left nothing playable,
            // except (heavy) moves that put several stones in atari.
            if !matches!(b.last_move(), Some((_, Move::Pass))) {
                continue;
            }
            for &p in b.empty_points() {
                let p = Point(p);
                for c in [Color::Black, Color::White] {
                    // A ko retake forbidden when the player passed is
                    // playable again after the passes.
                    let retake = b.clone().play_unchecked(c, p) == 1;
                    let ok = !playable(&b, c, p)
                        || retake
                        || (kind == PlayoutKind::Heavy && bad_self_atari(&b, c, p));
                    assert!(ok, "{kind:?}: {c} could still play {p:?}\n{b:?}");
                }
            }
        }
    }
}

#[test]
fn recording_scores_like_the_area_count() {
    let model = crate::knowledge::builtin();
    let policy = heavy(&model);
    let size = crate::rules::BoardSize::new(9).unwrap();
    // One reader kept through all the recorded playouts, a fresh one for
    // each plain one: the reader's spare boards must not change a move.
    let mut ladders = Reader::new();
    for seed in 0..200 {
        let (mut a, mut b) = (Board::new(size), Board::new(size));
        let mut amaf = Amaf::new();
        let mut own = vec![0i64; size.area()];
        let plain = run(
            &mut a,
            Color::Black,
            policy,
            7.0,
            &mut amaf,
            &mut SmallRng::seed_from_u64(seed),
            &mut Reader::new(),
        );
        let recorded = run_recording(
            &mut b,
            Color::Black,
            policy,
            7.0,
            &mut amaf,
            &mut SmallRng::seed_from_u64(seed),
            &mut ladders,
            &mut own,
            0,
        );
        assert_eq!(plain, recorded, "seed {seed}\n{b:?}");
        let mut expected = vec![0i64; size.area()];
        record_ownership(&b, &mut expected);
        assert_eq!(own, expected);
    }
}

#[test]
fn heavy_policy_extends_a_chain_reduced_to_two_liberties() {
    // Black B3 C3 had three liberties; White B4 leaves two (B2 C2... )
    let mut b = parse(
        ". . . . .
         . . . . .
         O X X O .
         . . . . .
         . . . . .",
    );
    b.play_unchecked(Color::White, vertex(b.size(), "B4").unwrap());
    b.play_unchecked(Color::Black, vertex(b.size(), "E5").unwrap());
    b.play_unchecked(Color::White, vertex(b.size(), "C4").unwrap());
    // Black B3 C3: liberties B2 and C2. Extending to either gives three
    // or more.
    let choice = heavy_choice(&b, Color::Black).unwrap();
    let at = |v: &str| vertex(b.size(), v).unwrap();
    assert!(
        choice == at("B2") || choice == at("C2"),
        "{choice:?}\n{b:?}"
    );
}

#[test]
fn a_chain_with_three_liberties_starts_the_race_it_must() {
    use super::cands::Cands;
    use super::fights::race_moves;
    use super::heavy::answer_last_move;
    // White D5 leaves Black C4 C5 C6 three liberties. White B4 B5 B6
    // has two, A4 and A6: Black A4 ataris it, and White cannot escape
    // (A6 would be suicide). Black A6 instead would leave A5 A6 one
    // liberty: not suggested.
    let mut b = parse(
        ". O X . . .
         X O X . . .
         . O X . . .
         . X . . . .
         . . . . . .
         . . . . . .",
    );
    let size = b.size();
    let at = |v: &str| vertex(size, v).unwrap();
    let found = |b: &Board, last: Point| {
        let mut cands = Cands::new();
        race_moves(b, Color::Black, last, &mut cands);
        cands.found()
    };
    // With four liberties the chain is not yet in a race.
    let far = at("F1");
    b.play_unchecked(Color::White, far);
    assert_eq!(found(&b, far), vec![]);
    let d5 = at("D5");
    b.play_unchecked(Color::White, d5);
    assert_eq!(found(&b, d5), vec![at("A4")]);
    // Through the whole policy: the race comes before the shapes, and
    // without it the atari is not played.
    let model = crate::knowledge::builtin();
    let policy = |race_percent| Policy {
        kind: PlayoutKind::Heavy,
        model: &model,
        tactics: Tactics {
            race_percent,
            answer_percent: 100,
            ..Default::default()
        },
        replies: None,
        shape_log: None,
    };
    let answer = |race_percent| {
        let mut rng = SmallRng::seed_from_u64(1);
        answer_last_move(
            &b,
            Color::Black,
            d5,
            policy(race_percent),
            1,
            &mut rng,
            &mut crate::knowledge::ladder::Reader::new(),
        )
    };
    assert_eq!(answer(100), Some(at("A4")));
    assert_ne!(answer(0), Some(at("A4")));
}
