//! The one place the status of every stone is computed: [`Analyst`] runs
//! the analysis once per position and hands the same result to everyone
//! who asks (scoring, status lists, cleanup, ownership displays, the pass
//! and resign decisions).

use super::{Statuses, analyse, default_playouts};
use crate::knowledge::model::Model;
use crate::rules::game::situation_key;
use crate::rules::{Board, Color};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Computes the statuses of a position once and keeps the last result,
/// keyed by the position (stones, player to move, ko ban, size).
pub struct Analyst {
    model: Arc<Model>,
    /// Playouts behind the estimate (`None`: by board size).
    playouts: Option<u32>,
    seed: u64,
    last: Mutex<Option<(u64, Arc<Statuses>)>>,
    computed: AtomicU64,
}

impl Analyst {
    /// An analyst whose estimate plays with `model`, `playouts` per
    /// position (`None`: by board size) and `seed`.
    pub fn new(model: Arc<Model>, playouts: Option<u32>, seed: u64) -> Analyst {
        Analyst {
            model,
            playouts,
            seed,
            last: Mutex::new(None),
            computed: AtomicU64::new(0),
        }
    }

    /// The statuses of `board` with `to_move` to play: cached when the
    /// same position was asked for last, computed otherwise.
    pub fn statuses(&self, board: &Board, to_move: Color) -> Arc<Statuses> {
        let ko = board.ko_point(to_move).map_or(0, |p| p.index() as u64 + 1);
        let key = situation_key(board, to_move)
            ^ (board.size().get() as u64).rotate_left(48)
            ^ ko.rotate_left(32);
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((k, s)) = last.as_ref()
            && *k == key
        {
            return Arc::clone(s);
        }
        let playouts = self
            .playouts
            .unwrap_or_else(|| default_playouts(board.size().area()));
        let s = Arc::new(analyse(board, to_move, &self.model, playouts, self.seed));
        self.computed.fetch_add(1, Ordering::Relaxed);
        *last = Some((key, Arc::clone(&s)));
        s
    }

    /// How many analyses this analyst has run (each new position once).
    pub fn computations(&self) -> u64 {
        self.computed.load(Ordering::Relaxed)
    }
}
