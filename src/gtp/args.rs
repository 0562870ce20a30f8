//! The lexical forms of GTP arguments: colours, vertices, counts and
//! seconds, checked for syntax only (never against a board size).

use super::error::GtpError;
use crate::rules::Color;
use crate::rules::point::parse_vertex;

/// A vertex argument before it is checked against the board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VertexArg {
    /// `pass`.
    Pass,
    /// Column and row from the bottom-left corner (0-based).
    At(usize, usize),
}

/// The only argument.
pub(super) fn one(args: &[String]) -> Result<&str, GtpError> {
    match args {
        [a] => Ok(a),
        _ => Err(GtpError::Syntax),
    }
}

/// A colour word: `b`, `black`, `w`, `white`, any case.
pub fn parse_color(s: &str) -> Result<Color, GtpError> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(GtpError::Syntax),
    }
}

/// A vertex or `pass`, any case.
pub fn parse_vertex_arg(s: &str) -> Result<VertexArg, GtpError> {
    if s.eq_ignore_ascii_case("pass") {
        return Ok(VertexArg::Pass);
    }
    parse_vertex(s)
        .map(|(x, y)| VertexArg::At(x, y))
        .ok_or(GtpError::Syntax)
}

/// A non-negative finite number of seconds (clamped to a sane maximum).
pub(super) fn parse_seconds(s: &str) -> Result<f64, GtpError> {
    let v: f64 = s.parse().map_err(|_| GtpError::Syntax)?;
    if !v.is_finite() || v < 0.0 {
        return Err(GtpError::Syntax);
    }
    Ok(v.min(crate::clock::MAX_SECONDS))
}

/// A non-negative integer count (stones, periods).
pub(super) fn parse_count(s: &str) -> Result<u32, GtpError> {
    if !s.bytes().all(|b| b.is_ascii_digit()) || s.is_empty() {
        return Err(GtpError::Syntax);
    }
    // Absurdly large counts are clamped rather than refused.
    Ok(s.parse::<u64>()
        .map_or(u32::MAX, |v| v.min(u32::MAX as u64) as u32))
}

/// An integer that may be out of range: `Ok(None)` when it is an integer
/// too large for u32 or negative, `Err` when it is not an integer at all.
pub(super) fn parse_int_in(s: &str) -> Result<Option<u32>, GtpError> {
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(GtpError::Syntax);
    }
    if s.starts_with('-') {
        return Ok(None);
    }
    Ok(digits.parse::<u32>().ok())
}

/// A colour and a vertex (`play`, `is_legal`).
pub(super) fn color_and_vertex(args: &[String]) -> Result<(Color, VertexArg), GtpError> {
    match args {
        [c, v] => Ok((parse_color(c)?, parse_vertex_arg(v)?)),
        _ => Err(GtpError::Syntax),
    }
}
