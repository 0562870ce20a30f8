//! hane: a Go engine speaking GTP v2.
//!
//! Crate map, from the bottom up: each module depends only on modules
//! listed before it.
//! - [`rules`]: board, rule sets, game history, superko, handicap, scoring,
//!   diagrams. Depends on nothing else in the crate; no I/O.
//! - [`clock`]: time controls and time left (plain data); [`stop`]: the
//!   interrupt check long computations poll; [`prefetch`]: a cache hint
//!   for the large tables the playouts read.
//! - [`knowledge`]: what a move looks like (captures, ladders, shapes), the
//!   move-prediction model learned from 9-dan games, and the tree priors
//!   and playout weights built from it.
//! - [`search`]: Monte Carlo tree search over one shared tree, playouts,
//!   the time budget of a move.
//! - [`endgame`]: dead stones, seki and territory (Benson's proof, sure
//!   captures, playout ownership) behind `final_score` and passing.
//! - [`player`]: move generators behind the [`player::Player`] trait (the
//!   MCTS player with its pass and resign policy, the random player), free
//!   handicap placement, the budget of a move without a clock.
//! - [`sgf`], [`sgf_file`]: reading and writing SGF game records, and
//!   opening such files safely (regular files only, size cap).
//! - [`config`]: options from the command line, passed down by value.
//! - [`gtp`]: the protocol — parsing, framing, the session that owns the
//!   game and gives each command its meaning; the only code that reads
//!   stdin or writes stdout.
//! - [`analysis`]: `hane analysis`, KataGo's JSON analysis protocol (for
//!   KaTrain): queries on stdin, answers on stdout, searches on the shared
//!   search threads; it reads and writes only through what [`analysis::serve`]
//!   is given.
//! - [`bench`]: the `hane bench` measurements.
//! - `lab` (the `lab` feature, on by default): what builds and measures
//!   the engine's knowledge and never plays — training, the opening book,
//!   simulation balancing, `hane life` — and those commands' options. No
//!   engine module uses it.
//!
//! A `genmove` flows one way: `gtp` parses the line, the session asks the
//! player for a move given `&Game`, the player searches, then the session
//! alone plays the move on the game. `docs/architecture.md` follows one
//! `genmove` through every file.

#![warn(missing_docs, unreachable_pub)]

pub mod analysis;
pub mod bench;
pub mod clock;
pub mod config;
pub mod endgame;
pub mod gtp;
pub mod knowledge;
#[cfg(feature = "lab")]
pub mod lab;
pub mod player;
pub mod prefetch;
pub mod rules;
pub mod search;
pub mod sgf;
pub mod sgf_file;
pub mod stop;
