//! GoGui's interrupt: a `# interrupt` comment line during a long genmove
//! stops the search, which still answers a legal move; an interrupt sent
//! while idle does not cut the next search short.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hane"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("hane starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, answers) = mpsc::channel();
        thread::spawn(move || {
            let mut answer = String::new();
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if line.is_empty() {
                    if tx.send(std::mem::take(&mut answer)).is_err() {
                        break;
                    }
                } else {
                    answer.push_str(&line);
                }
            }
        });
        Engine {
            child,
            stdin,
            answers,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write");
        self.stdin.flush().expect("flush");
    }

    fn answer(&self, within: Duration) -> String {
        self.answers
            .recv_timeout(within)
            .expect("an answer in time")
    }

    fn finish(mut self) -> String {
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

#[test]
fn interrupt_stops_a_long_genmove_which_still_answers() {
    // Without the interrupt this search would run for hours.
    let mut e = Engine::start(&["--threads", "1", "--playouts", "1000000000", "--seed", "3"]);
    e.send("boardsize 19");
    assert_eq!(e.answer(Duration::from_secs(10)), "= ");
    e.send("1 genmove b");
    thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    e.send("# interrupt");
    let answer = e.answer(Duration::from_secs(10));
    let waited = sent.elapsed();
    eprintln!("genmove answered {waited:?} after the interrupt: {answer:?}");
    let mv = answer
        .strip_prefix("=1 ")
        .expect("a success answer with its id");
    assert!(
        mv.len() >= 2 && mv != "pass" && mv != "resign",
        "a real move: {mv}"
    );
    e.send("2 list_stones black");
    assert_eq!(
        e.answer(Duration::from_secs(10)),
        format!("=2 {mv}"),
        "the move was played"
    );
    e.finish();
}

#[test]
fn an_idle_interrupt_does_not_cut_the_next_search() {
    let mut e = Engine::start(&["--threads", "1", "--playouts", "3000", "--seed", "3", "-v"]);
    e.send("boardsize 9");
    let _ = e.answer(Duration::from_secs(10));
    e.send("# interrupt");
    e.send("genmove b");
    let answer = e.answer(Duration::from_secs(60));
    assert!(answer.starts_with("= "), "{answer}");
    let log = e.finish();
    assert!(log.contains("playouts 3000 "), "the full search ran: {log}");
}
