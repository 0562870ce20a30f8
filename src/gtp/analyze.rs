//! The Leela Zero / KataGo analysis commands: argument parsing and the
//! `info` line formats Sabaki and Lizzie parse (pure functions).
//!
//! `lz-analyze` prints integer win rates and priors in 0..10000,
//! `kata-analyze` floats in 0..1 plus `scoreLead`, and optionally the
//! ownership map after the last `pv`. Every update is one line with all
//! candidates, each `pv` last in its segment.

use super::args::parse_color;
use super::error::GtpError;
use crate::rules::point::move_name;
use crate::rules::{BoardSize, Color, Move};
use crate::search::SearchResult;
use std::time::Duration;

/// Which dialect to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Leela Zero: integers in ten-thousandths.
    Lz,
    /// KataGo: floats, score lead, ownership.
    Kata,
}

/// Parsed analysis arguments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnalyzeArgs {
    /// The side analysed (`None`: the side to move).
    pub color: Option<Color>,
    /// Time between `info` lines.
    pub interval: Duration,
    /// Report at least this many candidates (unvisited ones by prior).
    pub min_moves: usize,
    /// Report at most this many candidates.
    pub max_moves: usize,
    /// Append the ownership map (KataGo dialect).
    pub ownership: bool,
}

/// Interval used when the controller gives none, in centiseconds.
const DEFAULT_INTERVAL_CS: u64 = 100;
/// Shortest interval honoured (10 ms): faster updates only cost time.
const MIN_INTERVAL_CS: u64 = 1;

fn number(s: &str) -> Result<u64, GtpError> {
    s.parse::<u64>().map_err(|_| GtpError::Syntax)
}

/// Parses `[color] [interval] [interval N] [minmoves N] [maxmoves N]
/// [ownership true|false]`; the interval is in centiseconds.
pub fn parse_args(args: &[String]) -> Result<AnalyzeArgs, GtpError> {
    let mut rest = args;
    let mut out = AnalyzeArgs {
        color: None,
        interval: Duration::from_millis(10 * DEFAULT_INTERVAL_CS),
        min_moves: 0,
        max_moves: usize::MAX,
        ownership: false,
    };
    if let Some((first, tail)) = rest.split_first()
        && let Ok(c) = parse_color(first)
    {
        out.color = Some(c);
        rest = tail;
    }
    let set_interval = |cs: u64, out: &mut AnalyzeArgs| {
        out.interval = Duration::from_millis(10 * cs.clamp(MIN_INTERVAL_CS, 360_000));
    };
    if let Some((first, tail)) = rest.split_first()
        && first.bytes().all(|b| b.is_ascii_digit())
    {
        set_interval(number(first)?, &mut out);
        rest = tail;
    }
    while let Some((key, tail)) = rest.split_first() {
        let Some((value, tail)) = tail.split_first() else {
            return Err(GtpError::Syntax);
        };
        match key.as_str() {
            "interval" => set_interval(number(value)?, &mut out),
            "minmoves" => out.min_moves = number(value)?.min(1000) as usize,
            "maxmoves" => out.max_moves = number(value)?.max(1) as usize,
            "ownership" => {
                out.ownership = match value.as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(GtpError::Syntax),
                }
            }
            _ => return Err(GtpError::Syntax),
        }
        rest = tail;
    }
    Ok(out)
}

fn pv_text(size: BoardSize, pv: &[Move]) -> String {
    pv.iter()
        .take_while(|m| **m != Move::Pass)
        .map(|&m| move_name(size, m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One `info` line with every candidate (and the ownership map if asked).
/// Values are from the analysed side's point of view.
pub fn info_line(
    dialect: Dialect,
    size: BoardSize,
    color: Color,
    args: &AnalyzeArgs,
    r: &SearchResult,
) -> String {
    let visited = r.candidates.iter().filter(|c| c.visits > 0).count();
    let shown = visited
        .max(args.min_moves)
        .min(args.max_moves)
        .min(r.candidates.len());
    // Candidates come sorted by visits; unvisited ones follow by prior.
    let mut list: Vec<_> = r.candidates.iter().collect();
    list[visited..].sort_by(|a, b| b.prior.total_cmp(&a.prior));
    let mut segments = Vec::with_capacity(shown);
    for (order, c) in list.iter().take(shown).enumerate() {
        let mv = move_name(size, c.mv);
        let low = c.lower_bound(1.96);
        let mut pv = pv_text(size, &c.pv);
        if pv.is_empty() {
            pv = mv.clone();
        }
        segments.push(match dialect {
            Dialect::Lz => format!(
                "info move {mv} visits {} winrate {} prior {} lcb {} order {order} pv {pv}",
                c.visits,
                (c.win_rate * 10000.0).round() as i64,
                (c.prior * 10000.0).round() as i64,
                (low * 10000.0).round() as i64,
            ),
            Dialect::Kata => format!(
                "info move {mv} visits {} winrate {:.6} scoreMean {:.3} scoreLead {:.3} prior {:.6} lcb {:.6} order {order} pv {pv}",
                c.visits, c.win_rate, c.score_lead, c.score_lead, c.prior, low,
            ),
        });
    }
    let mut line = segments.join(" ");
    if dialect == Dialect::Kata && args.ownership {
        line.push_str(" ownership");
        line.push_str(&ownership_text(size, color, &r.ownership));
    }
    line
}

/// Ownership as KataGo prints it: row by row from the top-left point,
/// positive for the analysed side.
fn ownership_text(size: BoardSize, color: Color, own: &[f32]) -> String {
    let n = size.get();
    let mut out = String::with_capacity(8 * n * n);
    for y in (0..n).rev() {
        for x in 0..n {
            let v = color.relative(own.get(y * n + x).copied().unwrap_or(0.0));
            out.push_str(&format!(" {:.4}", v.clamp(-1.0, 1.0)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::vertex;
    use crate::search::Candidate;

    fn args(s: &str) -> Result<AnalyzeArgs, GtpError> {
        parse_args(&s.split_whitespace().map(str::to_string).collect::<Vec<_>>())
    }

    #[test]
    fn arguments_in_both_dialects() {
        let a = args("B 50").unwrap();
        assert_eq!(
            (a.color, a.interval),
            (Some(Color::Black), Duration::from_millis(500))
        );
        let a = args("50").unwrap();
        assert_eq!((a.color, a.interval), (None, Duration::from_millis(500)));
        let a = args("w interval 10 minmoves 3 maxmoves 5 ownership true").unwrap();
        assert_eq!(
            (a.color, a.interval, a.min_moves, a.max_moves, a.ownership),
            (Some(Color::White), Duration::from_millis(100), 3, 5, true)
        );
        assert_eq!(args("").unwrap().color, None);
        assert!(args("B 50 ownership maybe").is_err());
        assert!(args("B 50 avoid").is_err());
        assert!(args("B 50 bogus 1").is_err());
    }

    fn result() -> SearchResult {
        let s = BoardSize::new(9).unwrap();
        let m = |v: &str| Move::Play(vertex(s, v).unwrap());
        let c = |v: &str, visits, win_rate, prior, pv: &[&str]| Candidate {
            mv: m(v),
            visits,
            win_rate,
            prior,
            score_lead: 2.5,
            score_stdev: 0.0,
            ownership: Vec::new(),
            pv: pv
                .iter()
                .map(|x| if *x == "pass" { Move::Pass } else { m(x) })
                .collect(),
        };
        SearchResult {
            best: m("E5"),
            win_rate: 0.61,
            playouts: 300,
            elapsed: Duration::from_millis(100),
            candidates: vec![
                c("E5", 200, 0.61, 0.3, &["E5", "C3", "pass", "D4"]),
                c("C3", 100, 0.5, 0.2, &["C3"]),
                c("G7", 0, 0.5, 0.1, &[]),
                c("D4", 0, 0.5, 0.4, &[]),
            ],
            pv: vec![m("E5"), m("C3")],
            ownership: (0..81).map(|i| if i < 9 { 1.0 } else { 0.0 }).collect(),
            score_lead: 2.5,
            score_stdev: 0.0,
            root_win_rate: 0.5,
        }
    }

    #[test]
    fn lz_lines_use_integers_and_cut_the_pv_at_a_pass() {
        let s = BoardSize::new(9).unwrap();
        let line = info_line(
            Dialect::Lz,
            s,
            Color::Black,
            &args("B 10").unwrap(),
            &result(),
        );
        assert_eq!(
            line,
            "info move E5 visits 200 winrate 6100 prior 3000 lcb 5424 order 0 pv E5 C3 \
             info move C3 visits 100 winrate 5000 prior 2000 lcb 4020 order 1 pv C3"
        );
    }

    #[test]
    fn kata_lines_use_floats_minmoves_and_ownership_last() {
        let s = BoardSize::new(9).unwrap();
        let line = info_line(
            Dialect::Kata,
            s,
            Color::White,
            &args("W 10 minmoves 3 ownership true").unwrap(),
            &result(),
        );
        let segments: Vec<&str> = line.split("info ").filter(|x| !x.is_empty()).collect();
        assert_eq!(segments.len(), 3);
        assert!(segments[0].starts_with(
            "move E5 visits 200 winrate 0.610000 scoreMean 2.500 scoreLead 2.500 prior 0.300000"
        ));
        // The unvisited candidate with the higher prior comes first.
        assert!(
            segments[2].starts_with("move D4 visits 0"),
            "{}",
            segments[2]
        );
        let own: Vec<f32> = line
            .split(" ownership ")
            .nth(1)
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(own.len(), 81);
        // Row 1 (the last printed row) is Black's: negative for White.
        assert!(own[72..].iter().all(|&v| v == -1.0));
        assert!(own[..72].iter().all(|&v| v == 0.0));
        // The map comes after the last candidate's pv.
        assert!(line.contains(" pv D4 ownership "), "{line:.400}");
    }
}
