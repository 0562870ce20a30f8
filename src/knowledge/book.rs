//! The 9x9 opening book: for the first moves of a game, the move a long
//! search of hane's own chose there (`hane book` writes it, and extends
//! it along the openings of game records; the commands and their settings
//! head `book9.txt` and its extensions), or where matches decided, theirs
//! (the line's comment gives the match, docs/strength-log.md the story):
//! Black opens on the 4-4 point, White attaches to tengen, and Black
//! meets two replies to its 4-4 point with contact, an attachment and a
//! shoulder hit, each 15 points or more above a short search's move.
//! Deeper lines keep the move that scored best in matches against Pachi
//! or GNU Go where the short search split between moves. A
//! search of a few thousand playouts on a nearly empty board follows its
//! priors, learned from 19x19 games, to the far corners; the long searches
//! answer in the centre and at close range, as 9x9 openings do.
//!
//! A line of the book is the game's moves in one of the board's eight
//! orientations (the smallest, see [`canonical`]), then `->` and the move
//! to play; a lookup turns the game the same way and the book's move back.

use crate::rules::{BoardSize, Color, Game, Move, Point};
use std::sync::OnceLock;

/// The board size the book is for.
pub const BOOK_SIZE: usize = 9;

/// The komi range the book is used for: it was searched with komi 7, and
/// half a point either way does not change an opening move.
pub const BOOK_KOMI: (f64, f64) = (6.0, 8.0);

/// The 9x9 board.
pub fn book_size() -> BoardSize {
    BoardSize::new(BOOK_SIZE as u32).expect("9x9 is a board size")
}

/// An opening and its move turned together into the opening's smallest
/// orientation (the form the book keeps).
pub fn canonical_entry(size: BoardSize, moves: &[Point], reply: Point) -> (Vec<Point>, Point) {
    let (key, t) = canonical(size, moves);
    (key, transform(size, t, reply))
}

/// A book line without its comment: the moves as GTP vertices, `->`,
/// the move (`-> E5` for the empty board).
pub fn entry_text(size: BoardSize, moves: &[Point], reply: Point) -> String {
    let name = |p: Point| crate::rules::point::vertex_name(size, p);
    let moves: Vec<String> = moves.iter().map(|&p| name(p)).collect();
    format!("{} -> {}", moves.join(" "), name(reply))
        .trim_start()
        .to_string()
}

/// A book: game openings (canonical orientation) and the move for each.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Book {
    entries: Vec<(Vec<Point>, Point)>,
}

/// The text of the book built into hane (`book9.txt`).
pub const BUILTIN_TEXT: &str = include_str!("../../data/book9.txt");

/// The book built into hane, or an empty one if it does not parse (a
/// build-time file; the tests check that it does).
pub fn builtin() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| {
        Book::parse(BUILTIN_TEXT).unwrap_or_else(|e| {
            log::warn!("opening book left out: {e}");
            Book::default()
        })
    })
}

/// `p` under symmetry `t` (0..8) of a board of `size`: bit 2 swaps the
/// axes, then bit 0 mirrors x and bit 1 mirrors y.
pub fn transform(size: BoardSize, t: usize, p: Point) -> Point {
    let n = size.get();
    let (x, y) = size.coords(p);
    let (mut a, mut b) = if t & 4 != 0 { (y, x) } else { (x, y) };
    if t & 1 != 0 {
        a = n - 1 - a;
    }
    if t & 2 != 0 {
        b = n - 1 - b;
    }
    size.point(a, b).unwrap_or(p)
}

/// The point that [`transform`] with `t` takes to `p`.
pub fn untransform(size: BoardSize, t: usize, p: Point) -> Point {
    let n = size.get();
    let (mut a, mut b) = size.coords(p);
    if t & 1 != 0 {
        a = n - 1 - a;
    }
    if t & 2 != 0 {
        b = n - 1 - b;
    }
    let (x, y) = if t & 4 != 0 { (b, a) } else { (a, b) };
    size.point(x, y).unwrap_or(p)
}

/// The smallest of the eight orientations of `moves` (compared point by
/// point) and a symmetry that gives it.
pub fn canonical(size: BoardSize, moves: &[Point]) -> (Vec<Point>, usize) {
    (0..8)
        .map(|t| {
            let seq: Vec<Point> = moves.iter().map(|&p| transform(size, t, p)).collect();
            (seq, t)
        })
        .min_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)))
        .unwrap_or_default()
}

/// The stones of `game` if it is a game the book may answer: 9x9, no
/// handicap or setup stones, komi in [`BOOK_KOMI`], Black first and no
/// pass, and `color` to move.
fn opening(game: &Game, color: Color) -> Option<Vec<Point>> {
    if game.size().get() != BOOK_SIZE
        || game.handicap().0 != 0
        || game.initial_board().empty_points().len() != game.size().area()
        || !(BOOK_KOMI.0..=BOOK_KOMI.1).contains(&game.komi())
        || game.to_move() != color
    {
        return None;
    }
    let mut stones = Vec::with_capacity(game.moves().len());
    for (i, &(c, mv)) in game.moves().iter().enumerate() {
        let expected = Color::of_ply(i);
        match mv {
            Move::Play(p) if c == expected => stones.push(p),
            _ => return None,
        }
    }
    Some(stones)
}

impl Book {
    /// Reads a book: `#` starts a comment; every other non-blank line is
    /// moves (GTP vertices, none for the empty board), `->`, the move.
    ///
    /// # Errors
    /// The first line that does not read, with its number.
    pub fn parse(text: &str) -> Result<Book, String> {
        let size = book_size();
        let vertex = |s: &str, line: usize| {
            crate::rules::diagram::vertex(size, s)
                .ok_or_else(|| format!("line {line}: {s:?} is not a 9x9 vertex"))
        };
        let mut book = Book::default();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (moves, reply) = line
                .split_once("->")
                .ok_or_else(|| format!("line {}: no `->`", i + 1))?;
            let moves = moves
                .split_whitespace()
                .map(|s| vertex(s, i + 1))
                .collect::<Result<Vec<_>, _>>()?;
            let reply = vertex(reply.trim(), i + 1)?;
            book.insert(size, &moves, reply);
        }
        Ok(book)
    }

    /// Adds (or replaces) the move for an opening, in any orientation.
    pub fn insert(&mut self, size: BoardSize, moves: &[Point], reply: Point) {
        let (key, reply) = canonical_entry(size, moves, reply);
        match self.entries.iter_mut().find(|(k, _)| *k == key) {
            Some(entry) => entry.1 = reply,
            None => self.entries.push((key, reply)),
        }
    }

    /// Openings in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True if the book is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book's move for `color` in `game`, if the game is one of its
    /// openings and the move is legal there.
    pub fn lookup(&self, game: &Game, color: Color) -> Option<Point> {
        let stones = opening(game, color)?;
        let mv = self.answer(game.size(), &stones)?;
        game.is_legal(color, Move::Play(mv)).then_some(mv)
    }

    /// The book's move after `moves` (Black first), turned to their
    /// orientation, if the book has the opening; not checked for
    /// legality.
    pub fn answer(&self, size: BoardSize, moves: &[Point]) -> Option<Point> {
        let (key, t) = canonical(size, moves);
        let &(_, reply) = self.entries.iter().find(|(k, _)| *k == key)?;
        Some(untransform(size, t, reply))
    }

    /// The book as text, one line per opening in the canonical
    /// orientation, shortest openings first.
    pub fn to_text(&self) -> String {
        let mut entries = self.entries.clone();
        entries.sort_by(|a, b| a.0.len().cmp(&b.0.len()).then(a.0.cmp(&b.0)));
        entries
            .iter()
            .map(|(k, r)| entry_text(book_size(), k, *r) + "\n")
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::diagram::vertex;

    fn nine() -> BoardSize {
        BoardSize::new(9).unwrap()
    }

    fn v(s: &str) -> Point {
        vertex(nine(), s).unwrap()
    }

    #[test]
    fn the_eight_symmetries_invert_and_keep_the_centre() {
        let size = nine();
        for t in 0..8 {
            assert_eq!(transform(size, t, v("E5")), v("E5"));
            for p in size.points() {
                assert_eq!(untransform(size, t, transform(size, t, p)), p);
            }
        }
        // The eight images of a 3-4 point are eight different points.
        let images: std::collections::HashSet<Point> =
            (0..8).map(|t| transform(size, t, v("C4"))).collect();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn a_book_answers_every_orientation_of_its_openings() {
        let book = Book::parse("# test\n -> E5\nD4 -> F5\nD4 F5 -> E6  # comment\n").unwrap();
        assert_eq!(book.len(), 3);
        let mut g = Game::new(nine(), Rules::AGA, 7.0);
        assert_eq!(book.lookup(&g, Color::Black), Some(v("E5")));
        // D4's mirror images: F5 becomes its mirror image too.
        for (first, answer) in [("D4", "F5"), ("F4", "D5"), ("D6", "F5"), ("F6", "D5")] {
            let mut h = g.clone();
            h.play(Color::Black, Move::Play(v(first))).unwrap();
            let got = book.lookup(&h, Color::White).unwrap();
            // Either image of F5 that keeps the opening the same is right.
            let ok: Vec<Point> = (0..8)
                .filter(|&t| transform(nine(), t, v("D4")) == v(first))
                .map(|t| transform(nine(), t, v("F5")))
                .collect();
            assert!(
                ok.contains(&got),
                "{first}: {got:?} not in {ok:?} ({answer})"
            );
        }
        g.play(Color::Black, Move::Play(v("D4"))).unwrap();
        g.play(Color::White, Move::Play(v("F5"))).unwrap();
        assert_eq!(book.lookup(&g, Color::Black), Some(v("E6")));
        // Not in the book: a different second move.
        let mut h = Game::new(nine(), Rules::AGA, 7.0);
        h.play(Color::Black, Move::Play(v("D4"))).unwrap();
        h.play(Color::White, Move::Play(v("C3"))).unwrap();
        assert_eq!(book.lookup(&h, Color::Black), None);
    }

    #[test]
    fn the_book_stays_out_of_other_games() {
        let book = Book::parse(" -> E5\nD4 -> F5\n").unwrap();
        // Another size, komi far from 7, the wrong colour, a pass.
        let g = Game::new(BoardSize::new(13).unwrap(), Rules::AGA, 7.0);
        assert_eq!(book.lookup(&g, Color::Black), None);
        let g = Game::new(nine(), Rules::AGA, 0.5);
        assert_eq!(book.lookup(&g, Color::Black), None);
        let g = Game::new(nine(), Rules::NEW_ZEALAND, 7.5);
        assert_eq!(book.lookup(&g, Color::White), None);
        assert_eq!(book.lookup(&g, Color::Black), Some(v("E5")));
        let mut g = Game::new(nine(), Rules::AGA, 7.0);
        g.play(Color::Black, Move::Pass).unwrap();
        g.play(Color::White, Move::Play(v("D4"))).unwrap();
        assert_eq!(book.lookup(&g, Color::Black), None);
    }

    #[test]
    fn a_book_reads_back_what_it_writes_and_refuses_bad_lines() {
        let book = Book::parse(" -> E5\nD4 -> F5\nC3 D4 -> E5\n").unwrap();
        assert_eq!(Book::parse(&book.to_text()).unwrap(), book);
        assert!(Book::parse("D4 F5\n").is_err());
        assert!(Book::parse("D4 -> Z9\n").is_err());
        assert!(Book::parse("K4 -> E5\n").is_err());
    }

    #[test]
    fn the_built_in_book_reads_and_every_move_is_legal() {
        let book = Book::parse(include_str!("../../data/book9.txt")).unwrap();
        assert!(!book.is_empty());
        for (moves, reply) in &book.entries {
            let mut g = Game::new(nine(), Rules::AGA, 7.0);
            for (i, &p) in moves.iter().enumerate() {
                let c = Color::of_ply(i);
                g.play(c, Move::Play(p)).unwrap();
            }
            let c = g.to_move();
            assert_eq!(book.lookup(&g, c), Some(*reply), "{moves:?}");
        }
    }
}
