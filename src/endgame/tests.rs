//! Dead stones, seki and territory on finished positions.

use super::*;
use crate::rules::BoardSize;
use crate::rules::diagram::{parse, vertex};

/// White's lone G7 inside Black's area; White owns the left.
pub(super) const LONE_STONE: &str = ". . O X . . . . .
     . . O X . . . . .
     . . O X . . O . .
     . . O X . . . . .
     . . O X . . . . .
     . . O X . . . . .
     . . O X X X X X X
     . . O O O O O O O
     . . . . . . . . .";

/// A real game's end (hane against GNU Go level 10, Black to move):
/// White's right side has one eye (J4) and shares J6 with Black J7-J8,
/// whose only other liberty J9 connects it to H9 and on.
const SHORT_WALL_RACE: &str = ". . . O O X . X .
     . . O O X . X O X
     . O . O X . X O X
     . . O X X . X O .
     . O . O X X X O O
     . . O O X . X O .
     . . O X X X O O O
     . O O O X X X O O
     . . O O O X O O O";

fn statuses(b: &Board, to_move: Color) -> Statuses {
    analyse(b, to_move, &crate::knowledge::builtin(), 600, 1)
}

#[test]
fn a_stone_inside_territory_is_dead() {
    // White's lone stone at G7 sits in Black's area; White owns the left.
    let b = parse(LONE_STONE);
    let s = statuses(&b, Color::Black);
    let g7 = vertex(b.size(), "G7").unwrap();
    assert_eq!(s.dead, vec![g7]);
    assert!(s.seki.is_empty());
    // The dead stone's point is Black's territory after removal.
    assert!(s.territory[Color::Black.index()].contains(&g7));
    // Seven white stones on the C line, seven on the second row.
    assert_eq!(s.count().stones.white, 14);
}

#[test]
fn seki_stones_are_alive_and_their_shared_liberty_is_dame() {
    let b = parse(crate::rules::score::tests::SEKI);
    let s = statuses(&b, Color::Black);
    assert!(s.dead.is_empty(), "dead: {:?}", s.dead);
    let mut seki: Vec<Point> = ["B7", "A6", "B6", "C6", "D7", "F7", "D6", "E6", "F6"]
        .iter()
        .map(|v| vertex(b.size(), v).unwrap())
        .collect();
    seki.sort();
    let mut found = s.seki.clone();
    found.sort();
    assert_eq!(found, seki, "the same stones GNU Go lists");
    assert_eq!(s.dame, vec![vertex(b.size(), "C7").unwrap()]);
    assert_eq!(
        crate::rules::score::area_score(&s.count(), 0.0, 0).to_string(),
        "B+6"
    );
}

#[test]
fn lone_handicap_stones_on_an_empty_board_are_alive() {
    let size = BoardSize::NINETEEN;
    let pts = crate::rules::handicap::fixed_points(size, 9).unwrap();
    let stones: Vec<(Color, Point)> = pts.iter().map(|&p| (Color::Black, p)).collect();
    let b = Board::with_stones(size, &stones).unwrap();
    let s = analyse(&b, Color::White, &crate::knowledge::builtin(), 200, 1);
    assert!(s.dead.is_empty());
    assert_eq!(s.alive.len(), 9);
}

#[test]
fn proven_alive_groups_are_never_dead() {
    // Black's corner group has two real eyes but is small and surrounded:
    // the playouts may lose it, the proof keeps it.
    let b = parse(
        ". X . X O O O
         X X X X O . O
         O O O O O O O
         O . O . O . O
         O O O O O O O
         O . O . O . O
         O O O O O O O",
    );
    let s = statuses(&b, Color::White);
    let b7 = vertex(b.size(), "B7").unwrap();
    assert!(s.proven_alive.contains(&b7));
    assert!(!s.dead.contains(&b7));
}

#[test]
fn same_position_same_seed_same_answer() {
    let b = parse(
        ". . O X .
         . O . X .
         O . O X .
         . O X . X
         . O X . .",
    );
    let a = statuses(&b, Color::Black);
    let c = statuses(&b, Color::Black);
    assert_eq!(a.dead, c.dead);
    assert_eq!(a.seki, c.seki);
}

#[test]
fn a_stone_in_atari_the_playouts_leave_alone_is_dead() {
    // The end of a real game (hane against GNU Go, NZ rules, handicap 2).
    // Black J5 is in atari: White takes it at J4 whenever it likes, and
    // then the White group H7-H9/J6-J7 has its second eye. In the
    // playouts Black often fills J8/J9 first, so J5's mean ownership stays
    // near zero; GNU Go lists J5, J2 and J1 dead.
    let b = parse(
        ". O O O X . X O .
         O . O X X X X O .
         O O X . . X X O O
         X O X X X . X X O
         X X X . X X O O X
         . . . X X O . O .
         . X X O X O O . .
         . . X O O . . O X
         . . X X O O O . X",
    );
    let s = statuses(&b, Color::White);
    let mut dead: Vec<Point> = ["J5", "J2", "J1"]
        .iter()
        .map(|v| vertex(b.size(), v).unwrap())
        .collect();
    dead.sort();
    let mut found = s.dead.clone();
    found.sort();
    assert_eq!(found, dead);
}

#[test]
fn a_ko_the_owner_must_settle_but_cannot_leaves_the_group_dead() {
    // A real game's end (hane against itself, Black to move): Black's
    // group has one eye at F1; taking White E4 at E5 is a ko, and when
    // White does not answer Black can neither fill E4 (its second eye)
    // nor keep White from retaking. GNU Go and hane both capture it when
    // playing on.
    let b = parse(
        ". O . O O O . O O
         O . O O . O O O .
         O O . O O . O O O
         . O O . O O . O O
         O . O O . O O O .
         . O O X O X O . O
         O . O X X X X O O
         . O O X X X X X O
         O O O O X . X X X",
    );
    let s = statuses(&b, Color::Black);
    assert_eq!(s.dead_of(&b, Color::Black), 15, "dead: {:?}", s.dead);
    assert_eq!(s.dead_of(&b, Color::White), 0);
}

#[test]
fn a_capturing_race_through_a_short_wall_is_read() {
    // A real game's end (hane against GNU Go level 10, Black to move):
    // White's right side has one eye (J4) and shares J6 with Black J7-J8,
    // whose only other liberty J9 connects it to H9 and on. Black wins the
    // race; GNU Go and hane both capture White when playing on.
    let b = parse(SHORT_WALL_RACE);
    let s = statuses(&b, Color::Black);
    let dead = sorted_names(&b, &s.dead);
    assert_eq!(s.dead_of(&b, Color::White), 14, "{dead:?}");
    assert_eq!(s.dead_of(&b, Color::Black), 0, "{dead:?}");
}

#[test]
fn the_fights_of_an_analysis_share_one_reading_pool() {
    // The race above, read within the pool and with nothing in it.
    let b = parse(SHORT_WALL_RACE);
    let h8 = vertex(b.size(), "H8").unwrap();
    let settled = |pool| {
        let p = proofs::prove(&b, Color::Black, READING_BUDGET, pool);
        p.status[h8.index()].is_some()
            || p.weak.iter().any(|&(q, _)| q == h8)
            || p.conditional
                .iter()
                .any(|c| c.stones.iter().any(|&(q, _)| q == h8))
    };
    assert!(settled(READING_POOL));
    assert!(!settled(0));
}

#[test]
fn a_group_on_the_edge_with_too_little_room_is_dead_even_moving_first() {
    // A real game's end (hane against GNU Go level 1, White to move):
    // White's F8-H4 group has the ten empty points H6-H9/J4-J9, which
    // touch Black G9 at the top. GNU Go, playing both sides at level 10,
    // kills it even with White first; the reading of that space agrees.
    let b = parse(
        ". . O X X X X . .
         . O . O X O O . .
         O . O O X X O . .
         X O O X . X O . .
         . O X . . X O O .
         O O X X . X X O .
         O X X O X . X X X
         X X . . . . . . .
         . . . . . . . . .",
    );
    let s = statuses(&b, Color::White);
    for v in ["F8", "G8", "G7", "G6", "G5", "H5", "H4"] {
        let p = vertex(b.size(), v).unwrap();
        assert!(s.dead.contains(&p), "{v} alive: {:?}", s.dead);
    }
}

/// The dead stones of `b` with `to_move` to play, as sorted vertices.
/// The vertices of `points`, sorted.
fn sorted_names(b: &Board, points: &[Point]) -> Vec<String> {
    let mut v: Vec<String> = points
        .iter()
        .map(|&p| crate::rules::point::vertex_name(b.size(), p))
        .collect();
    v.sort();
    v
}

fn dead_names(b: &Board, to_move: Color) -> Vec<String> {
    sorted_names(b, &statuses(b, to_move).dead)
}

#[test]
fn a_chain_that_lives_by_taking_a_stone_in_atari_wins_the_race() {
    // Corpus game 13-l1/game-101, Black to play. White's thirteen stones
    // around C3-H7 have two liberties, G4 and G5, shared with Black's chain
    // E1-K1-H5. That chain has no other liberty but can take White's D1,
    // in atari, at C1: it then joins the group on the left, pass-alive,
    // and White is dead. Read on the board as it stands the fight was a
    // seki (32 points to White); read after the sure captures, Benson
    // settles it.
    let b = parse(
        ". O O O O X O O O . . . .
         X X O X X X X X O . . O O
         X . X X X X O O O O O O X
         X X X X O O O O X X O X X
         X O O O O X X O X X O X .
         O O . O O X X X X X X . X
         . O . O O X X O X . X X O
         O O O O X O O O X X X O O
         X X O O X O . X O O O . O
         X X X X X O . X O . . O .
         . X O O O O O X O O O . .
         X X X X O X O X O X O O .
         . . . O X X X X X X X O .",
    );
    assert_eq!(
        dead_names(&b, Color::Black).join(" "),
        "B13 C12 C13 C3 D1 D13 D3 E13 E2 E3 F3 F4 F5 F6 G2 G3 G6 H6 H7"
    );
}

#[test]
fn stones_in_atari_inside_a_dead_group_are_not_dead() {
    // Corpus game 13-l1/game-079, Black to play. Black's square L12-M13 is
    // in atari at K13 inside White's group J12-N13, but taking it leaves
    // White a square four, one eye: White is dead either way, and both
    // engines' play-ons leave the square standing. Once White was read
    // after the capture it was dead, but the square stayed "dead" too.
    let b = parse(
        ". . . . O X X . . . X X O
         . . . . O O X . O O X X O
         . . . . O X X X . O O O O
         . . . O O X O . X . X X X
         . . . O X X O O X X X O O
         . . . O X O . X X O O O O
         . . . O O X O X O O . O X
         . . O . O X X O O . O X X
         . . O O X X O O O O X X .
         . . O X X . X X O O X . .
         . . O X . . X O O . O X .
         . O O X . . X X O O O X .
         . O X X . . X O O X X X .",
    );
    assert_eq!(
        dead_names(&b, Color::Black).join(" "),
        "F8 G10 G7 G9 H9 J12 K11 K12 L11 M11 N11 N12 N13"
    );
}

#[test]
fn a_stone_in_atari_that_only_an_outside_move_can_take_is_no_eye() {
    // Corpus game 19-l1/game-022, White to play. White's group B13-E14 has
    // one eye at B14; Black's A16 sits in the corner space. White's A17
    // puts A16 in atari but is itself in atari at A18, outside the fight's
    // area: the reading, which plays only in the area, let it stand, took
    // A16 and called White alive (W+9.5 instead of B+23.5). Such a stone
    // now ends the reading as unknown, and White is dead.
    let b = parse(
        ". X X X O . . . . O O O O X O . . . .
        . . X O O . . . O . O O X X O . . . .
        . X X X O O . . O O X X X O . O . . .
        X O . X O X O O O X X O O O . O O . .
        . O O X X X X X X X O O X O O X O O O
        O . O O O . . . X O . O X X X X X X O
        X O O X O X X . X O . O O O O X . X O
        X X X X X . O X X O O O X O O O X X O
        . . . X O O O X . X X X X X X X X O X
        . . . X X X X X X O O X . . X O O O .
        . . X O O O O O O O O O X X O . O O X
        . . X O O X X X X X X O X O . O X X X
        . . . X O X O X O . X X O O O X X O O
        . . . X O X . X . . X O . . O O O O X
        . . X X O O X X X X X O O O O O X X X
        . X . X O O O O O X O X X O X X X . X
        . . X O O . . . . O O X X X . . X X .
        . . X O . . . . . . O O X X . X . . .
        . . X X O . . . . . O O O O X . . . .",
    );
    assert_eq!(
        dead_names(&b, Color::White).join(" "),
        "A14 B13 B15 B16 C13 C14 C15 D14 E11 E13 E14 F11 G11 G12 G7 J7 Q7 R7 R8 S8 T11 T8 T9"
    );
}

#[test]
fn dame_between_living_groups_is_not_seki() {
    // A finished 13x13 game against GNU Go. J1 stays empty between the
    // White stone H1, joined to its group through the eye G1, and the
    // Black chain H2-L1, whose territory holds the dead White stones
    // L2 M2 L3 N1 N3. White cannot fill J1 (H1 would be in atari), Black
    // can: dame, not a seki. Black's F7 links up at E7 or F8 and lives.
    let b = parse(
        ". . . . O O X X X O . . .
         . . . O O X X X O . . O .
         . O . O X . X O . O O . O
         . . O O X . X O O X X O O
         O O . O X . X O X O X X X
         X O O X X . X O . O X . .
         X X X O . X O . . O X X .
         . . X X X O . O . O X . .
         . . . X O . O O O O O X .
         . X X O O O . . . O X X X
         . O X X O . O O O X O X O
         . O X X X O O X X X O O .
         . . X O O O . O . X X . O",
    );
    let s = statuses(&b, Color::Black);
    assert!(s.seki.is_empty(), "seki: {:?}", s.seki);
    let v = |t: &str| vertex(b.size(), t).unwrap();
    assert!(!s.dead.contains(&v("F7")));
    for t in ["L2", "M2", "L3", "N1", "N3"] {
        assert!(s.dead.contains(&v(t)), "{t} dead");
    }
    assert_eq!(s.dame, vec![v("J1")]);
}

#[test]
fn a_capture_costs_the_capturer_a_move() {
    // The end of a 13x13 handicap game against GNU Go, Black to move.
    // White's M6 N6 N7 are in atari: Black takes them at N8 and keeps the
    // bent three M6 N6 N7, whose vital point White then takes, so Black's
    // ten stones M9-M4 die, and N11-N13 with them (GNU Go's count; a
    // search from the board after the capture gave Black a second move
    // and a living group).
    let b = parse(
        ". . . . O X X X O O O O X
         . O . O . O X X O X O . X
         O . O O O O O X X X O . X
         . . O X X O X X O X O O O
         O O X X . X O X O O O X X
         O . O X X X O X X X O X .
         O O O X . O O X O O X X O
         X X X . X O X X X O X O O
         . . X . . X . X X O X X X
         . X O X X X X X X O O X .
         X X O O O X . X O O . O X
         X O . O O O X O O O . O O
         O O O O . X X X O . . . .",
    );
    let s = statuses(&b, Color::Black);
    let v = |t: &str| vertex(b.size(), t).unwrap();
    for t in [
        "M9", "N9", "M8", "L7", "M7", "L6", "L5", "M5", "N5", "M4", "N11", "N12", "N13",
    ] {
        assert!(s.dead.contains(&v(t)), "{t} dead: {:?}", s.dead);
    }
}

#[test]
fn a_second_eye_whose_atari_lies_outside_the_fight_is_not_read_as_made() {
    // The end of a 19x19 game against GNU Go, White to move. White's ten
    // stones L17-P19 have one eye at O18; taking N19 from M19 gives a
    // second only until Black's atari at L19, outside the fight's area,
    // and the ko that follows. Read inside the area alone, M19 stood and
    // the ten lived (hane B+50.5, GNU Go B+75.5).
    let b = parse(
        "O X X X . X . X . X . . X O O X . O .
         . O X . X O O O X X X X O . O X O O X
         O X . . X X O O O X O O O O O X X X .
         . X X X X . X O O X X X X O X X X . X
         X X O X . X X O X X O X X X O O O X X
         X O O O X X X O X O O O O O O . O X O
         O O O . O O O X O . O X X X O O X X .
         O . . O O O X X O O O X X X X X X . X
         . O O O X X X O O . . O O O O O X X O
         O . O O X . X O X O O O . . . O X X O
         O O . O X X O X X O . . O O O O O O O
         O X O O X O O X O O O O . O O O O X X
         X X X X X O X X X X O O O O X O X . X
         X X X . X O O X O O O . . O X X X X .
         O O O X X X O X X O O O O X X . X X O
         O . O O O O O X . X X X X O O O O X X
         O O O . . O X X X X X . X O X O O O X
         . . . . O O X . O O X . X O X O O X X
         . . . . O X X O . O O X X X X X O O X",
    );
    let s = statuses(&b, Color::White);
    let v = |t: &str| vertex(b.size(), t).unwrap();
    for t in [
        "O19", "P19", "N18", "P18", "L17", "M17", "N17", "O17", "P17", "O16",
    ] {
        assert!(s.dead.contains(&v(t)), "{t} dead: {:?}", s.dead);
    }
    assert!(!s.dead.contains(&v("N19")));
}

#[test]
fn a_race_read_out_with_a_larger_budget_is_no_seki() {
    // The end of a 9x9 game against GNU Go (komi 7). The White chain
    // F5-J2 and the Black chain E2-H1 share their last outside liberty
    // J1, which the playouts leave neutral, but it is no seki: Black
    // connects at J5 and ataris at H4, and White can neither fill J1 nor
    // play G1. Read within 40,000 nodes the race stayed unknown, the
    // estimate called both chains seki and counted W+20; GNU Go, the
    // referee, counted the White chain dead and the game drawn.
    let b = parse(
        ". . O X X . O . X
         . . O O X X . X X
         . . . O X X X X .
         . . . O O X O O X
         . . . O X O O X .
         . O . O X X O . X
         . . . O X X O O O
         . . . O X X X X O
         . . . O O X . X .",
    );
    for to_move in Color::BOTH {
        let s = statuses(&b, to_move);
        assert!(s.seki.is_empty(), "seki: {:?}", s.seki);
        assert_eq!(
            sorted_names(&b, &s.dead).join(" "),
            "F5 G3 G4 G5 G6 G9 H3 H6 J2 J3",
            "{to_move} to move"
        );
        assert_eq!(
            crate::rules::score::area_score(&s.count(), 7.0, 0).to_string(),
            "0"
        );
    }
}
