//! The search's tunable constants: what each is and where its value
//! came from (match figures in `docs/strength-log.md`). Setting and
//! reading them by name (`hane --tune NAME=VALUE`) is in `tune.rs`; the
//! user's table of them is `docs/tuning.md`.
//!
//! Most settings serve every board size; [`SearchParams::for_size`] gives
//! boards of [`LARGE_BOARD`] lines and more the settings measured apart
//! there. Expansion after 4 visits, the
//! distance power 0.5, the last good reply and the edge-ladder and
//! big-chain rules were each adopted on 9x9 by matches against Pachi,
//! and were first used below 13x13 alone (large boards now expand after
//! 8 visits, see `for_size`). On 19x19 the five together won
//! 41 of 69 games of self-play against the play without them (59.4%,
//! 2,000 playouts each) and, against GNU Go level 10 at 10,000
//! playouts, 31 of 37 where the play without them had won 27 of 39: z
//! about 1.6 and 1.5, neither resolved alone, together about 2.2
//! (docs/strength-log.md, "19x19 against GNU Go level 10").

use super::playout::{PlayoutKind, Policy, Tactics};
use super::time;
use crate::knowledge::model::Model;
use crate::knowledge::priors::PriorParams;

/// Tunable search parameters.
#[derive(Clone, Copy, Debug)]
pub struct SearchParams {
    /// Playout policy.
    pub playout: PlayoutKind,
    /// Worker threads.
    pub threads: usize,
    /// Visits a leaf needs before it is expanded.
    pub expand_visits: u32,
    /// RAVE equivalence: how many real visits make AMAF weigh one half.
    pub rave_equiv: f64,
    /// The same below the root where the side to move wins less than
    /// `losing_below` so far (0: `rave_equiv`).
    pub losing_rave_equiv: f64,
    /// Where `losing_rave_equiv` applies: the side to move wins less
    /// than this share so far.
    pub losing_below: f64,
    /// The value network's share of each simulation's result, 0 to 1
    /// (AlphaGo's mixing constant): the result counts `1 - value_mix`,
    /// the network's value of the deepest position on the path it
    /// judged counts `value_mix`. 0 is off; it needs a network with
    /// value heads, and with it the network runs at every expansion.
    pub value_mix: f64,
    /// Whether heavy playouts try the last good reply
    /// ([`Replies`](super::playout::Replies)) before their shape moves.
    pub last_good_reply: bool,
    /// Memory limit for tree nodes, in bytes.
    pub max_tree_bytes: usize,
    /// Under a time budget, stop once the best move cannot change.
    pub early_stop: bool,
    /// The even prior's visits in the tree priors, where it is set
    /// (`None`: by board size, [`PriorParams::for_size`]).
    pub prior_even: Option<u32>,
    /// The model's weight in the tree priors, where it is set (`None`: by
    /// board size).
    pub prior_pattern: Option<f32>,
    /// The power the model's gammas for the distance to the last two
    /// moves are raised to in the tree priors
    /// ([`DISTANCE_POWER`](crate::knowledge::priors::DISTANCE_POWER)).
    pub distance_power: f32,
    /// Which optional tactics heavy playouts try, and how often.
    pub tactics: Tactics,
    /// Under a clock: empty points per own move the game still lasts
    /// ([`time::budget`]).
    pub points_per_move: f64,
    /// The power the priors' ownership gammas are raised to
    /// ([`OWNER_GAMMAS`](crate::knowledge::priors::OWNER_GAMMAS)): 0
    /// leaves Monte Carlo ownership out of the priors, 1 uses the gammas
    /// as trained.
    pub owner_prior: f64,
    /// Whether the policy network, when the searcher has one, corrects
    /// the model's tree priors (and the root's).
    pub net_prior: bool,
    /// With the network: the visits a node needs before the network
    /// corrects its children's priors ([`expand::refine`](super::expand));
    /// until then they have the model's alone. 0: at its expansion.
    pub net_visits: u32,
    /// With ownership in the priors: playouts from the root, outside the
    /// tree, that give a first ownership map before the root's priors
    /// are set (part of the search's playouts).
    pub owner_warmup: u32,
    /// Whether a playout limit counts the visits the root kept from the
    /// last search, as Pachi's `-t =N` does (for matches at equal
    /// playouts counted alike); else it counts new playouts only.
    pub count_kept: bool,
}

impl Default for SearchParams {
    /// Where each value comes from (match figures in
    /// `docs/strength-log.md`; the switches that lost their matches are
    /// gone, `docs/retired-switches.md`):
    fn default() -> SearchParams {
        SearchParams {
            // Heavy playouts beat light ones at equal playouts by a wide
            // margin (every match since the first heavy policy).
            playout: PlayoutKind::Heavy,
            // One worker; the engine sets its cores (`--threads`, by
            // default all of them).
            threads: 1,
            // Pachi expands after 8 visits. On 9x9 against Pachi at 2,000
            // playouts counted alike, 4 scored 42.0% of 200 games where 8
            // scored 33.7% of 199 on the same seeds (docs/strength-log.md,
            // "Expanding sooner"); large boards take 8 (for_size).
            expand_visits: 4,
            // Pachi uses 3000 (9x9) and 4000 (19x19); 1000 won 37 of 50
            // games against GNU Go where 3000 won 31, and against Pachi
            // 3000 with Pachi's distance weighting scored 37.9% in 62
            // games where 1000 scored 39.2% in 60: no reason to change.
            // On the 19x19 screen against Pachi (2,500 playouts each)
            // 3000 alone scored 43.3% of 298 where 1000 scored 40.1% of
            // 357 (z about 0.8), and 43.2% of 139 beside 47.5% of 141 on
            // the same machine and build (docs/strength-log.md, "A third
            // control of the default on the 19x19 screen"): dropped.
            rave_equiv: 1000.0,
            // Below a move the tree takes for a win, the loser's answers
            // that no playout has tried yet are valued almost by their
            // AMAF alone (one that works only now, as a placement that
            // wins a race, looks hopeless there) and get no visit; a
            // smaller equivalence there lets their priors speak. On 9x9
            // against GNU Go level 10 it scored 94.6% of 692 games (454
            // of `1b22ed4` with `--tune losing_rave_equiv=100`, 238 of
            // `ab02e32`) where the play before had scored 92.3% of 1,079
            // (z about 1.9, the direction set in advance), and against
            // Pachi at 2,000 playouts counted alike 52.5% of 395 beside
            // the default's 52.1% of 459; 30 scored 91.1% of 151 against
            // GNU Go (docs/strength-log.md, "A RAVE equivalence of its
            // own where the side to move is losing").
            // Large boards leave it off (for_size).
            losing_rave_equiv: 100.0,
            // In the position it was built from the loser's node stood
            // at 0.01; 0.2 is a round bound above that, not tuned.
            losing_below: 0.2,
            // Off until a network with value heads is built in.
            value_mix: 0.0,
            // Not in Pachi. On 9x9 against Pachi at 2,000 playouts
            // counted alike, replies scored 44.8% of 1,935 games where the
            // same build without them scored 41.3% of 1,903 on the same
            // seeds, side by side (z = 2.1; docs/strength-log.md, "Last
            // good reply"); on 19x19 see the module's note.
            last_good_reply: true,
            // 1 GiB: a 19x19 search of minutes fits; --max-tree-mb.
            max_tree_bytes: 1024 << 20,
            // Under a clock, playouts that cannot change the move are time
            // the clock keeps for later moves (Pachi stops the same way).
            early_stop: true,
            // PriorParams::for_size: Pachi's weights, see there.
            prior_even: None,
            prior_pattern: None,
            // priors::DISTANCE_POWER, 0.5: it beat the model's gammas in
            // paired 9x9 matches; 0.25 (34.3% of 197) and 0 (35.9% of
            // 198) did no better.
            distance_power: crate::knowledge::priors::DISTANCE_POWER,
            // Edge ladders and big chains: on 9x9 against Pachi at 2,000
            // playouts counted alike, reading atari escapes on the first
            // line for ladders and always answering chains of 3 or more in
            // atari scored 47.2% of 1,420 games where the same play
            // without them scored 41.2% of 905 beside them (z = 2.9) and
            // 43.9% of 3,985 in all (docs/strength-log.md, "Edge ladders
            // and big chains in the playouts"); on 19x19 see the
            // module's note.
            // Large boards set the race check and the self-atari rate
            // apart (SearchParams::for_size).
            tactics: Tactics {
                ladder_lines: 1,
                big_chain_stones: 3,
                ..Tactics::default()
            },
            // time::POINTS_PER_MOVE, 2.5. With 3.5 (about the 24 own
            // moves of an average 9x9 game against Pachi) hane scored
            // 79.4% of 80 at equal time where 2.5 scored 75.0% of 80 in
            // the same hour (docs/strength-log.md): not resolved, kept.
            points_per_move: time::POINTS_PER_MOVE,
            // With the trained gammas as they are (power 1) hane scored
            // 31.8% of 200 games against Pachi at 2,000 playouts where
            // the defaults scored 39.3% of 200 the same day
            // (docs/strength-log.md): off; on large boards 1
            // (SearchParams::for_size).
            owner_prior: 0.0,
            // The network learned from 19x19 games; on the 19x19 screen it
            // moved hane from 27.0% of 37 to 66.7% of 30 against Pachi
            // (docs/strength-log.md, "The policy network on the 19x19
            // screen"). On 9x9, run at every expansion, it scored 54.5% of
            // 333 against Pachi beside the default's 53.1% of 325 at nearly
            // twice the time a move ("The policy network on 9x9"); run from
            // 32 visits (net_visits below) at about 5% of the time, 95.2%
            // of 3,000 against GNU Go where the play without it scored
            // 94.65% of 2,000 (z about 0.8), and 55.0% of 200 against Pachi
            // where it scored 52.5% of 395 ("The policy network from 32
            // visits on 9x9"). Three screens, none resolved, all the same
            // way: on.
            net_prior: true,
            // 32 on small boards, at the cost and with the figures above.
            // On large boards 0, every expansion (SearchParams::for_size):
            // 32 makes a 19x19 search about 27% (empty board) to 38% (move
            // 100) faster, but on the 19x19 screen against Pachi (2,500
            // playouts each) it scored 26 of 50 where the network at every
            // expansion had scored 35 of 50 on the same seeds (z -1.85;
            // docs/strength-log.md, "The policy network later in the
            // tree").
            net_visits: 32,
            // Pachi plays 500 such playouts a move, on top of its count;
            // here they are counted, so fewer.
            owner_warmup: 100,
            // `--playouts N` means N new playouts.
            count_kept: false,
        }
    }
}

/// The smallest board that gets the large boards' settings
/// ([`SearchParams::for_size`]). They were measured on 19x19 alone; 13x13
/// goes with the large boards, as in the project's earlier per-size
/// settings, since its games are closer to 19x19's than to 9x9's.
pub const LARGE_BOARD: usize = 13;

/// True if a board of `size` lines gets the large boards' settings.
pub fn is_large(size: usize) -> bool {
    size >= LARGE_BOARD
}

impl SearchParams {
    /// True if the priors read Monte Carlo ownership (`owner_prior`). A
    /// search then first runs `owner_warmup` playouts outside the tree
    /// for a first map; they count among its playouts.
    pub fn priors_read_ownership(&self) -> bool {
        self.owner_prior > 0.0
    }

    /// The defaults for a board of `size` lines: [`SearchParams::default`]
    /// below [`LARGE_BOARD`]; from there up, five playout, prior and
    /// tree settings of their own (each still a switch, `--tune`):
    ///
    /// - `race_percent` 100: the race check on every move;
    /// - `selfatari_percent` 60: the full self-atari check on 60% of the
    ///   shape and random moves (Pachi's rate), the rest refusing only
    ///   self-ataris of three stones or more;
    /// - `owner_prior` 1: Monte Carlo ownership in the tree priors;
    /// - `net_visits` 0: the policy network corrects a node's priors at
    ///   its expansion instead of once it has 32 visits (its screens are
    ///   with its default, in [`SearchParams::default`]);
    /// - `expand_visits` 8, Pachi's value: a leaf is expanded (and the
    ///   network run on it) after 8 visits instead of 4.
    ///
    /// On the 19x19 screen against Pachi (2,500 playouts each, counted
    /// alike) the first three together scored 30 of 84 (35.7%), where the
    /// default scored 17 of 82 (20.7%; z about 2.1) and the two without
    /// the race check 5 of 22 (docs/strength-log.md, "The large boards'
    /// settings"). On 9x9 each alone had scored worse or level against
    /// Pachi (owner_prior 31.8% of 200 where the default scored 39.3%, the
    /// self-atari rate 30.0% of 90, the race check 54.3% of 375 beside the
    /// default's 52.1% of 378 at a quarter fewer playouts a second), so
    /// small boards keep the default. On 19x19 the race check costs 3 to 9% of the playouts a
    /// second of a search from the empty board, and about 11% of the
    /// instructions in the middle game.
    ///
    /// Expansion after 8 visits scored 22 of 48 games (45.8%) on the
    /// 19x19 screen against Pachi where the default's 4 scored 12 of 43
    /// (27.9%) beside it, and 18 of 34 (52.9%) in the 19x19 row against
    /// Pachi at 10,000 playouts when it was adopted (28 of 50, 56.0%,
    /// at 50 games), where 4 had scored 23 of 50 (46.0%): z about 1.8
    /// and 0.6 (1.0 at 50 games), neither resolved alone. With the
    /// network it searches about 13% more playouts a second from the
    /// empty board and 19% more at move 100 (docs/strength-log.md,
    /// "Expansion after 8 visits on large boards").
    ///
    /// The other way round, `losing_rave_equiv` is 100 on the small
    /// boards, where it was measured, and off (0, `rave_equiv`) from
    /// 13x13 up: on the 19x19 screen 100 scored 8 of 27 (29.6%) where
    /// the default scored 35.8% of 120 (docs/strength-log.md, "A RAVE
    /// equivalence of its own where the mover is losing, on the 19x19
    /// screen").
    pub fn for_size(size: usize) -> SearchParams {
        let mut p = SearchParams::default();
        if is_large(size) {
            p.tactics.race_percent = 100;
            p.tactics.selfatari_percent = 60;
            p.owner_prior = 1.0;
            p.net_visits = 0;
            p.losing_rave_equiv = 0.0;
            p.expand_visits = 8;
        }
        p
    }

    /// How model probabilities become priors on a board of `size` lines:
    /// each weight as set, else the board size's
    /// ([`PriorParams::for_size`], which splits the sizes on its own line).
    pub fn prior_params(&self, size: usize) -> PriorParams {
        let by_size = PriorParams::for_size(size);
        PriorParams {
            even: self.prior_even.unwrap_or(by_size.even),
            pattern: self.prior_pattern.unwrap_or(by_size.pattern),
        }
    }

    /// The playout policy these constants ask for, with `model`'s shape
    /// weights and no last good replies (a search thread adds its own).
    pub fn playout_policy<'m>(&self, model: &'m Model) -> Policy<'m> {
        Policy {
            kind: self.playout,
            model,
            tactics: self.tactics,
            replies: None,
            shape_log: None,
        }
    }
}

/// Search parameters by board size: the same options and `--tune`
/// settings over the defaults of small boards and of large ones
/// ([`SearchParams::for_size`]), so that a `boardsize` or a loaded game
/// of another size searches with its own.
#[derive(Clone, Copy, Debug)]
pub struct SizedParams {
    small: SearchParams,
    large: SearchParams,
}

impl SizedParams {
    /// `adjust` applied to the defaults of each size.
    ///
    /// # Errors
    /// What `adjust` returns.
    pub fn new(
        adjust: impl Fn(SearchParams) -> Result<SearchParams, String>,
    ) -> Result<SizedParams, String> {
        Ok(SizedParams {
            small: adjust(SearchParams::for_size(LARGE_BOARD - 1))?,
            large: adjust(SearchParams::for_size(LARGE_BOARD))?,
        })
    }

    /// The parameters for a board of `size` lines.
    pub fn for_size(&self, size: usize) -> SearchParams {
        if is_large(size) {
            self.large
        } else {
            self.small
        }
    }
}

impl Default for SizedParams {
    /// Each size's defaults, unchanged.
    fn default() -> SizedParams {
        SizedParams {
            small: SearchParams::for_size(LARGE_BOARD - 1),
            large: SearchParams::for_size(LARGE_BOARD),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_boards_get_their_settings_and_a_tune_sets_both_sizes() {
        let small = SearchParams::for_size(LARGE_BOARD - 1);
        let large = SearchParams::for_size(LARGE_BOARD);
        assert_eq!(small.tactics, SearchParams::default().tactics);
        assert_ne!(large.tactics, small.tactics);
        for size in [2, 9, 12] {
            assert_eq!(SearchParams::for_size(size).tactics, small.tactics);
        }
        for size in [13, 19, 25] {
            assert_eq!(SearchParams::for_size(size).tactics, large.tactics);
        }
        let tuned = SizedParams::new(|mut p| {
            p.set("race_percent", 40.0)?;
            Ok(p)
        })
        .unwrap();
        for size in [9, 19] {
            assert_eq!(tuned.for_size(size).tactics.race_percent, 40);
        }
        // What the tune leaves alone keeps each size's default.
        assert_eq!(tuned.for_size(9).owner_prior, small.owner_prior);
        assert_eq!(tuned.for_size(19).owner_prior, large.owner_prior);
        assert!(SizedParams::new(|mut p| p.set("no_such", 1.0).map(|_| p)).is_err());
    }
}
