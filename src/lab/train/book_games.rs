//! `hane book GAMES...`: extending the opening book along the openings
//! that games actually reach.
//!
//! The tree walk of [`super::book`] follows the replies hane's own
//! searches like best, which are not always the ones its opponents play.
//! Here the games say where to look: every opening (up to symmetry, up to
//! a number of plies) that at least `min_games` of them reached with the
//! learned side to move (`--player`, else either side) gets a long search
//! of its own, shortest openings first, and the search's move goes in the
//! book. An opening the book can no longer reach, because an earlier move
//! of the same side in it now differs from the book's, is left out: hane
//! would never be there.

use super::book::{Line, line_text, search_move};
use super::games::Record;
use crate::knowledge::book::{Book, book_size, canonical};
use crate::rules::{Color, Game, Move, Point, Rules};
use crate::search::{SearchParams, Searcher};
use std::collections::HashMap;

/// What `hane book GAMES...` does.
#[derive(Clone, Debug)]
pub struct ExtendOptions {
    /// Playouts of each search.
    pub playouts: u64,
    /// Longest opening looked at, in plies.
    pub depth: usize,
    /// Games an opening must be in to be searched.
    pub min_games: usize,
    /// The share of the root's visits a move needs to go in the book: a
    /// search split between moves is not sure enough to fix one for
    /// every game, so the position is left to the game's own search.
    pub min_share: f64,
    /// Komi of the searches.
    pub komi: f64,
    /// Seed of every search.
    pub seed: u64,
}

/// The openings of `games` (canonical orientation, at most `depth`
/// plies) where a learned side is to move, each with the number of games
/// that reached it: shortest first, then the most played. Games that are
/// not 9x9 from an empty board are left out; the others count up to
/// their first pass or out-of-turn move.
pub fn openings(games: &[Record], depth: usize) -> Vec<(Vec<Point>, usize)> {
    let size = book_size();
    let mut counts: HashMap<Vec<Point>, usize> = HashMap::new();
    for game in games {
        if game.start.size() != size || game.start.empty_points().len() != size.area() {
            continue;
        }
        let mut stones = Vec::with_capacity(depth);
        for i in 0..=depth.min(game.moves.len()) {
            let to_move = Color::of_ply(i);
            if game.learns(to_move) {
                *counts.entry(canonical(size, &stones).0).or_default() += 1;
            }
            match game.moves.get(i) {
                Some(&(color, Move::Play(p))) if color == to_move && i < depth => stones.push(p),
                _ => break,
            }
        }
    }
    let mut list: Vec<_> = counts.into_iter().collect();
    list.sort_by(|a, b| {
        (a.0.len().cmp(&b.0.len()))
            .then(b.1.cmp(&a.1))
            .then(a.0.cmp(&b.0))
    });
    list
}

/// True if a player following `book` can reach `moves`: wherever the
/// side to move at the end was to move before, the book has no move
/// there or has the move that was played, up to the symmetries of the
/// position (after E5 C5, D6 and D4 are the same move).
pub fn reachable(book: &Book, moves: &[Point]) -> bool {
    let size = book_size();
    (moves.len() % 2..moves.len()).step_by(2).all(|i| {
        book.answer(size, &moves[..i]).is_none_or(|r| {
            let mut booked = moves[..i].to_vec();
            booked.push(r);
            canonical(size, &booked).0 == canonical(size, &moves[..=i]).0
        })
    })
}

/// Adds to `book` the search's move for every opening of `openings` in
/// at least `min_games` games that the book neither has nor has left
/// behind, in the order given, where the move has at least `min_share` of
/// the search's visits. `progress` is called after every search, with
/// whether the move went in. Returns the lines added.
pub fn extend(
    book: &mut Book,
    openings: &[(Vec<Point>, usize)],
    opts: &ExtendOptions,
    mut progress: impl FnMut(&Line, usize, bool),
) -> Vec<Line> {
    let size = book_size();
    let mut searcher = Searcher::new(SearchParams {
        threads: 1,
        ..SearchParams::default()
    });
    let mut lines = Vec::new();
    for (moves, games) in openings {
        if *games < opts.min_games || book.answer(size, moves).is_some() || !reachable(book, moves)
        {
            continue;
        }
        let mut game = Game::new(size, Rules::AGA, opts.komi);
        let legal = moves.iter().all(|&p| {
            let color = game.to_move();
            game.play(color, Move::Play(p)).is_ok()
        });
        if !legal {
            continue;
        }
        let Some(line) = search_move(&mut searcher, &game, opts.playouts, opts.seed) else {
            continue;
        };
        let sure = line.share >= opts.min_share;
        progress(&line, *games, sure);
        if sure {
            book.insert(size, moves, line.reply);
            lines.push(line);
        }
    }
    lines
}

/// Extends the book `base` (book text) along the openings of `games`:
/// the text of `base`, then a comment naming the settings and the new
/// lines. `progress` is called after every search with the line, the
/// number of games that reached its opening and whether it went in.
///
/// # Errors
/// `base` does not read as a book.
pub fn extend_text(
    base: &str,
    games: &[Record],
    opts: &ExtendOptions,
    player: Option<&str>,
    progress: impl FnMut(&Line, usize, bool),
) -> Result<String, String> {
    let mut book = Book::parse(base).map_err(|e| format!("the book to extend: {e}"))?;
    let lines = extend(&mut book, &openings(games, opts.depth), opts, progress);
    let mut out = base.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(&format!(
        "# Extended by: hane book --playouts {} --depth {} --min-games {} --min-share {}{} --komi {} \
         --seed {} GAMES ({} games): the openings at least {} of them reached\n",
        opts.playouts,
        opts.depth,
        opts.min_games,
        opts.min_share,
        player.map_or(String::new(), |p| format!(" --player {p}")),
        opts.komi,
        opts.seed,
        games.len(),
        opts.min_games
    ));
    for line in &lines {
        out.push_str(&line_text(line));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::book::transform;
    use crate::rules::Board;

    fn v(s: &str) -> Point {
        crate::rules::diagram::vertex(book_size(), s).expect("a 9x9 vertex")
    }

    fn record(moves: &str, learn: Option<Color>) -> Record {
        let moves = moves
            .split_whitespace()
            .enumerate()
            .map(|(i, m)| {
                let color = Color::of_ply(i);
                (color, Move::Play(v(m)))
            })
            .collect();
        Record {
            id: String::new(),
            winner: None,
            start: Board::new(book_size()),
            moves,
            learn,
        }
    }

    #[test]
    fn openings_are_counted_up_to_symmetry_where_the_learned_side_moves() {
        let games = [
            record("E5 C5 D6 C6 E3", Some(Color::Black)),
            // The same opening turned over (C5 to G5, and so on).
            record("E5 G5 F6 G6 E3", Some(Color::Black)),
            record("E5 C5 D4", Some(Color::Black)),
        ];
        let list = openings(&games, 4);
        let count = |moves: &[&str]| {
            let key = canonical(book_size(), &moves.iter().map(|m| v(m)).collect::<Vec<_>>()).0;
            list.iter().find(|(k, _)| *k == key).map_or(0, |e| e.1)
        };
        assert_eq!(count(&[]), 3);
        assert_eq!(count(&["E5", "C5"]), 3);
        assert_eq!(count(&["E5", "C5", "D6", "C6"]), 2);
        // White's turns are not counted: Black is the learned side.
        assert_eq!(count(&["E5"]), 0);
        assert_eq!(count(&["E5", "C5", "D6"]), 0);
        // Shortest first, then the most played.
        assert!(list.windows(2).all(|w| w[0].0.len() <= w[1].0.len()));
        assert_eq!(list[1].1, 3);
        assert_eq!(list[2].1, 2);
        // Both sides' turns without a learned side, the end included.
        let both = openings(&[record("E5 C5 D6", None)], 8);
        assert_eq!(both.len(), 4);
    }

    #[test]
    fn an_opening_the_book_leaves_behind_is_not_reachable() {
        let mut book = Book::default();
        let size = book_size();
        book.insert(size, &[], v("E5"));
        book.insert(size, &[v("E5"), v("C5")], v("D6"));
        let line = |s: &str| s.split_whitespace().map(v).collect::<Vec<_>>();
        assert!(reachable(&book, &line("E5 C5 D6 C6")));
        // Black's D4 is the book's D6 mirrored; D5 is another move.
        assert!(reachable(&book, &line("E5 C5 D4 C6")));
        assert!(!reachable(&book, &line("E5 C5 D5 C6")));
        // White's moves are never the book's business here.
        assert!(reachable(&book, &line("E5 G5 F6")));
        // Nor Black's first, when White is to move.
        assert!(reachable(&book, &line("C3 C5 D6")));
        // Any orientation of the book's lines.
        let turned: Vec<Point> = line("E5 C5 D6 C6")
            .iter()
            .map(|&p| transform(size, 5, p))
            .collect();
        assert!(reachable(&book, &turned));
    }

    #[test]
    fn extending_searches_only_frequent_reachable_openings() {
        let games = [
            record("E5 C5 D6 C6", Some(Color::Black)),
            record("E5 C5 D6 C6", Some(Color::Black)),
            record("E5 C5 D5 C6", Some(Color::Black)),
        ];
        let mut book = Book::default();
        book.insert(book_size(), &[], v("E5"));
        book.insert(book_size(), &[v("E5"), v("C5")], v("D6"));
        let opts = ExtendOptions {
            playouts: 300,
            depth: 6,
            min_games: 2,
            min_share: 0.0,
            komi: 7.0,
            seed: 3,
        };
        let mut searched = Vec::new();
        let lines = extend(&mut book, &openings(&games, 6), &opts, |l, n, _| {
            searched.push((l.moves.len(), n));
        });
        // The empty board and E5 C5 are in the book already; E5 C5 D5 C6
        // is in one game only (and left behind by the book's D6); so the
        // one search is E5 C5 D6 C6, in two games.
        assert_eq!(searched, vec![(4, 2)]);
        assert_eq!(lines.len(), 1);
        assert_eq!(book.len(), 3);
        // The line is searched in the opening's canonical orientation.
        let moves: Vec<Point> = ["E5", "C5", "D6", "C6"].iter().map(|m| v(m)).collect();
        assert_eq!(lines[0].moves, canonical(book_size(), &moves).0);
        assert_eq!(
            book.answer(book_size(), &lines[0].moves),
            Some(lines[0].reply)
        );
        // A move without the share asked for stays out of the book.
        let mut strict = Book::default();
        strict.insert(book_size(), &[], v("E5"));
        strict.insert(book_size(), &[v("E5"), v("C5")], v("D6"));
        let share = lines[0].share;
        let opts = ExtendOptions {
            min_share: share + 0.01,
            ..opts
        };
        let mut kept = Vec::new();
        let none = extend(&mut strict, &openings(&games, 6), &opts, |_, _, k| {
            kept.push(k)
        });
        assert_eq!(kept, vec![false]);
        assert!(none.is_empty());
        assert_eq!(strict.len(), 2);
    }
}
