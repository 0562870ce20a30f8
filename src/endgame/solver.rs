//! Reading a local fight out: exhaustive alpha-beta over the moves in its
//! area, with passes, until both sides pass.
//!
//! The defender maximises and the attacker minimises what the defender
//! gets, worst first: [`DEAD`] (every stone of the group captured),
//! [`PARTIAL`] (some captured), [`SEKI`] (the group and attacker stones
//! in its area stand, sharing liberties), [`SHARED`] (both stand, sharing
//! none: the attacker stones live on their own) and [`ALIVE`] (the group stands and no attacker stone is left inside).
//!
//! Whatever the search cannot read is *unknown*: a wall (an attacker chain
//! with liberties outside the area) put in atari or captured, a defender
//! stone that escapes (gets a liberty outside the area), a repeated
//! position on the current line, and running out of depth or node budget.
//! The fight is read twice, once scoring unknown leaves as the worst for
//! the defender and once as the best: minimax is monotone in its leaves,
//! so the two values bound the true one (`lo..=hi`).
//!
//! Simple ko holds, and a pass lifts the ban (as on the board); a pass made
//! while banned does not count towards the two that end the local game, so
//! the side that took a ko must still settle it. The side that takes a ko
//! first wins it unless the other side has a ko threat, and at the end of a
//! game under area scoring neither side has one left (both can remove the
//! other's threats first at no cost). So bent four in the corner is dead,
//! as the books say.

use super::benson;
use super::fight::Fight;
use crate::rules::point::MAX_POINTS;
use crate::rules::{Board, Cell, Color, Point};
use std::collections::HashMap;

/// Every defender stone captured.
pub const DEAD: u8 = 0;
/// Some defender stones captured, some not.
pub const PARTIAL: u8 = 1;
/// The group and attacker stones in its area both stand, sharing
/// liberties.
pub const SEKI: u8 = 2;
/// The group and attacker stones in its area both stand, sharing no
/// liberty (the attacker stones live on their own).
pub const SHARED: u8 = 3;
/// The group stands and no attacker stone is left inside.
pub const ALIVE: u8 = 4;

/// Nodes a search may visit before it gives up.
pub const DEFAULT_BUDGET: usize = 40_000;

/// Bounds on what the defender gets with best play: `lo..=hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// At least this.
    pub lo: u8,
    /// At most this.
    pub hi: u8,
}

impl Bounds {
    /// Nothing known: anything from dead to alive.
    pub const UNKNOWN: Bounds = Bounds {
        lo: DEAD,
        hi: ALIVE,
    };

    /// Exactly `v`.
    pub fn exact(v: u8) -> Bounds {
        Bounds { lo: v, hi: v }
    }
}

/// Reads `fight` out on `board` with `first` to move, visiting at most
/// `budget` nodes in each of the two readings.
pub fn solve(board: &Board, fight: &Fight, first: Color, budget: usize) -> Bounds {
    read_out(board, fight, first, budget).0
}

/// [`solve`], also saying how many nodes the two readings visited.
pub fn read_out(board: &Board, fight: &Fight, first: Color, budget: usize) -> (Bounds, usize) {
    let mut in_area = vec![false; MAX_POINTS];
    for &p in &fight.area {
        in_area[p.index()] = true;
    }
    // Empty points of either side's unconditional area (Benson): no move
    // there can change anything, so none is tried.
    let settled: Vec<bool> = {
        let [b, w] = [Color::Black, Color::White].map(|c| benson::unconditional_area(board, c));
        (0..MAX_POINTS)
            .map(|i| (b[i] || w[i]) && i < board.size().array_len())
            .collect()
    };
    let moves_area: Vec<Point> = fight
        .area
        .iter()
        .copied()
        .filter(|p| !(settled[p.index()] && board.cell(*p) == Cell::Empty))
        .collect();
    let read = |unknown: u8| {
        let mut s = Search {
            d: fight.defender,
            in_area: in_area.clone(),
            area: &fight.area,
            moves_area: &moves_area,
            group: fight.stones(board).collect(),
            walls: fight.walls.clone(),
            unknown,
            tt: HashMap::new(),
            path: Vec::new(),
            spare: Vec::new(),
            nodes: 0,
            budget,
            max_depth: 2 * fight.area.len() + 8,
        };
        let v = s.value(board, first, false, 0, DEAD, ALIVE);
        (v, s.nodes.min(budget))
    };
    let (lo, lo_nodes) = read(DEAD);
    let (hi, hi_nodes) = if lo == ALIVE { (ALIVE, 0) } else { read(ALIVE) };
    (Bounds { lo, hi: hi.max(lo) }, lo_nodes + hi_nodes)
}

/// What a transposition-table entry knows about a position.
#[derive(Clone, Copy)]
enum Bound {
    Exact,
    /// The value is at least this.
    Lower,
    /// The value is at most this.
    Upper,
}

struct Search<'a> {
    d: Color,
    in_area: Vec<bool>,
    area: &'a [Point],
    /// The area without the points where no move can matter.
    moves_area: &'a [Point],
    /// The defender's stones at the start.
    group: Vec<Point>,
    /// One stone of each wall.
    walls: Vec<Point>,
    /// The value of what cannot be read.
    unknown: u8,
    tt: HashMap<u64, (u8, Bound)>,
    path: Vec<u64>,
    /// Boards to reuse for children.
    spare: Vec<Box<Board>>,
    nodes: usize,
    budget: usize,
    max_depth: usize,
}

/// True if `p` is a one-point eye of a single `c` chain that is not in
/// atari: filling it connects nothing and only takes a liberty from its
/// owner, so the search never tries it.
fn fills_own_eye(board: &Board, c: Color, p: Point) -> bool {
    let mut chain = None;
    board.neighbours(p).iter().all(|&n| match board.cell(n) {
        Cell::Border => true,
        cell if cell == Cell::stone(c) && !board.in_atari(n) => {
            let h = board.chain_id(n);
            *chain.get_or_insert(h) == h
        }
        _ => false,
    })
}

const WHITE_KEY: u64 = 0x2545_f491_4f6c_dd1d;
const PASSED_KEY: u64 = 0x9e37_79b9_7f4a_7c15;
const KO_MUL: u64 = 0xbf58_476d_1ce4_e5b9;

impl Search<'_> {
    fn key(board: &Board, to_move: Color, passed: bool) -> u64 {
        let mut k = board.hash();
        if to_move == Color::White {
            k ^= WHITE_KEY;
        }
        if passed {
            k ^= PASSED_KEY;
        }
        if let Some(p) = board.ko_point(to_move) {
            k ^= (p.index() as u64 + 1).wrapping_mul(KO_MUL);
        }
        k
    }

    /// Alpha-beta value of the position for the defender, within
    /// `alpha..=beta`; `passed`: the last move was a pass that counts
    /// towards ending the local game.
    fn value(
        &mut self,
        board: &Board,
        to_move: Color,
        passed: bool,
        depth: usize,
        mut alpha: u8,
        mut beta: u8,
    ) -> u8 {
        self.nodes += 1;
        if self.nodes > self.budget || depth > self.max_depth {
            return self.unknown;
        }
        let key = Self::key(board, to_move, passed);
        if let Some(&(v, bound)) = self.tt.get(&key) {
            match bound {
                Bound::Exact => return v,
                Bound::Lower => alpha = alpha.max(v),
                Bound::Upper => beta = beta.min(v),
            }
            if alpha >= beta {
                return v;
            }
        }
        if self.path.contains(&key) {
            return self.unknown;
        }
        self.path.push(key);
        let (alpha0, beta0) = (alpha, beta);
        let maximise = to_move == self.d;
        let mut best = if maximise { DEAD } else { ALIVE };
        // Children live on the heap: a board is large and the recursion
        // deep.
        let mut child = self.spare.pop().unwrap_or_else(|| board.boxed_copy());
        let mut moves: Vec<Option<Point>> =
            self.moves(board, to_move).into_iter().map(Some).collect();
        moves.push(None);
        for mv in moves {
            let v = match mv {
                Some(p) => {
                    child.copy_from(board);
                    let captured = child.play_unchecked(to_move, p);
                    match self.after_move(&child, to_move, p, captured) {
                        Some(v) => v,
                        None => {
                            self.value(&child, to_move.opponent(), false, depth + 1, alpha, beta)
                        }
                    }
                }
                None if passed => self.final_value(board),
                None => {
                    // A pass forced by the ko ban is no offer to end the
                    // game: the other side must still settle the ko.
                    let counts = board.ko_point(to_move).is_none();
                    child.copy_from(board);
                    child.pass(to_move);
                    self.value(&child, to_move.opponent(), counts, depth + 1, alpha, beta)
                }
            };
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.spare.push(child);
        self.path.pop();
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.insert(key, (best, bound));
        best
    }

    /// Legal moves of `c` in the area, captures and central points first.
    fn moves(&self, board: &Board, c: Color) -> Vec<Point> {
        let mut scored: Vec<(i32, Point)> = self
            .moves_area
            .iter()
            .copied()
            .filter(|&p| {
                board.cell(p) == Cell::Empty
                    && board.ko_point(c) != Some(p)
                    && board.check(c, p, false).is_ok()
                    && !fills_own_eye(board, c, p)
            })
            .map(|p| {
                let inner = board
                    .neighbours(p)
                    .iter()
                    .filter(|n| self.in_area[n.index()] && board.cell(**n) == Cell::Empty)
                    .count() as i32;
                let capture = if board.captures_at(c, p) { 10 } else { 0 };
                (capture + inner, p)
            })
            .collect();
        scored.sort_by_key(|&(s, p)| (std::cmp::Reverse(s), p));
        scored.into_iter().map(|(_, p)| p).collect()
    }

    /// The value if the move just played at `p` by `mover` ends the local
    /// game: the group captured, a wall in danger, an escape.
    fn after_move(&self, board: &Board, mover: Color, p: Point, captured: u32) -> Option<u8> {
        let a = self.d.opponent();
        let standing = self.standing(board);
        if standing == 0 {
            return Some(DEAD);
        }
        let wall_in_danger = self
            .walls
            .iter()
            .any(|&w| board.cell(w) != Cell::stone(a) || board.in_atari(w));
        if wall_in_danger {
            return Some(self.unknown);
        }
        // The group escapes when one of its chains gets a liberty outside
        // the area. A new stone away from the group that does so escapes
        // too: only a move outside the area could take it or fill that
        // liberty (19-l1/game-022: White's A17 beside Black's A16, in
        // atari; a 19x19 game of the agreement set, game-023: White's M19,
        // taking N19 for a second eye, whose atari at L19 lies outside).
        if mover == self.d
            && board.cell(p) == Cell::stone(self.d)
            && board.liberties(p).iter().any(|l| !self.in_area[l.index()])
        {
            return Some(self.unknown);
        }
        // Likewise an attacker chain the fight may capture must not reach
        // outside the area, where the defender cannot follow it.
        if mover == a
            && board.cell(p) == Cell::stone(a)
            && !self
                .walls
                .iter()
                .any(|&w| board.chain_id(w) == board.chain_id(p))
            && board.liberties(p).iter().any(|l| !self.in_area[l.index()])
        {
            return Some(self.unknown);
        }
        // A defender capture can settle it: the whole group pass-alive
        // with no attacker stone left inside.
        if mover == self.d
            && captured > 0
            && standing == self.group.len()
            && !self.attacker_inside(board)
            && self.group_pass_alive(board)
        {
            return Some(ALIVE);
        }
        None
    }

    /// How many of the group's stones still stand.
    fn standing(&self, board: &Board) -> usize {
        self.group
            .iter()
            .filter(|&&s| board.cell(s) == Cell::stone(self.d))
            .count()
    }

    /// True if attacker stones other than the walls stand in the area.
    fn attacker_inside(&self, board: &Board) -> bool {
        let a = self.d.opponent();
        let wall_ids: Vec<Point> = self.walls.iter().map(|&w| board.chain_id(w)).collect();
        self.area
            .iter()
            .any(|&p| board.cell(p) == Cell::stone(a) && !wall_ids.contains(&board.chain_id(p)))
    }

    /// True if every stone of the group is pass-alive (Benson).
    fn group_pass_alive(&self, board: &Board) -> bool {
        let alive = benson::pass_alive(board, self.d);
        self.group.iter().all(|s| alive[s.index()])
    }

    /// The value when both sides have passed.
    fn final_value(&self, board: &Board) -> u8 {
        let standing = self.standing(board);
        if standing == 0 {
            return DEAD;
        }
        if standing < self.group.len() {
            return PARTIAL;
        }
        let a = self.d.opponent();
        let wall_ids: Vec<Point> = self.walls.iter().map(|&w| board.chain_id(w)).collect();
        let inside =
            |p: Point| board.cell(p) == Cell::stone(a) && !wall_ids.contains(&board.chain_id(p));
        if !self.area.iter().any(|&p| inside(p)) {
            return ALIVE;
        }
        // Attacker stones stand inside: in seki with the group if they
        // share a liberty with it, on their own otherwise.
        let shared = self.area.iter().any(|&p| {
            board.cell(p) == Cell::Empty && {
                let n = board.neighbours(p);
                n.iter().any(|&q| inside(q))
                    && n.iter().any(|&q| board.cell(q) == Cell::stone(self.d))
            }
        });
        if shared { SEKI } else { SHARED }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::fight::fights;
    use crate::rules::diagram::parse;

    /// The bounds for the only fight of `defender` in the diagram.
    fn read(d: &str, defender: Color, first: Color) -> Bounds {
        let b = parse(d);
        let f = fights(&b, defender, &vec![false; MAX_POINTS]);
        assert_eq!(f.len(), 1, "{f:?}");
        solve(&b, &f[0], first, DEFAULT_BUDGET)
    }

    const STRAIGHT_THREE: &str = ". . . . . .
                                  . . . . . .
                                  . . . . . .
                                  X X X X X .
                                  O O O O X .
                                  . . . O X .";

    #[test]
    fn straight_three_lives_or_dies_by_who_moves_first() {
        assert_eq!(
            read(STRAIGHT_THREE, Color::White, Color::White),
            Bounds::exact(ALIVE)
        );
        assert_eq!(
            read(STRAIGHT_THREE, Color::White, Color::Black),
            Bounds::exact(DEAD)
        );
    }

    #[test]
    fn two_separate_eyes_live_whoever_moves() {
        let d = ". . . . . .
                 . . . . . .
                 . . . . . .
                 X X X X X X
                 O O O O O O
                 . O . O . O";
        for first in Color::BOTH {
            assert_eq!(read(d, Color::White, first), Bounds::exact(ALIVE));
        }
    }
}
