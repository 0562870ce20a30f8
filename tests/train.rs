//! `hane train`, `hane predict` and `hane balance` as a user runs them:
//! the same model byte for byte whatever the thread count, bad input
//! lines reported and skipped, prediction figures printed, damaged models
//! refused, the playouts' forecasts of results an index gives, the
//! playout weights fitted to them, positions valued by searches in their
//! place, and a fitted model played by the engine.
//!
//! `tests/data/tygem-sample.txt` holds 45 games of the TYGEM 9-dan
//! collection (one game a line; one of them, line 24, retakes a ko at
//! once in its record) and one malformed line, line 41.

// The lab's commands (`train`, `train-net`, `predict`) exist with the
// `lab` feature alone.
#![cfg(feature = "lab")]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const SAMPLE: &str = "tests/data/tygem-sample.txt";

fn hane(args: &[&str]) -> Output {
    common::run_hane(args)
}

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir(&format!("train-{name}"))
}

fn train(out: &Path, threads: &str) -> Output {
    hane(&[
        "--threads",
        threads,
        "train",
        "--out",
        out.to_str().expect("utf-8 path"),
        "--positions",
        "3000",
        "--iterations",
        "3",
        "--min-pat3",
        "2",
        "--min-shape",
        "2",
        SAMPLE,
    ])
}

#[test]
fn training_is_deterministic_and_reports_its_progress() {
    let dir = temp_dir("det");
    let (one, two) = (dir.join("one.model"), dir.join("two.model"));
    let a = train(&one, "1");
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let b = train(&two, "2");
    assert!(b.status.success());
    let (x, y) = (std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
    assert!(x.len() > 1000);
    assert_eq!(x, y, "the same model on one thread and on two");
    let log = String::from_utf8_lossy(&a.stderr);
    // A line per iteration with the log-likelihood, and the bad line
    // counted with its line number.
    for it in 1..=3 {
        assert!(
            log.contains(&format!("iteration {it}/3: log-likelihood -")),
            "{log}"
        );
    }
    assert!(log.contains("tygem-sample.txt:41: no tab"), "{log}");
    // Line 24 is a real game whose record retakes a ko at once.
    assert!(log.contains("tygem-sample.txt:24: move 303"), "{log}");
    assert!(log.contains("skipped 2"), "{log}");

    // The model predicts the games it saw better than chance; the figures
    // come in the documented form.
    let p = hane(&[
        "predict",
        "--model",
        one.to_str().unwrap(),
        "--games",
        "5",
        SAMPLE,
    ]);
    assert!(p.status.success());
    let text = String::from_utf8_lossy(&p.stdout);
    let field = |name: &str| -> f64 {
        let line = text.lines().find(|l| l.starts_with(name)).expect(name);
        line[name.len()..]
            .trim()
            .trim_end_matches('%')
            .parse()
            .expect("a number")
    };
    let positions = field("positions");
    assert!(positions > 500.0, "{text}");
    let (t1, t5, t10) = (field("top-1"), field("top-5"), field("top-10"));
    assert!(t1 > 5.0 && t1 <= t5 && t5 <= t10 && t10 <= 100.0, "{text}");
    assert!(field("mean log-likelihood") < 0.0);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_built_in_model_predicts_strong_players_moves() {
    // Games the shipped model never saw (the sample comes from the part
    // of the collection kept aside): far above chance (1 in 250).
    let p = hane(&["predict", "--games", "10", SAMPLE]);
    assert!(p.status.success());
    let text = String::from_utf8_lossy(&p.stdout);
    let top1: f64 = text
        .lines()
        .find_map(|l| l.strip_prefix("top-1 "))
        .and_then(|v| v.trim_end_matches('%').parse().ok())
        .expect("a top-1 line");
    assert!(top1 > 30.0, "{text}");
}

#[test]
fn predict_reads_sgf_files_too() {
    // Finished 9x9 games of the regression suite.
    let p = hane(&[
        "predict",
        "gtp-tests/sgf/games/gnugo-034.sgf",
        "gtp-tests/sgf/games/gnugo10-031.sgf",
    ]);
    assert!(p.status.success(), "{}", String::from_utf8_lossy(&p.stderr));
    let text = String::from_utf8_lossy(&p.stdout);
    let positions: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("positions "))
        .and_then(|v| v.parse().ok())
        .expect("a positions line");
    assert!(positions > 60, "{text}");
    assert!(String::from_utf8_lossy(&p.stderr).contains("read 2 games"));
}

#[test]
fn damaged_or_missing_models_and_inputs_are_refused_clearly() {
    let dir = temp_dir("bad");
    let good = dir.join("good.model");
    assert!(train(&good, "1").status.success());
    let bytes = std::fs::read(&good).unwrap();
    let cut = dir.join("cut.model");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let other = dir.join("other.model");
    let mut b = bytes.clone();
    b[8] = 7; // another format version
    std::fs::write(&other, &b).unwrap();
    let junk = dir.join("junk.model");
    std::fs::write(&junk, b"not a model at all").unwrap();
    let missing = dir.join("missing.model");
    for (path, says) in [
        (&cut, "truncated"),
        (&other, "format 7"),
        (&junk, "not a hane model"),
        (&missing, "cannot read model"),
    ] {
        let p = hane(&["predict", "--model", path.to_str().unwrap(), SAMPLE]);
        assert!(!p.status.success());
        let err = String::from_utf8_lossy(&p.stderr);
        assert!(err.contains(says), "{path:?}: {err}");
        assert!(p.stdout.is_empty());
    }
    let p = hane(&["predict", dir.join("no-games.txt").to_str().unwrap()]);
    assert!(!p.status.success());
    std::fs::remove_dir_all(&dir).ok();
}

/// Results for the first six games of the sample.
const RESULTS: [&str; 6] = [
    "B+Resign", "W+3.5", "W+Resign", "B+Time", "B+0.5", "W+Resign",
];

/// Writes [`RESULTS`] to `dir` in the TYGEM index's columns (the id
/// first, the result ninth) and returns the file's path. The win on time
/// is left out, as is every game the index does not name.
fn write_index(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(SAMPLE).unwrap();
    let index: String = text
        .lines()
        .map(|l| l.split('\t').next().unwrap())
        .zip(RESULTS)
        .map(|(id, r)| format!("{id}\tdate\tw\tw\t0\tb\tb\t0\t{r}\t200\t30/3\n"))
        .collect();
    let index_path = dir.join("index.tsv");
    std::fs::write(&index_path, index).unwrap();
    index_path
}

/// `hane --threads THREADS balance` on the sample with the results of
/// `index`, 8 playouts from the positions after 50, 100 and 150 moves,
/// and `extra` options.
fn balance(threads: &str, index: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "--threads",
        threads,
        "balance",
        "--playouts",
        "8",
        "--from",
        "50",
        "--to",
        "150",
        "--every",
        "50",
        "--results",
        index.to_str().expect("utf-8 path"),
    ];
    args.extend_from_slice(extra);
    args.push(SAMPLE);
    hane(&args)
}

#[test]
fn balance_forecasts_the_results_an_index_gives_and_compares_variants() {
    let dir = temp_dir("balance");
    let text = std::fs::read_to_string(SAMPLE).unwrap();
    let results = RESULTS;
    let index_path = write_index(&dir);
    let run = |extra: &[&str]| balance("1", &index_path, extra);
    let p = run(&["--variant", "answer_percent=50 race_percent=40"]);
    assert!(p.status.success(), "{}", String::from_utf8_lossy(&p.stderr));
    let out = String::from_utf8_lossy(&p.stdout);
    // The five games decided on the board, a position after 50, 100 and
    // 150 moves of each that lasts that long.
    let (mut positions, mut black) = (0, 0);
    for (line, r) in text.lines().zip(results) {
        if r.ends_with("Time") {
            continue;
        }
        let len = line.matches(';').count();
        let n = [50, 100, 150].iter().filter(|&&m| m < len).count();
        positions += n;
        black += if r.starts_with('B') { n } else { 0 };
    }
    assert_eq!(positions, 13, "games of 212, 209, 91, 165 and 305 moves");
    let share = 100.0 * black as f64 / positions as f64;
    let head = format!("positions {positions}, Black's result {share:.1}% on average");
    assert!(out.starts_with(&head), "{out}");
    assert!(out.contains("\nbase: Brier "), "{out}");
    assert!(
        out.contains("\nanswer_percent=50 race_percent=40: Brier ") && out.contains("less base's"),
        "{out}"
    );
    // The same seed, the same figures.
    assert_eq!(
        run(&["--variant", "answer_percent=50 race_percent=40"]).stdout,
        p.stdout
    );

    let bad = run(&["--variant", "no_such_constant=1"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("no_such_constant"));
    assert!(bad.stdout.is_empty());
    let none = hane(&["balance", SAMPLE]);
    assert!(!none.status.success());
    assert!(String::from_utf8_lossy(&none.stderr).contains("no game with a result"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn balance_fits_playout_weights_that_load_and_compare_alike_on_any_thread_count() {
    let dir = temp_dir("fit");
    let index_path = write_index(&dir);
    let fit = |out: &Path, threads: &str| {
        let out = out.to_str().unwrap();
        let fit = [
            "--fit", out, "--epochs", "2", "--batch", "4", "--rate", "0.1",
        ];
        balance(threads, &index_path, &fit)
    };
    let (one, two) = (dir.join("one.model"), dir.join("two.model"));
    let a = fit(&one, "1");
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let out = String::from_utf8_lossy(&a.stdout);
    // A line per pass over the 13 positions of the five decided games.
    let passes: Vec<&str> = out.lines().collect();
    assert_eq!(passes.len(), 2, "{out}");
    assert!(
        passes[0].starts_with("pass 1: 13 positions, Brier "),
        "{out}"
    );
    assert!(
        passes[1].starts_with("pass 2: 13 positions, Brier "),
        "{out}"
    );
    assert!(fit(&two, "2").status.success());
    let (x, y) = (std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
    assert_eq!(x, y, "the same weights on one thread and on two");

    // The fitted model loads: as a variant of the balance, and as the
    // model whose priors predict moves (the built-in model's priors).
    let b = balance(
        "1",
        &index_path,
        &["--variant-model", one.to_str().unwrap()],
    );
    assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
    let report = String::from_utf8_lossy(&b.stdout);
    let line = format!("\n{}: Brier ", one.display());
    assert!(
        report.contains(&line) && report.contains("less base's"),
        "{report}"
    );
    let with = hane(&["predict", "--model", one.to_str().unwrap(), SAMPLE]);
    let without = hane(&["predict", SAMPLE]);
    assert!(with.status.success());
    assert_eq!(with.stdout, without.stdout);

    // A fit measures nothing else, and a damaged model is refused.
    let two_path = two.to_str().unwrap();
    let both = ["--fit", two_path, "--variant", "answer_percent=50"];
    assert!(!balance("1", &index_path, &both).status.success());
    std::fs::write(&two, &x[..x.len() / 2]).unwrap();
    let damaged = balance("1", &index_path, &["--variant-model", two_path]);
    assert!(!damaged.status.success());
    assert!(damaged.stdout.is_empty());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn balance_labels_positions_by_search_and_forecasts_and_fits_those_values() {
    let dir = temp_dir("label");
    let index_path = write_index(&dir);
    let labels = dir.join("labels.tsv");
    let label = |threads: &str, out: &Path| {
        let out = out.to_str().unwrap();
        balance(
            threads,
            &index_path,
            &["--label", out, "--label-playouts", "200"],
        )
    };
    let a = label("1", &labels);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    assert!(String::from_utf8_lossy(&a.stdout).starts_with("13 positions valued in "));
    let text = std::fs::read_to_string(&labels).unwrap();
    assert!(
        text.starts_with("# Black's win rate by a search of 200 playouts"),
        "{text}"
    );
    assert!(
        text.contains("# Written by: hane --threads 1 balance "),
        "{text}"
    );
    let values: Vec<f64> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').nth(2).unwrap().parse().unwrap())
        .collect();
    assert_eq!(values.len(), 13);
    assert!(values.iter().all(|v| (0.0..=1.0).contains(v)));
    // Searches are not game results.
    assert!(values.iter().any(|&v| v > 0.0 && v < 1.0), "{values:?}");
    // The same labels on two threads.
    let again = dir.join("again.tsv");
    assert!(label("2", &again).status.success());
    let strip = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        strip(&std::fs::read_to_string(&again).unwrap()),
        strip(&text)
    );

    // Forecasting the labels: only the positions they value.
    let few: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(5)
        .collect::<Vec<_>>()
        .join("\n");
    let few_path = dir.join("few.tsv");
    std::fs::write(&few_path, few + "\n").unwrap();
    let targets = ["--targets", few_path.to_str().unwrap()];
    let m = balance("1", &index_path, &targets);
    assert!(m.status.success(), "{}", String::from_utf8_lossy(&m.stderr));
    assert!(String::from_utf8_lossy(&m.stdout).starts_with("positions 5, Black's result "));
    let fitted = dir.join("fitted.model");
    let mut fit = targets.to_vec();
    fit.extend(["--fit", fitted.to_str().unwrap(), "--rate", "0.1"]);
    let f = balance("1", &index_path, &fit);
    assert!(f.status.success(), "{}", String::from_utf8_lossy(&f.stderr));
    assert!(String::from_utf8_lossy(&f.stdout).starts_with("pass 1: 5 positions, Brier "));

    // A damaged labels file is refused with its line.
    std::fs::write(&few_path, "id\t50\tnot-a-number\n").unwrap();
    let bad = balance("1", &index_path, &targets);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("labels line 1"));
    assert!(bad.stdout.is_empty());

    // The engine plays with the fitted model (`--model`), and a damaged
    // one stops it before it answers anything.
    let genmove = |model: &Path| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hane"))
            .args([
                "--model",
                model.to_str().unwrap(),
                "--size",
                "9",
                "--playouts",
                "200",
            ])
            .args(["--threads", "1"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("hane runs");
        use std::io::Write as _;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"genmove b\nquit\n").ok();
        drop(stdin);
        child.wait_with_output().unwrap()
    };
    let g = genmove(&fitted);
    assert!(g.status.success(), "{}", String::from_utf8_lossy(&g.stderr));
    assert!(
        String::from_utf8_lossy(&g.stdout).starts_with("= "),
        "{g:?}"
    );
    let bytes = std::fs::read(&fitted).unwrap();
    std::fs::write(&fitted, &bytes[..bytes.len() / 2]).unwrap();
    let g = genmove(&fitted);
    assert_eq!(g.status.code(), Some(2));
    assert!(g.stdout.is_empty());
    assert!(String::from_utf8_lossy(&g.stderr).contains("truncated"));
    std::fs::remove_dir_all(&dir).ok();
}
