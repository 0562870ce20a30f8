//! The features of a candidate move, as the move-prediction model sees
//! them: tactical facts in small groups, the 3x3 shape with liberties and
//! the large shapes.
//!
//! Every group holds one value per move, 0 meaning "absent"; the model
//! gives each present value a strength (gamma) and a move the product of
//! its values' strengths (a generalized Bradley-Terry model, Coulom 2007).

use super::ladder;
use super::pat3;
use super::shape::{self, ShapeHashes};
use super::tactics::liberties_after;
use crate::rules::{Board, Cell, Color, Move, Point};

/// The small feature groups, in the order of [`MoveFeatures::tactics`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// 1 a pass, 2 a pass right after the opponent's pass.
    Pass,
    /// Captures: 1 + 4 * size class (1, 2, 3-6, 7+ stones) + 2 if it
    /// saves an own chain in atari + 1 if it takes the last move's chain.
    Capture,
    /// Extends an own chain in atari: 1 + 6 if the last move made the
    /// atari + 3 * size class (1, 2+ stones) + 0 (3+ liberties after), 1
    /// (2 liberties, no ladder) or 2 (caught in a ladder, or still in
    /// atari).
    Escape,
    /// Puts an enemy chain in atari: 1, plus 8 if it holds the last move,
    /// plus 4 times the size class (1, 2+ stones), plus 0 (plain), 1
    /// (while a ko is open on the board), 2 (a ladder that captures) or 3
    /// (two chains at once).
    Atari,
    /// Leaves the move's own chain in atari without capturing: 1 + size
    /// class (1, 2, 3+ stones) + 3 if the chain and its last liberty fill
    /// an enemy eye space (a nakade shape).
    SelfAtari,
    /// 1 takes a ko.
    Ko,
    /// Distance to the last move, `dx + dy + max(dx, dy)`: 2..=16 give
    /// 1..=15, farther 16.
    DistLast,
    /// The same for the move before it.
    DistPrev,
    /// 1..=4 on the first to the fourth line, 0 farther in.
    Edge,
    /// Two-liberty fights: 1, plus 3 if a chain involved holds the last
    /// move, plus 0 (gives an own two-liberty chain three or more), 1
    /// (takes an enemy chain from three liberties to two) or 2 (touches an
    /// own two-liberty chain without gaining a liberty).
    Libs2,
}

impl Group {
    /// Every small group, in order.
    pub const ALL: [Group; 10] = [
        Group::Pass,
        Group::Capture,
        Group::Escape,
        Group::Atari,
        Group::SelfAtari,
        Group::Ko,
        Group::DistLast,
        Group::DistPrev,
        Group::Edge,
        Group::Libs2,
    ];

    /// Number of present values (value 0, absent, not counted).
    pub const fn values(self) -> usize {
        match self {
            Group::Pass => 2,
            Group::Capture => 16,
            Group::Escape => 12,
            Group::Atari => 16,
            Group::SelfAtari => 6,
            Group::Ko => 1,
            Group::DistLast | Group::DistPrev => 16,
            Group::Edge => 4,
            Group::Libs2 => 6,
        }
    }

    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Group::Pass => "pass",
            Group::Capture => "capture",
            Group::Escape => "escape",
            Group::Atari => "atari",
            Group::SelfAtari => "self-atari",
            Group::Ko => "ko",
            Group::DistLast => "dist-last",
            Group::DistPrev => "dist-prev",
            Group::Edge => "edge",
            Group::Libs2 => "two-liberties",
        }
    }
}

/// Number of small groups.
pub const GROUPS: usize = Group::ALL.len();

/// Everything the model reads about one candidate move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFeatures {
    /// One value per small group (see [`Group`]), 0 absent.
    pub tactics: [u8; GROUPS],
    /// Raw 3x3 code as seen (0 for a pass); [`pat3::canonical`] gives
    /// the code shared by its symmetries.
    pub pat3: pat3::Code,
    /// Canonical large-shape hashes, smallest first (0s for a pass;
    /// from [`features_while`], `NO_KEY` past the first unlisted size).
    pub shapes: ShapeHashes,
}

impl MoveFeatures {
    /// The value of one small group.
    pub fn get(&self, g: Group) -> u8 {
        self.tactics[g as usize]
    }
}

/// The distance Coulom's and Pachi's models use between two points.
pub fn distance(board: &Board, a: Point, b: Point) -> usize {
    let size = board.size();
    let (ax, ay) = size.coords(a);
    let (bx, by) = size.coords(b);
    let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
    dx + dy + dx.max(dy)
}

fn dist_value(board: &Board, p: Point, mv: Option<(Color, Move)>) -> u8 {
    match mv {
        Some((_, Move::Play(q))) => distance(board, p, q).clamp(2, 17) as u8 - 1,
        _ => 0,
    }
}

/// The features of a pass.
pub fn pass_features(board: &Board) -> MoveFeatures {
    let mut tactics = [0; GROUPS];
    let after_pass = matches!(board.last_move(), Some((_, Move::Pass)));
    tactics[Group::Pass as usize] = if after_pass { 2 } else { 1 };
    MoveFeatures {
        tactics,
        pat3: 0,
        shapes: [0; shape::SIZES],
    }
}

/// The features of `color` playing the empty point `p` (which the caller
/// has checked is playable: not the ko point, not suicide).
pub fn features(board: &Board, color: Color, p: Point) -> MoveFeatures {
    features_while(board, color, p, |_| true, &mut ladder::Reader::new())
}

/// [`features`] with the large shapes hashed only up to the first one
/// `listed` refuses ([`shape::hashes_while`]): what a model needs, for
/// a fraction of the work. `ladders` reads the ladders (one reader for
/// all the moves of a position saves its boards).
pub fn features_while(
    board: &Board,
    color: Color,
    p: Point,
    listed: impl Fn(u64) -> bool,
    ladders: &mut ladder::Reader,
) -> MoveFeatures {
    let mut tactics = tactical(board, color, p, ladders);
    tactics[Group::DistLast as usize] = dist_value(board, p, board.last_move());
    tactics[Group::DistPrev as usize] = dist_value(board, p, board.prev_move());
    let line = board.size().line(p);
    tactics[Group::Edge as usize] = if line < 4 { line as u8 + 1 } else { 0 };
    MoveFeatures {
        tactics,
        pat3: pat3::code(board, color, p),
        shapes: shape::hashes_while(board, color, p, listed),
    }
}

fn size_class(stones: usize, bounds: &[usize]) -> u8 {
    bounds.iter().filter(|&&b| stones >= b).count() as u8
}

/// The neighbour chains of `p` (their heads), without repeats.
pub(crate) fn neighbour_chains(board: &Board, p: Point, cell: Cell) -> ([Point; 4], usize) {
    let mut heads = [p; 4];
    let mut n = 0;
    for q in board.neighbours(p) {
        if board.cell(q) == cell {
            let h = board.chain_id(q);
            if !heads[..n].contains(&h) {
                heads[n] = h;
                n += 1;
            }
        }
    }
    (heads, n)
}

/// The capture, escape, atari, self-atari and ko groups.
fn tactical(board: &Board, color: Color, p: Point, ladders: &mut ladder::Reader) -> [u8; GROUPS] {
    let mut t = [0u8; GROUPS];
    let own = Cell::stone(color);
    let enemy = Cell::stone(color.opponent());
    let last_point = match board.last_move() {
        Some((_, Move::Play(q))) if board.cell(q) != Cell::Empty => Some(q),
        _ => None,
    };
    let last = last_point.map(|q| board.chain_id(q));
    let (enemies, ne) = neighbour_chains(board, p, enemy);
    let (owns, no) = neighbour_chains(board, p, own);

    // Captures.
    let mut captured = 0;
    let (mut saves, mut takes_last) = (false, false);
    for &h in &enemies[..ne] {
        if board.atari_liberty(h) == Some(p) {
            captured += board.chain_len(h);
            takes_last |= last == Some(h);
            saves |= board.chain_stones(h).any(|s| {
                board
                    .neighbours(s)
                    .iter()
                    .any(|&q| board.cell(q) == own && board.in_atari(q))
            });
        }
    }
    if captured > 0 {
        t[Group::Capture as usize] =
            1 + 4 * size_class(captured, &[2, 3, 7]) + 2 * saves as u8 + takes_last as u8;
    }

    // Escapes of own chains in atari.
    let touches_last = |h: Point| match last_point {
        Some(q) => board
            .neighbours(q)
            .iter()
            .any(|&n| board.cell(n) != Cell::Empty && board.chain_id(n) == h),
        None => false,
    };
    let (mut rescued, mut new_atari) = (0, false);
    for &h in owns[..no].iter().filter(|&&h| board.in_atari(h)) {
        rescued += board.chain_len(h);
        new_atari |= touches_last(h);
    }
    let libs = liberties_after(board, color, p, 3);
    if rescued > 0 {
        let outcome = match libs {
            0 | 1 => 2,
            2 if ladders.captured_after(board, color, p) => 2,
            2 => 1,
            _ => 0,
        };
        t[Group::Escape as usize] =
            1 + 6 * new_atari as u8 + 3 * size_class(rescued, &[2]) + outcome;
    }

    // Ataris, and two-liberty fights.
    let (mut atari_stones, mut ataris) = (0, 0);
    let (mut ladder_atari, mut atari_last) = (false, false);
    let mut libs2 = None;
    let mut near_last2 = false;
    let mut buf = [p; 4];
    for &h in &enemies[..ne] {
        match board.liberties_upto(h, &mut buf) {
            2 => {
                atari_stones += board.chain_len(h);
                ataris += 1;
                atari_last |= last == Some(h);
                if !ladder_atari && libs >= 2 {
                    ladder_atari = ladders.escape_fails_after(board, color, p, h);
                }
            }
            3 => {
                libs2 = Some(libs2.map_or(1, |v: u8| v.min(1)));
                near_last2 |= last == Some(h);
            }
            _ => {}
        }
    }
    for &h in &owns[..no] {
        if board.liberties_upto(h, &mut buf) == 2 {
            // Extending (0) outranks an approach (1), which outranks a
            // move beside an own short chain that gains nothing (2).
            let v = if libs >= 3 { 0 } else { 2 };
            libs2 = Some(libs2.map_or(v, |u: u8| u.min(v)));
            near_last2 |= touches_last(h);
        }
    }
    if atari_stones > 0 {
        let ko_open = board.ko_point(color).is_some() || board.ko_point(color.opponent()).is_some();
        let kind = if ataris >= 2 {
            3
        } else if ladder_atari {
            2
        } else if ko_open {
            1
        } else {
            0
        };
        t[Group::Atari as usize] =
            1 + 8 * atari_last as u8 + 4 * size_class(atari_stones, &[2]) + kind;
    } else if let Some(v) = libs2 {
        t[Group::Libs2 as usize] = 1 + 3 * near_last2 as u8 + v;
    }

    // Self-atari, and ko.
    if captured == 0 && libs == 1 {
        let stones = 1 + owns[..no]
            .iter()
            .map(|&h| board.chain_len(h))
            .sum::<usize>();
        let nakade = fills_eye_space(board, color, p, ladders);
        t[Group::SelfAtari as usize] = 1 + size_class(stones, &[2, 3]) + if nakade { 3 } else { 0 };
    }
    if captured == 1 && no == 0 && board.empty_neighbours(p) == 0 {
        // A lone stone capturing one stone from a point without liberties
        // of its own: the opponent may not retake at once.
        t[Group::Ko as usize] = 1;
    }
    t
}

/// True if the chain `color` makes at `p`, in atari, together with its
/// one liberty is enclosed by enemy stones and the edge, and small
/// (at most six points): a nakade play into an enemy eye space rather
/// than a stone thrown away.
fn fills_eye_space(board: &Board, color: Color, p: Point, ladders: &mut ladder::Reader) -> bool {
    ladders.with_move(board, color, p, |next| {
        if next.cell(p) == Cell::Empty || next.chain_len(p) > 5 {
            return false;
        }
        let Some(lib) = next.atari_liberty(p) else {
            return false;
        };
        let own = Cell::stone(color);
        let head = next.chain_id(p);
        let inside = |q: Point| q == lib || (next.cell(q) == own && next.chain_id(q) == head);
        let enclosed = |q: Point| {
            next.neighbours(q).iter().all(|&r| {
                inside(r)
                    || matches!(next.cell(r), Cell::Border)
                    || next.cell(r) == Cell::stone(color.opponent())
            })
        };
        next.chain_stones(p).all(enclosed) && enclosed(lib)
    })
}

#[cfg(test)]
mod tests;
