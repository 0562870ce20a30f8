//! Playouts: finish a game quickly from a tree leaf and score it.
//!
//! Both policies use simple ko only (superko is not checked inside
//! playouts, as in Pachi), never fill a player's own true eye, and never
//! commit suicide. `Light` picks uniformly among such moves; `Heavy` first
//! answers the last move ([`heavy`]: captures, escapes, eye vital points,
//! two-liberty fights, learned shape weights), and otherwise plays a
//! random move that is not a self-atari that does not pay; with the
//! approach and eye-fill switches, a harmful shape or random move is
//! replaced by a better one nearby ([`redirect`]). The result is
//! the area count under the game's rules, komi and handicap bonus
//! included — the same count `final_score` uses.

mod adapt;
mod amaf;
mod fights;
mod heavy;
mod open_ground;
mod redirect;
mod reply;
mod shape_log;

pub use adapt::Adapt;
pub use amaf::Amaf;
pub use reply::Replies;
pub use shape_log::{ShapeLog, TENUKI};

use crate::knowledge::ladder;
use crate::knowledge::model::Model;
use crate::knowledge::tactics::bad_self_atari;
pub use crate::knowledge::tactics::playable;
use crate::rules::score::area_count;
use crate::rules::{Board, Cell, Color, Move, Point};
use open_ground::{fill_board, shaped_random};
use rand::Rng;
use rand::rngs::SmallRng;
use redirect::MoveCheck;

/// Which playout policy to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutKind {
    /// Uniform random, no eye filling.
    Light,
    /// Answers to the last move (captures, escapes, eye vital points,
    /// two-liberty fights, learned shape weights), no useless self-atari.
    Heavy,
}

/// True on `percent` of the calls, drawing only when the answer is not
/// sure (0 and 100 or more leave the generator untouched).
#[inline]
fn chance(rng: &mut SmallRng, percent: u32) -> bool {
    percent >= 100 || (percent > 0 && below(rng, 100) < percent as usize)
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
    /// The search thread's adapted weights, which tilt heavy playouts'
    /// shape and random moves (`None`: not used).
    pub adapt: Option<&'a Adapt>,
}

/// How often heavy playouts try their tactics, in percent of the moves
/// where they apply (0 never).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tactics {
    /// Ko fights: within [`KO_AGE`] moves of a ko capture, once no ko ban
    /// is in force, the capturer connects the ko or the other side takes
    /// it back (Pachi's `korate`).
    pub ko_percent: u32,
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
    /// Moves on which an own chain reduced to two liberties also takes or
    /// ataris the enemy chains beside it (capturing races).
    pub counter_percent: u32,
    /// Moves on which an own chain of three or four liberties beside the
    /// last move (diagonals included) takes or ataris the enemy chains
    /// beside it in the same way (Pachi's `nlibrate`, 25 there).
    pub race_percent: u32,
    /// Atari escapes whose liberty lies on one of this many lines from
    /// the edge are read for ladders first (0 never; 1 the first line,
    /// where Pachi reads them; the board's size everywhere).
    pub ladder_lines: u32,
    /// Own chains of this many stones or more that the last move put in
    /// atari are always answered, whatever `answer_percent` (0 never;
    /// Pachi always answers chains of 3).
    pub big_chain_stones: u32,
    /// Moves on which an enemy stone wedged between own stones, backed up
    /// by the last move, has its push that would falsify an own eye
    /// blocked first (Pachi's `eyefixrate`, 100 there).
    pub eye_fix_percent: u32,
    /// Random points tried, when no answer applies, for one whose eight
    /// neighbours are all empty before any move is drawn from the whole
    /// board (MoGo's fill-board; Pachi's `fillboardtries`, 0 there).
    pub fill_board_tries: u32,
    /// Moves on which a shape or random move that is a self-atari that
    /// does not pay is replaced by an approach move ([`redirect`]: the
    /// outside liberty of an enemy chain in a race, or the other way out
    /// of an own short chain) instead of being refused (Pachi's
    /// `selfatari_other`, on there).
    pub approach_percent: u32,
    /// Moves on which a shape or random move that fills an own false eye
    /// is replaced by the capture or atari of an enemy chain on the
    /// eye's diagonals ([`redirect`]; Pachi's `eyefillrate`, 60 there).
    pub eye_fill_percent: u32,
    /// Moves on which a shape or random move that is a self-squeeze (own
    /// chains of three liberties or more taken down to two, nothing
    /// captured or put in atari; [`redirect`]) is refused.
    pub squeeze_percent: u32,
    /// Random points tried, when no answer applies, each kept with the
    /// odds the model gives its 3x3 shape and line against open ground
    /// ([`shaped_random`]), before a move is drawn uniformly (0 never).
    pub shaped_tries: u32,
    /// With adapted weights ([`Adapt`]), the random points one random
    /// move is drawn from in proportion to their factors.
    pub adapt_tries: u32,
    /// Moves on which, after the opponent's last drawn move was refused
    /// as a self-atari, its two-liberty chains beside that point are put
    /// in atari where their escape gains nothing (Pachi's check after
    /// `last_selfatari`, at its `atarirate`, 80 on large boards).
    pub refused_percent: u32,
    /// Moves on which the hand-made shapes around the last two moves
    /// ([`hand_shapes`](crate::knowledge::hand_shapes): MoGo's hane, cuts
    /// and first-line moves) are tried before the learned shapes.
    pub hand_shape_percent: u32,
}

impl Default for Tactics {
    /// No ko fights (see `SearchParams`); answers on 90% of moves (MoGo's
    /// and the earlier hane's value); the learned tenuki weight; the full
    /// self-atari check always; no counter-ataris, no races, no ladder
    /// reading, no chain answered always, no eye fixing, no fill-board,
    /// no approach moves, no eye attacks, no self-squeezes refused, no
    /// shaped random draw (`shaped_tries=4` scored 28.7% of 94 on the
    /// 19x19 screen against Pachi, the default 35.8% of 120:
    /// docs/strength-log.md, "Random moves weighed by shape").
    fn default() -> Tactics {
        Tactics {
            ko_percent: 0,
            answer_percent: 90,
            // Half (50) forecast 9-dan results better, but scored 16 of 41
            // on the 19x19 screen against Pachi where the default scored
            // 35.8% of 120, and 92.2% of 200 against GNU Go on 9x9 where
            // the default scored 92.6% of 400 (docs/strength-log.md): level
            // in both, so the learned weight stays.
            tenuki_percent: 100,
            selfatari_percent: 100,
            counter_percent: 0,
            race_percent: 0,
            ladder_lines: 0,
            big_chain_stones: 0,
            eye_fix_percent: 0,
            fill_board_tries: 0,
            approach_percent: 0,
            eye_fill_percent: 0,
            squeeze_percent: 0,
            shaped_tries: 0,
            // Used only with adaptive playouts (off): a first guess, a
            // tilt of at most four times the uniform draw's odds.
            adapt_tries: 4,
            // Pachi's 80 scored 22 of 57 (38.6%) on the 19x19 screen
            // against Pachi where the default scored 35.8% of 120
            // (docs/strength-log.md, "Pachi's answer to a refused
            // self-atari"): level, so off.
            refused_percent: 0,
            hand_shape_percent: 0,
        }
    }
}

/// Moves after a ko capture during which the ko fight goes on.
pub const KO_AGE: usize = 3;

/// The ko fight move for `color` at move `i` of a playout, given the last
/// ko capture `ko` (the point its ban was on, and the move it was made
/// at): within [`KO_AGE`] moves, once no ban is in force, with
/// probability `percent`, the point itself, where the capturer connects
/// and the other side takes back.
fn ko_fight(
    board: &Board,
    color: Color,
    ko: Option<(Point, usize)>,
    i: usize,
    percent: usize,
    rng: &mut SmallRng,
) -> Option<Point> {
    let (k, t) = ko?;
    (percent > 0
        && i - t <= KO_AGE
        && board.ko_point(color).is_none()
        && board.ko_point(color.opponent()).is_none()
        && below(rng, 100) < percent
        && playable(board, color, k)
        && !bad_self_atari(board, color, k))
    .then_some(k)
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
    choose_noting(
        board,
        color,
        policy,
        rng,
        ladders,
        &std::cell::Cell::new(0),
        None,
    )
}

/// [`choose`], noting in `noted` the point of a drawn move refused as a
/// self-atari, and answering `refused`, the opponent's last such point.
#[inline]
fn choose_noting(
    board: &Board,
    color: Color,
    policy: Policy<'_>,
    rng: &mut SmallRng,
    ladders: &mut ladder::Reader,
    noted: &std::cell::Cell<u16>,
    refused: Option<Point>,
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
    // (No draw for a replacement that is off or always on: the playouts
    // stay as they were.)
    let heavy = kind == PlayoutKind::Heavy;
    let mut on = |percent: u32| heavy && chance(rng, percent);
    let check = MoveCheck {
        min_stones,
        approach: on(policy.tactics.approach_percent),
        eye_fill: on(policy.tactics.eye_fill_percent),
        squeeze: on(policy.tactics.squeeze_percent),
        noted: Some(noted),
    };
    if kind == PlayoutKind::Heavy
        && let Some((_, Move::Play(last))) = board.last_move()
        && let Some(p) =
            heavy::answer_last_move(board, color, last, refused, policy, check, rng, ladders)
    {
        return Some(p);
    }
    let empties = board.empty_points();
    let n = empties.len();
    if n == 0 {
        return None;
    }
    if kind == PlayoutKind::Heavy
        && let Some(p) = fill_board(board, policy.tactics.fill_board_tries, rng)
    {
        return Some(p);
    }
    if kind == PlayoutKind::Heavy
        && let Some(p) = shaped_random(board, color, policy, check, rng)
    {
        return Some(p);
    }
    if kind == PlayoutKind::Heavy
        && let Some(adapt) = policy.adapt
        && let Some(p) =
            adapt::tilted_random(board, color, adapt, policy.tactics.adapt_tries, check, rng)
    {
        return Some(p);
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
        if kind == PlayoutKind::Light {
            return Some(p);
        }
        if let Some(q) = check.admit(board, color, p, rng) {
            return Some(q);
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
    let ko_percent = match policy.kind {
        PlayoutKind::Heavy => policy.tactics.ko_percent as usize,
        PlayoutKind::Light => 0,
    };
    // The last ko capture: where its ban was, and when.
    let mut ko = Color::BOTH
        .into_iter()
        .find_map(|c| board.ko_point(c))
        .map(|k| (k, 0));
    // Each side's last refused self-atari (0: none), kept for the other
    // side's next move.
    let noted = std::cell::Cell::new(0u16);
    let mut refused = [0u16; 2];
    for i in 0..cap {
        let ko_move = ko_fight(board, color, ko, i, ko_percent, rng);
        let theirs = std::mem::take(&mut refused[color.opponent().index()]);
        let theirs = (theirs != 0).then_some(Point(theirs));
        noted.set(0);
        let chosen =
            ko_move.or_else(|| choose_noting(board, color, policy, rng, ladders, &noted, theirs));
        refused[color.index()] = noted.get();
        match chosen {
            Some(p) => {
                amaf.record(color, p);
                let captured = board.play_unchecked(color, p);
                if captured > 0 {
                    amaf.mark_captured(captured);
                }
                passes = 0;
                if let Some(k) = board.ko_point(color.opponent()) {
                    ko = Some((k, i));
                    amaf.mark_ko_capture();
                }
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
