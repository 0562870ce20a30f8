//! Tree priors from the move-prediction model.
//!
//! A new node's children start with equivalent experience, as in Pachi:
//! `even` visits at 50% for every move, plus `pattern * sqrt(p)` visits
//! that all won, where `p` is the model's probability that the move is
//! played. The square root flattens the model's sharp preferences, so
//! the search still looks at the second and third choices. An escape
//! that the features call laddered (it runs into a ladder that works)
//! gets the even part only.
//!
//! Where the search has Monte Carlo ownership, each move's model strength
//! is also multiplied by a gamma for how surely the player to move ends
//! up owning its point ([`OWNER_GAMMAS`], Coulom's strongest non-shape
//! feature; Pachi's patterns see it too): points that every playout gives
//! to one side are rarely where the game is decided.
//!
//! A shape floor ([`Adjust::shape_floor`], off by default) can keep the
//! captures and ataris that the model's shapes bury among the moves the
//! search looks at.

use super::features::{self, Group};
use super::ladder;
use super::model::Model;
use crate::rules::{Board, Cell, Color, Point};

/// How the model's probabilities become prior visits and wins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PriorParams {
    /// Visits at 50% for every move.
    pub even: u32,
    /// Won visits for a move of probability 1 (scaled by its square root).
    pub pattern: f32,
}

impl PriorParams {
    /// Pachi 12.90's defaults (`uct/prior.c`: even and pattern weights 20
    /// and 300 on boards above 13x13, scaled by 14/20 on smaller ones).
    /// On 9x9 against Pachi at 2,000 playouts these scored 36.2% of 120
    /// games; a pattern weight of 420 scored 28% of 50, 105 36.0% of 100
    /// and 52 40.0% of 80 (`docs/strength-log.md`): none resolves a
    /// change, so Pachi's values stay. On the 19x19 screen against Pachi
    /// (2,500 playouts each) a pattern weight of 600 scored 25.9% of 58
    /// and 150 30.8% of 52 where 300 scored 35.8% of 120 ("The weight of
    /// the model in the 19x19 tree priors"): 300 there too.
    pub fn for_size(size: usize) -> PriorParams {
        if size > 13 {
            PriorParams {
                even: 20,
                pattern: 300.0,
            }
        } else {
            PriorParams {
                even: 14,
                pattern: 210.0,
            }
        }
    }
}

/// The power the model's gammas for the distance to the last two moves
/// are raised to in the tree priors. The model learned from strong
/// players, who mostly answer near the last move (its gamma for the
/// nearest distance is 7.2); a search must also look at the move
/// elsewhere that refutes. On 9x9 against Pachi at 2,000 playouts counted
/// alike, 0.5 scored 37.9% of 790 games against the model's own gammas'
/// 31.9% of 792 on the same seeds (two of the four seed sets played side
/// by side the same day: 39.7% against 30.7% of 396;
/// docs/strength-log.md); on 19x19 it came with the search's other
/// settings from 9x9 (see [`crate::search::SearchParams`]), and on the 19x19
/// screen against Pachi the model's own gammas (power 1) scored 23.8% of
/// 21 games where 0.5 scored 35.8% of 120.
pub const DISTANCE_POWER: f32 = 0.5;

/// True for an escape of a chain in atari into a ladder that works, or
/// one that stays in atari.
pub fn laddered_escape(f: &features::MoveFeatures) -> bool {
    let v = f.get(Group::Escape);
    v != 0 && (v - 1) % 3 == 2
}

/// The enemy chains beside `p` with exactly `libs` liberties, for
/// `color` to play at `p`: their stones in all and the largest of them
/// (0 and `p` if none).
fn short_chains(board: &Board, color: Color, p: Point, libs: usize) -> (usize, Point) {
    let (heads, n) = features::neighbour_chains(board, p, Cell::stone(color.opponent()));
    let (mut stones, mut chain, mut largest) = (0, p, 0);
    // One more slot than `libs` (at most 2) tells `libs` from more.
    let mut buf = [p; 3];
    for &h in &heads[..n] {
        if board.liberties_upto(h, &mut buf) == libs {
            let len = board.chain_len(h);
            stones += len;
            if len > largest {
                (chain, largest) = (h, len);
            }
        }
    }
    (stones, chain)
}

/// Stones a ladder atari by `color` at `p` threatens (the enemy chains
/// beside `p` left with two liberties) and the largest of them, if its
/// features say it is an atari that then captures in a ladder; else 0
/// and `p`.
pub fn ladder_atari_stones(
    board: &Board,
    color: Color,
    p: Point,
    f: &features::MoveFeatures,
) -> (usize, Point) {
    let v = f.get(Group::Atari);
    if v == 0 || (v - 1) % 4 != 2 {
        return (0, p);
    }
    short_chains(board, color, p, 2)
}

/// Stones `color` captures by playing `p` and the largest chain among
/// them, if its features say it captures; else 0 and `p`.
pub fn captured_stones(
    board: &Board,
    color: Color,
    p: Point,
    f: &features::MoveFeatures,
) -> (usize, Point) {
    if f.get(Group::Capture) == 0 {
        return (0, p);
    }
    short_chains(board, color, p, 1)
}

/// Enemy stones `color` captures by playing the empty point `p`.
pub fn capture_size(board: &Board, color: Color, p: Point) -> usize {
    short_chains(board, color, p, 1).0
}

/// Ladder ataris on chains of at least this many stones get the
/// search's ladder boost, and captures of that many its capture boost:
/// a chain that size is rarely already given up, so taking it is a swing
/// the search must see at once.
pub const BIG_LADDER_STONES: usize = 3;

/// Bins of a point's ownership, seen from the player to move: bin `k`
/// holds the points that player owns at the end of about `k/8` of the
/// simulations (0: always the opponent's, 4: even, 8: always its own).
pub const OWNER_BINS: usize = 9;

/// The gamma of each ownership bin, trained by MM with every other
/// feature's gamma fixed at the built-in model's: `hane --threads 1
/// --seed 1 train-owner --games 3000 --rate 0.05 --playouts 128 2016-06`
/// (30,528 positions; mean log-likelihood of the played move -2.4088
/// without, -2.3846 with; `docs/move-prediction.md`). Strong players
/// rarely play where every playout gives the point to one side.
pub const OWNER_GAMMAS: [f32; OWNER_BINS] =
    [0.109, 0.312, 0.737, 0.971, 1.0, 0.889, 0.774, 0.545, 0.223];

/// The ownership bin of a point whose mean final owner is `black_mean`
/// (+1 always Black, -1 always White), for `color` to move.
#[inline]
pub fn owner_bin(black_mean: f32, color: Color) -> usize {
    let mine = color.relative(black_mean);
    (((mine.clamp(-1.0, 1.0) + 1.0) * 4.0).round() as usize).min(OWNER_BINS - 1)
}

/// What the search adds to the model's strengths in its priors. The
/// default adds nothing: the model's probabilities as they are.
#[derive(Clone, Copy, Debug)]
pub struct Adjust<'a> {
    /// Monte Carlo ownership so far: each point's mean final owner (+1
    /// Black, -1 White) by point index, if anything is counted yet.
    pub owner: Option<&'a [f32]>,
    /// With ownership: the gamma of each [`owner_bin`] (Coulom's
    /// ownership feature), or `None` to leave it out.
    pub gammas: Option<&'a [f32; OWNER_BINS]>,
    /// The factor for an atari that captures in a ladder a chain of
    /// [`BIG_LADDER_STONES`] or more that the ownership does not already
    /// give to the attacker (1 adds nothing; without ownership no move
    /// gets it).
    pub ladder_boost: f32,
    /// The same for a capture of [`BIG_LADDER_STONES`] or more stones.
    pub capture_boost: f32,
    /// The power the strengths are raised to (below 1 flatter).
    pub power: f32,
    /// The power the gammas of the distances to the last two moves are
    /// raised to (below 1 the priors look less at local answers).
    pub distance_power: f32,
    /// The least product of the 3x3 and large-shape gammas a forcing
    /// move keeps ([`forcing`]); 0 keeps the model's shapes.
    pub shape_floor: f32,
}

impl Default for Adjust<'_> {
    fn default() -> Self {
        Adjust {
            owner: None,
            gammas: None,
            ladder_boost: 1.0,
            capture_boost: 1.0,
            power: 1.0,
            distance_power: 1.0,
            shape_floor: 0.0,
        }
    }
}

/// True for a move that forces: a capture, or an atari on a chain of two
/// stones or more or on the last move's chain. Strong players rarely
/// need the worst-shaped of these (the first-line throw-ins and ataris
/// that win a race), so the model's shape gammas bury them, though a
/// search must look at them as refutations.
pub fn forcing(f: &features::MoveFeatures) -> bool {
    let atari = f.get(Group::Atari);
    // Atari values are 1 + 8 (the last move's chain) + 4 (two stones or
    // more) + the kind (0 to 3), see `Group::Atari`: 1 to 4 are ataris
    // on one stone that is not the last move.
    f.get(Group::Capture) != 0 || atari > 4
}

/// Above this mean ownership, seen from the attacker, a chain counts as
/// already the attacker's: two playouts in three (`(1 + 1/3) / 2`) or
/// more end with its point the attacker's.
const OWNED: f32 = 1.0 / 3.0;

impl Adjust<'_> {
    /// The factor on the strength of `color` playing `p` with features `f`.
    fn factor(
        &self,
        model: &Model,
        board: &Board,
        color: Color,
        p: Point,
        f: &features::MoveFeatures,
    ) -> f32 {
        let mut factor = 1.0;
        if self.shape_floor > 0.0 && forcing(f) {
            let shape = model.shapes_gamma(f);
            if shape < self.shape_floor {
                factor = self.shape_floor / shape;
            }
        }
        let Some(mean) = self.owner else {
            return factor;
        };
        if let Some(gammas) = self.gammas {
            factor *= gammas[owner_bin(mean[p.index()], color)];
        }
        let contested = |(stones, chain): (usize, Point)| {
            let mine = color.relative(mean[chain.index()]);
            stones >= BIG_LADDER_STONES && mine < OWNED
        };
        if self.ladder_boost != 1.0 && contested(ladder_atari_stones(board, color, p, f)) {
            factor *= self.ladder_boost;
        }
        if self.capture_boost != 1.0 && contested(captured_stones(board, color, p, f)) {
            factor *= self.capture_boost;
        }
        factor
    }
}

/// The gammas of [`OWNER_GAMMAS`] raised to `power`.
pub fn owner_gammas(power: f32) -> [f32; OWNER_BINS] {
    OWNER_GAMMAS.map(|g| g.powf(power))
}

/// What [`probabilities`] fills, kept between calls so that rating a
/// node's moves allocates nothing once warm: each point's probability,
/// whether it is an escape into a working ladder, and the ladder reader
/// (with its spare boards) the features read with.
#[derive(Default)]
pub struct Rated {
    /// Model probability of each point, normalised over them.
    pub probs: Vec<f32>,
    /// Whether each point is an escape into a working ladder.
    pub laddered: Vec<bool>,
    ladders: ladder::Reader,
}

/// Model probabilities of `color` playing each of `points`, normalised
/// over them, into `out.probs` (cleared first), each strength adjusted as
/// `adjust` says; `out.laddered` gets, for each point, whether it is an
/// escape into a working ladder.
pub fn probabilities(
    model: &Model,
    board: &Board,
    color: Color,
    points: impl Iterator<Item = Point>,
    adjust: Adjust<'_>,
    out: &mut Rated,
) {
    let Rated {
        probs,
        laddered,
        ladders,
    } = out;
    probs.clear();
    laddered.clear();
    let mut total = 0.0;
    for p in points {
        let f = features::features_while(board, color, p, |h| model.lists_shape(h), ladders);
        let mut s = model.strength(&f) * adjust.factor(model, board, color, p, &f);
        if adjust.distance_power != 1.0 {
            let near = model.small_gamma(Group::DistLast, f.get(Group::DistLast))
                * model.small_gamma(Group::DistPrev, f.get(Group::DistPrev));
            s *= near.powf(adjust.distance_power - 1.0);
        }
        if adjust.power != 1.0 {
            s = s.powf(adjust.power);
        }
        total += s as f64;
        probs.push(s);
        laddered.push(laddered_escape(&f));
    }
    let inv = if total > 0.0 {
        (1.0 / total) as f32
    } else {
        0.0
    };
    for s in probs.iter_mut() {
        *s *= inv;
    }
}

/// (prior visits, prior wins) of a move with model probability `prob`.
pub fn prior(params: PriorParams, prob: f32, laddered: bool) -> (u32, u32) {
    let won = if laddered {
        0
    } else {
        (params.pattern * prob.max(0.0).sqrt()).round() as u32
    };
    (params.even + won, params.even / 2 + won)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::builtin;
    use crate::rules::diagram::{parse, vertex};

    fn probs_of(b: &Board, c: Color) -> Vec<(Point, f32)> {
        let points: Vec<Point> = b
            .empty_points()
            .iter()
            .map(|&i| Point(i))
            .filter(|&p| crate::search::playout::playable(b, c, p))
            .collect();
        let mut rated = Rated::default();
        probabilities(
            &builtin(),
            b,
            c,
            points.iter().copied(),
            Adjust::default(),
            &mut rated,
        );
        points.into_iter().zip(rated.probs).collect()
    }

    #[test]
    fn probabilities_sum_to_one_and_favour_captures() {
        let b = parse(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . X O X . . .
             . . . . X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        let probs = probs_of(&b, Color::Black);
        let sum: f32 = probs.iter().map(|x| x.1).sum();
        assert!((sum - 1.0).abs() < 1e-4, "{sum}");
        let best = probs.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
        assert_eq!(Some(best.0), vertex(b.size(), "E7"), "the capture");
    }

    #[test]
    fn priors_grow_with_probability_and_skip_laddered_escapes() {
        let params = PriorParams::for_size(9);
        let (v0, w0) = prior(params, 0.0, false);
        assert_eq!((v0, w0), (params.even, params.even / 2));
        let (v1, w1) = prior(params, 0.25, false);
        assert_eq!(v1 - v0, 105);
        assert_eq!(w1 - w0, 105);
        assert_eq!(prior(params, 0.25, true), (v0, w0));
        assert!(PriorParams::for_size(19).pattern > params.pattern);
    }

    #[test]
    fn ownership_bins_and_gammas_reweight_moves() {
        assert_eq!(owner_bin(1.0, Color::Black), 8);
        assert_eq!(owner_bin(1.0, Color::White), 0);
        assert_eq!(owner_bin(0.0, Color::White), 4);
        assert_eq!(owner_bin(-0.5, Color::Black), 2);
        assert_eq!(owner_bin(7.0, Color::Black), 8, "clamped");
        let b = Board::new(crate::rules::BoardSize::new(9).unwrap());
        let c3 = vertex(b.size(), "C3").unwrap();
        let g7 = vertex(b.size(), "G7").unwrap();
        let mut mean = vec![0.0; crate::rules::point::MAX_POINTS];
        mean[c3.index()] = 1.0; // every playout gives C3 to Black
        let mut gammas = [1.0; OWNER_BINS];
        gammas[8] = 0.1;
        let owner = Adjust {
            owner: Some(&mean),
            gammas: Some(&gammas),
            ..Adjust::default()
        };
        let (mut plain, mut weighed) = (Rated::default(), Rated::default());
        let points = [c3, g7];
        let model = builtin();
        probabilities(
            &model,
            &b,
            Color::Black,
            points.into_iter(),
            Adjust::default(),
            &mut plain,
        );
        probabilities(
            &model,
            &b,
            Color::Black,
            points.into_iter(),
            owner,
            &mut weighed,
        );
        let (plain, w) = (&plain.probs, &weighed.probs);
        // C3 and G7 are the same shape on an empty board.
        assert!((plain[0] - plain[1]).abs() < 1e-6);
        assert!((w[0] / w[1] - 0.1).abs() < 1e-4, "{w:?}");
        // For White, C3 is in bin 0, whose gamma is 1 here.
        probabilities(
            &model,
            &b,
            Color::White,
            points.into_iter(),
            owner,
            &mut weighed,
        );
        let w = &weighed.probs;
        assert!((w[0] - w[1]).abs() < 1e-6);
    }

    /// The model probability of `points[0]` over that of `points[1]`,
    /// for `color` to play, with `adjust`.
    fn prob_ratio(
        model: &Model,
        b: &Board,
        color: Color,
        points: [Point; 2],
        adjust: Adjust<'_>,
    ) -> f32 {
        let mut rated = Rated::default();
        probabilities(model, b, color, points.into_iter(), adjust, &mut rated);
        rated.probs[0] / rated.probs[1]
    }

    /// The top of a 9x9 game: Black's five stones D7 E7 E8 F8 E6 have two
    /// liberties, D8 and E9, and White E9 catches them in a ladder along
    /// the edge (D8 joins C8 and still has only C9 and D9).
    const BIG_LADDER: &str = ". . . . . O . . .
                              . O X . X X O . .
                              . O O X X O X X .
                              . . X O X O O . .
                              . . . O O X . . .
                              . . . . . X . . .
                              . . . . X . . . .
                              . . . . . . . . .
                              . . . . . . . . .";

    #[test]
    fn the_ladder_boost_needs_a_big_chain_the_attacker_does_not_own_yet() {
        let b = parse(BIG_LADDER);
        let v = |s| vertex(b.size(), s).unwrap();
        let (e9, h6) = (v("E9"), v("H6"));
        let f = features::features(&b, Color::White, e9);
        assert_eq!(ladder_atari_stones(&b, Color::White, e9, &f).0, 5);
        let g = features::features(&b, Color::White, h6);
        assert_eq!(ladder_atari_stones(&b, Color::White, h6, &g).0, 0);
        let model = builtin();
        let ratio = |adjust| prob_ratio(&model, &b, Color::White, [e9, h6], adjust);
        let plain = ratio(Adjust::default());
        let boost = |mean| Adjust {
            owner: Some(mean),
            ladder_boost: 10.0,
            ..Adjust::default()
        };
        // Contested stones: the move is ten times as strong.
        let contested = vec![0.0; crate::rules::point::MAX_POINTS];
        assert!((ratio(boost(&contested)) / plain - 10.0).abs() < 1e-3);
        // No ownership counted yet: no boost.
        let unknown = Adjust {
            ladder_boost: 10.0,
            ..Adjust::default()
        };
        assert!((ratio(unknown) / plain - 1.0).abs() < 1e-6);
        // Stones the playouts already give to White: no boost either.
        let mut taken = contested.clone();
        for s in ["D7", "E7", "E8", "F8", "E6"] {
            taken[v(s).index()] = -0.5;
        }
        assert!((ratio(boost(&taken)) / plain - 1.0).abs() < 1e-6);
    }

    #[test]
    fn an_atari_on_one_stone_forces_only_on_the_last_move() {
        // White's C3 has two liberties, C2 and D3, either way.
        let placed = parse(
            ". . . . .
             . . X . .
             . X O . .
             . . . . .
             . . . . .",
        );
        let mut played = parse(
            ". . . . .
             . . X . .
             . X . . .
             . . . . .
             . . . . .",
        );
        let v = |s| vertex(placed.size(), s).unwrap();
        played
            .play(Color::White, crate::rules::Move::Play(v("C3")), false)
            .unwrap();
        let forces = |b: &Board, s| forcing(&features::features(b, Color::Black, v(s)));
        assert!(!forces(&placed, "D3"));
        assert!(forces(&played, "D3"));
        assert!(!forces(&played, "E5"));
    }

    #[test]
    fn the_shape_floor_lifts_badly_shaped_forcing_moves_only() {
        let b = parse(BIG_LADDER);
        let v = |s| vertex(b.size(), s).unwrap();
        let (e9, h6) = (v("E9"), v("H6"));
        let model = builtin();
        let f = features::features_while(
            &b,
            Color::White,
            e9,
            |h| model.lists_shape(h),
            &mut ladder::Reader::new(),
        );
        let g = features::features(&b, Color::White, h6);
        assert!(forcing(&f) && !forcing(&g));
        let shape = model.shapes_gamma(&f);
        let ratio = |shape_floor| {
            let adjust = Adjust {
                shape_floor,
                ..Adjust::default()
            };
            prob_ratio(&model, &b, Color::White, [e9, h6], adjust)
        };
        let plain = ratio(0.0);
        // A floor above the move's shapes takes their place.
        let lifted = ratio(100.0) / plain;
        assert!(
            (lifted / (100.0 / shape) - 1.0).abs() < 1e-3,
            "{lifted} {shape}"
        );
        // A floor below them changes nothing.
        assert!((ratio(shape * 0.5) / plain - 1.0).abs() < 1e-6);
    }

    #[test]
    fn the_capture_boost_needs_three_stones_the_capturer_does_not_own_yet() {
        // White's C6 D6 E6 have one liberty, F6; White's H2 J2 one, H1.
        let b = parse(
            ". . . . . . . . .
             . . . . . . . . .
             . . X X X . . . .
             . X O O O . . . .
             . . X X X . . . .
             . . . . . . . . .
             . . . . . . . X X
             . . . . . . X O O
             . . . . . . . . X",
        );
        let v = |s| vertex(b.size(), s).unwrap();
        let (f6, c3, h1) = (v("F6"), v("C3"), v("H1"));
        let f = features::features(&b, Color::Black, f6);
        assert_eq!(captured_stones(&b, Color::Black, f6, &f).0, 3);
        let g = features::features(&b, Color::Black, c3);
        assert_eq!(captured_stones(&b, Color::Black, c3, &g).0, 0);
        let e = features::features(&b, Color::Black, h1);
        assert_eq!(captured_stones(&b, Color::Black, h1, &e).0, 2);
        let model = builtin();
        let ratio = |adjust| prob_ratio(&model, &b, Color::Black, [f6, c3], adjust);
        let plain = ratio(Adjust::default());
        let boost = |mean| Adjust {
            owner: Some(mean),
            capture_boost: 10.0,
            ..Adjust::default()
        };
        let contested = vec![0.0; crate::rules::point::MAX_POINTS];
        assert!((ratio(boost(&contested)) / plain - 10.0).abs() < 1e-3);
        // Two stones are not enough.
        let two = |adjust| prob_ratio(&model, &b, Color::Black, [h1, c3], adjust);
        assert!((two(boost(&contested)) / two(Adjust::default()) - 1.0).abs() < 1e-6);
        let unknown = Adjust {
            capture_boost: 10.0,
            ..Adjust::default()
        };
        assert!((ratio(unknown) / plain - 1.0).abs() < 1e-6);
        // Stones the playouts already give to Black: no boost.
        let mut taken = contested.clone();
        for s in ["C6", "D6", "E6"] {
            taken[v(s).index()] = 0.5;
        }
        assert!((ratio(boost(&taken)) / plain - 1.0).abs() < 1e-6);
    }
}
