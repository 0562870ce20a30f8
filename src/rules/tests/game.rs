//! Game-level tests: superko, undo, handicap, scoring, and property tests
//! over random legal games.

use crate::rules::board::OtherLiberties;
use crate::rules::diagram::{parse, vertex};
use crate::rules::*;
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn mv(g: &Game, v: &str) -> Move {
    if v == "pass" {
        Move::Pass
    } else {
        Move::Play(vertex(g.size(), v).expect("test vertex"))
    }
}

fn play(g: &mut Game, c: Color, v: &str) -> Result<(), IllegalMove> {
    let m = mv(g, v);
    g.play(c, m)
}

/// A ko in the top left of a 5x5 board: Black C4 captures B4.
fn ko_game(rules: Rules) -> Game {
    let b = parse(
        ". X O . .
         X O . O .
         . X O . .
         . . . . .
         . . . . .",
    );
    Game::from_position(b, Color::Black, rules, 0.5, 0)
}

#[test]
fn immediate_ko_recapture_is_refused_as_ko() {
    let mut g = ko_game(Rules::AGA);
    play(&mut g, Color::Black, "C4").unwrap();
    assert_eq!(play(&mut g, Color::White, "B4"), Err(IllegalMove::Ko));
    assert_eq!(g.moves().len(), 1, "a refused move changes nothing");
}

#[test]
fn ko_retake_after_two_passes_is_still_superko() {
    // Passes clear the simple-ko point, but retaking would recreate the
    // start position with Black to move: situational superko forbids it.
    for rules in [Rules::AGA, Rules::NEW_ZEALAND] {
        let mut g = ko_game(rules);
        play(&mut g, Color::Black, "C4").unwrap();
        play(&mut g, Color::White, "pass").unwrap();
        play(&mut g, Color::Black, "pass").unwrap();
        assert_eq!(play(&mut g, Color::White, "B4"), Err(IllegalMove::Superko));
        assert!(g.is_legal(Color::White, mv(&g, "E1")));
    }
}

#[test]
fn same_stones_with_the_other_player_to_move_is_not_a_repetition() {
    // Black plays twice in a row (GTP allows it): B4 is captured with
    // White to move, then White retakes. The stones equal the start, but
    // the start had Black to move and now Black is to move... so take the
    // start as "White to move" instead.
    let b = parse(
        ". X O . .
         X O . O .
         . X O . .
         . . . . .
         . . . . .",
    );
    let mut g = Game::from_position(b, Color::White, Rules::AGA, 0.5, 0);
    // Start: these stones, White to move. Black captures out of turn.
    play(&mut g, Color::Black, "C4").unwrap();
    // White retakes: same stones as the start, but Black to move now.
    assert_eq!(play(&mut g, Color::White, "B4"), Ok(()));
    assert!(g.board().same_stones(g.initial_board()));
    assert_ne!(g.to_move(), g.initial_to_move());
}

#[test]
fn triple_ko_cycle_is_cut_by_superko() {
    // Three kos on 13x13 (the position of gtp-tests/superko.tst): B10-E10
    // and D4-G4 Black can take, H10-L10 White can take. Six captures in
    // turn, none an immediate retake, would recreate the start with Black
    // to move: simple ko allows all six, situational superko forbids the
    // sixth.
    let mut g = Game::new(BoardSize::new(13).unwrap(), Rules::AGA, 0.5);
    let setup = [
        "C10", "B10", "D11", "C11", "D9", "C9", "E10", "J10", "H10", "K11", "J11", "K9", "J9",
        "L10", "E4", "D4", "F5", "E5", "F3", "E3", "G4",
    ];
    let mut c = Color::White;
    for v in setup {
        play(&mut g, c, v).unwrap();
        c = c.opponent();
    }
    assert_eq!(g.to_move(), Color::Black);
    let start = g.board().clone();
    for (c, v) in [
        (Color::Black, "D10"),
        (Color::White, "K10"),
        (Color::Black, "F4"),
        (Color::White, "C10"),
        (Color::Black, "J10"),
    ] {
        play(&mut g, c, v).unwrap();
        assert!(g.board().prisoners(c) > 0);
    }
    let e4 = mv(&g, "E4");
    // The board alone allows it (no simple-ko point at E4)...
    assert_eq!(g.board().clone().play(Color::White, e4, false), Ok(1));
    // ...but it would repeat the start.
    let mut after = g.board().clone();
    after.play(Color::White, e4, false).unwrap();
    assert!(after.same_stones(&start));
    assert_eq!(g.play(Color::White, e4), Err(IllegalMove::Superko));
    assert!(g.is_legal(Color::White, Move::Pass));
}

#[test]
fn undo_restores_captures_ko_and_superko_history() {
    let mut g = ko_game(Rules::AGA);
    let start_hash = g.board().hash();
    play(&mut g, Color::Black, "C4").unwrap();
    assert_eq!(g.board().prisoners(Color::Black), 1);
    g.undo().unwrap();
    assert_eq!(g.board().hash(), start_hash);
    assert_eq!(g.board().prisoners(Color::Black), 0);
    // The undone capture is out of the history: after White fills B4's
    // liberty elsewhere nothing remembers it.
    play(&mut g, Color::Black, "C4").unwrap();
    play(&mut g, Color::White, "pass").unwrap();
    play(&mut g, Color::Black, "pass").unwrap();
    assert_eq!(play(&mut g, Color::White, "B4"), Err(IllegalMove::Superko));
    g.undo().unwrap();
    g.undo().unwrap();
    g.undo().unwrap();
    assert_eq!(g.undo(), Err(CannotUndo));
    assert_eq!(g.board().hash(), start_hash);
    // With the capture undone White may now play C4 itself.
    assert!(g.is_legal(Color::White, mv(&g, "C4")));
}

#[test]
fn suicide_depends_on_the_rules() {
    let b = parse(
        ". O X .
         O X . .
         X . . .
         . . . .",
    );
    let mut aga = Game::from_position(b.clone(), Color::White, Rules::AGA, 0.5, 0);
    assert_eq!(
        play(&mut aga, Color::White, "A4"),
        Err(IllegalMove::Suicide)
    );
    let mut nz = Game::from_position(b, Color::White, Rules::NEW_ZEALAND, 0.5, 0);
    assert_eq!(play(&mut nz, Color::White, "A4"), Ok(()));
    assert_eq!(nz.board().prisoners(Color::Black), 3);
    assert_eq!(nz.board().stones(Color::White).count(), 0);
}

#[test]
fn under_aga_white_passes_last() {
    // White passes, Black passes: AGA wants one more White pass; NZ ends.
    for (rules, over_after_two) in [(Rules::AGA, false), (Rules::NEW_ZEALAND, true)] {
        let mut g = Game::new(BoardSize::new(9).unwrap(), rules, 7.5);
        play(&mut g, Color::Black, "E5").unwrap();
        play(&mut g, Color::White, "pass").unwrap();
        play(&mut g, Color::Black, "pass").unwrap();
        assert_eq!(g.is_over(), over_after_two, "{rules}");
        play(&mut g, Color::White, "pass").unwrap();
        assert!(g.is_over());
        // Both made two moves: the counts agree.
        let s = g.score();
        if rules == Rules::AGA {
            assert_eq!(s.area, s.territory);
        }
    }
}

#[test]
fn handicap_is_atomic_and_white_moves_next() {
    let mut g = Game::new(BoardSize::NINETEEN, Rules::AGA, 0.5);
    let d4 = mv(&g, "D4");
    let Move::Play(p) = d4 else { unreachable!() };
    assert_eq!(g.place_handicap(&[p, p]), Err(HandicapError::BadPoints));
    assert_eq!(g.place_handicap(&[p]), Err(HandicapError::InvalidCount));
    assert_eq!(g.board().empty_count(), 361);
    let pts = handicap::fixed_points(g.size(), 9).unwrap();
    g.place_handicap(&pts).unwrap();
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.handicap(), (9, HandicapSource::Placed));
    assert_eq!(g.undo(), Err(CannotUndo));
    assert_eq!(g.place_handicap(&pts), Err(HandicapError::BoardNotEmpty));
    // Every empty point touches only black: 361 for Black, and White gets
    // 8 points of AGA handicap bonus plus komi.
    assert_eq!(g.score().area.to_string(), "B+352.5");
    g.set_rules(Rules::NEW_ZEALAND);
    assert_eq!(g.score().area.to_string(), "B+360.5");
}

#[test]
fn leading_black_moves_count_as_handicap() {
    let mut g = Game::new(BoardSize::NINETEEN, Rules::AGA, 0.5);
    for v in ["D4", "Q16", "D16"] {
        play(&mut g, Color::Black, v).unwrap();
    }
    play(&mut g, Color::White, "Q4").unwrap();
    play(&mut g, Color::Black, "K10").unwrap();
    assert_eq!(g.handicap(), (3, HandicapSource::LeadingBlackMoves));
    g.set_handicap_override(Some(0));
    assert_eq!(g.handicap(), (0, HandicapSource::Override));
    g.set_handicap_override(None);
    let mut even = Game::new(BoardSize::NINETEEN, Rules::AGA, 0.5);
    play(&mut even, Color::Black, "D4").unwrap();
    play(&mut even, Color::White, "Q16").unwrap();
    assert_eq!(even.handicap(), (0, HandicapSource::None));
}

/// Plays a random legal game: alternating colours starting with the player
/// to move, occasional passes, ending after two passes or `len` moves.
fn random_game(g: &mut Game, seed: u64, len: usize, pass_rate: u32) {
    let mut rng = SmallRng::seed_from_u64(seed);
    for _ in 0..len {
        if g.is_over() {
            break;
        }
        let c = g.to_move();
        let legal = g.legal_moves(c);
        let m = if legal.is_empty() || rng.random_range(0..100) < pass_rate {
            Move::Pass
        } else {
            Move::Play(legal[rng.random_range(0..legal.len())])
        };
        g.play(c, m).expect("a listed legal move is legal");
        g.board().check_invariants();
    }
}

fn rules_from(nz: bool) -> Rules {
    if nz { Rules::NEW_ZEALAND } else { Rules::AGA }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn incremental_board_matches_recount(size in 2u32..=9, seed: u64, nz: bool, len in 0usize..150) {
        let mut g = Game::new(BoardSize::new(size).unwrap(), rules_from(nz), 7.5);
        random_game(&mut g, seed, len, 3);
    }

    #[test]
    fn copy_from_is_a_clone_whatever_the_scratch_held(
        size in 2u32..=9, big in 9u32..=19, seed: u64, len in 0usize..100, more in 0usize..60
    ) {
        // The scratch board last held a bigger position.
        let mut scratch = Game::new(BoardSize::new(big).unwrap(), Rules::AGA, 7.5);
        random_game(&mut scratch, seed ^ 1, 200, 3);
        let mut copy = scratch.board().clone();
        let mut g = Game::new(BoardSize::new(size).unwrap(), Rules::AGA, 7.5);
        random_game(&mut g, seed, len, 3);
        copy.copy_from(g.board());
        copy.check_invariants();
        let mut clone = g.board().clone();
        prop_assert!(copy.same_stones(&clone));
        prop_assert_eq!(copy.hash(), clone.hash());
        prop_assert_eq!(copy.empty_points(), clone.empty_points());
        // Both go on the same way.
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut c = g.to_move();
        for _ in 0..more {
            let empties = clone.empty_points().to_vec();
            if empties.is_empty() {
                break;
            }
            let p = Point(empties[rng.random_range(0..empties.len())]);
            if clone.check(c, p, false).is_ok() {
                prop_assert_eq!(clone.play_unchecked(c, p), copy.play_unchecked(c, p));
            }
            c = c.opponent();
        }
        copy.check_invariants();
        prop_assert!(copy.same_stones(&clone));
        prop_assert_eq!(copy.hash(), clone.hash());
    }

    #[test]
    fn liberties_besides_and_two_liberties_match_the_walk(size in 2u32..=9, seed: u64, len in 0usize..120) {
        let mut g = Game::new(BoardSize::new(size).unwrap(), Rules::AGA, 7.5);
        random_game(&mut g, seed, len, 2);
        let b = g.board();
        let points: Vec<Point> = b.size().points().collect();
        for &p in points.iter().filter(|&&p| b.cell(p).color().is_some()) {
            let libs = b.liberties(p);
            let mut upto = [p; 3];
            let n = b.liberties_upto(p, &mut upto);
            let two = (libs.len() == 2).then_some((upto[0], upto[1]));
            prop_assert_eq!(b.two_liberties(p), two);
            prop_assert_eq!(n, libs.len().min(3));
            prop_assert_eq!(b.in_atari(p), libs.len() == 1);
            prop_assert_eq!(b.atari_liberty(p), (libs.len() == 1).then(|| libs[0]));
            if b.chain_len(p) <= 2 {
                prop_assert_eq!(b.small_chain_liberties(p), Some(libs.len()));
            } else {
                prop_assert_eq!(b.small_chain_liberties(p), None);
            }
            // Each liberty touches one to four of the chain's stones.
            let plibs = b.pseudo_liberties(p);
            prop_assert!(libs.len() <= plibs && plibs <= 4 * libs.len());
            let others = |left_out: &[Point]| {
                let rest: Vec<Point> =
                    libs.iter().copied().filter(|l| !left_out.contains(l)).collect();
                match rest[..] {
                    [] => OtherLiberties::None,
                    [one] => OtherLiberties::One(one),
                    _ => OtherLiberties::Several,
                }
            };
            for &q in &points {
                prop_assert_eq!(b.liberties_besides(p, q), others(&[q]));
                for &r in &points[..points.len().min(12)] {
                    prop_assert_eq!(b.liberties_besides_both(p, q, r), others(&[q, r]));
                }
            }
        }
    }

    #[test]
    fn undo_restores_every_previous_state(size in 2u32..=7, seed: u64, nz: bool, len in 0usize..80) {
        let mut g = Game::new(BoardSize::new(size).unwrap(), rules_from(nz), 7.5);
        let mut snapshots = vec![(g.board().clone(), g.to_move(), g.pass_stones())];
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..len {
            let c = if rng.random_range(0..10) == 0 { g.to_move().opponent() } else { g.to_move() };
            let legal = g.legal_moves(c);
            let m = if legal.is_empty() || rng.random_range(0..20) == 0 {
                Move::Pass
            } else {
                Move::Play(legal[rng.random_range(0..legal.len())])
            };
            g.play(c, m).unwrap();
            snapshots.push((g.board().clone(), g.to_move(), g.pass_stones()));
        }
        while let Some((b, to_move, passes)) = snapshots.pop() {
            prop_assert!(g.board().same_stones(&b));
            prop_assert_eq!(g.board().hash(), b.hash());
            prop_assert_eq!(g.board().prisoners(Color::Black), b.prisoners(Color::Black));
            prop_assert_eq!(g.board().prisoners(Color::White), b.prisoners(Color::White));
            prop_assert_eq!(g.board().ko_point(to_move), b.ko_point(to_move));
            prop_assert_eq!(g.to_move(), to_move);
            prop_assert_eq!(g.pass_stones(), passes);
            g.board().check_invariants();
            if snapshots.is_empty() {
                prop_assert!(g.undo().is_err());
            } else {
                g.undo().unwrap();
            }
        }
    }

    #[test]
    fn aga_area_and_territory_agree_when_white_moves_last(
        size in 2u32..=9, seed: u64, len in 0usize..200, komi in -20i32..20, handicap in 0u32..=9
    ) {
        let size = BoardSize::new(size).unwrap();
        let mut g = Game::new(size, Rules::AGA, komi as f64 + 0.5);
        let stones = handicap::fixed_points(size, handicap);
        if let Some(pts) = &stones {
            g.place_handicap(pts).unwrap();
        }
        random_game(&mut g, seed, len, 5);
        // Make the turns even: Black's first turn is the handicap placement
        // when there is one, so White moves last exactly when the next to
        // move is Black (or the handicap side's turn count matches).
        if g.to_move() == Color::White {
            g.play(Color::White, Move::Pass).unwrap();
        }
        let s = g.score();
        prop_assert_eq!(s.area, s.territory, "{:?}", s);
    }

    #[test]
    fn incremental_state_survives_playouts_and_copies(
        size in 2u32..=19, seed: u64, copy_at in 0usize..400, scratch_size in 2u32..=19
    ) {
        // Playout-style games (multi-stone suicide allowed, eyes kept) have
        // far more captures than `random_game`; the incremental state
        // (chains, empties, hash, neighbour counts) must match a recount
        // after every move, also on a scratch board that took a copy.
        let size = BoardSize::new(size).unwrap();
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut b = Board::new(size);
        let mut scratch = Board::new(BoardSize::new(scratch_size).unwrap());
        let mut c = Color::Black;
        let mut passes = 0;
        for i in 0..3 * size.area() {
            if i == copy_at {
                scratch.copy_from(&b);
                scratch.check_invariants();
                b = scratch.clone();
            }
            let empties = b.empty_points().to_vec();
            let start = if empties.is_empty() { 0 } else { rng.random_range(0..empties.len()) };
            let pick = (0..empties.len())
                .map(|k| Point(empties[(start + k) % empties.len()]))
                .find(|&p| {
                    b.ko_point(c) != Some(p)
                        && !b.is_true_eye(c, p)
                        && b.check(c, p, true).is_ok()
                });
            match pick {
                Some(p) => {
                    b.play_unchecked(c, p);
                    passes = 0;
                }
                None => {
                    b.pass(c);
                    passes += 1;
                    if passes == 2 {
                        break;
                    }
                }
            }
            b.check_invariants();
            c = c.opponent();
        }
    }
}

#[test]
fn of_ply_names_who_moves_in_an_alternating_game() {
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::AGA, 7.0);
    for (i, v) in ["E5", "C3", "G7", "C7", "pass"].iter().enumerate() {
        assert_eq!(g.to_move(), Color::of_ply(i));
        play(&mut g, Color::of_ply(i), v).unwrap();
    }
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(Color::of_ply(5), Color::White);
}
