//! The search's tunable constants, each declared once in the table of
//! [`SearchParams`] below: its name, its defaults on small boards (below
//! [`LARGE_BOARD`] lines) and on large ones, the range `--tune` holds it
//! to, and one line of why. The struct, its defaults
//! ([`SearchParams::for_size`]), `hane --tune NAME=VALUE`
//! ([`SearchParams::set`], [`SearchParams::get`]) and the test of the
//! user's table in `docs/tuning.md` all come from that table. The
//! matches behind each default are in `docs/tuning.md`, in the section
//! headed by the constant's name; the switches that lost theirs are in
//! `docs/retired-switches.md`.

use super::playout::{PlayoutKind, Policy, Tactics};
use super::time;
use crate::knowledge::model::Model;
use crate::knowledge::priors::{DISTANCE_POWER, PriorParams};

/// A constant's value as `--tune` sets and reads it: a number (held to
/// the constant's range first), switches as 0 or 1.
pub(super) trait Knob: Copy {
    /// True for a switch (on or off).
    const SWITCH: bool = false;
    /// The value `v` stands for.
    fn from_tune(v: f64) -> Self;
    /// The value as a number; `None` for a value left to the board size.
    fn to_tune(self) -> Option<f64>;
}

impl Knob for f64 {
    fn from_tune(v: f64) -> f64 {
        v
    }
    fn to_tune(self) -> Option<f64> {
        Some(self)
    }
}

impl Knob for f32 {
    fn from_tune(v: f64) -> f32 {
        v as f32
    }
    fn to_tune(self) -> Option<f64> {
        Some(self.into())
    }
}

impl Knob for u32 {
    fn from_tune(v: f64) -> u32 {
        v as u32
    }
    fn to_tune(self) -> Option<f64> {
        Some(self.into())
    }
}

impl Knob for bool {
    const SWITCH: bool = true;
    fn from_tune(v: f64) -> bool {
        v != 0.0
    }
    fn to_tune(self) -> Option<f64> {
        Some(if self { 1.0 } else { 0.0 })
    }
}

/// A value that, unset, follows the board size.
impl<T: Knob> Knob for Option<T> {
    fn from_tune(v: f64) -> Option<T> {
        Some(T::from_tune(v))
    }
    fn to_tune(self) -> Option<f64> {
        self.and_then(T::to_tune)
    }
}

/// A tunable constant as the table declares it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Constant {
    /// Its name for `--tune`, and its field's.
    pub name: &'static str,
    /// The least and the most value `--tune` sets.
    pub range: (f64, f64),
    /// True for a switch, set by 0 (off) or anything else (on).
    pub switch: bool,
    /// One line of why it has its defaults.
    pub why: &'static str,
}

/// Declares [`SearchParams`]: the `fixed` fields, which `--tune` does not
/// set, then one line per tunable constant,
/// `name: type = (small, large) in [least, most], "why";` under its doc
/// comment (what it is).
macro_rules! search_constants {
    (
        fixed {
            $( $(#[$fixed_doc:meta])* $fixed:ident: $fixed_ty:ty = $fixed_default:expr, )*
        }
        tunable {
            $(
                $(#[$doc:meta])*
                $name:ident: $ty:ty = ($small:expr, $large:expr) in [$least:expr, $most:expr],
                $why:literal;
            )*
        }
    ) => {
        /// Tunable search parameters.
        #[derive(Clone, Copy, Debug)]
        pub struct SearchParams {
            $( $(#[$fixed_doc])* pub $fixed: $fixed_ty, )*
            $(
                $(#[$doc])*
                #[doc = ""]
                #[doc = concat!(
                    "Why: ", $why, " (`docs/tuning.md`, \"", stringify!($name), "\")."
                )]
                pub $name: $ty,
            )*
        }

        impl SearchParams {
            /// Every tunable constant, in the table's order.
            pub const CONSTANTS: &'static [Constant] = &[$(
                Constant {
                    name: stringify!($name),
                    range: ($least, $most),
                    switch: <$ty as Knob>::SWITCH,
                    why: $why,
                },
            )*];

            /// The names [`SearchParams::set`] knows, for experiments and
            /// tuning (`hane --tune NAME=VALUE`).
            pub const TUNABLE: &'static [&'static str] = &[$(stringify!($name)),*];

            /// The defaults of large boards, or with `large` false of
            /// small ones.
            fn defaults(large: bool) -> SearchParams {
                SearchParams {
                    $( $fixed: $fixed_default, )*
                    $( $name: if large { $large } else { $small }, )*
                }
            }

            /// Sets one constant by name, held to its range. The prior
            /// weights `prior_even` and `prior_pattern`, unset, follow the
            /// board size
            /// ([`PriorParams::for_size`](crate::knowledge::priors::PriorParams::for_size));
            /// setting one fixes that one alone.
            ///
            /// # Errors
            /// An unknown name, or a value out of range.
            pub fn set(&mut self, name: &str, value: f64) -> Result<(), String> {
                if !value.is_finite() || value < 0.0 {
                    return Err(format!("{name}: {value} is not a non-negative number"));
                }
                match name {
                    $( stringify!($name) => {
                        self.$name = Knob::from_tune(value.clamp($least, $most));
                    } )*
                    _ => {
                        return Err(format!(
                            "unknown search constant {name:?}; known: {}",
                            Self::TUNABLE.join(", ")
                        ));
                    }
                }
                Ok(())
            }

            /// The value of one constant by name, as [`Self::set`] takes it
            /// (switches as 0 or 1), on a board of `size` lines: the prior
            /// weights left unset follow the board size, as the search
            /// reads them.
            ///
            /// # Errors
            /// An unknown name.
            pub fn get(&self, name: &str, size: usize) -> Result<f64, String> {
                let value = match name {
                    $( stringify!($name) => Knob::to_tune(self.$name), )*
                    _ => return Err(format!("unknown search constant {name:?}")),
                };
                Ok(value.unwrap_or_else(|| self.by_size(name, size)))
            }
        }
    };
}

search_constants! {
    fixed {
        /// Playout policy (heavy playouts beat light ones at equal
        /// playouts by a wide margin).
        playout: PlayoutKind = PlayoutKind::Heavy,
        /// Worker threads (the engine sets its cores, `--threads`).
        threads: usize = 1,
        /// Memory limit for tree nodes, in bytes (1 GiB: a 19x19 search of
        /// minutes fits; `--max-tree-mb`).
        max_tree_bytes: usize = 1024 << 20,
        /// Under a time budget, stop once the best move cannot change (the
        /// clock keeps that time for later moves, as Pachi's does).
        early_stop: bool = true,
    }
    tunable {
        /// Visits a leaf needs before it is expanded (and the network run
        /// on it).
        expand_visits: u32 = (4, 8) in [1.0, u32::MAX as f64],
            "4 beat Pachi's 8 on 9x9, 8 beat 4 on 19x19";
        /// RAVE equivalence: how many real visits make AMAF weigh one
        /// half.
        rave_equiv: f64 = (1000.0, 1000.0) in [1.0, f64::MAX],
            "Pachi's 3000 and 4000 did no better on either size";
        /// The same below the root where the side to move wins less than
        /// `losing_below` so far (0: `rave_equiv`).
        losing_rave_equiv: f64 = (100.0, 0.0) in [0.0, f64::MAX],
            "100 finds refutations where the mover is losing on 9x9; worse on 19x19";
        /// Where `losing_rave_equiv` applies: the side to move wins less
        /// than this share so far.
        losing_below: f64 = (0.2, 0.2) in [0.0, 1.0],
            "a round bound above the 0.01 of the position it was built from";
        /// The value network's share of each simulation's result, 0 to 1
        /// (AlphaGo's mixing constant): the result counts `1 -
        /// value_mix`, the network's value of the deepest position on the
        /// path it judged counts `value_mix`. 0 is off; it needs a
        /// network with value heads, and with it the network runs at
        /// every expansion.
        value_mix: f64 = (0.0, 0.0) in [0.0, 1.0],
            "off: at 0.25 s a move it has not yet beaten the playouts alone";
        /// Whether heavy playouts try the last good reply
        /// ([`Replies`](super::playout::Replies)) before their shape
        /// moves.
        last_good_reply: bool = (true, true) in [0.0, 1.0],
            "it beat the play without it against Pachi on 9x9 (z = 2.1)";
        /// The even prior's visits in the tree priors, where it is set
        /// (`None`: by board size, [`PriorParams::for_size`]).
        prior_even: Option<u32> = (None, None) in [0.0, 1000.0],
            "Pachi's weights by board size; no other weight did better";
        /// The model's weight in the tree priors, where it is set
        /// (`None`: by board size).
        prior_pattern: Option<f32> = (None, None) in [0.0, 10_000.0],
            "Pachi's weights by board size; no other weight did better";
        /// The power the model's gammas for the distance to the last two
        /// moves are raised to in the tree priors
        /// ([`DISTANCE_POWER`](crate::knowledge::priors::DISTANCE_POWER)).
        distance_power: f32 = (DISTANCE_POWER, DISTANCE_POWER) in [0.0, 4.0],
            "0.5 beat the model's own gammas on 9x9 and on the 19x19 screen";
        /// Moves on which heavy playouts try the answers to the last move
        /// at all; the rest are random.
        answer_percent: u32 = (90, 90) in [0.0, 100.0],
            "MoGo's value and the earlier hane's";
        /// The weight of "play elsewhere" against the playouts' local
        /// shapes, in percent of the learned tenuki weight.
        tenuki_percent: u32 = (100, 100) in [0.0, 10_000.0],
            "other weights were level or worse in matches";
        /// Moves whose shape and random choices get the full self-atari
        /// check; the others refuse only self-ataris of three stones or
        /// more (Pachi's `selfatarirate`).
        selfatari_percent: u32 = (100, 60) in [0.0, 100.0],
            "Pachi's 60 won with the large boards' settings, lost alone on 9x9";
        /// Moves on which an own chain of three or four liberties beside
        /// the last move takes or ataris the enemy chains beside it
        /// (Pachi's `nlibrate`).
        race_percent: u32 = (0, 100) in [0.0, 100.0],
            "it won with the large boards' settings, level on 9x9 at a cost";
        /// Atari escapes whose liberty lies on one of this many lines
        /// from the edge are read for ladders first (0 never).
        ladder_lines: u32 = (1, 1) in [0.0, 25.0],
            "with big_chain_stones it beat the play without on 9x9 (z = 2.9)";
        /// Own chains of this many stones or more that the last move put
        /// in atari are always answered, whatever `answer_percent` (0
        /// never).
        big_chain_stones: u32 = (3, 3) in [0.0, 1000.0],
            "with ladder_lines it beat the play without on 9x9 (z = 2.9)";
        /// Under a clock: empty points per own move the game still lasts
        /// ([`time::budget`]).
        points_per_move: f64 = (time::POINTS_PER_MOVE, time::POINTS_PER_MOVE) in [0.5, 20.0],
            "3.5 was not resolved against 2.5 at equal time";
        /// The power the priors' ownership gammas are raised to
        /// ([`OWNER_GAMMAS`](crate::knowledge::priors::OWNER_GAMMAS)): 0
        /// leaves Monte Carlo ownership out of the priors, 1 uses the
        /// gammas as trained.
        owner_prior: f64 = (0.0, 1.0) in [0.0, 4.0],
            "it lost alone on 9x9, won with the large boards' settings";
        /// Whether the policy network, when the searcher has one,
        /// corrects the model's tree priors (and the root's).
        net_prior: bool = (true, true) in [0.0, 1.0],
            "it won on the 19x19 screen, and three 9x9 screens leaned its way";
        /// With the network: the visits a node needs before the network
        /// corrects its children's priors
        /// ([`expand::refine`](super::expand)); until then they have the
        /// model's alone. 0: at its expansion.
        net_visits: u32 = (32, 0) in [0.0, 1_000_000.0],
            "32 costs 5% of the time on 9x9; on 19x19 it lost to 0";
        /// With ownership in the priors: playouts from the root, outside
        /// the tree, that give a first ownership map before the root's
        /// priors are set (part of the search's playouts).
        owner_warmup: u32 = (100, 100) in [0.0, 100_000.0],
            "Pachi plays 500 outside its count; these are counted, so fewer";
        /// Whether a playout limit counts the visits the root kept from
        /// the last search, as Pachi's `-t =N` does (for matches at equal
        /// playouts counted alike); else it counts new playouts only.
        count_kept: bool = (false, false) in [0.0, 1.0],
            "`--playouts N` means N new playouts; the lab's matches set it";
    }
}

impl Default for SearchParams {
    /// The small boards' defaults.
    fn default() -> SearchParams {
        SearchParams::defaults(false)
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

    /// The defaults for a board of `size` lines: the table's small
    /// boards' column below [`LARGE_BOARD`], its large boards' from
    /// there up (`docs/tuning.md`, "The large boards' settings").
    pub fn for_size(size: usize) -> SearchParams {
        SearchParams::defaults(is_large(size))
    }

    /// The value of a constant that follows the board size where it is
    /// not set (the prior weights), on a board of `size` lines.
    fn by_size(&self, name: &str, size: usize) -> f64 {
        let priors = self.prior_params(size);
        match name {
            "prior_even" => priors.even.into(),
            _ => priors.pattern.into(),
        }
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

    /// Which optional tactics heavy playouts try, and how often.
    pub fn tactics(&self) -> Tactics {
        Tactics {
            answer_percent: self.answer_percent,
            tenuki_percent: self.tenuki_percent,
            selfatari_percent: self.selfatari_percent,
            race_percent: self.race_percent,
            ladder_lines: self.ladder_lines,
            big_chain_stones: self.big_chain_stones,
        }
    }

    /// The playout policy these constants ask for, with `model`'s shape
    /// weights and no last good replies (a search thread adds its own).
    pub fn playout_policy<'m>(&self, model: &'m Model) -> Policy<'m> {
        Policy {
            kind: self.playout,
            model,
            tactics: self.tactics(),
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
        assert_eq!(small.tactics(), SearchParams::default().tactics());
        assert_ne!(large.tactics(), small.tactics());
        for size in [2, 9, 12] {
            assert_eq!(SearchParams::for_size(size).tactics(), small.tactics());
        }
        for size in [13, 19, 25] {
            assert_eq!(SearchParams::for_size(size).tactics(), large.tactics());
        }
        let tuned = SizedParams::new(|mut p| {
            p.set("race_percent", 40.0)?;
            Ok(p)
        })
        .unwrap();
        for size in [9, 19] {
            assert_eq!(tuned.for_size(size).race_percent, 40);
        }
        // What the tune leaves alone keeps each size's default.
        assert_eq!(tuned.for_size(9).owner_prior, small.owner_prior);
        assert_eq!(tuned.for_size(19).owner_prior, large.owner_prior);
        assert!(SizedParams::new(|mut p| p.set("no_such", 1.0).map(|_| p)).is_err());
    }
}
