//! GoGui's extensions: the Analyze menu (`gogui-analyze_commands`), the
//! `gfx` drawings of a search (best moves, principal variation, and the
//! live `gogui-gfx:` blocks written to stderr during `genmove`), and the
//! `param` dialog of search parameters (`hane-params`).
//!
//! Pure functions over search results and options; the session runs the
//! searches and applies the parameters. GoGui's formats, from its manual
//! (chapters "Analyze Commands" and "Live Graphics"):
//! - `gfx`: one drawing command per line: `LABEL p text ...`,
//!   `COLOR #rrggbb p ...`, `VAR b p w p ...`, `TEXT text`, and others.
//! - live graphics: a line `gogui-gfx:` on stderr, then drawing commands
//!   up to the next empty line.
//! - `param`: with no argument one `[type] key value` line per parameter
//!   (`[string]`, `[bool]`, `[list/a/b]`); `key value` sets one.

use super::error::GtpError;
use crate::config::{Config, LiveGfx};
use crate::rules::point::move_name;
use crate::rules::{BoardSize, Color, Move, Rules};
use crate::search::{Candidate, SearchResult};

/// GoGui's Analyze menu: `type/label/command`.
pub const ANALYZE_COMMANDS: &[&str] = &[
    "gfx/Best moves/hane-best_moves %m",
    "gfx/Principal variation/hane-pv %m",
    "param/Search parameters/hane-params",
    "dboard/Ownership/hane-ownership",
    "dboard/Policy/hane-policy %m",
    "dboard/Network ownership/hane-raw-ownership",
    "string/Network value/hane-raw-value",
    "plist/Dead stones/final_status_list dead",
    "plist/Seki stones/final_status_list seki",
    "plist/Black territory/final_status_list black_territory",
    "plist/White territory/final_status_list white_territory",
    "string/Final score/final_score",
    "string/Score explained/hane-score",
    "string/Legal moves (rules)/gogui-rules_legal_moves",
];

/// Most candidates labelled on the board.
const MAX_SHOWN: usize = 10;
/// A candidate is shown if it has at least this share of the best one's
/// visits (a handful of visits says little about a move).
const MIN_VISIT_SHARE: u32 = 50;
/// Most threads the `threads` parameter accepts.
pub const MAX_THREADS: usize = 256;
/// Most playouts the `playouts` parameter accepts.
const MAX_PLAYOUTS: u64 = 1_000_000_000;
/// The candidates worth drawing: visited, most visited first, at most
/// [`MAX_SHOWN`], none with less than 1/[`MIN_VISIT_SHARE`] of the best's
/// visits.
fn shown(r: &SearchResult) -> Vec<&Candidate> {
    let best = r.candidates.iter().map(|c| c.visits).max().unwrap_or(0);
    let floor = (best / MIN_VISIT_SHARE).max(1);
    let mut list: Vec<&Candidate> = r.candidates.iter().filter(|c| c.visits >= floor).collect();
    list.sort_by_key(|c| std::cmp::Reverse(c.visits));
    list.truncate(MAX_SHOWN);
    list
}

/// A colour from red (0) through yellow (0.5) to green (1).
pub fn ramp(x: f64) -> String {
    let w = if x.is_finite() {
        x.clamp(0.0, 1.0)
    } else {
        0.5
    };
    let red = (510.0 * (1.0 - w)).min(255.0).round() as u8;
    let green = (510.0 * w).min(255.0).round() as u8;
    format!("#{red:02x}{green:02x}00")
}

fn percent(win_rate: f64) -> String {
    format!("{:.1}%", 100.0 * win_rate)
}

/// The one-line summary of a search for the status bar.
fn summary(size: BoardSize, color: Color, r: &SearchResult) -> String {
    let side = if color == Color::Black { "B" } else { "W" };
    if !r.candidates.iter().any(|c| c.visits > 0) {
        return format!("TEXT {side}: no move searched ({} playouts)", r.playouts);
    }
    // The move played may not be the most visited (green on the board):
    // say so, or the two look contradictory.
    let most = r.candidates.iter().max_by_key(|c| c.visits).map(|c| c.mv);
    let why = match most {
        Some(m) if m != r.best => format!(
            " (its confidence bound beats the most visited, {})",
            move_name(size, m)
        ),
        _ => String::new(),
    };
    format!(
        "TEXT {side} {} {}{why} after {} playouts in {:.2} s",
        move_name(size, r.best),
        percent(r.win_rate),
        r.playouts,
        r.elapsed.as_secs_f64()
    )
}

/// The best-moves drawing: each shown candidate labelled with its win
/// rate for `color` in whole percent and coloured by how much the search
/// looked at it (its visits over the best candidate's: green for the most
/// visited, yellow for half as many, red for few), then a summary.
/// Colouring by visits shows what the search prefers even when the win
/// rates are close together.
pub fn best_moves(size: BoardSize, color: Color, r: &SearchResult) -> String {
    let list = shown(r);
    let most = list.first().map_or(1, |c| c.visits.max(1)) as f64;
    let mut lines: Vec<String> = list
        .iter()
        .map(|c| {
            let share = c.visits as f64 / most;
            format!("COLOR {} {}", ramp(share), move_name(size, c.mv))
        })
        .collect();
    if !list.is_empty() {
        let labels: Vec<String> = list
            .iter()
            .map(|c| {
                format!(
                    "{} {}",
                    move_name(size, c.mv),
                    (100.0 * c.win_rate).round() as i64
                )
            })
            .collect();
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    lines.push(summary(size, color, r));
    lines.join("\n")
}

/// The principal variation as a `VAR` line (colours alternating from
/// `color`, passes as `PASS`), then a summary.
pub fn principal_variation(size: BoardSize, color: Color, r: &SearchResult) -> String {
    let mut lines = Vec::new();
    if !r.pv.is_empty() {
        let mut to_move = color;
        let moves: Vec<String> =
            r.pv.iter()
                .map(|&mv| {
                    let c = if to_move == Color::Black { "b" } else { "w" };
                    to_move = to_move.opponent();
                    match mv {
                        Move::Pass => format!("{c} PASS"),
                        Move::Play(_) => format!("{c} {}", move_name(size, mv)),
                    }
                })
                .collect();
        lines.push(format!("VAR {}", moves.join(" ")));
    }
    lines.push(summary(size, color, r));
    lines.join("\n")
}

/// One live-graphics block for stderr: `gogui-gfx:`, the drawing, and the
/// empty line that ends it. `None` when there is nothing to show.
pub fn live_block(
    mode: LiveGfx,
    size: BoardSize,
    color: Color,
    r: &SearchResult,
) -> Option<String> {
    let body = match mode {
        LiveGfx::Off => return None,
        LiveGfx::BestMoves => best_moves(size, color, r),
        LiveGfx::Pv => principal_variation(size, color, r),
    };
    Some(format!("gogui-gfx:\n{body}\n\n"))
}

/// Written when a genmove ends, so no late drawing of it lingers (GoGui's
/// manual recommends this: stderr and stdout are not ordered).
pub const LIVE_CLEAR: &str = "gogui-gfx:\nCLEAR\n\n";

/// One change asked through `hane-params key value`, validated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamChange {
    /// Search threads.
    Threads(usize),
    /// Fixed playouts per move (`None`: the default).
    Playouts(Option<u64>),
    /// Seconds per move without a time control (`None`: not set).
    TimePerMove(Option<f64>),
    /// Resign threshold.
    ResignThreshold(f64),
    /// Rule set.
    Rules(Rules),
    /// Live graphics during genmove.
    LiveGfx(LiveGfx),
}

/// The parameter keys, in dialog order.
const KEYS: &[&str] = &[
    "threads",
    "playouts",
    "time_per_move",
    "resign_threshold",
    "rules",
    "live_gfx",
];

fn bad(key: &str, what: &str) -> GtpError {
    GtpError::Other(format!("{key} must be {what}"))
}

/// `none` (or `0`) for "not set", else a positive number.
fn unset(value: &str) -> bool {
    value.eq_ignore_ascii_case("none") || value == "0"
}

/// Parses and validates `key value`.
///
/// # Errors
/// An unknown key or a value out of range, with a message for GoGui's
/// error dialog.
pub fn parse_param(key: &str, value: &str) -> Result<ParamChange, GtpError> {
    match key {
        "threads" => value
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_THREADS).contains(n))
            .map(ParamChange::Threads)
            .ok_or_else(|| bad(key, &format!("a whole number from 1 to {MAX_THREADS}"))),
        "playouts" if unset(value) => Ok(ParamChange::Playouts(None)),
        "playouts" => value
            .parse::<u64>()
            .ok()
            .filter(|n| (1..=MAX_PLAYOUTS).contains(n))
            .map(|n| ParamChange::Playouts(Some(n)))
            .ok_or_else(|| {
                bad(
                    key,
                    &format!("none or a whole number from 1 to {MAX_PLAYOUTS}"),
                )
            }),
        "time_per_move" if unset(value) => Ok(ParamChange::TimePerMove(None)),
        "time_per_move" => value
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s > 0.0 && *s <= crate::clock::MAX_SECONDS)
            .map(|s| ParamChange::TimePerMove(Some(s)))
            .ok_or_else(|| bad(key, "none or a number of seconds above 0")),
        "resign_threshold" => value
            .parse::<f64>()
            .ok()
            .filter(|r| (0.0..=1.0).contains(r))
            .map(ParamChange::ResignThreshold)
            .ok_or_else(|| bad(key, "a win rate from 0 to 1 (0: never resign)")),
        "rules" => value
            .parse::<Rules>()
            .map(ParamChange::Rules)
            .map_err(|e| GtpError::Other(e.to_string())),
        "live_gfx" => LiveGfx::parse(value)
            .map(ParamChange::LiveGfx)
            .ok_or_else(|| bad(key, "off, best_moves or pv")),
        _ => Err(GtpError::Other(format!(
            "unknown parameter {key:.40}: use one of {}",
            KEYS.join(", ")
        ))),
    }
}

/// The parameter dialog's lines for the current settings.
pub fn param_lines(config: &Config, rules: Rules) -> String {
    let or_none = |v: Option<String>| v.unwrap_or_else(|| "none".into());
    [
        format!("[string] threads {}", config.threads.max(1)),
        format!(
            "[string] playouts {}",
            or_none(config.playouts.map(|n| n.to_string()))
        ),
        format!(
            "[string] time_per_move {}",
            or_none(config.time_per_move.map(|s| s.to_string()))
        ),
        format!("[string] resign_threshold {}", config.resign_threshold),
        format!("[list/aga/nz] rules {}", rules.name()),
        format!(
            "[list/off/best_moves/pv] live_gfx {}",
            config.live_gfx.name()
        ),
    ]
    .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::command::COMMANDS;
    use crate::rules::diagram::vertex;
    use std::time::Duration;

    #[test]
    fn analyze_commands_name_real_commands_and_types() {
        const TYPES: &[&str] = &[
            "bwboard", "cboard", "dboard", "eplist", "gfx", "hstring", "hpstring", "none", "param",
            "plist", "pspairs", "pstring", "sboard", "string", "var", "varb", "varc", "varp",
            "varpo", "varw",
        ];
        for entry in ANALYZE_COMMANDS {
            let parts: Vec<&str> = entry.splitn(3, '/').collect();
            assert_eq!(parts.len(), 3, "{entry}");
            assert!(TYPES.contains(&parts[0]), "{entry}");
            let name = parts[2].split_whitespace().next().unwrap_or("");
            assert!(COMMANDS.contains(&name), "{entry} names an unknown command");
        }
        for wanted in ["hane-best_moves", "hane-pv", "hane-params", "hane-score"] {
            assert!(
                ANALYZE_COMMANDS.iter().any(|e| e.contains(wanted)),
                "{wanted} not in the menu"
            );
        }
    }

    fn result(size: BoardSize) -> SearchResult {
        let m = |v: &str| Move::Play(vertex(size, v).unwrap());
        let c = |v: &str, visits, win_rate| Candidate {
            mv: m(v),
            visits,
            win_rate,
            prior: 0.1,
            score_lead: 0.0,
            score_stdev: 0.0,
            ownership: Vec::new(),
            pv: vec![m(v)],
        };
        SearchResult {
            best: m("E5"),
            win_rate: 0.613,
            playouts: 1000,
            elapsed: Duration::from_millis(250),
            candidates: vec![
                c("E5", 600, 0.613),
                c("C3", 300, 0.25),
                // Fewer than 1/50 of the best's visits: not drawn.
                c("G7", 11, 0.9),
                c("D4", 0, 0.5),
            ],
            pv: vec![m("E5"), m("C3"), Move::Pass, m("D4")],
            ownership: vec![0.0; size.area()],
            score_lead: 1.5,
            score_stdev: 0.0,
            root_win_rate: 0.5,
        }
    }

    #[test]
    fn colour_ramp_runs_red_yellow_green() {
        assert_eq!(ramp(0.0), "#ff0000");
        assert_eq!(ramp(0.5), "#ffff00");
        assert_eq!(ramp(1.0), "#00ff00");
        assert_eq!(ramp(0.25), "#ff8000");
        assert_eq!(ramp(f64::NAN), "#ffff00");
        assert_eq!(ramp(7.0), "#00ff00");
    }

    #[test]
    fn best_moves_colour_and_label_the_visited_candidates() {
        let s = BoardSize::new(9).unwrap();
        assert_eq!(
            best_moves(s, Color::Black, &result(s)),
            "COLOR #00ff00 E5\n\
             COLOR #ffff00 C3\n\
             LABEL E5 61 C3 25\n\
             TEXT B E5 61.3% after 1000 playouts in 0.25 s"
        );
    }

    /// The move played (by the confidence bound) is not always the most
    /// visited one, which the board colours green: the summary says so.
    #[test]
    fn the_summary_names_a_move_chosen_over_the_most_visited() {
        let s = BoardSize::new(9).unwrap();
        let mut r = result(s);
        r.best = r.candidates[1].mv;
        let text = best_moves(s, Color::Black, &r);
        assert!(text.starts_with("COLOR #00ff00 E5\n"), "{text}");
        assert!(
            text.ends_with("TEXT B C3 61.3% (its confidence bound beats the most visited, E5) after 1000 playouts in 0.25 s"),
            "{text}"
        );
    }

    #[test]
    fn principal_variation_alternates_colours_from_the_side_to_move() {
        let s = BoardSize::new(9).unwrap();
        assert_eq!(
            principal_variation(s, Color::White, &result(s)),
            "VAR w E5 b C3 w PASS b D4\nTEXT W E5 61.3% after 1000 playouts in 0.25 s"
        );
    }

    #[test]
    fn an_empty_search_draws_only_its_summary() {
        let s = BoardSize::new(9).unwrap();
        let mut r = result(s);
        r.candidates.clear();
        r.pv.clear();
        r.playouts = 0;
        let want = "TEXT B: no move searched (0 playouts)";
        assert_eq!(best_moves(s, Color::Black, &r), want);
        assert_eq!(principal_variation(s, Color::Black, &r), want);
    }

    #[test]
    fn live_blocks_end_with_an_empty_line() {
        let s = BoardSize::new(9).unwrap();
        let r = result(s);
        assert_eq!(live_block(LiveGfx::Off, s, Color::Black, &r), None);
        let block = live_block(LiveGfx::Pv, s, Color::Black, &r).unwrap();
        assert!(block.starts_with("gogui-gfx:\nVAR b E5 w C3 "), "{block}");
        assert!(block.ends_with("playouts in 0.25 s\n\n"), "{block}");
        // Exactly one empty line, at the end: the block is not cut short.
        assert_eq!(block.matches("\n\n").count(), 1);
        let block = live_block(LiveGfx::BestMoves, s, Color::Black, &r).unwrap();
        assert!(block.contains("\nLABEL E5 61 C3 25\n"), "{block}");
        assert!(LIVE_CLEAR.ends_with("\n\n"));
    }

    #[test]
    fn params_are_validated() {
        use ParamChange::*;
        assert_eq!(parse_param("threads", "4"), Ok(Threads(4)));
        for bad in ["0", "-1", "257", "2.5", "", "many"] {
            assert!(parse_param("threads", bad).is_err(), "{bad}");
        }
        assert_eq!(parse_param("playouts", "500"), Ok(Playouts(Some(500))));
        assert_eq!(parse_param("playouts", "none"), Ok(Playouts(None)));
        assert_eq!(parse_param("playouts", "0"), Ok(Playouts(None)));
        assert!(parse_param("playouts", "1e3").is_err());
        assert!(parse_param("playouts", "99999999999").is_err());
        assert_eq!(
            parse_param("time_per_move", "2.5"),
            Ok(TimePerMove(Some(2.5)))
        );
        assert_eq!(parse_param("time_per_move", "NONE"), Ok(TimePerMove(None)));
        for bad in ["-1", "nan", "inf", "1e300", "x"] {
            assert!(parse_param("time_per_move", bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_param("resign_threshold", "0"),
            Ok(ResignThreshold(0.0))
        );
        for bad in ["1.5", "-0.1", "nan"] {
            assert!(parse_param("resign_threshold", bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_param("rules", "nz"),
            Ok(Rules(crate::rules::Rules::NEW_ZEALAND))
        );
        assert!(parse_param("rules", "japanese").is_err());
        assert_eq!(
            parse_param("live_gfx", "pv"),
            Ok(LiveGfx(crate::config::LiveGfx::Pv))
        );
        assert!(parse_param("live_gfx", "on").is_err());
        let e = parse_param("komi", "7").unwrap_err().to_string();
        assert!(e.starts_with("unknown parameter komi"), "{e}");
    }

    #[test]
    fn param_lines_are_typed_key_value_pairs() {
        let config = Config {
            threads: 2,
            playouts: Some(3000),
            ..Config::default()
        };
        assert_eq!(
            param_lines(&config, Rules::NEW_ZEALAND),
            "[string] threads 2\n\
             [string] playouts 3000\n\
             [string] time_per_move none\n\
             [string] resign_threshold 0.1\n\
             [list/aga/nz] rules nz\n\
             [list/off/best_moves/pv] live_gfx off"
        );
        // Every value printed parses back as its own key's value.
        for line in param_lines(&config, Rules::AGA).lines() {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(words.len(), 3, "{line}");
            assert!(parse_param(words[1], words[2]).is_ok(), "{line}");
        }
    }
}
