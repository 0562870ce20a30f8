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

/// Capture searches run only on a finished board: at most this many
/// empty points whose mean owner is below one half either way. Every
/// position of the finished-games corpus has at most 10 (603 of its 624
/// none); a 19x19 game 60 to 180 moves in has 70 to 290, where a
/// dozen chains are in doubt and searching them would take seconds before
/// every analysis that shows ownership.
pub(super) const MAX_UNSETTLED: usize = 20;

/// Simulations of each capture search.
const PLAYOUTS: u64 = 2000;

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
pub(super) struct Boards<'a> {
    pub as_it_stands: &'a Board,
    pub after_captures: &'a Board,
}

/// The capture searches' verdict on a chain in doubt: `Some(true)` dead,
/// `Some(false)` alive, `None` when they say nothing clear or contradict
/// each other (then the estimate decides). A clear verdict on one board
/// stands when the other is unclear. A chain in atari is not asked: one
/// the proofs did not take can be taken only as a ko or a snapback, which
/// the estimate judges (9-l1/game-008: a search took J1, a stone the
/// truth play-ons left standing, in 92% of its simulations).
pub(super) fn verdict(
    searcher: &mut Option<Searcher>,
    boards: &Boards<'_>,
    to_move: Color,
    chain: Point,
    seed: u64,
) -> Option<bool> {
    let owner = boards.as_it_stands.cell(chain).color()?;
    let verdicts = [boards.as_it_stands, boards.after_captures].map(|board| {
        // A chain one board no longer holds (a stone both taken by a sure
        // capture and contested by two proofs) has nothing to search there.
        if board.cell(chain) != Cell::stone(owner) {
            return None;
        }
        if board.in_atari(chain) {
            return None;
        }
        let goal = CaptureGoal {
            target: board.chain_stones(chain).collect(),
            attacker: owner.opponent(),
        };
        let chance = capture_chance(searcher, board, to_move, &goal, seed);
        if chance >= SURE {
            Some(true)
        } else if chance <= 1.0 - SURE {
            Some(false)
        } else {
            None
        }
    });
    match verdicts {
        [Some(a), Some(b)] if a != b => None,
        [Some(a), _] | [None, Some(a)] => Some(a),
        [None, None] => None,
    }
}

/// The chance, by a capture search from `board` with `to_move` to play,
/// that `goal`'s attacker takes its stones.
fn capture_chance(
    searcher: &mut Option<Searcher>,
    board: &Board,
    to_move: Color,
    goal: &CaptureGoal,
    seed: u64,
) -> f64 {
    let searcher = searcher.get_or_insert_with(|| {
        Searcher::new(SearchParams {
            threads: 1,
            ..SearchParams::default()
        })
    });
    let game = Game::from_position(board.clone(), to_move, Rules::AGA, 0.0, 0);
    let limits = SearchLimits {
        playouts: Some(PLAYOUTS),
        time: None,
        stop: StopCheck::NEVER,
    };
    let r = searcher.search_capture(SearchRequest::new(&game, to_move, limits, seed), goal);
    let chance = goal.chance(to_move, &r);
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
    chance
}
