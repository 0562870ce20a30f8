//! `hane analysis` over a real process: the queries KaTrain sends (their
//! fields and values as KaTrain's engine class builds them), the shape of
//! the answers (the keys KataGo 1.17 answers with, during the search and at
//! its end, with hane's search and a KataGo net; `scripts/analysis-keys`
//! compares them with KataGo's own answers; map sizes, ids and turn
//! numbers), errors for hostile lines without stopping, terminate, and
//! reproducible answers for a seed.

mod common;

use common::Engine;
use serde_json::{Value, json};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(60);

/// The keys of a move's entry and of `rootInfo` in KataGo 1.17's answers
/// (without `isSymmetryOf`, which KataGo adds only for moves it copied
/// from a symmetric one, and `ownership`, asked separately).
const MOVE_KEYS: &[&str] = &[
    "edgeVisits",
    "edgeWeight",
    "lcb",
    "move",
    "order",
    "playSelectionValue",
    "prior",
    "pv",
    "scoreLead",
    "scoreMean",
    "scoreSelfplay",
    "scoreStdev",
    "utility",
    "utilityLcb",
    "visits",
    "weight",
    "winrate",
];
const ROOT_KEYS: &[&str] = &[
    "currentPlayer",
    "rawLead",
    "rawNoResultProb",
    "rawScoreSelfplay",
    "rawScoreSelfplayStdev",
    "rawStScoreError",
    "rawStWrError",
    "rawVarTimeLeft",
    "rawWinrate",
    "scoreLead",
    "scoreSelfplay",
    "scoreStdev",
    "symHash",
    "thisHash",
    "utility",
    "visits",
    "weight",
    "winrate",
];

/// A query as KaTrain's `request_analysis` builds it (KaTrain 1.20): the
/// same fields and values, for a 19x19 game with `moves`.
fn katrain_query(id: &str, moves: &[[&str; 2]], visits: u64, ownership: bool) -> Value {
    json!({
        "rules": "chinese",
        "priority": 1,
        "analyzeTurns": [moves.len()],
        "maxVisits": visits,
        "komi": 7.5,
        "boardXSize": 19,
        "boardYSize": 19,
        "includeOwnership": ownership,
        "includeMovesOwnership": ownership,
        "includePolicy": true,
        "initialStones": [],
        "initialPlayer": "B",
        "moves": moves,
        "overrideSettings": {
            "reportAnalysisWinratesAs": "BLACK",
            "wideRootNoise": 0.04,
            "maxTime": 8.0
        },
        "id": id
    })
}

const GAME: &[[&str; 2]] = &[
    ["B", "Q16"],
    ["W", "D4"],
    ["B", "Q3"],
    ["W", "D16"],
    ["B", "R5"],
];

fn engine() -> Engine {
    Engine::start(&["--threads", "1", "--seed", "3", "analysis"])
}

fn next(e: &Engine) -> Value {
    let line = e.line(WAIT);
    serde_json::from_str(&line).unwrap_or_else(|err| panic!("not JSON ({err}): {line}"))
}

fn keys(v: &Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().expect("an object").keys().cloned().collect();
    k.sort();
    k
}

/// Runs `hane analysis` on `input` to its end and returns its answers.
fn run_all(input: &str, args: &[&str]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hane"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("hane starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("write");
    drop(stdin);
    let out = child.wait_with_output().expect("hane ends");
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

#[test]
fn katrain_queries_get_katago_shaped_answers() {
    let mut e = engine();
    e.send(r#"{"id":"version","action":"query_version"}"#);
    let v = next(&e);
    assert_eq!(v["id"], "version");
    assert_eq!(v["action"], "query_version");
    assert!(v["version"].is_string() && v["git_hash"].is_string());

    e.send(&katrain_query("QUERY:1", GAME, 60, true).to_string());
    let a = next(&e);
    assert_eq!(a["id"], "QUERY:1");
    assert_eq!(a["turnNumber"], 5);
    assert_eq!(a["isDuringSearch"], false);
    assert_eq!(
        keys(&a),
        [
            "id",
            "isDuringSearch",
            "moveInfos",
            "ownership",
            "policy",
            "rootInfo",
            "turnNumber"
        ]
    );
    assert_eq!(a["ownership"].as_array().unwrap().len(), 361);
    let policy = a["policy"].as_array().unwrap();
    assert_eq!(policy.len(), 362);
    // The five stones' points are illegal, every other point legal.
    assert_eq!(policy.iter().filter(|p| **p == -1.0).count(), 5);
    let sum: f64 = policy
        .iter()
        .filter_map(Value::as_f64)
        .filter(|p| *p >= 0.0)
        .sum();
    assert!((sum - 1.0).abs() < 0.01, "policy sums to {sum}");
    let root = &a["rootInfo"];
    assert_eq!(keys(root), ROOT_KEYS);
    assert_eq!(root["currentPlayer"], "W");
    assert_eq!(root["visits"], 60);
    let infos = a["moveInfos"].as_array().unwrap();
    assert!(!infos.is_empty());
    let mut visits = 0;
    for (i, m) in infos.iter().enumerate() {
        let mut want: Vec<&str> = MOVE_KEYS.to_vec();
        want.push("ownership");
        want.sort();
        assert_eq!(keys(m), want);
        assert_eq!(m["order"], i);
        assert_eq!(m["ownership"].as_array().unwrap().len(), 361);
        assert_eq!(m["pv"][0], m["move"]);
        let w = m["winrate"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&w));
        visits += m["visits"].as_u64().unwrap();
    }
    assert!(visits > 0 && visits <= 60);

    // Without ownership: neither map.
    e.send(&katrain_query("QUERY:2", &GAME[..2], 20, false).to_string());
    let a = next(&e);
    assert_eq!(a["id"], "QUERY:2");
    assert_eq!(a["turnNumber"], 2);
    assert!(a.get("ownership").is_none());
    assert_eq!(a["rootInfo"]["currentPlayer"], "B");
    for m in a["moveInfos"].as_array().unwrap() {
        assert_eq!(keys(m), MOVE_KEYS);
    }
}

#[test]
fn hostile_lines_get_errors_and_the_engine_keeps_answering() {
    let q = |extra: &str| {
        format!(
            r#"{{"id":"h","moves":[["B","C3"]],"rules":"aga","komi":7.5,"boardXSize":9,"boardYSize":9,"maxVisits":5{extra}}}"#
        )
    };
    let lines: Vec<(String, Option<&str>, Option<&str>)> = vec![
        ("not json at all".into(), None, None),
        ("[1,2,3]".into(), None, None),
        ("{\"id\":".into(), None, None),
        ("\u{0}\u{1}\u{ff}".into(), None, None),
        (r#"{"moves":[]}"#.into(), None, None),
        (q(r#","moves":[["B","Z99"]]"#), Some("h"), Some("moves")),
        (
            q(r#","moves":[["B","C3"],["W","C3"]]"#),
            Some("h"),
            Some("moves"),
        ),
        (
            q(r#","moves":[["B","C3"],["W","pass"],["B","pass"],["W","C3"]]"#),
            Some("h"),
            Some("moves"),
        ),
        // White takes the ko at D4; Black's immediate retake repeats the
        // position.
        (
            q(
                r#","initialStones":[["B","D5"],["B","C4"],["B","D3"],["B","E4"],["W","E5"],["W","F4"],["W","E3"]],"moves":[["W","D4"],["B","E4"]]"#,
            ),
            Some("h"),
            Some("moves"),
        ),
        (
            q(r#","boardXSize":30,"boardYSize":30"#),
            Some("h"),
            Some("boardXSize"),
        ),
        (
            q(r#","boardXSize":9,"boardYSize":13"#),
            Some("h"),
            Some("boardYSize"),
        ),
        (q(r#","rules":"stone_scoring""#), Some("h"), Some("rules")),
        (
            q(r#","rules":{"scoringRule":"TERRITORY"}"#),
            Some("h"),
            Some("rules"),
        ),
        (q(r#","komi":1e308"#), Some("h"), Some("komi")),
        (
            q(r#","analyzeTurns":[99999999999999999999]"#),
            Some("h"),
            Some("analyzeTurns"),
        ),
        (q(r#","maxVisits":-5"#), Some("h"), Some("maxVisits")),
        (
            r#"{"id":"h","action":"explode"}"#.into(),
            Some("h"),
            Some("action"),
        ),
    ];
    let mut e = engine();
    for (line, id, field) in &lines {
        e.send(line);
        let v = next(&e);
        assert!(v["error"].is_string(), "{line}: {v}");
        assert_eq!(v["id"].as_str(), *id, "{line}: {v}");
        assert_eq!(v["field"].as_str(), *field, "{line}: {v}");
    }
    // A deep nesting is refused by the parser, not the stack.
    e.send(&format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)));
    assert!(next(&e)["error"].is_string());
    // Still answering.
    e.send(&q(""));
    let v = next(&e);
    assert_eq!(
        (v["id"].as_str(), v["turnNumber"].as_u64()),
        (Some("h"), Some(1))
    );
    assert!(v["moveInfos"].is_array());
}

#[test]
fn warnings_come_first_and_the_query_still_runs() {
    let mut e = engine();
    e.send(
        r#"{"id":"w","moves":[],"rules":"nz","boardXSize":9,"boardYSize":9,"maxVisits":5,"bogus":1,"overrideSettings":{"whoKnows":2}}"#,
    );
    let w1 = next(&e);
    let w2 = next(&e);
    let fields = [w1["field"].as_str(), w2["field"].as_str()];
    assert!(fields.contains(&Some("bogus")) && fields.contains(&Some("overrideSettings")));
    assert!(w1["warning"].is_string() && w2["warning"].is_string());
    let a = next(&e);
    assert_eq!(
        (a["id"].as_str(), a["turnNumber"].as_u64()),
        (Some("w"), Some(0))
    );
    // KaTrain's default rules: a warning, then the analysis.
    e.send(
        r#"{"id":"j","moves":[["B","E5"]],"rules":"japanese","komi":6.5,"boardXSize":9,"boardYSize":9,"maxVisits":5}"#,
    );
    let w = next(&e);
    assert_eq!(
        (w["id"].as_str(), w["field"].as_str()),
        (Some("j"), Some("rules"))
    );
    assert!(
        w["warning"].as_str().is_some_and(|m| m.contains("AGA")),
        "{w}"
    );
    let a = next(&e);
    assert_eq!(
        (a["id"].as_str(), a["turnNumber"].as_u64()),
        (Some("j"), Some(1))
    );
    assert!(
        a["moveInfos"].as_array().is_some_and(|m| !m.is_empty()),
        "{a}"
    );
}

#[test]
fn terminate_stops_running_turns_and_drops_queued_ones() {
    let mut e = engine();
    let long = |id: &str| {
        format!(
            r#"{{"id":"{id}","moves":[["B","D4"]],"rules":"tromp-taylor","komi":7.5,"boardXSize":19,"boardYSize":19,"maxVisits":100000000,"analyzeTurns":[0,1],"reportDuringSearchEvery":0.2}}"#
        )
    };
    e.send(&long("big"));
    // Turn 0 runs and reports during the search; turn 1 waits.
    let during = next(&e);
    assert_eq!(during["id"], "big");
    assert_eq!(during["isDuringSearch"], true);
    // Answers during the search have the keys of the final ones.
    assert_eq!(
        keys(&during),
        [
            "id",
            "isDuringSearch",
            "moveInfos",
            "rootInfo",
            "turnNumber"
        ]
    );
    assert_eq!(keys(&during["rootInfo"]), ROOT_KEYS);
    for m in during["moveInfos"].as_array().expect("moveInfos") {
        assert_eq!(keys(m), MOVE_KEYS);
    }
    let turn = during["turnNumber"].as_u64().unwrap();
    e.send(r#"{"id":"t1","action":"terminate","terminateId":"big","turnNumbers":[1]}"#);
    let mut seen = Vec::new();
    loop {
        let v = next(&e);
        if v["id"] == "t1" {
            break;
        }
        seen.push(v);
    }
    // The waiting turn never ran.
    let gone: Vec<&Value> = seen
        .iter()
        .filter(|v| v.get("noResults").is_some())
        .collect();
    assert_eq!(gone.len(), 1);
    assert_eq!(gone[0]["turnNumber"], 1 - turn);
    assert_eq!(gone[0]["isDuringSearch"], false);
    // The running one stops at terminate_all and answers with what it has.
    e.send(r#"{"id":"t2","action":"terminate_all"}"#);
    let mut last = None;
    let mut acked = false;
    while last.is_none() || !acked {
        let v = next(&e);
        if v["id"] == "t2" {
            assert_eq!(v["action"], "terminate_all");
            acked = true;
        } else if v["isDuringSearch"] == false {
            last = Some(v);
        }
    }
    let last = last.unwrap();
    assert_eq!(last["turnNumber"], turn);
    assert!(last["rootInfo"]["visits"].as_u64().unwrap() < 100_000_000);
    // And the engine takes the next query.
    e.send(
        r#"{"id":"after","moves":[],"rules":"aga","boardXSize":9,"boardYSize":9,"maxVisits":5}"#,
    );
    loop {
        let v = next(&e);
        if v["id"] == "after" {
            assert_eq!(v["isDuringSearch"], false);
            break;
        }
    }
}

#[test]
fn answers_replay_for_a_seed_and_queued_turns_finish_at_the_end_of_input() {
    let query = katrain_query("d", GAME, 200, true);
    let mut line = query.to_string();
    line.push('\n');
    // The same query twice in one process, then again in another: trees
    // are not kept between queries, so the answers are identical.
    let input = format!("{line}{line}");
    let args = ["--threads", "1", "--seed", "11", "analysis"];
    let first = run_all(&input, &args);
    assert_eq!(first.len(), 2);
    assert_eq!(first[0], first[1]);
    let again = run_all(&line, &args);
    assert_eq!(again[0], first[0]);
    // Another seed searches differently.
    let other = run_all(&line, &["--threads", "1", "--seed", "12", "analysis"]);
    assert_ne!(other[0]["moveInfos"], first[0]["moveInfos"]);
}

#[test]
fn higher_priority_turns_are_searched_first() {
    let q = |id: &str, priority: i64| {
        format!(
            r#"{{"id":"{id}","moves":[],"rules":"aga","boardXSize":9,"boardYSize":9,"maxVisits":50,"priority":{priority}}}"#
        )
    };
    // The first query starts at once; of the two waiting behind it the
    // higher priority goes first.
    let input = format!("{}\n{}\n{}\n", q("first", 0), q("low", 0), q("high", 5));
    let ids: Vec<Value> = run_all(&input, &["--threads", "1", "analysis"])
        .into_iter()
        .map(|v| v["id"].clone())
        .collect();
    assert_eq!(ids.len(), 3);
    assert_eq!(ids[2], "low", "{ids:?}");
}

/// With a KataGo net, the analysis searches with it: the raw values are
/// the net's (KataGo's whiteWin on the empty 19x19 board is 0.524564,
/// `tests/data/katago`), the policy has the pass's probability, every
/// candidate has its ownership map, the visits are the query's, and
/// `avoidMoves` keeps the search off the avoided points.
#[test]
fn a_katago_net_s_search_answers_analyses() {
    let net = "tests/data/katago/g170-b6c96-s175395328-d26788732.bin.gz";
    let mut empty = katrain_query("empty", &[], 60, true);
    empty["overrideSettings"] = json!({"reportAnalysisWinratesAs": "WHITE"});
    let avoid = json!({
        "id": "avoid", "moves": [], "rules": "aga", "komi": 7, "boardXSize": 9,
        "boardYSize": 9, "maxVisits": 80, "analyzeTurns": [0],
        "avoidMoves": [{"player": "B", "moves": ["E5", "C3", "G7"], "untilDepth": 1}],
    });
    let input = format!("{empty}\n{avoid}\n");
    let answers = run_all(
        &input,
        &["--net", net, "--threads", "1", "--seed", "5", "analysis"],
    );
    assert_eq!(answers.len(), 2, "{answers:?}");
    let by_id = |id: &str| {
        answers
            .iter()
            .find(|a| a["id"] == id)
            .unwrap_or_else(|| panic!("no answer {id}: {answers:?}"))
    };
    let e = by_id("empty");
    let root = &e["rootInfo"];
    assert_eq!(keys(root), ROOT_KEYS);
    let raw = root["rawWinrate"].as_f64().expect("rawWinrate");
    assert!((raw - 0.524564).abs() < 0.002, "raw white win rate {raw}");
    // The net's own self-play score spread, where hane's network has -1.
    let spread = root["rawScoreSelfplayStdev"].as_f64().expect("spread");
    assert!(spread > 5.0, "rawScoreSelfplayStdev {spread}");
    assert_eq!(root["visits"], 60, "{root}");
    let policy = e["policy"].as_array().expect("policy");
    assert_eq!(policy.len(), 362);
    let pass = policy[361].as_f64().expect("pass");
    assert!(pass > 0.0 && pass < 0.01, "the net rates the pass: {pass}");
    let sum: f64 = policy
        .iter()
        .filter_map(Value::as_f64)
        .filter(|&p| p > 0.0)
        .sum();
    assert!((sum - 1.0).abs() < 1e-3, "the policy sums to {sum}");
    let infos = e["moveInfos"].as_array().expect("moveInfos");
    assert!(!infos.is_empty());
    let mut with_ownership: Vec<&str> = MOVE_KEYS.to_vec();
    with_ownership.push("ownership");
    with_ownership.sort_unstable();
    for m in infos {
        assert_eq!(m["ownership"].as_array().map(Vec::len), Some(361), "{m}");
        assert_eq!(keys(m), with_ownership, "{m}");
    }
    let visits: u64 = infos.iter().filter_map(|m| m["visits"].as_u64()).sum();
    assert_eq!(visits, 59, "the root's first visit is its own judgement");
    assert_eq!(e["ownership"].as_array().map(Vec::len), Some(361));
    let a = by_id("avoid");
    let moves: Vec<&str> = a["moveInfos"]
        .as_array()
        .expect("moveInfos")
        .iter()
        .filter_map(|m| m["move"].as_str())
        .collect();
    assert!(!moves.is_empty());
    for avoided in ["E5", "C3", "G7"] {
        assert!(!moves.contains(&avoided), "{avoided} in {moves:?}");
    }
}
