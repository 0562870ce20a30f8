//! Reading game records for training and prediction: the one-game-a-line
//! format of the TYGEM collection (`ID<TAB>;B[pd];W[dp];...`, SGF
//! coordinates, 19x19) and SGF files. Every game is replayed and checked;
//! a malformed line or an illegal move skips that game, counted and
//! reported with where it was, and never stops the run.
//!
//! Training may learn from one player's moves only (`--player NAME`): in
//! an SGF file whose `PB` or `PW` is that name, only that side's moves are
//! targets; the other side's moves are still played, as the positions
//! they make. Games without the name are skipped.

use crate::rules::{Board, BoardSize, Color, Move, Rules};
use std::fmt;

/// One game: the position it starts from and its moves.
#[derive(Clone, Debug)]
pub struct Record {
    /// The game's id (a line's first field) or file name (SGF).
    pub id: String,
    /// Who won, where the record says so and the game was decided on the
    /// board (SGF `RE`; see [`winner_of`]).
    pub winner: Option<Color>,
    /// The starting position (empty, or SGF setup and handicap).
    pub start: Board,
    /// The moves, in order.
    pub moves: Vec<(Color, Move)>,
    /// Whose moves are learned from: `None` for both sides.
    pub learn: Option<Color>,
}

impl Record {
    /// True if the move of `color` is a training target.
    pub fn learns(&self, color: Color) -> bool {
        self.learn.is_none_or(|c| c == color)
    }
}

/// A game that was skipped, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// File name.
    pub file: String,
    /// Line number (1-based; 0 for a whole SGF file).
    pub line: usize,
    /// What was wrong.
    pub reason: String,
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: {}", self.file, self.line, self.reason)
        } else {
            write!(f, "{}: {}", self.file, self.reason)
        }
    }
}

/// Games read from some files, and the ones skipped.
#[derive(Debug, Default)]
pub struct GameSet {
    /// The games, in file and line order.
    pub games: Vec<Record>,
    /// The games that could not be used.
    pub skipped: Vec<Skipped>,
}

impl GameSet {
    /// Reads every file in order; stops after `limit` games if given.
    /// With `player`, keeps only the SGF games that name it as `PB` or
    /// `PW` (case-insensitive) and learns from its moves alone.
    ///
    /// # Errors
    /// A file that cannot be read at all.
    pub fn read(
        files: &[String],
        limit: Option<usize>,
        player: Option<&str>,
    ) -> Result<GameSet, String> {
        let mut set = GameSet::default();
        for file in files {
            let bytes = std::fs::read(file).map_err(|e| format!("cannot read {file}: {e}"))?;
            let text = String::from_utf8_lossy(&bytes);
            if text.trim_start().starts_with('(') {
                set.add_sgf(file, &text, player);
            } else if let Some(name) = player {
                set.skipped.push(Skipped {
                    file: file.to_string(),
                    line: 0,
                    reason: format!("no player names to find {name:?} in (not SGF)"),
                });
            } else {
                set.add_lines(file, &text, limit);
            }
            if limit.is_some_and(|n| set.games.len() >= n) {
                set.games.truncate(limit.unwrap_or(usize::MAX));
                break;
            }
        }
        Ok(set)
    }

    fn add_sgf(&mut self, file: &str, text: &str, player: Option<&str>) {
        let learn = match player {
            None => None,
            Some(name) => {
                let named = |id| {
                    crate::sgf::root_value(text, id).is_some_and(|v| v.eq_ignore_ascii_case(name))
                };
                if named("PB") {
                    Some(Color::Black)
                } else if named("PW") {
                    Some(Color::White)
                } else {
                    self.skipped.push(Skipped {
                        file: file.to_string(),
                        line: 0,
                        reason: format!("{name:?} plays neither side"),
                    });
                    return;
                }
            }
        };
        match crate::sgf::load(text, Rules::AGA, 7.5, crate::sgf::Stop::End) {
            Ok(game) => self.games.push(Record {
                id: file.to_string(),
                winner: crate::sgf::root_value(text, "RE").and_then(|r| winner_of(&r)),
                start: game.initial_board().clone(),
                moves: game.moves().to_vec(),
                learn,
            }),
            Err(e) => self.skipped.push(Skipped {
                file: file.to_string(),
                line: 0,
                reason: e.to_string(),
            }),
        }
    }

    fn add_lines(&mut self, file: &str, text: &str, limit: Option<usize>) {
        for (i, line) in text.lines().enumerate() {
            if limit.is_some_and(|n| self.games.len() >= n) {
                return;
            }
            if line.trim().is_empty() {
                continue;
            }
            match parse_line(line) {
                Ok(record) => self.games.push(record),
                Err(reason) => self.skipped.push(Skipped {
                    file: file.to_string(),
                    line: i + 1,
                    reason,
                }),
            }
        }
    }

    /// Number of moves in all games.
    pub fn moves(&self) -> usize {
        self.games.iter().map(|g| g.moves.len()).sum()
    }
}

/// One line: an id, a tab, and the moves. The moves are replayed on an
/// empty board and must be legal (simple ko, no suicide). The board is
/// 19x19 unless the moves start with `SZ[n]`; a `RE[...]` there gives
/// the result (as SGF's), e.g. `g1<TAB>SZ[9];RE[W+2.5];B[ee];W[cc]`.
pub fn parse_line(line: &str) -> Result<Record, String> {
    let (id, moves_text) = line
        .split_once('\t')
        .ok_or_else(|| "no tab between the game id and the moves".to_string())?;
    let mut size = BoardSize::NINETEEN;
    let mut winner = None;
    let mut tokens = moves_text
        .split(';')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .peekable();
    while let Some(t) = tokens.next_if(|t| t.starts_with("SZ[") || t.starts_with("RE[")) {
        let value = &t[3..t.len() - usize::from(t.ends_with(']'))];
        if t.starts_with("SZ[") {
            size = value
                .parse()
                .ok()
                .and_then(BoardSize::new)
                .ok_or_else(|| format!("bad board size {t:?}"))?;
        } else {
            winner = winner_of(value);
        }
    }
    let mut board = Board::new(size);
    let start = board.clone();
    let mut moves = Vec::new();
    for (n, token) in tokens.enumerate() {
        let mv = parse_move(token, size)
            .ok_or_else(|| format!("move {}: cannot read {token:?}", n + 1))?;
        let (color, m) = mv;
        if let Move::Play(p) = m
            && board.ko_point(color) == Some(p)
        {
            return Err(format!("move {} ({token}): retakes a ko at once", n + 1));
        }
        board
            .play(color, m, false)
            .map_err(|e| format!("move {} ({token}): {e}", n + 1))?;
        moves.push(mv);
    }
    if moves.is_empty() {
        return Err("no moves".to_string());
    }
    Ok(Record {
        id: id.trim().to_string(),
        winner,
        start,
        moves,
        learn: None,
    })
}

/// Gives the games their winners from the TYGEM index (tab-separated:
/// the id first, the result ninth), where they have none.
///
/// # Errors
/// An unreadable index.
pub fn add_results(index: &str, games: &mut [Record]) -> Result<(), String> {
    let text = std::fs::read_to_string(index).map_err(|e| format!("cannot read {index}: {e}"))?;
    let winners: std::collections::HashMap<&str, Color> = text
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Some((f.first()?.trim(), winner_of(f.get(8)?)?))
        })
        .collect();
    for g in games.iter_mut().filter(|g| g.winner.is_none()) {
        g.winner = winners.get(g.id.as_str()).copied();
    }
    Ok(())
}

/// The winner a result says (`B+Resign`, `W+3.5`, SGF `RE` or the TYGEM
/// index's), if the game was decided on the board: a draw, a void game,
/// or a win on time or by forfeit gives `None`.
pub fn winner_of(result: &str) -> Option<Color> {
    let result = result.trim();
    let (color, how) = result.split_once('+')?;
    let how = how.trim().to_ascii_lowercase();
    if how.starts_with('t') || how.starts_with('f') {
        return None;
    }
    match color.trim() {
        "B" | "b" => Some(Color::Black),
        "W" | "w" => Some(Color::White),
        _ => None,
    }
}

/// `B[pd]`, `W[]` (a pass) or `W[tt]` (a pass on boards up to 19x19).
fn parse_move(token: &str, size: BoardSize) -> Option<(Color, Move)> {
    let color = match token.as_bytes().first()? {
        b'B' => Color::Black,
        b'W' => Color::White,
        _ => return None,
    };
    let inner = token.get(1..)?.strip_prefix('[')?.strip_suffix(']')?;
    if inner.is_empty() || (inner == "tt" && size.get() <= 19) {
        return Some((color, Move::Pass));
    }
    let b = inner.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
        return None;
    }
    let x = (b[0] - b'a') as usize;
    let row_from_top = (b[1] - b'a') as usize;
    let y = (size.get()).checked_sub(row_from_top + 1)?;
    Some((color, Move::Play(size.point(x, y)?)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::point::move_name;

    #[test]
    fn a_line_is_replayed() {
        let r = parse_line("42\t;B[pd];W[dp];B[];W[aa]").unwrap();
        let names: Vec<String> = r
            .moves
            .iter()
            .map(|&(_, m)| move_name(BoardSize::NINETEEN, m))
            .collect();
        assert_eq!(names, ["Q16", "D4", "pass", "A19"]);
        assert_eq!(r.moves[0].0, Color::Black);
        assert_eq!(r.moves[1].0, Color::White);
    }

    #[test]
    fn a_line_may_name_its_size_and_result() {
        let r = parse_line("g\tSZ[9];RE[W+2.5];B[ee];W[cc]").unwrap();
        assert_eq!(r.start.size().get(), 9);
        assert_eq!(r.winner, Some(Color::White));
        // ee is the centre; cc is C7 (third column, third row from the top).
        let size = r.start.size();
        assert_eq!(
            r.moves[0],
            (Color::Black, Move::Play(size.point(4, 4).unwrap()))
        );
        assert_eq!(
            r.moves[1],
            (Color::White, Move::Play(size.point(2, 6).unwrap()))
        );
        assert!(parse_line("g\tSZ[9];B[pd]").unwrap_err().contains("move 1"));
        assert!(parse_line("g\tSZ[99];B[aa]").unwrap_err().contains("size"));
        assert_eq!(parse_line("g\t;B[pd]").unwrap().winner, None);
    }

    #[test]
    fn bad_lines_say_why() {
        assert!(parse_line("no tab here").unwrap_err().contains("tab"));
        assert!(parse_line("1\t;B[zz]").unwrap_err().contains("move 1"));
        assert!(parse_line("1\t;X[aa]").unwrap_err().contains("move 1"));
        // The same point twice is illegal.
        let e = parse_line("1\t;B[aa];W[aa]").unwrap_err();
        assert!(e.starts_with("move 2"), "{e}");
        assert!(parse_line("1\t").unwrap_err().contains("no moves"));
    }

    #[test]
    fn files_count_and_report_bad_games() {
        let dir = std::env::temp_dir().join(format!("hane-games-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.txt");
        std::fs::write(
            &path,
            "1\t;B[pd];W[dd]\nbroken\n\n3\t;B[aa];W[aa]\n4\t;B[cc]\n",
        )
        .unwrap();
        let file = path.to_string_lossy().to_string();
        let set = GameSet::read(std::slice::from_ref(&file), None, None).unwrap();
        assert_eq!(set.games.len(), 2);
        assert_eq!(set.moves(), 3);
        let lines: Vec<usize> = set.skipped.iter().map(|s| s.line).collect();
        assert_eq!(lines, [2, 4]);
        assert!(set.skipped[0].to_string().contains(":2: "));
        let limited = GameSet::read(std::slice::from_ref(&file), Some(1), None).unwrap();
        assert_eq!(limited.games.len(), 1);
        let missing = dir.join("missing").to_string_lossy().to_string();
        assert!(GameSet::read(&[missing], None, None).is_err());
        // A player filter needs names: the line format has none.
        let named = GameSet::read(std::slice::from_ref(&file), None, Some("x")).unwrap();
        assert!(named.games.is_empty() && named.skipped.len() == 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_player_filter_learns_from_that_side_only() {
        let dir = std::env::temp_dir().join(format!("hane-player-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let games = [
            ("a.sgf", "(;SZ[9]PB[hane]PW[Pachi];B[ee];W[cc])"),
            ("b.sgf", "(;SZ[9]PB[pachi]PW[hane];B[ee];W[cc])"),
            ("c.sgf", "(;SZ[9]PB[GNU Go]PW[hane];B[ee];W[cc])"),
        ];
        let mut files = Vec::new();
        for (name, text) in games {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            files.push(path.to_string_lossy().to_string());
        }
        let set = GameSet::read(&files, None, Some("Pachi")).unwrap();
        let learn: Vec<Option<Color>> = set.games.iter().map(|g| g.learn).collect();
        assert_eq!(learn, [Some(Color::White), Some(Color::Black)]);
        assert!(set.games[0].learns(Color::White) && !set.games[0].learns(Color::Black));
        assert_eq!(set.skipped.len(), 1);
        assert!(set.skipped[0].file.ends_with("c.sgf"));
        let all = GameSet::read(&files, None, None).unwrap();
        assert!(all.games.iter().all(|g| g.learn.is_none()));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
