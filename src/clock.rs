//! Time controls and the time left, as GTP reports them.
//!
//! Plain data: the controller sets it through `time_settings`,
//! `kgs-time_settings` and `time_left`; players read it to budget a move.
//! hane also keeps its own account ([`Clock::charge`]) after each of its
//! moves, because some controllers (gogui-twogtp among them) set a time
//! control and never send `time_left`; a later `time_left` overrides it.

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

    /// Charges `used` seconds of thinking for one move of `c`, as the
    /// controller's clock would: main time first, then the overtime
    /// (a Canadian block of stones, or Japanese periods, of which a move
    /// longer than a period loses one per period used up).
    pub fn charge(&mut self, c: Color, used: f64) {
        let used = used.clamp(0.0, MAX_SECONDS);
        let left = |seconds: f64, stones: u32| TimeLeft {
            seconds: seconds.clamp(0.0, MAX_SECONDS),
            stones,
        };
        let now = self.left[c];
        let next = match self.control {
            TimeControl::Unlimited => return,
            TimeControl::Absolute { main } => left(now.map_or(main, |l| l.seconds) - used, 0),
            TimeControl::Canadian {
                main,
                period,
                stones,
            } => {
                let cur = now.unwrap_or(if main > 0.0 {
                    left(main, 0)
                } else {
                    left(period, stones)
                });
                if cur.stones == 0 {
                    let rest = cur.seconds - used;
                    if rest > 0.0 {
                        left(rest, 0)
                    } else if stones <= 1 {
                        // Main time ran out during this move, which also
                        // completed the first block.
                        left(period, stones)
                    } else {
                        // ... or was the first move of the first block.
                        left(period + rest, stones - 1)
                    }
                } else if cur.stones <= 1 {
                    left(period, stones)
                } else {
                    left(cur.seconds - used, cur.stones - 1)
                }
            }
            TimeControl::ByoYomi {
                main,
                period,
                periods,
            } => {
                let cur = now.unwrap_or(if main > 0.0 {
                    left(main, 0)
                } else {
                    left(period, periods)
                });
                let overflow = if cur.stones == 0 {
                    let rest = cur.seconds - used;
                    if rest > 0.0 {
                        self.left[c] = Some(left(rest, 0));
                        return;
                    }
                    -rest
                } else {
                    used
                };
                let lost = if period > 0.0 {
                    (overflow / period).floor() as u32
                } else {
                    0
                };
                let have = if cur.stones == 0 { periods } else { cur.stones };
                left(period, have.saturating_sub(lost).max(1))
            }
        };
        self.left[c] = Some(next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn left(c: &Clock) -> (f64, u32) {
        let l = c.left[Color::Black].expect("charged");
        ((l.seconds * 1000.0).round() / 1000.0, l.stones)
    }

    #[test]
    fn charging_follows_each_time_system() {
        let mut c = Clock::new(TimeControl::Absolute { main: 10.0 });
        c.charge(Color::Black, 2.5);
        assert_eq!(left(&c), (7.5, 0));
        // Canadian 5 s main, then 10 s for 2 stones.
        let mut c = Clock::new(TimeControl::Canadian {
            main: 5.0,
            period: 10.0,
            stones: 2,
        });
        c.charge(Color::Black, 4.0);
        assert_eq!(left(&c), (1.0, 0));
        c.charge(Color::Black, 3.0); // main over, 2 s into the first block
        assert_eq!(left(&c), (8.0, 1));
        c.charge(Color::Black, 7.0); // the block's last stone: a new block
        assert_eq!(left(&c), (10.0, 2));
        // Byo-yomi: 3 periods of 5 s; a 12 s move costs two of them.
        let mut c = Clock::new(TimeControl::ByoYomi {
            main: 0.0,
            period: 5.0,
            periods: 3,
        });
        c.charge(Color::Black, 12.0);
        assert_eq!(left(&c), (5.0, 1));
        // The controller's time_left overrides the account.
        c.set_left(Color::Black, 3.0, 2);
        assert_eq!(left(&c), (3.0, 2));
        // No time control: nothing to charge.
        let mut c = Clock::default();
        c.charge(Color::Black, 1.0);
        assert_eq!(c.left[Color::Black], None);
    }
}
