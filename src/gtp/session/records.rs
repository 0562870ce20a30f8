//! Game records: `loadsgf` and `printsgf`, through [`crate::sgf`] and the
//! regular-file checks of [`crate::sgf_file`].

use super::Session;
use crate::gtp::command::LoadUntil;
use crate::gtp::error::GtpError;
use crate::sgf;
use crate::sgf_file;

impl Session {
    /// `loadsgf`: replaces the game with the file's (up to a move number
    /// or a vertex); answers the colour to move.
    pub(super) fn loadsgf(
        &mut self,
        path: &str,
        until: Option<LoadUntil>,
    ) -> Result<String, GtpError> {
        let fail = |msg: String| GtpError::Other(msg);
        // Regular files only (a FIFO or device would block), size-capped.
        let bytes = sgf_file::read(path).map_err(fail)?;
        let text = String::from_utf8_lossy(&bytes);
        let stop = match until {
            None => sgf::Stop::End,
            Some(LoadUntil::MoveNumber(n)) => sgf::Stop::BeforeMove(n),
            Some(LoadUntil::Vertex(x, y)) => sgf::Stop::BeforePoint(x, y),
        };
        let game = sgf::load(&text, self.game.rules(), self.game.komi(), stop)
            .map_err(|e| fail(e.to_string()))?;
        self.game = game;
        self.player.reset();
        Ok(self.game.to_move().name().to_string())
    }

    /// `printsgf [file]`: the game as SGF, answered or written to `path`.
    /// A finished game gets its result and territories, from the same
    /// analysis `final_score` uses.
    pub(super) fn printsgf(&mut self, path: Option<String>) -> Result<String, GtpError> {
        let text = if self.game.is_over() {
            let result = self.settled_score().area.to_string();
            let [black, white] = self.statuses().territory.clone();
            sgf::write(&self.game, Some(&result), Some([&black, &white]))
        } else {
            sgf::write(&self.game, None, None)
        };
        match path {
            None => Ok(text),
            // Only onto a regular file: a FIFO or device could block.
            Some(p) => sgf_file::write(&p, &(text + "\n"))
                .map(|_| String::new())
                .map_err(GtpError::Other),
        }
    }
}
