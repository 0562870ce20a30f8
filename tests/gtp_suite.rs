//! GTP regression suite: runs every `gtp-tests/*.tst` file against the `hane`
//! binary with the semantics of GoGui's `gogui-regress` (tools/regress/Regress.java),
//! re-implemented here so that no Java tool is needed.
//!
//! Per file: a fresh engine process (working directory: a scratch directory
//! whose `sgf` links to `gtp-tests/sgf`, see [`work_dir`]), the same
//! preamble as gogui-regress (`name`, `version`, `cputime`), every command line of
//! the file verbatim (numeric id included), then `cputime` and `quit`. All input
//! is written at once (pipelined) and stdin is closed; the engine must answer every
//! command, exit by itself with status 0 within [`FILE_TIMEOUT`], and print nothing
//! on stdout outside a response.
//!
//! See `gtp-tests/README.md` for the file format and how to add cases;
//! `scripts/gogui-regress` runs the same files, with the same engine
//! arguments per file, through GoGui's own tool.
//!
//! Environment knobs:
//! - `HANE_GTP_SUITE=ko,superko` runs only the named files (without `.tst`).
//! - `HANE_GTP_ENGINE="prog arg..."` runs another engine instead of hane (the
//!   hane flags are then not added). Handy to cross-check a case against GNU Go.
//!
//! A GTP transcript of every file is written to
//! `$CARGO_TARGET_TMPDIR/gtp-suite/NAME.log`.

use regex::Regex;
use std::fmt::Write as _;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

#[path = "gtp_suite/format.rs"]
mod format;
use format::*;
#[path = "gtp_suite/runner_tests.rs"]
mod runner_tests;

/// Flags given to hane for every file.
const ENGINE_ARGS: &[&str] = &[
    "--player",
    "random",
    "--seed",
    "1",
    "--threads",
    "1",
    "--playouts",
    "200",
];

/// Wall-clock limit for one file, from spawn to process exit: it catches
/// an engine that hangs. A debug build searches about ten times slower,
/// and its longest file (`genmove_mcts.tst`) takes about a minute on a busy
/// machine, so it gets more.
const FILE_TIMEOUT: Duration = Duration::from_secs(if cfg!(debug_assertions) { 120 } else { 20 });

/// Commands gogui-regress sends before the file's own lines (failures tolerated).
const PREAMBLE: &[&str] = &["name", "version", "cputime"];

/// Commands gogui-regress sends after the file's own lines.
const POSTAMBLE: &[&str] = &["cputime", "quit"];

// ---------------------------------------------------------------------------
// Running one file
// ---------------------------------------------------------------------------

struct EngineRun {
    stdout: String,
    stderr: String,
    /// None if the process was killed after the timeout.
    status: Option<ExitStatus>,
    elapsed: Duration,
}

/// Engine arguments a file asks for with a `# hane-args: ...` line (for
/// example the deterministic MCTS settings of genmove regression cases);
/// `None` means the default [`ENGINE_ARGS`].
fn file_args(source: &str) -> Option<Vec<String>> {
    source
        .lines()
        .find_map(|l| l.trim().strip_prefix("# hane-args:"))
        .map(|rest| rest.split_whitespace().map(str::to_string).collect())
}

fn engine_command(file_args: Option<Vec<String>>) -> (String, Vec<String>) {
    match std::env::var("HANE_GTP_ENGINE") {
        Ok(cmd) if !cmd.trim().is_empty() => {
            let mut words = cmd.split_whitespace().map(str::to_string);
            let prog = words.next().unwrap();
            (prog, words.collect())
        }
        _ => (
            env!("CARGO_BIN_EXE_hane").to_string(),
            file_args.unwrap_or_else(|| ENGINE_ARGS.iter().map(|s| s.to_string()).collect()),
        ),
    }
}

/// Starts the engine in `dir`, writes `input` to its stdin and closes it, and
/// collects stdout/stderr until it exits or [`FILE_TIMEOUT`] passes.
fn run_engine(
    dir: &Path,
    input: String,
    file_args: Option<Vec<String>>,
) -> Result<EngineRun, String> {
    let (prog, args) = engine_command(file_args);
    let start = Instant::now();
    let mut child = Command::new(&prog)
        .args(&args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {prog}: {e}"))?;
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    // A writer thread, so that an engine that stops reading cannot block us.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
        let _ = stdin.flush();
        // Dropping stdin closes it, as gogui-regress does after `quit`.
    });
    let out_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stdout.read_to_end(&mut buf);
        buf
    });
    let err_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stderr.read_to_end(&mut buf);
        buf
    });
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() >= FILE_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("waiting for the engine: {e}")),
        }
    };
    let elapsed = start.elapsed();
    let _ = writer.join();
    let stdout = String::from_utf8_lossy(&out_reader.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    Ok(EngineRun {
        stdout,
        stderr,
        status,
        elapsed,
    })
}

#[derive(Default)]
struct FileReport {
    /// gogui-regress style lines, one per test, then the summary.
    output: String,
    /// Everything that must fail the cargo test, each naming file, line and id.
    problems: Vec<String>,
    passes: usize,
    unexpected_passes: usize,
    expected_fails: usize,
    fails: usize,
    tests: usize,
}

/// What was sent, in order, with where it came from.
struct Sent {
    text: String,
    id: Option<i32>,
    /// Index into the file's commands, or None for preamble/postamble.
    cmd: Option<usize>,
}

/// A fresh, empty working directory for the engine that runs `path`, in
/// which `sgf` is a link to the suite's `sgf/` directory: `loadsgf
/// sgf/NAME.sgf` reads the suite's files, and a file a test writes
/// (`printsgf NAME.sgf`) lands here, outside the source tree.
fn work_dir(path: &Path, log_dir: &Path) -> Result<PathBuf, String> {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let dir = log_dir.join("work").join(stem.as_ref());
    let fail = |e: std::io::Error| format!("working directory {}: {e}", dir.display());
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(fail)?;
    }
    std::fs::create_dir_all(&dir).map_err(fail)?;
    let sgf = path.parent().unwrap_or(Path::new(".")).join("sgf");
    std::os::unix::fs::symlink(sgf.canonicalize().map_err(fail)?, dir.join("sgf")).map_err(fail)?;
    Ok(dir)
}

fn run_file(path: &Path, log_dir: &Path) -> FileReport {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut rep = FileReport::default();
    let source = match std::fs::read_to_string(path) {
        Ok(s) => s,
        Err(e) => {
            rep.problems.push(format!("{name}: cannot read: {e}"));
            return rep;
        }
    };
    let commands = match parse_tst(&source) {
        Ok(c) => c,
        Err(e) => {
            rep.problems.push(format!("{name}: {e}"));
            return rep;
        }
    };

    let mut sent: Vec<Sent> = Vec::new();
    for p in PREAMBLE {
        sent.push(Sent {
            text: p.to_string(),
            id: None,
            cmd: None,
        });
    }
    for (i, c) in commands.iter().enumerate() {
        sent.push(Sent {
            text: c.text.clone(),
            id: c.id,
            cmd: Some(i),
        });
    }
    for p in POSTAMBLE {
        sent.push(Sent {
            text: p.to_string(),
            id: None,
            cmd: None,
        });
    }
    let mut input = String::new();
    for s in &sent {
        input.push_str(&s.text);
        input.push('\n');
    }

    let dir = match work_dir(path, log_dir) {
        Ok(d) => d,
        Err(e) => {
            rep.problems.push(format!("{name}: {e}"));
            return rep;
        }
    };
    let run = match run_engine(&dir, input, file_args(&source)) {
        Ok(r) => r,
        Err(e) => {
            rep.problems.push(format!("{name}: {e}"));
            return rep;
        }
    };
    let (responses, stray) = split_responses(&run.stdout);

    // Transcript, in the spirit of gogui-regress's NAME.out.html.
    let mut log = String::new();
    let _ = writeln!(
        log,
        "# {} ({:.2}s)",
        path.display(),
        run.elapsed.as_secs_f64()
    );
    for (i, s) in sent.iter().enumerate() {
        let _ = writeln!(log, ">> {}", s.text);
        match responses.get(i) {
            Some(r) => {
                for l in &r.lines {
                    let _ = writeln!(log, "<< {l}");
                }
            }
            None => {
                let _ = writeln!(log, "<< (no response)");
            }
        }
    }
    for l in responses.iter().skip(sent.len()).flat_map(|r| &r.lines) {
        let _ = writeln!(log, "<< (extra) {l}");
    }
    for l in &stray {
        let _ = writeln!(log, "<< (outside any response) {l}");
    }
    let _ = writeln!(log, "# exit: {:?}", run.status);
    let _ = writeln!(log, "# stderr:\n{}", run.stderr);
    let log_path = log_dir.join(format!("{name}.log"));
    let _ = std::fs::write(&log_path, &log);

    // Framing problems.
    match run.status {
        None => rep.problems.push(format!(
            "{name}: engine did not exit within {FILE_TIMEOUT:?} after quit (killed)"
        )),
        Some(st) if !st.success() => rep
            .problems
            .push(format!("{name}: engine exited with {st} after quit")),
        Some(_) => {}
    }
    if responses.len() != sent.len() {
        rep.problems.push(format!(
            "{name}: sent {} commands but got {} responses",
            sent.len(),
            responses.len()
        ));
    }
    for l in &stray {
        rep.problems
            .push(format!("{name}: stdout line outside any response: {l:?}"));
    }
    for (i, r) in responses.iter().enumerate() {
        let what = match sent.get(i) {
            Some(s) => match s.cmd {
                Some(c) => format!("line {} `{}`", commands[c].line, s.text),
                None => format!("`{}`", s.text),
            },
            None => "(extra response)".to_string(),
        };
        if !r.terminated {
            rep.problems.push(format!(
                "{name}: {what}: response not terminated by an empty line: {:?}",
                r.lines
            ));
        }
        if let Some(p) = r.header_problem() {
            rep.problems.push(format!("{name}: {what}: {p}"));
        }
        if let Some(s) = sent.get(i) {
            let expected = s.id.map(i64::from);
            if r.id() != expected {
                rep.problems.push(format!(
                    "{name}: {what}: response id {:?} does not echo the command id {:?}: {:?}",
                    r.id(),
                    expected,
                    r.lines[0]
                ));
            }
        }
    }

    // Tests and setup commands.
    for (i, s) in sent.iter().enumerate() {
        let response = responses.get(i);
        let Some(c) = s.cmd else {
            if s.text == "quit" {
                match response {
                    Some(r) if !r.is_error() => {}
                    Some(r) => rep
                        .problems
                        .push(format!("{name}: `quit` failed: {:?}", r.lines)),
                    None => rep.problems.push(format!("{name}: no response to `quit`")),
                }
            }
            continue;
        };
        let cmd = &commands[c];
        let Some(id) = cmd.id else {
            // A setup command. gogui-regress only counts its failure in the
            // "Error" column; this suite treats it as fatal, since every later
            // test of the file depends on it.
            match response {
                Some(r) if r.is_error() => {
                    let _ = writeln!(
                        rep.output,
                        "{name}:{} `{}` Error: '{}'",
                        cmd.line,
                        cmd.text,
                        r.text()
                    );
                    rep.problems.push(format!(
                        "{name}:{} setup command `{}` failed: '{}'",
                        cmd.line,
                        cmd.text,
                        r.text()
                    ));
                }
                _ => {}
            }
            continue;
        };
        rep.tests += 1;
        let (verdict, msg) = match response {
            Some(r) => judge(cmd.expect.as_ref(), r),
            None => (Verdict::Fail, "FAILED: no response".to_string()),
        };
        let _ = writeln!(rep.output, "{name} {id} {msg}");
        match verdict {
            Verdict::Pass => rep.passes += 1,
            Verdict::UnexpectedPass => rep.unexpected_passes += 1,
            Verdict::ExpectedFail => rep.expected_fails += 1,
            Verdict::Fail => {
                rep.fails += 1;
                rep.problems
                    .push(format!("{name}:{} id {id} `{}`: {msg}", cmd.line, cmd.text));
            }
        }
    }
    let _ = writeln!(
        rep.output,
        "{name}: {} tests: {} FAIL, {} fail, {} PASS, {} pass ({:.2}s; transcript {})",
        rep.tests,
        rep.fails,
        rep.expected_fails,
        rep.unexpected_passes,
        rep.passes,
        run.elapsed.as_secs_f64(),
        log_path.display()
    );
    if !rep.problems.is_empty() && !run.stderr.trim().is_empty() {
        let tail: Vec<&str> = run.stderr.lines().rev().take(20).collect();
        let _ = writeln!(rep.output, "{name}: last lines of stderr:");
        for l in tail.iter().rev() {
            let _ = writeln!(rep.output, "    {l}");
        }
    }
    rep
}

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests")
}

fn suite_files() -> Vec<PathBuf> {
    let only: Option<Vec<String>> = std::env::var("HANE_GTP_SUITE").ok().map(|v| {
        v.split(',')
            .map(|s| s.trim().trim_end_matches(".tst").to_string())
            .filter(|s| !s.is_empty())
            .collect()
    });
    let mut files: Vec<PathBuf> = std::fs::read_dir(suite_dir())
        .expect("gtp-tests/ directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tst"))
        .filter(|p| match &only {
            None => true,
            Some(names) => {
                let stem = p.file_stem().unwrap().to_string_lossy();
                names.iter().any(|n| *n == stem)
            }
        })
        .collect();
    files.sort();
    files
}

#[test]
fn gtp_regression_suite() {
    let files = suite_files();
    assert!(
        !files.is_empty(),
        "no .tst files found in {:?}",
        suite_dir()
    );
    let log_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gtp-suite");
    std::fs::create_dir_all(&log_dir).expect("log directory");

    let mut problems = Vec::new();
    let (mut tests, mut passes, mut upasses, mut efails, mut fails) = (0, 0, 0, 0, 0);
    for f in &files {
        let rep = run_file(f, &log_dir);
        print!("{}", rep.output);
        tests += rep.tests;
        passes += rep.passes;
        upasses += rep.unexpected_passes;
        efails += rep.expected_fails;
        fails += rep.fails;
        problems.extend(rep.problems);
    }
    println!(
        "Summary: {}/{} passes in {} files. {} unexpected passes, {} expected failures, {} unexpected failures",
        passes + upasses,
        tests,
        files.len(),
        upasses,
        efails,
        fails
    );
    if !problems.is_empty() {
        panic!(
            "{} problem(s) in the GTP regression suite:\n  {}",
            problems.len(),
            problems.join("\n  ")
        );
    }
}

/// Two things a .tst file cannot express: the engine must exit when stdin is
/// closed without `quit` (twogtp and Sabaki rely on it), and raw input is
/// cleaned as GTP 2.2 says (CR and other control characters dropped, tabs
/// read as spaces, comments and blank lines unanswered).
#[test]
fn engine_exits_on_eof_and_cleans_raw_input() {
    let input = "1 name\r\n\
                 2 na\x01me\n\
                 \n\
                 # a comment line gets no answer\n\
                 3 protocol_version # a trailing comment\n\
                 \x20\x20\x20\n\
                 4\tknown_command\tplay\n"
        .to_string();
    let run = run_engine(&suite_dir(), input, None).expect("engine starts");
    assert!(
        run.status.is_some_and(|s| s.success()),
        "the engine must exit with status 0 on EOF, got {:?}\nstderr:\n{}",
        run.status,
        run.stderr
    );
    let (responses, stray) = split_responses(&run.stdout);
    assert!(stray.is_empty(), "stdout outside any response: {stray:?}");
    let got: Vec<(Option<i64>, bool, String)> = responses
        .iter()
        .map(|r| (r.id(), r.is_error(), r.text()))
        .collect();
    let want: Vec<(Option<i64>, bool, String)> = [(1, "hane"), (2, "hane"), (3, "2"), (4, "true")]
        .iter()
        .map(|&(id, text)| (Some(id), false, text.to_string()))
        .collect();
    assert_eq!(got, want, "stdout was {:?}", run.stdout);
}
