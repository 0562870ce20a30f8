//! `kata-raw-nn` and the network displays through the real binary: a
//! network file with value heads given by `--net`, KataGo's blocks framed
//! as one GTP answer (no empty line inside, ids echoed), the command
//! listed, and the refusals (`--no-net`, a network without heads, bad
//! arguments) leaving the board alone.

mod common;

use common::Engine;
use hane::knowledge::net::Net;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(30);

/// A small network with value heads whose outputs are not all zero,
/// written to a file.
fn heads_net_file() -> String {
    let mut net = Net::new(8, 1, 7).with_heads(16, 7);
    let at = net.heads_at().expect("heads");
    let p = net.params_mut();
    for (k, w) in p[at.owner..at.fc1].iter_mut().enumerate() {
        *w = if k % 2 == 0 { 0.5 } else { -0.3 };
    }
    for (k, w) in p[at.fc2..at.end()].iter_mut().enumerate() {
        *w = if k % 3 == 0 { 0.2 } else { -0.1 };
    }
    let path = common::temp_dir("raw-nn").join("heads.net");
    std::fs::write(&path, net.to_bytes()).expect("network written");
    path.to_str().expect("a UTF-8 path").to_string()
}

fn ask(e: &mut Engine, line: &str) -> String {
    e.send(line);
    e.answer_or_explain(WAIT, line)
}

#[test]
fn the_answer_is_one_gtp_answer_of_katago_blocks() {
    let net = heads_net_file();
    let mut e = Engine::start(&["--threads", "1", "--net", &net]);
    assert_eq!(ask(&mut e, "boardsize 5"), "= ");
    assert_eq!(ask(&mut e, "play b A5"), "= ");
    let a = ask(&mut e, "7 kata-raw-nn 0");
    let lines: Vec<&str> = a.lines().collect();
    assert_eq!(lines.len(), 8 + 2 * 5, "{a}");
    assert_eq!(lines[0], "=7 symmetry 0");
    let keys: Vec<&str> = lines
        .iter()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| w.chars().all(|c| c.is_ascii_alphabetic()) && *w != "NAN")
        .collect();
    assert_eq!(
        keys,
        [
            "whiteWin",
            "whiteLoss",
            "noResult",
            "whiteLead",
            "policy",
            "policyPass",
            "whiteOwnership"
        ]
    );
    // Rows from the top: A5's entry comes first, and is no candidate.
    let policy = lines.iter().position(|l| *l == "policy").unwrap();
    let first: Vec<&str> = lines[policy + 1].split_whitespace().collect();
    let last: Vec<&str> = lines[policy + 5].split_whitespace().collect();
    assert_eq!((first.len(), last.len()), (5, 5));
    assert_eq!(first[0], "NAN");
    assert!(last[0].parse::<f64>().is_ok(), "{a}");
    // `all`: the eight blocks in one answer.
    let all = ask(&mut e, "8 kata-raw-nn W all");
    assert_eq!(all.lines().count(), 8 * 18, "{all}");
    assert_eq!(all.matches("symmetry ").count(), 8);
    assert!(all.starts_with("=8 symmetry 0\n"));
    // The displays answer, and the command is listed.
    assert!(ask(&mut e, "hane-raw-value").starts_with("= "));
    assert_eq!(ask(&mut e, "hane-raw-ownership").lines().count(), 6);
    assert_eq!(ask(&mut e, "known_command kata-raw-nn"), "= true");
    assert!(ask(&mut e, "list_commands").contains("\nkata-raw-nn"));
    let menu = ask(&mut e, "gogui-analyze_commands");
    assert!(menu.contains("\ndboard/Network ownership/hane-raw-ownership"));
    assert!(menu.contains("\nstring/Network value/hane-raw-value"));
    // Bad arguments.
    for bad in [
        "kata-raw-nn 8",
        "kata-raw-nn x 0",
        "kata-raw-nn",
        "kata-raw-nn 0 0",
    ] {
        assert_eq!(ask(&mut e, bad), "? syntax error", "{bad}");
    }
    assert_eq!(ask(&mut e, "list_stones b"), "= A5");
    e.finish();
}

#[test]
fn without_a_network_or_its_heads_it_is_refused() {
    let mut e = Engine::start(&["--threads", "1", "--no-net"]);
    assert_eq!(ask(&mut e, "kata-raw-nn 0"), "? no network");
    assert_eq!(ask(&mut e, "hane-raw-value"), "? no network");
    e.finish();
    // The built-in network: refused until it has heads.
    let builtin = hane::knowledge::builtin_net().expect("a built-in network");
    let mut e = Engine::start(&["--threads", "1"]);
    let a = ask(&mut e, "kata-raw-nn b 0");
    if builtin.heads_at().is_some() {
        assert!(a.starts_with("= symmetry 0\nwhiteWin "), "{a}");
    } else {
        assert_eq!(a, "? network has no value heads");
    }
    e.finish();
}
