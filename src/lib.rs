//! hane: a Go engine speaking GTP v2.
//!
//! Crate map (dependencies point downwards only):
//! - [`gtp`]: the protocol — parsing, framing, the session that owns the
//!   game; the only code that reads stdin or writes stdout.
//! - [`player`]: move generators behind the [`player::Player`] trait.
//! - [`sgf`]: loading and writing SGF game records.
//! - [`sgf_file`]: opening SGF files safely (regular files only, size cap).
//! - [`clock`]: time controls and time left (plain data).
//! - [`stop`]: the interrupt check long computations poll.
//! - [`rules`]: board, rule sets, game history, superko, handicap, scoring.
//! - [`config`]: options from the command line, passed down by value.
//! - [`bench`]: the `hane bench` measurements.
//!
//! A `genmove` flows one way: `gtp` parses the line, the session asks the
//! player for a move given `&Game`, then the session alone plays it.

pub mod bench;
pub mod clock;
pub mod config;
pub mod endgame;
pub mod gtp;
pub mod knowledge;
pub mod player;
pub mod rules;
pub mod search;
pub mod sgf;
pub mod sgf_file;
pub mod stop;
