//! Test support: a real `hane` process driven over pipes, for integration
//! tests that need timing (interrupts, streaming analysis), and
//! [`session_run`] for tests that drive an in-process session.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

/// A running engine with its stdout read line by line on a thread.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts `hane` with `args`.
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hane"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("hane starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    /// The engine's process id (for /proc/PID/status).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// A `Key:` line of /proc/PID/status, as its first number (`VmHWM`
    /// in kB, `Threads`). Linux only.
    pub fn proc_status(&self, key: &str) -> u64 {
        let text = std::fs::read_to_string(format!("/proc/{}/status", self.pid()))
            .expect("/proc/PID/status");
        text.lines()
            .find_map(|l| l.strip_prefix(key)?.strip_prefix(':'))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or_else(|| panic!("no {key} in /proc status"))
    }

    /// Writes one line to the engine.
    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write");
        self.stdin.flush().expect("flush");
    }

    /// The next stdout line, waiting at most `within`.
    pub fn line(&self, within: Duration) -> String {
        self.lines.recv_timeout(within).expect("a line in time")
    }

    /// The next complete response (up to its empty line), lines joined
    /// with newlines.
    pub fn answer(&self, within: Duration) -> String {
        let mut out: Vec<String> = Vec::new();
        loop {
            let line = self.line(within);
            if line.is_empty() {
                return out.join("\n");
            }
            out.push(line);
        }
    }

    /// The next complete response, or a panic that carries the engine's
    /// stderr when none comes within `within` (the engine exited, hung, or
    /// refused its command line). The engine is killed on the way out.
    pub fn answer_or_explain(&mut self, within: Duration, what: &str) -> String {
        let mut out: Vec<String> = Vec::new();
        loop {
            match self.lines.recv_timeout(within) {
                Ok(line) if line.is_empty() => return out.join("\n"),
                Ok(line) => out.push(line),
                Err(e) => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    let mut err = String::new();
                    if let Some(mut s) = self.child.stderr.take() {
                        let _ = s.read_to_string(&mut err);
                    }
                    panic!(
                        "{what}: no complete answer within {within:?} ({e}); got {out:?}; \
                         engine stderr:\n{err}"
                    );
                }
            }
        }
    }

    /// Sends `quit`, checks a clean exit and returns everything the engine
    /// wrote to stderr.
    pub fn finish(mut self) -> String {
        self.send("quit");
        let _ = self.answer(Duration::from_secs(10));
        let status = self.child.wait().expect("exit");
        assert!(status.success());
        let mut err = String::new();
        self.child
            .stderr
            .take()
            .expect("stderr")
            .read_to_string(&mut err)
            .expect("stderr text");
        err
    }
}

impl Drop for Engine {
    /// A test that fails half-way leaves no engine behind.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs one GTP line on an in-process session and returns the answer's
/// text; panics on a parse or command error (for tests whose lines are all
/// valid).
pub fn session_run(s: &mut hane::gtp::Session, line: &str) -> String {
    use hane::gtp::command::parse_command;
    use hane::gtp::request::parse_request;
    let cmd = parse_command(&parse_request(line)).expect("a valid command");
    s.execute(cmd, hane::stop::StopCheck::NEVER)
        .unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// Runs `hane` with `args` to the end, stdin closed, and returns its output.
pub fn run_hane(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_hane"))
        .args(args)
        .output()
        .expect("hane runs")
}

/// A fresh folder for one test's files: `hane-TAG-PID` in the system's
/// temporary folder.
pub fn temp_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hane-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Runs `hane` with `args`, `input` on its stdin, to the end.
pub fn run_hane_with_input(args: &[&str], input: &str) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hane"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hane starts");
    if let Some(mut stdin) = child.stdin.take() {
        // The engine may exit before reading (a refused file).
        let _ = stdin.write_all(input.as_bytes());
    }
    child.wait_with_output().expect("hane ends")
}
