//! Chains the estimate leaves in doubt, decided by a search for their
//! capture.
//!
//! The playouts' mean owner misjudges groups in open space (a lone stone
//! in a wide corner, a second-line group with open ends): random defence
//! there lives as often as random attack kills. A tree search whose only
//! goal is the chain's capture ([`CaptureGoal`]) plays the attack and the
//! defence with purpose, the player to move moving first: a clear
//! verdict ([`SURE`]) on either of two boards ([`Boards`]) decides the
//! chain, unless the other board's verdict contradicts it.

use crate::rules::point::vertex_name;
use crate::rules::{Board, Cell, Color, Game, Move, Point, Rules};
use crate::search::{CaptureGoal, SearchLimits, SearchParams, SearchRequest, Searcher};
use crate::stop::StopCheck;

/// Chains whose mean ownership from their own side lies in this range
/// (around the estimate's threshold of −0.3) are searched.
pub(super) const IN_DOUBT: std::ops::RangeInclusive<f32> = -0.8..=0.3;

/// The work all the capture searches of one analysis may do together, in
/// simulated points: a search's simulations times the empty points of
/// its board, which a playout fills, so the work is about the time
/// whatever the board. That is 12,000 simulations on a finished board
/// with 80 empty points; the slowest finished 19x19 game of the corpus
/// (19-l1-p500/game-000) needs 9,000 of them, in three chains. Chains are
/// searched from the most in doubt on; once the work is spent, the
/// estimate decides the rest.
pub(super) const WORK: u64 = 12_000 * 80;

/// A board with more than this many empty points whose mean owner is
/// below one half either way is not finished: a 19x19 game 60 to 180
/// moves in has 70 to 290, where a dozen chains are in doubt. Every
/// position of the finished-games corpus has at most 10 (603 of its 624
/// none).
pub(super) const MAX_UNSETTLED: usize = 20;

/// The searches' work on a board that is not finished: a quarter of
/// [`WORK`]. The full work cost a second before every analysis in the
/// middle of a 19x19 game (moves 60 to 180), where the ownership shown
/// takes only what is proven.
pub(super) const OPEN_WORK: u64 = WORK / 4;

/// Simulations of each capture search.
const PLAYOUTS: u64 = 2000;

/// Simulations of a first look: a capture search starts with this many
/// and goes on to [`PLAYOUTS`] (anew) only when the first look is not
/// plain, its chance between `1 - PLAIN` and `PLAIN`. Of the 496 searches
/// of the finished-games corpus (the loose endings included), 317 first
/// looks were plain, and every one of them gave the verdict of the full
/// search; on a 19x19 board a full search takes a quarter of a second.
const FIRST_LOOK: u64 = 500;

/// A first look's chance this far from one half settles the search.
const PLAIN: f64 = 0.9;

/// A search's verdict counts only when it is clear: the chain is dead at
/// a capture chance of at least this, alive at most `1 - SURE`. Sekis of
/// several chains, where every shared liberty is a self-atari, leave the
/// search near one half (9-h2-nz/game-018: 0.58), while the open-space
/// groups it is for come out at 0.81 and above (19-l1/game-019) or 0.05
/// and below.
const SURE: f64 = 0.7;

/// The boards a chain in doubt is searched on: the position as it stands
/// (only the stones proven dead by other means gone) and the position
/// after the sure captures. Neither is exact: taking a chain in atari
/// costs the taker a move, which the second board gives back (13x13
/// agreement set, 13-h2-nz/game-011: Black takes three stones in atari
/// and keeps a bent three, whose vital point White takes next; searched
/// after the capture, Black moves again and lives), while on the first
/// the search must find those captures itself and loses clarity in a
/// larger fight (19-l1-p500/game-000: 0.64 there, 0.95 after them).
#[derive(Clone, Copy)]
pub(super) struct Boards<'a> {
    pub as_it_stands: &'a Board,
    pub after_captures: &'a Board,
}

/// The capture searches of one analysis: the boards, one searcher for
/// all, and the work left ([`WORK`]).
pub(super) struct Contest<'a> {
    boards: Boards<'a>,
    searcher: Option<Searcher>,
    left: u64,
    seed: u64,
}

impl<'a> Contest<'a> {
    /// Capture searches on `boards` within `work` simulated points.
    pub(super) fn new(boards: Boards<'a>, work: u64, seed: u64) -> Contest<'a> {
        Contest {
            boards,
            searcher: None,
            left: work,
            seed,
        }
    }

    /// The same searches, with the work left, on other boards.
    pub(super) fn on<'b>(self, boards: Boards<'b>) -> Contest<'b> {
        Contest {
            boards,
            searcher: self.searcher,
            left: self.left,
            seed: self.seed,
        }
    }

    /// The capture searches' verdict on a chain in doubt, `to_move`
    /// moving first: `Some(true)` dead, `Some(false)` alive, `None` when
    /// they say nothing clear, contradict each other or the work is spent
    /// (then the estimate decides). A clear verdict on one board stands
    /// when the other is unclear. A chain in atari is not asked: one the
    /// proofs did not take can be taken only as a ko or a snapback, which
    /// the estimate judges (9-l1/game-008: a search took J1, a stone the
    /// truth play-ons left standing, in 92% of its simulations).
    pub(super) fn verdict(&mut self, to_move: Color, chain: Point) -> Option<bool> {
        let Boards {
            as_it_stands,
            after_captures,
        } = self.boards;
        let owner = as_it_stands.cell(chain).color()?;
        // With no sure capture on the board the two boards are one: one
        // search.
        let one = as_it_stands.same_stones(after_captures)
            && as_it_stands.ko_point(to_move) == after_captures.ko_point(to_move);
        let boards: &[&Board] = if one {
            &[as_it_stands]
        } else {
            &[as_it_stands, after_captures]
        };
        let mut verdicts = [None, None];
        for (v, &board) in verdicts.iter_mut().zip(boards) {
            // A chain one board no longer holds (a stone both taken by a
            // sure capture and contested by two proofs) has nothing to
            // search there.
            if board.cell(chain) != Cell::stone(owner) || board.in_atari(chain) {
                continue;
            }
            let goal = CaptureGoal {
                target: board.chain_stones(chain).collect(),
                attacker: owner.opponent(),
            };
            let chance = self.capture_chance(board, to_move, &goal)?;
            *v = if chance >= SURE {
                Some(true)
            } else if chance <= 1.0 - SURE {
                Some(false)
            } else {
                None
            };
        }
        match verdicts {
            [Some(a), Some(b)] if a != b => None,
            [Some(a), _] | [None, Some(a)] => Some(a),
            [None, None] => None,
        }
    }

    /// The chance, by a capture search from `board` with `to_move` to
    /// play, that `goal`'s attacker takes its stones; `None` when the work
    /// left does not pay for the search.
    fn capture_chance(&mut self, board: &Board, to_move: Color, goal: &CaptureGoal) -> Option<f64> {
        let searcher = self.searcher.get_or_insert_with(|| {
            Searcher::new(SearchParams {
                threads: 1,
                ..SearchParams::default()
            })
        });
        let game = Game::from_position(board.clone(), to_move, Rules::AGA, 0.0, 0);
        let per_simulation = board.empty_count().max(1) as u64;
        let (left, seed) = (&mut self.left, self.seed);
        let mut search = |playouts: u64| {
            let cost = playouts * per_simulation;
            if cost > *left {
                return None;
            }
            *left -= cost;
            let limits = SearchLimits {
                playouts: Some(playouts),
                time: None,
                stop: StopCheck::NEVER,
            };
            let r = searcher.search_capture(SearchRequest::new(&game, to_move, limits, seed), goal);
            Some((goal.chance(to_move, &r), r))
        };
        let (mut chance, mut r) = search(FIRST_LOOK)?;
        if (1.0 - PLAIN..PLAIN).contains(&chance) {
            (chance, r) = search(PLAYOUTS)?;
        }
        log::debug!(
            "capture search for {} at {:?}: {:.3}, pv {}",
            goal.attacker,
            goal.target.first().map(|&p| vertex_name(board.size(), p)),
            chance,
            r.pv.iter()
                .map(|m| match m {
                    Move::Play(p) => vertex_name(board.size(), *p),
                    Move::Pass => "pass".to_string(),
                })
                .collect::<Vec<_>>()
                .join(" ")
        );
        Some(chance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};

    #[test]
    fn the_searches_of_an_analysis_stop_when_their_work_is_spent() {
        // White's lone G7 inside Black's area.
        let b = parse(crate::endgame::tests::LONE_STONE);
        let g7 = vertex(b.size(), "G7").unwrap();
        let boards = Boards {
            as_it_stands: &b,
            after_captures: &b,
        };
        let per_simulation = b.empty_count() as u64;
        let first_look = FIRST_LOOK * per_simulation;
        let mut contest = Contest::new(boards, WORK, 1);
        assert_eq!(contest.verdict(Color::Black, g7), Some(true));
        // One board: a first look, and a full search if it was not plain.
        let spent = WORK - contest.left;
        let full = first_look + PLAYOUTS * per_simulation;
        assert!(spent == first_look || spent == full, "{spent}");
        // Less than a first look's work: no search, the estimate decides.
        let mut poor = Contest::new(boards, first_look - 1, 1);
        assert_eq!(poor.verdict(Color::Black, g7), None);
        assert_eq!(poor.left, first_look - 1);
    }
}
