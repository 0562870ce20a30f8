//! Search invariants and legality.

use super::tree::WIN_UNITS;
use super::*;
use crate::rules::diagram::{parse, vertex};
use crate::rules::{BoardSize, Rules};
use crate::stop::StopCheck;

fn search(
    game: &Game,
    color: Color,
    playouts: u64,
    threads: usize,
    seed: u64,
) -> (Searcher, SearchResult) {
    let params = SearchParams {
        threads,
        max_tree_bytes: 16 << 20,
        ..SearchParams::default()
    };
    search_with(params, game, color, playouts, seed)
}

/// A search with `params` on a pool of `params.threads` threads.
fn search_with(
    params: SearchParams,
    game: &Game,
    color: Color,
    playouts: u64,
    seed: u64,
) -> (Searcher, SearchResult) {
    let mut s = Searcher::new(params);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(params.threads)
        .build()
        .unwrap();
    let limits = SearchLimits {
        playouts: Some(playouts),
        time: None,
        stop: StopCheck::NEVER,
    };
    let r = s.search(SearchRequest::new(game, color, limits, seed).pool(Some(&pool)));
    (s, r)
}

fn check_tree(t: &Tree, id: NodeId) -> u32 {
    let n = t.node(id);
    assert_eq!(
        n.in_flight.load(Relaxed),
        0,
        "virtual loss left on node {id}"
    );
    assert!(n.wins.load(Relaxed) <= WIN_UNITS * n.visits());
    let children: u32 = t.children(id).map(|c| check_tree(t, c)).sum();
    // A node's visits are its own playouts plus its children's: each
    // simulation that goes below a node goes to exactly one child.
    assert!(
        children <= n.visits(),
        "children {children} > visits {}",
        n.visits()
    );
    n.visits()
}

#[test]
fn visit_counts_add_up_and_virtual_loss_is_removed() {
    for threads in [1, 2] {
        let g = Game::new(BoardSize::new(9).unwrap(), Rules::AGA, 7.5);
        let (s, r) = search(&g, Color::Black, 2000, threads, 5);
        assert_eq!(r.playouts, 2000);
        let root = s.root.as_ref().unwrap().0;
        assert_eq!(s.tree.node(root).visits(), 2000);
        let child_sum: u32 = s.tree.children(root).map(|c| s.tree.node(c).visits()).sum();
        assert_eq!(child_sum, 2000);
        check_tree(&s.tree, root);
    }
}

#[test]
fn one_thread_with_a_seed_is_deterministic() {
    let g = Game::new(BoardSize::new(9).unwrap(), Rules::AGA, 7.5);
    let (_, a) = search(&g, Color::Black, 1500, 1, 42);
    let (_, b) = search(&g, Color::Black, 1500, 1, 42);
    assert_eq!(a.best, b.best);
    assert_eq!(a.candidates, b.candidates);
}

#[test]
fn tree_stays_within_its_memory_limit() {
    let g = Game::new(BoardSize::new(9).unwrap(), Rules::AGA, 7.5);
    let params = SearchParams {
        max_tree_bytes: 0,
        expand_visits: 1,
        ..SearchParams::default()
    };
    let mut s = Searcher::new(params);
    let limits = SearchLimits {
        playouts: Some(5000),
        time: None,
        stop: StopCheck::NEVER,
    };
    let r = s.search(SearchRequest::new(&g, Color::Black, limits, 1));
    assert_eq!(r.playouts, 5000);
    assert!(s.tree.used() <= s.tree.capacity());
}

#[test]
fn captures_the_big_group_in_atari() {
    let b = parse(
        ". . . . . . .
         . O O O . . .
         O X X X O . .
         . O X X O . .
         . O X O . . .
         . . . . . . .
         . . . . . . .",
    );
    // The six black stones have one liberty left, C2.
    let g = Game::from_position(b, Color::White, Rules::AGA, 0.5, 0);
    let (_, r) = search(&g, Color::White, 1000, 1, 3);
    assert_eq!(r.best, Move::Play(vertex(g.size(), "C2").unwrap()));
}

#[test]
fn root_moves_respect_superko() {
    // After Black's capture, two passes: White's retake would repeat.
    let b = parse(
        ". X O . .
         X O . O .
         . X O . .
         . . . . .
         . . . . .",
    );
    let mut g = Game::from_position(b, Color::Black, Rules::AGA, 0.5, 0);
    g.play(Color::Black, Move::Play(vertex(g.size(), "C4").unwrap()))
        .unwrap();
    g.play(Color::White, Move::Pass).unwrap();
    g.play(Color::Black, Move::Pass).unwrap();
    let retake = vertex(g.size(), "B4").unwrap();
    assert!(!g.is_legal(Color::White, Move::Play(retake)));
    let (_, r) = search(&g, Color::White, 500, 1, 9);
    assert!(r.candidates.iter().all(|c| c.mv != Move::Play(retake)));
    assert!(g.is_legal(Color::White, r.best));
}

#[test]
fn multi_stone_suicide_is_legal_under_nz_but_never_searched() {
    // Black A3 would remove A5 A4 A3: legal under NZ, never better than a
    // pass under area counting (GNU Go, as a referee, refuses it too).
    let b = parse(
        "X O . . .
         X O . . .
         . O . . .
         O . . . .
         . . . . .",
    );
    let g = Game::from_position(b, Color::Black, Rules::NEW_ZEALAND, 0.5, 0);
    let suicide = Move::Play(vertex(g.size(), "A3").unwrap());
    assert!(g.is_legal(Color::Black, suicide));
    let (_, r) = search(&g, Color::Black, 300, 1, 3);
    assert!(r.candidates.iter().all(|c| c.mv != suicide));
    assert_ne!(r.best, suicide);
}

#[test]
fn a_full_board_leaves_only_pass() {
    // Black lives with two one-point eyes; nothing else is empty.
    let b = parse(
        "X X X X X
         X . X . X
         X X X X X
         X X X X X
         X X X X X",
    );
    let g = Game::from_position(b, Color::White, Rules::NEW_ZEALAND, 0.5, 0);
    let (_, r) = search(&g, Color::White, 100, 1, 1);
    assert_eq!(r.best, Move::Pass);
    let (_, r) = search(&g, Color::Black, 100, 1, 1);
    assert_eq!(r.best, Move::Pass, "Black does not fill its own eye");
}

#[test]
fn the_score_lead_is_in_points_for_the_side_to_move() {
    // Black's wall lives with two eyes; nothing can live in the five
    // points below it, so nearly every simulation ends with all 25 points
    // Black's: a lead of 24.5 after a komi of 0.5, never more.
    let b = parse(
        "X X X X X
         X . X . X
         X X X X X
         X X . . X
         X . . . X",
    );
    for (color, sign) in [(Color::Black, 1.0), (Color::White, -1.0)] {
        let g = Game::from_position(b.clone(), color, Rules::AGA, 0.5, 0);
        let (_, r) = search(&g, color, 300, 1, 1);
        let lead = sign * r.score_lead;
        assert!((20.0..=24.5).contains(&lead), "{color:?}: {}", r.score_lead);
        let best = &r.candidates[0];
        assert!(
            (20.0..=24.5).contains(&(sign * best.score_lead)),
            "{color:?}"
        );
    }
}

#[test]
fn the_tree_is_kept_for_the_same_game_and_dropped_when_komi_or_rules_change() {
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::AGA, 7.5);
    let (mut s, r) = search(&g, Color::Black, 1000, 1, 5);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let limits = SearchLimits {
        playouts: Some(1),
        time: None,
        stop: StopCheck::NEVER,
    };
    // After the chosen move the kept subtree already has visits.
    g.play(Color::Black, r.best).unwrap();
    s.search(SearchRequest::new(&g, Color::White, limits, 5).pool(Some(&pool)));
    let root = s.root.as_ref().unwrap().0;
    assert!(s.tree.node(root).visits() > 1, "subtree not kept");
    // A komi change makes those statistics wrong: a fresh root.
    g.set_komi(0.5);
    s.search(SearchRequest::new(&g, Color::White, limits, 5).pool(Some(&pool)));
    let root = s.root.as_ref().unwrap().0;
    assert_eq!(s.tree.node(root).visits(), 1);
    s.search(SearchRequest::new(&g, Color::White, limits, 5).pool(Some(&pool)));
    let root = s.root.as_ref().unwrap().0;
    assert_eq!(s.tree.node(root).visits(), 2, "same game again: kept");
    g.set_rules(Rules::NEW_ZEALAND);
    s.search(SearchRequest::new(&g, Color::White, limits, 5).pool(Some(&pool)));
    let root = s.root.as_ref().unwrap().0;
    assert_eq!(s.tree.node(root).visits(), 1);
}

#[test]
fn ownership_priors_warm_up_inside_the_playout_budget() {
    let g = Game::new(BoardSize::new(9).unwrap(), Rules::AGA, 7.5);
    let run = |seed| {
        let params = SearchParams {
            owner_prior: 1.0,
            owner_warmup: 150,
            max_tree_bytes: 16 << 20,
            ..SearchParams::default()
        };
        let mut s = Searcher::new(params);
        let limits = SearchLimits {
            playouts: Some(1000),
            time: None,
            stop: StopCheck::NEVER,
        };
        let r = s.search(SearchRequest::new(&g, Color::Black, limits, seed));
        let root = s.root.as_ref().unwrap().0;
        // The warm-up playouts count, but they pass no tree node.
        assert_eq!(r.playouts, 1000);
        assert_eq!(s.tree.node(root).visits(), 850);
        check_tree(&s.tree, root);
        r
    };
    let (a, b) = (run(9), run(9));
    assert_eq!(a.best, b.best);
    assert_eq!(a.candidates, b.candidates);
}

#[test]
fn a_playout_limit_can_count_the_kept_visits() {
    let g = Game::new(BoardSize::new(9).unwrap(), Rules::AGA, 7.5);
    for count_kept in [false, true] {
        let params = SearchParams {
            count_kept,
            max_tree_bytes: 16 << 20,
            ..SearchParams::default()
        };
        let mut s = Searcher::new(params);
        let limits = |n| SearchLimits {
            playouts: Some(n),
            time: None,
            stop: StopCheck::NEVER,
        };
        s.search(SearchRequest::new(&g, Color::Black, limits(1000), 1));
        // The same position again: the root and its 1,000 visits are kept.
        let r = s.search(SearchRequest::new(&g, Color::Black, limits(1500), 2));
        let root = s.root.as_ref().unwrap().0;
        let (new, total) = if count_kept {
            (500, 1500)
        } else {
            (1500, 2500)
        };
        assert_eq!(r.playouts, new);
        assert_eq!(s.tree.node(root).visits(), total);
    }
}

#[test]
fn passes_rather_than_break_a_seki() {
    // White's J2-J4 H4 H5 G5 and Black's two groups beside them share J5
    // and J1: whoever fills one is taken. White has nothing else to play
    // (A1, C3 and F9 are its own eyes) and wins by half a point if the
    // seki stands; a search that cannot pass must fill a shared liberty.
    let b = parse(
        "X . X O O . O O X
         . X X O O O O X X
         X X X X O X X . X
         X . X O O X X X X
         X X O O X X O O .
         X X O O X O X O O
         O O . O O O X X O
         O O O O X X . X O
         . O O X X X X X .",
    );
    let g = Game::from_position(b, Color::White, Rules::NEW_ZEALAND, 7.5, 0);
    let (_, r) = search(&g, Color::White, 2000, 1, 7);
    assert_eq!(r.best, Move::Pass, "{:?}", r.candidates);
    assert!(r.win_rate > 0.9, "the seki wins: {}", r.win_rate);
}

#[test]
fn no_pass_is_searched_early_in_the_game() {
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::AGA, 7.5);
    let (_, r) = search(&g, Color::Black, 500, 1, 3);
    assert!(r.candidates.iter().all(|c| c.mv != Move::Pass));
    // After the opponent's pass, passing back (which ends the game) is
    // one of the candidates.
    g.play(Color::Black, Move::Pass).unwrap();
    let (_, r) = search(&g, Color::White, 500, 1, 3);
    assert!(r.candidates.iter().any(|c| c.mv == Move::Pass));
}

#[test]
fn passing_back_with_own_dead_stones_on_the_board_does_not_win() {
    // A lab game against GNU Go, Black to have passed: White's B2 and
    // its four stones at G8 G9 H7 H8 are dead in Black's area, and the
    // count gives Black 10 points. Counted as it stands, every stone alive,
    // White's pass back ended the game with a win (the search rated it
    // 1.000 and spent nine tenths of its playouts there).
    let b = parse(
        "X X X X . X O . .
         X O X X X X O O X
         O O O X . X . O X
         O . . O X X X X X
         O O O O O O O X O
         X X X O X X O O O
         . X X X X X O . .
         X O . X X O O . .
         X . X X O O . . .",
    );
    let mut g = Game::from_position(b, Color::Black, Rules::AGA, 7.0, 0);
    g.play(Color::Black, Move::Pass).unwrap();
    let (_, r) = search(&g, Color::White, 2000, 1, 1);
    let pass = r.candidates.iter().find(|c| c.mv == Move::Pass);
    let pass = pass.expect("passing back is a candidate");
    assert!(pass.win_rate < 0.5, "{:?}", r.candidates);
}

#[test]
fn the_switches_keep_the_search_legal_and_replayable() {
    let g = Game::new(BoardSize::new(9).unwrap(), Rules::AGA, 7.0);
    let mut params = SearchParams::default();
    params.set("race_percent", 100.0).unwrap();
    params.set("selfatari_percent", 60.0).unwrap();
    params.set("owner_prior", 1.0).unwrap();
    params.set("last_good_reply", 1.0).unwrap();
    let run = || {
        let mut s = Searcher::new(params);
        let limits = SearchLimits {
            playouts: Some(1500),
            time: None,
            stop: StopCheck::NEVER,
        };
        s.search(SearchRequest::new(&g, Color::Black, limits, 3))
    };
    let (a, b) = (run(), run());
    assert_eq!(a.best, b.best);
    assert_eq!(a.candidates.len(), b.candidates.len());
    assert!(g.is_legal(Color::Black, a.best));
    assert!(a.win_rate > 0.0 && a.win_rate < 1.0);
}

/// The root's moves and visits after a seeded search for Black from the
/// empty board of `size` lines, `playouts` playouts, with the search
/// constant `name` set to `value` (`None`: the defaults).
fn root_visits(size: u32, playouts: u64, name: &str, value: Option<f64>) -> Vec<(Move, u32)> {
    let g = Game::new(BoardSize::new(size).unwrap(), Rules::AGA, 7.0);
    let mut params = SearchParams::default();
    if let Some(v) = value {
        params.set(name, v).unwrap();
    }
    let limits = SearchLimits {
        playouts: Some(playouts),
        time: None,
        stop: StopCheck::NEVER,
    };
    let r = Searcher::new(params).search(SearchRequest::new(&g, Color::Black, limits, 7));
    r.candidates.iter().map(|c| (c.mv, c.visits)).collect()
}

#[test]
fn replies_are_on_unless_switched_off() {
    // The same seeded search with replies forced off and forced on: the
    // default must play the one with replies, on every board size.
    let visits = |size, reply| root_visits(size, 600, "last_good_reply", reply);
    let (off9, on9) = (visits(9, Some(0.0)), visits(9, Some(1.0)));
    assert_ne!(off9, on9, "replies change the 9x9 search");
    assert_eq!(visits(9, None), on9);
    let (off19, on19) = (visits(19, Some(0.0)), visits(19, Some(1.0)));
    assert_ne!(off19, on19, "replies change the 19x19 search");
    assert_eq!(visits(19, None), on19);
}

/// A 9x9 game (komi 7, AGA) after `moves`, Black first.
pub(super) fn game_after(moves: &str) -> Game {
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::AGA, 7.0);
    let mut color = Color::Black;
    for m in moves.split_whitespace() {
        g.play(color, Move::Play(vertex(g.size(), m).unwrap()))
            .unwrap();
        color = color.opponent();
    }
    g
}

/// A search of `color`'s move with one thread, 2,000 playouts, seed 1.
fn search_2000(g: &Game, color: Color, params: SearchParams) -> SearchResult {
    let params = SearchParams {
        max_tree_bytes: 16 << 20,
        ..params
    };
    let limits = SearchLimits {
        playouts: Some(2000),
        time: None,
        stop: StopCheck::NEVER,
    };
    Searcher::new(params).search(SearchRequest::new(g, color, limits, 1))
}

/// A 9x9 game hane lost to GNU Go as White: at move 76 the search played
/// J3 at 0.98, and Black's B1, a placement in White's eye space that wins
/// the race for Black's big group, refuted it. Below J3 Black is losing,
/// and B1, which comes too late in the playouts, is valued there almost
/// by its AMAF alone and never visited at 2,000 playouts. With a smaller
/// RAVE equivalence where the side to move is losing, its prior gets a
/// say: B1 is tried, found, and J3 falls.
#[test]
fn a_smaller_equivalence_where_the_mover_loses_finds_a_placement() {
    let moves = "G5 E5 C5 C6 B6 D6 E3 B7 B5 F4 D4 G4 G7 E7 A7 H4 H5 B8 F8 E8 G2 J5 J6 J4 \
                 H7 G6 F6 F5 H6 F7 G9 H8 J8 H9 A8 E9 G8 A6 A5 C3 D2 C2 E4 A3 B4 B3 H2 J2 \
                 B9 C9 D8 A9 A6 D5 C4 E2 F2 D1 E1 C1 F3 D3 E2 H1 B9 C8 D7 G1 F1 C7 J9 A4 \
                 G6 E6 H3";
    let g = game_after(moves);
    let j3 = Move::Play(vertex(g.size(), "J3").unwrap());
    let b1 = Move::Play(vertex(g.size(), "B1").unwrap());
    let search = |losing_equiv: f64| {
        let mut params = SearchParams::default();
        params.set("losing_rave_equiv", losing_equiv).unwrap();
        let r = search_2000(&g, Color::White, params);
        let j3 = r.candidates.iter().find(|c| c.mv == j3).cloned();
        (r.best, j3.expect("J3 is searched"))
    };
    let (best, plain) = search(0.0);
    assert_eq!(best, j3);
    assert!(plain.win_rate > 0.9, "J3 at {}", plain.win_rate);
    assert_ne!(plain.pv.get(1), Some(&b1), "B1 found without the switch");
    let (_, gated) = search(30.0);
    assert!(gated.win_rate < 0.5, "J3 at {}", gated.win_rate);
    assert_eq!(gated.pv.get(1), Some(&b1), "pv {:?}", gated.pv);
}

/// Counts the expanded nodes below `id` (not `id` itself) by whether the
/// network's priors still wait for them, and checks the rule: a node that
/// a descent passed with `net_visits` visits or more no longer waits; one
/// that never had that many still does. With `slack` threads more, a node can gain that many
/// visits from descents that all passed it below the threshold.
fn check_net_marks(t: &Tree, id: NodeId, net_visits: u32, slack: u32, counts: &mut (u32, u32)) {
    for c in t.children(id) {
        let n = t.node(c);
        if !t.is_expanded(c) {
            continue;
        }
        // The descent checks the mark before its own simulation counts,
        // so a node it took the mark at has at least one visit more.
        let waits = n.net_pending();
        if n.visits() > net_visits + slack {
            assert!(!waits, "node {c} with {} visits still waits", n.visits());
            counts.0 += 1;
        } else if n.visits() < net_visits {
            assert!(waits, "node {c} with {} visits lost its mark", n.visits());
            counts.1 += 1;
        }
        check_net_marks(t, c, net_visits, slack, counts);
    }
}

#[test]
fn the_network_corrects_a_node_once_it_has_net_visits() {
    let Some(net) = crate::knowledge::builtin_net() else {
        return;
    };
    let g = game_after("E5 C4 D3 F6");
    let run = |net_visits: u32| {
        let params = SearchParams {
            net_prior: true,
            net_visits,
            max_tree_bytes: 16 << 20,
            ..SearchParams::default()
        };
        let mut s = Searcher::new(params).with_net(Some(net.clone()));
        let limits = SearchLimits {
            playouts: Some(3000),
            time: None,
            stop: StopCheck::NEVER,
        };
        let r = s.search(SearchRequest::new(&g, Color::Black, limits, 5));
        (s, r)
    };
    // A root child expanded with the model's priors alone: kept as the
    // next search's root, its children get the network's at once.
    let mut kept = run(200).0;
    let t = kept.tree();
    let root = kept.root.as_ref().map(|x| x.0).unwrap();
    let waiting = t
        .children(root)
        .find(|&c| t.is_expanded(c) && t.node(c).net_pending())
        .map(|c| tree::id_move(t.node(c).mv()))
        .expect("a root child waits for the network");
    let mut next = g.clone();
    next.play(Color::Black, waiting).unwrap();
    let one = SearchLimits {
        playouts: Some(1),
        time: None,
        stop: StopCheck::NEVER,
    };
    let fresh_priors = {
        let params = SearchParams {
            net_prior: true,
            ..SearchParams::default()
        };
        let mut fresh = Searcher::new(params).with_net(Some(net.clone()));
        fresh.search(SearchRequest::new(&next, Color::White, one, 5));
        let t = fresh.tree();
        let root = fresh.root.as_ref().map(|x| x.0).unwrap();
        let p: Vec<_> = t.children(root).map(|c| t.node(c).prior()).collect();
        p
    };
    kept.search(SearchRequest::new(&next, Color::White, one, 5));
    let t = kept.tree();
    let root = kept.root.as_ref().map(|x| x.0).unwrap();
    assert!(t.node(root).visits() > 1, "the subtree was kept");
    let p: Vec<_> = t.children(root).map(|c| t.node(c).prior()).collect();
    assert_eq!(p, fresh_priors);
    let (s, r) = run(8);
    let t = s.tree();
    let root = s.root.as_ref().map(|x| x.0).unwrap();
    let mut counts = (0, 0);
    check_net_marks(t, root, 8, 0, &mut counts);
    assert!(
        counts.0 > 10 && counts.1 > 10,
        "refined, waiting: {counts:?}"
    );
    // The root's children have the network's priors from the start.
    let (s0, r0) = run(0);
    let priors = |s: &Searcher| -> Vec<(u32, (u32, u32))> {
        let t = s.tree();
        let root = s.root.as_ref().map(|x| x.0).unwrap();
        t.children(root)
            .map(|c| (t.node(c).mv(), t.node(c).prior()))
            .collect()
    };
    assert_eq!(priors(&s), priors(&s0));
    // Deterministic for a seed, and not the search without it.
    let (_, again) = run(8);
    assert_eq!(
        format!("{:?}", r.candidates),
        format!("{:?}", again.candidates)
    );
    assert_ne!(
        format!("{:?}", r.candidates),
        format!("{:?}", r0.candidates)
    );
}
