//! A playout from a judged leaf, whose result the search mixes into the
//! network's judgement there, as AlphaGo mixed its rollouts with its value
//! network (`PuctParams::playout_mix`). A playout reads what a network may
//! not: stones in atari, captures, races played to the end.

use crate::knowledge::ladder;
use crate::rules::{Board, Color};
use crate::search::playout::{self, Amaf, Policy};
use rand::rngs::SmallRng;

/// A worker's playout buffers, made once and reused.
pub(super) struct Rollout {
    board: Box<Board>,
    amaf: Amaf,
    ladders: ladder::Reader,
}

impl Rollout {
    /// Buffers for playouts from positions like `board`.
    pub(super) fn new(board: &Board) -> Rollout {
        Rollout {
            board: Box::new(board.clone()),
            amaf: Amaf::new(),
            ladders: ladder::Reader::new(),
        }
    }

    /// Plays `board` out with `color` to move: the result for `color`,
    /// 1 for a win, -1 for a loss and 0 for a draw, and its lead, with
    /// `white_bonus` (komi and handicap bonus) counted for White.
    pub(super) fn run(
        &mut self,
        board: &Board,
        color: Color,
        policy: Policy<'_>,
        white_bonus: f64,
        rng: &mut SmallRng,
    ) -> (f64, f64) {
        *self.board = board.clone();
        self.amaf.clear();
        let black = playout::run(
            &mut self.board,
            color,
            policy,
            white_bonus,
            &mut self.amaf,
            rng,
            &mut self.ladders,
        );
        let lead = if color == Color::Black { black } else { -black };
        let result = if lead > 0.0 {
            1.0
        } else if lead < 0.0 {
            -1.0
        } else {
            0.0
        };
        (result, lead)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::parse;
    use crate::search::PlayoutKind;
    use crate::search::playout::Tactics;
    use rand::SeedableRng;

    /// A playout's result and lead are the side to move's: Black, who
    /// owns the board but two eyes, wins by the 25 points less komi
    /// whoever moves first, and White loses by as much.
    #[test]
    fn a_playout_scores_for_the_side_to_move() {
        let board = parse(
            "X X X X X
             X . X X X
             X X X X X
             X X X . X
             X X X X X",
        );
        let model = crate::knowledge::builtin();
        let policy = Policy {
            kind: PlayoutKind::Heavy,
            model: &model,
            tactics: Tactics::default(),
            replies: None,
            shape_log: None,
        };
        let mut rollout = Rollout::new(&board);
        let mut rng = SmallRng::seed_from_u64(1);
        assert_eq!(
            rollout.run(&board, Color::Black, policy, 7.5, &mut rng),
            (1.0, 17.5)
        );
        assert_eq!(
            rollout.run(&board, Color::White, policy, 7.5, &mut rng),
            (-1.0, -17.5)
        );
        // The buffers start afresh: the board played on is a copy.
        assert_eq!(board.empty_count(), 2);
    }
}
