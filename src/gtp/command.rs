//! Typed commands: a [`Request`] becomes a [`Command`] or a [`GtpError`]
//! whose text is the GTP error message. Pure functions, no I/O and no game
//! state; the session gives each command its meaning.

use super::analyze::{AnalyzeArgs, Dialect, parse_args};
use super::args::{
    VertexArg, color_and_vertex, one, parse_color, parse_count, parse_int_in, parse_seconds,
    parse_vertex_arg,
};
use super::error::GtpError;
use super::raw_nn::{Which, parse_which};
use super::request::Request;
use crate::rules::Color;

/// Every command hane answers, in the order `list_commands` prints them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "kgs-genmove_cleanup",
    "undo",
    "showboard",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "final_score",
    "final_status_list",
    "time_settings",
    "time_left",
    "kgs-time_settings",
    "kgs-rules",
    "kata-set-rules",
    "cputime",
    "is_legal",
    "list_stones",
    "captures",
    "loadsgf",
    "printsgf",
    "gogui-interrupt",
    "hane-handicap",
    "hane-score",
    "hane-ownership",
    "hane-policy",
    "hane-raw-ownership",
    "hane-raw-value",
    "gogui-analyze_commands",
    "gogui-rules_legal_moves",
    "gogui-rules_final_result",
    "hane-best_moves",
    "hane-pv",
    "hane-params",
    "lz-analyze",
    "kata-analyze",
    "lz-genmove_analyze",
    "kata-genmove_analyze",
    "kata-raw-nn",
];

/// `final_status_list` statuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Stones that stay on the board.
    Alive,
    /// Stones that would be removed before counting.
    Dead,
    /// Stones alive in seki.
    Seki,
    /// Empty points and dead white stones counted for Black (GNU Go).
    BlackTerritory,
    /// Empty points and dead black stones counted for White (GNU Go).
    WhiteTerritory,
    /// Empty points counted for nobody (GNU Go).
    Dame,
}

/// `loadsgf` stop point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadUntil {
    /// Play moves 1..n-1 (the position before move n).
    MoveNumber(usize),
    /// Stop before the first move at this vertex.
    Vertex(usize, usize),
}

/// `kgs-time_settings` systems.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum KgsTime {
    /// No time limit.
    None,
    /// Main time only.
    Absolute(f64),
    /// Main time, period length, periods.
    ByoYomi(f64, f64, u32),
    /// Main time, block length, stones per block.
    Canadian(f64, f64, u32),
}

/// `hane-handicap` argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapArg {
    /// Report the count in use.
    Show,
    /// Use this count for scoring.
    Set(u32),
    /// Go back to counting placed stones or leading black moves.
    Auto,
}

/// A parsed, typed GTP command.
#[derive(Clone, Debug, PartialEq)]
#[allow(missing_docs)]
pub enum Command {
    ProtocolVersion,
    Name,
    Version,
    KnownCommand(String),
    ListCommands,
    Quit,
    Boardsize(u32),
    ClearBoard,
    Komi(f64),
    Play(Color, VertexArg),
    Genmove(Color),
    /// `kgs-genmove_cleanup`: genmove that captures dead stones before passing.
    GenmoveCleanup(Color),
    RegGenmove(Color),
    Undo,
    Showboard,
    FixedHandicap(u32),
    PlaceFreeHandicap(u32),
    SetFreeHandicap(Vec<VertexArg>),
    FinalScore,
    FinalStatusList(Status),
    TimeSettings(f64, f64, u32),
    TimeLeft(Color, f64, u32),
    KgsTimeSettings(KgsTime),
    KgsRules(String),
    KataSetRules(String),
    Cputime,
    IsLegal(Color, VertexArg),
    ListStones(Color),
    Captures(Color),
    LoadSgf(String, Option<LoadUntil>),
    PrintSgf(Option<String>),
    GoguiInterrupt,
    Handicap(HandicapArg),
    Score,
    /// `hane-ownership`: the dead-stone analysis's ownership map.
    Ownership,
    /// `hane-policy [color]`: the move-prediction model's probability of
    /// each point, as a GoGui `dboard`.
    Policy(Option<Color>),
    /// `hane-raw-ownership`: the network's ownership head, a GoGui
    /// `dboard` (+1 Black).
    RawOwnership,
    /// `hane-raw-value`: the network's value and score heads in words.
    RawValue,
    /// `kata-raw-nn [color] SYMMETRY`: the network's raw evaluation in
    /// KataGo's format.
    RawNn(Option<Color>, Which),
    /// `gogui-analyze_commands`: the displays GoGui offers.
    GoguiAnalyzeCommands,
    /// `gogui-rules_legal_moves`: every legal move of the side to move.
    RulesLegalMoves,
    /// `gogui-rules_final_result`: the result with its explanation.
    RulesFinalResult,
    /// `hane-best_moves [color]`: a short search, drawn as GoGui gfx
    /// (win rates on the candidates).
    BestMovesGfx(Option<Color>),
    /// `hane-pv [color]`: a short search's principal variation as GoGui gfx.
    PvGfx(Option<Color>),
    /// `hane-params [key value]`: GoGui's parameter dialog (list, or set one).
    Params(Option<(String, String)>),
    /// `lz-analyze` / `kata-analyze`: streams until new input arrives.
    Analyze(Dialect, AnalyzeArgs),
    /// `lz-genmove_analyze` / `kata-genmove_analyze`: streams, then plays.
    GenmoveAnalyze(Dialect, AnalyzeArgs),
}

impl Command {
    /// True for commands that write their answer progressively.
    pub fn streams(&self) -> bool {
        matches!(self, Command::Analyze(..) | Command::GenmoveAnalyze(..))
    }
}

/// Turns a request into a typed command.
///
/// # Errors
/// `unknown command` for a name hane does not implement, otherwise the
/// argument error the GTP spec names.
pub fn parse_command(req: &Request) -> Result<Command, GtpError> {
    let a = req.args.as_slice();
    let none = |c: Command| {
        if a.is_empty() {
            Ok(c)
        } else {
            Err(GtpError::Syntax)
        }
    };
    match req.name.as_str() {
        "protocol_version" => none(Command::ProtocolVersion),
        "name" => none(Command::Name),
        "version" => none(Command::Version),
        "known_command" => Ok(Command::KnownCommand(one(a)?.to_string())),
        "list_commands" => none(Command::ListCommands),
        "quit" => Ok(Command::Quit),
        "boardsize" => match parse_int_in(one(a)?)? {
            Some(n) => Ok(Command::Boardsize(n)),
            None => Err(GtpError::UnacceptableSize),
        },
        "clear_board" => none(Command::ClearBoard),
        "komi" => {
            let k: f64 = one(a)?.parse().map_err(|_| GtpError::Syntax)?;
            if k.is_finite() {
                Ok(Command::Komi(k))
            } else {
                Err(GtpError::Syntax)
            }
        }
        "play" => color_and_vertex(a).map(|(c, v)| Command::Play(c, v)),
        "genmove" => Ok(Command::Genmove(parse_color(one(a)?)?)),
        "reg_genmove" => Ok(Command::RegGenmove(parse_color(one(a)?)?)),
        "kgs-genmove_cleanup" => Ok(Command::GenmoveCleanup(parse_color(one(a)?)?)),
        "undo" => none(Command::Undo),
        "showboard" => none(Command::Showboard),
        "fixed_handicap" | "place_free_handicap" => {
            let n = parse_int_in(one(a)?)?.ok_or(GtpError::InvalidHandicap)?;
            Ok(if req.name == "fixed_handicap" {
                Command::FixedHandicap(n)
            } else {
                Command::PlaceFreeHandicap(n)
            })
        }
        "set_free_handicap" => a
            .iter()
            .map(|v| match parse_vertex_arg(v) {
                Ok(VertexArg::Pass) | Err(_) => Err(GtpError::BadVertexList),
                Ok(at) => Ok(at),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Command::SetFreeHandicap),
        "final_score" => none(Command::FinalScore),
        "final_status_list" => match one(a)?.to_ascii_lowercase().as_str() {
            "alive" => Ok(Command::FinalStatusList(Status::Alive)),
            "dead" => Ok(Command::FinalStatusList(Status::Dead)),
            "seki" => Ok(Command::FinalStatusList(Status::Seki)),
            "black_territory" => Ok(Command::FinalStatusList(Status::BlackTerritory)),
            "white_territory" => Ok(Command::FinalStatusList(Status::WhiteTerritory)),
            "dame" => Ok(Command::FinalStatusList(Status::Dame)),
            _ => Err(GtpError::Syntax),
        },
        "time_settings" => match a {
            [m, b, s] => Ok(Command::TimeSettings(
                parse_seconds(m)?,
                parse_seconds(b)?,
                parse_count(s)?,
            )),
            _ => Err(GtpError::Syntax),
        },
        "time_left" => match a {
            [c, t, s] => Ok(Command::TimeLeft(
                parse_color(c)?,
                parse_seconds(t)?,
                parse_count(s)?,
            )),
            _ => Err(GtpError::Syntax),
        },
        "kgs-time_settings" => parse_kgs_time(a).map(Command::KgsTimeSettings),
        "kgs-rules" => Ok(Command::KgsRules(one(a)?.to_string())),
        "kata-set-rules" => Ok(Command::KataSetRules(one(a)?.to_string())),
        "cputime" => none(Command::Cputime),
        "is_legal" => color_and_vertex(a).map(|(c, v)| Command::IsLegal(c, v)),
        "list_stones" => Ok(Command::ListStones(parse_color(one(a)?)?)),
        "captures" => Ok(Command::Captures(parse_color(one(a)?)?)),
        "loadsgf" => match a {
            [file] => Ok(Command::LoadSgf(file.clone(), None)),
            [file, at] => {
                let until = if at.bytes().all(|b| b.is_ascii_digit()) {
                    LoadUntil::MoveNumber(at.parse().unwrap_or(usize::MAX))
                } else {
                    match parse_vertex_arg(at)? {
                        VertexArg::At(x, y) => LoadUntil::Vertex(x, y),
                        VertexArg::Pass => return Err(GtpError::Syntax),
                    }
                };
                Ok(Command::LoadSgf(file.clone(), Some(until)))
            }
            _ => Err(GtpError::Syntax),
        },
        "printsgf" => match a {
            [] => Ok(Command::PrintSgf(None)),
            [file] => Ok(Command::PrintSgf(Some(file.clone()))),
            _ => Err(GtpError::Syntax),
        },
        "gogui-interrupt" => none(Command::GoguiInterrupt),
        "hane-handicap" => match a {
            [] => Ok(Command::Handicap(HandicapArg::Show)),
            [x] if x.eq_ignore_ascii_case("auto") => Ok(Command::Handicap(HandicapArg::Auto)),
            [x] => parse_int_in(x)?
                .map(|n| Command::Handicap(HandicapArg::Set(n)))
                .ok_or(GtpError::InvalidHandicap),
            _ => Err(GtpError::Syntax),
        },
        "hane-score" => none(Command::Score),
        "hane-ownership" => none(Command::Ownership),
        "hane-policy" => match a {
            [] => Ok(Command::Policy(None)),
            [c] => Ok(Command::Policy(Some(parse_color(c)?))),
            _ => Err(GtpError::Syntax),
        },
        "hane-raw-ownership" => none(Command::RawOwnership),
        "hane-raw-value" => none(Command::RawValue),
        "kata-raw-nn" => {
            let (color, sym) = match a {
                [s] => (None, s),
                [c, s] => (Some(parse_color(c)?), s),
                _ => return Err(GtpError::Syntax),
            };
            let which = parse_which(sym).ok_or(GtpError::Syntax)?;
            Ok(Command::RawNn(color, which))
        }
        "gogui-analyze_commands" => none(Command::GoguiAnalyzeCommands),
        "gogui-rules_legal_moves" => none(Command::RulesLegalMoves),
        "gogui-rules_final_result" => none(Command::RulesFinalResult),
        "hane-best_moves" | "hane-pv" => {
            let color = match a {
                [] => None,
                [c] => Some(parse_color(c)?),
                _ => return Err(GtpError::Syntax),
            };
            Ok(if req.name == "hane-pv" {
                Command::PvGfx(color)
            } else {
                Command::BestMovesGfx(color)
            })
        }
        "hane-params" => match a {
            [] => Ok(Command::Params(None)),
            [k, v] => Ok(Command::Params(Some((k.clone(), v.clone())))),
            _ => Err(GtpError::Syntax),
        },
        "lz-analyze" => Ok(Command::Analyze(Dialect::Lz, parse_args(a)?)),
        "kata-analyze" => Ok(Command::Analyze(Dialect::Kata, parse_args(a)?)),
        "lz-genmove_analyze" => Ok(Command::GenmoveAnalyze(Dialect::Lz, parse_args(a)?)),
        "kata-genmove_analyze" => Ok(Command::GenmoveAnalyze(Dialect::Kata, parse_args(a)?)),
        _ => Err(GtpError::UnknownCommand),
    }
}

fn parse_kgs_time(a: &[String]) -> Result<KgsTime, GtpError> {
    let (kind, rest) = a.split_first().ok_or(GtpError::Syntax)?;
    match (kind.to_ascii_lowercase().as_str(), rest) {
        ("none", []) => Ok(KgsTime::None),
        ("absolute", [m]) => Ok(KgsTime::Absolute(parse_seconds(m)?)),
        ("byoyomi", [m, p, n]) => Ok(KgsTime::ByoYomi(
            parse_seconds(m)?,
            parse_seconds(p)?,
            parse_count(n)?,
        )),
        ("canadian", [m, p, n]) => Ok(KgsTime::Canadian(
            parse_seconds(m)?,
            parse_seconds(p)?,
            parse_count(n)?,
        )),
        _ => Err(GtpError::Syntax),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::request::{parse_request, preprocess};

    fn cmd(line: &str) -> Result<Command, GtpError> {
        parse_command(&parse_request(
            &preprocess(line.as_bytes()).expect("non-empty line"),
        ))
    }

    #[test]
    fn colours_and_vertices_in_any_case() {
        assert_eq!(
            cmd("play B D4"),
            Ok(Command::Play(Color::Black, VertexArg::At(3, 3)))
        );
        assert_eq!(
            cmd("play white pass"),
            Ok(Command::Play(Color::White, VertexArg::Pass))
        );
        assert_eq!(
            cmd("play W PASS"),
            Ok(Command::Play(Color::White, VertexArg::Pass))
        );
        assert_eq!(cmd("play x d4"), Err(GtpError::Syntax));
        assert_eq!(cmd("play b i4"), Err(GtpError::Syntax));
        assert_eq!(cmd("play b"), Err(GtpError::Syntax));
        assert_eq!(cmd("genmove"), Err(GtpError::Syntax));
    }

    #[test]
    fn numbers_are_checked() {
        assert_eq!(cmd("boardsize 19"), Ok(Command::Boardsize(19)));
        assert_eq!(
            cmd("boardsize 99999999999999999999"),
            Err(GtpError::UnacceptableSize)
        );
        assert_eq!(cmd("boardsize -3"), Err(GtpError::UnacceptableSize));
        assert_eq!(cmd("boardsize abc"), Err(GtpError::Syntax));
        assert_eq!(cmd("komi -3.5"), Ok(Command::Komi(-3.5)));
        assert_eq!(cmd("komi 7"), Ok(Command::Komi(7.0)));
        for bad in ["komi nan", "komi inf", "komi 1e400", "komi", "komi 1 2"] {
            assert_eq!(cmd(bad), Err(GtpError::Syntax), "{bad}");
        }
        assert_eq!(cmd("time_left b -5 0"), Err(GtpError::Syntax));
        assert_eq!(
            cmd("time_left b 1e300 0"),
            Ok(Command::TimeLeft(
                Color::Black,
                crate::clock::MAX_SECONDS,
                0
            ))
        );
        assert_eq!(
            cmd("kgs-time_settings canadian 0 10 5"),
            Ok(Command::KgsTimeSettings(KgsTime::Canadian(0.0, 10.0, 5)))
        );
        assert_eq!(cmd("kgs-time_settings byoyomi 1"), Err(GtpError::Syntax));
    }

    #[test]
    fn unknown_names_and_list_consistency() {
        assert_eq!(cmd("frobnicate"), Err(GtpError::UnknownCommand));
        // Every listed command parses as something other than "unknown".
        for name in COMMANDS {
            let r = Request {
                id: None,
                name: name.to_string(),
                args: vec![],
            };
            assert_ne!(parse_command(&r), Err(GtpError::UnknownCommand), "{name}");
        }
    }

    #[test]
    fn gogui_commands_take_an_optional_colour_or_a_key_and_value() {
        assert_eq!(cmd("hane-best_moves"), Ok(Command::BestMovesGfx(None)));
        assert_eq!(cmd("hane-policy"), Ok(Command::Policy(None)));
        assert_eq!(
            cmd("hane-policy b"),
            Ok(Command::Policy(Some(Color::Black)))
        );
        assert!(cmd("hane-policy b w").is_err());
        assert!(cmd("hane-policy x").is_err());
        assert_eq!(cmd("hane-pv W"), Ok(Command::PvGfx(Some(Color::White))));
        assert_eq!(cmd("hane-pv x"), Err(GtpError::Syntax));
        assert_eq!(cmd("hane-best_moves b w"), Err(GtpError::Syntax));
        assert_eq!(cmd("hane-params"), Ok(Command::Params(None)));
        assert_eq!(
            cmd("hane-params threads 2"),
            Ok(Command::Params(Some(("threads".into(), "2".into()))))
        );
        assert_eq!(cmd("hane-params threads"), Err(GtpError::Syntax));
        assert_eq!(cmd("hane-params a b c"), Err(GtpError::Syntax));
    }

    #[test]
    fn kata_raw_nn_takes_an_optional_colour_and_a_symmetry() {
        use crate::knowledge::net::symmetry::Symmetry;
        let one = |k| Which::One(Symmetry::new(k).unwrap());
        assert_eq!(cmd("kata-raw-nn 0"), Ok(Command::RawNn(None, one(0))));
        assert_eq!(cmd("kata-raw-nn 7"), Ok(Command::RawNn(None, one(7))));
        assert_eq!(cmd("kata-raw-nn all"), Ok(Command::RawNn(None, Which::All)));
        assert_eq!(
            cmd("kata-raw-nn b 3"),
            Ok(Command::RawNn(Some(Color::Black), one(3)))
        );
        assert_eq!(
            cmd("kata-raw-nn WHITE all"),
            Ok(Command::RawNn(Some(Color::White), Which::All))
        );
        for bad in [
            "kata-raw-nn",
            "kata-raw-nn 8",
            "kata-raw-nn -1",
            "kata-raw-nn x 0",
            "kata-raw-nn 0 0",
            "kata-raw-nn 0 b",
            "kata-raw-nn b",
            "kata-raw-nn b 0 0.5",
            "kata-raw-nn b w 0",
        ] {
            assert_eq!(cmd(bad), Err(GtpError::Syntax), "{bad}");
        }
        assert_eq!(cmd("hane-raw-ownership"), Ok(Command::RawOwnership));
        assert_eq!(cmd("hane-raw-value"), Ok(Command::RawValue));
        assert_eq!(cmd("hane-raw-value b"), Err(GtpError::Syntax));
    }

    #[test]
    fn free_handicap_lists_refuse_pass_and_garbage() {
        assert_eq!(
            cmd("set_free_handicap D4 pass"),
            Err(GtpError::BadVertexList)
        );
        assert_eq!(
            cmd("set_free_handicap D4 Q99"),
            Err(GtpError::BadVertexList)
        );
        assert_eq!(
            cmd("fixed_handicap 99999999999"),
            Err(GtpError::InvalidHandicap)
        );
    }
}
