//! Playouts: finish a game quickly from a tree leaf and score it.
//!
//! Both policies use simple ko only (superko is not checked inside
//! playouts, as in Pachi), never fill a player's own true eye, and never
//! commit suicide. `Light` picks uniformly among such moves; `Heavy` first
//! answers the last move ([`heavy`]: captures, escapes, eye vital points,
//! two-liberty fights, learned shape weights), and otherwise plays a
//! random move that is not a self-atari that does not pay. The result is
//! the area count under the game's rules, komi and handicap bonus
//! included — the same count `final_score` uses.

mod amaf;
mod cands;
mod fights;
mod heavy;
mod reply;
mod shape_log;

pub use amaf::Amaf;
pub use reply::Replies;
pub use shape_log::{ShapeLog, TENUKI};

use crate::knowledge::ladder;
use crate::knowledge::model::Model;
use crate::knowledge::tactics::bad_self_atari_from;
pub use crate::knowledge::tactics::playable;
use crate::rules::score::area_count;
use crate::rules::{Board, Cell, Color, Move, Point};
use rand::Rng;
use rand::rngs::SmallRng;

/// Which playout policy to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutKind {
    /// Uniform random, no eye filling.
    Light,
    /// Answers to the last move (captures, escapes, eye vital points,
    /// two-liberty fights, learned shape weights), no useless self-atari.
    Heavy,
}

#[inline]
fn below(rng: &mut SmallRng, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// A playout policy: the kind, the model whose shape weights heavy
/// playouts use, and how often they try the optional tactics.
#[derive(Clone, Copy)]
pub struct Policy<'a> {
    /// Light or heavy.
    pub kind: PlayoutKind,
    /// The move-prediction model (its playout weights).
    pub model: &'a Model,
    /// Heavy playouts' optional tactics.
    pub tactics: Tactics,
    /// The search thread's last good replies, which heavy playouts try
    /// after their tactical answers, before the learned shapes (`None`:
    /// not used).
    pub replies: Option<&'a Replies>,
    /// Where the shape draws are written down for training (`None`, as
    /// in play: not written).
    pub shape_log: Option<&'a ShapeLog>,
}

/// How often heavy playouts try their tactics, in percent of the moves
/// where they apply (0 never).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tactics {
    /// Moves that try the answers to the last move at all; the rest are
    /// random.
    pub answer_percent: u32,
    /// The weight of "play elsewhere" against the local shapes, in percent
    /// of the learned tenuki weight.
    pub tenuki_percent: u32,
    /// Moves whose shape and random choices get the full self-atari
    /// check; the others refuse only self-ataris of three stones or more
    /// (Pachi's `selfatarirate`, 60 there).
    pub selfatari_percent: u32,
    /// Moves on which an own chain of three or four liberties beside the
    /// last move (diagonals included) takes or ataris the enemy chains
    /// beside it (Pachi's `nlibrate`, 25 there).
    pub race_percent: u32,
    /// Atari escapes whose liberty lies on one of this many lines from
    /// the edge are read for ladders first (0 never; 1 the first line,
    /// where Pachi reads them; the board's size everywhere).
    pub ladder_lines: u32,
    /// Own chains of this many stones or more that the last move put in
    /// atari are always answered, whatever `answer_percent` (0 never;
    /// Pachi always answers chains of 3).
    pub big_chain_stones: u32,
}

impl Default for Tactics {
    /// The plain policy of the dead-stone estimate and the ownership
    /// training: answers on 90% of moves; the learned tenuki weight; the
    /// full self-atari check always; no races, no ladder reading, no
    /// chain answered always. The search's own come from
    /// [`SearchParams`](crate::search::SearchParams) (`docs/tuning.md`).
    fn default() -> Tactics {
        Tactics {
            answer_percent: 90,
            tenuki_percent: 100,
            selfatari_percent: 100,
            race_percent: 0,
            ladder_lines: 0,
            big_chain_stones: 0,
        }
    }
}

/// Picks a move for `color` or `None` to pass. `ladders` reads the
/// ladders of atari escapes (one reader for a whole playout saves its
/// boards).
#[inline]
pub fn choose(
    board: &Board,
    color: Color,
    policy: Policy<'_>,
    rng: &mut SmallRng,
    ladders: &mut ladder::Reader,
) -> Option<Point> {
    let kind = policy.kind;
    // Self-ataris smaller than this pass the check on this move.
    let min_stones = if policy.tactics.selfatari_percent >= 100
        || below(rng, 100) < policy.tactics.selfatari_percent as usize
    {
        1
    } else {
        3
    };
    if kind == PlayoutKind::Heavy
        && let Some((_, Move::Play(last))) = board.last_move()
        && let Some(p) =
            heavy::answer_last_move(board, color, last, policy, min_stones, rng, ladders)
    {
        return Some(p);
    }
    let empties = board.empty_points();
    let n = empties.len();
    if n == 0 {
        return None;
    }
    let start = below(rng, n);
    for i in 0..n {
        let mut j = start + i;
        if j >= n {
            j -= n;
        }
        let p = Point(empties[j]);
        if !playable(board, color, p) {
            continue;
        }
        if kind == PlayoutKind::Light || !bad_self_atari_from(board, color, p, min_stones) {
            return Some(p);
        }
    }
    None
}

/// Plays the game out from `board` with `color` to move, recording first
/// plays in `amaf`. Returns Black's area score minus White's plus komi and
/// the handicap bonus (`white_bonus`). `ladders` reads the ladders of
/// atari escapes; one reader kept from playout to playout allocates
/// nothing once it has its boards.
pub fn run(
    board: &mut Board,
    color: Color,
    policy: Policy<'_>,
    white_bonus: f64,
    amaf: &mut Amaf,
    rng: &mut SmallRng,
    ladders: &mut ladder::Reader,
) -> f64 {
    play_out(board, color, policy, amaf, rng, ladders, 0);
    count(board, white_bonus)
}

/// The area count of `board` as it stands, every stone on it alive:
/// Black's area minus White's, less `white_bonus`.
pub fn count(board: &Board, white_bonus: f64) -> f64 {
    let count = area_count(board);
    count.area(Color::Black) as f64 - count.area(Color::White) as f64 - white_bonus
}

/// [`run`], also adding each point's final owner to `ownership` as
/// [`record_ownership`] does, in the same pass over the board that counts
/// the score (the search's hot path). `passes` is how many passes ended
/// the moves before the playout: after one the game ends at the next
/// pass, after two it is over and only counted (the search's tree
/// passes).
#[allow(clippy::too_many_arguments)]
pub fn run_recording(
    board: &mut Board,
    color: Color,
    policy: Policy<'_>,
    white_bonus: f64,
    amaf: &mut Amaf,
    rng: &mut SmallRng,
    ladders: &mut ladder::Reader,
    ownership: &mut [i64],
    passes: u32,
) -> f64 {
    play_out(board, color, policy, amaf, rng, ladders, passes);
    // Per point: stones count for their colour, empty points for the one
    // colour among their neighbours. That is the area count whenever every
    // empty region is a single point, as it nearly always is when a playout
    // ends; otherwise the score comes from the full region count.
    let mut diff = 0i64;
    let mut regions = false;
    for (i, p) in board.size().points().enumerate() {
        let (owner, empty_neighbour) = point_owner(board, p);
        regions |= empty_neighbour;
        ownership[i] += owner;
        diff += owner;
    }
    if regions {
        let count = area_count(board);
        diff = count.area(Color::Black) as i64 - count.area(Color::White) as i64;
    }
    diff as f64 - white_bonus
}

fn play_out(
    board: &mut Board,
    mut color: Color,
    policy: Policy<'_>,
    amaf: &mut Amaf,
    rng: &mut SmallRng,
    ladders: &mut ladder::Reader,
    mut passes: u32,
) {
    let cap = 3 * board.size().area();
    // After one pass a pass ends the game; after two (a tree leaf where
    // both passed, in a capture search) the game is over and is counted
    // as it stands.
    if passes >= 2 {
        return;
    }
    for _ in 0..cap {
        let chosen = choose(board, color, policy, rng, ladders);
        match chosen {
            Some(p) => {
                amaf.record(color, p);
                board.play_unchecked(color, p);
                passes = 0;
            }
            None => {
                // A pass forced by the ko ban does not count towards the end:
                // after the opponent's pass the ban is lifted and the retake
                // may come (otherwise a group that lives only by a ko it just
                // took would count as alive).
                let ko_banned = board.ko_point(color).is_some();
                board.pass(color);
                passes = if ko_banned { 0 } else { passes + 1 };
                if passes >= 2 {
                    break;
                }
            }
        }
        color = color.opponent();
    }
}

/// The final owner of `p` after a playout (+1 Black, -1 White, 0
/// neutral): a stone's colour, or the one colour among an empty point's
/// neighbours. Also says whether an empty point has an empty neighbour (a
/// region of more than one point, which the neighbour rule may misjudge).
#[inline]
pub(crate) fn point_owner(board: &Board, p: Point) -> (i64, bool) {
    match board.cell(p) {
        Cell::Black => (1, false),
        Cell::White => (-1, false),
        _ => {
            let b = board.neighbours_of(Color::Black, p) > 0;
            let w = board.neighbours_of(Color::White, p) > 0;
            let e = board.empty_neighbours(p) > 0;
            let owner = match (b, w) {
                (true, false) => 1,
                (false, true) => -1,
                _ => 0,
            };
            (owner, e)
        }
    }
}

/// Adds each point's final owner (+1 Black, -1 White, 0 neutral) after a
/// playout: stones, and empty points whose neighbours are all one colour.
pub fn record_ownership(board: &Board, ownership: &mut [i64]) {
    for (i, p) in board.size().points().enumerate() {
        ownership[i] += point_owner(board, p).0;
    }
}

/// Mean final owner of each point (+1 Black, -1 White), row by row from
/// A1, over `playouts` playouts from `board` with `first` and its opponent
/// starting alternately (so the estimate favours neither side); no komi.
pub fn mean_ownership(
    board: &Board,
    first: Color,
    policy: Policy<'_>,
    playouts: u32,
    rng: &mut SmallRng,
) -> Vec<f32> {
    let mut sums = vec![0i64; board.size().area()];
    let mut amaf = Amaf::new();
    let mut ladders = ladder::Reader::new();
    for i in 0..playouts {
        let mut b = board.clone();
        amaf.clear();
        let starts = if i % 2 == 0 { first } else { first.opponent() };
        run(&mut b, starts, policy, 0.0, &mut amaf, rng, &mut ladders);
        record_ownership(&b, &mut sums);
    }
    let n = playouts.max(1) as f32;
    sums.into_iter().map(|s| s as f32 / n).collect()
}

#[cfg(test)]
mod tests;
