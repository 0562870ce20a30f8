//! The values of the properties hane reads: points, moves, board size,
//! komi, handicap, colour and rules, in the forms real files use.

use crate::rules::{BoardSize, Color, Move, Point, Rules};

/// The (column, row) of a two-letter SGF point, `a` = 0, rows from the top.
fn coords(v: &str) -> Option<(usize, usize)> {
    match v.trim().as_bytes() {
        &[x, y] if x.is_ascii_lowercase() && y.is_ascii_lowercase() => {
            Some(((x - b'a') as usize, (y - b'a') as usize))
        }
        _ => None,
    }
}

/// A point value: `Ok(None)` for the pass encodings GoGui also reads,
/// `tt` on boards up to 19x19 (FF\[3\]) and the point just outside the
/// bottom-right corner (`jj` on 9x9).
fn point_or_pass(size: BoardSize, id: &str, v: &str) -> Result<Option<Point>, String> {
    let n = size.get();
    let Some((x, y)) = coords(v) else {
        return Err(format!("{id}[{v}] is not a point"));
    };
    if (x, y) == (n, n) || ((x, y) == (19, 19) && n <= 19) {
        return Ok(None);
    }
    (y < n)
        .then(|| size.point(x, n - 1 - y))
        .flatten()
        .map(Some)
        .ok_or_else(|| format!("{id}[{v}] is off the {n}x{n} board"))
}

/// A `B` or `W` value: a point, or a pass (empty, or a pass encoding).
pub(super) fn sgf_move(size: BoardSize, id: &str, v: &str) -> Result<Move, String> {
    if v.trim().is_empty() {
        return Ok(Move::Pass);
    }
    Ok(point_or_pass(size, id, v)?.map_or(Move::Pass, Move::Play))
}

/// The points of a list property (`AB`, `AW`, `AE`): single points and
/// `ul:lr` rectangles (FF\[4\] compressed lists). Empty values and pass
/// encodings add nothing.
pub(super) fn points(size: BoardSize, id: &str, values: &[String]) -> Result<Vec<Point>, String> {
    let mut out = Vec::new();
    for v in values.iter().filter(|v| !v.trim().is_empty()) {
        let (a, b) = v.split_once(':').unwrap_or((v, v));
        let (Some(p), Some(q)) = (point_or_pass(size, id, a)?, point_or_pass(size, id, b)?) else {
            continue;
        };
        let ((x1, y1), (x2, y2)) = (size.coords(p), size.coords(q));
        for x in x1.min(x2)..=x1.max(x2) {
            out.extend((y1.min(y2)..=y1.max(y2)).filter_map(|y| size.point(x, y)));
        }
    }
    Ok(out)
}

/// `SZ`: `19`, or `19:19` (FF\[4\] form of a square board).
pub(super) fn board_size(v: &str) -> Result<BoardSize, String> {
    let (w, h) = v.split_once(':').unwrap_or((v, v));
    let (Ok(w), Ok(h)) = (w.trim().parse::<u32>(), h.trim().parse::<u32>()) else {
        return Err(format!("SZ[{v}] is not a board size"));
    };
    if w != h {
        return Err(format!("SZ[{v}]: rectangular boards are not supported"));
    }
    BoardSize::new(w).ok_or_else(|| format!("SZ[{v}]: hane plays on 2x2 to 25x25 boards"))
}

/// `KM`, with a note when the value was converted. A decimal comma is
/// read as a point. Fox and YuanYu write komi in hundredths (`KM[750]`
/// for 7.5) and Fox's Chinese games in hundredths of stones (`KM[375]`
/// for 3.75 stones, 7.5 points): a whole number of 100 or more that is a
/// multiple of 0.25 once divided by 100 is read that way (no real komi is
/// that large). `None` if the value is no finite number.
pub(super) fn komi(v: &str) -> Option<(f64, Option<String>)> {
    let k: f64 = v.trim().replace(',', ".").parse().ok()?;
    if !k.is_finite() {
        return None;
    }
    let hundredths = k / 100.0;
    if k.abs() < 100.0 || k.fract() != 0.0 || (hundredths * 4.0).fract() != 0.0 {
        return Some((k, None));
    }
    let (points, unit) = if (hundredths * 2.0).fract() == 0.0 {
        (hundredths, "hundredths of a point")
    } else {
        (hundredths * 2.0, "hundredths of a stone")
    };
    Some((
        points,
        Some(format!(
            "KM[{}] read as komi {points} (Fox's form: {unit})",
            v.trim()
        )),
    ))
}

/// `HA`: the number of handicap stones, 0 for `0` and `1` (no handicap,
/// as KGS writes it) and for an empty value (GoGui reads it as unknown).
/// `None` if the value is no whole number from 0 to the board's area.
pub(super) fn handicap(size: BoardSize, v: &str) -> Option<u32> {
    if v.trim().is_empty() {
        return Some(0);
    }
    let n: f64 = v.trim().parse().ok()?;
    let whole = n.fract() == 0.0 && (0.0..=size.area() as f64).contains(&n);
    whole.then_some(if n < 2.0 { 0 } else { n as u32 })
}

/// `PL`: `B`/`W` in any case, or `1`/`2` as some FF\[3\] writers did.
pub(super) fn color(v: &str) -> Option<Color> {
    match v.trim().as_bytes().first()? {
        b'B' | b'b' | b'1' => Some(Color::Black),
        b'W' | b'w' | b'2' => Some(Color::White),
        _ => None,
    }
}

/// What an `RU` value means for hane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RulesFromSgf {
    /// Rules hane plays, or the closest equivalent, with why.
    Mapped(Rules, &'static str),
    /// No equivalent: the moves are loaded under the current rules.
    Kept(&'static str),
}

/// Maps an `RU` value (any case, spaces and punctuation ignored):
///
/// | RU | hane | why |
/// |---|---|---|
/// | `AGA` | AGA | |
/// | `NZ`, `New Zealand` | New Zealand | |
/// | `Chinese` | AGA | area scoring, suicide illegal |
/// | `Tromp-Taylor`, `TT` | New Zealand | area scoring, suicide legal |
/// | `Ing`, `GOE` | New Zealand | area scoring, suicide legal |
/// | `Japanese`, `Korean` | unchanged | territory scoring has no equivalent |
/// | anything else | unchanged | unknown |
///
/// Differences that remain: Chinese rules give White N points for N
/// handicap stones (AGA N−1); Tromp-Taylor and Ing allow single-stone
/// suicide and Tromp-Taylor forbids positional repetition (hane: neither;
/// its superko is situational).
pub(super) fn rules(v: &str) -> Option<RulesFromSgf> {
    let key: String = v
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    use RulesFromSgf::{Kept, Mapped};
    Some(match key.as_str() {
        "" => return None,
        "aga" | "american" => Mapped(Rules::AGA, "AGA rules"),
        "nz" | "newzealand" => Mapped(Rules::NEW_ZEALAND, "New Zealand rules"),
        "chinese" | "cn" | "china" => Mapped(
            Rules::AGA,
            "area scoring without suicide, as AGA rules (whose handicap \
             compensation is one point less)",
        ),
        k if k.starts_with("tromptaylor") || k.starts_with("tt") => Mapped(
            Rules::NEW_ZEALAND,
            "area scoring with suicide, as New Zealand rules (which keep \
             single-stone suicide illegal and superko situational)",
        ),
        "ing" | "goe" => Mapped(
            Rules::NEW_ZEALAND,
            "area scoring with suicide, as New Zealand rules",
        ),
        "japanese" | "jp" | "japan" | "korean" | "kr" | "korea" => {
            Kept("territory scoring, which hane does not play")
        }
        _ => Kept("not a rule set hane knows"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::vertex;

    fn nine() -> BoardSize {
        BoardSize::new(9).unwrap()
    }

    #[test]
    fn moves_and_pass_encodings() {
        let s = nine();
        let at = |v: &str| Move::Play(vertex(s, v).unwrap());
        assert_eq!(sgf_move(s, "B", "aa"), Ok(at("A9")));
        assert_eq!(sgf_move(s, "B", "ia"), Ok(at("J9")));
        assert_eq!(sgf_move(s, "B", " ei "), Ok(at("E1")));
        for pass in ["", "tt", "jj"] {
            assert_eq!(sgf_move(s, "W", pass), Ok(Move::Pass), "{pass:?}");
        }
        assert!(sgf_move(s, "B", "ja").unwrap_err().contains("off the 9x9"));
        assert!(sgf_move(s, "B", "Aa").unwrap_err().contains("not a point"));
        assert!(sgf_move(s, "B", "abc").is_err());
        let big = BoardSize::new(25).unwrap();
        assert!(sgf_move(big, "B", "tt").unwrap().point().is_some());
    }

    #[test]
    fn point_lists_and_rectangles() {
        let s = nine();
        let v = |x: &[&str]| x.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let mut pts = points(s, "AB", &v(&["aa", "", "cc:bb", "tt"])).unwrap();
        pts.sort_unstable();
        let mut want: Vec<Point> = ["A9", "B8", "B7", "C8", "C7"]
            .iter()
            .map(|n| vertex(s, n).unwrap())
            .collect();
        want.sort_unstable();
        assert_eq!(pts, want);
        assert!(points(s, "AW", &v(&["zz"])).is_err());
    }

    #[test]
    fn sizes() {
        assert_eq!(board_size(" 13 ").unwrap().get(), 13);
        assert_eq!(board_size("9:9").unwrap().get(), 9);
        assert!(board_size("9:13").unwrap_err().contains("rectangular"));
        assert!(board_size("26").is_err());
        assert!(board_size("nine").is_err());
    }

    #[test]
    fn komi_forms() {
        assert_eq!(komi("6.5"), Some((6.5, None)));
        assert_eq!(komi(" 7,5 "), Some((7.5, None)));
        assert_eq!(komi("-3"), Some((-3.0, None)));
        assert_eq!(komi("0"), Some((0.0, None)));
        assert_eq!(komi("750").unwrap().0, 7.5);
        assert_eq!(komi("650").unwrap().0, 6.5);
        assert_eq!(komi("375").unwrap().0, 7.5);
        assert!(komi("375").unwrap().1.unwrap().contains("stone"));
        assert_eq!(komi("1234"), Some((1234.0, None)));
        assert_eq!(komi("nan"), None);
        assert_eq!(komi("1e400"), None);
        assert_eq!(komi("seven"), None);
    }

    #[test]
    fn handicap_forms() {
        let s = nine();
        assert_eq!(handicap(s, "0"), Some(0));
        assert_eq!(handicap(s, "1"), Some(0));
        assert_eq!(handicap(s, " 4 "), Some(4));
        assert_eq!(handicap(s, "9.0"), Some(9));
        assert_eq!(handicap(s, ""), Some(0));
        for bad in ["7.5", "-2", "many", "82"] {
            assert_eq!(handicap(s, bad), None, "{bad}");
        }
    }

    #[test]
    fn colours() {
        assert_eq!(color("W"), Some(Color::White));
        assert_eq!(color("black"), Some(Color::Black));
        assert_eq!(color("1"), Some(Color::Black));
        assert_eq!(color("2"), Some(Color::White));
        assert_eq!(color("x"), None);
    }

    #[test]
    fn rule_names() {
        use RulesFromSgf::*;
        let mapped = |v| match rules(v) {
            Some(Mapped(r, _)) => Some(r),
            _ => None,
        };
        assert_eq!(mapped("AGA"), Some(Rules::AGA));
        assert_eq!(mapped("New Zealand"), Some(Rules::NEW_ZEALAND));
        assert_eq!(mapped("NZ"), Some(Rules::NEW_ZEALAND));
        assert_eq!(mapped("Chinese"), Some(Rules::AGA));
        assert_eq!(mapped("Tromp/Taylor"), Some(Rules::NEW_ZEALAND));
        assert_eq!(mapped("Tromp-Taylor"), Some(Rules::NEW_ZEALAND));
        assert_eq!(mapped("TT--"), Some(Rules::NEW_ZEALAND));
        assert_eq!(mapped("ing"), Some(Rules::NEW_ZEALAND));
        assert!(matches!(rules("Japanese"), Some(Kept(_))));
        assert!(matches!(rules("korean"), Some(Kept(_))));
        assert!(matches!(rules("Sneaky"), Some(Kept(w)) if w.contains("knows")));
        assert_eq!(rules(" "), None);
    }
}
