//! hane: a Go engine speaking GTP v2.
//!
//! Crate map (dependencies point downwards only):
//! - [`rules`]: board, rule sets, game history, superko, handicap, scoring.
//! - [`player`]: move generators behind the [`player::Player`] trait.
//! - [`gtp`]: the protocol — parsing, framing, the session that owns the
//!   game; the only code that reads stdin or writes stdout.
//! - [`config`]: options from the command line, passed down by value.
//!
//! A `genmove` flows one way: `gtp` parses the line, the session asks the
//! player for a move given `&Game`, then the session alone plays it.

pub mod config;
pub mod gtp;
pub mod player;
pub mod rules;
