//! What a simulation brings back: the network's judgement of the leaf, or
//! a finished game's area score, turned into KataGo's utility (the
//! win-loss value plus a small score term), and the leaf's children with
//! the network's priors.

use super::Shared;
use super::line::Line;
use super::tree::Outcome;
use crate::knowledge::katago::{History, KataEval, dense_point};
use crate::rules::score::{area_count, area_score};
use crate::rules::{BoardSize, Color, Game, Move};

/// A node's children from its evaluation into `kids`: every legal point
/// and the pass, the policy their priors.
pub(super) fn children_into(size: BoardSize, e: &KataEval, kids: &mut Vec<(Move, f32)>) {
    kids.clear();
    kids.extend(
        e.policy
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p >= 0.0)
            .filter_map(|(i, &p)| Some((Move::Play(dense_point(size, i)?), p))),
    );
    kids.push((Move::Pass, e.pass));
}

/// An evaluation's outcome for `color`, the side to move where it was
/// made.
pub(super) fn judged(sh: &Shared<'_>, e: &KataEval, color: Color) -> Outcome {
    let stdev = f64::from(e.score_stdev);
    scored(
        sh,
        f64::from(e.win - e.loss),
        f64::from(e.lead),
        stdev * stdev,
        color,
    )
}

/// The outcome of a win-loss value and a lead for `color` (with the
/// lead's variance), with the score utility.
pub(super) fn scored(
    sh: &Shared<'_>,
    winloss: f64,
    lead: f64,
    lead_var: f64,
    color: Color,
) -> Outcome {
    let f = |x: f64| std::f64::consts::FRAC_2_PI * (x / sh.side).atan();
    // The centre is the root side's; for the other side, its negation.
    let centre = if color == sh.color {
        sh.centre
    } else {
        -sh.centre
    };
    let score = sh.params.static_score * f(lead / 2.0)
        + sh.params.dynamic_score * f((lead - centre) / 0.75);
    Outcome {
        utility: winloss + score,
        winloss,
        lead,
        lead_var,
    }
}

/// A finished game's result for `color`: +1 a win, -1 a loss, 0 a draw,
/// and the margin, by area on the board as it stands.
pub(super) fn final_score(game: &Game, line: &Line<'_>, color: Color) -> (f64, f64) {
    let handicap = game.rules().handicap_bonus.points(game.handicap().0);
    let score = area_score(&area_count(line.board()), game.komi(), handicap);
    let margin = if color == Color::Black {
        score.0
    } else {
        -score.0
    };
    let value = if margin > 0.0 {
        1.0
    } else if margin < 0.0 {
        -1.0
    } else {
        0.0
    };
    (value, margin)
}
