//! Ladder reading: does chasing a chain with ataris capture it? The
//! priors read every ladder when a node is expanded, so that the tree
//! neither runs out of a working ladder nor misses a ladder capture — the
//! tactic Monte Carlo playouts read worst. Playouts read only the atari
//! escapes near the edge their `ladder_lines` switch names (reading them
//! on the second line too, or on every line, scored no better against
//! Pachi: `docs/strength-log.md`).
//!
//! The reader is the classic one: the defender, in atari, escapes by
//! capturing a neighbouring attacker chain in atari (then we call it
//! escaped) or by extending; three liberties escape, one is captured, two
//! let the attacker try both ataris. Simple ko only, as in the playouts.
//!
//! A read's boards live on the heap and are handed down the plies: a read
//! recurses once a ply, up to [`MAX_PLIES`] deep, and a board on each
//! frame (about 30 KB) overflowed the search threads' 2 MiB stacks in
//! long ladders. A ply plays on the board it is handed; only an atari
//! with the other still to try gets a copy. A [`Reader`] keeps the boards
//! of its finished reads for the next ones, so that a read copies only
//! the part of the board its size uses and allocates nothing: a playout
//! reads a dozen short ladders, and a whole 30 KB board copied and freed
//! each time was most of a read's cost.

use crate::rules::{Board, Cell, Color, Point};

/// Plies read before a ladder is called escaped (a 25x25 board's diagonal
/// takes about 100).
const MAX_PLIES: u32 = 120;

/// A ladder reader: the reads, and the spare boards they play on.
#[derive(Default)]
pub struct Reader {
    spare: Vec<Box<Board>>,
}

impl Reader {
    /// A reader with no spare boards yet (it allocates nothing until a
    /// read needs a board).
    pub fn new() -> Reader {
        Reader::default()
    }

    /// True if `attacker`, to move, captures the chain through `chain`
    /// (which has exactly two liberties) by a ladder.
    pub fn attack_captures(&mut self, board: &Board, attacker: Color, chain: Point) -> bool {
        let b = self.copy(board);
        self.attack(b, attacker, chain, 0)
    }

    /// True if the chain through `chain`, in atari with its owner to move,
    /// cannot escape a ladder.
    pub fn escape_fails(&mut self, board: &Board, chain: Point) -> bool {
        let b = self.copy(board);
        self.defend(b, chain, 0)
    }

    /// After `color` plays at `p` (playable): true if the enemy chain
    /// through `chain`, then in atari, cannot escape a ladder; false if
    /// the move captured it or left it out of atari.
    pub fn escape_fails_after(
        &mut self,
        board: &Board,
        color: Color,
        p: Point,
        chain: Point,
    ) -> bool {
        let b = self.copy_after(board, color, p);
        if b.cell(chain) == Cell::Empty || !b.in_atari(chain) {
            self.spare.push(b);
            return false;
        }
        self.defend(b, chain, 0)
    }

    /// After `color` plays at `p` (playable), leaving its chain there two
    /// liberties: true if the opponent captures that chain by a ladder.
    pub fn captured_after(&mut self, board: &Board, color: Color, p: Point) -> bool {
        let b = self.copy_after(board, color, p);
        self.attack(b, color.opponent(), p, 0)
    }

    /// `f` of the board after `color` plays at `p` (playable), set up on
    /// one of the spare boards: a look one move ahead for the callers
    /// that read ladders, without a board copy of their own.
    pub fn with_move<R>(
        &mut self,
        board: &Board,
        color: Color,
        p: Point,
        f: impl FnOnce(&Board) -> R,
    ) -> R {
        let b = self.copy_after(board, color, p);
        let r = f(&b);
        self.spare.push(b);
        r
    }

    /// A board for a read, `board` after `color` plays at `p`.
    fn copy_after(&mut self, board: &Board, color: Color, p: Point) -> Box<Board> {
        let mut b = self.copy(board);
        b.play_unchecked(color, p);
        b
    }

    /// A board for a read, equal to `board`: a spare one when there is.
    fn copy(&mut self, board: &Board) -> Box<Board> {
        match self.spare.pop() {
            Some(mut b) => {
                b.copy_from(board);
                b
            }
            None => board.boxed_copy(),
        }
    }

    /// The attacker's ply, on a board the read owns: each atari is tried
    /// on a copy only when the other is still to be tried, and the last
    /// one on the board itself. Every board goes back to the spares when
    /// its line ends.
    fn attack(&mut self, board: Box<Board>, attacker: Color, chain: Point, plies: u32) -> bool {
        let mut libs = [chain; 3];
        if plies >= MAX_PLIES || board.liberties_upto(chain, &mut libs) != 2 {
            self.spare.push(board);
            return false;
        }
        let [a, b] = [libs[0], libs[1]];
        let playable =
            |lib| board.ko_point(attacker) != Some(lib) && !board.is_suicide(attacker, lib);
        match (playable(a), playable(b)) {
            (true, true) => {
                let first = self.copy(&board);
                if self.try_atari(first, attacker, chain, a, plies) {
                    self.spare.push(board);
                    true
                } else {
                    self.try_atari(board, attacker, chain, b, plies)
                }
            }
            (true, false) => self.try_atari(board, attacker, chain, a, plies),
            (false, true) => self.try_atari(board, attacker, chain, b, plies),
            (false, false) => {
                self.spare.push(board);
                false
            }
        }
    }

    /// The attacker's atari at `lib`, and the defender's answer.
    fn try_atari(
        &mut self,
        mut board: Box<Board>,
        attacker: Color,
        chain: Point,
        lib: Point,
        plies: u32,
    ) -> bool {
        board.play_unchecked(attacker, lib);
        if board.cell(chain) != Cell::Empty && board.in_atari(chain) {
            self.defend(board, chain, plies + 1)
        } else {
            self.spare.push(board);
            false
        }
    }

    /// The defender's ply, on a board the read owns (it has one move, so
    /// it plays it on the board itself).
    fn defend(&mut self, mut board: Box<Board>, chain: Point, plies: u32) -> bool {
        match defender_plays(&mut board, chain) {
            Defence::Decided(captured) => {
                self.spare.push(board);
                captured
            }
            Defence::Chased(attacker) => self.attack(board, attacker, chain, plies + 1),
        }
    }
}

/// What the defender's ply leads to.
enum Defence {
    /// The read is over: true if the chain is captured.
    Decided(bool),
    /// The chain has two liberties again: this colour ataris next.
    Chased(Color),
}

/// The defender of the chain through `chain`, in atari, escapes: by a
/// counter-capture beside it (called an escape), or by extending on its
/// liberty, played on `board`.
fn defender_plays(board: &mut Board, chain: Point) -> Defence {
    let Some(defender) = board.cell(chain).color() else {
        return Defence::Decided(true);
    };
    let Some(lib) = board.atari_liberty(chain) else {
        return Defence::Decided(false);
    };
    let attacker = Cell::stone(defender.opponent());
    for s in board.chain_stones(board.chain_id(chain)) {
        for n in board.neighbours(s) {
            if board.cell(n) == attacker && board.in_atari(n) {
                return Defence::Decided(false);
            }
        }
    }
    if board.ko_point(defender) == Some(lib) || board.is_suicide(defender, lib) {
        return Defence::Decided(true);
    }
    board.play_unchecked(defender, lib);
    if board.cell(chain) == Cell::Empty {
        return Defence::Decided(true);
    }
    let mut libs = [chain; 3];
    match board.liberties_upto(chain, &mut libs) {
        0 | 1 => Defence::Decided(true),
        2 => Defence::Chased(defender.opponent()),
        _ => Defence::Decided(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};

    fn attack_captures(board: &Board, attacker: Color, chain: Point) -> bool {
        Reader::new().attack_captures(board, attacker, chain)
    }

    fn escape_fails(board: &Board, chain: Point) -> bool {
        Reader::new().escape_fails(board, chain)
    }

    /// White C5 has two liberties, D5 and C4; Black D5 starts a staircase
    /// C4 D4 D3 E3 ... down to the first line.
    const LADDER: &str = ". . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . X . . . . . .
                          . X O . . . . . .
                          . X . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .";

    #[test]
    fn a_ladder_towards_the_edge_works() {
        let b = parse(LADDER);
        let c5 = vertex(b.size(), "C5").unwrap();
        assert!(attack_captures(&b, Color::Black, c5));
        // After Black D5 the escape at C4 fails.
        let mut b2 = b.clone();
        b2.play_unchecked(Color::Black, vertex(b.size(), "D5").unwrap());
        assert!(escape_fails(&b2, c5));
    }

    #[test]
    fn a_ladder_breaker_saves_the_chain() {
        let mut b = parse(LADDER);
        b.play_unchecked(Color::White, vertex(b.size(), "F3").unwrap());
        let c5 = vertex(b.size(), "C5").unwrap();
        assert!(!attack_captures(&b, Color::Black, c5), "{b:?}");
    }

    #[test]
    fn a_counter_capture_is_an_escape() {
        // Black B4 is itself in atari: White takes it instead of running.
        let mut b = parse(LADDER);
        b.play_unchecked(Color::White, vertex(b.size(), "A4").unwrap());
        b.play_unchecked(Color::White, vertex(b.size(), "B3").unwrap());
        let c5 = vertex(b.size(), "C5").unwrap();
        b.play_unchecked(Color::Black, vertex(b.size(), "D5").unwrap());
        assert!(!escape_fails(&b, c5), "{b:?}");
    }

    #[test]
    fn without_the_diagonal_stone_it_escapes() {
        let b = parse(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . X . . . .
             . . . X O . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        let e5 = vertex(b.size(), "E5").unwrap();
        assert!(!attack_captures(&b, Color::Black, e5));
    }

    /// The LADDER shape in the top left corner of a 25x25 board: the
    /// staircase runs the whole board down to the first line, about 90
    /// plies. Read on a thread with a quarter of a search thread's stack,
    /// it must still finish (a board on every frame needs about 1.5 MB).
    #[test]
    fn a_board_long_ladder_reads_on_a_small_stack() {
        let size = crate::rules::BoardSize::new(25).unwrap();
        let mut b = Board::new(size);
        for (color, v) in [
            (Color::Black, "C24"),
            (Color::Black, "B23"),
            (Color::Black, "B22"),
            (Color::White, "C23"),
        ] {
            b.play_unchecked(color, vertex(size, v).unwrap());
        }
        let c23 = vertex(size, "C23").unwrap();
        let reader = std::thread::Builder::new()
            .stack_size(512 << 10)
            .spawn(move || attack_captures(&b, Color::Black, c23))
            .unwrap();
        assert!(reader.join().unwrap());
    }

    /// One reader for many reads, on boards of other sizes: its spare
    /// boards keep the larger board's points past the smaller one's, and
    /// every answer must still be a fresh reader's.
    #[test]
    fn a_reader_reused_across_reads_and_sizes_answers_as_a_fresh_one() {
        let nine = parse(LADDER);
        let c5 = vertex(nine.size(), "C5").unwrap();
        let mut broken = nine.clone();
        broken.play_unchecked(Color::White, vertex(nine.size(), "F3").unwrap());
        let size = crate::rules::BoardSize::new(19).unwrap();
        let mut big = Board::new(size);
        for (color, v) in [
            (Color::Black, "C18"),
            (Color::Black, "B17"),
            (Color::Black, "B16"),
        ] {
            big.play_unchecked(color, vertex(size, v).unwrap());
        }
        big.play_unchecked(Color::White, vertex(size, "C17").unwrap());
        let c17 = vertex(size, "C17").unwrap();
        let mut reader = Reader::new();
        for _ in 0..3 {
            assert!(reader.attack_captures(&big, Color::Black, c17));
            assert!(reader.attack_captures(&nine, Color::Black, c5));
            assert!(!reader.attack_captures(&broken, Color::Black, c5));
            assert!(!reader.spare.is_empty());
        }
        // After the first atari the escape fails; a ladder breaker saves it.
        let d5 = vertex(nine.size(), "D5").unwrap();
        assert!(reader.escape_fails_after(&nine, Color::Black, d5, c5));
        assert!(!reader.escape_fails_after(&broken, Color::Black, d5, c5));
        // An extension into the ladder is captured; into the breaker it is not.
        let mut run = nine.clone();
        run.play_unchecked(Color::Black, d5);
        let c4 = vertex(nine.size(), "C4").unwrap();
        assert!(reader.captured_after(&run, Color::White, c4));
        let mut run_broken = broken.clone();
        run_broken.play_unchecked(Color::Black, d5);
        assert!(!reader.captured_after(&run_broken, Color::White, c4));
    }
}
