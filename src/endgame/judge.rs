//! The chains no proof settled, judged by the estimate and, where it is
//! in doubt, by a search for their capture ([`contest`]).
//!
//! One round judges every such chain on one estimate (the playouts' mean
//! owner of each point). A chain that a clear search verdict finds dead,
//! where the estimate alone kept it, *overturns* the estimate: the
//! playouts that kept it also judged its neighbours as if it stood. The
//! analysis then takes a second look: a new estimate without its stones,
//! and a second round for the chains the estimate decided (13x13 GNU Go
//! self-play, seed 13 game 172: a capturing race along the bottom that
//! the playouts call even. The search takes Black's eyeless D2 chain,
//! 0.90, which the estimate kept at 0.05; White's chain beside it then
//! has room and lives, and Black's chains around it die, as in both
//! play-ons. Judged on the one estimate, both sides' chains were dead,
//! or Black's alive: W+1 where the game is W+104).

use super::contest::{self, Contest};
use super::proofs::Proofs;
use super::{Status, dense, room};
use crate::rules::point::{MAX_POINTS, vertex_name};
use crate::rules::{Board, Cell, Color, Point};

/// A chain is dead when its stones' mean ownership, from its own side, is
/// below this (captured in about two playouts of three or more).
const DEAD_BELOW: f32 = -0.3;
/// The threshold when a reading says the group cannot stand whole.
const DEAD_BELOW_LEANING_DEAD: f32 = 0.1;
/// The threshold for a chain with no room to live ([`room`]): dead unless
/// the playouts clearly keep it.
const DEAD_BELOW_CRAMPED: f32 = 0.3;
/// The threshold when a reading says the group cannot be wholly taken.
const DEAD_BELOW_LEANING_ALIVE: f32 = -0.7;

/// What the judging of one position sees: the board, its proofs and the
/// player to move.
pub(super) struct Judge<'a> {
    pub board: &'a Board,
    pub proofs: &'a Proofs,
    pub to_move: Color,
}

/// What one round's capture searches decided.
pub(super) struct Round {
    /// Chains (heads) a clear search verdict decided.
    pub searched: Vec<Point>,
    /// Those of them found dead where the estimate kept them alive.
    pub overturned: Vec<Point>,
}

impl Judge<'_> {
    /// A chain's mean ownership from its own side in `own` (+1 Black, −1
    /// White, row by row from A1).
    pub(super) fn chain_mean(&self, own: &[f32], p: Point) -> f32 {
        let board = self.board;
        let c = board.cell(p).color().expect("a stone");
        let (sum, count) = board.chain_stones(p).fold((0.0, 0), |(s, k), q| {
            (s + c.relative(own[dense(board.size(), q)]), k + 1)
        });
        sum / count as f32
    }

    /// Judges every chain whose `status` is still unknown on the estimate
    /// `own`, the chains it leaves in doubt by `contest`'s searches (the
    /// most in doubt first, while its work lasts).
    pub(super) fn round(
        &self,
        own: &[f32],
        status: &mut [Option<Status>],
        contest: &mut Contest,
    ) -> Round {
        let (board, proofs) = (self.board, self.proofs);
        let size = board.size();
        let at = |p: Point| own[dense(size, p)];
        let cramped = {
            let settled_as = |p: Point, s: Status| status[p.index()] == Some(s);
            room::cramped(board, &at, &|p| settled_as(p, Status::Dead), &|p| {
                settled_as(p, Status::Alive)
                    || settled_as(p, Status::Seki)
                    || proofs.stands[p.index()]
            })
        };
        // (chain, its mean, the mean below which it is dead, who moves
        // first in its capture search)
        let mut in_doubt: Vec<(Point, f32, f32, Color)> = Vec::new();
        for p in size.points() {
            if board.cell(p) == Cell::Empty || status[p.index()].is_some() || board.chain_id(p) != p
            {
                continue;
            }
            let is_cramped = cramped.contains(&p);
            let below = match proofs.lean[p.index()] {
                l if l < 0 => DEAD_BELOW_LEANING_DEAD,
                l if l > 0 => DEAD_BELOW_LEANING_ALIVE,
                _ if is_cramped => {
                    log::debug!("no room to live: {}", vertex_name(size, p));
                    DEAD_BELOW_CRAMPED
                }
                _ => DEAD_BELOW,
            };
            let mean = self.chain_mean(own, p);
            log::trace!(
                "chain {}: mean {mean:.2}, dead below {below:.2}",
                vertex_name(size, p)
            );
            if !proofs.stands[p.index()] && contest::IN_DOUBT.contains(&mean) {
                // A cramped chain's owner has passed with no room to live:
                // the attacker moves first (13x13 GNU Go self-play, seed 14
                // game 213: White's three chains in Black's lower left live
                // in a search with White to move, 0.25, and die in both
                // play-ons).
                let first = match board.cell(p).color() {
                    Some(owner) if is_cramped => owner.opponent(),
                    _ => self.to_move,
                };
                in_doubt.push((p, mean, below, first));
                continue;
            }
            let dead = !proofs.stands[p.index()] && mean < below;
            set_chain(board, status, p, dead);
        }
        in_doubt.sort_by(|a, b| (a.1 - a.2).abs().total_cmp(&(b.1 - b.2).abs()));
        let mut out = Round {
            searched: Vec::new(),
            overturned: Vec::new(),
        };
        for (p, mean, below, first) in in_doubt {
            let verdict = contest.verdict(first, p);
            if let Some(dead) = verdict {
                out.searched.push(p);
                if dead && mean >= below {
                    out.overturned.push(p);
                }
            }
            set_chain(board, status, p, verdict.unwrap_or(mean < below));
        }
        out
    }

    /// For a second look after `round`: the stones of the chains it
    /// overturned (marked by point), and the status of every stone its
    /// searches decided.
    pub(super) fn searched(
        &self,
        round: &Round,
        status: &[Option<Status>],
    ) -> (Vec<bool>, Vec<(Point, Status)>) {
        let board = self.board;
        let mut gone = vec![false; MAX_POINTS];
        for &h in &round.overturned {
            for q in board.chain_stones(h) {
                gone[q.index()] = true;
            }
        }
        let decided = round
            .searched
            .iter()
            .flat_map(|&h| board.chain_stones(h))
            .filter_map(|q| status[q.index()].map(|s| (q, s)))
            .collect();
        (gone, decided)
    }
}

/// Marks every stone of the chain at `p` dead or alive.
pub(super) fn set_chain(board: &Board, status: &mut [Option<Status>], p: Point, dead: bool) {
    let s = if dead { Status::Dead } else { Status::Alive };
    for q in board.chain_stones(p) {
        status[q.index()] = Some(s);
    }
}
