//! A fast subset of the finished-games corpus (tests/data/status/games-*):
//! every stone hane calls dead is dead in the truth found by playing on,
//! and every dead stone there is called dead. The whole corpus runs with
//! `scripts/status-corpus bench`.

use hane::endgame::Analyst;
use hane::rules::point::vertex_name;
use hane::rules::{BoardSize, Color, Game, Move, Point, Rules};

struct Record {
    id: String,
    game: Game,
    dead: Vec<Point>,
}

fn point(size: BoardSize, s: &str) -> Option<Point> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let x = (b[0] - b'a') as usize;
    let y = size.get().checked_sub(1 + (b[1] - b'a') as usize)?;
    size.point(x, y)
}

fn points(size: BoardSize, field: &str) -> Vec<Point> {
    if field == "-" {
        return Vec::new();
    }
    field
        .split(',')
        .map(|s| point(size, s).expect("an SGF point"))
        .collect()
}

fn record(line: &str) -> Record {
    let f: Vec<&str> = line.split('\t').collect();
    assert_eq!(f.len(), 7, "{line:.80}");
    let size = BoardSize::new(f[1].parse().unwrap()).unwrap();
    let rules: Rules = f[3].parse().unwrap();
    let mut game = Game::new(size, rules, f[2].parse().unwrap());
    let handicap = points(size, f[4]);
    if !handicap.is_empty() {
        game.place_handicap(&handicap).unwrap();
    }
    for m in f[5].split(',').filter(|m| *m != "-") {
        let color = if m.starts_with('B') {
            Color::Black
        } else {
            Color::White
        };
        let mv = point(size, &m[2..]).map_or(Move::Pass, Move::Play);
        game.play(color, mv)
            .unwrap_or_else(|e| panic!("{}: {m}: {e}", f[0]));
    }
    Record {
        id: f[0].to_string(),
        game,
        dead: points(size, f[6]),
    }
}

/// Every `step`-th game of a corpus file.
/// Every `step`-th game of a corpus file, which must give `at_least`.
fn subset(text: &str, step: usize, at_least: usize) -> Vec<Record> {
    let records: Vec<Record> = lines(text).step_by(step).map(record).collect();
    assert!(records.len() >= at_least, "{}", records.len());
    records
}

fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}

/// The games of a corpus file with these ids.
fn games(text: &str, ids: &[&str]) -> Vec<Record> {
    let records: Vec<Record> = lines(text)
        .filter(|l| ids.iter().any(|id| l.starts_with(&format!("{id}\t"))))
        .map(record)
        .collect();
    assert_eq!(records.len(), ids.len(), "{ids:?}");
    records
}

fn check(records: &[Record]) {
    let mut wrong = Vec::new();
    for r in records {
        let board = r.game.board();
        let s = Analyst::new(hane::knowledge::builtin(), None, 1).statuses(board, r.game.to_move());
        let mut got = s.dead.clone();
        got.sort();
        let mut want = r.dead.clone();
        want.sort();
        if got != want {
            let name = |v: &[Point]| {
                v.iter()
                    .map(|&p| vertex_name(board.size(), p))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            wrong.push(format!(
                "{}: hane {} / truth {}",
                r.id,
                name(&got),
                name(&want)
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} wrong:\n{}",
        wrong.len(),
        records.len(),
        wrong.join("\n")
    );
}

#[test]
fn nine_by_nine_subset() {
    let records = subset(include_str!("data/status/games-9x9.txt"), 6, 50);
    check(&records);
}

#[test]
fn thirteen_by_thirteen_subset() {
    let records = subset(include_str!("data/status/games-13x13.txt"), 6, 25);
    check(&records);
}

#[test]
fn nineteen_by_nineteen_subset() {
    let records = subset(include_str!("data/status/games-19x19.txt"), 4, 12);
    check(&records);
}

/// The games the capture search for chains in doubt settled
/// (docs/dead-stones.md): a second-line group with open ends that the
/// playouts leave standing in two of five (19-l1/game-019), and a chain
/// of capturing races too large to read (19-l1-p500/game-000).
#[test]
fn groups_in_open_space_are_read_by_a_capture_search() {
    check(&games(
        include_str!("data/status/games-19x19.txt"),
        &["19-l1/game-019", "19-l1-p500/game-000"],
    ));
}

/// And the ones it must leave alone: a seki of three chains where every
/// shared liberty is a self-atari, which the search cannot read to a clear
/// verdict (9-h2-nz/game-018), and a stone in atari that can be taken only
/// as a ko (9-l1/game-008).
#[test]
fn a_capture_search_leaves_sekis_and_ko_stones_alone() {
    check(&games(
        include_str!("data/status/games-9x9.txt"),
        &["9-h2-nz/game-018", "9-l1/game-008"],
    ));
}

#[test]
fn loose_endings_subset() {
    let records = subset(include_str!("data/status/games-loose-13x13.txt"), 10, 65);
    check(&records);
}

/// The 9x9 loose endings, counted under New Zealand rules.
#[test]
fn loose_endings_9x9_nz_subset() {
    let records = subset(include_str!("data/status/games-loose-9x9-nz.txt"), 10, 35);
    assert!(records.iter().all(|r| r.game.rules() == Rules::NEW_ZEALAND));
    check(&records);
}

/// Eyeless chains deep in an area the other side surrounds only loosely,
/// which the playouts leave standing in a third of their games or more
/// (docs/dead-stones.md, "Loose endings"): White's D2 E2 and F3 in Black's
/// bottom side (g13-s13/game-019), White's four stones beside its dead
/// left side (g13-s13/game-029), and White's three chains in Black's lower
/// left, which a capture search with White moving first keeps alive
/// (g13-s14/game-213).
#[test]
fn chains_with_no_room_to_live_are_dead() {
    check(&games(
        include_str!("data/status/games-loose-13x13.txt"),
        &["g13-s13/game-019", "g13-s13/game-029", "g13-s14/game-213"],
    ));
}

/// And the ones that reading must leave alone: two chains with no room
/// side by side in a seki (g13-s14/game-174), and a White group in a seki
/// along the bottom edge that the playouts give to nobody
/// (13-h2-nz/game-020).
#[test]
fn cramped_chains_in_a_seki_stay_alive() {
    check(&games(
        include_str!("data/status/games-loose-13x13.txt"),
        &["g13-s14/game-174"],
    ));
    check(&games(
        include_str!("data/status/games-13x13.txt"),
        &["13-h2-nz/game-020"],
    ));
}

/// A capturing race the playouts call even, which a capture search
/// decides: White takes Black's eyeless D2 chain (the estimate kept it at
/// 0.05), so White's chain beside it lives and Black's chains around it
/// die. Judged on the first estimate, White's chain was dead too, or
/// Black's alive; a second estimate without the taken chain judges them
/// (g13-s13/game-172, W+104; hane said W+1).
#[test]
fn a_chain_a_search_takes_is_gone_from_a_second_estimate() {
    check(&games(
        include_str!("data/status/games-loose-13x13.txt"),
        &["g13-s13/game-172"],
    ));
}
