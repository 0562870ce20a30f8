//! When the tree may pass: near the end of the game, as Pachi's tree
//! does, judged by a few playouts from the root.

use super::playout::{self, Policy};
use crate::rules::{Color, Game, Move};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Stones on the board, in fifths of its points, from which a search
/// asks whether the game is near its end: two fifths (a 9x9 game about
/// 35 moves in, a 19x19 one about 145, captures aside).
const LATE_FIFTHS: usize = 2;

/// Playouts from the root that judge whether the game is near its end:
/// this many, or an eighth of a smaller playout limit (none below 8).
const PASS_PROBES: u64 = 64;

/// Points neither colour ends up owning in at least three probes in four
/// (mean ownership below one half either way): with fewer than this, the
/// game is near its end and the tree considers passing. Pachi's tree
/// passes from the same count of unsettled points (its `dames < 10`).
const MAX_UNSETTLED: usize = 10;

/// Whether a search from `game` for `color` gives its nodes a pass child,
/// and the playouts it spent to decide. Always after the opponent's pass
/// (the tree must see that passing back ends the game); otherwise only
/// near the end of the game, judged by [`PASS_PROBES`] playouts from the
/// root once the board is [`LATE_FIFTHS`] full. Without a pass, a tree
/// near the end is made to play whatever is left, such as the shared
/// liberty of a seki or the inside of its own eye space, and the search
/// takes those forced blunders for the opponent's replies.
pub(super) fn allowed(
    game: &Game,
    color: Color,
    policy: Policy<'_>,
    playout_limit: Option<u64>,
    seed: u64,
) -> (bool, u64) {
    let board = game.board();
    if matches!(game.moves().last(), Some(&(c, Move::Pass)) if c != color) {
        return (true, 0);
    }
    let area = board.size().area();
    let stones = area - board.empty_points().len();
    let probes = playout_limit.map_or(PASS_PROBES, |max| PASS_PROBES.min(max / 8));
    if stones * 5 < area * LATE_FIFTHS || probes < 8 {
        return (false, 0);
    }
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x7061_7373_7072_6f62);
    let mean = playout::mean_ownership(board, color, policy, probes as u32, &mut rng);
    let unsettled = mean.iter().filter(|m| m.abs() < 0.5).count();
    (unsettled < MAX_UNSETTLED, probes)
}
