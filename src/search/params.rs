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
    /// The same among the root's children alone (0: `rave_equiv`).
    pub root_rave_equiv: f64,
    /// The same below the root where the side to move wins less than
    /// `losing_below` so far (0: `rave_equiv`).
    pub losing_rave_equiv: f64,
    /// Where `losing_rave_equiv` applies: the side to move wins less
    /// than this share so far.
    pub losing_below: f64,
    /// Extra AMAF weight for moves played soon after a node (Pachi's
    /// `distance_rave`): a move's sample counts `1 + d * (moves after it) /
    /// (moves after the node + 1)` times, rounded; 0 weighs all alike.
    pub rave_distance: u32,
    /// Exploration constant of the UCB term.
    pub exploration: f64,
    /// The UCB term applies only at nodes where the side to move wins
    /// less than this so far (1: at every node).
    pub explore_below: f64,
    /// How much a simulation's margin counts beside its result, 0 to 0.5
    /// (Fuego's score modification; 0 counts wins and losses alone).
    pub score_weight: f64,
    /// The score utility, 0 to 0.5: a child's urgency gains this much
    /// times its mean final margin less its parent's, in units of
    /// `score_scale` and held to plus or minus one; 0 is off.
    pub score_utility: f64,
    /// The value network's share of each simulation's result, 0 to 1
    /// (AlphaGo's mixing constant): the result counts `1 - value_mix`,
    /// the network's value of the deepest position on the path it
    /// judged counts `value_mix`. 0 is off; it needs a network with
    /// value heads, and with it the network runs at every expansion.
    pub value_mix: f64,
    /// The margin difference, in points, at which the score utility is
    /// full (0: the square root of the board's area).
    pub score_scale: f64,
    /// The weight of criticality (Coulom's covariance of owning a point
    /// and winning) in a node's AMAF, as Pachi's `crit_rave`; 0 is off.
    pub criticality: f64,
    /// Visits a node needs before its criticality counts (Pachi's
    /// `crit_min_playouts`).
    pub criticality_visits: u32,
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
    /// The factor on the model strength of an atari that captures in a
    /// ladder a chain of three or more stones the playouts do not already
    /// give to the attacker, in the tree priors (1 keeps the model's;
    /// [`Adjust`](crate::knowledge::priors::Adjust)).
    pub ladder_boost: f32,
    /// The same factor for a capture of three or more stones the
    /// playouts do not already give to the capturer (1 keeps the model's).
    pub capture_boost: f32,
    /// The power the model strengths are raised to in the tree priors
    /// (below 1 flatter, 1 the model's).
    pub prior_power: f32,
    /// The least product of shape gammas a forcing move (a capture, an
    /// atari on two stones or on the last move) keeps in the tree priors
    /// ([`Adjust::shape_floor`](crate::knowledge::priors::Adjust)); 0
    /// keeps the model's.
    pub shape_floor: f32,
    /// The power the model's gammas for the distance to the last two
    /// moves are raised to in the tree priors
    /// ([`DISTANCE_POWER`](crate::knowledge::priors::DISTANCE_POWER)).
    pub distance_power: f32,
    /// Which optional tactics heavy playouts try, and how often.
    pub tactics: Tactics,
    /// Under a clock: empty points per own move the game still lasts
    /// ([`time::budget`]).
    pub points_per_move: f64,
    /// The power the playouts' learned shape gammas are raised to
    /// ([`Model::with_playout_power`](crate::knowledge::model::Model::with_playout_power)).
    pub shape_power: f64,
    /// Whether a ko fight's threats, played by the side that took the ko
    /// right below a node, get no AMAF credit there (Pachi's threat_rave 0).
    pub skip_ko_threats: bool,
    /// Children that capture at least this many stones leave their AMAF
    /// out of their urgency ([`Node::captures`](super::tree::Node::captures));
    /// 0: none. A capture is worth what it is only now: in the playouts
    /// its point is mostly played later, after the race it decides is
    /// lost, and that low AMAF can keep a winning capture unvisited.
    pub amaf_blind_captures: u32,
    /// With `amaf_blind_captures`: those children keep an AMAF, counting
    /// only the simulations whose first play of their point (by the same
    /// colour) captured as many stones or more, as Pachi's
    /// `filter_selfataris` keeps only the plays that were self-ataris
    /// when played.
    pub capture_amaf_plays: bool,
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
    /// Whether the tree leaves out escapes into a ladder that works (and
    /// escapes that stay in atari), as Pachi's `prune_ladders` does; else
    /// they get the even prior only.
    pub prune_ladders: bool,
    /// Whether a node's AMAF counts a point's first play from the node's
    /// own depth on (Pachi's window), not its first play in the whole
    /// simulation: they differ where a stone of the tree's path was
    /// captured and its point played again, as in ko fights.
    pub amaf_window: bool,
    /// Whether a playout limit counts the visits the root kept from the
    /// last search, as Pachi's `-t =N` does (for matches at equal
    /// playouts counted alike); else it counts new playouts only.
    pub count_kept: bool,
    /// Whether a search for a move to play gives the opponent extra komi
    /// while it is clearly winning, as Pachi does in even games
    /// ([`dynkomi`](super::dynkomi)).
    pub dynamic_komi: bool,
    /// How a search picks its move: 0, the most visited root move; z > 0,
    /// among the moves with at least a tenth of the top visits, the one
    /// whose win rate is highest less z standard errors
    /// ([`Candidate::lower_bound`](super::Candidate::lower_bound)), as
    /// Leela Zero and KataGo do.
    pub final_lcb: f64,
    /// Progressive widening ([`select`](super::select)): a node's
    /// children are tried in the order of their priors, this many open
    /// from the start and one more each time its visits grow by a factor
    /// of [`WIDEN_RATE`] past `widen_visits`; 0 opens them all.
    pub widen_base: u32,
    /// With `widen_base`: the visit scale of the widening.
    pub widen_visits: f64,
    /// The step of the playouts' adaptation to the position
    /// ([`Adapt`](super::playout::Adapt)); 0 is off.
    pub adapt_rate: f64,
    /// With `adapt_rate`: the playout moves after the tree's that each
    /// simulation's result teaches.
    pub adapt_span: u32,
}

/// The factor of visits that opens one more child under progressive
/// widening: Coulom's 1.4 (CrazyStone, "Computing Elo Ratings of Move
/// Patterns in the Game of Go", 2007).
pub const WIDEN_RATE: f64 = 1.4;

impl Default for SearchParams {
    /// Where each value comes from (match figures in
    /// `docs/strength-log.md`):
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
            // The root's children gather AMAF samples from nearly every
            // simulation, so there AMAF keeps most of the weight at any
            // visit count the search reaches (two thirds at 300 visits
            // with 1,500 samples). 100 there scored 92.7% of 48 games
            // against GNU Go level 10 on 9x9 (stopped for the arm above;
            // the default 92.3% of 1,079): no sign of a gain, off.
            root_rave_equiv: 0.0,
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
            // Pachi's distance_rave is 3; see rave_equiv (no gain), and
            // 3 alone scored 33.0% of 200 where 0 scored 39.3%.
            rave_distance: 0,
            // With priors and RAVE no UCB term is needed (Pachi's
            // explore_p is 0 too); a positive value adds
            // `c * sqrt(ln(parent) / visits)`.
            exploration: 0.0,
            // Everywhere, when an exploration constant is set. Against
            // Pachi at 2,000 playouts counted alike, 0.5 where the mover
            // wins less than 15% scored 48.1% of 1,105 games where the
            // defaults scored 47.2% of 1,420 (docs/strength-log.md,
            // "exploring where the mover is losing"): no gain, so off.
            explore_below: 1.0,
            // Fuego counts the margin with 0.02; Pachi not at all
            // (val_scale 0). Until a match decides, results alone.
            score_weight: 0.0,
            // KataGo adds a utility of the expected score beside the win
            // rate; Pachi counts results alone. On the 19x19 screen
            // against Pachi (2,500 playouts each) 0.1 scored 11 of 49
            // (22.4%) where the default scored 35.8% of 120
            // (docs/strength-log.md, "A score utility"): off.
            score_utility: 0.0,
            // Off until a network with value heads is built in.
            value_mix: 0.0,
            // The square root of the area: 19 points on 19x19, 9 on 9x9
            // (KataGo's scale grows with the square root of the area
            // too). Not tuned.
            score_scale: 0.0,
            // Pachi: 1.1 from 2,000 visits. On the 19x19 screen against
            // Pachi (2,500 playouts each), 1.1 from 500 visits scored 7 of
            // 29 (24.1%) where the default scored 35.8% of 120
            // (docs/strength-log.md, "The mean and the robust max;
            // criticality, on the 19x19 screen"): off.
            criticality: 0.0,
            criticality_visits: 2000,
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
            // Against Pachi at 2,000 playouts counted alike, where the
            // defaults scored 33.0% of 197 on the same seeds
            // (docs/strength-log.md): ×30 scored 28.8% of 66 (24.0% of 102
            // without the ownership test): the model's own strength.
            ladder_boost: 1.0,
            // On 9x9 at 2,000 playouts ×10 scored 46.3% of 505 games
            // against Pachi (the default 47.2% of 1,420) and 88.4% of 249
            // against GNU Go (the default beside it 87.7% of 248), ×30
            // 42.8% of 207 against Pachi (docs/strength-log.md): the
            // model's own strength.
            capture_boost: 1.0,
            // 0.7 scored 33.2% of 196: no change. On 19x19 against GNU Go
            // level 10 at 10,000 playouts, 0.7 scored 75.9% of 29 where the
            // default scored 78.0% of 50 (docs/strength-log.md, "Where the
            // 19x19 games were lost"): no change there either.
            prior_power: 1.0,
            // On 9x9 against Pachi at 2,000 playouts counted alike, 1
            // scored 52.0% of 555 games where the same build without it
            // scored 51.8% of 562 beside it (docs/strength-log.md, "A
            // shape floor for forcing moves"): off. On the 19x19 screen,
            // where the refutations it lifts were found, 6 of 23 beside
            // the default's 35.8% of 120 ("Fill-board and the shape floor
            // on the 19x19 screen"): off there too. Against GNU Go level
            // 10 on 9x9, whose refutations it was built from, 91.0% of 200
            // beside the default's 92.6% of 400 ("The GNU Go match of
            // `f2c92d4`; the race check, the shape floor and half the
            // tenuki weight beside it"): level.
            shape_floor: 0.0,
            // priors::DISTANCE_POWER, 0.5: it beat the model's gammas in
            // paired 9x9 matches; 0.25 (34.3% of 197) and 0 (35.9% of
            // 198) did no better.
            distance_power: crate::knowledge::priors::DISTANCE_POWER,
            // Ko fights at Pachi's 40% scored 38.3% of 350 games against
            // Pachi where none scored 38.2% of 250, 80% 29.4% of 90
            // (docs/strength-log.md): off. Approach moves always scored
            // 47.7% of 413 and eye attacks at Pachi's 60% 45.2% of 283,
            // the default 47.2% of 1,420: both off.
            //
            // Edge ladders and big chains: on 9x9 against Pachi at 2,000
            // playouts counted alike, reading atari escapes on the first
            // line for ladders and always answering chains of 3 or more in
            // atari scored 47.2% of 1,420 games where the same play
            // without them scored 41.2% of 905 beside them (z = 2.9) and
            // 43.9% of 3,985 in all (docs/strength-log.md, "Edge ladders
            // and big chains in the playouts"); on 19x19 see the
            // module's note.
            //
            // Fill-board (5 tries) scored 46.9% of 732 on 9x9 beside the
            // default's 47.2% of 1,420, and 37.5% of 56 on the 19x19
            // screen against Pachi where the default scored 35.8% of 120
            // (docs/strength-log.md, "Fill-board and the shape floor on
            // the 19x19 screen"): off on every size.
            //
            // Pachi's playout rates (ko 40, eye fix 100, eye fill 60,
            // approach moves always), fill-board, half the tenuki weight
            // and captures of three without AMAF, each level alone on the
            // 19x19 screen, together scored 39.5% of 86 there where the
            // default scored 35.8% of 120 (docs/strength-log.md, "The
            // level switches together on the 19x19 screen"): all stay off.
            //
            // Races (19x19): refusing self-squeezes together with
            // counter-ataris always won 57.6% of 139 games of self-play at
            // 2,000 playouts, then 69.2% of 39 against GNU Go level 10 at
            // 10,000 where the default had scored 78.0% of 50
            // (docs/strength-log.md, "Self-squeezes and counter-ataris
            // against GNU Go"): both off; counter-ataris at 50% with the
            // race check at 25% scored 78.6% of 42 there, level. Large
            // boards set the race check and the self-atari rate apart
            // (SearchParams::for_size).
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
            // The gammas as trained for predicting moves.
            shape_power: 1.0,
            // Every AMAF sample counts, ko threats too, until a match says
            // otherwise.
            skip_ko_threats: false,
            // On 9x9 against Pachi at 2,000 playouts counted alike,
            // captures of any size without AMAF scored 43.2% of 479 games
            // and with only their capturing plays' AMAF 42.8% of 382, the
            // default 47.2% of 1,420 (docs/strength-log.md, "Captures that
            // AMAF buries"): off. On the 19x19 screen against Pachi, where
            // buried captures of five to nine stones had cost games,
            // captures of three or more without AMAF scored 38.8% of 85
            // where the default scored 35.7% of 84 ("Captures that AMAF
            // buries, on 19x19"): level, off there too.
            amaf_blind_captures: 0,
            capture_amaf_plays: false,
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
            // On, 30.5% of 200 against the same 39.3%: off.
            prune_ladders: false,
            // On, 34.5% of 200 against the same 39.3%: off.
            amaf_window: false,
            // `--playouts N` means N new playouts.
            count_kept: false,
            // Pachi's default in even games. Until a match decides, off.
            dynamic_komi: false,
            // On 9x9 at 2 standard errors it scored 32.6% of 89 games
            // against Pachi beside the default's 33.7% of 199
            // (docs/strength-log.md, "Decision quality"); on 19x19 at
            // 2,500 playouts each, 1 of 12 beside the default's 8 of 42
            // ("A quarter of the playouts on 19x19"): off.
            final_lcb: 0.0,
            // Every child open, as in Pachi, whose priors alone steer a
            // young node: on the 19x19 screen against Pachi (2,500
            // playouts each) five open children scored 31.1% of 61
            // where the default scored 35.8% of 120 (docs/strength-log.md,
            // "Progressive widening on the 19x19 screen"). Forty visits
            // is of the order of Coulom's schedule, not tuned.
            widen_base: 0,
            widen_visits: 40.0,
            // Off: on the 19x19 screen against Pachi (2,500 playouts each)
            // a step of 0.02 scored 11 of 31 (35.5%) and 0.05 8 of 30
            // (26.7%), where the default scored 35.8% of 120
            // (docs/strength-log.md, "Playouts that adapt to the
            // position"). The span is a first guess: a playout's first
            // hundred moves decide most of what it says about the
            // position.
            adapt_rate: 0.0,
            adapt_span: 100,
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
    /// True if the priors read Monte Carlo ownership: its gammas
    /// (`owner_prior`), or the ladder or capture boost, which ask it
    /// whether a chain is already taken. A search then first runs
    /// `owner_warmup` playouts outside the tree for a first map; they
    /// count among its playouts.
    pub fn priors_read_ownership(&self) -> bool {
        self.owner_prior > 0.0 || self.ladder_boost != 1.0 || self.capture_boost != 1.0
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

    /// The model whose playout weights these constants ask for: the
    /// built-in one, its shape gammas raised to `shape_power`.
    pub fn playout_model(&self) -> std::sync::Arc<Model> {
        self.playout_model_from(&crate::knowledge::builtin())
    }

    /// [`Self::playout_model`] with `base` in place of the built-in model.
    pub fn playout_model_from(&self, base: &std::sync::Arc<Model>) -> std::sync::Arc<Model> {
        if self.shape_power == 1.0 {
            base.clone()
        } else {
            let power = self.shape_power as f32;
            std::sync::Arc::new(base.with_playout_power(power))
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
            adapt: None,
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
