//! Writing a game as SGF text, serialised by `sgf-parse`: one line, the
//! root with size, komi, rules, handicap and setup stones, then the moves.

use crate::rules::{BoardSize, Color, Game, Move, Point, Rules};
use sgf_parse::go::{self, Prop};
use sgf_parse::{SgfNode, SimpleText};

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
    use crate::sgf::{Stop, load};

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
    fn result_and_territory_are_written_and_still_load() {
        let g = Game::new(BoardSize::new(5).unwrap(), Rules::AGA, 0.5);
        let a1 = vertex(g.size(), "A1").unwrap();
        let e5 = vertex(g.size(), "E5").unwrap();
        let text = write(&g, Some("B+3.5"), Some([&[a1], &[e5]]));
        assert!(text.contains("RE[B+3.5]"), "{text}");
        assert!(text.ends_with("TB[ae]TW[ea])"), "{text}");
        assert!(load(&text, Rules::AGA, 7.5, Stop::End).is_ok());
    }
}
