//! Ladders as KataGo's networks were trained to see them (its inputs'
//! features 14 to 17): which chains of one or two liberties a ladder
//! captures, and for a chain of two liberties which ataris capture it.
//!
//! The reading follows the rules of KataGo's own ladder search (read in
//! its `board.cpp` for the facts): the defender in atari tries every
//! capture of a neighbouring chain in atari, then its liberty; the
//! attacker tries both liberties of a chain of two; three liberties
//! escape. A defender facing a fresh simple ko is taken to escape (no
//! ladder depends on a ko), except at the start of a read, where every ko
//! is taken to work for the defender. A read that plays 25,000 moves is
//! called no ladder. hane's own ladder reader ([`crate::knowledge::ladder`])
//! answers a different question (the playouts'), so this one is separate.

use crate::rules::{Board, Cell, Color, Point};

/// Moves a read may play before it gives up (and calls it no ladder).
const BUDGET: u32 = 25_000;

/// A ladder reader with its spare boards.
#[derive(Default)]
pub struct Ladders {
    spare: Vec<Box<Board>>,
    nodes: u32,
}

/// Whether the reading ran out of its budget.
struct OutOfBudget;

impl Ladders {
    /// Calls `f(stone, working)` for every stone of every chain of one or
    /// two liberties that a ladder captures: `working` holds, for a chain
    /// of two liberties, the ataris that capture it (empty for a chain in
    /// atari).
    pub fn each(&mut self, board: &Board, mut f: impl FnMut(Point, &[Point])) {
        let mut solved: Vec<(Point, bool, Vec<Point>)> = Vec::new();
        let mut libs = [Point(0); 3];
        for p in board.size().points() {
            if board.cell(p).color().is_none() {
                continue;
            }
            let head = board.chain_id(p);
            if let Some((_, laddered, working)) = solved.iter().find(|s| s.0 == head) {
                if *laddered {
                    f(p, working);
                }
                continue;
            }
            let n = board.liberties_upto(p, &mut libs);
            let (laddered, working) = match n {
                1 => (self.captured(board, p, true), Vec::new()),
                2 => self.two_liberties(board, p, [libs[0], libs[1]]),
                _ => continue,
            };
            if laddered {
                f(p, &working);
            }
            solved.push((head, laddered, working));
        }
    }

    /// Whether the chain through `stone`, of liberties `libs`, is captured
    /// by a ladder that starts with an atari, and which ataris work.
    fn two_liberties(
        &mut self,
        board: &Board,
        stone: Point,
        libs: [Point; 2],
    ) -> (bool, Vec<Point>) {
        let Some(color) = board.cell(stone).color() else {
            return (false, Vec::new());
        };
        let attacker = color.opponent();
        let mut working = Vec::new();
        for lib in libs {
            if !legal(board, attacker, lib, false) {
                continue;
            }
            let mut b = self.copy(board);
            b.play_unchecked(attacker, lib);
            let captured = self.captured(&b, stone, true);
            self.spare.push(b);
            if captured {
                working.push(lib);
            }
        }
        (!working.is_empty(), working)
    }

    /// Whether a ladder captures the chain through `stone`, the defender
    /// to move first if `defender_first` (the chain must then be in
    /// atari).
    pub fn captured(&mut self, board: &Board, stone: Point, defender_first: bool) -> bool {
        let mut libs = [Point(0); 3];
        let n = board.liberties_upto(stone, &mut libs);
        if n > 2 || (defender_first && n > 1) {
            return false;
        }
        self.nodes = 0;
        let limit = board.size().area() * 3 / 2;
        self.read(board, stone, defender_first, 0, limit)
            .unwrap_or(false)
    }

    /// One ply of the reading: whether the chain through `stone` is
    /// captured with the defender (`defender`) or the attacker to move.
    fn read(
        &mut self,
        board: &Board,
        stone: Point,
        defender: bool,
        depth: usize,
        limit: usize,
    ) -> Result<bool, OutOfBudget> {
        if depth + 1 >= limit {
            return Ok(true);
        }
        let Some(color) = board.cell(stone).color() else {
            return Ok(true);
        };
        let opp = color.opponent();
        let mut libs = [Point(0); 3];
        let n = board.liberties_upto(stone, &mut libs);
        let mut moves: Vec<Point> = Vec::with_capacity(8);
        if defender {
            if n >= 2 {
                return Ok(false);
            }
            if depth > 0 && board.ko_point(color).is_some() {
                return Ok(false);
            }
            capturing_moves(board, stone, &mut moves);
            moves.push(libs[0]);
        } else {
            if n <= 1 {
                return Ok(true);
            }
            if n >= 3 {
                return Ok(false);
            }
            let (a, b) = (libs[0], libs[1]);
            moves.push(a);
            moves.push(b);
            if !adjacent(board, a, b) {
                let (ea, eb) = (board.empty_neighbours(a), board.empty_neighbours(b));
                if ea >= 3 && eb >= 3 {
                    return Ok(false);
                } else if ea >= 3 {
                    moves.truncate(1);
                } else if eb >= 3 {
                    moves.remove(0);
                }
            }
        }
        let mover = if defender { color } else { opp };
        for mv in moves {
            if !legal(board, mover, mv, defender && depth == 0) {
                continue;
            }
            if self.nodes >= BUDGET {
                return Err(OutOfBudget);
            }
            self.nodes += 1;
            let mut b = self.copy(board);
            b.play_unchecked(mover, mv);
            let result = self.read(&b, stone, !defender, depth + 1, limit);
            self.spare.push(b);
            let captured = result?;
            if defender && !captured {
                return Ok(false);
            }
            if !defender && captured {
                return Ok(true);
            }
        }
        Ok(defender)
    }

    /// A copy of `board` on a spare board.
    fn copy(&mut self, board: &Board) -> Box<Board> {
        match self.spare.pop() {
            Some(mut b) => {
                b.copy_from(board);
                b
            }
            None => board.boxed_copy(),
        }
    }
}

/// Whether `color` may play at `p` (suicide never, simple ko unless
/// `ignore_ko`).
fn legal(board: &Board, color: Color, p: Point, ignore_ko: bool) -> bool {
    board.check(color, p, false).is_ok() && (ignore_ko || board.ko_point(color) != Some(p))
}

/// Whether two points are neighbours.
fn adjacent(board: &Board, a: Point, b: Point) -> bool {
    board.neighbours(a).contains(&b)
}

/// The captures that gain the chain through `stone` liberties: the
/// liberties of the opposing chains in atari beside it, each once.
fn capturing_moves(board: &Board, stone: Point, out: &mut Vec<Point>) {
    let Some(color) = board.cell(stone).color() else {
        return;
    };
    let enemy = Cell::stone(color.opponent());
    let mut seen: Vec<Point> = Vec::new();
    for s in board.chain_stones(stone) {
        for q in board.neighbours(s) {
            if board.cell(q) != enemy {
                continue;
            }
            let head = board.chain_id(q);
            if seen.contains(&head) {
                continue;
            }
            seen.push(head);
            if let Some(lib) = board.atari_liberty(q)
                && !out.contains(&lib)
            {
                out.push(lib);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::vertex;
    use crate::rules::{BoardSize, Color};

    fn board(n: u32, stones: &[(Color, &str)]) -> Board {
        let size = BoardSize::new(n).unwrap();
        let list: Vec<(Color, Point)> = stones
            .iter()
            .map(|&(c, v)| (c, vertex(size, v).unwrap()))
            .collect();
        Board::with_stones(size, &list).unwrap()
    }

    #[test]
    fn a_ladder_along_the_edge_captures_unless_a_stone_breaks_it() {
        use Color::{Black as B, White as W};
        // White A1 in atari (Black B1), or A1 and A2 (Black B1, B2): every
        // extension up the edge has two liberties, and Black's atari from
        // the inside drives it to A9.
        let b = board(9, &[(W, "A1"), (B, "B1")]);
        let a1 = vertex(b.size(), "A1").unwrap();
        let mut l = Ladders::default();
        assert!(l.captured(&b, a1, true));
        let free = board(9, &[(W, "A1")]);
        assert!(!l.captured(&free, a1, true), "two liberties: not in atari");
        let atari = board(9, &[(W, "A1"), (W, "A2"), (B, "B1"), (B, "B2")]);
        assert!(l.captured(&atari, a1, true));
        // A white stone at B6 breaks the ladder.
        let broken = board(9, &[(W, "A1"), (W, "A2"), (B, "B1"), (B, "B2"), (W, "B6")]);
        assert!(!l.captured(&broken, a1, true));
    }

    #[test]
    fn two_liberties_name_the_working_ataris() {
        use Color::{Black as B, White as W};
        // White A1, A2 with liberties A3 and B2 (Black B1): Black's atari
        // at B2 drives it up the edge; at A3 it lets White out at B2...
        // which Black then ataris from B3: both work on an empty board.
        let b = board(9, &[(W, "A1"), (W, "A2"), (B, "B1")]);
        let size = b.size();
        let mut l = Ladders::default();
        let mut seen = Vec::new();
        l.each(&b, |p, working| seen.push((p, working.to_vec())));
        let a1 = vertex(size, "A1").unwrap();
        let found = seen.iter().find(|(p, _)| *p == a1).expect("A1 is laddered");
        assert!(found.1.contains(&vertex(size, "B2").unwrap()));
        assert!(seen.iter().any(|(p, _)| *p == vertex(size, "A2").unwrap()));
        // Black's B1, two liberties on the first line, is laddered too.
        assert!(seen.iter().any(|(p, _)| *p == vertex(size, "B1").unwrap()));
    }

    #[test]
    fn a_chain_with_three_liberties_is_no_ladder() {
        use Color::White as W;
        let b = board(9, &[(W, "E5")]);
        let mut seen = 0;
        Ladders::default().each(&b, |_, _| seen += 1);
        assert_eq!(seen, 0);
    }
}
