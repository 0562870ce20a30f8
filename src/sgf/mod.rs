//! SGF game records: loading the files people have, and writing hane's
//! games. GTP-free: the session turns file names into text and back.
//!
//! Loading reads the main line of the first game tree ([`reader`], lenient
//! about the damage real files show), takes size, komi, handicap and rules
//! from the first node, applies setup stones (`AB`, `AW`, `AE`) and `PL`
//! in whichever node they stand, as GoGui and Sabaki do, and plays the
//! moves under the rules the game is loaded with. What the file says that
//! hane cannot follow (territory rules, an unreadable `HA`) is reported as
//! a note on stderr, never a reason to refuse; a move that is illegal
//! under hane's rules is.
//!
//! `RU` is mapped to hane's rules where one is close (see
//! [`values::rules`]): `Chinese` → AGA, `Tromp-Taylor` and `Ing` → New
//! Zealand, `AGA` and `NZ` → themselves; `Japanese`, `Korean` and unknown
//! rules keep the rules hane is playing.

mod reader;
mod replay;
mod values;
mod writer;

pub use reader::MAX_NODES;
pub use writer::write;

use crate::rules::{Game, Rules};
use std::fmt;

/// Where to stop replaying the main line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Replay everything.
    End,
    /// Stop before move `n` (1-based): moves 1..n-1 are played and the
    /// player of move `n` is to move.
    BeforeMove(usize),
    /// Stop before the first move on this point (column, row from the
    /// bottom), with its player to move.
    BeforePoint(usize, usize),
}

/// Why an SGF could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError(pub String);

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SgfError {}

/// A loaded game and the notes on what was skipped, mapped or ignored.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The game at the end of the main line.
    pub game: Game,
    /// What was skipped, mapped or ignored, one line each.
    pub notes: Vec<String>,
}

/// Builds a game from SGF text up to `stop`. `rules` and `komi` are those
/// hane is playing: they stand where the file says nothing usable.
///
/// # Errors
/// Text that is no SGF game tree or is cut inside a value, a game other
/// than Go, an unsupported or unreadable board size, a move or setup
/// point off the board, setup that leaves a chain without liberties, or a
/// move that is illegal under the rules (the message names its number).
pub fn read(text: &str, rules: Rules, komi: f64, stop: Stop) -> Result<Loaded, SgfError> {
    let line = reader::main_line(text)?;
    let mut notes = line.notes;
    let game = replay::replay(&line.nodes, rules, komi, stop, &mut notes)?;
    Ok(Loaded { game, notes })
}

/// [`read`], with the notes logged (info level, stderr).
///
/// # Errors
/// As [`read`].
pub fn load(text: &str, rules: Rules, komi: f64, stop: Stop) -> Result<Game, SgfError> {
    let loaded = read(text, rules, komi, stop)?;
    for note in &loaded.notes {
        log::info!("loadsgf: {note}");
    }
    Ok(loaded.game)
}

/// The first value of property `id` (FF\[4\] form, e.g. `PB`) in the
/// root node of the first game tree, if the text has one.
pub fn root_value(text: &str, id: &str) -> Option<String> {
    let line = reader::main_line(text).ok()?;
    let root = line.nodes.first()?;
    root.iter()
        .find(|p| p.id == id)
        .and_then(|p| p.values.first().cloned())
}

#[cfg(test)]
mod tests;
