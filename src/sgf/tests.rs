//! Loading: the forms real files take, the stop points, the rules and
//! the refusals.

use super::*;
use crate::rules::diagram::vertex;
use crate::rules::{Color, HandicapSource, Move};

fn load_ok(text: &str, stop: Stop) -> Loaded {
    read(text, Rules::AGA, 7.5, stop).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn refused(text: &str) -> String {
    match read(text, Rules::AGA, 7.5, Stop::End) {
        Ok(_) => panic!("loaded: {text}"),
        Err(e) => e.0,
    }
}

/// The stones of `c`, as sorted GTP vertices.
fn stones(game: &Game, c: Color) -> Vec<String> {
    let size = game.size();
    let mut v: Vec<String> = game
        .board()
        .stones(c)
        .map(|p| crate::rules::point::vertex_name(size, p))
        .collect();
    v.sort();
    v
}

#[test]
fn handicap_setup_and_stop_points() {
    let text = "(;GM[1]SZ[9]HA[2]KM[0.5]AB[cc][gg];W[ee];B[ce];W[ec])";
    let g = load_ok(text, Stop::End).game;
    assert_eq!(g.handicap(), (2, HandicapSource::Placed));
    assert_eq!(g.initial_to_move(), Color::White);
    assert_eq!(g.moves().len(), 3);
    let g = load_ok(text, Stop::BeforeMove(2)).game;
    assert_eq!(g.moves().len(), 1);
    assert_eq!(g.to_move(), Color::Black);
    let g = load_ok(text, Stop::BeforePoint(4, 6)).game; // E7 = W[ec]
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.to_move(), Color::White);
}

#[test]
fn the_player_of_move_n_is_to_move_before_it() {
    // Handicap stones played as moves: B, B, then W.
    let text = "(;SZ[9]HA[2];B[cc];B[gg];W[ee];B[ce])";
    for (n, played, to_move) in [
        (1, 0, Color::Black),
        (2, 1, Color::Black),
        (3, 2, Color::White),
        (4, 3, Color::Black),
        (99, 4, Color::White),
    ] {
        let l = load_ok(text, Stop::BeforeMove(n));
        assert_eq!(l.game.moves().len(), played, "before move {n}");
        assert_eq!(l.game.to_move(), to_move, "before move {n}");
    }
    let g = load_ok(text, Stop::End).game;
    assert_eq!(g.handicap(), (2, HandicapSource::LeadingBlackMoves));
    // The turn given by `loadsgf FILE 2` can be undone with the move.
    let mut g = load_ok(text, Stop::BeforeMove(2)).game;
    g.undo().unwrap();
    assert_eq!(g.to_move(), Color::Black);
    assert!(g.board().stones(Color::Black).next().is_none());
}

#[test]
fn no_handicap_forms_and_unreadable_handicaps_do_not_refuse() {
    for ha in ["0", "1", " 0 ", "7.5", "", "many", "-3"] {
        let l = load_ok(&format!("(;SZ[9]HA[{ha}]KM[7.5];B[ee];W[cc])"), Stop::End);
        assert_eq!(l.game.handicap(), (0, HandicapSource::None), "HA[{ha}]");
        assert_eq!(l.game.initial_to_move(), Color::Black, "HA[{ha}]");
        let noted = l.notes.iter().any(|n| n.contains("HA["));
        assert_eq!(
            noted,
            ["7.5", "many", "-3"].contains(&ha),
            "HA[{ha}]: {:?}",
            l.notes
        );
    }
}

#[test]
fn rules_are_mapped_and_territory_rules_keep_the_current_ones() {
    for (ru, want) in [
        ("Japanese", Rules::NEW_ZEALAND),
        ("Korean", Rules::NEW_ZEALAND),
        ("Chinese", Rules::AGA),
        ("AGA", Rules::AGA),
        ("Tromp/Taylor", Rules::NEW_ZEALAND),
        ("TT--", Rules::NEW_ZEALAND),
        ("New Zealand", Rules::NEW_ZEALAND),
        ("Foo", Rules::NEW_ZEALAND),
    ] {
        let text = format!("(;SZ[9]RU[{ru}]KM[6.5];B[ee])");
        let l = read(&text, Rules::NEW_ZEALAND, 0.5, Stop::End).unwrap();
        assert_eq!(l.game.rules(), want, "RU[{ru}]");
        assert_eq!(l.game.komi(), 6.5);
        assert!(
            l.notes.iter().any(|n| n.starts_with(&format!("RU[{ru}]"))),
            "{:?}",
            l.notes
        );
    }
    // Chinese under a session playing New Zealand: AGA, so no suicide.
    let text = "(;SZ[5]RU[Chinese];B[ba];W[ab];B[ee];W[bb];B[dd];W[ca])";
    let l = read(text, Rules::NEW_ZEALAND, 0.5, Stop::End).unwrap();
    let a5 = vertex(l.game.size(), "A5").unwrap();
    assert!(!l.game.is_legal(Color::Black, Move::Play(a5)));
    let text = text.replace("Chinese", "Tromp-Taylor");
    let l = read(&text, Rules::AGA, 0.5, Stop::End).unwrap();
    assert!(
        l.game.is_legal(Color::Black, Move::Play(a5)),
        "multi-stone suicide"
    );
}

#[test]
fn a_move_illegal_under_hanes_rules_is_refused_by_number() {
    // A triple ko on 13x13 (as in gtp-tests/superko.tst), played out under
    // Japanese rules: the sixth move repeats the start with Black to move.
    let text = "(;GM[1]FF[4]SZ[13]RU[Japanese]KM[6.5]\
        AB[bd][cc][ce][id][jc][je][kd][dj][ei][ek]\
        AW[cd][dc][de][ed][hd][ic][ie][ej][fi][fk][gj]\
        ;B[dd];W[jd];B[fj];W[cd];B[id];W[ej];B[aa])";
    let e = refused(text);
    assert_eq!(
        e,
        "move 6 (W E4) is illegal under aga rules: superko: position repeats"
    );
    // Up to that move it loads.
    let g = load_ok(text, Stop::BeforeMove(6)).game;
    assert_eq!(g.moves().len(), 5);
    assert_eq!(g.to_move(), Color::White);
    assert!(refused("(;SZ[9];B[ee];W[ee])").starts_with("move 2 (W E5) is illegal"));
}

#[test]
fn setup_in_later_nodes_applies_where_it_stands() {
    // A problem: empty root, the position in node 2 with White to play,
    // then a move, a correction (AE, AB) and another move.
    let text = "(;GM[1]FF[4]SZ[9]\n;AB[cc][dc]AW[cd][dd]PL[W]\n;W[ec]\n;AE[ec]AB[ed]\n;W[ee])";
    let l = load_ok(text, Stop::End);
    assert_eq!(stones(&l.game, Color::Black), ["C7", "D7", "E6"]);
    assert_eq!(stones(&l.game, Color::White), ["C6", "D6", "E5"]);
    assert_eq!(l.game.to_move(), Color::Black);
    // Before move 1: the node-2 setup and PL[W].
    let g = load_ok(text, Stop::BeforeMove(1)).game;
    assert_eq!(stones(&g, Color::Black), ["C7", "D7"]);
    assert_eq!(g.to_move(), Color::White);
    // Before move 2: E7 played, then taken away by the AE.
    let g = load_ok(text, Stop::BeforeMove(2)).game;
    assert_eq!(stones(&g, Color::White), ["C6", "D6"]);
    assert_eq!(stones(&g, Color::Black), ["C7", "D7", "E6"]);
    // PL in a later node gives the turn without a move.
    let g = load_ok("(;SZ[9];B[ee];PL[B])", Stop::End).game;
    assert_eq!(g.to_move(), Color::Black);
    assert!(refused("(;SZ[9];B[ee];AW[ba][ab]AB[aa])").contains("node 3"));
}

#[test]
fn damaged_and_old_files_load() {
    let game = |text: &str| load_ok(text, Stop::End).game;
    // Missing final parenthesis.
    assert_eq!(game("(;SZ[9];B[ee];W[cc]\n").moves().len(), 2);
    // Byte-order mark, text before and after.
    let g = game("\u{feff}Here is the game.\n(;SZ[9];B[ee];W[cc])\n---\nbye\n");
    assert_eq!(g.moves().len(), 2);
    // FF[3]: long identifiers, tt pass, PL[2], a move in the root.
    let g = game("(;FF[3]GaMe[1]SiZe[9]AddBlack[cc]PL[2]White[ee];Black[tt];W[gg])");
    assert_eq!(
        g.moves(),
        &[
            (Color::White, Move::Play(vertex(g.size(), "E5").unwrap())),
            (Color::Black, Move::Pass),
            (Color::White, Move::Play(vertex(g.size(), "G3").unwrap())),
        ]
    );
    assert_eq!(g.initial_to_move(), Color::White);
    // Fox: komi in hundredths, SZ in FF[4] composed form, a duplicate GM.
    let g = game("(;GM[1]GM[1]SZ[19:19]KM[375]RU[Chinese];B[pd])");
    assert_eq!(g.komi(), 7.5);
    assert_eq!(g.size().get(), 19);
}

#[test]
fn files_that_cannot_be_read_are_refused_with_a_reason() {
    for (text, want) in [
        ("", "no game tree"),
        ("not sgf", "no game tree"),
        ("(;SZ[9];B[ee];C[cut", "ends inside the value of C"),
        ("(;SZ[30])", "2x2 to 25x25"),
        ("(;SZ[9:13])", "rectangular"),
        ("(;SZ[x])", "not a board size"),
        ("(;GM[2];B[aa])", "not a game of Go"),
        ("(;SZ[9];B[zz])", "move 1: B[zz] is off the 9x9 board"),
        ("(;SZ[9];W[ee][ff])", "move 1: W has 2 values"),
        ("(;SZ[9]AB[aa:kk])", "first node: AB[kk] is off"),
    ] {
        let e = refused(text);
        assert!(e.contains(want), "{text}: {e}");
    }
}

#[test]
fn komi_comes_from_km_or_stays() {
    assert_eq!(load_ok("(;SZ[9]KM[-3.5])", Stop::End).game.komi(), -3.5);
    let l = load_ok("(;SZ[9]KM[lots])", Stop::End);
    assert_eq!(l.game.komi(), 7.5);
    assert!(l.notes.iter().any(|n| n.contains("KM[lots]")));
    assert_eq!(load_ok("(;SZ[9])", Stop::End).game.komi(), 7.5);
}

#[test]
fn root_values_are_read_from_the_first_node_only() {
    let text = "(;GM[1]SZ[9]PB[Pachi]PW[hane \\] x];B[ee]PB[late])";
    assert_eq!(super::root_value(text, "PB").as_deref(), Some("Pachi"));
    assert_eq!(super::root_value(text, "PW").as_deref(), Some("hane ] x"));
    assert_eq!(super::root_value(text, "RE"), None);
    assert_eq!(super::root_value("not sgf", "PB"), None);
}
