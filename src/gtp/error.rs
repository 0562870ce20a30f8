//! GTP failures: each variant's text is the message after `?`, in the
//! words of the GTP v2 specification where it has one.

use std::fmt;

/// A failure, with the text that goes after `?`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GtpError {
    /// The command name is not one hane knows.
    UnknownCommand,
    /// Arguments missing or malformed.
    Syntax,
    /// The move is not legal (off board, occupied, suicide, ko, superko).
    IllegalMove,
    /// Nothing to undo.
    CannotUndo,
    /// Board size outside 2..=25.
    UnacceptableSize,
    /// Handicap count not allowed.
    InvalidHandicap,
    /// Handicap on a board that has stones or moves.
    BoardNotEmpty,
    /// Bad `set_free_handicap` list.
    BadVertexList,
    /// Any other failure, with its explanation.
    Other(String),
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GtpError::UnknownCommand => "unknown command",
            GtpError::Syntax => "syntax error",
            GtpError::IllegalMove => "illegal move",
            GtpError::CannotUndo => "cannot undo",
            GtpError::UnacceptableSize => "unacceptable size",
            GtpError::InvalidHandicap => "invalid handicap",
            GtpError::BoardNotEmpty => "board not empty",
            GtpError::BadVertexList => "bad vertex list",
            GtpError::Other(s) => s,
        })
    }
}

impl std::error::Error for GtpError {}
