//! `hane life`: how well the heavy playouts judge life and death.
//!
//! A referee (GNU Go's `dragon_status`, through `scripts/dragon-status`)
//! calls chains of game positions alive or dead. Playouts from each
//! position, with the search's playout policy, then say how often each
//! chain is still on the board at the end: a dead chain should nearly
//! never be, a living one nearly always. The mean error of each kind
//! (one minus the surviving share of the living chains, the surviving
//! share of the dead ones) screens a playout change in seconds, where a
//! match takes hours; a match still decides.
//!
//! The input has one chain a line: `SGF MOVE VERTEX alive|dead`, the
//! chain being the one on `VERTEX` in the position before move `MOVE` of
//! the file's main line (relative paths from the current directory);
//! `#` starts a comment. After the status, `after COLOR VERTEX` plays
//! one move in that position first: the playouts then start from the
//! position after it, with the other side to move. That is how a
//! critical chain is screened: once after the attacker's killing move,
//! called dead, and once after the defender's living move, called alive
//! (`scripts/dragon-status --critical`). Anything else after the status
//! is ignored.

use crate::knowledge::ladder;
use crate::rules::diagram::vertex as vertex_point;
use crate::rules::{Cell, Color, Move, Point, Rules};
use crate::search::SizedParams;
use crate::search::playout::{self, Amaf, Policy};
use crate::sgf::Stop;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// One chain with the referee's status.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The SGF file.
    pub file: String,
    /// The position before this move (1-based).
    pub move_number: usize,
    /// A stone of the chain, as a GTP vertex.
    pub vertex: String,
    /// The referee's status: alive (true) or dead.
    pub alive: bool,
    /// A move played first (colour and GTP vertex), if any.
    pub after: Option<(Color, String)>,
}

/// Reads the entries of `text` (see the module's format).
///
/// # Errors
/// A line that is not `SGF MOVE VERTEX alive|dead`, with its number.
pub fn parse(text: &str) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = || format!("line {}: expected SGF MOVE VERTEX alive|dead", i + 1);
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 4 {
            return Err(bad());
        }
        let move_number = f[1].parse().ok().filter(|&n| n >= 1).ok_or_else(bad)?;
        let alive = match f[3] {
            "alive" => true,
            "dead" => false,
            _ => return Err(bad()),
        };
        let after = match f[4..].iter().position(|&w| w == "after") {
            None => None,
            Some(k) => {
                let bad = || format!("line {}: expected after COLOR VERTEX", i + 1);
                let color = match f.get(5 + k).map(|c| c.to_ascii_lowercase()).as_deref() {
                    Some("b" | "black") => Color::Black,
                    Some("w" | "white") => Color::White,
                    _ => return Err(bad()),
                };
                let vertex = f.get(6 + k).ok_or_else(bad)?;
                Some((color, vertex.to_string()))
            }
        };
        entries.push(Entry {
            file: f[0].to_string(),
            move_number,
            vertex: f[2].to_string(),
            alive,
            after,
        });
    }
    Ok(entries)
}

/// What the playouts made of one kind of chain.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Chains of this kind.
    pub chains: usize,
    /// The sum of their errors (share of playouts that got them wrong).
    pub error: f64,
    /// Chains the playouts got wrong more often than right.
    pub misjudged: usize,
}

impl Tally {
    fn add(&mut self, error: f64) {
        self.chains += 1;
        self.error += error;
        self.misjudged += usize::from(misjudged(error));
    }

    /// The mean error (0 if there are no chains).
    pub fn mean(&self) -> f64 {
        if self.chains == 0 {
            0.0
        } else {
            self.error / self.chains as f64
        }
    }
}

/// Whether a chain with this error is wrong in most playouts.
fn misjudged(error: f64) -> bool {
    error > 0.5
}

/// The tallies of the living and the dead chains.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// The chains the referee called alive.
    pub alive: Tally,
    /// The chains the referee called dead.
    pub dead: Tally,
    /// Each entry's error, in the input's order.
    pub errors: Vec<f64>,
}

/// Of `playouts` heavy playouts from `board` with `to_move` to play,
/// how many leave the stone on each of `points` in place (seeded).
pub fn survival(
    board: &crate::rules::Board,
    to_move: crate::rules::Color,
    points: &[Point],
    policy: Policy<'_>,
    playouts: usize,
    rng: &mut SmallRng,
) -> Vec<usize> {
    let cells: Vec<Cell> = points.iter().map(|&p| board.cell(p)).collect();
    let mut kept = vec![0; points.len()];
    let mut amaf = Amaf::new();
    let mut ladders = ladder::Reader::new();
    for _ in 0..playouts {
        let mut b = board.clone();
        amaf.clear();
        playout::run(&mut b, to_move, policy, 0.0, &mut amaf, rng, &mut ladders);
        for (k, (&p, &c)) in kept.iter_mut().zip(points.iter().zip(&cells)) {
            *k += usize::from(b.cell(p) == c);
        }
    }
    kept
}

/// Runs `playouts` playouts per position of `entries` with the playout
/// policy of `params` for its board size (one seeded stream, so a run
/// repeats exactly) and tallies the errors. Entries of one position (the
/// same file, move and move played first, next to each other) share its
/// playouts.
///
/// # Errors
/// A file that cannot be read or replayed, a move played first that is
/// not legal there, or a vertex that is not a stone there.
pub fn check(
    entries: &[Entry],
    params: &SizedParams,
    playouts: usize,
    seed: u64,
) -> Result<Report, String> {
    let model = crate::knowledge::builtin();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut report = Report::default();
    let positions = entries
        .chunk_by(|a, b| a.file == b.file && a.move_number == b.move_number && a.after == b.after);
    for group in positions {
        let first = &group[0];
        let text = crate::sgf_file::read(&first.file)?;
        let text = String::from_utf8_lossy(&text);
        let mut game =
            crate::sgf::read(&text, Rules::AGA, 7.5, Stop::BeforeMove(first.move_number))
                .map_err(|e| format!("{}: {e}", first.file))?
                .game;
        if let Some((color, vertex)) = &first.after {
            let at = format!("{} move {}", first.file, first.move_number);
            let p = vertex_point(game.size(), vertex)
                .ok_or_else(|| format!("{at}: no point {vertex}"))?;
            game.play(*color, Move::Play(p))
                .map_err(|e| format!("{at}: {color} {vertex}: {e}"))?;
        }
        let mut points = Vec::with_capacity(group.len());
        for e in group {
            let p = vertex_point(game.size(), &e.vertex)
                .filter(|&p| game.board().cell(p) != Cell::Empty)
                .ok_or_else(|| {
                    format!(
                        "{} move {}: no stone on {}",
                        e.file, e.move_number, e.vertex
                    )
                })?;
            points.push(p);
        }
        let params = params.for_size(game.size().get());
        let kept = survival(
            game.board(),
            game.to_move(),
            &points,
            params.playout_policy(&model),
            playouts,
            &mut rng,
        );
        for (e, k) in group.iter().zip(kept) {
            let share = k as f64 / playouts.max(1) as f64;
            let (error, tally) = if e.alive {
                (1.0 - share, &mut report.alive)
            } else {
                (share, &mut report.dead)
            };
            tally.add(error);
            report.errors.push(error);
        }
    }
    Ok(report)
}

/// `hane life FILE`: reads the chains, checks them and writes the
/// report to `out`; with `list`, then each misjudged chain's line with
/// its error, to look at the positions the playouts get wrong.
///
/// # Errors
/// As [`parse`] and [`check`], or a file that cannot be read or `out`
/// written.
pub fn run(
    path: &str,
    params: &SizedParams,
    playouts: usize,
    seed: u64,
    list: bool,
    out: &mut impl std::io::Write,
) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let entries = parse(&text)?;
    let report = check(&entries, params, playouts, seed)?;
    write_report(&entries, &report, list, out).map_err(|e| format!("cannot write: {e}"))
}

fn write_report(
    entries: &[Entry],
    report: &Report,
    list: bool,
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    let all = Tally {
        chains: report.alive.chains + report.dead.chains,
        error: report.alive.error + report.dead.error,
        misjudged: report.alive.misjudged + report.dead.misjudged,
    };
    writeln!(
        out,
        "chains  count  mean error  misjudged (wrong in most playouts)"
    )?;
    for (name, t) in [("alive", report.alive), ("dead", report.dead), ("all", all)] {
        writeln!(
            out,
            "{name:<6}  {:>5}  {:>10.3}  {:>9}",
            t.chains,
            t.mean(),
            t.misjudged
        )?;
    }
    if list {
        for (e, error) in entries.iter().zip(&report.errors) {
            if misjudged(*error) {
                let status = if e.alive { "alive" } else { "dead" };
                let after = match &e.after {
                    Some((color, vertex)) => format!(" after {} {vertex}", color.name()),
                    None => String::new(),
                };
                writeln!(
                    out,
                    "{} {} {} {status}{after} {error:.3}",
                    e.file, e.move_number, e.vertex
                )?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;
    use crate::rules::diagram::{parse as diagram, vertex};

    /// White's group has three eyes (B3, A1, C1); Black D3 is in atari
    /// inside it, its last liberty D2 a suicide point for Black.
    const CORNER: &str = ". . . . . . .
                          . . . . . . .
                          . . . . . . .
                          O O O O O . .
                          O . O X O . .
                          O O O . O . .
                          . O . O O . .";

    /// The same position as SGF setup stones.
    const CORNER_SGF: &str = "(;GM[1]FF[4]SZ[7]\
        AW[ad][bd][cd][dd][ed][ae][ce][ee][af][bf][cf][ef][bg][dg][eg]AB[de])";

    #[test]
    fn entries_are_read_and_bad_lines_named() {
        let text = "# chains\n\ngames/a.sgf 120 D4 alive 12\ngames/a.sgf 120 Q16 dead # why\n";
        let got = parse(text).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(
            got[1],
            Entry {
                file: "games/a.sgf".into(),
                move_number: 120,
                vertex: "Q16".into(),
                alive: false,
                after: None
            }
        );
        let got = parse("a.sgf 9 D4 dead 7 5 after b C3\na.sgf 9 D4 alive after White C3").unwrap();
        let after: Vec<_> = got.iter().map(|e| e.after.clone()).collect();
        let c3 = || "C3".to_string();
        assert_eq!(
            after,
            [Some((Color::Black, c3())), Some((Color::White, c3()))]
        );
        let expected = "line 1: expected after COLOR VERTEX";
        assert_eq!(parse("a.sgf 9 D4 dead after red C3").unwrap_err(), expected);
        assert_eq!(parse("a.sgf 9 D4 dead after b").unwrap_err(), expected);
        let expected = "line 1: expected SGF MOVE VERTEX alive|dead";
        assert_eq!(parse("a.sgf 0 D4 alive").unwrap_err(), expected);
        assert_eq!(parse("a.sgf 10 D4 seki").unwrap_err(), expected);
        assert!(parse("\na.sgf 10 D4").unwrap_err().starts_with("line 2"));
    }

    #[test]
    fn playouts_take_a_dead_stone_and_keep_a_living_group() {
        let b = diagram(CORNER);
        let at = |v: &str| vertex(b.size(), v).unwrap();
        let model = crate::knowledge::builtin();
        let policy = crate::search::SearchParams::default().playout_policy(&model);
        let mut rng = SmallRng::seed_from_u64(3);
        for to_move in Color::BOTH {
            let kept = survival(&b, to_move, &[at("D3"), at("A4")], policy, 50, &mut rng);
            assert_eq!(kept, vec![0, 50], "{to_move:?} to move");
        }
    }

    /// White's corner group has a straight three of eye space, A2 B2 C2,
    /// and no other liberty: White B2 lives, Black B2 kills.
    const STRAIGHT_THREE_SGF: &str = "(;GM[1]FF[4]SZ[7]\
        AB[ad][bd][cd][dd][ed][ee][ef][eg]\
        AW[ae][be][ce][de][df][ag][bg][cg][dg])";

    /// Writes `sgf` to a new temporary folder named after `tag`: the
    /// folder and the file's path.
    fn sgf_in_temp_dir(tag: &str, sgf: &str) -> (std::path::PathBuf, String) {
        let dir = std::env::temp_dir().join(format!("hane-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(format!("{tag}.sgf"));
        std::fs::write(&file, sgf).unwrap();
        (dir, file.to_string_lossy().into_owned())
    }

    #[test]
    fn a_move_played_first_decides_a_critical_chain() {
        let (dir, f) = sgf_in_temp_dir("life-first", STRAIGHT_THREE_SGF);
        let lines = format!("{f} 1 A3 alive after white B2\n{f} 1 A3 dead after black B2\n");
        let entries = parse(&lines).unwrap();
        let report = check(&entries, &SizedParams::default(), 100, 1).unwrap();
        // The living move keeps the group in every playout; after the
        // killing one the playouts take it in most.
        assert_eq!(report.errors[0], 0.0, "{:?}", report.errors);
        assert!(report.errors[1] < 0.2, "{:?}", report.errors);
        // Without the move the group lives or dies by who gets there
        // first: the same chain called alive is then wrong far more often.
        let plain = parse(&format!("{f} 1 A3 alive\n")).unwrap();
        let plain = check(&plain, &SizedParams::default(), 100, 1).unwrap();
        assert!(plain.errors[0] > 0.2, "{:?}", plain.errors);
        // A move played first that is not legal, or off the board, is an
        // error, not a panic.
        for bad in ["after black A3", "after black Z9"] {
            let e = parse(&format!("{f} 1 A3 alive {bad}")).unwrap();
            assert!(check(&e, &SizedParams::default(), 1, 1).is_err(), "{bad}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_check_reads_the_file_and_scores_each_status() {
        let (dir, f) = sgf_in_temp_dir("life", CORNER_SGF);
        let text = format!("{f} 1 D3 dead\n{f} 1 A4 alive\n{f} 1 D3 alive\n");
        let report = check(&parse(&text).unwrap(), &SizedParams::default(), 20, 1).unwrap();
        // Right about the dead stone and the living group, so wrong
        // every time about the stone called alive.
        assert_eq!((report.dead.chains, report.dead.error), (1, 0.0));
        assert_eq!(report.alive.chains, 2);
        assert_eq!(report.alive.error, 1.0);
        assert_eq!(report.alive.misjudged, 1);
        assert_eq!(report.errors, vec![0.0, 0.0, 1.0]);
        // The listing names the one misjudged chain.
        let chains = dir.join("chains.txt");
        std::fs::write(&chains, &text).unwrap();
        let mut out = Vec::new();
        let path = chains.to_string_lossy();
        run(&path, &SizedParams::default(), 20, 1, true, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 5, "{out}");
        let all: Vec<&str> = lines[3].split_whitespace().collect();
        assert_eq!(all, ["all", "3", "0.333", "1"]);
        assert_eq!(lines[4], format!("{f} 1 D3 alive 1.000"));
        // No stone on the vertex, or no file: an error, not a panic.
        let empty = parse(&format!("{f} 1 G7 alive")).unwrap();
        let err = check(&empty, &SizedParams::default(), 1, 1).unwrap_err();
        assert!(err.contains("no stone on G7"), "{err}");
        let missing = parse("no-such-file.sgf 1 D4 alive").unwrap();
        assert!(check(&missing, &SizedParams::default(), 1, 1).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
