//! Small tactical facts about a candidate move that the priors, the
//! features and the playouts all ask: how many liberties a stone would
//! have once played.

use crate::rules::board::OtherLiberties;
use crate::rules::{Board, Cell, Color, Point};

/// Liberties the chain of a `color` stone on `p` would have, counted up to
/// `cap` (captures are counted as enough): the answer is at least `cap`
/// exactly when the true count is, or the move captures. Each own chain
/// beside `p` is read in O(1) from its pseudo-liberties
/// ([`Board::liberties_besides`]); a chain with two or more besides `p`
/// is walked only to its first one, which is then left out as well.
pub fn liberties_after(board: &Board, color: Color, p: Point, cap: usize) -> usize {
    // Its own empty neighbours are liberties enough (one packed load).
    if board.empty_neighbours(p) >= cap {
        return cap;
    }
    let mut libs: [Point; 8] = [p; 8];
    let mut n = 0;
    let mut add = |q: Point, n: &mut usize| {
        if q != p && !libs[..*n].contains(&q) && *n < 8 {
            libs[*n] = q;
            *n += 1;
        }
    };
    let own = Cell::stone(color);
    let mut heads = [p; 4];
    let mut n_heads = 0;
    for nb in board.neighbours(p) {
        match board.cell(nb) {
            Cell::Empty => add(nb, &mut n),
            c if c == own => {
                let h = board.chain_id(nb);
                if !heads[..n_heads].contains(&h) {
                    heads[n_heads] = h;
                    n_heads += 1;
                }
            }
            Cell::Border => {}
            _ => {
                if board.in_atari(nb) {
                    return cap;
                }
            }
        }
    }
    for &h in &heads[..n_heads] {
        if n >= cap {
            return n;
        }
        match board.liberties_besides(h, p) {
            OtherLiberties::None => {}
            OtherLiberties::One(q) => add(q, &mut n),
            OtherLiberties::Several if cap <= 2 => return cap,
            OtherLiberties::Several if cap > 3 => {
                for s in board.chain_stones(h) {
                    for q in board.neighbours(s) {
                        if board.cell(q) == Cell::Empty {
                            add(q, &mut n);
                        }
                    }
                }
            }
            OtherLiberties::Several => {
                // Two or more besides p: name one, a, and ask again
                // without it; two or more besides p and a make three.
                let Some(a) = board.first_liberty_besides(h, p) else {
                    continue;
                };
                add(a, &mut n);
                match board.liberties_besides_both(h, p, a) {
                    OtherLiberties::One(b) => add(b, &mut n),
                    OtherLiberties::None => {}
                    OtherLiberties::Several => return cap,
                }
            }
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
    bad_self_atari_from(board, color, p, 1)
}

/// [`bad_self_atari`] for self-ataris whose chain has at least
/// `min_stones` stones; smaller ones always pass (Pachi's playouts let
/// one- and two-stone self-ataris through on some moves: such a stone is
/// often a throw-in or a nakade the full check does not know).
pub fn bad_self_atari_from(board: &Board, color: Color, p: Point, min_stones: usize) -> bool {
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
                        lib = board.first_liberty_besides(h, p);
                    }
                }
            }
            _ => {}
        }
    }
    if stones < min_stones {
        return false;
    }
    if stones == 1 {
        let throw_in = board
            .neighbours(p)
            .iter()
            .any(|&n| board.cell(n) == enemy && board.two_liberties(n).is_some());
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
    let only_p_and_lib = |e: Point| match board.atari_liberty(e) {
        Some(l) => l == p || l == lib,
        None => board
            .two_liberties(e)
            .is_some_and(|(a, b)| (a == p || a == lib) && (b == p || b == lib)),
    };
    let enemy_in_atari = [p, lib].iter().any(|&at| {
        board
            .neighbours(at)
            .iter()
            .any(|&e| board.cell(e) == enemy && only_p_and_lib(e))
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
        // lines apart, and so at most two rows and two points apart in
        // the array; only then can a point repeat (a cheaper test than
        // the coordinates' division, which it may pass where they would
        // not: the search below is exact).
        let reach = 2 * board.size().stride() + 2;
        let near = last.is_some_and(|l| l.index().abs_diff(q.index()) <= reach);
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

/// The vital point of a small eye space beside the stone at `at`: an
/// empty region of three to six points bounded by stones of that stone's
/// colour (and the edge), and in it the one point with the most
/// neighbours inside the region. Playing there kills the space (nakade)
/// for the other colour, or makes two eyes for the bounding colour.
/// Spaces without a single best point (a square four, a straight four)
/// give none, and so does an `at` without a stone.
pub fn vital_point(board: &Board, at: Point) -> Option<Point> {
    let enemy = board.cell(at).color()?.opponent();
    // A point of the space that touches an enemy stone ends the search
    // of that space at once: its border would have two colours.
    let open = |q: Point| board.neighbours_of(enemy, q) > 0;
    // Points already flooded from an earlier start (same region).
    let mut flooded = [at; 28];
    let mut n_flooded = 0;
    for start in board.neighbours(at) {
        if board.cell(start) != Cell::Empty || open(start) || flooded[..n_flooded].contains(&start)
        {
            continue;
        }
        let mut region = [start; 7];
        let mut n = 1;
        let mut ok = true;
        let mut i = 0;
        'flood: while i < n {
            let q = region[i];
            if board.empty_neighbours(q) > 0 {
                for r in board.neighbours(q) {
                    if board.cell(r) == Cell::Empty && !region[..n].contains(&r) {
                        if n == region.len() || open(r) {
                            ok = false;
                            break 'flood;
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

/// A position for tests that compare a tactic with its definition:
/// 10 to 89 random legal moves (no passes) on a board of 5x5 to 9x9,
/// both drawn from `seed`.
#[cfg(test)]
pub(crate) fn random_position(seed: u64) -> crate::rules::Game {
    use crate::rules::{BoardSize, Game, Move, Rules};
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};
    let size = BoardSize::new(5 + (seed % 5) as u32).expect("5x5 to 9x9");
    let mut g = Game::new(size, Rules::AGA, 7.5);
    let mut rng = SmallRng::seed_from_u64(seed);
    for _ in 0..rng.random_range(10..90) {
        let c = g.to_move();
        let legal = g.legal_moves(c);
        if legal.is_empty() {
            break;
        }
        let m = Move::Play(legal[rng.random_range(0..legal.len())]);
        g.play(c, m).expect("a legal move");
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};

    /// The liberties after the move, by sets: the move's empty
    /// neighbours and its own chains' liberties, less the point itself;
    /// `None` when it captures.
    fn liberties_by_sets(board: &Board, color: Color, p: Point) -> Option<usize> {
        let mut libs: Vec<Point> = Vec::new();
        for n in board.neighbours(p) {
            match board.cell(n) {
                Cell::Empty => libs.push(n),
                Cell::Border => {}
                c if c == Cell::stone(color) => libs.extend(board.liberties(n)),
                _ if board.liberties(n).len() == 1 => return None,
                _ => {}
            }
        }
        libs.retain(|&l| l != p);
        libs.sort();
        libs.dedup();
        Some(libs.len())
    }

    #[test]
    fn local_points_are_the_playable_points_of_both_squares_once_each() {
        use crate::rules::Move;
        for seed in 0..60u64 {
            let g = random_position(seed);
            let b = g.board();
            let color = g.to_move();
            let square = |m: Option<(Color, Move)>| match m {
                Some((_, Move::Play(q))) => {
                    let mut v = b.neighbours(q).to_vec();
                    v.extend(b.diagonals(q));
                    v
                }
                _ => Vec::new(),
            };
            let mut want: Vec<Point> = Vec::new();
            for p in square(b.last_move())
                .into_iter()
                .chain(square(b.prev_move()))
            {
                if playable(b, color, p) && !want.contains(&p) {
                    want.push(p);
                }
            }
            let mut out = [Point(0); 16];
            let n = local_points(b, color, &mut out);
            assert_eq!(out[..n], want[..], "seed {seed}");
        }
    }

    #[test]
    fn liberties_after_agrees_with_sets_on_random_positions() {
        for seed in 0..40u64 {
            let g = random_position(seed);
            let b = g.board();
            for p in b.size().points().filter(|&p| b.cell(p) == Cell::Empty) {
                for color in Color::BOTH {
                    let truth = liberties_by_sets(b, color, p);
                    for cap in 1..=4 {
                        let got = liberties_after(b, color, p, cap);
                        let want = truth.map_or(cap, |n| n.min(cap));
                        assert_eq!(got.min(cap), want, "seed {seed} {p:?} cap {cap}");
                    }
                }
            }
        }
    }

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
        // The lenient check (chains of three or more only) lets it through.
        assert!(!bad_self_atari_from(&b, Color::Black, at(&b, "B2"), 3));
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
    fn lenient_self_atari_check_lets_only_small_chains_through() {
        let at = |b: &Board, v: &str| vertex(b.size(), v).unwrap();
        // (A lone stone: `self_atari_knows_throw_ins_nakade_and_seki`.)
        // Black C3 D3 have two liberties, C2 and D2; Black C2 joins them
        // into three stones with D2 alone left: refused by both.
        let b = parse(
            ". . . . .
             . . O O .
             . O X X O
             . O . . .
             . . O . .",
        );
        assert!(bad_self_atari_from(&b, Color::Black, at(&b, "C2"), 1));
        assert!(bad_self_atari_from(&b, Color::Black, at(&b, "C2"), 3));
        // Black B2, in atari, and C2 make two stones with C1 alone left:
        // that passes the lenient check.
        let b = parse(
            ". . . . .
             . . . . .
             . O O . .
             O X . O .
             . O . . .",
        );
        assert!(bad_self_atari_from(&b, Color::Black, at(&b, "C2"), 1));
        assert!(!bad_self_atari_from(&b, Color::Black, at(&b, "C2"), 3));
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
        // The bent three again, with a Black stone inside its border:
        // the space is no longer one colour's.
        let b = parse(
            ". . . . .
             . . . . .
             O O . . .
             . O . . .
             . . X . .",
        );
        assert_eq!(vital_point(&b, at(&b, "B2")), None);
        // An empty point has no space beside it.
        assert_eq!(vital_point(&b, at(&b, "E5")), None);
    }
}
