use super::*;

const DEFAULTS: Defaults = Defaults {
    max_visits: 500,
    max_time: None,
};

fn parse_ok(line: &str) -> (Arc<Query>, Vec<(usize, i64)>, Vec<Value>) {
    match parse(line, &DEFAULTS) {
        Ok(Request::Analyze {
            query,
            turns,
            warnings,
        }) => (query, turns, warnings),
        other => panic!("{line}: {other:?}"),
    }
}

fn failure(line: &str) -> Failure {
    match parse(line, &DEFAULTS) {
        Err(f) => f,
        Ok(r) => panic!("{line} accepted: {r:?}"),
    }
}

/// A query on 9x9 with `extra` fields added.
fn q(extra: &str) -> String {
    format!(
        r#"{{"id":"q1","moves":[["B","E5"],["W","C3"]],"rules":"chinese","komi":7.5,"boardXSize":9,"boardYSize":9{extra}}}"#
    )
}

#[test]
fn a_plain_query_analyses_the_last_turn_with_the_defaults() {
    let (query, turns, warnings) = parse_ok(&q(""));
    assert_eq!(turns, vec![(2, 0)]);
    assert!(warnings.is_empty());
    assert_eq!(query.id, "q1");
    assert_eq!(query.max_visits, 500);
    assert_eq!(query.perspective, Perspective::Black);
    assert!(!query.ownership && !query.moves_ownership && !query.policy);
    assert_eq!(query.position.moves.len(), 2);
}

#[test]
fn katrain_fields_are_read() {
    let (query, turns, warnings) = parse_ok(&q(
        r#","priority":3,"analyzeTurns":[1],"maxVisits":25,"includeOwnership":true,
        "includeMovesOwnership":true,"includePolicy":true,"initialStones":[],"initialPlayer":"B",
        "overrideSettings":{"reportAnalysisWinratesAs":"BLACK","wideRootNoise":0.04,"maxTime":8.0},
        "reportDuringSearchEvery":0.5,"avoidMoves":[{"moves":["D4","pass"],"player":"W","untilDepth":1}]"#,
    ));
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(turns, vec![(1, 3)]);
    assert_eq!(query.max_visits, 25);
    assert_eq!(query.max_time, Some(Duration::from_secs(8)));
    assert_eq!(query.report_every, Some(Duration::from_millis(500)));
    assert!(query.ownership && query.moves_ownership && query.policy);
    assert_eq!(query.avoid.len(), 1);
    assert_eq!(query.avoid[0].color, Color::White);
    assert_eq!(query.avoid[0].moves.len(), 2);
    assert!(query.avoid[0].moves.contains(&Move::Pass));
}

#[test]
fn priorities_per_turn_and_perspectives() {
    let (_, turns, _) = parse_ok(&q(r#","analyzeTurns":[0,2],"priorities":[5,-1]"#));
    assert_eq!(turns, vec![(0, 5), (2, -1)]);
    let bad = failure(&q(r#","analyzeTurns":[0,2],"priorities":[5]"#));
    assert_eq!(bad.field.as_deref(), Some("priorities"));
    let (query, _, _) = parse_ok(&q(
        r#","overrideSettings":{"reportAnalysisWinratesAs":"SIDETOMOVE"}"#,
    ));
    assert_eq!(query.perspective, Perspective::SideToMove);
    assert_eq!(Perspective::SideToMove.color(Color::White), Color::White);
    assert_eq!(Perspective::Black.color(Color::White), Color::Black);
}

#[test]
fn unknown_fields_and_settings_are_warnings() {
    let (_, _, warnings) = parse_ok(&q(
        r#","bogus":1,"includePVVisits":true,"overrideSettings":{"cpuctExploration":1.0,"maxTime":1}"#,
    ));
    let fields: Vec<&str> = warnings
        .iter()
        .filter_map(|w| w["field"].as_str())
        .collect();
    assert_eq!(fields, vec!["bogus", "includePVVisits", "overrideSettings"]);
    assert!(
        warnings
            .iter()
            .all(|w| w["id"] == "q1" && w["warning"].is_string())
    );
    assert!(
        warnings[2]["warning"]
            .as_str()
            .unwrap()
            .contains("cpuctExploration")
    );
}

#[test]
fn bad_lines_name_the_id_and_the_field() {
    let f = failure("not json");
    assert_eq!((f.id.as_deref(), f.field.as_deref()), (None, None));
    assert!(failure("[1,2]").message.contains("not an object"));
    assert!(failure(r#"{"moves":[]}"#).message.contains("\"id\""));
    assert!(failure(r#"{"id":7,"moves":[]}"#).message.contains("\"id\""));
    let cases = [
        (r#","rules":"stone_scoring""#, "rules"),
        (r#","boardXSize":13"#, "boardYSize"),
        (r#","boardXSize":26,"boardYSize":26"#, "boardXSize"),
        (r#","boardXSize":1,"boardYSize":1"#, "boardXSize"),
        (r#","komi":7.3"#, "komi"),
        (r#","komi":"x""#, "komi"),
        (r#","komi":1000"#, "komi"),
        (r#","analyzeTurns":[3]"#, "analyzeTurns"),
        (r#","analyzeTurns":[-1]"#, "analyzeTurns"),
        (r#","maxVisits":0"#, "maxVisits"),
        (r#","includeOwnership":"yes""#, "includeOwnership"),
        (r#","initialPlayer":"X""#, "initialPlayer"),
        (r#","overrideSettings":{"maxTime":-1}"#, "overrideSettings"),
        (r#","reportDuringSearchEvery":0"#, "reportDuringSearchEvery"),
        (
            r#","avoidMoves":[{"player":"B","moves":["Z9"],"untilDepth":1}]"#,
            "avoidMoves",
        ),
        (
            r#","allowMoves":[{"player":"B","moves":["A1"]}]"#,
            "allowMoves",
        ),
    ];
    for (extra, field) in cases {
        // A later key replaces an earlier one in serde_json's map.
        let f = failure(&q(extra));
        assert_eq!(f.id.as_deref(), Some("q1"), "{extra}");
        assert_eq!(f.field.as_deref(), Some(field), "{extra}: {}", f.message);
    }
    let line =
        r#"{"id":"m","moves":[["B","E5"],["W","E5"]],"rules":"aga","boardXSize":9,"boardYSize":9}"#;
    assert_eq!(failure(line).field.as_deref(), Some("moves"));
    let line = r#"{"id":"m","moves":[["B","J10"]],"rules":"aga","boardXSize":9,"boardYSize":9}"#;
    assert!(failure(line).message.contains("location"));
    let line = r#"{"id":"m","moves":[["X","E5"]],"rules":"aga","boardXSize":9,"boardYSize":9}"#;
    assert!(failure(line).message.contains("player"));
    let line = r#"{"id":"m","moves":[["B"]],"rules":"aga","boardXSize":9,"boardYSize":9}"#;
    assert_eq!(failure(line).field.as_deref(), Some("moves"));
    let line = r#"{"id":"m","rules":"aga","boardXSize":9,"boardYSize":9}"#;
    assert_eq!(failure(line).field.as_deref(), Some("moves"));
}

#[test]
fn actions() {
    let r = parse(r#"{"id":"v","action":"query_version"}"#, &DEFAULTS).unwrap();
    assert!(matches!(r, Request::Version(m) if m["id"] == "v"));
    let r = parse(
        r#"{"id":"t","action":"terminate","terminateId":"q","turnNumbers":[1,2]}"#,
        &DEFAULTS,
    )
    .unwrap();
    match r {
        Request::Terminate { id, turns, echo } => {
            assert_eq!(id.as_deref(), Some("q"));
            assert_eq!(turns, Some(vec![1, 2]));
            assert_eq!(echo["terminateId"], "q");
        }
        other => panic!("{other:?}"),
    }
    let r = parse(r#"{"id":"t","action":"terminate_all"}"#, &DEFAULTS).unwrap();
    assert!(matches!(
        r,
        Request::Terminate {
            id: None,
            turns: None,
            ..
        }
    ));
    assert!(matches!(
        parse(r#"{"id":"c","action":"clear_cache"}"#, &DEFAULTS).unwrap(),
        Request::ClearCache(_)
    ));
    for bad in [
        r#"{"id":"t","action":"terminate"}"#,
        r#"{"id":"t","action":"terminate","terminateId":"q","turnNumbers":"x"}"#,
        r#"{"id":"t","action":"fly"}"#,
        r#"{"id":"t","action":3}"#,
    ] {
        assert_eq!(failure(bad).id.as_deref(), Some("t"), "{bad}");
    }
}

#[test]
fn failures_as_json() {
    let f = failure(&q(r#","rules":"ing""#));
    let v = f.to_json();
    assert_eq!(v["id"], "q1");
    assert_eq!(v["field"], "rules");
    assert!(v["error"].is_string());
    let v = failure("{").to_json();
    assert!(v.get("id").is_none() && v.get("field").is_none());
}
