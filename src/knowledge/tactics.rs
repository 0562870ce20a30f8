//! Small tactical facts about a candidate move that the priors, the
//! features and the playouts all ask: how many liberties a stone would
//! have once played.

use crate::rules::{Board, Cell, Color, Point};

/// Liberties the chain of a `color` stone on `p` would have, counted up to
/// `cap` (captures are counted as enough).
pub fn liberties_after(board: &Board, color: Color, p: Point, cap: usize) -> usize {
    let mut libs: [Point; 8] = [p; 8];
    let mut n = 0;
    let mut add = |q: Point, n: &mut usize| {
        if q != p && !libs[..*n].contains(&q) && *n < 8 {
            libs[*n] = q;
            *n += 1;
        }
    };
    let own = Cell::stone(color);
    for nb in board.neighbours(p) {
        match board.cell(nb) {
            Cell::Empty => add(nb, &mut n),
            c if c == own => {
                for s in board.chain_stones(board.chain_id(nb)) {
                    for q in board.neighbours(s) {
                        if board.cell(q) == Cell::Empty {
                            add(q, &mut n);
                        }
                    }
                    if n >= cap {
                        return n;
                    }
                }
            }
            Cell::Border => {}
            _ => {
                if board.in_atari(nb) {
                    return cap;
                }
            }
        }
        if n >= cap {
            return n;
        }
    }
    n
}

/// True if `color` may play `p` in a playout or the tree: empty, not the
/// ko point, not suicide, not its own true eye.
#[inline]
pub fn playable(board: &Board, color: Color, p: Point) -> bool {
    if board.cell(p) != Cell::Empty || board.ko_point(color) == Some(p) {
        return false;
    }
    // The common case first: an empty neighbour rules out both an own eye
    // and suicide.
    if board.empty_neighbours(p) > 0 {
        return true;
    }
    !board.is_true_eye(color, p) && !board.is_suicide(color, p)
}

/// True if playing `p` is a self-atari that does not pay. A self-atari
/// pays when it captures (then it is no self-atari), when a single stone
/// ataris an enemy chain back (a throw-in), or when the chain it makes,
/// at most five stones, fills an enemy eye space with its last liberty
/// (a nakade: that liberty touches enemy stones, and nothing but them,
/// the edge and the chain), provided that a chain of four or five stones
/// leaves the enemy chains around it other liberties (else it is
/// filling a seki). Filling a shared liberty of a seki, or dropping a
/// stone into atari in the open, does not.
pub fn bad_self_atari(board: &Board, color: Color, p: Point) -> bool {
    if board.empty_neighbours(p) >= 2 || liberties_after(board, color, p, 2) >= 2 {
        return false;
    }
    let own = Cell::stone(color);
    let enemy = Cell::stone(color.opponent());
    // The chain the move makes: p and its own neighbour chains.
    let mut heads = [p; 4];
    let mut n_heads = 0;
    let mut stones = 1;
    let mut lib = None;
    for q in board.neighbours(p) {
        match board.cell(q) {
            Cell::Empty => lib = Some(q),
            c if c == own => {
                let h = board.chain_id(q);
                if !heads[..n_heads].contains(&h) {
                    heads[n_heads] = h;
                    n_heads += 1;
                    stones += board.chain_len(h);
                    if lib.is_none() {
                        lib = board
                            .chain_stones(h)
                            .flat_map(|s| board.neighbours(s))
                            .find(|&l| l != p && board.cell(l) == Cell::Empty);
                    }
                }
            }
            _ => {}
        }
    }
    if stones == 1 {
        let mut libs = [p; 3];
        let throw_in = board
            .neighbours(p)
            .iter()
            .any(|&n| board.cell(n) == enemy && board.liberties_upto(n, &mut libs) == 2);
        if throw_in {
            return false;
        }
    }
    let Some(lib) = lib else {
        return true;
    };
    let in_chain = |q: Point| {
        q == p || {
            let c = board.cell(q);
            c == own && heads[..n_heads].contains(&board.chain_id(q))
        }
    };
    // The last liberty lies in enemy ground: it touches an enemy stone,
    // and nothing but the chain, enemy stones and the edge. (A liberty
    // touched by the chain alone is the chain's own eye: filling towards
    // it is no nakade.)
    let nbrs = board.neighbours(lib);
    let enclosed = nbrs.iter().any(|&q| board.cell(q) == enemy)
        && nbrs
            .iter()
            .all(|&q| in_chain(q) || board.cell(q) == enemy || board.cell(q) == Cell::Border);
    // In a seki the enemy chain beside the last liberty is short of
    // liberties too: the move would leave it in atari, the enemy would
    // capture first and get the chain's points as eye space. Up to three
    // points can never make two eyes, so a small chain kills all the
    // same; a larger one is a nakade only if the enclosing chains keep
    // other liberties.
    let mut libs = [p; 3];
    let enemy_in_atari = [p, lib].iter().any(|&at| {
        board.neighbours(at).iter().any(|&e| {
            board.cell(e) == enemy && {
                let n = board.liberties_upto(e, &mut libs);
                libs[..n].iter().all(|&l| l == p || l == lib)
            }
        })
    });
    !(enclosed && (stones <= 3 || (stones <= 5 && !enemy_in_atari)))
}

/// The points around the last two moves (their 3x3 squares) that `color`
/// may play, into `out`; returns how many (at most 16). The playouts'
/// shape answers and their training use this same neighbourhood.
pub fn local_points(board: &Board, color: Color, out: &mut [Point; 16]) -> usize {
    use crate::rules::Move;
    let mut n = 0;
    let last = match board.last_move() {
        Some((_, Move::Play(q))) => Some(q),
        _ => None,
    };
    if let Some(q) = last {
        for p in board.neighbours(q).into_iter().chain(board.diagonals(q)) {
            if playable(board, color, p) {
                out[n] = p;
                n += 1;
            }
        }
    }
    if let Some((_, Move::Play(q))) = board.prev_move() {
        // The two squares overlap only if the moves are at most two
        // lines apart; only then can a point repeat.
        let size = board.size();
        let near = last.is_some_and(|l| {
            let ((lx, ly), (qx, qy)) = (size.coords(l), size.coords(q));
            lx.abs_diff(qx) <= 2 && ly.abs_diff(qy) <= 2
        });
        let first = n;
        for p in board.neighbours(q).into_iter().chain(board.diagonals(q)) {
            if (!near || !out[..first].contains(&p)) && playable(board, color, p) {
                out[n] = p;
                n += 1;
            }
        }
    }
    n
}

/// The vital point of a small eye space next to `at`: an empty region of
/// three to six points bounded by stones of one colour (and the edge),
/// and in it the one point with the most neighbours inside the region.
/// Playing there kills the space (nakade) for the other colour, or makes
/// two eyes for the bounding colour. Spaces without a single best point
/// (a square four, a straight four) give none.
pub fn vital_point(board: &Board, at: Point) -> Option<Point> {
    // Points already flooded from an earlier start (same region).
    let mut flooded = [at; 28];
    let mut n_flooded = 0;
    for start in board.neighbours(at) {
        if board.cell(start) != Cell::Empty || flooded[..n_flooded].contains(&start) {
            continue;
        }
        let mut region = [start; 7];
        let mut n = 1;
        let mut colours = [false; 2];
        let mut ok = true;
        let mut i = 0;
        while i < n && ok {
            let q = region[i];
            // The neighbour counts say at once whether the bounding
            // stones are of one colour.
            for c in Color::BOTH {
                colours[c.index()] |= board.neighbours_of(c, q) > 0;
            }
            if colours[0] && colours[1] {
                ok = false;
                break;
            }
            if board.empty_neighbours(q) > 0 {
                for r in board.neighbours(q) {
                    if board.cell(r) == Cell::Empty && !region[..n].contains(&r) {
                        if n == region.len() {
                            ok = false;
                            break;
                        }
                        region[n] = r;
                        n += 1;
                    }
                }
            }
            i += 1;
        }
        for &q in &region[..n] {
            if n_flooded < flooded.len() {
                flooded[n_flooded] = q;
                n_flooded += 1;
            }
        }
        if !ok || !(3..=6).contains(&n) {
            continue;
        }
        let inside = |p: Point| {
            board
                .neighbours(p)
                .iter()
                .filter(|q| region[..n].contains(q))
                .count()
        };
        let mut best = None;
        let (mut best_n, mut ties) = (0, 0);
        for &p in &region[..n] {
            let k = inside(p);
            if k > best_n {
                (best, best_n, ties) = (Some(p), k, 1);
            } else if k == best_n {
                ties += 1;
            }
        }
        if ties == 1 {
            return best;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};

    #[test]
    fn self_atari_knows_throw_ins_nakade_and_seki() {
        let at = |b: &Board, v: &str| vertex(b.size(), v).unwrap();
        // A lone stone thrown into atari in the open: bad.
        let b = parse(
            ". . . . .
             . . . . .
             . O . . .
             O . O . .
             . . . . .",
        );
        assert!(bad_self_atari(&b, Color::Black, at(&b, "B2")));
        // A throw-in that ataris White A2 B2 back: fine.
        let b = parse(
            ". . . . .
             . . . . .
             X X X . .
             O O X . .
             . . X . .",
        );
        assert!(!bad_self_atari(&b, Color::Black, at(&b, "A1")));
        // Straight three B2 C2 D2 inside White: after Black C2, Black B2
        // makes a two-stone chain whose last liberty D2 is enclosed.
        let mut b = parse(
            ". . . . . .
             . . . . . .
             O O O O O .
             O . . . O .
             O O O O O .
             . . . . . .",
        );
        b.play_unchecked(Color::Black, at(&b, "C3"));
        assert!(!bad_self_atari(&b, Color::Black, at(&b, "B3")));
        // Seki: Black A6 B6 C6 C5 and White A4 B4 C4 share their only
        // liberties A5 and B5; filling one is bad for either side.
        let b = parse(
            ". O . O O X . . .
             . O O O O X . . .
             O O O O O X . . .
             X X X O X X . . .
             . . X O X . . . .
             O O O X X . . . .
             X X X X . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        assert!(bad_self_atari(&b, Color::White, at(&b, "A5")));
        assert!(bad_self_atari(&b, Color::Black, at(&b, "B5")));
        // Seki with an eye each (Black's A7, White's E7) and one shared
        // liberty C7: Black C7 would leave Black only its own eye.
        let b = parse(crate::rules::score::tests::SEKI);
        assert!(bad_self_atari(&b, Color::Black, at(&b, "C7")));
        assert!(bad_self_atari(&b, Color::White, at(&b, "C7")));
    }

    #[test]
    fn vital_points_of_small_eye_spaces() {
        let at = |b: &Board, v: &str| vertex(b.size(), v).unwrap();
        // Bent three in the corner A1 B1 A2, bounded by White: A1 is vital.
        let b = parse(
            ". . . . .
             . . . . .
             O O . . .
             . O . . .
             . . O . .",
        );
        assert_eq!(vital_point(&b, at(&b, "B2")), Some(at(&b, "A1")));
        // A 2x2 square has no single vital point.
        let b = parse(
            ". . . . .
             O O O . .
             . . O . .
             . . O . .
             O O O . .",
        );
        assert_eq!(vital_point(&b, at(&b, "C3")), None);
    }
}
