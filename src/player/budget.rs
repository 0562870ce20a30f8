//! What one move may spend when no time control applies: the budget
//! `genmove` uses without a clock and GoGui's display searches share.

use crate::clock::MAX_SECONDS;
use std::time::Duration;

/// Playouts per move when neither `--playouts` nor `--time-per-move` is
/// given and no time control applies.
pub const DEFAULT_PLAYOUTS: u64 = 10_000;

/// The same for a PUCT search (a KataGo network's, or hane's own below
/// 13x13), where every visit is an evaluation of the network: about 3 s
/// a move on 19x19 with a 6-block KataGo net and 2 threads, as KataGo's
/// own GTP example does with its 500; about 0.6 s on 9x9 with hane's.
pub const DEFAULT_VISITS: u64 = 800;

/// With a PUCT search and no setting, a move also stops after this
/// many seconds: a large net (KaTrain's 10-block transformer runs a few
/// visits a second on a CPU) would take minutes for the visits.
pub(super) const DEFAULT_NET_SECONDS: f64 = 10.0;

/// A playout count or a thinking time, whichever the options give.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Stop after this many playouts.
    pub playouts: Option<u64>,
    /// Stop after this long.
    pub time: Option<Duration>,
}

impl Budget {
    /// The budget without a clock: `time_per_move` seconds if set, else
    /// `playouts`, else [`DEFAULT_PLAYOUTS`].
    pub fn without_clock(playouts: Option<u64>, time_per_move: Option<f64>) -> Budget {
        Budget::without_clock_or(playouts, time_per_move, DEFAULT_PLAYOUTS)
    }

    /// [`Budget::without_clock`] with `default` playouts when neither is
    /// set.
    pub fn without_clock_or(
        playouts: Option<u64>,
        time_per_move: Option<f64>,
        default: u64,
    ) -> Budget {
        match time_per_move {
            Some(s) => Budget {
                playouts: None,
                time: Some(Duration::from_secs_f64(s.clamp(0.01, MAX_SECONDS))),
            },
            None => Budget {
                playouts: Some(playouts.unwrap_or(default)),
                time: None,
            },
        }
    }

    /// [`Budget::without_clock`] for a PUCT search:
    /// [`DEFAULT_VISITS`] or [`DEFAULT_NET_SECONDS`], whichever comes
    /// first, when neither is set.
    pub fn for_network(playouts: Option<u64>, time_per_move: Option<f64>) -> Budget {
        let mut b = Budget::without_clock_or(playouts, time_per_move, DEFAULT_VISITS);
        if playouts.is_none() && time_per_move.is_none() {
            b.time = Some(Duration::from_secs_f64(DEFAULT_NET_SECONDS));
        }
        b
    }

    /// True once a search with these figures has used the budget.
    pub fn reached(&self, playouts: u64, elapsed: Duration) -> bool {
        self.playouts.is_some_and(|n| playouts >= n) || self.time.is_some_and(|t| elapsed >= t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_per_move_wins_over_playouts_and_the_default_is_10000() {
        let b = Budget::without_clock(None, None);
        assert_eq!(b.playouts, Some(DEFAULT_PLAYOUTS));
        assert!(!b.reached(9_999, Duration::from_secs(100)));
        assert!(b.reached(10_000, Duration::ZERO));
        let b = Budget::without_clock(Some(50), Some(0.5));
        assert_eq!(b.playouts, None);
        assert!(!b.reached(1 << 40, Duration::from_millis(499)));
        assert!(b.reached(0, Duration::from_millis(500)));
        assert_eq!(
            Budget::without_clock(None, Some(1e-9)).time,
            Some(Duration::from_millis(10))
        );
        let b = Budget::for_network(None, None);
        assert_eq!(b.playouts, Some(DEFAULT_VISITS));
        assert!(b.reached(1, Duration::from_secs_f64(DEFAULT_NET_SECONDS)));
        assert!(!b.reached(1, Duration::from_secs(1)));
        assert_eq!(Budget::for_network(Some(5), None).time, None);
        assert_eq!(Budget::without_clock_or(Some(7), None, 9).playouts, Some(7));
    }
}
