//! Everything the endgame analysis can prove before it estimates: Benson's
//! pass-alive chains and the stones dead in their unconditional area, the
//! sure captures, static sekis and the local fights read out to the end.
//!
//! A proof about a group surrounded by enemy walls holds as long as the
//! walls live: a fight reads as if they could not be captured, and a seki
//! stays a seki only while its walls stand. Results that need the walls are
//! *conditional*; the analysis accepts them once the walls are proven or
//! estimated alive. A fight's "alive" needs no wall (the walls being strong
//! only helps the attacker), so it is unconditional.

use super::fight::{self, Fight};
use super::solver::{self, ALIVE, Bounds, DEAD, PARTIAL, SEKI, SHARED};
use super::{Status, benson, seki, tactics};
use crate::rules::point::MAX_POINTS;
use crate::rules::{Board, Color, Point};

/// How a stone's status was proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// Benson's algorithm: pass-alive, or inside the opponent's
    /// unconditional area.
    Benson,
    /// A sure capture: in atari with no escape.
    Capture,
    /// The static seki proof.
    Seki,
    /// A local fight read out to the end.
    Reading,
}

/// Stones whose status holds if the walls (chains, by any stone) live.
#[derive(Clone, Debug)]
pub struct Conditional {
    /// The stones and their status.
    pub stones: Vec<(Point, Status)>,
    /// One stone of each wall.
    pub walls: Vec<Point>,
}

/// What the proofs found, per point.
pub struct Proofs {
    /// The proven status of the stone on each point, and how.
    pub status: Vec<Option<(Status, Proof)>>,
    /// Results that hold if their walls live.
    pub conditional: Vec<Conditional>,
    /// Results of fights without walls, which only fill in what every
    /// other proof leaves open.
    pub weak: Vec<(Point, Status)>,
    /// Where a reading bounds a group without settling it: -1 if the group
    /// cannot stand whole (lean dead), +1 if it cannot be wholly taken
    /// (lean alive), 0 if nothing is known.
    pub lean: Vec<i8>,
    /// Stones a reading shows stand (alive or in seki, which is not
    /// known): never dead.
    pub stands: Vec<bool>,
    /// Stones two proofs disagree about: no proof settles them.
    contested: Vec<bool>,
    /// Benson's pass-alive stones, by colour index.
    pub pass_alive: [Vec<bool>; 2],
    /// The board after the sure captures.
    pub resolved: Board,
}

impl Proofs {
    fn set(&mut self, p: Point, status: Status, how: Proof) {
        match self.status[p.index()] {
            None if self.contested[p.index()] => {}
            None => self.status[p.index()] = Some((status, how)),
            Some((s, _)) if s == status => {}
            // Two proofs disagree: a reading's assumption failed somewhere.
            // Benson and sure captures stand; anything else is dropped.
            Some((_, Proof::Benson | Proof::Capture)) => {}
            Some(_) => {
                self.status[p.index()] = None;
                self.contested[p.index()] = true;
            }
        }
    }

    /// True if two proofs disagree about the stone on `p`.
    pub fn contested(&self, p: Point) -> bool {
        self.contested[p.index()]
    }
}

/// Runs every proof on `board` with `to_move` to play, reading each fight
/// within `budget` nodes, and all of them within `pool` nodes (the last
/// fight read may go over by one reading).
pub fn prove(board: &Board, to_move: Color, budget: usize, pool: usize) -> Proofs {
    let pass_alive = [
        benson::pass_alive(board, Color::Black),
        benson::pass_alive(board, Color::White),
    ];
    let (resolved, taken) = tactics::resolve(board);
    let mut out = Proofs {
        status: vec![None; MAX_POINTS],
        conditional: Vec::new(),
        weak: Vec::new(),
        lean: vec![0; MAX_POINTS],
        stands: vec![false; MAX_POINTS],
        contested: vec![false; MAX_POINTS],
        pass_alive: pass_alive.clone(),
        resolved,
    };
    for c in Color::BOTH {
        let area = benson::unconditional_area(board, c.opponent());
        for p in board.stones(c).collect::<Vec<_>>() {
            if pass_alive[c.index()][p.index()] {
                out.set(p, Status::Alive, Proof::Benson);
            } else if area[p.index()] {
                out.set(p, Status::Dead, Proof::Benson);
            }
        }
    }
    for p in board.size().points() {
        if taken[p.index()] {
            out.set(p, Status::Dead, Proof::Capture);
        }
    }
    // Benson again after the sure captures: a chain that lives by taking
    // a stone in atari, and the stones its unconditional area then holds.
    let resolved_alive = if taken.iter().any(|&t| t) {
        let alive = [
            benson::pass_alive(&out.resolved, Color::Black),
            benson::pass_alive(&out.resolved, Color::White),
        ];
        for c in Color::BOTH {
            let area = benson::unconditional_area(&out.resolved, c.opponent());
            for p in out.resolved.stones(c).collect::<Vec<_>>() {
                if board.cell(p) != out.resolved.cell(p) {
                    continue;
                }
                if alive[c.index()][p.index()] {
                    out.set(p, Status::Alive, Proof::Benson);
                } else if area[p.index()] {
                    out.set(p, Status::Dead, Proof::Benson);
                }
            }
        }
        alive
    } else {
        pass_alive.clone()
    };
    let either_alive: Vec<bool> = (0..MAX_POINTS)
        .map(|i| pass_alive[0][i] || pass_alive[1][i])
        .collect();
    for s in seki::find(board, &either_alive) {
        let stones: Vec<(Point, Status)> = s
            .chains
            .iter()
            .flat_map(|&h| board.chain_stones(h))
            .map(|p| (p, Status::Seki))
            .collect();
        let walls_proven = s.walls.iter().all(|w| either_alive[w.index()]);
        if walls_proven {
            for &(p, st) in &stones {
                out.set(p, st, Proof::Seki);
            }
        } else {
            out.conditional.push(Conditional {
                stones,
                walls: s.walls,
            });
        }
    }
    // In a fight without walls the attacker stones inside also enclose
    // the group: its capture may be a sacrifice, its seki a nakade that
    // the other side's reading resolves. Its results are only `weak`.
    //
    // The fights are read after the sure captures, as the opponent would
    // take them: a chain that gains liberties by taking a stone in atari
    // has them in the reading. Results are kept only for stones of `board`.
    let resolved = out.resolved.clone();
    let fights: Vec<Fight> = Color::BOTH
        .iter()
        .flat_map(|&d| fight::fights(&resolved, d, &resolved_alive[d.index()]))
        .collect();
    // Small fights first: they are the ones a reading finishes. A large
    // open one that no budget settles then gets only what is left.
    let mut order: Vec<usize> = (0..fights.len()).collect();
    order.sort_by_key(|&i| fights[i].area.len());
    let mut bounds = vec![Bounds::UNKNOWN; fights.len()];
    let mut left = pool;
    for i in order {
        let (b, used) = solver::read_out(&resolved, &fights[i], to_move, budget.min(left));
        bounds[i] = b;
        left = left.saturating_sub(used);
    }
    for (f, &b) in fights.iter().zip(&bounds) {
        read(board, &resolved, f, b, &resolved_alive, &mut out);
    }
    out
}

/// Records what the bounds of fight `f`, read on `resolved` (`board` after
/// the sure captures), prove about the stones of `board`.
fn read(
    board: &Board,
    resolved: &Board,
    f: &Fight,
    b: Bounds,
    pass_alive: &[Vec<bool>; 2],
    out: &mut Proofs,
) {
    let on_board = |p: &Point| board.cell(*p) == resolved.cell(*p);
    let group: Vec<Point> = f.stones(resolved).filter(on_board).collect();
    let inside: Vec<Point> = f
        .inside
        .iter()
        .flat_map(|&h| resolved.chain_stones(h))
        .filter(on_board)
        .collect();
    let attacker = f.defender.opponent();
    let walls_proven = f
        .walls
        .iter()
        .all(|w| pass_alive[attacker.index()][w.index()]);
    let mut sure: Vec<(Point, Status)> = Vec::new();
    let mut if_walls: Vec<(Point, Status)> = Vec::new();
    match (b.lo, b.hi) {
        (ALIVE, _) => {
            sure.extend(group.iter().map(|&p| (p, Status::Alive)));
            sure.extend(inside.iter().map(|&p| (p, Status::Dead)));
        }
        (SHARED, _) => sure.extend(group.iter().map(|&p| (p, Status::Alive))),
        (SEKI, SEKI) => {
            let d = f.defender.index();
            if_walls.extend(group.iter().map(|&p| {
                let s = if pass_alive[d][p.index()] {
                    Status::Alive
                } else {
                    Status::Seki
                };
                (p, s)
            }));
            if_walls.extend(inside.iter().map(|&p| (p, Status::Seki)));
        }
        (lo, _) if lo >= SEKI => {
            for &p in &group {
                out.stands[p.index()] = true;
            }
        }
        // With no wall, the attacker stones inside enclose the group as
        // much as it encloses them: taking the group may only be a
        // sacrifice (nakade), so its capture proves nothing.
        (_, DEAD) if f.walls.is_empty() => {
            for &p in &group {
                out.lean[p.index()] = -1;
            }
        }
        (_, DEAD) => {
            if_walls.extend(group.iter().map(|&p| (p, Status::Dead)));
            if_walls.extend(inside.iter().map(|&p| (p, Status::Alive)));
        }
        (lo, hi) => {
            let lean = if hi <= PARTIAL {
                -1
            } else if lo >= PARTIAL {
                1
            } else {
                0
            };
            for &p in &group {
                out.lean[p.index()] = lean;
            }
        }
    }
    if f.walls.is_empty() {
        out.weak.extend(sure.into_iter().chain(if_walls));
        return;
    }
    for (p, s) in sure {
        out.set(p, s, Proof::Reading);
    }
    if if_walls.is_empty() {
        return;
    }
    if walls_proven {
        for (p, s) in if_walls {
            out.set(p, s, Proof::Reading);
        }
    } else {
        // A wall named by a stone of `board`; a wall that is only a
        // capturing stone keeps its empty point and is never alive.
        let walls = f
            .walls
            .iter()
            .map(|&w| resolved.chain_stones(w).find(on_board).unwrap_or(w))
            .collect();
        out.conditional.push(Conditional {
            stones: if_walls,
            walls,
        });
    }
}
