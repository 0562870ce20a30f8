//! How well a network fits held-out positions: the played moves (top-1,
//! log-likelihood), and where the positions have the teacher's labels,
//! the value heads against the teacher and against the games' results.

use super::backward::{self, Example};
use super::targets::Labels;
use super::{Data, example_at};
use crate::knowledge::model::Model;
use crate::knowledge::net::{self, Activations, HeadOut, Net};
use crate::lab::train::dataset::rank;
use rayon::prelude::*;

/// The first move of a position whose value is judged against the game's
/// result, and how many moves before the end the last one is: the
/// opening says little about the winner, and the last moves are the
/// resignation's.
pub const RESULT_FROM: usize = 30;
/// See [`RESULT_FROM`].
pub const RESULT_BEFORE_END: usize = 10;

/// A held-out position: its example, and whether the side to move won the
/// game, where that is known and the position is in the judged range.
#[derive(Clone, Debug)]
pub struct Held {
    /// The example.
    pub ex: Example,
    /// The side to move won.
    pub won: Option<bool>,
}

/// The examples of `positions` of `data`'s games.
pub fn held_out(model: &Model, data: Data<'_>, positions: &[(u32, u32)]) -> Vec<Held> {
    positions
        .par_iter()
        .filter_map(|&(g, k)| {
            let game = &data.games[g as usize];
            let k = k as usize;
            let ex = example_at(model, game, k, data.labels)?;
            let judged = k >= RESULT_FROM && k + RESULT_BEFORE_END <= game.moves.len();
            let won = game.winner.filter(|_| judged).map(|w| w == game.moves[k].0);
            Some(Held { ex, won })
        })
        .collect()
}

/// Figures over held-out positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Fit {
    /// Fraction of the played moves ranked first (ties count against).
    pub top1: f64,
    /// Mean log-probability of the played moves.
    pub log_likelihood: f64,
    /// Positions with the teacher's labels that the heads judged.
    pub valued: usize,
    /// Mean cross-entropy of the heads' win probability against the
    /// teacher's.
    pub value_ce: f64,
    /// Mean absolute difference of the leads, in points.
    pub lead_error: f64,
    /// Mean absolute difference of the ownership, over the points.
    pub owner_error: f64,
    /// Labelled positions with a known result in the judged range.
    pub results: usize,
    /// Of those, where the heads' value picks the winner.
    pub heads_right: usize,
    /// Of those, where the teacher's value picks the winner.
    pub teacher_right: usize,
}

impl Fit {
    /// The teacher's share of winners picked, as a log line's tail.
    pub fn teacher_line(&self) -> String {
        if self.results == 0 {
            return String::new();
        }
        format!(
            "; the teacher picks the winner of {:.1}% of {} positions",
            100.0 * self.teacher_right as f64 / self.results as f64,
            self.results
        )
    }

    /// The heads' figures, as a log line's tail.
    pub fn value_line(&self) -> String {
        if self.valued == 0 {
            return String::new();
        }
        let mut s = format!(
            "; value: cross-entropy {:.4}, lead error {:.2}, ownership error {:.3} over {} positions",
            self.value_ce, self.lead_error, self.owner_error, self.valued
        );
        if self.results > 0 {
            s.push_str(&format!(
                "; winner picked {:.1}% (teacher {:.1}%) of {}",
                100.0 * self.heads_right as f64 / self.results as f64,
                100.0 * self.teacher_right as f64 / self.results as f64,
                self.results
            ));
        }
        s
    }
}

/// Sums of one chunk of positions.
#[derive(Clone, Copy, Debug, Default)]
struct Sums {
    hits: u64,
    ll: f64,
    valued: usize,
    value_ce: f64,
    lead: f64,
    owner: f64,
    results: usize,
    heads_right: usize,
    teacher_right: usize,
}

impl Sums {
    fn add(mut self, o: Sums) -> Sums {
        self.hits += o.hits;
        self.ll += o.ll;
        self.valued += o.valued;
        self.value_ce += o.value_ce;
        self.lead += o.lead;
        self.owner += o.owner;
        self.results += o.results;
        self.heads_right += o.heads_right;
        self.teacher_right += o.teacher_right;
        self
    }
}

/// How well `net` (or the model alone) fits the held-out positions, the
/// network computed as play computes it.
pub fn measure(net: Option<&Net>, held: &[Held]) -> Fit {
    let s = held
        .par_iter()
        .map_init(
            || {
                (
                    Activations::default(),
                    Vec::new(),
                    Vec::new(),
                    HeadOut::default(),
                )
            },
            |(acts, logits, lp, out), h| {
                let ex = &h.ex;
                match net {
                    Some(net) => backward::log_probs(net, Net::infer, ex, acts, logits, lp),
                    None => net::log_softmax(&ex.base, lp),
                }
                let mut s = Sums {
                    hits: (rank(lp, ex.played) == 1) as u64,
                    ll: lp[ex.played] as f64,
                    ..Sums::default()
                };
                let Some(t) = &ex.value else {
                    return s;
                };
                if let Some(won) = h.won {
                    s.results = 1;
                    s.teacher_right = usize::from((t.win > 0.5) == won);
                }
                let last = acts.acts.last().map_or(&[][..], |a| &a[..]);
                if let Some(net) = net
                    && net.heads(ex.n, t.komi, last, out)
                {
                    let q = f64::from(out.win()).clamp(1e-7, 1.0 - 1e-7);
                    let w = f64::from(t.win);
                    s.valued = 1;
                    s.value_ce = -(w * q.ln() + (1.0 - w) * (1.0 - q).ln());
                    s.lead = f64::from((out.lead() - t.lead).abs());
                    s.owner = out
                        .owner
                        .iter()
                        .zip(&t.owner)
                        .map(|(a, b)| f64::from((a - b).abs()))
                        .sum::<f64>()
                        / out.owner.len().max(1) as f64;
                    if let Some(won) = h.won {
                        s.heads_right = usize::from((out.win() > 0.5) == won);
                    }
                }
                s
            },
        )
        .reduce(Sums::default, Sums::add);
    let n = held.len().max(1) as f64;
    let v = s.valued.max(1) as f64;
    Fit {
        top1: s.hits as f64 / n,
        log_likelihood: s.ll / n,
        valued: s.valued,
        value_ce: s.value_ce / v,
        lead_error: s.lead / v,
        owner_error: s.owner / v,
        results: s.results,
        heads_right: s.heads_right,
        teacher_right: s.teacher_right,
    }
}

/// Reads a labels file.
///
/// # Errors
/// An unreadable or malformed file, with its path.
pub fn read_labels(path: &str) -> Result<Labels, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let labels = Labels::parse(&text).map_err(|e| format!("{path}: {e}"))?;
    log::info!("{} labelled positions in {path}", labels.len());
    Ok(labels)
}
