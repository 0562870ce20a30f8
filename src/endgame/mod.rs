//! Life and death at the end of the game: which stones are dead, which
//! live in seki, and the territory that follows — one computation per
//! position, which every command that needs it reads ([`Analyst`]).
//!
//! Proofs first, estimates only where the proofs say nothing:
//! 1. **Proofs** ([`proofs`]): Benson's pass-alive chains (never dead) and
//!    the stones inside an opponent's unconditional area (always dead);
//!    sure captures ([`tactics`]); static sekis ([`seki`]); and local
//!    fights ([`fight`]) read out to the end ([`solver`]), which settle the
//!    eye shapes, nakade, bent four in the corner and sekis with or
//!    without eyes. Results that hold only while the surrounding walls
//!    live are accepted once the walls are proven or estimated alive.
//! 2. **Estimate**: heavy playouts (the search's policy, simple ko, no eye
//!    filling) from the position after the sure captures, with the proven
//!    dead stones removed, give each point's mean final owner. A chain with
//!    no proof whose stones end up owned by the opponent in most playouts
//!    is dead; where a reading bounds its group without settling it, the
//!    threshold leans towards what the reading implies.
//!    Chains the estimate leaves near its threshold are searched for
//!    their capture (`contest.rs`), and a clear verdict of that search
//!    decides them. A search that takes a chain the estimate kept calls
//!    for a second estimate without it, which judges the others anew
//!    (`judge.rs`).
//! 3. **Seki by estimate**: living chains with no proof that share a
//!    liberty with a living enemy chain, where that liberty stays neutral
//!    in the playouts, are in seki.
//!
//! Deterministic for a position, player to move and seed. Depends on the
//! rules core and the search (its playouts, and its tree for the capture
//! search) only.

pub mod benson;
mod cache;
mod contest;
pub mod fight;
mod judge;
pub mod proofs;
mod room;
pub mod seki;
pub mod solver;
pub mod tactics;

pub use cache::Analyst;

use crate::knowledge::model::Model;
use crate::rules::point::{BoardSize, MAX_POINTS};
use crate::rules::score::{AreaCount, area_count, for_each_empty_region};
use crate::rules::{Board, ByColor, Cell, Color, Game, Point, ScoreReport};
use crate::search::playout::{self, PlayoutKind, Policy, Tactics};
use proofs::Proofs;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// A wall lives, for a conditional proof, when its mean ownership from its
/// own side is at least this.
const WALL_ALIVE: f32 = 0.2;
/// A shared liberty is neutral (seki) when its mean ownership is within
/// this of zero.
const NEUTRAL_WITHIN: f32 = 0.4;
/// Nodes each fight's reading may visit: four times the solver's default.
/// A capturing race at the end of a 9x9 game against GNU Go (a White chain
/// of nine stones against Black chains of twelve, four and one; a fight
/// area of 28 points) is read out as dead for White from 160,000 nodes,
/// and left unknown at 40,000 and 80,000; the estimate then called the
/// corner a seki and counted W+20 where the referee counted a draw
/// (`tests::a_race_read_out_with_a_larger_budget_is_no_seki`). The
/// finished-games corpus stays exact (624 of 624, the textbook 64 of 64)
/// and its 13x13 and 19x19 games take about a third more time, the
/// slowest 19x19 one 3.2 s against 2.8 s (docs/dead-stones.md).
const READING_BUDGET: usize = 4 * solver::DEFAULT_BUDGET;

/// Nodes all the fights of one analysis may visit together (give or take
/// one reading), the smallest fights read first. Large open fights rarely
/// finish (every reading of the finished-games corpus that finished took
/// under 160,000 nodes, and one that does not costs two full budgets), and
/// on a 19x19 board two of them took a second and a half
/// (19-l1-p500/game-000: fights of 49 and 95 points, both left unknown).
const READING_POOL: usize = 10 * solver::DEFAULT_BUDGET;

/// The status of a stone at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Stays on the board.
    Alive,
    /// Removed before counting.
    Dead,
    /// Stays on the board, sharing liberties that count for nobody.
    Seki,
}

/// The status of every stone and empty point.
#[derive(Clone, Debug)]
pub struct Statuses {
    /// Dead stones (to be removed before counting).
    pub dead: Vec<Point>,
    /// Stones alive in seki.
    pub seki: Vec<Point>,
    /// Stones that stay on the board (seki included).
    pub alive: Vec<Point>,
    /// Stones proven alive by Benson's algorithm.
    pub proven_alive: Vec<Point>,
    /// Stones whose status a proof settled (any proof).
    pub proven: Vec<Point>,
    /// Empty points (and dead stones' points) counted for each side after
    /// removing the dead stones.
    pub territory: [Vec<Point>; 2],
    /// Empty points counted for nobody.
    pub dame: Vec<Point>,
    /// The board with the dead stones removed.
    pub settled: Board,
    /// Playouts behind the estimate.
    pub playouts: u32,
    /// Final owner of each point (+1 Black, -1 White), row by row from A1:
    /// the playouts' mean, and ±1 (0 in seki) on stones a proof settled.
    pub ownership: Vec<f32>,
}

impl Statuses {
    /// The area count of the settled board.
    pub fn count(&self) -> AreaCount {
        area_count(&self.settled)
    }

    /// Dead stones of colour `c`.
    pub fn dead_of(&self, board: &Board, c: Color) -> usize {
        self.dead
            .iter()
            .filter(|&&p| board.cell(p) == Cell::stone(c))
            .count()
    }

    /// The score of `game` (whose position these statuses are of) with
    /// the dead stones removed: both counts, under the game's rules.
    pub fn score(&self, game: &Game) -> ScoreReport {
        let board = game.board();
        let dead = ByColor {
            black: self.dead_of(board, Color::Black) as u32,
            white: self.dead_of(board, Color::White) as u32,
        };
        game.score_board(&self.settled, dead)
    }

    /// The final owner (+1 Black, -1 White, 0 seki) of every stone a proof
    /// settled, as (row-major index from A1, owner).
    pub fn proven_owners(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        let size = self.settled.size();
        self.proven.iter().map(move |&p| {
            let i = dense(size, p);
            (i, self.ownership[i])
        })
    }
}

/// Playouts used for the ownership estimate on a board of `area` points.
pub fn default_playouts(area: usize) -> u32 {
    if area <= 169 { 1000 } else { 400 }
}

/// `board` without the stones `gone` marks.
fn without(board: &Board, gone: impl Fn(Point) -> bool) -> Board {
    let stones: Vec<(Color, Point)> = board
        .size()
        .points()
        .filter(|&p| !gone(p))
        .filter_map(|p| board.cell(p).color().map(|c| (c, p)))
        .collect();
    // Removing stones only adds liberties, so every chain keeps one.
    Board::with_stones(board.size(), &stones).expect("removing stones keeps every chain a liberty")
}

/// The index of `p` in an ownership list (row by row from A1).
fn dense(size: BoardSize, p: Point) -> usize {
    let (x, y) = size.coords(p);
    y * size.get() + x
}

/// Decides the status of every stone of `board` with `to_move` to play.
pub fn analyse(board: &Board, to_move: Color, model: &Model, playouts: u32, seed: u64) -> Statuses {
    let size = board.size();
    let proofs = proofs::prove(board, to_move, READING_BUDGET, READING_POOL);
    // The playouts start after the sure captures, without proven dead
    // stones, so the capturer's eyes count.
    let start = without(&proofs.resolved, |p| {
        matches!(proofs.status[p.index()], Some((Status::Dead, _)))
    });
    let policy = Policy {
        kind: PlayoutKind::Heavy,
        model,
        tactics: Tactics::default(),
        replies: None,
        shape_log: None,
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut own = playout::mean_ownership(&start, to_move, policy, playouts, &mut rng);
    let judge = judge::Judge {
        board,
        proofs: &proofs,
        to_move,
    };
    let (mut status, mut proven) = settle_by_proofs(&judge, &own);
    // The estimate, for chains no proof settled; capture searches, before
    // and after the sure captures, for those it leaves in doubt.
    let as_it_stands = without(
        board,
        |p| matches!(proofs.status[p.index()], Some((Status::Dead, proof)) if proof != proofs::Proof::Capture),
    );
    let boards = contest::Boards {
        as_it_stands: &as_it_stands,
        after_captures: &start,
    };
    let unsettled = size
        .points()
        .filter(|&q| board.cell(q) == Cell::Empty && own[dense(size, q)].abs() < 0.5)
        .count();
    let work = if unsettled <= contest::MAX_UNSETTLED {
        contest::WORK
    } else {
        contest::OPEN_WORK
    };
    let mut contest = contest::Contest::new(boards, work, seed);
    let first = judge.round(&own, &mut status, &mut contest);
    if !first.overturned.is_empty() {
        log::debug!("a second look: {} chains taken", first.overturned.len());
        // A second look without the chains the searches overturned: the
        // proofs that hold on their walls, and the estimate, judge anew;
        // the searches' clear verdicts stand.
        let (gone, searched) = judge.searched(&first, &status);
        let is_gone = |b: &Board, p: Point| gone[p.index()] && b.cell(p) == board.cell(p);
        let start = without(&start, |p| is_gone(&start, p));
        let as_it_stands = without(&as_it_stands, |p| is_gone(&as_it_stands, p));
        own = playout::mean_ownership(&start, to_move, policy, playouts, &mut rng);
        (status, proven) = settle_by_proofs(&judge, &own);
        for (p, s) in searched {
            status[p.index()].get_or_insert(s);
        }
        let mut contest = contest.on(contest::Boards {
            as_it_stands: &as_it_stands,
            after_captures: &start,
        });
        judge.round(&own, &mut status, &mut contest);
    }
    spare_inside_dead(board, &proofs, &mut status);
    mark_estimated_seki(board, &own, &proven, &mut status);
    // Proven stones own their points outright.
    for p in size.points() {
        let (Some(c), Some(s)) = (board.cell(p).color(), status[p.index()]) else {
            continue;
        };
        if proven[p.index()] {
            own[dense(size, p)] = match s {
                Status::Alive => c.relative(1.0),
                Status::Dead => c.relative(-1.0),
                Status::Seki => 0.0,
            };
        }
    }
    build(board, &status, &proven, &proofs, playouts, own)
}

/// The status of every stone the proofs settle, on the estimate `own`
/// (which says whether the walls of a conditional proof live), and which
/// stones they are.
fn settle_by_proofs(judge: &judge::Judge, own: &[f32]) -> (Vec<Option<Status>>, Vec<bool>) {
    let proofs = judge.proofs;
    let mut status: Vec<Option<Status>> = vec![None; MAX_POINTS];
    let mut proven = vec![false; MAX_POINTS];
    for p in judge.board.size().points() {
        if let Some((s, _)) = proofs.status[p.index()] {
            status[p.index()] = Some(s);
            proven[p.index()] = true;
        }
    }
    accept_conditionals(judge, own, &mut status, &mut proven);
    for &(p, s) in &proofs.weak {
        if status[p.index()].is_none() && !proofs.contested(p) {
            status[p.index()] = Some(s);
            proven[p.index()] = true;
        }
    }
    (status, proven)
}

/// Applies each conditional proof whose walls are all proven alive or
/// estimated alive, and whose stones no other proof settled differently.
fn accept_conditionals(
    judge: &judge::Judge,
    own: &[f32],
    status: &mut [Option<Status>],
    proven: &mut [bool],
) {
    let (board, proofs) = (judge.board, judge.proofs);
    for c in &proofs.conditional {
        let walls_live = c.walls.iter().all(|&w| {
            board.cell(w) != Cell::Empty
                && match status[w.index()] {
                    Some(Status::Alive | Status::Seki) => proven[w.index()],
                    Some(Status::Dead) => false,
                    None => judge.chain_mean(own, w) >= WALL_ALIVE,
                }
        });
        let clash = c
            .stones
            .iter()
            .any(|&(p, s)| status[p.index()].is_some_and(|t| t != s));
        if walls_live && !clash {
            for &(p, s) in &c.stones {
                status[p.index()] = Some(s);
                proven[p.index()] = true;
            }
        }
    }
}

/// A chain in atari that only dead chains could take is not dead: taking
/// it would not save them, and the side that owns the area at the end is
/// its owner (13-l1/game-079: four stones in a square in atari inside a
/// group that dies with or without them).
fn spare_inside_dead(board: &Board, proofs: &Proofs, status: &mut [Option<Status>]) {
    for p in board.size().points() {
        if board.cell(p) == Cell::Empty
            || board.chain_id(p) != p
            || !matches!(
                proofs.status[p.index()],
                Some((Status::Dead, proofs::Proof::Capture))
            )
        {
            continue;
        }
        let c = board.cell(p).color().expect("a stone");
        let mut capturers = board
            .chain_stones(p)
            .flat_map(|s| board.neighbours(s))
            .filter(|&n| board.cell(n) == Cell::stone(c.opponent()))
            .peekable();
        let any = capturers.peek().is_some();
        if any && capturers.all(|n| status[n.index()] == Some(Status::Dead)) {
            for q in board.chain_stones(p) {
                status[q.index()] = Some(Status::Alive);
            }
        }
    }
}

/// Seki by estimate: living chains with no proof that share a neutral
/// liberty with a living enemy chain.
fn mark_estimated_seki(board: &Board, own: &[f32], proven: &[bool], status: &mut [Option<Status>]) {
    let size = board.size();
    let mut seki_chain = vec![false; MAX_POINTS];
    // Filling a liberty of a seki puts the filler in atari, whichever
    // colour fills it, once the dead stones are gone; a neutral point
    // where one side may fill safely is plain dame between living groups
    // (13x13 agreement set, game-109: J1 between a White stone joined to
    // its group through an eye and a Black chain whose territory held
    // dead stones).
    let settled = without(board, |q| status[q.index()] == Some(Status::Dead));
    for p in size.points() {
        if board.cell(p) != Cell::Empty
            || own[dense(size, p)].abs() >= NEUTRAL_WITHIN
            || !Color::BOTH
                .iter()
                .all(|&c| fills_into_atari(&settled, c, p))
        {
            continue;
        }
        let mut around: Vec<(Color, Point)> = Vec::new();
        for n in board.neighbours(p) {
            if let Some(c) = board.cell(n).color()
                && status[n.index()] == Some(Status::Alive)
                && !proven[n.index()]
            {
                around.push((c, board.chain_id(n)));
            }
        }
        let both = around.iter().any(|(c, _)| *c == Color::Black)
            && around.iter().any(|(c, _)| *c == Color::White);
        if both {
            for (_, h) in around {
                seki_chain[h.index()] = true;
            }
        }
    }
    for p in size.points() {
        if board.cell(p) != Cell::Empty && seki_chain[board.chain_id(p).index()] {
            status[p.index()] = Some(Status::Seki);
        }
    }
}

/// True if `color` cannot play at the empty point `p` of `board`, or
/// would leave the chain it joins in atari.
fn fills_into_atari(board: &Board, color: Color, p: Point) -> bool {
    if board.is_suicide(color, p) {
        return true;
    }
    let mut after = board.clone();
    after.play_unchecked(color, p);
    after.in_atari(p)
}

/// The statuses, settled board and territories from each stone's status.
fn build(
    board: &Board,
    status: &[Option<Status>],
    proven: &[bool],
    proofs: &Proofs,
    playouts: u32,
    ownership: Vec<f32>,
) -> Statuses {
    let mut out = Statuses {
        dead: Vec::new(),
        seki: Vec::new(),
        alive: Vec::new(),
        proven_alive: Vec::new(),
        proven: Vec::new(),
        territory: [Vec::new(), Vec::new()],
        dame: Vec::new(),
        settled: board.clone(),
        playouts,
        ownership,
    };
    for p in board.size().points() {
        let Some(c) = board.cell(p).color() else {
            continue;
        };
        match status[p.index()].unwrap_or(Status::Alive) {
            Status::Dead => out.dead.push(p),
            s => {
                out.alive.push(p);
                if s == Status::Seki {
                    out.seki.push(p);
                }
            }
        }
        if proofs.pass_alive[c.index()][p.index()] {
            out.proven_alive.push(p);
        }
        if proven[p.index()] {
            out.proven.push(p);
        }
    }
    let dead: Vec<bool> = {
        let mut d = vec![false; MAX_POINTS];
        for &p in &out.dead {
            d[p.index()] = true;
        }
        d
    };
    out.settled = without(board, |p| dead[p.index()]);
    let (territory, dame) = (&mut out.territory, &mut out.dame);
    for_each_empty_region(&out.settled, |points, owner| {
        let list = match owner {
            Some(c) => &mut territory[c.index()],
            None => &mut *dame,
        };
        list.extend(points.iter().map(|&i| Point(i)));
    });
    for t in out
        .territory
        .iter_mut()
        .chain(std::iter::once(&mut out.dame))
    {
        t.sort_unstable();
    }
    out
}

#[cfg(test)]
mod tests;
