//! Playouts that adapt to the position during a search (Graf and
//! Platzner's adaptive playouts, 2015; Cazenave's playout policy
//! adaptation, 2015): each search thread keeps, for each colour and
//! point, a weight that the playouts' shape and random moves are drawn
//! with, and moves it after every simulation by a policy-gradient step:
//! up for the points the winner played, down for the loser's, measured
//! against the colour's mean result so far. A group whose defence the
//! fixed policy seldom finds, but which lives whenever it does, makes its
//! defender play that point more often as the search goes on, and the
//! playouts' judgement of the group moves towards the truth.
//!
//! The step keeps only the played move's term of the gradient: for the
//! uniform draw the other candidates' terms are one common shift, which
//! changes no odds. Only a point's first play after the tree's moves
//! counts, within [`Adapt::span`] moves, since a playout's late moves
//! mostly fill ground that is already decided. Nothing here allocates
//! once the tables have their size.

use super::redirect::MoveCheck;
use super::{Amaf, below};
use crate::knowledge::tactics::playable;
use crate::rules::{Board, BoardSize, Color, Point};
use rand::Rng;
use rand::rngs::SmallRng;

/// The largest log-weight either way (a factor of about 55).
const BOUND: f32 = 4.0;

/// How fast each colour's mean result, the step's baseline, follows the
/// simulations (an exponential average over about 100).
const BASELINE_RATE: f32 = 0.01;

/// One search thread's adapted weights.
#[derive(Default)]
pub struct Adapt {
    /// Length of the padded point array of the board in use.
    points: usize,
    /// By colour and point: the log-weight.
    log_weight: Vec<f32>,
    /// The same, exponentiated: the factor the draws use.
    factor: Vec<f32>,
    /// Each colour's mean result so far (1 a win).
    baseline: [f32; 2],
    /// The step size (0: the weights never move).
    rate: f32,
    /// Playout moves after the tree's that are learned from.
    span: u16,
}

impl Adapt {
    /// Forgets everything and sizes the tables for `size`; `rate` is the
    /// step and `span` the moves learned from after the tree's.
    pub fn reset(&mut self, size: BoardSize, rate: f32, span: u32) {
        let n = size.array_len();
        self.points = n;
        self.log_weight.clear();
        self.log_weight.resize(2 * n, 0.0);
        self.factor.clear();
        self.factor.resize(2 * n, 1.0);
        self.baseline = [0.5; 2];
        self.rate = rate;
        self.span = span.min(u16::MAX as u32) as u16;
    }

    /// The factor on `color`'s odds of playing `p` (1 until learned).
    #[inline]
    pub fn factor(&self, color: Color, p: Point) -> f32 {
        self.factor
            .get(color.index() * self.points + p.index())
            .copied()
            .unwrap_or(1.0)
    }

    /// How far the weights have moved: the smallest and largest
    /// log-weight, and how many stand beyond ±0.5 (a factor of 1.65).
    pub fn spread(&self) -> (f32, f32, usize) {
        let lo = self.log_weight.iter().copied().fold(0.0, f32::min);
        let hi = self.log_weight.iter().copied().fold(0.0, f32::max);
        let moved = self.log_weight.iter().filter(|w| w.abs() > 0.5).count();
        (lo, hi, moved)
    }

    /// Learns from one finished simulation, its moves in `amaf`, the
    /// playout's first at move number `from`. A draw (`winner` `None`)
    /// teaches nothing.
    pub fn learn(&mut self, amaf: &Amaf, from: u16, winner: Option<Color>) {
        let Some(winner) = winner else {
            return;
        };
        if self.rate == 0.0 {
            return;
        }
        let mut step = [0f32; 2];
        for c in Color::BOTH {
            let won = if c == winner { 1.0 } else { 0.0 };
            let i = c.index();
            step[i] = self.rate * (won - self.baseline[i]);
            self.baseline[i] += BASELINE_RATE * (won - self.baseline[i]);
        }
        let moves = amaf.moves();
        let end = (from as usize + self.span as usize).min(moves.len());
        for (i, &m) in moves.iter().enumerate().take(end).skip(from as usize) {
            let (p, c) = ((m >> 1) as u32, (m & 1) as usize);
            let color = Color::BOTH[c];
            if p as usize >= self.points || amaf.first_from(color, p, from) != Some(i as u16) {
                continue;
            }
            let k = c * self.points + p as usize;
            let w = (self.log_weight[k] + step[c]).clamp(-BOUND, BOUND);
            self.log_weight[k] = w;
            self.factor[k] = w.exp();
        }
    }
}

/// A random move tilted by the adapted weights: `tries` random empty
/// points that `color` may play, one of them drawn in proportion to its
/// factor, played if `check` admits it; `None` leaves the uniform draw to
/// the caller. A favoured point is thus drawn up to `tries` times as
/// often as in the uniform draw.
pub(super) fn tilted_random(
    board: &Board,
    color: Color,
    adapt: &Adapt,
    tries: u32,
    check: MoveCheck,
    rng: &mut SmallRng,
) -> Option<Point> {
    let empties = board.empty_points();
    if empties.is_empty() {
        return None;
    }
    let mut total = 0f32;
    let mut pick = None;
    for _ in 0..tries {
        let p = Point(empties[below(rng, empties.len())]);
        if !playable(board, color, p) {
            continue;
        }
        let f = adapt.factor(color, p);
        total += f;
        // One pass, each candidate kept with its share of the weight so far.
        if (rng.next_u32() as f32 / 4_294_967_296.0) * total < f {
            pick = Some(p);
        }
    }
    check.admit(board, color, pick?, rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::vertex;

    fn size9() -> BoardSize {
        BoardSize::new(9).unwrap()
    }

    #[test]
    fn the_winner_s_points_gain_and_the_loser_s_lose() {
        let size = size9();
        let at = |v: &str| vertex(size, v).unwrap();
        let mut a = Adapt::default();
        a.reset(size, 0.5, 100);
        let mut amaf = Amaf::new();
        // One tree move (C3), then the playout's E5 and D4.
        amaf.record(Color::White, at("C3"));
        amaf.record(Color::Black, at("E5"));
        amaf.record(Color::White, at("D4"));
        a.learn(&amaf, 1, Some(Color::Black));
        assert!(a.factor(Color::Black, at("E5")) > 1.0);
        assert!(a.factor(Color::White, at("D4")) < 1.0);
        // The tree's move, and the other colour's side of a point, stay.
        assert_eq!(a.factor(Color::White, at("C3")), 1.0);
        assert_eq!(a.factor(Color::White, at("E5")), 1.0);
        // A draw teaches nothing; a reset forgets.
        let before = a.factor(Color::Black, at("E5"));
        a.learn(&amaf, 1, None);
        assert_eq!(a.factor(Color::Black, at("E5")), before);
        a.reset(size, 0.5, 100);
        assert_eq!(a.factor(Color::Black, at("E5")), 1.0);
    }

    #[test]
    fn the_baseline_takes_out_what_every_move_shares() {
        // Black wins every simulation: its mean result climbs towards 1,
        // and a point it plays each time gains less and less.
        let size = size9();
        let at = |v: &str| vertex(size, v).unwrap();
        let mut a = Adapt::default();
        a.reset(size, 0.1, 100);
        let mut amaf = Amaf::new();
        amaf.record(Color::Black, at("E5"));
        let mut gains = Vec::new();
        for _ in 0..300 {
            let before = a.factor(Color::Black, at("E5")).ln();
            a.learn(&amaf, 0, Some(Color::Black));
            gains.push(a.factor(Color::Black, at("E5")).ln() - before);
        }
        assert!(gains[0] > 0.04 && gains[299] < gains[0] / 5.0, "{gains:?}");
        assert!(a.factor(Color::Black, at("E5")) <= BOUND.exp() * 1.0001);
    }

    #[test]
    fn only_the_span_after_the_tree_is_learned_from() {
        let size = size9();
        let at = |v: &str| vertex(size, v).unwrap();
        let mut a = Adapt::default();
        a.reset(size, 0.5, 1);
        let mut amaf = Amaf::new();
        amaf.record(Color::Black, at("E5"));
        amaf.record(Color::White, at("D4"));
        a.learn(&amaf, 0, Some(Color::White));
        assert!(a.factor(Color::Black, at("E5")) < 1.0);
        assert_eq!(a.factor(Color::White, at("D4")), 1.0);
    }

    #[test]
    fn a_favoured_point_is_drawn_more_often() {
        let size = size9();
        let e5 = vertex(size, "E5").unwrap();
        let board = Board::new(size);
        let mut a = Adapt::default();
        a.reset(size, 0.0, 0);
        let k = Color::Black.index() * a.points + e5.index();
        a.log_weight[k] = BOUND;
        a.factor[k] = BOUND.exp();
        let mut rng = rand::SeedableRng::seed_from_u64(7);
        let draws = 8100;
        let hits = (0..draws)
            .filter(|_| {
                tilted_random(&board, Color::Black, &a, 4, MoveCheck::plain(), &mut rng) == Some(e5)
            })
            .count();
        // Uniform: 100 of 8,100; tilted by 4 tries, nearly 400.
        assert!((300..450).contains(&hits), "{hits}");
    }
}
