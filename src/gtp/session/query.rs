//! Commands that only read the game: the board diagram, stones,
//! legality, and the process's CPU time.

use super::Session;
use crate::gtp::args::VertexArg;
use crate::rules::Color;

impl Session {
    pub(super) fn showboard(&self) -> String {
        let b = self.game.board();
        let mut out = String::from("\n");
        out.push_str(&crate::rules::diagram::render(b));
        out.push_str(&format!(
            "\nBlack (X) has captured {} stones\nWhite (O) has captured {} stones\n{} to move, rules {}, komi {}",
            b.prisoners(Color::Black),
            b.prisoners(Color::White),
            self.game.to_move(),
            self.game.rules(),
            self.game.komi()
        ));
        out
    }

    /// `is_legal`: `1` or `0`; a vertex off the board is not legal.
    pub(super) fn is_legal(&self, c: Color, v: VertexArg) -> String {
        let legal = self
            .to_move_arg(v)
            .is_ok_and(|mv| self.game.is_legal(c, mv));
        (if legal { "1" } else { "0" }).to_string()
    }

    /// `hane-policy [color]`, a GoGui `dboard`: the model's probability
    /// that `color` (default: the side to move) plays each point, one row
    /// per line from the top. The numbers are the ones the search's root
    /// priors and the analysis `prior` fields use: they sum to 1 over the
    /// moves the search considers (the legal moves but own true-eye fills
    /// and suicide), and every other point gets 0. Where the search's
    /// `net_prior` is set (by default on every size) the policy network
    /// corrects them, as it does the priors. With a KataGo net, its
    /// policy (the pass's share left out).
    pub(super) fn policy(&self, color: Option<Color>) -> String {
        let color = color.unwrap_or_else(|| self.game.to_move());
        let n = self.game.size().get();
        let uses_net = self
            .config
            .search_params()
            .is_ok_and(|p| p.for_size(n).net_prior);
        let net = self.size_net().filter(|_| uses_net);
        let size = self.game.size();
        let probs = match &self.net.kata {
            // A KataGo net's own policy, as its search's priors.
            Some(kata) => {
                let mut buf = crate::knowledge::katago::KataBuffers::default();
                let sym = crate::knowledge::net::symmetry::Symmetry::IDENTITY;
                // The plain policy, as the search reads it.
                let e = kata.evaluate(&self.game, color, sym, 0.0, &mut buf);
                let mut probs = vec![0.0; crate::rules::point::MAX_POINTS];
                for (i, &p) in e.policy.iter().enumerate() {
                    if let Some(pt) = crate::knowledge::katago::dense_point(size, i) {
                        probs[pt.index()] = p.max(0.0);
                    }
                }
                probs
            }
            None => crate::search::root_policy(&self.model, net, &self.game, color),
        };
        let rows: Vec<String> = (0..n)
            .rev()
            .map(|y| {
                (0..n)
                    .map(|x| {
                        let p = size.point(x, y).map_or(0.0, |p| probs[p.index()]);
                        format!("{p:.4}")
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        format!("\n{}", rows.join("\n"))
    }

    /// `gogui-rules_legal_moves`: situational superko and the suicide rule
    /// applied; a pass is always legal.
    pub(super) fn rules_legal_moves(&self) -> String {
        let legal = self.game.legal_moves(self.game.to_move());
        let mut text = self.vertices(legal.into_iter());
        text.push_str(if text.is_empty() { "pass" } else { " pass" });
        text
    }
}

/// CPU seconds used by the whole process (all threads).
pub(super) fn cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        // SAFETY: getrusage only writes into the struct we pass.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } == 0 {
            let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
            return tv(usage.ru_utime) + tv(usage.ru_stime);
        }
    }
    0.0
}
