//! Rule sets as data.
//!
//! A [`Rules`] value holds only the decisions that change play or scoring;
//! code asks about a field ("may a chain commit suicide?"), never "is this
//! AGA?". Both presets count by area; komi is not part of the rules (the
//! controller sets it, and changing rules never resets it).

use std::fmt;
use std::str::FromStr;

/// Which repetitions are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoRule {
    /// A move may not recreate an earlier whole-board position with the
    /// same player to move (the same stones with the other player to move
    /// are a different situation).
    SituationalSuperko,
}

/// Whether a move may leave its own chain without liberties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suicide {
    /// Never legal.
    Forbidden,
    /// Legal when it removes a chain of two or more stones (which become the
    /// opponent's prisoners). Single-stone suicide stays illegal.
    MultiStoneAllowed,
}

/// Extra points White receives for Black's handicap stones under area
/// counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapBonus {
    /// Nothing.
    Zero,
    /// One point per handicap stone after the first (handicap n ≥ 2 → n−1).
    PerStoneAfterFirst,
}

impl HandicapBonus {
    /// The points White receives for `handicap` black stones.
    pub fn points(self, handicap: u32) -> u32 {
        match self {
            HandicapBonus::Zero => 0,
            HandicapBonus::PerStoneAfterFirst => handicap.saturating_sub(1),
        }
    }
}

/// Who must make the last move of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastMove {
    /// Two consecutive passes end the game.
    Either,
    /// Two consecutive passes end the game only if White passed last;
    /// otherwise White passes once more (so both made as many moves).
    White,
}

/// A rule set: the decisions that change legality or the score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Repetition rule.
    pub ko: KoRule,
    /// Suicide rule.
    pub suicide: Suicide,
    /// Area-counting compensation for handicap stones.
    pub handicap_bonus: HandicapBonus,
    /// Who must move last.
    pub last_move: LastMove,
}

impl Rules {
    /// American Go Association rules (AGA Concise Rules, 1991):
    /// - rule 5: "It is illegal for a player to move so as to create a
    ///   string of his or her own stones which is completely surrounded" —
    ///   suicide forbidden;
    /// - rule 6: "illegal ... to exactly recreate a previous full board
    ///   position from the game, with the same player to move" —
    ///   situational superko;
    /// - rule 4: with area counting "White receives an additional point of
    ///   compensation for each Black handicap stone after the first";
    /// - rule 11: "White must make the last move--if necessary, an
    ///   additional pass".
    pub const AGA: Rules = Rules {
        ko: KoRule::SituationalSuperko,
        suicide: Suicide::Forbidden,
        handicap_bonus: HandicapBonus::PerStoneAfterFirst,
        last_move: LastMove::White,
    };

    /// New Zealand rules: a play removes the opponent's chains without
    /// liberties, "then removing any of that player's own stones that then
    /// have no liberties" — suicide allowed (hane keeps single-stone suicide
    /// illegal: under situational superko it would only be a pass that
    /// changes nothing); a move may not repeat a
    /// previous board position with the same player to move — situational
    /// superko; territory counts the stones, no handicap compensation.
    /// (The NZ text also says handicap games have no komi; hane leaves
    /// komi to the controller.)
    pub const NEW_ZEALAND: Rules = Rules {
        ko: KoRule::SituationalSuperko,
        suicide: Suicide::MultiStoneAllowed,
        handicap_bonus: HandicapBonus::Zero,
        last_move: LastMove::Either,
    };

    /// True if multi-stone suicide is legal.
    pub fn suicide_allowed(&self) -> bool {
        self.suicide == Suicide::MultiStoneAllowed
    }

    /// The short name used on the command line (`aga`, `nz`).
    pub fn name(&self) -> &'static str {
        if *self == Rules::NEW_ZEALAND {
            "nz"
        } else {
            "aga"
        }
    }
}

/// A rule-set name hane does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRules(pub String);

impl fmt::Display for UnknownRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unsupported rules {:?}: use aga or new_zealand", self.0)
    }
}

impl std::error::Error for UnknownRules {}

impl FromStr for Rules {
    type Err = UnknownRules;
    fn from_str(s: &str) -> Result<Rules, UnknownRules> {
        match s.to_ascii_lowercase().as_str() {
            "aga" => Ok(Rules::AGA),
            "nz" | "new_zealand" | "new-zealand" | "newzealand" => Ok(Rules::NEW_ZEALAND),
            _ => Err(UnknownRules(s.to_string())),
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse() {
        assert_eq!("aga".parse(), Ok(Rules::AGA));
        assert_eq!("AGA".parse(), Ok(Rules::AGA));
        assert_eq!("nz".parse(), Ok(Rules::NEW_ZEALAND));
        assert_eq!("new_zealand".parse(), Ok(Rules::NEW_ZEALAND));
        assert!("japanese".parse::<Rules>().is_err());
    }

    #[test]
    fn handicap_bonus() {
        assert_eq!(Rules::AGA.handicap_bonus.points(0), 0);
        assert_eq!(Rules::AGA.handicap_bonus.points(1), 0);
        assert_eq!(Rules::AGA.handicap_bonus.points(9), 8);
        assert_eq!(Rules::NEW_ZEALAND.handicap_bonus.points(9), 0);
    }
}
