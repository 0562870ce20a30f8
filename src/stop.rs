//! A cheap, copyable "should I stop?" check for long computations.
//!
//! The GTP reader thread counts the interrupt requests it reads; a
//! computation started after `baseline` of them were handled stops once
//! the count grows past it. No flag ever needs resetting, so an interrupt
//! that arrives while the engine is idle cannot leak into the next command.

use std::sync::atomic::{AtomicU64, Ordering};

/// Answers whether a computation should stop early.
#[derive(Clone, Copy, Debug)]
pub struct StopCheck<'a> {
    counter: Option<&'a AtomicU64>,
    baseline: u64,
}

impl<'a> StopCheck<'a> {
    /// Never stops (tests, benchmarks, fixed budgets without a controller).
    pub const NEVER: StopCheck<'static> = StopCheck {
        counter: None,
        baseline: 0,
    };

    /// Stops once `counter` exceeds `baseline`.
    pub fn new(counter: &'a AtomicU64, baseline: u64) -> StopCheck<'a> {
        StopCheck {
            counter: Some(counter),
            baseline,
        }
    }

    /// True once a stop was requested.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.counter
            .is_some_and(|c| c.load(Ordering::Relaxed) > self.baseline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_only_after_new_requests() {
        let c = AtomicU64::new(3);
        let s = StopCheck::new(&c, 3);
        assert!(!s.stopped());
        c.fetch_add(1, Ordering::Relaxed);
        assert!(s.stopped());
        assert!(!StopCheck::NEVER.stopped());
    }
}
