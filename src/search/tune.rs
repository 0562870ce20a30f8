//! The tests of the search's constants by name: `hane --tune
//! NAME=VALUE`, `hane balance --variant` and the lab's scripts set them
//! ([`SearchParams::set`]) and read them back ([`SearchParams::get`]),
//! and `docs/tuning.md` lists them. All of that comes from the one table
//! in `params.rs`; these tests hold the pieces to it.

use super::{Constant, SearchParams};

#[test]
fn every_tunable_name_is_settable_and_lands_in_its_field() {
    for name in SearchParams::TUNABLE {
        let mut p = SearchParams::default();
        assert!(p.set(name, 1.0).is_ok(), "{name}");
    }
    let mut p = SearchParams::default();
    p.set("tenuki_percent", 30.0).unwrap();
    p.set("selfatari_percent", 60.0).unwrap();
    p.set("race_percent", 90.0).unwrap();
    p.set("answer_percent", 100.0).unwrap();
    p.set("expand_visits", 2.0).unwrap();
    p.set("losing_rave_equiv", 100.0).unwrap();
    p.set("losing_below", 0.1).unwrap();
    assert_eq!((p.losing_rave_equiv, p.losing_below), (100.0, 0.1));
    p.set("owner_prior", 0.5).unwrap();
    p.set("owner_warmup", 300.0).unwrap();
    assert_eq!((p.owner_prior, p.owner_warmup), (0.5, 300));
    p.set("count_kept", 1.0).unwrap();
    assert!(p.count_kept);
    p.set("value_mix", 1.5).unwrap();
    assert_eq!(p.value_mix, 1.0);
    assert!(p.last_good_reply);
    assert_eq!((p.ladder_lines, p.big_chain_stones), (1, 3));
    p.set("ladder_lines", 0.0).unwrap();
    p.set("big_chain_stones", 4.0).unwrap();
    assert_eq!((p.ladder_lines, p.big_chain_stones), (0, 4));
    p.set("last_good_reply", 0.0).unwrap();
    assert!(!p.last_good_reply);
    // The distance power leaves the size-dependent weights alone;
    // each weight fixes itself alone.
    let mut q = SearchParams::default();
    q.set("distance_power", 0.7).unwrap();
    assert_eq!((q.prior_even, q.prior_pattern), (None, None));
    assert_eq!(q.distance_power, 0.7);
    q.set("prior_pattern", 150.0).unwrap();
    assert_eq!((q.prior_even, q.prior_pattern), (None, Some(150.0)));
    let on = |size| q.prior_params(size);
    assert_eq!((on(9).even, on(9).pattern), (14, 150.0));
    assert_eq!((on(19).even, on(19).pattern), (20, 150.0));
    let t = p;
    assert_eq!(
        (t.tenuki_percent, t.selfatari_percent, t.race_percent),
        (30, 60, 90)
    );
    assert_eq!((t.answer_percent, p.expand_visits), (100, 2));
    // Percentages are capped; unknown names and negative values fail
    // and change nothing.
    p.set("race_percent", 250.0).unwrap();
    assert_eq!(p.race_percent, 100);
    assert!(p.set("no_such_constant", 1.0).is_err());
    assert!(p.set("rave_equiv", -1.0).is_err());
    assert_eq!(p.rave_equiv, SearchParams::default().rave_equiv);
}

#[test]
fn every_value_read_back_sets_the_same_value() {
    for size in [9, 19] {
        let base = SearchParams::for_size(size);
        for name in SearchParams::TUNABLE {
            let v = base.get(name, size).unwrap();
            let mut p = base;
            p.set(name, v).unwrap();
            for other in SearchParams::TUNABLE {
                assert_eq!(
                    p.get(other, size),
                    base.get(other, size),
                    "setting {name} to its value on {size}x{size} moved {other}"
                );
            }
        }
    }
    assert!(SearchParams::default().get("no_such", 9).is_err());
}

/// How `docs/tuning.md` writes a constant's range.
fn range_text(c: &Constant) -> String {
    let (least, most) = c.range;
    if c.switch {
        "0 or 1".to_string()
    } else if most >= 1e9 {
        format!("{least} up")
    } else {
        format!("{least} to {most}")
    }
}

/// `docs/tuning.md` lists every constant once, with its defaults on 9x9
/// and on 19x19 and its range as the code has them, and gives each a
/// section of its own, headed by its name.
#[test]
fn the_tuning_guide_gives_every_constant_its_defaults_range_and_section() {
    let guide = include_str!("../../docs/tuning.md");
    let mut listed = Vec::new();
    for line in guide.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(name) = cells.get(1).and_then(|c| c.strip_prefix('`')) else {
            continue;
        };
        let Some(name) = name.strip_suffix('`') else {
            continue;
        };
        for (size, cell) in [(9, cells[2]), (19, cells[3])] {
            let want = SearchParams::for_size(size).get(name, size);
            let want = want.unwrap_or_else(|e| panic!("docs/tuning.md: {e}"));
            let got: f64 = cell
                .parse()
                .unwrap_or_else(|_| panic!("docs/tuning.md: {name}: {cell:?} on {size}x{size}"));
            assert_eq!(got, want, "docs/tuning.md: {name} on {size}x{size}");
        }
        let c = SearchParams::CONSTANTS.iter().find(|c| c.name == name);
        let c = c.unwrap_or_else(|| panic!("docs/tuning.md: {name} is no constant"));
        assert_eq!(
            cells[4],
            range_text(c),
            "docs/tuning.md: the range of {name}"
        );
        listed.push(name.to_string());
    }
    let mut sorted = listed.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), listed.len(), "a constant listed twice");
    for name in SearchParams::TUNABLE {
        assert!(
            listed.iter().any(|l| l == name),
            "docs/tuning.md lacks {name}"
        );
        let heading = format!("### `{name}`");
        assert!(
            guide.lines().any(|l| l == heading),
            "docs/tuning.md has no section {heading}"
        );
    }
    assert_eq!(listed.len(), SearchParams::TUNABLE.len());
}

/// The switches `docs/retired-switches.md` lists are gone: `--tune`
/// refuses each of them by name.
#[test]
fn the_retired_switches_are_unknown() {
    let doc = include_str!("../../docs/retired-switches.md");
    let mut retired = 0;
    for line in doc.lines() {
        let Some(name) = line
            .strip_prefix("| `")
            .and_then(|rest| rest.split('`').next())
        else {
            continue;
        };
        assert!(!SearchParams::TUNABLE.contains(&name), "{name}");
        assert!(SearchParams::default().set(name, 0.0).is_err(), "{name}");
        retired += 1;
    }
    // The 57 of the first retirement, and `puct_playout_mix` added and
    // retired since.
    assert_eq!(retired + SearchParams::TUNABLE.len(), 58);
}
