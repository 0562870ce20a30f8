//! What one simulation is worth to the tree: its result, and with a
//! score weight its margin too.

use super::tree::WIN_UNITS;
use rand::Rng;
use rand::rngs::SmallRng;

/// A simulation's value for Black in [`WIN_UNITS`]: a win, a draw or a
/// loss (`black_wins2` 2, 1 or 0). With a score weight `s` the margin
/// counts too, as Fuego scores its playouts: a win by `m` of the board's
/// `area` points is worth `1 - s + s * m / area`, a loss by `m` worth
/// `s - s * m / area`. Every win still counts more than every loss, so
/// the win rate decides and the margin breaks near-ties. A fraction of a
/// unit is rounded up or down at random in proportion, which keeps the
/// mean; with `s` 0 no random number is drawn, so a search replays as
/// before.
pub fn units(black_wins2: u32, score: f64, s: f64, area: usize, rng: &mut SmallRng) -> u32 {
    let black_wins2 = black_wins2.min(2);
    if s <= 0.0 || black_wins2 == 1 {
        return black_wins2 * (WIN_UNITS / 2);
    }
    let s = s.min(0.5);
    let margin = (score.abs() / area.max(1) as f64).min(1.0);
    let value = if black_wins2 == 2 {
        1.0 - s + s * margin
    } else {
        s - s * margin
    };
    let exact = value * f64::from(WIN_UNITS);
    let whole = exact.floor();
    let up = f64::from(rng.next_u32()) / 4_294_967_296.0 < exact - whole;
    (whole as u32 + u32::from(up)).min(WIN_UNITS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn mean(black_wins2: u32, score: f64, s: f64) -> f64 {
        let mut rng = SmallRng::seed_from_u64(7);
        let n = 20_000;
        let sum: u64 = (0..n)
            .map(|_| u64::from(units(black_wins2, score, s, 81, &mut rng)))
            .sum();
        sum as f64 / (n as f64 * f64::from(WIN_UNITS))
    }

    #[test]
    fn without_a_score_weight_only_the_result_counts() {
        let mut rng = SmallRng::seed_from_u64(1);
        for score in [0.5, 7.0, 81.0] {
            assert_eq!(units(2, score, 0.0, 81, &mut rng), WIN_UNITS);
            assert_eq!(units(0, -score, 0.0, 81, &mut rng), 0);
        }
        assert_eq!(units(1, 0.0, 0.1, 81, &mut rng), WIN_UNITS / 2);
    }

    #[test]
    fn the_margin_moves_a_result_within_its_band_and_keeps_its_mean() {
        // A win by half a point is worth 1 - s, by the whole board 1; a
        // loss mirrors it; the random rounding keeps the mean.
        assert!((mean(2, 0.5, 0.1) - (0.9 + 0.1 * 0.5 / 81.0)).abs() < 0.002);
        assert!((mean(2, 40.5, 0.1) - 0.95).abs() < 0.002);
        assert_eq!(mean(2, 81.0, 0.1), 1.0);
        assert!((mean(0, -40.5, 0.1) - 0.05).abs() < 0.002);
        assert_eq!(mean(0, -81.0, 0.1), 0.0);
        // Every win outweighs every loss.
        assert!(mean(2, 0.5, 0.5) > mean(0, -0.5, 0.5));
    }
}
