//! Playouts: finish a game quickly from a tree leaf and score it.
//!
//! Both policies use simple ko only (superko is not checked inside
//! playouts, as in Pachi), never fill a player's own true eye, and never
//! commit suicide. `Light` picks uniformly among such moves; `Heavy` first
//! answers the last move: capture a chain in atari next to it (or next to
//! its own previous move), save own chains it put in atari, fight chains
//! with two liberties, then play the 3x3 shape moves around it; it avoids
//! self-ataris that neither capture nor atari back. The result is the area count under
//! the game's rules, komi and handicap bonus included — the same count
//! `final_score` uses.

use crate::knowledge::patterns::Patterns;
use crate::knowledge::tactics::liberties_after;
use crate::rules::score::area_count;
use crate::rules::{Board, Cell, Color, Move, Point};
use rand::Rng;
use rand::rngs::SmallRng;

/// Which playout policy to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutKind {
    /// Uniform random, no eye filling.
    Light,
    /// Captures, atari escapes, two-liberty tactics, 3x3 patterns, no
    /// useless self-atari.
    Heavy,
}

/// First colour to play each point during a simulation (for AMAF/RAVE).
pub struct Amaf {
    first: [u8; crate::rules::point::MAX_POINTS],
}

impl Amaf {
    /// Nothing played yet.
    pub fn new() -> Amaf {
        Amaf {
            first: [0; crate::rules::point::MAX_POINTS],
        }
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        self.first.fill(0);
    }

    /// Records that `c` played on `p` (only the first play counts).
    #[inline]
    pub fn record(&mut self, c: Color, p: Point) {
        let slot = &mut self.first[p.index()];
        if *slot == 0 {
            *slot = 1 + c.index() as u8;
        }
    }

    /// True if `c` was the first to play on point index `p`.
    #[inline]
    pub fn first_was(&self, c: Color, p: u32) -> bool {
        self.first[p as usize] == 1 + c.index() as u8
    }
}

impl Default for Amaf {
    fn default() -> Amaf {
        Amaf::new()
    }
}

#[inline]
fn below(rng: &mut SmallRng, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// True if `color` may play `p` in a playout: empty, not the ko point, not
/// suicide, not its own true eye.
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

#[inline]
fn empty_neighbours(board: &Board, p: Point) -> usize {
    board
        .neighbours(p)
        .iter()
        .filter(|&&n| board.cell(n) == Cell::Empty)
        .count()
}

/// True if playing `p` is a self-atari that does not pay: it captures
/// nothing and does not put an enemy chain in atari in return. Throw-ins
/// and nakade plays that leave both sides in atari are allowed, since the
/// playouts need them to kill eyeless shapes; a lone stone dropped into
/// atari for nothing, or a chain walked into atari, is not.
fn bad_self_atari(board: &Board, color: Color, p: Point) -> bool {
    if empty_neighbours(board, p) >= 2 || liberties_after(board, color, p, 2) >= 2 {
        return false;
    }
    let enemy = Cell::stone(color.opponent());
    let mut libs = [p; 3];
    !board
        .neighbours(p)
        .iter()
        .any(|&n| board.cell(n) == enemy && board.liberties_upto(n, &mut libs) == 2)
}

/// Candidate buffer for the heavy policy's rules (no allocation).
struct Cands {
    pts: [Point; 16],
    n: usize,
}

impl Cands {
    fn new() -> Cands {
        Cands {
            pts: [Point(0); 16],
            n: 0,
        }
    }

    fn push(&mut self, p: Point) {
        if self.n < self.pts.len() && !self.pts[..self.n].contains(&p) {
            self.pts[self.n] = p;
            self.n += 1;
        }
    }

    fn pick(&self, rng: &mut SmallRng) -> Option<Point> {
        (self.n > 0).then(|| self.pts[below(rng, self.n)])
    }
}

/// Two-liberty tactics around `last`: extend an own chain that was just
/// reduced to two liberties to three or more, or atari an enemy chain with
/// two liberties when its escape at the other liberty gains nothing.
fn two_liberty_moves(board: &Board, color: Color, last: Point, cands: &mut Cands) {
    let own = Cell::stone(color);
    let enemy = Cell::stone(color.opponent());
    let mut libs = [last; 3];
    for n in board
        .neighbours(last)
        .into_iter()
        .chain(std::iter::once(last))
    {
        let c = board.cell(n);
        if (c != own && c != enemy) || board.liberties_upto(n, &mut libs) != 2 {
            continue;
        }
        let (a, b) = (libs[0], libs[1]);
        for (lib, other) in [(a, b), (b, a)] {
            if !playable(board, color, lib) {
                continue;
            }
            if c == own {
                if liberties_after(board, color, lib, 3) >= 3 {
                    cands.push(lib);
                }
            } else if liberties_after(board, color, lib, 2) >= 2
                && liberties_after(board, color.opponent(), other, 3) <= 2
            {
                cands.push(lib);
            }
        }
    }
}

/// Captures of enemy chains in atari next to `at` (or containing it).
fn capture_moves(board: &Board, color: Color, at: Point, cands: &mut Cands) {
    let enemy = Cell::stone(color.opponent());
    for n in board.neighbours(at).into_iter().chain(std::iter::once(at)) {
        if board.cell(n) == enemy
            && let Some(lib) = board.atari_liberty(n)
            && playable(board, color, lib)
        {
            cands.push(lib);
        }
    }
}

/// A move answering the last move, for the heavy policy.
fn answer_last_move(
    board: &Board,
    color: Color,
    last: Point,
    patterns: &Patterns,
    rng: &mut SmallRng,
) -> Option<Point> {
    let enemy = Cell::stone(color.opponent());
    let own = Cell::stone(color);
    if below(rng, 100) >= 90 {
        return None;
    }
    // 1. Capture an enemy chain in atari next to the last move, or next to
    //    our own previous move (an atari the opponent ignored).
    let mut cands = Cands::new();
    capture_moves(board, color, last, &mut cands);
    if let Some((c, Move::Play(prev))) = board.prev_move()
        && c == color
    {
        capture_moves(board, color, prev, &mut cands);
    }
    if let Some(p) = cands.pick(rng) {
        return Some(p);
    }
    // 2. Save own chains next to the last move that it put in atari:
    //    capture one of their attackers, or extend if that gives 2+ libs.
    for n in board.neighbours(last) {
        if board.cell(n) != own || !board.in_atari(n) {
            continue;
        }
        for s in board.chain_stones(board.chain_id(n)) {
            for q in board.neighbours(s) {
                if board.cell(q) == enemy
                    && let Some(lib) = board.atari_liberty(q)
                    && playable(board, color, lib)
                {
                    cands.push(lib);
                }
            }
        }
        if let Some(lib) = board.atari_liberty(n)
            && playable(board, color, lib)
            && liberties_after(board, color, lib, 2) >= 2
        {
            cands.push(lib);
        }
    }
    if let Some(p) = cands.pick(rng) {
        return Some(p);
    }
    // 3. Two-liberty fights around the last move.
    two_liberty_moves(board, color, last, &mut cands);
    if let Some(p) = cands.pick(rng) {
        return Some(p);
    }
    // 4. Good shape around the last move (not always: some randomness
    //    keeps playouts from repeating one fixed answer).
    if below(rng, 100) >= 95 {
        return None;
    }
    for q in board
        .neighbours(last)
        .into_iter()
        .chain(board.diagonals(last))
    {
        if board.cell(q) == Cell::Empty
            && patterns.matches(board, q)
            && playable(board, color, q)
            && !bad_self_atari(board, color, q)
        {
            cands.push(q);
        }
    }
    cands.pick(rng)
}

/// A playout policy: the kind and the pattern table heavy playouts use.
#[derive(Clone, Copy)]
pub struct Policy<'a> {
    /// Light or heavy.
    pub kind: PlayoutKind,
    /// 3x3 shapes.
    pub patterns: &'a Patterns,
}

/// Picks a move for `color` or `None` to pass.
pub fn choose(
    board: &Board,
    color: Color,
    policy: Policy<'_>,
    rng: &mut SmallRng,
) -> Option<Point> {
    let kind = policy.kind;
    if kind == PlayoutKind::Heavy
        && let Some((_, Move::Play(last))) = board.last_move()
        && let Some(p) = answer_last_move(board, color, last, policy.patterns, rng)
    {
        return Some(p);
    }
    let empties = board.empty_points();
    let n = empties.len();
    if n == 0 {
        return None;
    }
    let start = below(rng, n);
    for i in 0..n {
        let mut j = start + i;
        if j >= n {
            j -= n;
        }
        let p = Point(empties[j]);
        if playable(board, color, p)
            && (kind == PlayoutKind::Light || !bad_self_atari(board, color, p))
        {
            return Some(p);
        }
    }
    None
}

/// Plays the game out from `board` with `color` to move, recording first
/// plays in `amaf`. Returns Black's area score minus White's plus komi and
/// the handicap bonus (`white_bonus`).
pub fn run(
    board: &mut Board,
    color: Color,
    policy: Policy<'_>,
    white_bonus: f64,
    amaf: &mut Amaf,
    rng: &mut SmallRng,
) -> f64 {
    play_out(board, color, policy, amaf, rng);
    let count = area_count(board);
    count.area(Color::Black) as f64 - count.area(Color::White) as f64 - white_bonus
}

/// [`run`], also adding each point's final owner to `ownership` as
/// [`record_ownership`] does, in the same pass over the board that counts
/// the score (the search's hot path).
pub fn run_recording(
    board: &mut Board,
    color: Color,
    policy: Policy<'_>,
    white_bonus: f64,
    amaf: &mut Amaf,
    rng: &mut SmallRng,
    ownership: &mut [i64],
) -> f64 {
    play_out(board, color, policy, amaf, rng);
    // Per point: stones count for their colour, empty points for the one
    // colour among their neighbours. That is the area count whenever every
    // empty region is a single point, as it nearly always is when a playout
    // ends; otherwise the score comes from the full region count.
    let mut diff = 0i64;
    let mut regions = false;
    for (i, p) in board.size().points().enumerate() {
        let (owner, empty_neighbour) = point_owner(board, p);
        regions |= empty_neighbour;
        ownership[i] += owner;
        diff += owner;
    }
    if regions {
        let count = area_count(board);
        diff = count.area(Color::Black) as i64 - count.area(Color::White) as i64;
    }
    diff as f64 - white_bonus
}

fn play_out(
    board: &mut Board,
    mut color: Color,
    policy: Policy<'_>,
    amaf: &mut Amaf,
    rng: &mut SmallRng,
) {
    let cap = 3 * board.size().area();
    let mut passes = 0;
    for _ in 0..cap {
        match choose(board, color, policy, rng) {
            Some(p) => {
                amaf.record(color, p);
                board.play_unchecked(color, p);
                passes = 0;
            }
            None => {
                // A pass forced by the ko ban does not count towards the end:
                // after the opponent's pass the ban is lifted and the retake
                // may come (otherwise a group that lives only by a ko it just
                // took would count as alive).
                let ko_banned = board.ko_point(color).is_some();
                board.pass(color);
                passes = if ko_banned { 0 } else { passes + 1 };
                if passes >= 2 {
                    break;
                }
            }
        }
        color = color.opponent();
    }
}

/// The final owner of `p` after a playout (+1 Black, -1 White, 0
/// neutral): a stone's colour, or the one colour among an empty point's
/// neighbours. Also says whether an empty point has an empty neighbour (a
/// region of more than one point, which the neighbour rule may misjudge).
#[inline]
fn point_owner(board: &Board, p: Point) -> (i64, bool) {
    match board.cell(p) {
        Cell::Black => (1, false),
        Cell::White => (-1, false),
        _ => {
            let b = board.neighbours_of(Color::Black, p) > 0;
            let w = board.neighbours_of(Color::White, p) > 0;
            let e = board.empty_neighbours(p) > 0;
            let owner = match (b, w) {
                (true, false) => 1,
                (false, true) => -1,
                _ => 0,
            };
            (owner, e)
        }
    }
}

/// Adds each point's final owner (+1 Black, -1 White, 0 neutral) after a
/// playout: stones, and empty points whose neighbours are all one colour.
pub fn record_ownership(board: &Board, ownership: &mut [i64]) {
    for (i, p) in board.size().points().enumerate() {
        ownership[i] += point_owner(board, p).0;
    }
}

/// Mean final owner of each point (+1 Black, -1 White), row by row from
/// A1, over `playouts` playouts from `board` with `first` and its opponent
/// starting alternately (so the estimate favours neither side); no komi.
pub fn mean_ownership(
    board: &Board,
    first: Color,
    policy: Policy<'_>,
    playouts: u32,
    rng: &mut SmallRng,
) -> Vec<f32> {
    let mut sums = vec![0i64; board.size().area()];
    let mut amaf = Amaf::new();
    for i in 0..playouts {
        let mut b = board.clone();
        amaf.clear();
        let starts = if i % 2 == 0 { first } else { first.opponent() };
        run(&mut b, starts, policy, 0.0, &mut amaf, rng);
        record_ownership(&b, &mut sums);
    }
    let n = playouts.max(1) as f32;
    sums.into_iter().map(|s| s as f32 / n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram::{parse, vertex};
    use rand::SeedableRng;

    fn heavy_choice(b: &Board, color: Color) -> Option<Point> {
        let patterns = Patterns::new();
        let policy = Policy {
            kind: PlayoutKind::Heavy,
            patterns: &patterns,
        };
        choose(b, color, policy, &mut SmallRng::seed_from_u64(3))
    }

    #[test]
    fn heavy_policy_captures_a_stone_that_ran_into_atari() {
        let mut b = parse(
            ". . . . .
             . X . X .
             . . X . .
             . . . . .
             . . . . .",
        );
        let c4 = vertex(b.size(), "C4").unwrap();
        b.play_unchecked(Color::White, c4);
        assert_eq!(heavy_choice(&b, Color::Black), vertex(b.size(), "C5"));
    }

    #[test]
    fn heavy_policy_extends_a_stone_put_in_atari() {
        let mut b = parse(
            ". . . . .
             . . . . .
             . O X O .
             . . . . .
             . . . . .",
        );
        b.play_unchecked(Color::White, vertex(b.size(), "C2").unwrap());
        assert_eq!(heavy_choice(&b, Color::Black), vertex(b.size(), "C4"));
    }

    #[test]
    fn playouts_never_fill_own_eyes_and_end() {
        let mut rng = SmallRng::seed_from_u64(7);
        let patterns = Patterns::new();
        for kind in [PlayoutKind::Light, PlayoutKind::Heavy] {
            let policy = Policy {
                kind,
                patterns: &patterns,
            };
            for _ in 0..50 {
                let mut b = Board::new(crate::rules::BoardSize::new(9).unwrap());
                let mut amaf = Amaf::new();
                let s = run(&mut b, Color::Black, policy, 7.5, &mut amaf, &mut rng);
                assert!(s.fract() != 0.0);
                b.check_invariants();
                // A game that ended by two passes (not the move cap, which
                // long capture cycles can reach) left nothing playable,
                // except (heavy) moves that put several stones in atari.
                if !matches!(b.last_move(), Some((_, Move::Pass))) {
                    continue;
                }
                for &p in b.empty_points() {
                    let p = Point(p);
                    for c in [Color::Black, Color::White] {
                        // A ko retake forbidden when the player passed is
                        // playable again after the passes.
                        let retake = b.clone().play_unchecked(c, p) == 1;
                        let ok = !playable(&b, c, p)
                            || retake
                            || (kind == PlayoutKind::Heavy && bad_self_atari(&b, c, p));
                        assert!(ok, "{kind:?}: {c} could still play {p:?}\n{b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn recording_scores_like_the_area_count() {
        let patterns = Patterns::new();
        let policy = Policy {
            kind: PlayoutKind::Heavy,
            patterns: &patterns,
        };
        let size = crate::rules::BoardSize::new(9).unwrap();
        for seed in 0..200 {
            let (mut a, mut b) = (Board::new(size), Board::new(size));
            let mut amaf = Amaf::new();
            let mut own = vec![0i64; size.area()];
            let plain = run(
                &mut a,
                Color::Black,
                policy,
                7.0,
                &mut amaf,
                &mut SmallRng::seed_from_u64(seed),
            );
            let recorded = run_recording(
                &mut b,
                Color::Black,
                policy,
                7.0,
                &mut amaf,
                &mut SmallRng::seed_from_u64(seed),
                &mut own,
            );
            assert_eq!(plain, recorded, "seed {seed}\n{b:?}");
            let mut expected = vec![0i64; size.area()];
            record_ownership(&b, &mut expected);
            assert_eq!(own, expected);
        }
    }

    #[test]
    fn self_atari_is_bad_unless_it_ataris_back() {
        // Black B2 would have one liberty (B1), and every White chain
        // around it keeps three or more: a stone thrown away.
        let b = parse(
            ". . . . .
             . . . . .
             . O . . .
             O . O . .
             . . . . .",
        );
        assert!(bad_self_atari(
            &b,
            Color::Black,
            vertex(b.size(), "B2").unwrap()
        ));
        // Black A1 has one liberty too, but White A2 B2 drops to one: a
        // throw-in that kills the eye, allowed.
        let b = parse(
            ". . . . .
             . . . . .
             X X X . .
             O O X . .
             . . X . .",
        );
        assert!(!bad_self_atari(
            &b,
            Color::Black,
            vertex(b.size(), "A1").unwrap()
        ));
        // Two empty neighbours: no self-atari at all.
        assert!(!bad_self_atari(
            &b,
            Color::White,
            vertex(b.size(), "D4").unwrap()
        ));
    }

    #[test]
    fn heavy_policy_extends_a_chain_reduced_to_two_liberties() {
        // Black B3 C3 had three liberties; White B4 leaves two (B2 C2... )
        let mut b = parse(
            ". . . . .
             . . . . .
             O X X O .
             . . . . .
             . . . . .",
        );
        b.play_unchecked(Color::White, vertex(b.size(), "B4").unwrap());
        b.play_unchecked(Color::Black, vertex(b.size(), "E5").unwrap());
        b.play_unchecked(Color::White, vertex(b.size(), "C4").unwrap());
        // Black B3 C3: liberties B2 and C2. Extending to either gives three
        // or more.
        let choice = heavy_choice(&b, Color::Black).unwrap();
        let at = |v: &str| vertex(b.size(), v).unwrap();
        assert!(
            choice == at("B2") || choice == at("C2"),
            "{choice:?}\n{b:?}"
        );
    }
}
