//! The value mix: the network's judgements in the tree and in the
//! simulations' results.

use super::tests::game_after;
use super::tree::{NET_VALUE_ONE, Tree, WIN_UNITS};
use super::*;
use crate::knowledge::net::{Net, heads::sigmoid};
use crate::stop::StopCheck;
use std::sync::Arc;

/// A small network whose value heads say the side to move wins with
/// probability `sigmoid(logit)` whatever the position.
fn sure_net(logit: f32) -> Arc<Net> {
    let mut net = Net::new(4, 1, 1).with_heads(4, 1);
    let at = net.heads_at().unwrap();
    net.params_mut()[at.fc2 + 2 * at.hidden] = logit;
    Arc::new(net)
}

fn run(net: Arc<Net>, mix: f64, seed: u64) -> (Searcher, SearchResult) {
    let params = SearchParams {
        net_prior: true,
        value_mix: mix,
        max_tree_bytes: 16 << 20,
        ..SearchParams::default()
    };
    let mut s = Searcher::new(params).with_net(Some(net));
    let limits = SearchLimits {
        playouts: Some(1500),
        time: None,
        stop: StopCheck::NEVER,
    };
    let r = s.search(SearchRequest::new(
        &game_after("E5 C4 D3"),
        Color::White,
        limits,
        seed,
    ));
    (s, r)
}

/// Checks every expanded node below `id` (White to move at `id` when
/// `white` is set): its judgement is the network's, from Black's view
/// (`black_units` when Black is to move).
fn check_judged(t: &Tree, id: u32, white: bool, black_units: u32, count: &mut u32) {
    if t.is_expanded(id) {
        let want = if white {
            NET_VALUE_ONE - black_units
        } else {
            black_units
        };
        assert_eq!(t.node(id).judgement(), Some((want, 0.0)), "node {id}");
        *count += 1;
    } else {
        assert_eq!(t.node(id).judgement(), None, "node {id} not expanded");
    }
    for c in t.children(id) {
        check_judged(t, c, !white, black_units, count);
    }
}

#[test]
fn every_expanded_node_keeps_the_networks_judgement() {
    let p = sigmoid(2.0);
    let black_units = (f64::from(p) * f64::from(NET_VALUE_ONE)).round() as u32;
    let (s, _) = run(sure_net(2.0), 0.5, 3);
    let t = s.tree();
    let root = s.root.as_ref().unwrap().0;
    let mut count = 0;
    // White to move at the root: Black's value is 1 - p there.
    check_judged(t, root, true, black_units, &mut count);
    assert!(count > 20, "{count} judged nodes");
    // Without the mix nothing is judged.
    let (s, _) = run(sure_net(2.0), 0.0, 3);
    let root = s.root.as_ref().unwrap().0;
    let mut none = 0;
    for c in s.tree().children(root) {
        none += u32::from(s.tree().node(c).judgement().is_some());
    }
    assert_eq!(none, 0);
}

#[test]
fn with_the_whole_mix_a_simulation_is_worth_a_judgement() {
    // Every simulation's value is a judgement: the side to move wins
    // with p at the deepest judged node, so from Black's view each is
    // worth p or 1 - p of a win, rounded to a unit up or down: every
    // node's mean lies between the two, rounded outwards.
    let p = f64::from(sigmoid(1.5));
    let units = f64::from(WIN_UNITS);
    let (lo, hi) = (((1.0 - p) * units).floor(), (p * units).ceil());
    let (s, r) = run(sure_net(1.5), 1.0, 4);
    let t = s.tree();
    let root = s.root.as_ref().unwrap().0;
    let mut checked = 0;
    for c in t.children(root) {
        let n = t.node(c);
        let visits = f64::from(n.visits());
        let wins = f64::from(n.wins.load(std::sync::atomic::Ordering::Relaxed));
        if visits == 0.0 {
            continue;
        }
        assert!(
            wins >= lo * visits && wins <= hi * visits,
            "child {c}: {wins} units in {visits} visits"
        );
        checked += 1;
    }
    assert!(checked > 5);
    // The network says nobody owns anything and nobody leads: with the
    // whole mix, the reported ownership and lead are its.
    assert!(r.ownership.iter().all(|&o| o == 0.0), "{:?}", r.ownership);
    assert_eq!(r.score_lead, 0.0);
    let (_, half) = run(sure_net(1.5), 0.5, 4);
    assert!(half.ownership.iter().any(|&o| o != 0.0));
    // Black moved into the root's children, White is to move there: a
    // child's simulations mostly end at judged positions of either side,
    // so its mean is inside (1 - p, p), away from any playout's 0 or 1.
    let root_rate = t.node(root).win_rate();
    assert!(
        root_rate > 1.0 - p - 0.1 && root_rate < p + 0.1,
        "{root_rate}"
    );
    // Deterministic for a seed, and another search than the playouts'.
    assert_eq!(
        format!("{:?}", r.candidates),
        format!("{:?}", run(sure_net(1.5), 1.0, 4).1.candidates)
    );
    assert_ne!(
        format!("{:?}", r.candidates),
        format!("{:?}", run(sure_net(1.5), 0.0, 4).1.candidates)
    );
}
