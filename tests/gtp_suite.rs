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
// The .tst format
// ---------------------------------------------------------------------------

/// A `#? [...]` expectation.
#[derive(Debug, Clone)]
struct Expect {
    /// The text between the brackets, trimmed, `!` included: what gogui-regress
    /// prints as "Correct '...'".
    shown: String,
    /// `#? [!regex]`: passes when the response does NOT match.
    negate: bool,
    /// `#? [regex]*`: a known bug; failing is tolerated.
    expected_fail: bool,
    /// The compiled pattern, anchored so that it must match the whole response.
    regex: Regex,
}

/// One command line of a .tst file.
#[derive(Debug, Clone)]
struct TstCommand {
    /// 1-based line number in the .tst file.
    line: usize,
    /// The line as sent to the engine: trimmed, tabs replaced by spaces.
    text: String,
    /// The numeric id, if the first word is an integer: then it is a test.
    id: Option<i32>,
    /// The `#?` line that followed it, if any (and if not empty).
    expect: Option<Expect>,
}

/// `String.trim()` of Java: strips every char <= U+0020 at both ends.
fn java_trim(s: &str) -> &str {
    s.trim_matches(|c: char| c <= ' ')
}

/// `Regress.getId`: the integer before the first space, if it is one and is >= 0.
fn get_id(line: &str) -> Option<i32> {
    let index = line.find(' ')?;
    match line[..index].parse::<i32>() {
        Ok(n) if n >= 0 => Some(n),
        _ => None,
    }
}

/// Compiles a gogui-regress pattern (java.util.regex, MULTILINE|DOTALL,
/// `Matcher.matches()`, i.e. whole-string) as a Rust regex.
///
/// `\A` and `\z` are used rather than `^`/`$`: with the multi-line flag those
/// would also match at line boundaries and accept a partial match.
fn compile_pattern(pattern: &str) -> Result<Regex, String> {
    Regex::new(&format!(r"(?sm)\A(?:{pattern})\z")).map_err(|e| e.to_string())
}

/// Parses a `#?` line (without the `#?`), following `Regress.handleTest`.
/// `Ok(None)` for an empty pattern, which only closes the test.
fn parse_expect(rest: &str) -> Result<Option<Expect>, String> {
    let mut p = java_trim(rest);
    if p.is_empty() {
        return Ok(None);
    }
    let mut expected_fail = false;
    if let Some(stripped) = p.strip_suffix('*') {
        expected_fail = true;
        p = stripped;
    }
    if !p.starts_with('[') {
        return Err(format!("Pattern has no opening bracket: {p}"));
    }
    if !p.ends_with(']') || p.len() < 2 {
        return Err(format!("Pattern has no closing bracket: {p}"));
    }
    let shown = java_trim(&p[1..p.len() - 1]).to_string();
    let (negate, pattern) = match shown.strip_prefix('!') {
        Some(rest) => (true, rest.to_string()),
        None => (false, shown.clone()),
    };
    let regex = compile_pattern(&pattern).map_err(|e| format!("bad regex [{pattern}]: {e}"))?;
    Ok(Some(Expect {
        shown,
        negate,
        expected_fail,
        regex,
    }))
}

/// Parses a .tst file the way `Regress.handleLine` reads it.
///
/// Lines are trimmed; blank lines and `#` comments are skipped (and, as in
/// Regress, they close the preceding command: a `#?` must come on the very next
/// line). Unlike Regress, which would record a test with id -1, a `#?` after a
/// command without a numeric id is rejected as a mistake in the file.
fn parse_tst(text: &str) -> Result<Vec<TstCommand>, String> {
    let mut commands: Vec<TstCommand> = Vec::new();
    // Index of the command a `#?` line may still attach to.
    let mut open: Option<usize> = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = java_trim(raw);
        if let Some(rest) = line.strip_prefix("#?") {
            let Some(idx) = open.take() else {
                return Err(format!(
                    "line {line_no}: Response pattern without preceding test command: {line}"
                ));
            };
            if commands[idx].id.is_none() {
                return Err(format!(
                    "line {line_no}: Response pattern after a command without a numeric id: {line}"
                ));
            }
            commands[idx].expect =
                parse_expect(rest).map_err(|e| format!("line {line_no}: {e}"))?;
            continue;
        }
        open = None;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let text = line.replace('\t', " ");
        let id = get_id(&text);
        commands.push(TstCommand {
            line: line_no,
            text,
            id,
            expect: None,
        });
        open = Some(commands.len() - 1);
    }
    Ok(commands)
}

// ---------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq)]
struct Response {
    /// The lines of the response, without the terminating empty line.
    lines: Vec<String>,
    /// False if stdout ended before the empty line.
    terminated: bool,
}

impl Response {
    fn is_error(&self) -> bool {
        self.lines[0].starts_with('?')
    }

    /// The id echoed after `=`/`?`, if any.
    fn id(&self) -> Option<i64> {
        let digits: String = self.lines[0][1..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        digits.parse().ok()
    }

    /// What follows `=`/`?` and the id on the first line must be nothing or a
    /// space; a multi-line answer must have the space (GoGui takes the text
    /// after the first space of the whole response).
    fn header_problem(&self) -> Option<String> {
        let first = &self.lines[0];
        let after = first[1..].trim_start_matches(|c: char| c.is_ascii_digit());
        if after.is_empty() {
            if self.lines.len() > 1 {
                return Some(format!(
                    "multi-line response without a space after the status/id: {first:?}"
                ));
            }
            None
        } else if !after.starts_with(' ') {
            Some(format!("no space after the status/id: {first:?}"))
        } else {
            None
        }
    }

    /// The full response as GoGui's GtpClient stores it: every line followed by `\n`.
    fn full(&self) -> String {
        let mut s = String::new();
        for l in &self.lines {
            s.push_str(l);
            s.push('\n');
        }
        s
    }

    /// The text a `#?` pattern is matched against (`Regress.handleTest`): the
    /// full response after its first space, trimmed.
    fn text(&self) -> String {
        let full = self.full();
        match full.find(' ') {
            Some(i) => java_trim(&full[i..]).to_string(),
            None => String::new(),
        }
    }
}

/// Splits an engine's stdout into responses (a line starting with `=` or `?`,
/// up to the next completely empty line) and stray lines outside any response.
fn split_responses(stdout: &str) -> (Vec<Response>, Vec<String>) {
    let mut responses = Vec::new();
    let mut stray = Vec::new();
    let mut current: Option<Vec<String>> = None;
    let mut pieces: Vec<&str> = stdout.split('\n').collect();
    if stdout.ends_with('\n') {
        pieces.pop();
    }
    for piece in pieces {
        let line = piece.strip_suffix('\r').unwrap_or(piece);
        match current.as_mut() {
            Some(lines) => {
                if line.is_empty() {
                    responses.push(Response {
                        lines: current.take().unwrap(),
                        terminated: true,
                    });
                } else {
                    lines.push(line.to_string());
                }
            }
            None => {
                if line.starts_with('=') || line.starts_with('?') {
                    current = Some(vec![line.to_string()]);
                } else {
                    stray.push(line.to_string());
                }
            }
        }
    }
    if let Some(lines) = current {
        responses.push(Response {
            lines,
            terminated: false,
        });
    }
    (responses, stray)
}

// ---------------------------------------------------------------------------
// Verdicts
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// `passed`
    Pass,
    /// `PASSED`: a `*` test that passed (reported, tolerated).
    UnexpectedPass,
    /// `failed`: a `*` test that failed (reported, tolerated).
    ExpectedFail,
    /// `FAILED`: counts against the engine.
    Fail,
}

/// Judges one numbered test, as `Regress.handleTest`/`handleLastResponse` do.
/// Returns the verdict and the gogui-style report line (without file and id).
fn judge(expect: Option<&Expect>, response: &Response) -> (Verdict, String) {
    let text = response.text();
    let Some(e) = expect else {
        // No pattern: passes if the command succeeds.
        return if response.is_error() {
            let msg = if text.is_empty() {
                "unexpected FAIL".to_string()
            } else {
                format!("unexpected FAIL: '{text}'")
            };
            (Verdict::Fail, msg)
        } else {
            (Verdict::Pass, "passed".to_string())
        };
    };
    let fail = response.is_error() || e.regex.is_match(&text) == e.negate;
    let shown = &e.shown;
    let got = if response.is_error() {
        format!("? {text}")
    } else {
        text
    };
    match (fail, e.expected_fail) {
        (true, false) => (
            Verdict::Fail,
            format!("FAILED: Correct '{shown}', got '{got}'"),
        ),
        (true, true) => (
            Verdict::ExpectedFail,
            format!("failed: Correct '{shown}', got '{got}'"),
        ),
        (false, true) => (Verdict::UnexpectedPass, "PASSED".to_string()),
        (false, false) => (Verdict::Pass, "passed".to_string()),
    }
}

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

// ---------------------------------------------------------------------------
// Tests of the runner itself
// ---------------------------------------------------------------------------

#[test]
fn parses_tests_setup_commands_and_patterns() {
    let src = "\
# A comment: not sent.
boardsize 9

10 play b D4
#? []
\t20\tlist_stones  black\t
#? [D4]
30 genmove w
#? [!PASS]*
40 showboard
50 name
#?
clear_board
";
    let cmds = parse_tst(src).unwrap();
    let texts: Vec<&str> = cmds.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "boardsize 9",
            "10 play b D4",
            "20 list_stones  black",
            "30 genmove w",
            "40 showboard",
            "50 name",
            "clear_board"
        ]
    );
    let ids: Vec<Option<i32>> = cmds.iter().map(|c| c.id).collect();
    assert_eq!(
        ids,
        [None, Some(10), Some(20), Some(30), Some(40), Some(50), None]
    );
    let lines: Vec<usize> = cmds.iter().map(|c| c.line).collect();
    assert_eq!(lines, [2, 4, 6, 8, 10, 11, 13]);

    let e10 = cmds[1].expect.as_ref().unwrap();
    assert_eq!(e10.shown, "");
    assert!(!e10.negate && !e10.expected_fail);
    assert!(e10.regex.is_match(""));
    assert!(!e10.regex.is_match("x"));

    let e20 = cmds[2].expect.as_ref().unwrap();
    assert_eq!(e20.shown, "D4");
    assert!(e20.regex.is_match("D4"));
    assert!(!e20.regex.is_match("D4 E5"));

    let e30 = cmds[3].expect.as_ref().unwrap();
    assert_eq!(e30.shown, "!PASS");
    assert!(e30.negate && e30.expected_fail);
    assert!(e30.regex.is_match("PASS"));

    assert!(cmds[4].expect.is_none(), "no #? line");
    assert!(cmds[5].expect.is_none(), "empty #? only closes the test");
    assert!(cmds[0].expect.is_none() && cmds[6].expect.is_none());
}

#[test]
fn ids_are_read_like_regress_get_id() {
    assert_eq!(get_id("10 name"), Some(10));
    assert_eq!(get_id("0 name"), Some(0));
    assert_eq!(get_id("+7 name"), Some(7)); // Integer.parseInt accepts a sign
    assert_eq!(get_id("-5 name"), None); // negative: not a test
    assert_eq!(get_id("name"), None);
    assert_eq!(get_id("10"), None); // no space: not a test
    assert_eq!(get_id("10a name"), None);
    assert_eq!(get_id("99999999999 name"), None); // not a Java int
}

#[test]
fn rejects_malformed_files() {
    let err = |s: &str| parse_tst(s).unwrap_err();
    assert!(err("#? [x]\n").contains("line 1"));
    // Any comment or blank line closes the preceding command.
    assert!(err("10 name\n# comment\n#? [hane]\n").contains("line 3"));
    assert!(err("10 name\n\n#? [hane]\n").contains("without preceding"));
    // Only one pattern per command.
    assert!(err("10 name\n#? [hane]\n#? [hane]\n").contains("line 3"));
    assert!(err("10 name\n#? hane\n").contains("opening bracket"));
    assert!(err("10 name\n#? [hane\n").contains("closing bracket"));
    assert!(err("10 name\n#? [(]\n").contains("bad regex"));
    assert!(err("name\n#? [hane]\n").contains("without a numeric id"));
}

#[test]
fn patterns_match_the_whole_trimmed_response() {
    let e = |p: &str| parse_expect(p).unwrap().unwrap();
    // Whole string, even with MULTILINE: `name` must not match the first line only.
    assert!(!e("[name]").regex.is_match("name\nplay"));
    assert!(e("[.*^play$.*]").regex.is_match("name\nplay\nquit"));
    assert!(!e("[.*^pla$.*]").regex.is_match("name\nplay\nquit"));
    // DOTALL.
    assert!(e("[a.b]").regex.is_match("a\nb"));
    // Brackets inside the pattern, `*` after the closing bracket only.
    let x = e("[[BW]\\+[0-9]+(\\.[05])?|0]*");
    assert!(x.expected_fail && !x.negate);
    assert!(x.regex.is_match("B+3.5") && x.regex.is_match("0"));
    assert!(!x.regex.is_match("B+3.5 "));
    // The pattern inside the brackets is trimmed.
    assert!(e("[ D4 ]").regex.is_match("D4"));
}

#[test]
fn splits_stdout_into_responses() {
    let out = "=1 a\n\n= \n\n?2 bad\n\nstray\n= x\r\ny\n\n=3";
    let (rs, stray) = split_responses(out);
    assert_eq!(stray, ["stray"]);
    assert_eq!(rs.len(), 5);
    assert_eq!(rs[0].id(), Some(1));
    assert_eq!(rs[0].text(), "a");
    assert_eq!(rs[1].id(), None);
    assert_eq!(rs[1].text(), "");
    assert!(rs[2].is_error() && rs[2].text() == "bad");
    assert_eq!(rs[3].lines, ["= x", "y"]);
    assert_eq!(rs[3].text(), "x\ny");
    assert!(rs[3].terminated && !rs[4].terminated);
    assert_eq!(rs[4].id(), Some(3));
    // `=10` with no text is an empty answer; a space-padded line is not a terminator.
    let (rs, _) = split_responses("=10\n\n= \n   A B\n \n 1 .\n\n");
    assert_eq!(rs.len(), 2);
    assert_eq!(rs[0].text(), "");
    assert_eq!(rs[0].header_problem(), None);
    assert_eq!(rs[1].text(), "A B\n \n 1 .");
    assert_eq!(rs[1].header_problem(), None);
    let (rs, _) = split_responses("=10C5\n\n=\nA B\n\n");
    assert!(rs[0].header_problem().is_some());
    assert!(rs[1].header_problem().is_some());
}

#[test]
fn judges_like_gogui_regress() {
    let resp = |s: &str| split_responses(s).0.remove(0);
    let e = |p: &str| parse_expect(p).unwrap().unwrap();
    let v = |p: Option<&str>, r: &str| judge(p.map(e).as_ref(), &resp(r)).0;
    assert_eq!(v(Some("[C5]"), "=10 C5\n\n"), Verdict::Pass);
    assert_eq!(v(Some("[C5]"), "=10 C6\n\n"), Verdict::Fail);
    assert_eq!(v(Some("[!C5]"), "=10 C6\n\n"), Verdict::Pass);
    assert_eq!(v(Some("[!C5]"), "=10 C5\n\n"), Verdict::Fail);
    // A `?` answer fails whatever the pattern, negated or not.
    assert_eq!(v(Some("[.*]"), "?10 illegal move\n\n"), Verdict::Fail);
    assert_eq!(v(Some("[!C5]"), "?10 illegal move\n\n"), Verdict::Fail);
    // Expected failures.
    assert_eq!(
        v(Some("[.*]*"), "?10 illegal move\n\n"),
        Verdict::ExpectedFail
    );
    assert_eq!(v(Some("[.*]*"), "=10 \n\n"), Verdict::UnexpectedPass);
    assert_eq!(v(Some("[C5]*"), "=10 C6\n\n"), Verdict::ExpectedFail);
    // No pattern: passes if the command succeeds.
    assert_eq!(v(None, "=10 anything\n\n"), Verdict::Pass);
    assert_eq!(v(None, "?10 oops\n\n"), Verdict::Fail);
    let (_, msg) = judge(Some(&e("[C5]")), &resp("=10 C6\n\n"));
    assert_eq!(msg, "FAILED: Correct 'C5', got 'C6'");
}
