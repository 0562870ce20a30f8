//! Time controls and the time left, as GTP reports them.
//!
//! Plain data: the controller sets it through `time_settings`,
//! `kgs-time_settings` and `time_left`; players read it to budget a move.

use crate::rules::{ByColor, Color};

/// The time system of the game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// No limit.
    Unlimited,
    /// Main time only.
    Absolute {
        /// Seconds for the whole game.
        main: f64,
    },
    /// Japanese byo-yomi: after main time, `periods` periods of `period`
    /// seconds; a move inside a period keeps it.
    ByoYomi {
        /// Main time in seconds.
        main: f64,
        /// Length of one period in seconds.
        period: f64,
        /// Number of periods.
        periods: u32,
    },
    /// Canadian: after main time, `stones` moves in every `period` seconds.
    Canadian {
        /// Main time in seconds.
        main: f64,
        /// Length of one overtime block in seconds.
        period: f64,
        /// Moves to play in each block.
        stones: u32,
    },
}

/// What `time_left` last reported for one player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLeft {
    /// Seconds left in the current period (or main time).
    pub seconds: f64,
    /// Stones left to play in the period; 0 while in main time.
    pub stones: u32,
}

/// The game's time control and both players' remaining time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    /// The time system.
    pub control: TimeControl,
    /// The latest `time_left` for each colour, if any was sent.
    pub left: ByColor<Option<TimeLeft>>,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            control: TimeControl::Unlimited,
            left: ByColor::default(),
        }
    }
}

/// Largest time value kept, in seconds (about 30 years): anything larger is
/// clamped, so arithmetic on times never overflows a `Duration`.
pub const MAX_SECONDS: f64 = 1e9;

impl Clock {
    /// A clock for a new time control, with nothing used yet.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: ByColor::default(),
        }
    }

    /// GTP `time_settings main byo_yomi_time byo_yomi_stones` (Canadian
    /// overtime; byo_yomi_time 0 with stones 0 means absolute; byo_yomi_time
    /// > 0 with stones 0 means no time limit, as the GTP spec says).
    pub fn from_gtp(main: f64, period: f64, stones: u32) -> Clock {
        let control = if period > 0.0 && stones == 0 {
            TimeControl::Unlimited
        } else if stones == 0 {
            TimeControl::Absolute { main }
        } else {
            TimeControl::Canadian {
                main,
                period,
                stones,
            }
        };
        Clock::new(control)
    }

    /// Records a `time_left` report.
    pub fn set_left(&mut self, c: Color, seconds: f64, stones: u32) {
        self.left[c] = Some(TimeLeft {
            seconds: seconds.clamp(0.0, MAX_SECONDS),
            stones,
        });
    }
}
