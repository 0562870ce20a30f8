//! Reading one input line: an analysis query or an action, checked field
//! by field. Anything wrong is a [`Failure`] naming the query's id and
//! the field where it can; fields hane does not use are warnings, and the
//! query still runs.

use super::position::{self, Position};
use crate::rules::{BoardSize, Color, Move};
use serde_json::{Map, Value, json};
use std::sync::Arc;
use std::time::Duration;

/// A line that cannot be answered as asked.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The query's id, when it could be read.
    pub id: Option<String>,
    /// The field at fault, when there is one.
    pub field: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl Failure {
    fn new(id: Option<&str>, field: Option<&str>, message: impl Into<String>) -> Failure {
        Failure {
            id: id.map(str::to_string),
            field: field.map(str::to_string),
            message: message.into(),
        }
    }

    /// The answer: `{"error": …}` with `id` and `field` when known.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("error".into(), json!(self.message));
        if let Some(id) = &self.id {
            m.insert("id".into(), json!(id));
        }
        if let Some(f) = &self.field {
            m.insert("field".into(), json!(f));
        }
        Value::Object(m)
    }
}

/// Whose point of view win rates, scores, utilities and ownership take
/// (`reportAnalysisWinratesAs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Perspective {
    /// Black's (the default, as in KataGo's example configuration).
    Black,
    /// White's.
    White,
    /// The player to move's.
    SideToMove,
}

impl Perspective {
    /// The colour whose view is reported when `to_move` is to play.
    pub fn color(self, to_move: Color) -> Color {
        match self {
            Perspective::Black => Color::Black,
            Perspective::White => Color::White,
            Perspective::SideToMove => to_move,
        }
    }
}

/// Moves kept from (`avoidMoves`) or left to (`allowMoves`) a player for
/// the first `until_depth` plies of the search; hane applies them at the
/// root, the first ply.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRule {
    /// The player they apply to.
    pub color: Color,
    /// The moves.
    pub moves: Vec<Move>,
    /// Plies they apply for (at least 1).
    pub until_depth: u64,
}

/// A checked analysis query.
#[derive(Clone, Debug)]
pub struct Query {
    /// The client's id, echoed in every answer.
    pub id: String,
    /// The game.
    pub position: Position,
    /// Simulations per turn.
    pub max_visits: u64,
    /// Time per turn, if limited.
    pub max_time: Option<Duration>,
    /// Time between answers during the search, if asked.
    pub report_every: Option<Duration>,
    /// Answer with the ownership map.
    pub ownership: bool,
    /// Answer with each move's ownership map.
    pub moves_ownership: bool,
    /// Answer with the root's move probabilities.
    pub policy: bool,
    /// Longest principal variation after a move.
    pub pv_len: usize,
    /// `avoidMoves`.
    pub avoid: Vec<MoveRule>,
    /// `allowMoves`.
    pub allow: Vec<MoveRule>,
    /// Whose view the numbers take.
    pub perspective: Perspective,
}

/// What a query gets when it does not say.
#[derive(Clone, Copy, Debug)]
pub struct Defaults {
    /// Simulations per turn.
    pub max_visits: u64,
    /// Time per turn.
    pub max_time: Option<Duration>,
}

/// One input line's request.
#[derive(Clone, Debug)]
pub enum Request {
    /// Analyse `turns`, each with its priority; the warnings come first.
    Analyze {
        /// The query.
        query: Arc<Query>,
        /// Turn numbers and their priorities.
        turns: Vec<(usize, i64)>,
        /// Warnings to send before any answer.
        warnings: Vec<Value>,
    },
    /// `query_version`: the request echoed with the version.
    Version(Map<String, Value>),
    /// `clear_cache`: echoed (hane keeps no cache between queries).
    ClearCache(Map<String, Value>),
    /// `query_models`: echoed with the networks.
    Models(Map<String, Value>),
    /// `terminate` (an id) or `terminate_all` (`id` `None`), optionally
    /// only some turns; echoed.
    Terminate {
        /// The request, echoed.
        echo: Map<String, Value>,
        /// The queries' id, `None` for all.
        id: Option<String>,
        /// Only these turns.
        turns: Option<Vec<usize>>,
    },
}

/// Top-level fields hane reads.
const KNOWN: &[&str] = &[
    "id",
    "moves",
    "initialStones",
    "initialPlayer",
    "rules",
    "komi",
    "whiteHandicapBonus",
    "boardXSize",
    "boardYSize",
    "analyzeTurns",
    "maxVisits",
    "includeOwnership",
    "includeMovesOwnership",
    "includePolicy",
    "analysisPVLen",
    "avoidMoves",
    "allowMoves",
    "overrideSettings",
    "reportDuringSearchEvery",
    "priority",
    "priorities",
];

/// KataGo's fields hane reads but does not act on.
const IGNORED: &[&str] = &[
    "rootPolicyTemperature",
    "rootFpuReductionMax",
    "includeOwnershipStdev",
    "includeMovesOwnershipStdev",
    "includePVVisits",
    "includeNoResultValue",
];

/// Longest PV by default (KataGo's `analysisPVLen` default is 15).
const PV_LEN: usize = 15;

/// Reads one line.
///
/// # Errors
/// A line that is not a JSON object, lacks a string `id`, or has a field
/// hane cannot take.
pub fn parse(line: &str, defaults: &Defaults) -> Result<Request, Failure> {
    let value: Value = serde_json::from_str(line).map_err(|e| {
        Failure::new(
            None,
            None,
            format!("could not parse input line as JSON: {e}"),
        )
    })?;
    let Value::Object(map) = value else {
        return Err(Failure::new(
            None,
            None,
            "request line was valid JSON but not an object",
        ));
    };
    let Some(id) = map.get("id").and_then(Value::as_str).map(str::to_string) else {
        return Err(Failure::new(
            None,
            None,
            "request must have a string \"id\" field",
        ));
    };
    match map.get("action") {
        None => analysis(&id, &map, defaults),
        Some(a) => action(&id, a.as_str(), map.clone()),
    }
}

fn action(id: &str, action: Option<&str>, echo: Map<String, Value>) -> Result<Request, Failure> {
    let fail = |f: &str, m: &str| Failure::new(Some(id), Some(f), m);
    let turns = || -> Result<Option<Vec<usize>>, Failure> {
        match echo.get("turnNumbers") {
            None => Ok(None),
            Some(v) => turn_list(v)
                .map(Some)
                .ok_or_else(|| fail("turnNumbers", "must be an array of non-negative integers")),
        }
    };
    match action {
        Some("query_version") => Ok(Request::Version(echo)),
        Some("clear_cache") => Ok(Request::ClearCache(echo)),
        Some("query_models") => Ok(Request::Models(echo)),
        Some("terminate") => {
            let target = echo
                .get("terminateId")
                .and_then(Value::as_str)
                .ok_or_else(|| fail("terminateId", "terminate needs a string terminateId"))?
                .to_string();
            let turns = turns()?;
            Ok(Request::Terminate {
                echo,
                id: Some(target),
                turns,
            })
        }
        Some("terminate_all") => {
            let turns = turns()?;
            Ok(Request::Terminate {
                echo,
                id: None,
                turns,
            })
        }
        _ => Err(fail(
            "action",
            "'action' must be query_version, query_models, clear_cache, terminate or terminate_all",
        )),
    }
}

fn turn_list(v: &Value) -> Option<Vec<usize>> {
    v.as_array()?
        .iter()
        .map(|t| t.as_u64().and_then(|t| usize::try_from(t).ok()))
        .collect()
}

fn warning(id: &str, field: &str, message: &str) -> Value {
    json!({"id": id, "field": field, "warning": message})
}

fn analysis(id: &str, map: &Map<String, Value>, defaults: &Defaults) -> Result<Request, Failure> {
    let fail = |f: &str, m: String| Failure::new(Some(id), Some(f), m);
    let mut warnings = Vec::new();
    for key in map.keys() {
        if IGNORED.contains(&key.as_str()) {
            warnings.push(warning(id, key, "not supported by hane; ignored"));
        } else if !KNOWN.contains(&key.as_str()) {
            warnings.push(warning(id, key, "unexpected or unused field, a typo?"));
        }
    }
    let size = board_size(map).map_err(|(f, m)| fail(f, m))?;
    let rules_value = map
        .get("rules")
        .ok_or_else(|| fail("rules", "rules are required".into()))?;
    let mut rules = position::parse_rules(rules_value).map_err(|m| fail("rules", m))?;
    if let Some(w) = rules.approximated {
        warnings.push(warning(id, "rules", w));
    }
    if let Some(b) = map.get("whiteHandicapBonus") {
        use crate::rules::ruleset::HandicapBonus;
        let (bonus, full) = match b.as_str() {
            Some("0") => (HandicapBonus::Zero, false),
            Some("N-1") => (HandicapBonus::PerStoneAfterFirst, false),
            Some("N") => (HandicapBonus::PerStoneAfterFirst, true),
            _ => {
                return Err(fail(
                    "whiteHandicapBonus",
                    "must be \"0\", \"N\" or \"N-1\"".into(),
                ));
            }
        };
        rules.rules.handicap_bonus = bonus;
        rules.full_bonus = full;
    }
    let komi = match map.get("komi") {
        None => 7.5,
        Some(v) => v
            .as_f64()
            .filter(|k| k.is_finite() && k.abs() <= 400.0 && (k * 2.0).fract() == 0.0)
            .ok_or_else(|| {
                fail(
                    "komi",
                    "must be an integer or half-integer from -400 to 400".into(),
                )
            })?,
    };
    let stones = |field: &str| -> Result<Vec<(Color, Move)>, Failure> {
        let Some(v) = map.get(field) else {
            return Ok(Vec::new());
        };
        let list = v
            .as_array()
            .ok_or_else(|| fail(field, "must be an array of [player, location] pairs".into()))?;
        list.iter()
            .map(|pair| {
                let (c, loc) = match pair.as_array().map(Vec::as_slice) {
                    Some([c, loc]) => (c, loc),
                    _ => {
                        return Err(fail(
                            field,
                            format!("not a [player, location] pair: {pair}"),
                        ));
                    }
                };
                let color = position::parse_color(c)
                    .ok_or_else(|| fail(field, format!("could not parse player: {c}")))?;
                let mv = loc
                    .as_str()
                    .and_then(|t| position::parse_move(size, t))
                    .ok_or_else(|| fail(field, format!("could not parse board location: {loc}")))?;
                Ok((color, mv))
            })
            .collect()
    };
    if !map.contains_key("moves") {
        return Err(fail(
            "moves",
            "moves are required (an empty array for none)".into(),
        ));
    }
    let moves = stones("moves")?;
    let mut initial = Vec::new();
    for (c, mv) in stones("initialStones")? {
        match mv {
            Move::Play(p) => initial.push((c, p)),
            Move::Pass => return Err(fail("initialStones", "a set-up stone cannot pass".into())),
        }
    }
    let first = match map.get("initialPlayer") {
        Some(v) => position::parse_color(v)
            .ok_or_else(|| fail("initialPlayer", "must be \"B\" or \"W\"".into()))?,
        None => moves.first().map_or(Color::Black, |m| m.0),
    };
    let position =
        Position::new(size, rules, komi, initial, first, moves).map_err(|(f, m)| fail(f, m))?;
    let n_moves = position.moves.len();
    let turns = match map.get("analyzeTurns") {
        None => vec![n_moves],
        Some(v) => {
            let list = turn_list(v).ok_or_else(|| {
                fail(
                    "analyzeTurns",
                    "must be an array of non-negative integers".into(),
                )
            })?;
            if let Some(bad) = list.iter().find(|&&t| t > n_moves) {
                return Err(fail("analyzeTurns", format!("invalid turn number: {bad}")));
            }
            list
        }
    };
    let priority = match map.get("priority") {
        None => 0,
        Some(v) => v
            .as_i64()
            .ok_or_else(|| fail("priority", "must be an integer".into()))?,
    };
    let priorities: Vec<i64> = match map.get("priorities") {
        None => vec![priority; turns.len()],
        Some(v) => v
            .as_array()
            .and_then(|a| a.iter().map(Value::as_i64).collect::<Option<Vec<_>>>())
            .filter(|p| p.len() == turns.len())
            .ok_or_else(|| {
                fail(
                    "priorities",
                    "must be integers, as many as analyzeTurns".into(),
                )
            })?,
    };
    let flag = |k: &str| -> Result<bool, Failure> {
        match map.get(k) {
            None => Ok(false),
            Some(v) => v
                .as_bool()
                .ok_or_else(|| fail(k, "must be true or false".into())),
        }
    };
    let mut max_visits = match map.get("maxVisits") {
        None => defaults.max_visits,
        Some(v) => {
            positive_int(v).ok_or_else(|| fail("maxVisits", "must be a positive integer".into()))?
        }
    };
    let mut max_time = defaults.max_time;
    let mut perspective = Perspective::Black;
    let mut pv_len = match map.get("analysisPVLen") {
        None => PV_LEN,
        Some(v) => positive_int(v)
            .ok_or_else(|| fail("analysisPVLen", "must be a positive integer".into()))?
            .min(1000) as usize,
    };
    if let Some(settings) = map.get("overrideSettings") {
        let settings = settings
            .as_object()
            .ok_or_else(|| fail("overrideSettings", "must be an object".into()))?;
        let mut unknown = Vec::new();
        for (k, v) in settings {
            let bad = |m: &str| fail("overrideSettings", format!("{k}: {m}"));
            match k.as_str() {
                "maxVisits" | "maxPlayouts" => {
                    max_visits = positive_int(v).ok_or_else(|| bad("must be a positive integer"))?
                }
                "maxTime" => {
                    max_time = Some(seconds(v).ok_or_else(|| bad("must be positive seconds"))?)
                }
                "analysisPVLen" => {
                    pv_len = positive_int(v)
                        .ok_or_else(|| bad("must be a positive integer"))?
                        .min(1000) as usize
                }
                "reportAnalysisWinratesAs" => {
                    perspective = match v.as_str().map(str::to_ascii_uppercase).as_deref() {
                        Some("BLACK") => Perspective::Black,
                        Some("WHITE") => Perspective::White,
                        Some("SIDETOMOVE") => Perspective::SideToMove,
                        _ => return Err(bad("must be BLACK, WHITE or SIDETOMOVE")),
                    }
                }
                // Accepted without effect: hane's search adds no noise at
                // the root (see docs/analysis-engine.md).
                "wideRootNoise" => {
                    v.as_f64().ok_or_else(|| bad("must be a number"))?;
                }
                _ => unknown.push(k.as_str()),
            }
        }
        if !unknown.is_empty() {
            warnings.push(warning(
                id,
                "overrideSettings",
                &format!("unknown config params: {}", unknown.join(", ")),
            ));
        }
    }
    let report_every =
        match map.get("reportDuringSearchEvery") {
            None => None,
            Some(v) => Some(seconds(v).ok_or_else(|| {
                fail("reportDuringSearchEvery", "must be positive seconds".into())
            })?),
        };
    let rules_for = |field: &str| move_rules(map.get(field), size).map_err(|m| fail(field, m));
    let avoid = rules_for("avoidMoves")?;
    let allow = rules_for("allowMoves")?;
    for c in [Color::Black, Color::White] {
        if allow.iter().filter(|r| r.color == c).count() > 1 {
            return Err(fail("allowMoves", "at most one entry per player".into()));
        }
    }
    let query = Query {
        id: id.to_string(),
        position,
        max_visits,
        max_time,
        report_every,
        ownership: flag("includeOwnership")?,
        moves_ownership: flag("includeMovesOwnership")?,
        policy: flag("includePolicy")?,
        pv_len,
        avoid,
        allow,
        perspective,
    };
    Ok(Request::Analyze {
        query: Arc::new(query),
        turns: turns.into_iter().zip(priorities).collect(),
        warnings,
    })
}

fn board_size(map: &Map<String, Value>) -> Result<BoardSize, (&'static str, String)> {
    let read = |f: &'static str| {
        map.get(f)
            .and_then(Value::as_u64)
            .filter(|n| (2..=25).contains(n))
            .ok_or((f, "must be an integer from 2 to 25".to_string()))
    };
    let x = read("boardXSize")?;
    let y = read("boardYSize")?;
    if x != y {
        return Err(("boardYSize", "hane plays on square boards only".into()));
    }
    BoardSize::new(x as u32).ok_or(("boardXSize", "must be an integer from 2 to 25".into()))
}

fn positive_int(v: &Value) -> Option<u64> {
    v.as_u64()
        .or_else(|| {
            v.as_f64()
                .filter(|f| f.fract() == 0.0 && *f >= 1.0 && *f < 1e15)
                .map(|f| f as u64)
        })
        .filter(|&n| n >= 1)
}

fn seconds(v: &Value) -> Option<Duration> {
    v.as_f64()
        .filter(|s| s.is_finite() && *s > 0.0)
        .map(|s| Duration::from_secs_f64(s.clamp(0.001, 1e7)))
}

fn move_rules(v: Option<&Value>, size: BoardSize) -> Result<Vec<MoveRule>, String> {
    let Some(v) = v else {
        return Ok(Vec::new());
    };
    let list = v.as_array().ok_or("must be an array of objects")?;
    list.iter()
        .map(|entry| {
            let color = entry
                .get("player")
                .and_then(position::parse_color)
                .ok_or("each entry needs a player, \"B\" or \"W\"")?;
            let moves = entry
                .get("moves")
                .and_then(Value::as_array)
                .ok_or("each entry needs an array of moves")?
                .iter()
                .map(|m| {
                    m.as_str()
                        .and_then(|t| position::parse_move(size, t))
                        .ok_or_else(|| format!("could not parse board location: {m}"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let until_depth = entry
                .get("untilDepth")
                .and_then(positive_int)
                .ok_or("each entry needs a positive integer untilDepth")?;
            Ok(MoveRule {
                color,
                moves,
                until_depth,
            })
        })
        .collect()
}

#[cfg(test)]
#[path = "query_tests.rs"]
mod tests;
