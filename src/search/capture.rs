//! Searching for a capture instead of a win: the same tree, priors and
//! playouts, but a simulation counts as a win for the attacker when the
//! target stones end up the attacker's, whatever the score. The dead-stone
//! analysis asks this of groups its proofs cannot settle: at the end of a
//! game the result often no longer depends on them, so a search for the
//! win would not bother to attack them.

use super::playout::point_owner;
use super::results::SearchResult;
use crate::rules::{Board, Color, Point};

/// Stones to capture, and who tries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureGoal {
    /// The stones (usually one chain) whose capture is searched for.
    pub target: Vec<Point>,
    /// The colour trying to capture them.
    pub attacker: Color,
}

impl CaptureGoal {
    /// True if most target points belong to the attacker on `board`, a
    /// board at the end of a playout (a stone of the attacker's, or an
    /// empty point only the attacker's stones touch).
    pub fn taken(&self, board: &Board) -> bool {
        let sign = self.attacker.relative(1);
        let owned = self
            .target
            .iter()
            .filter(|&&p| point_owner(board, p).0 == sign)
            .count();
        2 * owned > self.target.len()
    }

    /// The attacker's chance by `result`, a
    /// [`Searcher::search_capture`](super::Searcher::search_capture)
    /// result of a search for `color`.
    pub fn chance(&self, color: Color, result: &SearchResult) -> f64 {
        if color == self.attacker {
            result.win_rate
        } else {
            1.0 - result.win_rate
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};
    use crate::rules::{Game, Rules};
    use crate::search::{SearchLimits, SearchRequest, Searcher};
    use crate::stop::StopCheck;

    fn chance(diagram: &str, stone: &str, to_move: Color) -> f64 {
        let board = parse(diagram);
        let p = vertex(board.size(), stone).expect("a vertex");
        let goal = CaptureGoal {
            target: board.chain_stones(p).collect(),
            attacker: board.cell(p).color().expect("a stone").opponent(),
        };
        let game = Game::from_position(board, to_move, Rules::AGA, 0.0, 0);
        let mut s = Searcher::new(super::super::SearchParams {
            threads: 1,
            max_tree_bytes: 16 << 20,
            ..Default::default()
        });
        let limits = SearchLimits {
            playouts: Some(2000),
            time: None,
            stop: StopCheck::NEVER,
        };
        let r = s.search_capture(SearchRequest::new(&game, to_move, limits, 3), &goal);
        goal.chance(to_move, &r)
    }

    #[test]
    fn a_lone_stone_in_a_narrow_corner_is_taken() {
        let diagram = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            X X X X . . . . .
            . . . X . . . . .
            . . . X . . . . .
            . O . X . . . . .
            . . . X . . . . .";
        for to_move in Color::BOTH {
            let c = chance(diagram, "B2", to_move);
            assert!(c >= 0.7, "{to_move} to move: {c}");
        }
    }

    #[test]
    fn a_group_with_two_eyes_is_not_taken() {
        let diagram = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            X X X X X . . . .
            O O O O X . . . .
            . O . O X . . . .
            O O O O X . . . .
            . O . O X . . . .";
        let c = chance(diagram, "B4", Color::Black);
        assert!(c <= 0.3, "{c}");
    }
}
