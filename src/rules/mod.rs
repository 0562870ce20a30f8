//! The rules core: board mechanics, rule sets, game history and counting.
//!
//! Depends on nothing else in the crate and never does I/O. [`Board`] is the
//! fast incremental board the search clones; [`Game`] adds history,
//! situational superko, handicap, pass stones and scoring, and is the only
//! checked way to change a position.

pub mod board;
pub mod color;
pub mod diagram;
pub mod game;
pub mod handicap;
pub mod point;
pub mod ruleset;
pub mod score;
pub mod zobrist;

pub use board::{Board, Cell, IllegalMove};
pub use color::{ByColor, Color};
pub use game::{CannotUndo, Game, HandicapError, HandicapSource, ScoreReport};
pub use point::{BoardSize, Move, Point};
pub use ruleset::Rules;
pub use score::Score;

#[cfg(test)]
mod tests;
