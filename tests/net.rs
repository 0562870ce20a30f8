//! The policy network as a user runs it: `hane train-net` writes the same
//! network whatever the thread count and reports its progress, `hane
//! predict --net` measures it, the engine plays and shows its policy with
//! `--net` (and with the built-in network by default, and without one
//! with `--no-net`), and a damaged network file is refused clearly.
//!
//! `tests/data/tygem-sample.txt`: see `tests/train.rs`.

// The lab's commands (`train`, `train-net`, `predict`) exist with the
// `lab` feature alone.
#![cfg(feature = "lab")]

use std::io::Write;
mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const SAMPLE: &str = "tests/data/tygem-sample.txt";

fn hane(args: &[&str]) -> Output {
    common::run_hane(args)
}

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir(&format!("net-{name}"))
}

fn train(out: &Path, threads: &str) -> Output {
    hane(&[
        "--threads",
        threads,
        "train-net",
        "--out",
        out.to_str().expect("utf-8 path"),
        "--holdout",
        SAMPLE,
        "--holdout-positions",
        "300",
        "--games",
        "20",
        "--channels",
        "8",
        "--blocks",
        "1",
        "--batch",
        "16",
        "--rate",
        "0.01",
        "--steps",
        "40",
        "--every",
        "20",
        SAMPLE,
    ])
}

/// A GTP session's answers to `commands`, one per command.
fn gtp(args: &[&str], commands: &[&str]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hane"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("hane starts");
    let mut input = commands.join("\n");
    input.push_str("\nquit\n");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("commands sent");
    let out = child.wait_with_output().expect("hane ends");
    String::from_utf8_lossy(&out.stdout)
        .split("\n\n")
        .filter(|a| !a.trim().is_empty())
        .map(|a| a.trim().to_string())
        .collect()
}

fn numbers(answer: &str) -> Vec<f64> {
    answer
        .trim_start_matches('=')
        .split_whitespace()
        .map(|x| x.parse().expect("a number"))
        .collect()
}

#[test]
fn a_trained_network_is_the_same_on_any_thread_count_and_plays() {
    let dir = temp_dir("train");
    let (one, two) = (dir.join("one.net"), dir.join("two.net"));
    let a = train(&one, "1");
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    assert!(train(&two, "2").status.success());
    let (x, y) = (std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
    assert_eq!(x, y, "the same network on one thread and on two");
    let log = String::from_utf8_lossy(&a.stderr);
    assert!(log.contains("the model alone has top-1"), "{log}");
    assert!(
        log.contains("step 20:") && log.contains("step 40:"),
        "{log}"
    );
    let out = String::from_utf8_lossy(&a.stdout);
    assert!(out.starts_with("held out: top-1 "), "{out}");
    let net = one.to_str().unwrap();

    // `predict --net` measures the same positions as the model alone.
    let with = hane(&["predict", "--net", net, "--games", "3", SAMPLE]);
    let alone = hane(&["predict", "--games", "3", SAMPLE]);
    assert!(with.status.success());
    let first = |o: &Output| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .next()
            .map(String::from)
    };
    assert_eq!(first(&with), first(&alone));
    assert_ne!(with.stdout, alone.stdout, "the network changes the figures");

    // The engine plays with it, and its policy still sums to one; the
    // network corrects the policy on every size, 9x9 included, though it
    // learned from 19x19 games.
    for size in ["9", "19"] {
        let commands = [
            &format!("boardsize {size}"),
            "clear_board",
            "play b C3",
            "genmove w",
            "hane-policy b",
        ];
        let args = ["--playouts", "300", "--threads", "1"];
        let answers = gtp(&[&["--net", net][..], &args].concat(), &commands);
        // Five answers and the one to `quit`.
        assert_eq!(answers.len(), 6, "{answers:?}");
        assert!(
            answers[3].starts_with("= ") && answers[3] != "= PASS",
            "{answers:?}"
        );
        let policy = numbers(&answers[4]);
        let n: usize = size.parse().unwrap();
        assert_eq!(policy.len(), n * n);
        let sum: f64 = policy.iter().sum();
        assert!((sum - 1.0).abs() < 0.01, "{sum}");
        let model_alone = numbers(&gtp(&[&["--no-net"][..], &args].concat(), &commands)[4]);
        assert_ne!(policy, model_alone, "{size}x{size}");
        // The built-in network, by default, likewise.
        let built_in = numbers(&gtp(&args, &commands)[4]);
        assert_ne!(built_in, model_alone, "{size}x{size}");
        assert_ne!(built_in, policy, "{size}x{size}");
        // `--tune net_prior=0` turns it off on any size.
        let off = numbers(&gtp(&[&["--tune", "net_prior=0"][..], &args].concat(), &commands)[4]);
        assert_eq!(off, model_alone, "net_prior=0 on {size}x{size}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn damaged_networks_are_refused_clearly() {
    let dir = temp_dir("bad");
    let junk = dir.join("junk.net");
    std::fs::write(&junk, b"not a network at all").unwrap();
    let missing = dir.join("missing.net");
    for (path, says) in [(&junk, "not a hane network"), (&missing, "missing.net")] {
        let p = hane(&["predict", "--net", path.to_str().unwrap(), SAMPLE]);
        assert!(!p.status.success());
        assert!(String::from_utf8_lossy(&p.stderr).contains(says));
        assert!(p.stdout.is_empty());
        // The engine refuses to start rather than play without it.
        let e = hane(&["--net", path.to_str().unwrap()]);
        assert_eq!(e.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&e.stderr).contains(says));
    }
    // A shape no network may have is refused before any training.
    let out = dir.join("none.net");
    let p = hane(&[
        "train-net",
        "--out",
        out.to_str().unwrap(),
        "--holdout",
        SAMPLE,
        "--channels",
        "0",
        SAMPLE,
    ]);
    assert!(!p.status.success());
    assert!(String::from_utf8_lossy(&p.stderr).contains("1 to 512 channels"));
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).ok();
}
