//! The heavy playout policy's answers to the last move, in the spirit of
//! MoGo's and Pachi's playouts, in order:
//!
//! 1. capture a chain in atari next to the last move, or next to the
//!    player's own previous move (an atari the opponent ignored);
//! 2. save own chains the last move put in atari: capture an attacker in
//!    atari, or extend if that gives two liberties or more (with
//!    [`Tactics::ladder_lines`](super::Tactics), not into a ladder near
//!    the edge);
//! 3. play the vital point of a small eye space next to the last move
//!    (nakade for the one, eye-making for the other);
//! 4. two-liberty fights: extend an own chain reduced to two liberties,
//!    or atari an enemy two-liberty chain whose escape gains nothing;
//! 5. with [`Tactics::race_percent`](super::Tactics), take or atari the
//!    enemy chains beside own chains of three or four liberties around
//!    the last move (capturing races decided by approach moves);
//! 6. with last good replies on, the answer that last won after the
//!    last one or two moves ([`super::Replies`]);
//! 7. a shape move around the last two moves, chosen with the learned
//!    playout weights of the 3x3 shapes with atari information, or none
//!    (play elsewhere) in proportion to the learned tenuki weight.
//!
//! The steps are tried on [`Tactics::answer_percent`](super::Tactics) of
//! the moves, and always where the last move put a big own chain in
//! atari ([`Tactics::big_chain_stones`](super::Tactics)). Steps 1, 2, 4
//! and 5 pick uniformly among their candidates; a self-atari that does
//! not pay is never suggested (step 7 lets small ones through on the
//! moves [`Tactics::selfatari_percent`](super::Tactics) leaves out).
//! Nothing here allocates.

use super::cands::{Cands, SeenChains};
use super::fights::{enemy_stones_beside, race_moves, two_liberty_moves};
use super::{Policy, ShapeLog, below};
use crate::knowledge::ladder;
use crate::knowledge::model::Model;
use crate::knowledge::pat3;
use crate::knowledge::tactics::{
    bad_self_atari, bad_self_atari_from, liberties_after, local_points, playable, vital_point,
};
use crate::rules::{Board, Cell, Color, Move, Point};
use rand::Rng;
use rand::rngs::SmallRng;

/// Captures of enemy chains in atari next to `at` (or containing it).
#[inline(always)]
fn capture_moves(board: &Board, color: Color, at: Point, cands: &mut Cands) {
    let enemy = Cell::stone(color.opponent());
    if board.cell(at) == enemy {
        // The enemy stones beside an enemy stone are its own chain (the
        // last move's case): one chain to read.
        if let Some(lib) = board.atari_liberty(at)
            && playable(board, color, lib)
        {
            cands.push(lib);
        }
        return;
    }
    for n in board.neighbours(at) {
        if board.cell(n) == enemy
            && let Some(lib) = board.atari_liberty(n)
            && playable(board, color, lib)
        {
            cands.push(lib);
        }
    }
}

/// Escapes for own chains next to `last` that are in atari: capture an
/// attacker in atari, or extend when that gives two liberties or more.
/// An extension onto one of the first `ladder_lines` lines that leaves
/// exactly two liberties is read out first and left out if a ladder
/// catches the chain anyway (the reader counts a counter-capture as an
/// escape).
fn escape_moves(
    board: &Board,
    color: Color,
    last: Point,
    ladder_lines: u32,
    ladders: &mut ladder::Reader,
    cands: &mut Cands,
) {
    let own = Cell::stone(color);
    let mut seen = SeenChains::new();
    for n in board.neighbours(last) {
        if board.cell(n) != own || !board.in_atari(n) || !seen.first_visit(board, n) {
            continue;
        }
        let head = board.chain_id(n);
        enemy_stones_beside(board, color, head, |q| {
            if let Some(lib) = board.atari_liberty(q)
                && playable(board, color, lib)
            {
                cands.push(lib);
            }
        });
        if let Some(lib) = board.atari_liberty(n)
            && playable(board, color, lib)
        {
            let libs = liberties_after(board, color, lib, 3);
            let read = libs == 2 && board.size().line(lib) < ladder_lines as usize;
            if libs >= 2 && !(read && ladders.escape_fails(board, n)) {
                cands.push(lib);
            }
        }
    }
}

/// True if the last move put an own chain of `stones` stones or more
/// beside it in atari (Pachi always answers those; 0 never).
fn big_chain_in_atari(board: &Board, color: Color, last: Point, stones: u32) -> bool {
    let own = Cell::stone(color);
    stones > 0
        && board.neighbours(last).into_iter().any(|n| {
            board.cell(n) == own && board.in_atari(n) && board.chain_len(n) >= stones as usize
        })
}

/// A shape move around the last two moves, drawn with the model's
/// playout weights, or `None` for "play elsewhere". A drawn move that is
/// a self-atari of `min_stones` or more that does not pay is struck out
/// and the draw repeated (checking only the drawn moves is much cheaper
/// than checking all).
fn shape_move(
    board: &Board,
    color: Color,
    model: &Model,
    tenuki_percent: u32,
    min_stones: usize,
    rng: &mut SmallRng,
    log: Option<&ShapeLog>,
) -> Option<Point> {
    let mut pts = [Point(0); 16];
    let n = local_points(board, color, &mut pts);
    // The codes first, each gamma's load started as its code is known,
    // so that the loads overlap rather than stall one after another.
    let mut codes = [0; 16];
    for (c, &p) in codes.iter_mut().zip(&pts[..n]) {
        *c = pat3::atari_code(board, color, p);
        model.prefetch_playout_gamma(*c);
    }
    let mut weights = [0f32; 16];
    let mut total = 0f32;
    for (w, &c) in weights.iter_mut().zip(&codes[..n]) {
        *w = model.playout_gamma(c);
        total += *w;
    }
    let tenuki = model.playout_tenuki() * (tenuki_percent as f32 / 100.0);
    while total > 0.0 {
        let r = (rng.next_u32() as f32 / 4_294_967_296.0) * (total + tenuki);
        let mut acc = 0.0;
        let mut pick = None;
        for (i, &w) in weights[..n].iter().enumerate() {
            acc += w;
            if r < acc && w > 0.0 {
                pick = Some(i);
                break;
            }
        }
        let Some(i) = pick else {
            if let Some(log) = log {
                log.record(&codes[..n], &weights[..n], tenuki, None);
            }
            return None;
        };
        if !bad_self_atari_from(board, color, pts[i], min_stones) {
            if let Some(log) = log {
                log.record(&codes[..n], &weights[..n], tenuki, Some(i));
            }
            return Some(pts[i]);
        }
        total -= weights[i];
        weights[i] = 0.0;
    }
    None
}

/// A move answering the last move, for the heavy policy; its shape moves
/// refuse self-ataris of `min_stones` or more that do not pay.
pub(super) fn answer_last_move(
    board: &Board,
    color: Color,
    last: Point,
    policy: Policy<'_>,
    min_stones: usize,
    rng: &mut SmallRng,
    ladders: &mut ladder::Reader,
) -> Option<Point> {
    // Some random moves keep playouts from repeating one fixed sequence,
    // but not where a big chain is in atari.
    let tactics = policy.tactics;
    if !big_chain_in_atari(board, color, last, tactics.big_chain_stones)
        && below(rng, 100) >= tactics.answer_percent as usize
    {
        return None;
    }
    let prev = board.prev_move();
    let prev_point = prev.and_then(|(_, m)| m.point());
    if let Some(replies) = policy.replies {
        replies.prefetch(color, prev_point, last);
    }
    let mut cands = Cands::new();
    capture_moves(board, color, last, &mut cands);
    if let Some((c, Move::Play(prev))) = prev
        && c == color
    {
        capture_moves(board, color, prev, &mut cands);
    }
    if let Some(p) = cands.pick(rng) {
        return Some(p);
    }
    escape_moves(
        board,
        color,
        last,
        tactics.ladder_lines,
        ladders,
        &mut cands,
    );
    if let Some(p) = cands.pick(rng) {
        return Some(p);
    }
    // A stone with four empty neighbours stands in the open: no small
    // eye space touches it.
    if board.empty_neighbours(last) < 4
        && let Some(p) = vital_point(board, last)
        && playable(board, color, p)
        && !bad_self_atari(board, color, p)
    {
        return Some(p);
    }
    two_liberty_moves(board, color, last, &mut cands);
    if let Some(p) = cands.pick(rng) {
        return Some(p);
    }
    let percent = tactics.race_percent as usize;
    if percent > 0 && below(rng, 100) < percent {
        race_moves(board, color, last, &mut cands);
        if let Some(p) = cands.pick(rng) {
            return Some(p);
        }
    }
    // The answer that last won in this search's simulations, before the
    // learned shapes (tried before the eye and two-liberty answers, it
    // scored 4 to 8 points lower against Pachi: docs/strength-log.md).
    if let Some(replies) = policy.replies
        && let Some(p) = replies.reply(color, prev_point, last)
        && playable(board, color, p)
        && !bad_self_atari(board, color, p)
    {
        return Some(p);
    }
    let tenuki = tactics.tenuki_percent;
    shape_move(
        board,
        color,
        policy.model,
        tenuki,
        min_stones,
        rng,
        policy.shape_log,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};
    use rand::SeedableRng;

    /// Black D3 has just put White D2 in atari; running to D1 gives two
    /// liberties, C1 and E1, and either atari then captures.
    const EDGE_LADDER: &str = ". . . . . . . . .
                               . . . . . . . . .
                               . . . . . . . . .
                               . . . . . . . . .
                               . . . . . . . . .
                               . . . . . . . . .
                               . . . X . . . . .
                               . . X O X . . . .
                               . . . . . . . . .";

    fn escapes(b: &Board, ladder_lines: u32) -> Vec<Point> {
        let d3 = vertex(b.size(), "D3").unwrap();
        let mut cands = Cands::new();
        escape_moves(
            b,
            Color::White,
            d3,
            ladder_lines,
            &mut ladder::Reader::new(),
            &mut cands,
        );
        cands.found()
    }

    #[test]
    fn an_escape_into_an_edge_ladder_is_read_out_and_left_out() {
        let b = parse(EDGE_LADDER);
        let d1 = vertex(b.size(), "D1").unwrap();
        assert_eq!(escapes(&b, 0), vec![d1]);
        assert_eq!(escapes(&b, 1), vec![]);
    }

    #[test]
    fn an_escape_with_a_counter_capture_is_kept() {
        // Black E2 is itself in atari (White E3, F2): the reader counts
        // the counter-capture at E1 as an escape, so D1 stays beside it.
        let mut b = parse(EDGE_LADDER);
        b.play_unchecked(Color::White, vertex(b.size(), "E3").unwrap());
        b.play_unchecked(Color::White, vertex(b.size(), "F2").unwrap());
        let at = |v: &str| vertex(b.size(), v).unwrap();
        assert_eq!(escapes(&b, 1), vec![at("E1"), at("D1")]);
    }

    #[test]
    fn a_big_chain_in_atari_is_answered_on_every_move() {
        // Black E6 has put White C5 D5 E5 in atari; F5 gives it three
        // liberties. With no answers at all (answer_percent 0) only the
        // big-chain rule answers.
        let b = parse(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . X X X . . . .
             . X O O O . . . .
             . . X X X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        let model = crate::knowledge::builtin();
        let answer = |stones: u32| {
            let tactics = super::super::Tactics {
                answer_percent: 0,
                big_chain_stones: stones,
                ..Default::default()
            };
            let policy = Policy {
                kind: super::super::PlayoutKind::Heavy,
                model: &model,
                tactics,
                replies: None,
                shape_log: None,
            };
            let e6 = vertex(b.size(), "E6").unwrap();
            let mut rng = SmallRng::seed_from_u64(1);
            answer_last_move(
                &b,
                Color::White,
                e6,
                policy,
                1,
                &mut rng,
                &mut ladder::Reader::new(),
            )
        };
        assert_eq!(answer(3), Some(vertex(b.size(), "F5").unwrap()));
        assert_eq!(answer(4), None);
        assert_eq!(answer(0), None);
    }
}
