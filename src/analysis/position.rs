//! The position a query describes: board size, rules, komi, set-up
//! stones and moves, checked once when the query is read and replayed to
//! any of its turns for the search.
//!
//! Locations are GTP vertices (`D4`, `pass`) or KataGo's explicit
//! `(x,y)`, x from the left and y from the top, both from 0.

use crate::rules::point::parse_vertex;
use crate::rules::ruleset::{HandicapBonus, Suicide};
use crate::rules::{Board, BoardSize, Color, Game, Move, Point, Rules};
use serde_json::Value;

/// Rules as a query names them, mapped onto hane's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QueryRules {
    /// The rule set hane plays under.
    pub rules: Rules,
    /// White's handicap bonus is one stone more than `rules` give
    /// (Chinese rules: N points for N stones, where AGA gives N-1); hane
    /// adds the point to the komi of handicap games.
    pub full_bonus: bool,
    /// Territory rules played as AGA's: the warning the answer carries.
    pub approximated: Option<&'static str>,
}

/// The warning of a query under Japanese or Korean rules.
pub const TERRITORY_WARNING: &str = "hane counts by area: territory rules are analysed as AGA rules (the same result as territory scoring with pass stones; situational superko for ko); a score may differ from Japanese counting by a point, and seki points count";

/// A rule set name or JSON object hane does not take.
pub type RulesError = String;

/// Reads `rules`: a name (`aga`, `chinese`, `new-zealand`/`nz`,
/// `tromp-taylor`; case, spaces, `-` and `_` do not matter) or KataGo's
/// object form with area scoring.
///
/// hane knows one repetition rule, situational superko: Chinese rules'
/// simple ko and Tromp-Taylor's positional superko are played as it.
///
/// # Errors
/// Any other name (territory scoring among them) or object.
pub fn parse_rules(v: &Value) -> Result<QueryRules, RulesError> {
    let plain = |rules| QueryRules {
        rules,
        full_bonus: false,
        approximated: None,
    };
    match v {
        Value::String(name) => {
            let key: String = name
                .chars()
                .filter(|c| !matches!(c, '-' | '_' | ' '))
                .flat_map(char::to_lowercase)
                .collect();
            match key.as_str() {
                "aga" => Ok(plain(Rules::AGA)),
                "nz" | "newzealand" | "tromptaylor" | "tt" => Ok(plain(Rules::NEW_ZEALAND)),
                "chinese" | "chineseogs" | "chinesekgs" => Ok(QueryRules {
                    rules: Rules::AGA,
                    full_bonus: true,
                    approximated: None,
                }),
                // KaTrain's default: answered, with a warning, rather
                // than refused.
                "japanese" | "korean" => Ok(QueryRules {
                    rules: Rules::AGA,
                    full_bonus: false,
                    approximated: Some(TERRITORY_WARNING),
                }),
                _ => Err(format!(
                    "unsupported rules {name:?}: hane counts by area and takes aga, chinese, new-zealand (nz) and tromp-taylor (japanese and korean as aga)"
                )),
            }
        }
        Value::Object(map) => {
            let text = |k: &str| {
                map.get(k)
                    .and_then(Value::as_str)
                    .map(str::to_ascii_uppercase)
            };
            let flag = |k: &str| map.get(k).and_then(Value::as_bool).unwrap_or(false);
            if text("scoringRule").as_deref() != Some("AREA") {
                return Err("unsupported rules: hane counts by area (scoringRule AREA)".into());
            }
            if text("taxRule").is_some_and(|t| t != "NONE") || flag("hasButton") {
                return Err("unsupported rules: no tax rule or button in hane".into());
            }
            let suicide = if flag("multiStoneSuicideLegal") || flag("suicide") {
                Suicide::MultiStoneAllowed
            } else {
                Suicide::Forbidden
            };
            let (bonus, full) = match text("whiteHandicapBonus").as_deref() {
                None | Some("0") => (HandicapBonus::Zero, false),
                Some("N-1") => (HandicapBonus::PerStoneAfterFirst, false),
                Some("N") => (HandicapBonus::PerStoneAfterFirst, true),
                Some(other) => return Err(format!("unsupported whiteHandicapBonus {other:?}")),
            };
            let base = if suicide == Suicide::MultiStoneAllowed {
                Rules::NEW_ZEALAND
            } else {
                Rules::AGA
            };
            Ok(QueryRules {
                rules: Rules {
                    suicide,
                    handicap_bonus: bonus,
                    ..base
                },
                full_bonus: full,
                approximated: None,
            })
        }
        _ => Err("rules must be a string or an object".into()),
    }
}

/// Reads a player: `B`, `W`, `black` or `white` in any case.
pub fn parse_color(v: &Value) -> Option<Color> {
    match v.as_str()?.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

/// Reads a location on a board of `size`: a GTP vertex, `pass`, or
/// `(x,y)`.
pub fn parse_move(size: BoardSize, text: &str) -> Option<Move> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("pass") {
        return Some(Move::Pass);
    }
    let n = size.get();
    if let Some(inner) = t.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        let (x, y) = inner.split_once(',')?;
        let x: usize = x.trim().parse().ok()?;
        let y: usize = y.trim().parse().ok()?;
        if y >= n {
            return None;
        }
        return size.point(x, n - 1 - y).map(Move::Play);
    }
    let (x, y) = parse_vertex(t)?;
    size.point(x, y).map(Move::Play)
}

/// A checked position: every set-up stone and move is legal.
#[derive(Clone, Debug)]
pub struct Position {
    /// The board size.
    pub size: BoardSize,
    /// The rules.
    pub rules: QueryRules,
    /// The komi the query gave.
    pub komi: f64,
    /// Stones on the board before the first move.
    pub initial: Vec<(Color, Point)>,
    /// The player of turn 0 (`initialPlayer`, else the first move's).
    pub first: Color,
    /// The moves played.
    pub moves: Vec<(Color, Move)>,
}

/// What is wrong with a position: the query field and a message.
pub type PositionError = (&'static str, String);

impl Position {
    /// Checks the set-up stones and replays every move.
    ///
    /// # Errors
    /// Set-up stones that overlap or leave a chain without liberty, or an
    /// illegal move (occupied point, suicide, superko), with its field.
    pub fn new(
        size: BoardSize,
        rules: QueryRules,
        komi: f64,
        initial: Vec<(Color, Point)>,
        first: Color,
        moves: Vec<(Color, Move)>,
    ) -> Result<Position, PositionError> {
        let pos = Position {
            size,
            rules,
            komi,
            initial,
            first,
            moves,
        };
        let mut game = pos.start()?;
        for (i, &(c, mv)) in pos.moves.iter().enumerate() {
            game.play(c, mv).map_err(|e| {
                let name = crate::rules::point::move_name(size, mv);
                ("moves", format!("Illegal move {i}: {name} ({e})"))
            })?;
        }
        Ok(pos)
    }

    /// The game at turn 0.
    fn start(&self) -> Result<Game, PositionError> {
        let mut seen = vec![false; crate::rules::point::MAX_POINTS];
        for &(_, p) in &self.initial {
            if std::mem::replace(&mut seen[p.index()], true) {
                let name = crate::rules::point::vertex_name(self.size, p);
                return Err(("initialStones", format!("two stones on {name}")));
            }
        }
        let board = Board::with_stones(self.size, &self.initial)
            .ok_or(("initialStones", "a set-up chain has no liberty".to_string()))?;
        let black = self.initial.iter().filter(|s| s.0 == Color::Black).count();
        let handicap = if black >= 2 && black == self.initial.len() {
            black as u32
        } else {
            0
        };
        Ok(Game::from_position(
            board,
            self.first,
            self.rules.rules,
            self.komi,
            handicap,
        ))
    }

    /// The game after `turn` moves (at most the number of moves), with
    /// the komi of the rules' handicap bonus.
    pub fn game_at(&self, turn: usize) -> Option<Game> {
        let mut game = self.start().ok()?;
        for &(c, mv) in self.moves.iter().take(turn) {
            game.play(c, mv).ok()?;
        }
        if self.rules.full_bonus && game.handicap().0 >= 2 {
            game.set_komi(self.komi + 1.0);
        }
        Some(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rule_names_and_objects() {
        for name in ["aga", "AGA"] {
            assert_eq!(parse_rules(&json!(name)).unwrap().rules, Rules::AGA);
        }
        for name in [
            "nz",
            "new-zealand",
            "new zealand",
            "tromp-taylor",
            "Tromp_Taylor",
        ] {
            assert_eq!(parse_rules(&json!(name)).unwrap().rules, Rules::NEW_ZEALAND);
        }
        let cn = parse_rules(&json!("chinese")).unwrap();
        assert!(cn.full_bonus && cn.rules == Rules::AGA);
        for name in ["japanese", "Korean"] {
            let r = parse_rules(&json!(name)).unwrap();
            assert_eq!(r.rules, Rules::AGA);
            assert_eq!(r.approximated, Some(TERRITORY_WARNING));
        }
        assert_eq!(cn.approximated, None);
        for bad in [json!("stone-scoring"), json!("ing"), json!(3), json!("")] {
            assert!(parse_rules(&bad).is_err(), "{bad}");
        }
        let tt = json!({"koRule":"POSITIONAL","scoringRule":"AREA","taxRule":"NONE",
            "multiStoneSuicideLegal":true,"hasButton":false,"whiteHandicapBonus":"0"});
        assert_eq!(parse_rules(&tt).unwrap().rules, Rules::NEW_ZEALAND);
        let aga = json!({"scoringRule":"AREA","whiteHandicapBonus":"N-1"});
        assert_eq!(
            parse_rules(&aga).unwrap().rules.handicap_bonus,
            Rules::AGA.handicap_bonus
        );
        assert!(parse_rules(&json!({"scoringRule":"TERRITORY"})).is_err());
        assert!(parse_rules(&json!({"scoringRule":"AREA","hasButton":true})).is_err());
    }

    #[test]
    fn locations() {
        let s = BoardSize::new(9).unwrap();
        assert_eq!(parse_move(s, "pass"), Some(Move::Pass));
        assert_eq!(parse_move(s, "A1"), s.point(0, 0).map(Move::Play));
        assert_eq!(parse_move(s, "j9"), s.point(8, 8).map(Move::Play));
        // (x,y) counts y from the top.
        assert_eq!(parse_move(s, "(0,0)"), s.point(0, 8).map(Move::Play));
        assert_eq!(parse_move(s, "(2, 8)"), s.point(2, 0).map(Move::Play));
        for bad in [
            "K1", "A10", "I5", "", "(9,0)", "(0,9)", "(1)", "Z99", "(-1,2)",
        ] {
            assert_eq!(parse_move(s, bad), None, "{bad}");
        }
    }

    #[test]
    fn illegal_moves_and_stones_are_refused() {
        let s = BoardSize::new(9).unwrap();
        let rules = parse_rules(&json!("aga")).unwrap();
        let at = |v| match parse_move(s, v) {
            Some(Move::Play(p)) => p,
            _ => panic!(),
        };
        let pos = |initial, moves| Position::new(s, rules, 7.5, initial, Color::Black, moves);
        let e5 = Move::Play(at("E5"));
        let err = pos(vec![], vec![(Color::Black, e5), (Color::White, e5)]).unwrap_err();
        assert_eq!(err.0, "moves");
        assert!(err.1.starts_with("Illegal move 1: E5"), "{}", err.1);
        let err = pos(vec![(Color::Black, at("E5"))], vec![(Color::Black, e5)]).unwrap_err();
        assert!(err.1.starts_with("Illegal move 0"));
        let err = pos(
            vec![(Color::Black, at("E5")), (Color::White, at("E5"))],
            vec![],
        )
        .unwrap_err();
        assert_eq!(err.0, "initialStones");
        let occupied = pos(vec![(Color::Black, at("E5"))], vec![(Color::White, e5)]);
        assert!(occupied.is_err());
        let ok = pos(vec![], vec![(Color::Black, e5), (Color::White, Move::Pass)]).unwrap();
        assert_eq!(ok.game_at(1).unwrap().to_move(), Color::White);
        assert_eq!(ok.game_at(2).unwrap().to_move(), Color::Black);
    }

    #[test]
    fn chinese_handicap_games_give_white_one_point_more() {
        let s = BoardSize::new(9).unwrap();
        let stones = ["C3", "G7"]
            .iter()
            .map(|v| match parse_move(s, v) {
                Some(Move::Play(p)) => (Color::Black, p),
                _ => panic!(),
            })
            .collect::<Vec<_>>();
        let komi = |rules| {
            let rules = parse_rules(&json!(rules)).unwrap();
            Position::new(s, rules, 0.5, stones.clone(), Color::White, vec![])
                .unwrap()
                .game_at(0)
                .unwrap()
                .komi()
        };
        assert_eq!(komi("chinese"), 1.5);
        assert_eq!(komi("aga"), 0.5);
    }
}
