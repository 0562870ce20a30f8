//! What a heavy playout plays instead of a drawn shape or random move
//! that would do harm, as Pachi's playouts do.
//!
//! **Approach moves** replace a self-atari that does not pay (Pachi's
//! "self-atari cousin", on in its playouts). A point that would leave
//! the mover's own stones in atari is most often a liberty shared in a
//! capturing race, or the last way out of an own short chain. Refusing
//! it and drawing again elsewhere, as the plain check does, leaves the
//! race to chance; the move that does the same work without the
//! self-atari comes from the other side:
//!
//! 1. an enemy chain beside the point with two liberties: its other
//!    liberty, which ataris it from the outside (the approach move of a
//!    capturing race);
//! 2. failing that, an own chain beside the point with two liberties:
//!    its other liberty (out the other way), or the capture of an enemy
//!    chain in atari beside it.
//!
//! Every candidate must itself be playable and no self-atari that does
//! not pay, so a seki's shared liberties stay empty.
//!
//! **Eye attacks** replace the filling of an own eye-like point that is
//! false (a true eye is never played; a point that saves an own chain in
//! atari is played as it is): the enemy stones on its diagonals are what
//! make it false, so one of them in atari is taken, or one with two
//! liberties put in atari, if that can be done without a bad self-atari
//! (Pachi's eye-fill check, on 60% of its moves).
//!
//! **Self-squeezes** are refused (on `squeeze_percent` of moves): a move
//! that takes own chains that all have three liberties or more down to a
//! chain of two, and neither captures nor ataris anything. In a
//! capturing race that is filling one's own liberty, which can hand over
//! a race the mover was winning; elsewhere it is seldom more than a
//! wasted move. (In a race of a lost 19x19 game, the loser's chain lived
//! in 46% of the playouts, 34% with this check, 11% with it and the
//! counter-ataris of `counter_percent`: `docs/strength-log.md`.)
//! A move with two empty neighbours or more is let through: it nearly
//! always keeps a third liberty, and the middle of a three-point eye
//! space, the one point that makes two eyes, is such a move.
//!
//! Nothing here allocates.

use super::fights::enemy_stones_beside;
use super::heavy::{Cands, SeenChains};
use crate::knowledge::tactics::{bad_self_atari, bad_self_atari_from, liberties_after, playable};
use crate::rules::{Board, Cell, Color, Point};
use rand::rngs::SmallRng;

/// How this move's drawn candidates are checked.
#[derive(Clone, Copy, Debug)]
pub(super) struct MoveCheck<'a> {
    /// Self-ataris of fewer stones pass ([`bad_self_atari_from`]).
    pub min_stones: usize,
    /// A refused self-atari is replaced by an [`approach_move`] if there
    /// is one.
    pub approach: bool,
    /// The filling of a false eye is replaced by an [`eye_attack`] if
    /// there is one.
    pub eye_fill: bool,
    /// A [`self_squeeze`] is refused.
    pub squeeze: bool,
    /// Where the point of a refused self-atari is noted, for the other
    /// side's next move (Pachi's `last_selfatari`; `None`: not noted).
    pub noted: Option<&'a std::cell::Cell<u16>>,
}

impl MoveCheck<'_> {
    /// The full self-atari check, nothing replaced or noted.
    #[cfg(test)]
    pub fn plain() -> MoveCheck<'static> {
        MoveCheck {
            min_stones: 1,
            approach: false,
            eye_fill: false,
            squeeze: false,
            noted: None,
        }
    }

    /// What to play for the drawn candidate `p`: `p` itself, a move in
    /// its place, or `None` (refused, nothing in its place).
    #[inline]
    pub fn admit(self, board: &Board, color: Color, p: Point, rng: &mut SmallRng) -> Option<Point> {
        if bad_self_atari_from(board, color, p, self.min_stones) {
            if let Some(noted) = self.noted {
                noted.set(p.0);
            }
            return if self.approach {
                approach_move(board, color, p, rng)
            } else {
                None
            };
        }
        if self.squeeze && self_squeeze(board, color, p) {
            return None;
        }
        if self.eye_fill
            && let Some(q) = eye_attack(board, color, p, rng)
        {
            return Some(q);
        }
        Some(p)
    }
}

/// True if `color` may play `q` in place of a drawn move: playable and
/// no self-atari that does not pay.
fn sound(board: &Board, color: Color, q: Point) -> bool {
    playable(board, color, q) && !bad_self_atari(board, color, q)
}

/// An approach move for `color` in place of the bad self-atari at `p`
/// (see the module's rules), drawn uniformly among the first rule's
/// candidates, or else the second's; `None` if neither has one.
pub(super) fn approach_move(
    board: &Board,
    color: Color,
    p: Point,
    rng: &mut SmallRng,
) -> Option<Point> {
    let other_liberty = |n: Point| {
        board
            .two_liberties(n)
            .map(|(a, b)| if a == p { b } else { a })
    };
    let enemy = Cell::stone(color.opponent());
    let mut seen = SeenChains::new();
    let mut cands = Cands::new();
    for n in board.neighbours(p) {
        if board.cell(n) == enemy
            && seen.first_visit(board, n)
            && let Some(q) = other_liberty(n)
            && sound(board, color, q)
        {
            cands.push(q);
        }
    }
    if let Some(q) = cands.pick(rng) {
        return Some(q);
    }
    let own = Cell::stone(color);
    for n in board.neighbours(p) {
        if board.cell(n) != own || !seen.first_visit(board, n) {
            continue;
        }
        let Some(q) = other_liberty(n) else {
            continue;
        };
        if sound(board, color, q) {
            cands.push(q);
        }
        enemy_stones_beside(board, color, board.chain_id(n), |e| {
            if let Some(lib) = board.atari_liberty(e)
                && playable(board, color, lib)
            {
                cands.push(lib);
            }
        });
    }
    cands.pick(rng)
}

/// True if `color` playing `p` is a self-squeeze (see the module's
/// rules): at most one empty neighbour, an own chain beside it, two
/// liberties after it where every own chain beside it had three or more,
/// and no capture or atari.
fn self_squeeze(board: &Board, color: Color, p: Point) -> bool {
    // The cheap tests first: most drawn points fail one of them.
    if board.empty_neighbours(p) > 1
        || board.neighbours_of(color, p) == 0
        || liberties_after(board, color, p, 3) != 2
    {
        return false;
    }
    let own = Cell::stone(color);
    let mut libs = [p; 3];
    board.neighbours(p).iter().all(|&q| match board.cell(q) {
        Cell::Empty | Cell::Border => true,
        c if c == own => board.liberties_upto(q, &mut libs) == 3,
        // An enemy chain with two liberties, one of them `p`: an atari.
        _ => board.two_liberties(q).is_none(),
    })
}

/// If `p` is an own eye-like point of `color` (every neighbour an own
/// stone or the edge) whose filling saves no own chain in atari: a
/// capture of an enemy chain in atari on its diagonals, or an atari on
/// one with two liberties, drawn uniformly among those that are no bad
/// self-atari; else `None`.
pub(super) fn eye_attack(
    board: &Board,
    color: Color,
    p: Point,
    rng: &mut SmallRng,
) -> Option<Point> {
    if board.empty_neighbours(p) > 0 || board.neighbours_of(color.opponent(), p) > 0 {
        return None;
    }
    let own = Cell::stone(color);
    let saves = board
        .neighbours(p)
        .into_iter()
        .any(|n| board.cell(n) == own && board.in_atari(n));
    if saves {
        return None;
    }
    let enemy = Cell::stone(color.opponent());
    let mut cands = Cands::new();
    for d in board.diagonals(p) {
        if board.cell(d) != enemy {
            continue;
        }
        if let Some(lib) = board.atari_liberty(d) {
            if sound(board, color, lib) {
                cands.push(lib);
            }
        } else if let Some((a, b)) = board.two_liberties(d) {
            for lib in [a, b] {
                if sound(board, color, lib) {
                    cands.push(lib);
                }
            }
        }
    }
    cands.pick(rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::tactics::random_position;
    use crate::rules::diagram::{parse, vertex};
    use crate::rules::point::vertex_name;
    use rand::SeedableRng;

    /// A capturing race on the edge: Black B2 C2 has two liberties, B1
    /// and C1; the White chain around it (A1 to D2) has two, B1 and D1.
    /// Black B1 takes the shared liberty and leaves B1 B2 C2 in atari at
    /// C1: White captures first.
    const RACE: &str = ". . . . . .
                        . . . . . .
                        X X X X X .
                        O O O O X .
                        O X X O X .
                        O . . . . .";

    /// Black B4 C4 D4 has three liberties, its eye space B3 C3 D3, inside
    /// a White wall.
    const SPACE: &str = ". . . . . . .
                         . . . . . . .
                         O O O O O . .
                         O X X X O . .
                         O . . . O . .
                         O O O O O . .
                         . . . . . . .";

    #[test]
    fn filling_an_own_liberty_for_nothing_is_a_squeeze() {
        let b = parse(SPACE);
        let at = |v: &str| vertex(b.size(), v).unwrap();
        // Black B3 or D3 leaves two liberties and room for one eye.
        assert!(self_squeeze(&b, Color::Black, at("B3")));
        assert!(self_squeeze(&b, Color::Black, at("D3")));
        // C3, the point that makes two eyes, has two empty neighbours.
        assert!(!self_squeeze(&b, Color::Black, at("C3")));
        // White's wall keeps its outside liberties; a lone stone in the
        // open touches no own chain.
        assert!(!self_squeeze(&b, Color::White, at("B3")));
        assert!(!self_squeeze(&b, Color::Black, at("F6")));
        // Refused only when the check asks.
        let squeeze = MoveCheck {
            squeeze: true,
            ..MoveCheck::plain()
        };
        assert_eq!(admit(&b, squeeze, "B3"), None);
        assert_eq!(admit(&b, MoveCheck::plain(), "B3"), Some(at("B3")));
        assert_eq!(admit(&b, squeeze, "C3"), Some(at("C3")));
    }

    /// [`self_squeeze`] by its definition, the move played on a copy and
    /// every liberty counted as a set.
    fn squeeze_by_playing(board: &Board, color: Color, p: Point) -> bool {
        let own = Cell::stone(color);
        let nbrs = board.neighbours(p);
        let own_libs: Vec<usize> = nbrs
            .iter()
            .filter(|&&q| board.cell(q) == own)
            .map(|&q| board.liberties(q).len())
            .collect();
        let ataris = nbrs.iter().any(|&q| {
            board.cell(q) == Cell::stone(color.opponent()) && board.liberties(q).len() == 2
        });
        let mut after = board.clone();
        let captured = after.play_unchecked(color, p);
        board.empty_neighbours(p) <= 1
            && !own_libs.is_empty()
            && own_libs.iter().all(|&n| n >= 3)
            && captured == 0
            && !ataris
            && after.liberties(p).len() == 2
    }

    #[test]
    fn squeezes_agree_with_playing_the_move_on_random_positions() {
        let mut found = 0;
        for seed in 0..150u64 {
            let g = random_position(seed);
            let b = g.board();
            for color in Color::BOTH {
                for p in b.size().points().filter(|&p| playable(b, color, p)) {
                    let want = squeeze_by_playing(b, color, p);
                    assert_eq!(self_squeeze(b, color, p), want, "seed {seed} {p:?}");
                    found += usize::from(want);
                }
            }
        }
        // The positions hold squeezes to find, not only refusals.
        assert!(found > 20, "{found} squeezes");
    }

    /// Every move `approach_move` draws in place of `at` over 40 seeds,
    /// sorted.
    fn approaches(board: &Board, color: Color, at: &str) -> Vec<String> {
        let p = vertex(board.size(), at).unwrap();
        let mut found: Vec<String> = (0..40)
            .filter_map(|seed| {
                let mut rng = SmallRng::seed_from_u64(seed);
                approach_move(board, color, p, &mut rng)
            })
            .map(|q| vertex_name(board.size(), q))
            .collect();
        found.sort();
        found.dedup();
        found
    }

    /// What `check` plays for Black's drawn move `at` (seed 1).
    fn admit(board: &Board, check: MoveCheck, at: &str) -> Option<Point> {
        let p = vertex(board.size(), at).unwrap();
        check.admit(board, Color::Black, p, &mut SmallRng::seed_from_u64(1))
    }

    #[test]
    fn a_refused_self_atari_is_noted() {
        let b = parse(RACE);
        let noted = std::cell::Cell::new(0);
        let check = MoveCheck {
            noted: Some(&noted),
            ..MoveCheck::plain()
        };
        assert_eq!(
            admit(&b, check, "F6"),
            Some(vertex(b.size(), "F6").unwrap())
        );
        assert_eq!(noted.get(), 0);
        assert_eq!(admit(&b, check, "B1"), None);
        assert_eq!(Point(noted.get()), vertex(b.size(), "B1").unwrap());
    }

    #[test]
    fn a_shared_liberty_of_a_race_becomes_the_outside_approach() {
        let b = parse(RACE);
        let at = |v: &str| vertex(b.size(), v).unwrap();
        assert!(bad_self_atari(&b, Color::Black, at("B1")));
        // D1 ataris White from the outside; Black then wins the race.
        assert_eq!(approaches(&b, Color::Black, "B1"), vec!["D1"]);
        // The check admits the approach in B1's place only when asked.
        let approach = MoveCheck {
            approach: true,
            ..MoveCheck::plain()
        };
        assert_eq!(admit(&b, approach, "B1"), Some(at("D1")));
        assert_eq!(admit(&b, MoveCheck::plain(), "B1"), None);
        // A move that is no self-atari is admitted as it is.
        assert_eq!(admit(&b, approach, "F6"), Some(at("F6")));
    }

    #[test]
    fn an_own_chain_short_of_liberties_goes_out_the_other_way() {
        // Black C3 C4 has two liberties, B3 and D3. Black B3 would leave
        // it one (White A3, B4 and B2 close B3 in): Black D3 instead
        // reaches E3 and keeps two. No White chain beside B3 is short of
        // liberties, so the first rule has nothing.
        let b = parse(
            ". . . . . .
             . . O . . .
             . O X O . .
             O . X . . .
             . O O O . .
             . . . . . .",
        );
        assert!(bad_self_atari(
            &b,
            Color::Black,
            vertex(b.size(), "B3").unwrap()
        ));
        assert_eq!(approaches(&b, Color::Black, "B3"), vec!["D3"]);
    }

    #[test]
    fn a_false_eye_is_not_filled_while_its_spoiler_can_be_taken() {
        // Black's eye-like point B1 on the edge is false: White C2 sits
        // on its diagonal. C2 is in atari: rather than fill B1 (and give
        // up the eye), Black takes C2 at D2.
        let b = parse(
            ". . . . . .
             . . . . . .
             . . . . . .
             . X X X . .
             . X O . X .
             X . X X . .",
        );
        let at = |v: &str| vertex(b.size(), v).unwrap();
        let eye_fill = MoveCheck {
            eye_fill: true,
            ..MoveCheck::plain()
        };
        assert_eq!(admit(&b, eye_fill, "B1"), Some(at("D2")));
        assert_eq!(admit(&b, MoveCheck::plain(), "B1"), Some(at("B1")));
        // Not an eye-like point: played as it is.
        assert_eq!(admit(&b, eye_fill, "F6"), Some(at("F6")));
    }

    #[test]
    fn a_lone_stone_thrown_among_strong_stones_has_no_approach() {
        // Black C4 among White B4, D4 and C3 (each with three liberties
        // more) is only a stone lost: nothing replaces it.
        let b = parse(
            ". . . . . .
             . . . . . .
             . O . O . .
             . . O . . .
             . . . . . .
             . . . . . .",
        );
        assert!(bad_self_atari(
            &b,
            Color::Black,
            vertex(b.size(), "C4").unwrap()
        ));
        assert_eq!(approaches(&b, Color::Black, "C4"), Vec::<String>::new());
    }
}
