//! The lab: the commands that build and measure what the engine ships,
//! and nothing the engine needs to play. A reader of the engine never
//! opens this folder; the engine builds without it
//! (`cargo build --no-default-features`, which `scripts/test` checks).
//!
//! - [`train`]: `hane train` (the move-prediction model by
//!   minorization–maximization), `hane train-owner` (the priors'
//!   ownership gammas), `hane train-net` (the network), `hane predict`
//!   (their accuracy on game records), `hane book` (the 9x9 opening book)
//!   and `hane balance` (the playouts' forecasts of game results, and the
//!   fit of the playout weights to them).
//! - [`life`]: `hane life`, how well the heavy playouts judge life and
//!   death against a referee's calls.
//! - [`commands`]: those commands' options (clap) and how each runs.
//!
//! The lab uses the engine's modules; no engine module uses the lab.

pub mod commands;
pub mod life;
pub mod train;
