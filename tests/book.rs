//! The 9x9 opening book through GTP: hane answers an opening it knows,
//! in any orientation, with the book's move; `--no-book` and other
//! games search instead.

mod common;

use common::session_run as run;

use hane::config::{Config, PlayerKind};
use hane::gtp::Session;
use hane::knowledge::book;
use hane::rules::{BoardSize, Color, Game, Move, Rules};

fn session(book: bool) -> Session {
    let config = Config {
        player: PlayerKind::Mcts,
        // Too few playouts to find the book's moves by search.
        playouts: Some(1),
        threads: 1,
        seed: 3,
        book,
        ..Config::default()
    };
    Session::new(&config, config.make_player())
}

/// The book's move for White after Black's first move `first`.
fn book_reply(first: &str) -> String {
    let size = BoardSize::new(9).unwrap();
    let mut g = Game::new(size, Rules::AGA, 7.0);
    let p = hane::rules::diagram::vertex(size, first).unwrap();
    g.play(Color::Black, Move::Play(p)).unwrap();
    let reply = book::builtin()
        .lookup(&g, Color::White)
        .expect("in the book");
    hane::rules::point::vertex_name(size, reply)
}

const FIRSTS: [&str; 10] = ["E5", "D4", "F6", "C3", "G7", "C4", "D3", "G6", "A1", "J9"];

/// hane's answers to each of [`FIRSTS`] on 9x9 with `komi`.
fn answers(s: &mut Session, komi: &str) -> Vec<String> {
    FIRSTS
        .iter()
        .map(|first| answer_after(s, komi, first))
        .collect()
}

/// Moves of `line` (Black first) played on 9x9 with `komi`, then hane's
/// answer.
fn answer_after(s: &mut Session, komi: &str, line: &str) -> String {
    run(s, "boardsize 9");
    run(s, "clear_board");
    run(s, &format!("komi {komi}"));
    let mut colour = "b";
    for m in line.split_whitespace() {
        run(s, &format!("play {colour} {m}"));
        colour = if colour == "b" { "w" } else { "b" };
    }
    run(s, &format!("genmove {colour}"))
}

#[test]
fn answers_every_first_move_from_the_book() {
    let expected: Vec<String> = FIRSTS.iter().map(|f| book_reply(f)).collect();
    assert_eq!(answers(&mut session(true), "7"), expected);
}

#[test]
fn searches_without_the_book_or_off_its_games() {
    // One playout cannot find the book's moves: somewhere the search's
    // first candidate differs from them.
    let expected: Vec<String> = FIRSTS.iter().map(|f| book_reply(f)).collect();
    assert_ne!(answers(&mut session(false), "7"), expected);
    // A komi far from the book's leaves the book out.
    assert_ne!(answers(&mut session(true), "0.5"), expected);
}

#[test]
fn answers_deep_in_a_line_in_any_orientation() {
    // White's twelfth and sixth moves against GNU Go's tengen line, as
    // the book writes them, and the twelfth turned a quarter; Black's
    // fifth in another line.
    let cases = [
        ("E5 F5 E6 F4 D3 E3 D4 F6 E7 F7 E8", "D2"),
        ("E5 F5 E6 F4 D3", "E3"),
        ("E5 E4 F5 D4 C6 C5 D6 F4 G5 G4 H5", "B6"),
        ("D4 E6 F5 C6", "F6"),
    ];
    let mut with = session(true);
    let mut without = session(false);
    let mut searched = Vec::new();
    for (line, expected) in cases {
        assert_eq!(answer_after(&mut with, "7", line), expected, "{line}");
        searched.push(answer_after(&mut without, "7", line));
    }
    // One playout does not find them all without the book.
    assert_ne!(searched, cases.map(|c| c.1.to_string()));
}
