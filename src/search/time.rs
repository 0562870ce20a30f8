//! Turning the clock into a time budget for one move.
//!
//! The budget spreads the remaining main time over the moves the game may
//! still last, spends most of a byo-yomi period, and always keeps a safety
//! margin for process and network latency: hane must never lose on time.

use crate::clock::{Clock, TimeControl};
use crate::rules::Color;
use std::time::Duration;

/// Seconds kept back from every deadline for latency.
pub const SAFETY_MARGIN: f64 = 0.5;
/// Smallest budget returned when an overtime period backs the move.
const MIN_BUDGET: f64 = 0.05;
/// Smallest budget under absolute time: a handful of playouts.
const ABSOLUTE_FLOOR: f64 = 0.001;

/// Empty points per own move left, by default: the game is expected to
/// last one own move per this many empty points (at least 10 moves).
pub const POINTS_PER_MOVE: f64 = 2.5;

/// The time to think for `color`'s next move, or `None` if the clock sets
/// no limit. `empty_points` estimates how long the game still lasts: one
/// own move per `points_per_move` of them.
///
/// The shares below are set by hand, as in most engines (Pachi spreads main
/// time over an estimate of the moves left in the same way), and checked by
/// the whole-game fake-clock tests (`tests/` and `src/clock.rs`), which
/// play 9x9 and 19x19 games under every control with per-move latency and
/// never lose on time: one own move per 2.5 empty points left (at least
/// 10); in byo-yomi periods 80% of a period (85% of the time per stone
/// under Canadian rules), the rest covering latency; in main time a share
/// of the overtime that follows (half a byo-yomi period, 30% of a Canadian
/// period's time per stone), since that time is never lost.
pub fn budget(
    clock: &Clock,
    color: Color,
    empty_points: usize,
    points_per_move: f64,
) -> Option<Duration> {
    let moves_left = (empty_points as f64 / points_per_move.max(0.1)).max(10.0);
    let left = clock.left[color];
    let secs = match clock.control {
        TimeControl::Unlimited => return None,
        TimeControl::Absolute { main } => {
            // No overtime to fall back on: keep back the margin, but never
            // more than half of what is left, so the budget shrinks with the
            // clock (geometrically, at the end) instead of stopping at a
            // floor that a long game would exhaust.
            let remaining = left.map_or(main, |l| l.seconds);
            let reserve = SAFETY_MARGIN.min(0.5 * remaining);
            ((remaining - reserve) / moves_left).clamp(ABSOLUTE_FLOOR, crate::clock::MAX_SECONDS)
        }
        TimeControl::ByoYomi {
            main,
            period,
            periods,
        } => {
            let (remaining, in_main) = match left {
                Some(l) => (
                    l.seconds,
                    l.stones == 0
                        && main > 0.0
                        && l.seconds > 0.0
                        && periods > 0
                        && l.seconds != period,
                ),
                None => (if main > 0.0 { main } else { period }, main > 0.0),
            };
            if in_main {
                // Main time plus a share of one period, which is never lost.
                spend(remaining / moves_left + 0.5 * period, remaining + period)
            } else {
                spend(0.8 * remaining.min(period), remaining.min(period))
            }
        }
        TimeControl::Canadian {
            main,
            period,
            stones,
        } => match left {
            Some(l) if l.stones > 0 => spend(0.85 * l.seconds / l.stones as f64, l.seconds),
            Some(l) => spend(
                l.seconds / moves_left + 0.3 * period / stones.max(1) as f64,
                l.seconds + period,
            ),
            None if main > 0.0 => spend(main / moves_left, main),
            None => spend(0.85 * period / stones.max(1) as f64, period),
        },
    };
    Some(Duration::from_secs_f64(secs))
}

/// A wish bounded by what is left minus the safety margin.
fn spend(wish: f64, available: f64) -> f64 {
    let cap = (available - SAFETY_MARGIN).max(MIN_BUDGET);
    wish.min(cap).clamp(MIN_BUDGET, crate::clock::MAX_SECONDS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(c: &Clock, empty: usize) -> f64 {
        budget(c, Color::Black, empty, POINTS_PER_MOVE).map_or(f64::INFINITY, |d| d.as_secs_f64())
    }

    #[test]
    fn no_limit_no_budget() {
        assert_eq!(
            budget(&Clock::default(), Color::Black, 81, POINTS_PER_MOVE),
            None
        );
    }

    #[test]
    fn byo_yomi_of_one_second_keeps_the_margin() {
        // time_settings 0 1 1: Canadian, one stone per second.
        let mut c = Clock::from_gtp(0.0, 1.0, 1);
        let b = secs(&c, 300);
        assert!(b < 1.0 - SAFETY_MARGIN + 1e-9, "{b}");
        c.set_left(Color::Black, 1.0, 1);
        assert!(secs(&c, 300) <= 0.5 + 1e-9);
    }

    #[test]
    fn canadian_overtime_divides_by_stones() {
        let mut c = Clock::new(TimeControl::Canadian {
            main: 0.0,
            period: 10.0,
            stones: 5,
        });
        c.set_left(Color::Black, 10.0, 5);
        let b = secs(&c, 200);
        assert!(b > 1.0 && b < 2.0, "{b}");
        // Almost out of time with stones to play: tiny but positive budget.
        c.set_left(Color::Black, 0.3, 4);
        let b = secs(&c, 200);
        assert!(b > 0.0 && b <= 0.1, "{b}");
    }

    #[test]
    fn absolute_time_is_spread_over_the_game() {
        let c = Clock::new(TimeControl::Absolute { main: 600.0 });
        let b = secs(&c, 361);
        assert!(b > 1.0 && b < 10.0, "{b}");
        let mut c = c;
        c.set_left(Color::Black, 2.0, 0);
        assert!(secs(&c, 100) < 1.5);
    }

    /// A referee's clock for one player, written independently of
    /// `Clock::charge`: returns false when the player loses on time.
    struct Referee {
        main: f64,
        overtime: bool,
        period_left: f64,
        stones_left: u32,
        periods_left: u32,
    }

    impl Referee {
        fn new(control: TimeControl) -> Referee {
            let (main, period, stones, periods) = match control {
                TimeControl::Absolute { main } => (main, 0.0, 0, 0),
                TimeControl::Canadian {
                    main,
                    period,
                    stones,
                } => (main, period, stones, 0),
                TimeControl::ByoYomi {
                    main,
                    period,
                    periods,
                } => (main, period, 0, periods),
                TimeControl::Unlimited => unreachable!(),
            };
            Referee {
                main,
                overtime: main <= 0.0,
                period_left: period,
                stones_left: stones,
                periods_left: periods,
            }
        }

        fn move_took(&mut self, control: TimeControl, mut t: f64) -> bool {
            if !self.overtime {
                if t < self.main {
                    self.main -= t;
                    return true;
                }
                t -= self.main;
                self.main = 0.0;
                self.overtime = true;
            }
            match control {
                TimeControl::Absolute { .. } => false,
                TimeControl::Canadian { period, stones, .. } => {
                    if t > self.period_left {
                        return false;
                    }
                    self.period_left -= t;
                    self.stones_left -= 1;
                    if self.stones_left == 0 {
                        self.period_left = period;
                        self.stones_left = stones;
                    }
                    true
                }
                TimeControl::ByoYomi { period, .. } => {
                    while t > period {
                        if self.periods_left <= 1 {
                            return false;
                        }
                        self.periods_left -= 1;
                        t -= period;
                    }
                    true
                }
                TimeControl::Unlimited => true,
            }
        }
    }

    /// Whole games against a fake clock: each move takes its budget plus
    /// `latency`; the engine only keeps its own account (no `time_left`,
    /// as under gogui-twogtp). It must never lose on time. Overtime
    /// controls must absorb a latency of 0.3 s per move (the margin is
    /// 0.5 s); under absolute time, where no margin can absorb a fixed cost
    /// per move for ever, the cost is the engine's own (20 ms).
    #[test]
    fn whole_games_on_a_fake_clock_never_lose_on_time() {
        let controls = [
            TimeControl::Absolute { main: 60.0 },
            TimeControl::Absolute { main: 20.0 },
            TimeControl::Canadian {
                main: 0.0,
                period: 1.0,
                stones: 1,
            },
            TimeControl::Canadian {
                main: 0.0,
                period: 10.0,
                stones: 5,
            },
            TimeControl::Canadian {
                main: 30.0,
                period: 10.0,
                stones: 5,
            },
            TimeControl::ByoYomi {
                main: 30.0,
                period: 5.0,
                periods: 3,
            },
            TimeControl::ByoYomi {
                main: 0.0,
                period: 1.0,
                periods: 1,
            },
        ];
        for control in controls {
            // Own moves: long games (100 and 360 plies).
            for (size, moves) in [(9usize, 50usize), (19, 180)] {
                let latencies: &[f64] = match control {
                    TimeControl::Absolute { .. } => &[0.0, 0.02],
                    _ => &[0.0, 0.02, 0.3],
                };
                for &latency in latencies {
                    let mut clock = Clock::new(control);
                    let mut referee = Referee::new(control);
                    let mut used = 0.0;
                    for m in 0..moves {
                        let empty = (size * size).saturating_sub(2 * m).max(5);
                        let b = budget(&clock, Color::Black, empty, POINTS_PER_MOVE)
                            .expect("a time control gives a budget")
                            .as_secs_f64();
                        let took = b + latency;
                        used += took;
                        assert!(
                            referee.move_took(control, took),
                            "{control:?} {size}x{size} latency {latency}: lost on time at \
                             move {m} after {used:.1} s (budget {b:.2} s, clock {clock:?})"
                        );
                        clock.charge(Color::Black, took);
                    }
                }
            }
        }
    }
}
