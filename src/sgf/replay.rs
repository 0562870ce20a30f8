//! Replaying a main line into a [`Game`]: game information from the
//! first node, setup stones wherever they stand, then the moves up to the
//! stop point, each checked under the rules the game is loaded with.

use super::reader::{Node, Property};
use super::values::{self, RulesFromSgf};
use super::{SgfError, Stop};
use crate::rules::point::move_name;
use crate::rules::{Board, BoardSize, Color, Game, Point, Rules};

fn err<T>(msg: impl Into<String>) -> Result<T, SgfError> {
    Err(SgfError(msg.into()))
}

/// The first value of a property (the reader never gives none).
fn first(p: &Property) -> &str {
    p.values.first().map_or("", String::as_str)
}

/// What the first node says about the game.
struct Info {
    size: BoardSize,
    rules: Rules,
    komi: f64,
    /// `HA`, 0 for none.
    handicap: u32,
}

/// Reads `GM`, `SZ`, `KM`, `HA` and `RU` from the first node; `rules` and
/// `komi` stand where the file says nothing usable. The last of repeated
/// properties counts.
fn info(root: &Node, rules: Rules, komi: f64, notes: &mut Vec<String>) -> Result<Info, SgfError> {
    let mut info = Info {
        size: BoardSize::NINETEEN,
        rules,
        komi,
        handicap: 0,
    };
    let mut komi_seen = false;
    for p in root.iter().filter(|p| p.id == "SZ") {
        info.size = values::board_size(first(p)).map_err(SgfError)?;
    }
    for p in root {
        let v = first(p);
        match p.id.as_str() {
            "GM" if !matches!(v.trim(), "" | "1") => {
                return err(format!("GM[{v}]: not a game of Go"));
            }
            "KM" => match values::komi(v) {
                Some((k, note)) => {
                    info.komi = k;
                    komi_seen = true;
                    notes.extend(note);
                }
                None => notes.push(format!("KM[{v}] is not a komi: ignored")),
            },
            "HA" => match values::handicap(info.size, v) {
                Some(n) => info.handicap = n,
                None => notes.push(format!("HA[{v}] is not a number of stones: ignored")),
            },
            "RU" => match values::rules(v) {
                Some(RulesFromSgf::Mapped(r, why)) => {
                    info.rules = r;
                    notes.push(format!("RU[{v}]: {why}: loaded under {r} rules"));
                }
                Some(RulesFromSgf::Kept(why)) => notes.push(format!(
                    "RU[{v}]: {why}: loaded under the current {} rules",
                    info.rules
                )),
                None => {}
            },
            _ => {}
        }
    }
    if !komi_seen {
        notes.push(format!("no KM: komi stays {}", info.komi));
    }
    Ok(info)
}

/// The position after the setup properties (`AE`, `AB`, `AW`, in the
/// order written) of `node`, or `None` if it has none. Stones are placed
/// without captures, as setup is.
fn setup(board: &Board, node: &Node) -> Result<Option<Board>, String> {
    let size = board.size();
    let mut cells: Vec<Option<Color>> = vec![None; size.array_len()];
    for c in Color::BOTH {
        for p in board.stones(c) {
            cells[p.index()] = Some(c);
        }
    }
    let mut any = false;
    for p in node {
        let value = match p.id.as_str() {
            "AB" => Some(Color::Black),
            "AW" => Some(Color::White),
            "AE" => None,
            _ => continue,
        };
        any = true;
        for q in values::points(size, &p.id, &p.values)? {
            cells[q.index()] = value;
        }
    }
    if !any {
        return Ok(None);
    }
    let stones: Vec<(Color, Point)> = size
        .points()
        .filter_map(|p| cells[p.index()].map(|c| (c, p)))
        .collect();
    Board::with_stones(size, &stones)
        .map(Some)
        .ok_or_else(|| "setup stones leave a chain without liberties".to_string())
}

/// The last `PL` of a node, if readable.
fn player(node: &Node, notes: &mut Vec<String>) -> Option<Color> {
    let mut out = None;
    for p in node.iter().filter(|p| p.id == "PL") {
        match values::color(first(p)) {
            Some(c) => out = Some(c),
            None => notes.push(format!("PL[{}] is not a colour: ignored", first(p))),
        }
    }
    out
}

/// Builds the game of a main line (see [`super::load`]).
pub(super) fn replay(
    nodes: &[Node],
    rules: Rules,
    komi: f64,
    stop: Stop,
    notes: &mut Vec<String>,
) -> Result<Game, SgfError> {
    let Some(root) = nodes.first() else {
        return err("the game tree has no node");
    };
    let info = info(root, rules, komi, notes)?;
    let size = info.size;
    let start = setup(&Board::new(size), root)
        .map_err(|e| SgfError(format!("first node: {e}")))?
        .unwrap_or_else(|| Board::new(size));
    let black = start.stones(Color::Black).count() as u32;
    let white = start.stones(Color::White).count();
    let placed = if info.handicap >= 2 && white == 0 {
        black
    } else {
        0
    };
    if info.handicap >= 2 && placed != info.handicap {
        notes.push(format!(
            "HA[{}] with {black} black and {white} white setup stones: the handicap is {}",
            info.handicap,
            if placed > 0 {
                format!("the {placed} stones")
            } else {
                "read from the moves".into()
            }
        ));
    }
    let first_player = player(root, notes).unwrap_or(if placed > 0 {
        Color::White
    } else {
        Color::Black
    });
    let mut game = Game::from_position(start, first_player, info.rules, info.komi, placed);

    let mut number = 0;
    for (i, node) in nodes.iter().enumerate() {
        if i > 0 {
            let changed =
                setup(game.board(), node).map_err(|e| SgfError(format!("node {}: {e}", i + 1)))?;
            if let Some(board) = changed {
                notes.push(format!(
                    "node {}: setup stones; undo and the capture counts start again there",
                    i + 1
                ));
                game = Game::from_position(board, game.to_move(), info.rules, info.komi, placed);
            }
            if let Some(c) = player(node, notes) {
                game.set_to_move(c);
            }
        }
        for p in node {
            let color = match p.id.as_str() {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            number += 1;
            if p.values.len() != 1 {
                return err(format!(
                    "move {number}: {} has {} values",
                    p.id,
                    p.values.len()
                ));
            }
            let m = values::sgf_move(size, &p.id, first(p))
                .map_err(|e| SgfError(format!("move {number}: {e}")))?;
            let here = match stop {
                Stop::End => false,
                Stop::BeforeMove(n) => number >= n,
                Stop::BeforePoint(x, y) => m.point().is_some() && m.point() == size.point(x, y),
            };
            if here {
                game.set_to_move(color);
                return Ok(game);
            }
            game.play(color, m).map_err(|e| {
                SgfError(format!(
                    "move {number} ({} {}) is illegal under {} rules: {e}",
                    p.id,
                    move_name(size, m),
                    info.rules
                ))
            })?;
        }
    }
    if let Stop::BeforeMove(n) = stop
        && n > number + 1
    {
        notes.push(format!("the game has {number} moves: loaded to the end"));
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf::read;

    #[test]
    fn setup_applies_in_order_and_refuses_dead_chains() {
        let size = BoardSize::new(5).unwrap();
        let node = |props: &[(&str, &[&str])]| -> Node {
            props
                .iter()
                .map(|(id, vs)| Property {
                    id: id.to_string(),
                    values: vs.iter().map(|v| v.to_string()).collect(),
                })
                .collect()
        };
        let b = setup(
            &Board::new(size),
            &node(&[("AB", &["aa", "bb"]), ("AW", &["cc"])]),
        )
        .unwrap()
        .unwrap();
        assert_eq!(b.stones(Color::Black).count(), 2);
        let b = setup(&b, &node(&[("AE", &["aa:cc"]), ("AW", &["bb"])]))
            .unwrap()
            .unwrap();
        assert_eq!(b.stones(Color::Black).count(), 0);
        assert_eq!(b.stones(Color::White).count(), 1);
        assert!(setup(&b, &node(&[("C", &["x"])])).unwrap().is_none());
        let dead = node(&[("AB", &["aa"]), ("AW", &["ba", "ab"])]);
        assert!(setup(&Board::new(size), &dead).is_err());
    }

    #[test]
    fn notes_say_what_was_mapped_and_what_was_not() {
        // Loaded by a session playing New Zealand rules with komi 0.5.
        let nz = |text: &str| read(text, Rules::NEW_ZEALAND, 0.5, Stop::End).unwrap();
        let noted = |l: &crate::sgf::Loaded, what: &str| {
            assert!(
                l.notes.iter().any(|n| n.contains(what)),
                "{what}: {:?}",
                l.notes
            );
        };
        let l = nz("(;SZ[9]RU[Japanese]HA[0])");
        assert_eq!((l.game.rules(), l.game.komi()), (Rules::NEW_ZEALAND, 0.5));
        noted(&l, "RU[Japanese]: territory scoring");
        noted(&l, "current nz rules");
        noted(&l, "no KM: komi stays 0.5");
        let l = nz("(;SZ[9]RU[Chinese]KM[7.5])");
        assert_eq!((l.game.rules(), l.game.komi()), (Rules::AGA, 7.5));
        noted(&l, "RU[Chinese]: area scoring without suicide");
        noted(&l, "under aga rules");
    }
}
