//! The network's raw evaluation, without a search: `kata-raw-nn` and the
//! GoGui displays of the value heads. The formats are in
//! [`crate::gtp::raw_nn`].

use super::Session;
use crate::gtp::error::GtpError;
use crate::gtp::raw_nn::{self, RawEval, Which};
use crate::knowledge::katago::{KataBuffers, KataNet, ROOT_OPTIMISM};
use crate::knowledge::net::symmetry::{self, Symmetry};
use crate::knowledge::net::{Net, NetBuffers};
use crate::knowledge::priors;
use crate::rules::Color;

impl Session {
    /// The session's network, if it has value heads.
    fn net_with_heads(&self) -> Result<&Net, GtpError> {
        let net = self
            .size_net()
            .ok_or_else(|| GtpError::Other("no network".into()))?;
        if net.heads_at().is_none() {
            return Err(GtpError::Other("network has no value heads".into()));
        }
        Ok(net)
    }

    /// The network's evaluation of the current position with `color` to
    /// move, seen through each of `syms`. The policy is the move model's
    /// probability of each root move (the moves a search considers),
    /// corrected by the network, as [`crate::search::root_policy`]
    /// computes it, whatever `net_prior` says: this is the network's own
    /// opinion.
    fn raw_evals(
        &self,
        color: Color,
        syms: impl Iterator<Item = Symmetry>,
    ) -> Result<Vec<RawEval>, GtpError> {
        if let Some(kata) = &self.net.kata {
            return Ok(self.kata_evals(kata, color, syms));
        }
        let net = self.net_with_heads()?;
        let game = &self.game;
        let size = game.size();
        let n = size.get();
        let moves = crate::search::root_moves(game, color);
        let mut rated = priors::Rated::default();
        priors::probabilities(
            &self.model,
            game.board(),
            color,
            moves.iter().copied(),
            priors::Adjust::default(),
            &mut rated,
        );
        let komi = game.komi() as f32;
        let komi = if color == Color::White { komi } else { -komi };
        let mut buf = NetBuffers::default();
        let mut evals = Vec::new();
        for sym in syms {
            let mut probs = rated.probs.clone();
            if !symmetry::judge(net, game, color, komi, &moves, &mut probs, sym, &mut buf) {
                return Err(GtpError::Other("network has no value heads".into()));
            }
            let mut policy = vec![None; n * n];
            for (&p, &pr) in moves.iter().zip(&probs) {
                let (x, y) = size.coords(p);
                policy[y * n + x] = Some(pr);
            }
            evals.push(RawEval {
                symmetry: sym,
                color,
                win: buf.heads.win(),
                lead: buf.heads.lead(),
                owner: buf.heads.owner.clone(),
                policy,
                pass: None,
                score: None,
            });
        }
        Ok(evals)
    }

    /// A KataGo network's evaluations of the current position.
    fn kata_evals(
        &self,
        net: &KataNet,
        color: Color,
        syms: impl Iterator<Item = Symmetry>,
    ) -> Vec<RawEval> {
        let mut buf = KataBuffers::default();
        syms.map(|sym| {
            let e = net.evaluate(&self.game, color, sym, ROOT_OPTIMISM, &mut buf);
            RawEval {
                symmetry: sym,
                color,
                win: e.win,
                lead: e.lead,
                owner: e.owner,
                policy: e.policy.iter().map(|&p| (p >= 0.0).then_some(p)).collect(),
                pass: Some(e.pass),
                score: Some((e.score_mean, e.score_stdev)),
            }
        })
        .collect()
    }

    /// `kata-raw-nn [color] SYMMETRY`: KataGo's raw evaluation, one block
    /// per symmetry asked for.
    pub(super) fn kata_raw_nn(
        &self,
        color: Option<Color>,
        which: Which,
    ) -> Result<String, GtpError> {
        let color = color.unwrap_or_else(|| self.game.to_move());
        let evals = match which {
            Which::One(s) => self.raw_evals(color, std::iter::once(s))?,
            Which::All => self.raw_evals(color, Symmetry::all())?,
        };
        let n = self.game.size().get();
        Ok(evals
            .iter()
            .map(|e| raw_nn::kata_block(n, e))
            .collect::<Vec<_>>()
            .join("\n"))
    }

    /// The mean of the eight symmetries' evaluations, the side to move
    /// to play.
    fn raw_mean(&self) -> Result<RawEval, GtpError> {
        let evals = self.raw_evals(self.game.to_move(), Symmetry::all())?;
        raw_nn::mean(&evals).ok_or_else(|| GtpError::Other("no evaluation".into()))
    }

    /// `hane-raw-ownership`: the ownership head, averaged over the eight
    /// symmetries, as a GoGui `dboard` (+1 Black).
    pub(super) fn raw_ownership(&self) -> Result<String, GtpError> {
        let e = self.raw_mean()?;
        Ok(raw_nn::ownership_board(self.game.size().get(), &e))
    }

    /// `hane-raw-value`: the value and score heads, averaged over the
    /// eight symmetries, in words.
    pub(super) fn raw_value(&self) -> Result<String, GtpError> {
        Ok(raw_nn::value_text(&self.raw_mean()?))
    }
}
