//! `hane book`: the 9x9 opening book, from long searches.
//!
//! Two trees of openings, one for each colour hane may play. Where hane is
//! to move, one search chooses its move (the most visited), which goes in
//! the book. Where the opponent is to move, its first move is every point
//! up to symmetry (an opponent may open anywhere); later, the opponent's
//! moves are the `width` most visited moves of a search there, each
//! position counted once whatever its orientation. Searches are seeded
//! and run on one thread, so the same settings write the same book.

use crate::knowledge::book::{Book, book_size, canonical, canonical_entry, entry_text};
use crate::rules::{Color, Game, Move, Point, Rules};
use crate::search::{SearchLimits, SearchParams, SearchRequest, SearchResult, Searcher};
use crate::stop::StopCheck;
use std::collections::HashSet;

/// What `hane book` does.
#[derive(Clone, Debug)]
pub struct BookOptions {
    /// Playouts of each search.
    pub playouts: u64,
    /// Plies of the openings (hane's moves and the opponent's).
    pub depth: usize,
    /// Opponent moves followed after its first.
    pub width: usize,
    /// Komi of the searches.
    pub komi: f64,
    /// Seed of every search.
    pub seed: u64,
}

/// A book entry as searched: the opening, the move and how sure the
/// search was (visits of the move, win rate).
#[derive(Clone, Debug)]
pub struct Line {
    /// The opening's moves, Black first.
    pub moves: Vec<Point>,
    /// The move chosen there.
    pub reply: Point,
    /// The chosen move's win rate for the side to move.
    pub win_rate: f64,
    /// Its share of the root's visits.
    pub share: f64,
}

/// Builds the book: both colours' trees, each to `depth` plies. `progress`
/// is called after every search with the lines so far.
pub fn build(opts: &BookOptions, mut progress: impl FnMut(&Line)) -> (Book, Vec<Line>) {
    let size = book_size();
    let params = SearchParams {
        threads: 1,
        ..SearchParams::default()
    };
    let mut searcher = Searcher::new(params);
    let mut book = Book::default();
    let mut lines = Vec::new();
    for hane in [Color::Black, Color::White] {
        let mut seen = HashSet::new();
        let game = Game::new(size, Rules::AGA, opts.komi);
        grow(
            &mut searcher,
            opts,
            hane,
            game,
            &mut seen,
            &mut book,
            &mut lines,
            &mut progress,
        );
    }
    (book, lines)
}

#[allow(clippy::too_many_arguments)]
fn grow(
    searcher: &mut Searcher,
    opts: &BookOptions,
    hane: Color,
    game: Game,
    seen: &mut HashSet<Vec<Point>>,
    book: &mut Book,
    lines: &mut Vec<Line>,
    progress: &mut impl FnMut(&Line),
) {
    let moves: Vec<Point> = game.moves().iter().filter_map(|m| m.1.point()).collect();
    let size = game.size();
    if moves.len() >= opts.depth || !seen.insert(canonical(size, &moves).0) {
        return;
    }
    let to_move = game.to_move();
    let next: Vec<Point> = if to_move == hane {
        let Some(line) = search_move(searcher, &game, opts.playouts, opts.seed) else {
            return;
        };
        progress(&line);
        book.insert(size, &moves, line.reply);
        let reply = line.reply;
        lines.push(line);
        vec![reply]
    } else if moves.is_empty() {
        // Every first move up to symmetry.
        let mut firsts = HashSet::new();
        size.points()
            .filter(|&p| firsts.insert(canonical(size, &[p]).0))
            .collect()
    } else if moves.len() + 1 >= opts.depth {
        // The opponent's moves here would end the openings unanswered.
        return;
    } else {
        let r = search(searcher, &game, opts.playouts, opts.seed);
        r.candidates
            .iter()
            .filter_map(|c| c.mv.point())
            .take(opts.width)
            .collect()
    };
    for p in next {
        let mut g = game.clone();
        if g.play(to_move, Move::Play(p)).is_ok() {
            grow(searcher, opts, hane, g, seen, book, lines, progress);
        }
    }
}

/// The book file: a header naming the settings, then one line per
/// opening in its canonical orientation, with the search's win rate and
/// visit share as a comment.
pub fn to_text(opts: &BookOptions, lines: &[Line]) -> String {
    let mut out = format!(
        "# hane's 9x9 opening book: a game's first moves (in one of their eight\n\
         # orientations), `->`, and the move hane's search chose there.\n\
         # Written by: hane book --playouts {} --depth {} --width {} --komi {} --seed {}\n",
        opts.playouts, opts.depth, opts.width, opts.komi, opts.seed
    );
    for line in lines {
        out.push_str(&line_text(line));
    }
    out
}

/// One book line, in the opening's canonical orientation, with the
/// search's win rate and visit share as a comment.
pub fn line_text(line: &Line) -> String {
    let size = book_size();
    let (key, reply) = canonical_entry(size, &line.moves, line.reply);
    format!(
        "{:<24} # win {:.3}, {:.0}% of the visits\n",
        entry_text(size, &key, reply),
        line.win_rate,
        100.0 * line.share
    )
}

/// One search of `game` for its side to move, and its move as a book
/// line; `None` if the search would pass.
pub fn search_move(searcher: &mut Searcher, game: &Game, playouts: u64, seed: u64) -> Option<Line> {
    let r = search(searcher, game, playouts, seed);
    let Move::Play(reply) = r.best else {
        return None;
    };
    Some(Line {
        moves: game.moves().iter().filter_map(|m| m.1.point()).collect(),
        reply,
        win_rate: r.win_rate,
        share: r.candidates.first().map_or(0, |c| c.visits) as f64 / r.playouts.max(1) as f64,
    })
}

fn search(searcher: &mut Searcher, game: &Game, playouts: u64, seed: u64) -> SearchResult {
    searcher.clear();
    let limits = SearchLimits {
        playouts: Some(playouts),
        time: None,
        stop: StopCheck::NEVER,
    };
    searcher.search(SearchRequest::new(game, game.to_move(), limits, seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_book_covers_both_colours_and_reads_back() {
        let opts = BookOptions {
            playouts: 200,
            depth: 2,
            width: 2,
            komi: 7.0,
            seed: 1,
        };
        let mut searched = 0;
        let (book, lines) = build(&opts, |_| searched += 1);
        // Black's first move, and White's answer to each of the 15 first
        // moves up to symmetry.
        assert_eq!(lines.len(), 16);
        assert_eq!(searched, 16);
        assert_eq!(book.len(), 16);
        assert_eq!(Book::parse(&book.to_text()).unwrap(), book);
        assert_eq!(Book::parse(&to_text(&opts, &lines)).unwrap(), book);
        let empty = Game::new(book_size(), Rules::NEW_ZEALAND, opts.komi);
        assert_eq!(book.lookup(&empty, Color::Black), Some(lines[0].reply));
        // The same settings write the same book.
        let (again, _) = build(&opts, |_| {});
        assert_eq!(again, book);
    }
}
