//! The network a PUCT search judges positions with: a KataGo model, or
//! hane's own move model corrected by its network with value heads. Both
//! answer in the same form ([`KataEval`]): policy, value, lead and
//! ownership for the side to move.

use crate::knowledge::Networks;
use crate::knowledge::katago::{History, KataBuffers, KataEval, KataNet};
use crate::knowledge::model::Model;
use crate::knowledge::net::symmetry::Symmetry;
use crate::knowledge::net::{self, Net, NetBuffers};
use crate::knowledge::priors::{self, Adjust, Rated};
use crate::rules::{Color, Point};
use std::sync::Arc;

/// The pass's prior with hane's own network, whose move model rates no
/// pass: small, so that the search tries a pass only where the moves'
/// values fall below it.
const OWN_PASS_PRIOR: f32 = 0.01;

/// A network the search can judge positions with.
#[derive(Clone, Debug)]
pub enum Evaluator {
    /// A KataGo model.
    Kata(Arc<KataNet>),
    /// hane's move model corrected by a network that has value heads.
    Own {
        /// The move model.
        model: Arc<Model>,
        /// The network.
        net: Arc<Net>,
    },
}

/// An evaluation's buffers, reused from one to the next.
#[derive(Default)]
pub struct EvalBuffers {
    kata: KataBuffers,
    net: NetBuffers,
    rated: Rated,
    points: Vec<Point>,
}

impl Evaluator {
    /// The network that judges a large board (`large`) or a small one
    /// with `nets` and the move model `model`, if one does
    /// ([`Networks::judges`]).
    pub fn for_size(nets: &Networks, model: &Arc<Model>, large: bool) -> Option<Evaluator> {
        if let Some(k) = &nets.kata {
            return Some(Evaluator::Kata(Arc::clone(k)));
        }
        let net = nets.get(large).filter(|_| nets.judges(large))?;
        Some(Evaluator::Own {
            model: Arc::clone(model),
            net: Arc::clone(net),
        })
    }

    /// Judges the current position of `pos` for `color` to move (through
    /// `sym`, for a KataGo model) into `out`.
    pub fn evaluate_into(
        &self,
        pos: &impl History,
        color: Color,
        sym: Symmetry,
        buf: &mut EvalBuffers,
        out: &mut KataEval,
    ) {
        match self {
            // The plain policy, as before nets had an optimistic one.
            Evaluator::Kata(k) => k.evaluate_into(pos, color, sym, 0.0, &mut buf.kata, out),
            Evaluator::Own { model, net } => own(model, net, pos, color, buf, out),
        }
    }
}

/// hane's judgement: the model's probabilities of the legal moves,
/// corrected by the network, and its value heads.
fn own(
    model: &Model,
    net: &Net,
    pos: &impl History,
    color: Color,
    buf: &mut EvalBuffers,
    out: &mut KataEval,
) {
    let board = pos.board();
    let size = board.size();
    let n = size.get();
    buf.points.clear();
    buf.points.extend(
        board
            .empty_points()
            .iter()
            .map(|&i| Point(i))
            .filter(|&p| pos.legal(color, p)),
    );
    priors::probabilities(
        model,
        board,
        color,
        buf.points.iter().copied(),
        Adjust::default(),
        &mut buf.rated,
    );
    let komi = pos.white_komi();
    let komi = if color == Color::White { komi } else { -komi };
    let judged = net::judge(
        net,
        board,
        color,
        komi,
        &buf.points,
        &mut buf.rated.probs,
        &mut buf.net,
    );
    out.policy.clear();
    out.policy.resize(n * n, -1.0);
    let scale = 1.0 - OWN_PASS_PRIOR;
    for (&p, &pr) in buf.points.iter().zip(&buf.rated.probs) {
        let (x, y) = size.coords(p);
        out.policy[y * n + x] = pr * scale;
    }
    out.pass = if buf.points.is_empty() {
        1.0
    } else {
        OWN_PASS_PRIOR
    };
    let heads = &buf.net.heads;
    let win = if judged { heads.win() } else { 0.5 };
    out.win = win;
    out.loss = 1.0 - win;
    out.no_result = 0.0;
    out.lead = if judged { heads.lead() } else { 0.0 };
    out.score_mean = out.lead;
    out.score_stdev = 0.0;
    out.owner.clear();
    if judged && heads.owner.len() == n * n {
        out.owner.extend_from_slice(&heads.owner);
    } else {
        out.owner.resize(n * n, 0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::{builtin, builtin_small_net};
    use crate::rules::diagram::vertex;
    use crate::rules::{BoardSize, Game, Move, Rules};

    /// hane's own judgement has the KataGo form: a policy over the legal
    /// points (-1 elsewhere) that sums to one with the pass, and a value
    /// that sees a decided position for what it is.
    #[test]
    fn hane_s_own_judgement_reads_like_a_katago_one() {
        let Some(net) = builtin_small_net() else {
            panic!("the small-board network is built in");
        };
        let eval = Evaluator::Own {
            model: builtin(),
            net,
        };
        let size = BoardSize::new(9).expect("9x9");
        let mut game = Game::new(size, Rules::AGA, 7.0);
        for (c, v) in [(Color::Black, "E5"), (Color::White, "C3")] {
            let p = vertex(size, v).expect("vertex");
            game.play(c, Move::Play(p)).expect("legal");
        }
        let mut buf = EvalBuffers::default();
        let mut out = KataEval::default();
        eval.evaluate_into(&game, Color::Black, Symmetry::IDENTITY, &mut buf, &mut out);
        assert_eq!(out.policy.len(), 81);
        let dense = |v: &str| {
            let (x, y) = size.coords(vertex(size, v).expect("vertex"));
            y * 9 + x
        };
        assert_eq!(out.policy[dense("E5")], -1.0, "occupied");
        assert_eq!(out.policy[dense("C3")], -1.0, "occupied");
        let sum: f32 = out.policy.iter().filter(|&&p| p >= 0.0).sum::<f32>() + out.pass;
        assert!((sum - 1.0).abs() < 1e-4, "policy and pass sum to {sum}");
        assert!(out.pass > 0.0 && out.pass < 0.05, "pass {}", out.pass);
        assert!((out.win + out.loss - 1.0).abs() < 1e-6);
        assert_eq!(out.owner.len(), 81);
        // Black owns the whole board but a corner: a win, and a lead.
        let mut won = Game::new(size, Rules::AGA, 7.0);
        for v in ["A4", "B4", "C4", "D4", "D3", "D2", "D1"] {
            let p = vertex(size, v).expect("vertex");
            won.play(Color::Black, Move::Play(p)).expect("legal");
            won.play(Color::White, Move::Pass).expect("pass");
        }
        for v in ["E5", "E6", "F5", "D6", "F4", "E4"] {
            let p = vertex(size, v).expect("vertex");
            won.play(Color::Black, Move::Play(p)).expect("legal");
            won.play(Color::White, Move::Pass).expect("pass");
        }
        eval.evaluate_into(&won, Color::Black, Symmetry::IDENTITY, &mut buf, &mut out);
        assert!(out.win > 0.8, "Black's win {}", out.win);
        assert!(out.lead > 5.0, "Black's lead {}", out.lead);
    }
}
