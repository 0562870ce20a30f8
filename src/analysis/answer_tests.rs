use super::*;
use crate::analysis::query::{Defaults, Request, parse};
use crate::rules::diagram::vertex;
use std::sync::Arc;
use std::time::Duration;

fn query(extra: &str) -> Arc<Query> {
    let line = format!(
        r#"{{"id":"a","moves":[["B","E5"]],"rules":"aga","komi":7.5,"boardXSize":9,"boardYSize":9{extra}}}"#
    );
    let defaults = Defaults {
        max_visits: 10,
        max_time: None,
    };
    match parse(&line, &defaults) {
        Ok(Request::Analyze { query, .. }) => query,
        other => panic!("{other:?}"),
    }
}

/// A result for White (to move after B E5): C3 wins 70% for White.
fn result() -> SearchResult {
    let s = BoardSize::new(9).unwrap();
    let m = |v: &str| Move::Play(vertex(s, v).unwrap());
    let mut own = vec![0.0f32; 81];
    own[0] = 1.0; // A1 Black's
    own[80] = -0.5; // J9 leaning White
    let c = |v: &str, visits, win_rate| Candidate {
        mv: m(v),
        visits,
        win_rate,
        prior: 0.25,
        score_lead: 3.0,
        score_stdev: 10.0,
        pv: vec![m(v), m("G7"), Move::Pass],
        ownership: own.clone(),
    };
    SearchResult {
        best: m("C3"),
        win_rate: 0.7,
        playouts: 30,
        elapsed: Duration::from_millis(10),
        candidates: vec![c("C3", 20, 0.7), c("G3", 9, 0.6), c("D4", 0, 0.5)],
        pv: vec![m("C3")],
        ownership: own.clone(),
        score_lead: 2.0,
        score_stdev: 12.0,
        root_win_rate: 0.65,
    }
}

fn build(q: &Query, policy: Option<&[f32]>) -> Value {
    let game = q.position.game_at(1).unwrap();
    let ctx = Context {
        query: q,
        turn: 1,
        game: &game,
        during: false,
        policy,
        pass_policy: 0.0,
        raw: Some(Raw {
            win: 0.6,
            lead: 1.0,
            selfplay: None,
        }),
    };
    answer(&ctx, &result(), 0)
}

#[test]
fn black_s_view_by_default() {
    let v = build(&query(""), None);
    assert_eq!(v["id"], "a");
    assert_eq!(v["turnNumber"], 1);
    assert_eq!(v["isDuringSearch"], false);
    let infos = v["moveInfos"].as_array().unwrap();
    // Unvisited moves are left out.
    assert_eq!(infos.len(), 2);
    let c3 = &infos[0];
    assert_eq!(
        (c3["move"].as_str(), c3["order"].as_u64()),
        (Some("C3"), Some(0))
    );
    assert!((c3["winrate"].as_f64().unwrap() - 0.3).abs() < 1e-9);
    assert_eq!(c3["scoreLead"], -3.0);
    assert_eq!(c3["scoreMean"], -3.0);
    assert!((c3["utility"].as_f64().unwrap() + 0.4).abs() < 1e-9);
    // White's lower bound, seen from Black: above Black's win rate.
    assert!(c3["lcb"].as_f64().unwrap() > 0.3);
    assert_eq!(c3["pv"], json!(["C3", "G7", "pass"]));
    assert!(c3.get("ownership").is_none());
    let root = &v["rootInfo"];
    assert_eq!(root["currentPlayer"], "W");
    assert_eq!(root["visits"], 30);
    assert!((root["winrate"].as_f64().unwrap() - 0.35).abs() < 1e-9);
    assert_eq!(root["scoreLead"], -2.0);
    assert_eq!(root["scoreStdev"], 12.0);
    assert!((root["rawWinrate"].as_f64().unwrap() - 0.4).abs() < 1e-9);
    assert_eq!(root["rawLead"], -1.0);
    assert!(v.get("ownership").is_none() && v.get("policy").is_none());
}

#[test]
fn the_side_to_move_s_view() {
    let v = build(
        &query(r#","overrideSettings":{"reportAnalysisWinratesAs":"SIDETOMOVE"}"#),
        None,
    );
    let c3 = &v["moveInfos"][0];
    assert!((c3["winrate"].as_f64().unwrap() - 0.7).abs() < 1e-9);
    assert_eq!(c3["scoreLead"], 3.0);
    assert!(c3["lcb"].as_f64().unwrap() < 0.7);
}

#[test]
fn maps_run_from_the_top_left_for_the_reported_player() {
    let q = query(r#","includeOwnership":true,"includeMovesOwnership":true"#);
    let v = build(&q, None);
    let own = v["ownership"].as_array().unwrap();
    assert_eq!(own.len(), 81);
    // A1 is the first point of the last row; J9 the last of the first.
    assert_eq!(own[72], 1.0);
    assert_eq!(own[8], -0.5);
    let moves_own = v["moveInfos"][1]["ownership"].as_array().unwrap();
    assert_eq!(moves_own, own);
    let white = query(
        r#","includeOwnership":true,"overrideSettings":{"reportAnalysisWinratesAs":"WHITE"}"#,
    );
    let v = build(&white, None);
    assert_eq!(v["ownership"][72], -1.0);
}

#[test]
fn the_policy_has_a_pass_and_minus_one_on_illegal_points() {
    let q = query(r#","includePolicy":true"#);
    let s = BoardSize::new(9).unwrap();
    let mut policy = vec![0.0f32; crate::rules::point::MAX_POINTS];
    policy[vertex(s, "C3").unwrap().index()] = 0.5;
    let v = build(&q, Some(&policy));
    let p = v["policy"].as_array().unwrap();
    assert_eq!(p.len(), 82);
    // E5 (row 5 from the top, column E) is occupied.
    assert_eq!(p[4 * 9 + 4], -1.0);
    // C3: row 7 from the top, third column.
    assert_eq!(p[6 * 9 + 2], 0.5);
    assert_eq!(p[81], 0.0);
    assert_eq!(p.iter().filter(|x| **x == -1.0).count(), 1);
}

#[test]
fn no_results_and_hashes() {
    let v = no_results("x", 3);
    assert_eq!(
        v,
        json!({"id":"x","isDuringSearch":false,"noResults":true,"turnNumber":3})
    );
    let s = BoardSize::new(9).unwrap();
    let at = |v| vertex(s, v).unwrap();
    let a = Board::with_stones(s, &[(Color::Black, at("C3"))]).unwrap();
    let b = Board::with_stones(s, &[(Color::Black, at("G7"))]).unwrap();
    let (ta, sa) = hashes(&a, Color::White);
    let (tb, sb) = hashes(&b, Color::White);
    assert_ne!(ta, tb);
    assert_eq!(sa, sb);
    assert_ne!(hashes(&a, Color::Black).0, ta);
}
