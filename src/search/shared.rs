//! What the threads of one search share: the tree, the position, the
//! constants and the statistics they gather. The simulation loop
//! ([`super::worker`]), the choice of a child ([`super::select`]), the
//! expansion ([`super::expand`]) and the result ([`super::report`]) all
//! read it; it reads none of them.

use super::capture::CaptureGoal;
use super::params::SearchParams;
use super::playout::Policy;
use super::root_stats::RootStats;
use super::tree::{NodeId, Tree};
use crate::knowledge::model::Model;
use crate::knowledge::net::Net;
use crate::knowledge::priors::{OWNER_BINS, PriorParams};
use crate::rules::{Board, Color};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64};

/// Everything the workers share during one search.
pub(super) struct Shared<'a> {
    pub tree: &'a Tree,
    pub policy: Policy<'a>,
    pub params: SearchParams,
    pub root: NodeId,
    pub board: &'a Board,
    pub color: Color,
    pub legal_root: &'a [bool],
    /// Model probability of each root move, by point index.
    pub root_prior: &'a [f32],
    /// The move-prediction model behind the priors.
    pub model: &'a Model,
    /// The policy network that corrects the model's priors, if any.
    pub net: Option<&'a Net>,
    /// How its probabilities become priors.
    pub priors: PriorParams,
    /// Komi plus the rules' handicap bonus: White's extra points.
    pub white_bonus: f64,
    /// 1 / rave_equiv.
    pub inv_rave_equiv: f32,
    /// 1 / losing_rave_equiv, or `inv_rave_equiv` when that is 0.
    pub inv_losing_rave_equiv: f32,
    /// Where it applies: the side to move wins less than this (0: off).
    pub losing_below: f32,
    pub issued: AtomicU64,
    pub done: AtomicU64,
    pub finish: AtomicBool,
    /// Sum over finished simulations of each point's final owner (+1 Black,
    /// -1 White), row by row from A1; flushed by workers in batches.
    pub ownership: Vec<AtomicI64>,
    /// Simulations counted in `ownership`.
    pub ownership_samples: AtomicU64,
    /// The value network's ownership of the root's points (+1 Black, -1
    /// White, row by row from A1), when the value mix judged the root.
    pub root_owner: std::sync::OnceLock<Vec<f32>>,
    /// The priors' ownership gammas (raised to `params.owner_prior`), or
    /// `None` when the priors leave ownership out.
    pub owner_gammas: Option<[f32; OWNER_BINS]>,
    /// True if the nodes this search expands get a pass child (the game is
    /// near its end: [`super::pass::allowed`]).
    pub allow_pass: bool,
    /// Passes in a row that ended the game's moves before the root, at
    /// most 1: a game already ended by two (a GUI may still ask for a
    /// move) is searched as if one had been played.
    pub root_passes: u32,
    /// Searching for the capture of these stones instead of the game's
    /// result ([`super::Searcher::search_capture`]).
    pub goal: Option<&'a CaptureGoal>,
    /// The root moves' margins and, when asked, ownership
    /// ([`super::root_stats`]); set once the root is expanded.
    pub root_stats: RootStats,
}

impl Shared<'_> {
    /// True if the priors read Monte Carlo ownership.
    pub(super) fn priors_use_ownership(&self) -> bool {
        self.params.priors_read_ownership()
    }
}
