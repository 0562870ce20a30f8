//! Positions valued by long searches, for `hane balance`.
//!
//! A strong players' game result is one bit about each of its positions,
//! and the later play decides it as much as the position does. Huang,
//! Coulom and Lin (2010) balanced their playouts against the values of
//! long searches instead. `hane balance --label OUT` writes such values:
//! for each measured position, hane's own search of `playouts` playouts
//! from it, one thread, seeded by the position, and Black's win rate at
//! its root. `--targets FILE` then forecasts (and fits) those values in
//! place of the results.
//!
//! The file has one line per position, `ID<TAB>MOVES<TAB>VALUE`: the
//! game's id, the moves played before the position and Black's win rate;
//! `#` starts a comment.

use super::games::Record;
use super::positions::{BalanceOptions, measured};
use crate::rules::{Color, Game, Rules};
use crate::search::{SearchLimits, SearchParams, SearchRequest, Searcher};
use crate::stop::StopCheck;
use rayon::prelude::*;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Tree memory of each labelling search: a search of 100,000 playouts
/// fits well inside it, and two of them run at once on two cores.
const LABEL_TREE_BYTES: usize = 256 << 20;

/// One valued position.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// The game's id.
    pub id: String,
    /// Moves played before the position.
    pub moves: usize,
    /// Black's win rate by the search.
    pub black: f64,
}

/// Valued positions, by game id and moves played.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Targets {
    values: HashMap<String, HashMap<usize, f64>>,
}

impl Targets {
    /// The value of the position after `moves` moves of game `id`.
    pub fn get(&self, id: &str, moves: usize) -> Option<f64> {
        self.values.get(id)?.get(&moves).copied()
    }

    /// Positions valued.
    pub fn len(&self) -> usize {
        self.values.values().map(HashMap::len).sum()
    }

    /// True if no position is valued.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The targets of `labels`.
    pub fn from_labels(labels: &[Label]) -> Targets {
        let mut t = Targets::default();
        for l in labels {
            t.values
                .entry(l.id.clone())
                .or_default()
                .insert(l.moves, l.black);
        }
        t
    }

    /// Reads a labels file's text.
    ///
    /// # Errors
    /// A line that is not `ID<TAB>MOVES<TAB>VALUE` with a value from 0 to
    /// 1, named by its number.
    pub fn parse(text: &str) -> Result<Targets, String> {
        let mut labels = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_end();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || format!("labels line {}: expected ID<TAB>MOVES<TAB>VALUE", i + 1);
            let mut fields = line.split('\t');
            let (Some(id), Some(moves), Some(value), None) =
                (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                return Err(bad());
            };
            let moves = moves.parse::<usize>().map_err(|_| bad())?;
            let black = value.parse::<f64>().map_err(|_| bad())?;
            if !(0.0..=1.0).contains(&black) {
                return Err(format!(
                    "labels line {}: value {black} is not in 0..1",
                    i + 1
                ));
            }
            labels.push(Label {
                id: id.to_string(),
                moves,
                black,
            });
        }
        Ok(Targets::from_labels(&labels))
    }
}

/// The text of a labels file: `header` as comment lines, then a line per
/// label.
pub fn to_text(header: &str, labels: &[Label]) -> String {
    let mut out = String::new();
    for line in header.lines() {
        let _ = writeln!(out, "# {line}");
    }
    for l in labels {
        let _ = writeln!(out, "{}\t{}\t{:.4}", l.id, l.moves, l.black);
    }
    out
}

/// Black's result at the position after `moves` moves of `game`: the
/// target's value where `targets` are given (`None` for a position they
/// leave out), else the game's result (`None` without a winner).
pub(super) fn target_of(game: &Record, moves: usize, targets: Option<&Targets>) -> Option<f64> {
    match targets {
        Some(t) => t.get(&game.id, moves),
        None => game
            .winner
            .map(|w| if w == Color::Black { 1.0 } else { 0.0 }),
    }
}

/// The measured positions of `games` that have a winner and, where
/// `targets` are given, a value: the game's index, the moves before the
/// position, and Black's result there.
pub(super) fn game_positions(
    games: &[Record],
    opts: &BalanceOptions,
    targets: Option<&Targets>,
) -> Vec<(usize, usize, f64)> {
    let mut out = Vec::new();
    for (g, game) in games.iter().enumerate() {
        if game.winner.is_some() {
            let last = game.moves.len().saturating_sub(1);
            out.extend(
                (0..=last.min(opts.to))
                    .filter(|&m| measured(m, opts))
                    .filter_map(|m| Some((g, m, target_of(game, m, targets)?))),
            );
        }
    }
    out
}

/// The game of `record` after its first `moves` moves, under area
/// scoring with `komi` (`None` if a move is illegal there or the game
/// has ended).
fn game_at(record: &Record, moves: usize, komi: f64) -> Option<(Game, Color)> {
    let &(to_move, _) = record.moves.get(moves)?;
    let first = record.moves.first().map_or(to_move, |m| m.0);
    let mut game = Game::from_position(record.start.clone(), first, Rules::AGA, komi, 0);
    for &(c, mv) in &record.moves[..moves] {
        game.play(c, mv).ok()?;
    }
    Some((game, to_move))
}

/// Values every measured position of `games` (those with a winner) by a
/// search of `playouts` playouts with `params` (one thread), positions
/// in parallel, calling `progress` with the count done now and then.
/// Deterministic for a seed, whatever the number of threads: each search
/// starts from an empty tree and a seed of its own position.
pub fn label(
    games: &[Record],
    opts: &BalanceOptions,
    params: &SearchParams,
    playouts: u64,
    progress: impl Fn(usize, usize) + Sync,
) -> Vec<Label> {
    let positions = game_positions(games, opts, None);
    let params = SearchParams {
        threads: 1,
        max_tree_bytes: LABEL_TREE_BYTES,
        ..*params
    };
    let done = AtomicUsize::new(0);
    let step = (positions.len() / 20).max(1);
    positions
        .par_iter()
        .map_init(
            || Searcher::new(params),
            |searcher, &(g, moves, _)| {
                let (game, color) = game_at(&games[g], moves, opts.komi)?;
                searcher.clear();
                let limits = SearchLimits {
                    playouts: Some(playouts),
                    time: None,
                    stop: StopCheck::NEVER,
                };
                let seed = opts.seed ^ ((g as u64) << 20) ^ moves as u64;
                let r = searcher.search(SearchRequest::new(&game, color, limits, seed));
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if n.is_multiple_of(step) {
                    progress(n, positions.len());
                }
                Some(Label {
                    id: games[g].id.clone(),
                    moves,
                    black: match color {
                        Color::Black => r.win_rate,
                        Color::White => 1.0 - r.win_rate,
                    },
                })
            },
        )
        .flatten()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::balance::tests::lopsided;
    use super::*;

    fn opts() -> BalanceOptions {
        BalanceOptions {
            playouts: 8,
            from: 40,
            to: 52,
            every: 6,
            komi: 7.0,
            seed: 3,
        }
    }

    #[test]
    fn a_search_values_the_position_not_the_result_and_reproduces() {
        let games = [lopsided(Some(Color::White))];
        let params = SearchParams::for_size(9);
        let labels = label(&games, &opts(), &params, 300, |_, _| {});
        let moves: Vec<usize> = labels.iter().map(|l| l.moves).collect();
        assert_eq!(moves, [40, 46, 52]);
        // White "won", but by move 52 Black's net holds the board.
        let last = labels.last().unwrap();
        assert!(last.black > 0.9, "{last:?}");
        assert_eq!(labels, label(&games, &opts(), &params, 300, |_, _| {}));
    }

    #[test]
    fn labels_read_back_and_bad_lines_are_named() {
        let labels = [
            Label {
                id: "a".into(),
                moves: 40,
                black: 0.25,
            },
            Label {
                id: "b".into(),
                moves: 60,
                black: 1.0,
            },
        ];
        let text = to_text("written by a test\nsecond line", &labels);
        assert!(text.starts_with("# written by a test\n# second line\n"));
        let t = Targets::parse(&text).unwrap();
        assert_eq!(t, Targets::from_labels(&labels));
        assert_eq!(t.len(), 2);
        assert_eq!(t.get("a", 40), Some(0.25));
        assert_eq!(t.get("a", 60), None);
        assert_eq!(t.get("b", 60), Some(1.0));
        let e = Targets::parse("a\t40\t0.5\nb\tforty\t0.5\n").unwrap_err();
        assert!(e.starts_with("labels line 2:"), "{e}");
        let e = Targets::parse("a\t40\t1.5\n").unwrap_err();
        assert!(e.contains("not in 0..1"), "{e}");
        assert!(Targets::parse("a\t40\n").is_err());
        assert!(Targets::parse("# only a comment\n\n").unwrap().is_empty());
    }
}
