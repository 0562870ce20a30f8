//! SGF files: loading a game (through the `sgf-parse` crate) and writing
//! one. GTP-free: the session turns file names into text and back.

use crate::rules::{Board, BoardSize, Color, Game, Move, Point, Rules};
use sgf_parse::go::{self, Prop};
use sgf_parse::{SgfNode, SimpleText};
use std::fmt;

/// Where to stop replaying the main line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Replay everything.
    End,
    /// Stop before move `n` (1-based): moves 1..n-1 are played.
    BeforeMove(usize),
    /// Stop before the first move on this point.
    BeforePoint(usize, usize),
}

/// Why an SGF could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError(pub String);

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SgfError {}

fn err<T>(msg: impl Into<String>) -> Result<T, SgfError> {
    Err(SgfError(msg.into()))
}

/// Rules named by an SGF `RU` value: AGA and New Zealand only.
fn rules_from_sgf(text: &str) -> Result<Rules, SgfError> {
    let key: String = text
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    match key.as_str() {
        "aga" => Ok(Rules::AGA),
        "nz" | "newzealand" => Ok(Rules::NEW_ZEALAND),
        _ => err(format!(
            "unsupported rules RU[{text}]: hane plays AGA or New Zealand rules"
        )),
    }
}

fn to_point(size: BoardSize, p: &go::Point) -> Option<Point> {
    let n = size.get();
    let (x, y) = (p.x as usize, p.y as usize);
    if x >= n || y >= n {
        return None;
    }
    size.point(x, n - 1 - y)
}

fn to_move(size: BoardSize, m: &go::Move) -> Result<Move, SgfError> {
    match m {
        go::Move::Pass => Ok(Move::Pass),
        // "tt" is the old FF[3] pass on boards up to 19x19.
        go::Move::Move(p) if p.x == 19 && p.y == 19 && size.get() <= 19 => Ok(Move::Pass),
        go::Move::Move(p) => to_point(size, p)
            .map(Move::Play)
            .ok_or_else(|| SgfError("move off the board".into())),
    }
}

/// Most nodes an SGF file may have. sgf-parse frees its tree recursively,
/// one stack frame per node of a line of play, so a hostile file of a few
/// hundred thousand `;` would overflow the stack; real game records, even
/// with variations, stay far below this.
pub const MAX_NODES: usize = 20_000;

/// Counts the `;` (nodes) and `(` (variations) outside property values.
fn count_nodes(text: &str) -> usize {
    let mut in_value = false;
    let mut escaped = false;
    let mut count = 0;
    for b in text.bytes() {
        if in_value {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b']' => in_value = false,
                _ => {}
            }
        } else {
            match b {
                b'[' => in_value = true,
                b';' | b'(' => count += 1,
                _ => {}
            }
        }
    }
    count
}

/// Frees a parsed tree without recursion (see [`MAX_NODES`]).
fn drop_tree(trees: Vec<sgf_parse::SgfNode<Prop>>) {
    let mut stack = trees;
    while let Some(mut node) = stack.pop() {
        stack.append(&mut node.children);
    }
}

/// Builds a game from SGF text: size, komi, rules, handicap and setup
/// stones from the root, then the main line's moves up to `stop`.
/// `rules` and `komi` are used when the file does not say.
///
/// # Errors
/// Unparseable text, unsupported size or rules, setup stones after the
/// root, or an illegal move.
pub fn load(text: &str, rules: Rules, komi: f64, stop: Stop) -> Result<Game, SgfError> {
    let nodes = count_nodes(text);
    if nodes > MAX_NODES {
        return err(format!(
            "SGF has {nodes} nodes and variations; hane reads at most {MAX_NODES}"
        ));
    }
    let trees = go::parse(text).map_err(|e| SgfError(format!("cannot parse SGF: {e}")))?;
    let result = build(&trees, rules, komi, stop);
    drop_tree(trees);
    result
}

fn build(
    trees: &[sgf_parse::SgfNode<Prop>],
    rules: Rules,
    komi: f64,
    stop: Stop,
) -> Result<Game, SgfError> {
    let Some(root) = trees.first() else {
        return err("empty SGF");
    };
    let mut size = BoardSize::NINETEEN;
    let mut rules = rules;
    let mut komi = komi;
    let mut handicap = 0;
    let mut first = None;
    for prop in root.properties() {
        match prop {
            Prop::SZ((w, h)) if w == h => {
                size = BoardSize::new(*w as u32)
                    .ok_or_else(|| SgfError(format!("unsupported board size {w}")))?;
            }
            Prop::SZ(_) => return err("rectangular boards are not supported"),
            Prop::KM(k) if k.is_finite() => komi = *k,
            Prop::HA(n) => handicap = (*n).clamp(0, 400) as u32,
            Prop::RU(t) => rules = rules_from_sgf(&t.text)?,
            Prop::PL(c) => first = Some(sgf_color(c)),
            Prop::Invalid(id, _)
                if matches!(id.as_str(), "SZ" | "KM" | "HA" | "AB" | "AW" | "B" | "W") =>
            {
                return err(format!("invalid {id} property"));
            }
            _ => {}
        }
    }
    let mut stones: Vec<(Color, Point)> = Vec::new();
    for prop in root.properties() {
        let (color, pts) = match prop {
            Prop::AB(pts) => (Color::Black, pts),
            Prop::AW(pts) => (Color::White, pts),
            _ => continue,
        };
        for p in pts {
            let pt =
                to_point(size, p).ok_or_else(|| SgfError("setup stone off the board".into()))?;
            stones.retain(|&(_, q)| q != pt);
            stones.push((color, pt));
        }
    }
    let board = Board::with_stones(size, &stones)
        .ok_or_else(|| SgfError("setup stones without liberties".into()))?;
    let only_black = stones.iter().all(|&(c, _)| c == Color::Black);
    let placed = if only_black && handicap >= 2 {
        stones.len() as u32
    } else {
        0
    };
    let start = first.unwrap_or(if placed > 0 {
        Color::White
    } else {
        Color::Black
    });
    let mut game = Game::from_position(board, start, rules, komi, placed);

    let mut number = 0;
    for (i, node) in root.main_variation().enumerate() {
        if i > 0
            && node
                .properties()
                .any(|p| matches!(p, Prop::AB(_) | Prop::AW(_) | Prop::AE(_)))
        {
            return err("setup stones after the first node are not supported");
        }
        let Some(prop) = node.get_move() else {
            continue;
        };
        let (color, m) = match prop {
            Prop::B(m) => (Color::Black, to_move(size, m)?),
            Prop::W(m) => (Color::White, to_move(size, m)?),
            _ => continue,
        };
        number += 1;
        match stop {
            Stop::BeforeMove(n) if number >= n => break,
            Stop::BeforePoint(x, y) if m != Move::Pass && size.point(x, y) == m.point() => break,
            _ => {}
        }
        game.play(color, m)
            .map_err(|e| SgfError(format!("move {number} is illegal: {e}")))?;
    }
    Ok(game)
}

fn sgf_color(c: &sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

/// The SGF point of `p` (SGF rows count from the top).
fn sgf_point(size: BoardSize, p: Point) -> go::Point {
    let (x, y) = size.coords(p);
    go::Point {
        x: x as u8,
        y: (size.get() - 1 - y) as u8,
    }
}

fn text(t: impl Into<String>) -> SimpleText {
    SimpleText { text: t.into() }
}

/// A point-list property (`AB`, `AW`, `TB`, `TW`) with its points in board
/// order. sgf-parse keeps typed lists in a `HashSet`, whose order changes
/// from run to run; the same values as an untyped property serialise in
/// the order given, so the same game always gives the same text, and they
/// parse back as the typed property.
fn point_list(id: &str, size: BoardSize, points: &[Point]) -> Option<Prop> {
    let mut pts = points.to_vec();
    pts.sort_unstable();
    let values: Vec<String> = pts
        .iter()
        .map(|&p| {
            let q = sgf_point(size, p);
            format!("{}{}", (b'a' + q.x) as char, (b'a' + q.y) as char)
        })
        .collect();
    (!values.is_empty()).then(|| Prop::Unknown(id.to_string(), values))
}

/// The root node: format, size, komi, rules, handicap, result and the
/// initial position.
fn root_properties(game: &Game, result: Option<&str>) -> Vec<Prop> {
    let size = game.size();
    let rules = if game.rules() == Rules::NEW_ZEALAND {
        "NZ"
    } else {
        "AGA"
    };
    let mut props = vec![
        Prop::FF(4),
        Prop::GM(1),
        Prop::CA(text("UTF-8")),
        Prop::AP((text("hane"), text(env!("CARGO_PKG_VERSION")))),
        // sgf-parse always writes SZ as `w:h`, which FF[4] forbids for a
        // square board; the plain number parses back as the typed SZ.
        Prop::Unknown("SZ".into(), vec![size.get().to_string()]),
        Prop::KM(game.komi()),
        Prop::RU(text(rules)),
    ];
    let (handicap, _) = game.handicap();
    if handicap > 0 {
        props.push(Prop::HA(i64::from(handicap)));
    }
    if let Some(r) = result {
        props.push(Prop::RE(text(r)));
    }
    for (c, id) in [(Color::Black, "AB"), (Color::White, "AW")] {
        let pts: Vec<Point> = game.initial_board().stones(c).collect();
        props.extend(point_list(id, size, &pts));
    }
    if game.initial_to_move() == Color::White {
        props.push(Prop::PL(sgf_parse::Color::White));
    }
    props
}

/// The game as SGF text on one line, serialised by `sgf-parse`: root with
/// size, komi, rules, handicap and setup stones, then the moves. `result`
/// goes into `RE`; `territory` (Black's, White's) into `TB`/`TW` on the
/// last node. Each node is serialised on its own (sgf-parse writes a
/// node's children recursively, one stack frame per move) and the main
/// line is their concatenation.
pub fn write(game: &Game, result: Option<&str>, territory: Option<[&[Point]; 2]>) -> String {
    let size = game.size();
    let mut nodes: Vec<Vec<Prop>> = vec![root_properties(game, result)];
    for &(c, m) in game.moves() {
        let mv = match m {
            Move::Play(p) => go::Move::Move(sgf_point(size, p)),
            Move::Pass => go::Move::Pass,
        };
        nodes.push(vec![match c {
            Color::Black => Prop::B(mv),
            Color::White => Prop::W(mv),
        }]);
    }
    if let Some([black, white]) = territory {
        let last = nodes.last_mut().expect("the root is always there");
        last.extend(point_list("TB", size, black));
        last.extend(point_list("TW", size, white));
    }
    let mut out = String::from("(");
    for (i, props) in nodes.into_iter().enumerate() {
        let node = SgfNode::new(props, Vec::new(), i == 0);
        debug_assert!(node.validate().is_ok(), "{node:?}");
        out.push_str(&node.to_string());
    }
    out.push(')');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::vertex;

    #[test]
    fn a_written_game_loads_back_identically() {
        let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::NEW_ZEALAND, 6.5);
        for (c, v) in [
            (Color::Black, "E5"),
            (Color::White, "C3"),
            (Color::Black, "pass"),
            (Color::White, "J9"),
        ] {
            let m = if v == "pass" {
                Move::Pass
            } else {
                Move::Play(vertex(g.size(), v).unwrap())
            };
            g.play(c, m).unwrap();
        }
        let text = write(&g, None, None);
        let back = load(&text, Rules::AGA, 0.0, Stop::End).unwrap();
        assert_eq!(back.rules(), Rules::NEW_ZEALAND);
        assert_eq!(back.komi(), 6.5);
        assert_eq!(back.moves(), g.moves());
        assert!(back.board().same_stones(g.board()));
    }

    #[test]
    fn written_properties_parse_back_typed_through_sgf_parse() {
        let input = "(;GM[1]SZ[9]HA[3]KM[0.5]RU[NZ]AB[cc][gg][gc]AW[ee];W[ce];B[];W[ec])";
        let g = load(input, Rules::AGA, 7.5, Stop::End).unwrap();
        let terr = [
            vertex(g.size(), "A1").unwrap(),
            vertex(g.size(), "B1").unwrap(),
        ];
        let out = write(&g, Some("W+2.5"), Some([&terr, &[]]));
        // The same game writes the same text (lists in board order).
        assert_eq!(out, write(&g, Some("W+2.5"), Some([&terr, &[]])));
        let trees = go::parse(&out).unwrap();
        let root = &trees[0];
        let get = |id: &str| root.get_property(id).cloned();
        assert_eq!(get("SZ"), Some(Prop::SZ((9, 9))));
        assert!(out.contains("SZ[9]"), "{out}");
        assert_eq!(get("KM"), Some(Prop::KM(0.5)));
        assert_eq!(get("RU"), Some(Prop::RU(text("NZ"))));
        assert_eq!(get("RE"), Some(Prop::RE(text("W+2.5"))));
        assert_eq!(get("PL"), None, "AB and AW without HA: Black to move");
        let Some(Prop::AB(black)) = get("AB") else {
            panic!("AB is typed: {out}")
        };
        assert_eq!(black.len(), 3);
        assert!(matches!(get("AW"), Some(Prop::AW(w)) if w.len() == 1));
        let last = root.main_variation().last().unwrap();
        assert!(matches!(last.get_property("TB"), Some(Prop::TB(t)) if t.len() == 2));
        assert!(
            last.get_property("TW").is_none(),
            "empty lists are left out"
        );
        let moves: Vec<_> = root.main_variation().filter_map(|n| n.get_move()).collect();
        assert_eq!(moves.len(), 3);
        assert_eq!(moves[1], &Prop::B(go::Move::Pass));
        // And hane reads back the same game.
        let back = load(&out, Rules::AGA, 7.5, Stop::End).unwrap();
        assert_eq!(back.moves(), g.moves());
        assert_eq!(back.rules(), Rules::NEW_ZEALAND);
        assert!(back.initial_board().same_stones(g.initial_board()));
    }

    #[test]
    fn a_handicap_game_keeps_its_handicap_and_white_to_move() {
        let text = "(;GM[1]SZ[9]HA[2]KM[0.5]AB[cc][gg];W[ee])";
        let g = load(text, Rules::AGA, 7.5, Stop::End).unwrap();
        let out = write(&g, None, None);
        assert!(out.contains("HA[2]") && out.contains("PL[W]"), "{out}");
        let back = load(&out, Rules::AGA, 7.5, Stop::End).unwrap();
        assert_eq!(back.handicap(), g.handicap());
        assert_eq!(back.initial_to_move(), Color::White);
        assert_eq!(back.moves(), g.moves());
    }

    #[test]
    fn handicap_setup_and_stop_points() {
        let text = "(;GM[1]SZ[9]HA[2]KM[0.5]AB[cc][gg];W[ee];B[ce];W[ec])";
        let g = load(text, Rules::AGA, 7.5, Stop::End).unwrap();
        assert_eq!(g.handicap().0, 2);
        assert_eq!(g.initial_to_move(), Color::White);
        assert_eq!(g.moves().len(), 3);
        let g = load(text, Rules::AGA, 7.5, Stop::BeforeMove(2)).unwrap();
        assert_eq!(g.moves().len(), 1);
        assert_eq!(g.to_move(), Color::Black);
        let g = load(text, Rules::AGA, 7.5, Stop::BeforePoint(4, 6)).unwrap(); // E7 = W[ec]
        assert_eq!(g.moves().len(), 2);
    }

    #[test]
    fn node_counting_skips_property_values() {
        assert_eq!(count_nodes("(;C[a;b(c\\];d]B[aa];W[bb])"), 3);
        let hostile = format!("(;{})", ";".repeat(MAX_NODES + 1));
        assert!(
            load(&hostile, Rules::AGA, 7.5, Stop::End)
                .unwrap_err()
                .0
                .contains("nodes")
        );
    }

    #[test]
    fn result_and_territory_are_written_and_still_load() {
        let g = Game::new(BoardSize::new(5).unwrap(), Rules::AGA, 0.5);
        let a1 = vertex(g.size(), "A1").unwrap();
        let e5 = vertex(g.size(), "E5").unwrap();
        let text = write(&g, Some("B+3.5"), Some([&[a1], &[e5]]));
        assert!(text.contains("RE[B+3.5]"), "{text}");
        assert!(text.ends_with("TB[ae]TW[ea])"), "{text}");
        assert!(load(&text, Rules::AGA, 7.5, Stop::End).is_ok());
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        assert!(load("not sgf", Rules::AGA, 7.5, Stop::End).is_err());
        assert!(load("(;SZ[30])", Rules::AGA, 7.5, Stop::End).is_err());
        assert!(
            load("(;SZ[9]RU[Japanese])", Rules::AGA, 7.5, Stop::End)
                .unwrap_err()
                .0
                .contains("Japanese")
        );
        assert!(
            load("(;SZ[9];B[ee];W[ee])", Rules::AGA, 7.5, Stop::End)
                .unwrap_err()
                .0
                .contains("illegal")
        );
    }
}
