//! Dynamic komi in even games: a player that is clearly winning gives
//! itself a handicap, so the search keeps telling a move that wins by
//! more from one that wins by less instead of calling them all won.
//!
//! This is Pachi's default for even games (its linear dynkomi past the
//! handicap phase). Once the game is past its opening ([`DynKomi::start`])
//! the search looks at the root's value every [`INTERVAL`] playouts:
//! above [`GREEN`] the mover gives the opponent one more point; below
//! [`ORANGE`] it takes [`DROP`] points back and that level becomes a
//! ceiling (the ratchet); below one half with a ceiling set, it gives
//! nothing for the rest of the game. The extra komi counts only in who
//! won a simulation, never in the margins the analysis reports, and only
//! in searches for a move to play.

use crate::rules::Color;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Playouts between two looks at the root's value (Pachi's
/// `dynkomi_interval`).
pub const INTERVAL: u64 = 100;
/// Above this root value the mover gives one more point (Pachi's green
/// zone).
pub const GREEN: f64 = 0.85;
/// Below this root value the mover takes [`DROP`] points back (Pachi's
/// orange zone).
pub const ORANGE: f64 = 0.80;
/// Points taken back at once below [`ORANGE`] (Pachi's `drop_step`).
pub const DROP: u32 = 4;
/// Root visits before its value is trusted (Pachi's `GJ_MINGAMES`).
pub const MIN_VISITS: u32 = 500;

/// The extra komi one colour gives in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DynKomi {
    /// Points given to the opponent on top of the game's komi.
    pub extra: u32,
    /// The most `extra` may grow to again (`None`: no ceiling yet).
    pub ceiling: Option<u32>,
}

impl DynKomi {
    /// Nothing given, no ceiling: where every game starts.
    pub const NONE: DynKomi = DynKomi {
        extra: 0,
        ceiling: None,
    };

    /// The number of moves of the game before a colour's extra komi may
    /// grow, by board size (Pachi's: its handicap phase lasts this long).
    pub fn start(size: usize, color: Color) -> usize {
        match size {
            0..=9 => 15,
            10..=14 => 50,
            15 => 100,
            _ if color == Color::Black => 200,
            _ => 150,
        }
    }

    /// The state after a look at the root, which the mover wins `value`
    /// of the time.
    pub fn adjust(self, value: f64) -> DynKomi {
        match self.ceiling {
            // A lead lost once already: no more extra komi this game.
            Some(c) if c > 0 && value < 0.5 => DynKomi {
                extra: 0,
                ceiling: Some(0),
            },
            _ if value < ORANGE && self.extra > 0 => {
                let extra = self.extra.saturating_sub(DROP);
                DynKomi {
                    extra,
                    ceiling: Some(extra),
                }
            }
            _ if value > GREEN && self.ceiling.is_none_or(|c| self.extra < c) => DynKomi {
                extra: self.extra + 1,
                ..self
            },
            _ => self,
        }
    }

    fn pack(self) -> u64 {
        u64::from(self.extra) | (self.ceiling.map_or(u64::from(u32::MAX), u64::from) << 32)
    }

    fn unpack(v: u64) -> DynKomi {
        let ceiling = (v >> 32) as u32;
        DynKomi {
            extra: v as u32,
            ceiling: (ceiling != u32::MAX).then_some(ceiling),
        }
    }
}

impl Default for DynKomi {
    /// [`DynKomi::NONE`].
    fn default() -> DynKomi {
        DynKomi::NONE
    }
}

/// A [`DynKomi`] the search threads share: read by every simulation,
/// written by the one thread whose playout count reaches a multiple of
/// [`INTERVAL`].
pub struct SharedDynKomi(AtomicU64);

impl SharedDynKomi {
    pub fn new(k: DynKomi) -> SharedDynKomi {
        SharedDynKomi(AtomicU64::new(k.pack()))
    }

    pub fn get(&self) -> DynKomi {
        DynKomi::unpack(self.0.load(Relaxed))
    }

    pub fn set(&self, k: DynKomi) {
        self.0.store(k.pack(), Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clear_lead_gives_a_point_a_look_and_a_close_game_keeps_it() {
        let mut k = DynKomi::NONE;
        for _ in 0..5 {
            k = k.adjust(0.9);
        }
        assert_eq!(
            k,
            DynKomi {
                extra: 5,
                ceiling: None
            }
        );
        // Between the zones nothing moves.
        assert_eq!(k.adjust(0.82), k);
        // Below the orange zone 4 points come back and become the ceiling.
        let k = k.adjust(0.7);
        assert_eq!(
            k,
            DynKomi {
                extra: 1,
                ceiling: Some(1)
            }
        );
        // The lead again: the extra grows no further than the ceiling.
        assert_eq!(k.adjust(0.95), k);
        // Losing with a ceiling set: no extra komi for the rest of the game.
        let off = k.adjust(0.4);
        assert_eq!(
            off,
            DynKomi {
                extra: 0,
                ceiling: Some(0)
            }
        );
        assert_eq!(off.adjust(0.99), off);
    }

    #[test]
    fn losing_without_extra_komi_changes_nothing() {
        assert_eq!(DynKomi::NONE.adjust(0.3), DynKomi::NONE);
        assert_eq!(DynKomi::NONE.adjust(0.81), DynKomi::NONE);
    }

    #[test]
    fn the_shared_form_keeps_every_state() {
        for k in [
            DynKomi::NONE,
            DynKomi {
                extra: 7,
                ceiling: None,
            },
            DynKomi {
                extra: 3,
                ceiling: Some(3),
            },
            DynKomi {
                extra: 0,
                ceiling: Some(0),
            },
        ] {
            let s = SharedDynKomi::new(DynKomi::NONE);
            s.set(k);
            assert_eq!(s.get(), k);
        }
    }

    #[test]
    fn the_opening_is_longer_on_larger_boards() {
        assert_eq!(DynKomi::start(9, Color::Black), 15);
        assert!(DynKomi::start(13, Color::White) > DynKomi::start(9, Color::White));
        assert!(DynKomi::start(19, Color::Black) > DynKomi::start(13, Color::Black));
    }
}
