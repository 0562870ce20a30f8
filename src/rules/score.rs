//! Counting: area (stones + surrounded empty regions) and AGA territory
//! (surrounded empty regions + prisoners + pass stones).
//!
//! Every stone on the board counts as alive here; dead-stone removal is the
//! caller's business (it removes them from a copy of the board first).

use super::board::{Board, Cell};
use super::color::{ByColor, Color};
use super::point::MAX_POINTS;
use std::fmt;

/// What an area count found on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AreaCount {
    /// Stones on the board.
    pub stones: ByColor<u32>,
    /// Empty points in regions that touch only that colour.
    pub territory: ByColor<u32>,
    /// Empty points in regions touching both colours, or none (empty board).
    pub dame: u32,
}

impl AreaCount {
    /// Stones plus territory.
    pub fn area(&self, c: Color) -> u32 {
        self.stones[c] + self.territory[c]
    }
}

/// Calls `visit(points, owner)` once for every empty region of `board`:
/// its points (as array indices) and the colour whose stones alone border
/// it (`None` for dame: both colours, or none). No allocation: the flood
/// fill works in fixed arrays, so playouts can count with it too.
pub fn for_each_empty_region(board: &Board, mut visit: impl FnMut(&[u16], Option<Color>)) {
    let mut seen = [false; MAX_POINTS];
    let mut region = [0u16; MAX_POINTS];
    for p in board.size().points() {
        if board.cell(p) != Cell::Empty || seen[p.index()] {
            continue;
        }
        // Breadth-first: region[..len] holds the points found so far.
        let (mut touches_b, mut touches_w) = (false, false);
        region[0] = p.0;
        let mut len = 1;
        seen[p.index()] = true;
        let mut next = 0;
        while next < len {
            let q = super::point::Point(region[next]);
            next += 1;
            for n in board.neighbours(q) {
                match board.cell(n) {
                    Cell::Black => touches_b = true,
                    Cell::White => touches_w = true,
                    Cell::Empty if !seen[n.index()] => {
                        seen[n.index()] = true;
                        region[len] = n.0;
                        len += 1;
                    }
                    _ => {}
                }
            }
        }
        let owner = match (touches_b, touches_w) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
        visit(&region[..len], owner);
    }
}

/// Counts stones and the empty regions each colour alone surrounds.
pub fn area_count(board: &Board) -> AreaCount {
    let mut count = AreaCount::default();
    for p in board.size().points() {
        match board.cell(p) {
            Cell::Black => count.stones.black += 1,
            Cell::White => count.stones.white += 1,
            _ => {}
        }
    }
    for_each_empty_region(board, |points, owner| {
        let size = points.len() as u32;
        match owner {
            Some(c) => count.territory[c] += size,
            None => count.dame += size,
        }
    });
    count
}

/// A game result: Black's points minus White's (komi included).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score(pub f64);

impl Score {
    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        if self.0 > 0.0 {
            Some(Color::Black)
        } else if self.0 < 0.0 {
            Some(Color::White)
        } else {
            None
        }
    }
}

impl fmt::Display for Score {
    /// `B+3.5`, `W+0.5`, `W+7` or `0`, as GTP `final_score` answers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(Color::Black) => write!(f, "B+{}", self.0),
            Some(Color::White) => write!(f, "W+{}", -self.0),
            None => f.write_str("0"),
        }
    }
}

/// Area result: Black's area minus White's area, komi and the handicap
/// bonus (already converted to points by the rules).
pub fn area_score(count: &AreaCount, komi: f64, handicap_bonus: u32) -> Score {
    let b = count.area(Color::Black) as f64;
    let w = count.area(Color::White) as f64 + komi + handicap_bonus as f64;
    Score(b - w)
}

/// AGA territory result: territory plus prisoners plus pass stones (one
/// handed to the opponent by each pass), komi to White, no handicap bonus.
pub fn territory_score(
    count: &AreaCount,
    prisoners: ByColor<u32>,
    pass_stones: ByColor<u32>,
    komi: f64,
) -> Score {
    let side = |c: Color| (count.territory[c] + prisoners[c] + pass_stones[c]) as f64;
    Score(side(Color::Black) - side(Color::White) - komi)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::diagram::parse;
    use super::*;

    #[test]
    fn a_shared_last_liberty_counts_for_nobody() {
        // D5 is the shared last liberty of a black and a white chain.
        let b = parse(
            ". X O . X
             X X O O X
             O O X X X
             . O X . .
             O O X . .",
        );
        let c = area_count(&b);
        // Stones: X = 10, O = 8.
        assert_eq!(c.stones.black, 10);
        assert_eq!(c.stones.white, 8);
        // D5 touches O (C5, D4) and X (E5): dame. A2 touches only O.
        // A5, D2, E2, D1 and E1 touch only X.
        assert_eq!(c.territory.black, 5);
        assert_eq!(c.territory.white, 1);
        assert_eq!(c.dame, 1);
        // 15 - (9 + 0.5)
        assert_eq!(area_score(&c, 0.5, 0).to_string(), "B+5.5");
    }

    /// A seki GNU Go 3.8 confirms (`final_status_list seki`): Black
    /// B7-A6-B6-C6 and White D7-D6-E6-F6-F7 each have one eye (A7, E7) and
    /// share the liberty C7; neither can fill it. The walls below live.
    pub(crate) const SEKI: &str = ". X . O . O X
                                   X X X O O O X
                                   O O O X X X X
                                   O . O X . X .
                                   O O O X X X X
                                   O . O X . X .
                                   O O O X X X X";

    #[test]
    fn seki_eyes_count_and_the_shared_liberty_is_dame() {
        let b = parse(SEKI);
        let c = area_count(&b);
        assert_eq!((c.stones.black, c.stones.white), (22, 18));
        // Black: eye A7 plus E4 G4 E2 G2; White: eye E7 plus B4 B2. The
        // eyes inside the seki count for their owner (AGA commentary);
        // only C7, touching both, is dame.
        assert_eq!((c.territory.black, c.territory.white), (5, 3));
        assert_eq!(c.dame, 1);
        // GNU Go --chinese-rules with komi 0 says B+6 too.
        assert_eq!(area_score(&c, 0.0, 0).to_string(), "B+6");
    }

    #[test]
    fn empty_board_is_all_dame() {
        let b = parse(". . .\n. . .\n. . .");
        let c = area_count(&b);
        assert_eq!(c.dame, 9);
        assert_eq!(area_score(&c, 7.0, 0).to_string(), "W+7");
        assert_eq!(area_score(&c, 0.0, 0).to_string(), "0");
        assert_eq!(area_score(&c, -3.5, 0).to_string(), "B+3.5");
    }

    #[test]
    fn territory_counts_prisoners_and_pass_stones() {
        let b = parse(
            ". X O .
             . X O .
             . X O .
             . X O .",
        );
        let c = area_count(&b);
        let s = territory_score(
            &c,
            ByColor { black: 2, white: 0 },
            ByColor { black: 0, white: 1 },
            0.5,
        );
        // 4 + 2 + 0 - (4 + 0 + 1) - 0.5
        assert_eq!(s.0, 0.5);
    }
}
