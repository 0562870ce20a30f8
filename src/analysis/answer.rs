//! The answer to one turn, in KataGo's shape: `moveInfos` (one per move
//! the search visited, most visited first), `rootInfo`, and the
//! `ownership` and `policy` maps when asked. Pure functions of the search
//! result.
//!
//! Every number is from one player's point of view
//! ([`Perspective`]): win rates and lower bounds become one minus
//! themselves, scores and utilities change sign, ownership is positive for
//! that player. `docs/analysis-engine.md` says what each key means for
//! hane.

use super::query::{Perspective, Query};
use crate::knowledge::net::symmetry::Symmetry;
use crate::rules::game::situation_key;
use crate::rules::point::move_name;
use crate::rules::{Board, BoardSize, Color, Game, Move};
use crate::search::{Candidate, SearchResult};
use serde_json::{Map, Value, json};

/// The z of the lower confidence bound (`lcb`), as `kata-analyze` uses.
const LCB_Z: f64 = 1.96;

/// The network's own judgement of the position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Raw {
    /// Win probability.
    pub win: f64,
    /// Expected lead in points.
    pub lead: f64,
    /// A KataGo net's self-play score and its spread, which hane's own
    /// network does not have.
    pub selfplay: Option<(f64, f64)>,
}

/// What an answer is built from besides the search result.
pub struct Context<'a> {
    /// The query.
    pub query: &'a Query,
    /// The turn searched.
    pub turn: usize,
    /// The game at that turn.
    pub game: &'a Game,
    /// True for a report during the search.
    pub during: bool,
    /// The root's move probabilities by point index, when asked.
    pub policy: Option<&'a [f32]>,
    /// The pass's probability in that policy.
    pub pass_policy: f32,
    /// The network's judgement, if its value heads cover this size.
    pub raw: Option<Raw>,
}

/// A finite number (0 for anything else, which JSON cannot carry).
fn num(x: f64) -> Value {
    json!(if x.is_finite() { x } else { 0.0 })
}

/// A number kept in single precision, to the millionth: `0.6`, not the
/// `0.6000000238418579` its exact value prints as.
fn short(x: f32) -> Value {
    num((f64::from(x) * 1e6).round() / 1e6)
}

/// Converts numbers from the side to move's view to the reported one.
#[derive(Clone, Copy)]
struct View {
    flip: bool,
    color: Color,
}

impl View {
    fn new(p: Perspective, to_move: Color) -> View {
        let color = p.color(to_move);
        View {
            flip: color != to_move,
            color,
        }
    }
    fn rate(self, x: f64) -> f64 {
        if self.flip { 1.0 - x } else { x }
    }
    fn signed(self, x: f64) -> f64 {
        if self.flip { -x } else { x }
    }
    /// A map from Black's view (row by row from A1) as KataGo lists it:
    /// row by row from the top-left point, for the reported player.
    fn board_map(self, size: BoardSize, black: &[f32]) -> Vec<Value> {
        let n = size.get();
        (0..n)
            .rev()
            .flat_map(|y| (0..n).map(move |x| y * n + x))
            .map(|i| {
                let v = black.get(i).copied().unwrap_or(0.0);
                short(self.color.relative(v.clamp(-1.0, 1.0)))
            })
            .collect()
    }
}

/// The answer for a turn whose search never ran (terminated first).
pub fn no_results(id: &str, turn: usize) -> Value {
    json!({"id": id, "isDuringSearch": false, "noResults": true, "turnNumber": turn})
}

/// The answer for one turn; the first `warm_up` playouts of the search
/// ran outside the tree and do not count as visits.
pub fn answer(ctx: &Context<'_>, r: &SearchResult, warm_up: u64) -> Value {
    let game = ctx.game;
    let size = game.size();
    let to_move = game.to_move();
    let view = View::new(ctx.query.perspective, to_move);
    let mut shown: Vec<&Candidate> = r.candidates.iter().filter(|c| c.visits > 0).collect();
    if shown.is_empty()
        && let Some(c) = r
            .candidates
            .iter()
            .max_by(|a, b| a.prior.total_cmp(&b.prior))
    {
        shown.push(c);
    }
    let infos: Vec<Value> = shown
        .iter()
        .enumerate()
        .map(|(order, c)| move_info(ctx, view, size, order, c))
        .collect();
    let mut out = Map::new();
    out.insert("id".into(), json!(ctx.query.id));
    out.insert("isDuringSearch".into(), json!(ctx.during));
    out.insert("turnNumber".into(), json!(ctx.turn));
    out.insert("moveInfos".into(), Value::Array(infos));
    out.insert("rootInfo".into(), root_info(ctx, view, r, warm_up));
    if ctx.query.ownership {
        out.insert(
            "ownership".into(),
            Value::Array(view.board_map(size, &r.ownership)),
        );
    }
    if let Some(policy) = ctx.policy {
        out.insert("policy".into(), policy_map(game, policy, ctx.pass_policy));
    }
    Value::Object(out)
}

fn move_info(ctx: &Context<'_>, view: View, size: BoardSize, order: usize, c: &Candidate) -> Value {
    let visits = f64::from(c.visits);
    let lcb = c.lower_bound(LCB_Z);
    let pv: Vec<Value> =
        c.pv.iter()
            .take(ctx.query.pv_len.saturating_add(1))
            .map(|&m| json!(move_name(size, m)))
            .collect();
    let pv = if pv.is_empty() {
        vec![json!(move_name(size, c.mv))]
    } else {
        pv
    };
    let mut m = Map::new();
    m.insert("move".into(), json!(move_name(size, c.mv)));
    m.insert("order".into(), json!(order));
    m.insert("visits".into(), json!(c.visits));
    m.insert("edgeVisits".into(), json!(c.visits));
    m.insert("weight".into(), num(visits));
    m.insert("edgeWeight".into(), num(visits));
    m.insert("playSelectionValue".into(), num(visits));
    m.insert("winrate".into(), num(view.rate(c.win_rate)));
    m.insert("lcb".into(), num(view.rate(lcb)));
    m.insert("utility".into(), num(view.signed(2.0 * c.win_rate - 1.0)));
    m.insert("utilityLcb".into(), num(view.signed(2.0 * lcb - 1.0)));
    let score = num(view.signed(c.score_lead));
    m.insert("scoreLead".into(), score.clone());
    m.insert("scoreMean".into(), score.clone());
    m.insert("scoreSelfplay".into(), score);
    m.insert("scoreStdev".into(), num(c.score_stdev));
    m.insert("prior".into(), short(c.prior as f32));
    m.insert("pv".into(), Value::Array(pv));
    if ctx.query.moves_ownership {
        let own = if c.ownership.is_empty() {
            vec![0.0; size.area()]
        } else {
            c.ownership.clone()
        };
        m.insert("ownership".into(), Value::Array(view.board_map(size, &own)));
    }
    Value::Object(m)
}

fn root_info(ctx: &Context<'_>, view: View, r: &SearchResult, warm_up: u64) -> Value {
    let game = ctx.game;
    let to_move = game.to_move();
    let score = num(view.signed(r.score_lead));
    let raw = ctx.raw.unwrap_or(Raw {
        win: 0.5,
        lead: 0.0,
        selfplay: None,
    });
    let mut m = Map::new();
    m.insert(
        "currentPlayer".into(),
        json!(if to_move == Color::Black { "B" } else { "W" }),
    );
    let visits = r.playouts.saturating_sub(warm_up);
    m.insert("visits".into(), json!(visits));
    m.insert("weight".into(), num(visits as f64));
    m.insert("winrate".into(), num(view.rate(r.root_win_rate)));
    m.insert(
        "utility".into(),
        num(view.signed(2.0 * r.root_win_rate - 1.0)),
    );
    m.insert("scoreLead".into(), score.clone());
    m.insert("scoreSelfplay".into(), score);
    m.insert("scoreStdev".into(), num(r.score_stdev));
    m.insert("rawWinrate".into(), num(view.rate(raw.win)));
    m.insert("rawLead".into(), num(view.signed(raw.lead)));
    let (selfplay, stdev) = raw.selfplay.unwrap_or((raw.lead, -1.0));
    m.insert("rawScoreSelfplay".into(), num(view.signed(selfplay)));
    // Outputs hane's network does not have: -1, as KataGo reports them
    // for networks without them; no result cannot happen under superko.
    m.insert("rawScoreSelfplayStdev".into(), num(stdev));
    m.insert("rawStWrError".into(), json!(-1.0));
    m.insert("rawStScoreError".into(), json!(-1.0));
    m.insert("rawVarTimeLeft".into(), json!(-1.0));
    m.insert("rawNoResultProb".into(), json!(0.0));
    let (this, sym) = hashes(game.board(), to_move);
    m.insert("thisHash".into(), json!(format!("{this:016X}")));
    m.insert("symHash".into(), json!(format!("{sym:016X}")));
    Value::Object(m)
}

/// The position's key (stones and player to move, as superko compares
/// situations) and the least key among its eight symmetric images.
pub fn hashes(board: &Board, to_move: Color) -> (u64, u64) {
    let this = situation_key(board, to_move);
    let size = board.size();
    let sym = Symmetry::all()
        .filter_map(|s| {
            let stones: Vec<_> = [Color::Black, Color::White]
                .into_iter()
                .flat_map(|c| board.stones(c).map(move |p| (c, s.point(size, p))))
                .collect();
            Board::with_stones(size, &stones).map(|b| situation_key(&b, to_move))
        })
        .min()
        .unwrap_or(this);
    (this, sym)
}

/// The policy as KataGo lists it: row by row from the top-left point,
/// then pass; -1 on illegal points.
fn policy_map(game: &Game, policy: &[f32], pass: f32) -> Value {
    let size = game.size();
    let n = size.get();
    let color = game.to_move();
    let mut out = Vec::with_capacity(n * n + 1);
    for y in (0..n).rev() {
        for x in 0..n {
            let v = match size.point(x, y) {
                Some(p) if game.is_legal(color, Move::Play(p)) => {
                    policy.get(p.index()).copied().unwrap_or(0.0)
                }
                _ => -1.0,
            };
            out.push(short(v));
        }
    }
    // hane's move model rates no pass (probability 0); a KataGo net does.
    out.push(short(pass));
    Value::Array(out)
}

#[cfg(test)]
#[path = "answer_tests.rs"]
mod tests;
