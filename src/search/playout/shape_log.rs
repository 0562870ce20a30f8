//! The shape choices of heavy playouts, written down for simulation
//! balancing (the lab's `train` module): how far each choice's 3x3 shape stands
//! from what the weights expected. Only training sets a log; the search
//! never does, and then the playouts pay one branch per shape draw.
//!
//! A shape draw picks a local point (or "play elsewhere") with
//! probability `w / (W + t)`: its shape's playout gamma `w` over the
//! sum `W` of the candidates still standing and the tenuki weight `t`.
//! For the gradient of the log-probability in the log-gammas, the draw
//! adds +1 to the chosen shape and `-w / (W + t)` to every standing
//! candidate's (tenuki counted as one more shape, [`TENUKI`]). The
//! candidates a self-atari check struck out before the last draw are
//! left out of it, as if they had never stood (the check is
//! deterministic, so the draw is from the ones that pass it; those the
//! last draw never tried are counted as if they pass).

use crate::knowledge::pat3::Code;
use std::sync::Mutex;

/// The code that stands for "play elsewhere" in a log.
pub const TENUKI: Code = Code::MAX;

/// The entries of the draws since the last [`ShapeLog::take_into`]: a raw
/// atari code ([`crate::knowledge::pat3::atari_code`]) or [`TENUKI`],
/// and its share of the log-probability's gradient.
#[derive(Debug, Default)]
pub struct ShapeLog {
    entries: Mutex<Vec<(Code, f32)>>,
}

impl ShapeLog {
    /// An empty log.
    pub fn new() -> ShapeLog {
        ShapeLog::default()
    }

    /// One draw: the candidates' codes and weights (0 for those struck
    /// out), the tenuki weight, and the index drawn (`None`: tenuki).
    pub(super) fn record(
        &self,
        codes: &[Code],
        weights: &[f32],
        tenuki: f32,
        chosen: Option<usize>,
    ) {
        let total: f32 = weights.iter().sum::<f32>() + tenuki;
        if total <= 0.0 {
            return;
        }
        // A poisoned lock only means another playout panicked mid-record.
        let mut entries = match self.entries.lock() {
            Ok(e) => e,
            Err(poisoned) => poisoned.into_inner(),
        };
        for (i, (&c, &w)) in codes.iter().zip(weights).enumerate() {
            let hit = if chosen == Some(i) { 1.0 } else { 0.0 };
            if w > 0.0 || hit > 0.0 {
                entries.push((c, hit - w / total));
            }
        }
        let hit = if chosen.is_none() { 1.0 } else { 0.0 };
        entries.push((TENUKI, hit - tenuki / total));
    }

    /// Moves the entries written since the last call into `out` (its
    /// old entries dropped), leaving the log empty; the two buffers swap,
    /// so a log read after every playout allocates nothing once grown.
    pub fn take_into(&self, out: &mut Vec<(Code, f32)>) {
        out.clear();
        let mut entries = match self.entries.lock() {
            Ok(e) => e,
            Err(poisoned) => poisoned.into_inner(),
        };
        std::mem::swap(&mut *entries, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_adds_one_to_the_chosen_less_each_candidates_share() {
        let log = ShapeLog::new();
        // Weights 1, 0 (struck out), 3 and tenuki 4: shares 1/8, 3/8, 4/8.
        let mut e = Vec::new();
        log.record(&[10, 11, 12], &[1.0, 0.0, 3.0], 4.0, Some(2));
        log.take_into(&mut e);
        assert_eq!(e, [(10, -0.125), (12, 0.625), (TENUKI, -0.5)]);
        log.take_into(&mut e);
        assert!(e.is_empty());
        log.record(&[10], &[1.0], 1.0, None);
        log.take_into(&mut e);
        assert_eq!(e, [(10, -0.5), (TENUKI, 0.5)]);
        // The entries of one draw always sum to zero.
        let sum: f32 = e.iter().map(|x| x.1).sum();
        assert_eq!(sum, 0.0);
    }

    #[test]
    fn a_draw_with_nothing_to_draw_from_is_not_written() {
        let log = ShapeLog::new();
        log.record(&[10], &[0.0], 0.0, None);
        let mut e = vec![(1, 1.0)];
        log.take_into(&mut e);
        assert!(e.is_empty());
    }
}
