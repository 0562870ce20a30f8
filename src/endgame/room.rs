//! Room to live: could a chain make two eyes here, or reach friends that
//! live, at all?
//!
//! The playouts misjudge a few eyeless stones inside a wide area that the
//! other side surrounds only loosely, with its own stones scattered
//! through it: random play there leaves the intruders standing in a third
//! of the playouts or more, so their mean owner stays just above the
//! estimate's threshold, even though the same playouts give every point
//! around them to the other side (13x13 GNU Go self-play, seed 13 game
//! 19: White's D2 E2 and F3 inside Black's loose bottom side, 0.24 for
//! Black on the stones and 0.3 to 0.5 on the points around them; the
//! play-ons take them, hane counted them alive, W+46 where the game is
//! B+28). No proof reaches positions this open.
//!
//! A chain's *room* is the empty points it reaches from its stones
//! through empty points its own side owns in the estimate (mean owner
//! above [`OWNED`] from its side), through its eyes (empty points whose
//! neighbours are all its side's stones) and through its own side's
//! stones. A chain is *cramped* when its room is smaller than two eyes
//! need ([`MIN_ROOM`]) and it reaches no stone known to live: it sits deep
//! in an area the other side owns, with no room for two eyes and no way
//! out. (A group with two eyes is pass-alive, which Benson proves first.)
//! Two cramped chains of both colours side by side or sharing a liberty
//! are in a race or a seki, which this reading leaves to the estimate
//! (13x13 GNU Go self-play, seed 14 game 174: White's M2 N2 N3 and Black's
//! M1, both cramped, share N1 in a seki).

use crate::rules::point::MAX_POINTS;
use crate::rules::{Board, Cell, Point};

/// Points of room below which a group cannot make two eyes: six is the
/// smallest eye space that lives with either side to move in the corner
/// (the rectangular six).
pub(super) const MIN_ROOM: usize = 6;

/// A point is room for a side when its mean owner from that side is
/// above this: the side owns it in more playouts than the other.
const OWNED: f32 = 0.0;

/// The cramped chains of `board` (one stone each, the chain's head), with
/// `own` the mean owner of every point (+1 Black, −1 White), `gone` the
/// stones known dead (empty points here) and `lives` the stones known to
/// live: a group that reaches one is never cramped.
pub(super) fn cramped(
    board: &Board,
    own: &dyn Fn(Point) -> f32,
    gone: &dyn Fn(Point) -> bool,
    lives: &dyn Fn(Point) -> bool,
) -> Vec<Point> {
    let open = |p: Point| board.cell(p) == Cell::Empty || (board.on_board(p) && gone(p));
    let mut seen = vec![false; MAX_POINTS];
    let mut out = Vec::new();
    for start in board.size().points() {
        let Some(color) = board.cell(start).color() else {
            continue;
        };
        if gone(start) || seen[start.index()] {
            continue;
        }
        // An eye (an empty point all of whose neighbours are the side's
        // stones) joins the chains around it, whoever the estimate gives
        // it to.
        let eye = |e: Point| {
            board
                .neighbours(e)
                .iter()
                .all(|&n| !board.on_board(n) || (!open(n) && board.cell(n) == Cell::stone(color)))
        };
        let joins = |n: Point| {
            if open(n) {
                color.relative(own(n)) > OWNED || eye(n)
            } else {
                board.cell(n) == Cell::stone(color) && !gone(n)
            }
        };
        // The group: `start`'s stones, its side's stones and owned points
        // it reaches.
        let mut group = vec![start];
        seen[start.index()] = true;
        let (mut room, mut alive, mut i) = (0, false, 0);
        while i < group.len() {
            let p = group[i];
            i += 1;
            if open(p) {
                room += 1;
            } else {
                alive |= lives(p);
            }
            for n in board.neighbours(p) {
                if board.on_board(n) && !seen[n.index()] && joins(n) {
                    seen[n.index()] = true;
                    group.push(n);
                }
            }
        }
        if alive || room >= MIN_ROOM {
            continue;
        }
        out.extend(
            group
                .iter()
                .copied()
                .filter(|&p| !open(p) && board.chain_id(p) == p),
        );
    }
    // Two cramped chains side by side, or sharing a liberty, are in a
    // race or a seki, not one inside the other's area: neither counts.
    let cramped_at = |q: Point| {
        board.on_board(q) && board.cell(q) != Cell::Empty && out.contains(&board.chain_id(q))
    };
    let in_a_fight: Vec<bool> = out
        .iter()
        .map(|&head| {
            let color = board.cell(head).color();
            board.chain_stones(head).any(|s| {
                board.neighbours(s).iter().any(|&n| {
                    let across = |q: Point| board.cell(q).color() != color && cramped_at(q);
                    across(n) || (open(n) && board.neighbours(n).iter().any(|&m| across(m)))
                })
            })
        })
        .collect();
    out.iter()
        .zip(in_a_fight)
        .filter(|&(_, fight)| !fight)
        .map(|(&p, _)| p)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};
    use crate::rules::point::vertex_name;

    /// The stones of the cramped chains, in board order, of a diagram
    /// whose ownership is `owner` (from Black's side) on every empty point
    /// and each stone's colour on stones, nothing gone, nothing known to
    /// live but the chains of `lives`.
    fn cramped_of(rows: &[&str], owner: &dyn Fn(Point) -> f32, lives: &[&str]) -> Vec<String> {
        let b = parse(&rows.join("\n"));
        let lives: Vec<Point> = lives
            .iter()
            .map(|v| vertex(b.size(), v).expect("on the board"))
            .collect();
        let own = |p: Point| match b.cell(p).color() {
            Some(c) => c.relative(1.0),
            None => owner(p),
        };
        let heads = cramped(&b, &own, &|_| false, &|p| {
            lives.iter().any(|&l| b.chain_id(l) == b.chain_id(p))
        });
        b.size()
            .points()
            .filter(|&p| b.cell(p) != Cell::Empty && heads.contains(&b.chain_id(p)))
            .map(|p| vertex_name(b.size(), p))
            .collect()
    }

    const LOOSE: [&str; 9] = [
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X . . . X . .",
        ". . . . . . . . .",
        ". . . . O O . . .",
        ". . . . . . . . .",
        ". . X . . . X . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ];

    #[test]
    fn stones_in_an_area_the_other_side_owns_are_cramped() {
        // Every empty point is Black's in the estimate: White's two stones
        // have no room.
        assert_eq!(cramped_of(&LOOSE, &|_| 0.4, &[]), ["E5", "F5"]);
    }

    #[test]
    fn stones_in_their_own_area_are_not_cramped() {
        // The same stones in an area White owns: Black's four are cramped.
        assert_eq!(cramped_of(&LOOSE, &|_| -0.4, &[]), ["C3", "G3", "C7", "G7"]);
    }

    #[test]
    fn a_way_out_to_a_living_friend_is_room_enough() {
        // White owns a corridor from its stones to the edge, where a
        // living White stone stands; the rest is Black's.
        let mut rows = LOOSE;
        rows[4] = "O . . . O O . . .";
        let b = parse(&rows.join("\n"));
        let corridor = |p: Point| {
            let (x, y) = b.size().coords(p);
            if y == 4 && x < 4 { -0.4 } else { 0.4 }
        };
        assert_eq!(cramped_of(&rows, &corridor, &["A5"]), Vec::<String>::new());
        // Without the friend known to live, the corridor's three points
        // are too little room.
        assert_eq!(cramped_of(&rows, &corridor, &[]), ["A5", "E5", "F5"]);
    }

    #[test]
    fn one_eye_is_not_room_enough() {
        // White's four stones around D2 hold one eye, in an area Black owns
        // around them: the eye joins them into one group, whose room is
        // that one point.
        let rows = [
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            "X . X . X . X . .",
            ". . . . . . . . .",
            ". X . O . X . . .",
            ". . O . O . . . .",
            ". X . O . X . . .",
        ];
        assert_eq!(cramped_of(&rows, &|_| 0.4, &[]), ["D1", "C2", "E2", "D3"]);
        // The same group known to live (say, by a second eye the reading
        // found): not cramped.
        assert_eq!(cramped_of(&rows, &|_| 0.4, &["D1"]), Vec::<String>::new());
    }

    #[test]
    fn room_counts_the_points_the_group_owns() {
        // White owns the five points of the row beside its stones: short of
        // six, cramped; with a sixth, not.
        let five = |b: &Board| {
            let b = b.clone();
            move |p: Point| {
                let (x, y) = b.size().coords(p);
                if y == 3 && (2..7).contains(&x) {
                    -0.4
                } else {
                    0.4
                }
            }
        };
        let b = parse(&LOOSE.join("\n"));
        assert_eq!(cramped_of(&LOOSE, &five(&b), &[]), ["E5", "F5"]);
        let six = |p: Point| {
            let (x, y) = b.size().coords(p);
            if y == 3 && (2..8).contains(&x) {
                -0.4
            } else {
                0.4
            }
        };
        assert_eq!(cramped_of(&LOOSE, &six, &[]), Vec::<String>::new());
    }

    #[test]
    fn cramped_chains_that_touch_are_a_fight_not_a_kill() {
        // In an area nobody owns every chain is cramped; White's E5 F5 and
        // Black's E4 F4 stand side by side, so neither of those counts.
        let mut rows = LOOSE;
        rows[5] = ". . . . X X . . .";
        assert_eq!(cramped_of(&rows, &|_| 0.0, &[]), ["C3", "G3", "C7", "G7"]);
        // Apart, in the same open area, both would be.
        assert_eq!(
            cramped_of(&LOOSE, &|_| 0.0, &[]),
            ["C3", "G3", "E5", "F5", "C7", "G7"]
        );
    }
}
