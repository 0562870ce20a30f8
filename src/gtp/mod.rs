//! The Go Text Protocol: the only code that reads stdin or writes stdout.
//!
//! [`serve`] reads lines on a thread of their own (so a long command can see
//! GoGui's `# interrupt` arriving), answers each command in order with
//! exactly one `=`/`?` response ended by one empty line, and returns on
//! `quit` or end of input.
//!
//! A line travels: [`request`] (preprocessing, id, name, arguments) →
//! [`command`] (a typed [`command::Command`]; argument forms in [`args`],
//! analysis options in [`analyze`]) → [`session`] (the command's meaning)
//! → [`response`] (the framing). Failures are [`error::GtpError`]s; the
//! answer formats of the Leela Zero / KataGo analysis commands are in
//! [`analyze`], GoGui's in [`gogui`], the network's raw evaluation
//! (`kata-raw-nn`) in [`raw_nn`]. Parsing and formatting are pure
//! functions; only `serve` and the streaming commands do I/O.

pub mod analyze;
pub mod args;
pub mod command;
pub mod error;
pub mod gogui;
pub mod raw_nn;
pub mod request;
pub mod response;
pub mod session;

use command::{Command, parse_command};
use error::GtpError;
use request::{parse_request, preprocess};
pub use session::Session;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread;

/// Longest command line accepted; longer lines are answered with an error.
pub const MAX_LINE: usize = 4 << 20;

/// What the reader thread hands to the command loop.
enum Input {
    /// A raw line (without its newline); `true` if it was cut at MAX_LINE.
    Line(Vec<u8>, bool),
    /// A `# interrupt` comment line.
    Interrupt,
}

/// Counters shared between the reader thread and running commands.
#[derive(Default)]
struct Signals {
    /// `# interrupt` lines read.
    interrupts: AtomicU64,
    /// Every line read, blank and comment lines included: analysis ends
    /// on any new input (Sabaki sends a command, Lizzie a bare newline).
    lines: AtomicU64,
}

/// Reads one line of at most `max` bytes; the rest of a longer line is
/// read and dropped. `None` at end of input.
fn read_line_capped<R: BufRead>(reader: &mut R, max: usize) -> io::Result<Option<(Vec<u8>, bool)>> {
    let mut line = Vec::new();
    let mut truncated = false;
    let mut any = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any.then_some((line, truncated)));
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = max.saturating_sub(line.len());
        if chunk.len() > room {
            truncated = true;
        }
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = done.unwrap_or(buf.len());
        reader.consume(used);
        if done.is_some() {
            return Ok(Some((line, truncated)));
        }
    }
}

/// True for GoGui's interrupt comment, `# interrupt`.
fn is_interrupt(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line);
    text.trim()
        .strip_prefix('#')
        .is_some_and(|rest| rest.trim() == "interrupt")
}

fn read_input<R: Read>(input: R, tx: mpsc::Sender<Input>, signals: Arc<Signals>) {
    let mut reader = BufReader::new(input);
    while let Ok(Some((line, truncated))) = read_line_capped(&mut reader, MAX_LINE) {
        signals.lines.fetch_add(1, Ordering::SeqCst);
        let msg = if is_interrupt(&line) {
            signals.interrupts.fetch_add(1, Ordering::SeqCst);
            Input::Interrupt
        } else {
            Input::Line(line, truncated)
        };
        if tx.send(msg).is_err() {
            break;
        }
    }
}

/// Runs the protocol until `quit` or end of input.
///
/// # Errors
/// Only failures to write to `output`.
pub fn serve<R, W>(input: R, mut output: W, session: &mut Session) -> io::Result<()>
where
    R: Read + Send + 'static,
    W: Write,
{
    let (tx, rx) = mpsc::channel();
    let signals = Arc::new(Signals::default());
    let reader_signals = Arc::clone(&signals);
    thread::Builder::new()
        .name("gtp-input".into())
        .spawn(move || read_input(input, tx, reader_signals))?;
    // Interrupts handled so far: any counted beyond this arrived after the
    // command being run was read, so they are meant for it.
    let mut interrupts_handled = 0;
    let mut lines_handled = 0;
    loop {
        let msg = match rx.try_recv() {
            Ok(msg) => msg,
            Err(mpsc::TryRecvError::Disconnected) => break,
            Err(mpsc::TryRecvError::Empty) => {
                // Idle: think on the opponent's time until input arrives.
                session.ponder(crate::stop::StopCheck::new(&signals.lines, lines_handled));
                match rx.recv() {
                    Ok(msg) => msg,
                    Err(_) => break,
                }
            }
        };
        lines_handled += 1;
        let (raw, truncated) = match msg {
            Input::Interrupt => {
                interrupts_handled += 1;
                continue;
            }
            Input::Line(raw, truncated) => (raw, truncated),
        };
        let Some(line) = preprocess(&raw) else {
            continue;
        };
        let request = parse_request(&line);
        let stop = crate::stop::StopCheck::new(&signals.interrupts, interrupts_handled);
        let new_input = crate::stop::StopCheck::new(&signals.lines, lines_handled);
        let parsed = if truncated {
            Err(GtpError::Other(format!(
                "line longer than {MAX_LINE} bytes"
            )))
        } else {
            parse_command(&request)
        };
        let (result, quit) = match parsed {
            Ok(cmd) if cmd.streams() => {
                session.stream(cmd, request.id.as_deref(), stop, new_input, &mut output)?;
                continue;
            }
            Ok(Command::Quit) => (Ok(String::new()), true),
            Ok(cmd) => (session.execute(cmd, stop), false),
            Err(e) => (Err(e), false),
        };
        if let Err(e) = &result {
            log::debug!("{line:.200} -> ? {e}");
        }
        output.write_all(response::format(request.id.as_deref(), &result).as_bytes())?;
        output.flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::player::RandomPlayer;
    use std::io::Cursor;

    fn run(input: &[u8]) -> String {
        let mut session = Session::new(&Config::default(), Box::new(RandomPlayer::new(1)));
        let mut out = Vec::new();
        serve(Cursor::new(input.to_vec()), &mut out, &mut session).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn one_answer_per_command_ids_echoed_comments_ignored() {
        let out = run(b"1 name\n# comment\n\n   \n2 protocol_version\nversion\nbogus\n");
        assert_eq!(
            out,
            format!(
                "=1 hane\n\n=2 2\n\n= {}\n\n? unknown command\n\n",
                env!("CARGO_PKG_VERSION")
            )
        );
    }

    #[test]
    fn quit_stops_reading() {
        let out = run(b"quit\nname\n");
        assert_eq!(out, "= \n\n");
    }

    #[test]
    fn idle_interrupts_get_no_answer() {
        let out = run(b"# interrupt\n5 gogui-interrupt\n");
        assert_eq!(out, "=5 \n\n");
    }

    #[test]
    fn hostile_lines_get_errors_not_panics() {
        let mut input = b"\xff\xfe\x00play b d4\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        input.extend(b"\n7 boardsize 99999999999999999999\n8 komi 1e400\n9 name\n");
        let out = run(&input);
        let answers: Vec<&str> = out.split("\n\n").filter(|s| !s.is_empty()).collect();
        assert_eq!(answers.len(), 5, "{out:.300}");
        assert!(answers[0].starts_with("? "));
        assert!(answers[1].starts_with("? line longer"));
        assert_eq!(answers[2], "?7 unacceptable size");
        assert_eq!(answers[3], "?8 syntax error");
        assert_eq!(answers[4], "=9 hane");
    }

    #[test]
    fn capped_reader_keeps_the_next_line() {
        let mut r = Cursor::new(b"abcdef\nxy".to_vec());
        assert_eq!(
            read_line_capped(&mut r, 3).unwrap(),
            Some((b"abc".to_vec(), true))
        );
        assert_eq!(
            read_line_capped(&mut r, 3).unwrap(),
            Some((b"xy".to_vec(), false))
        );
        assert_eq!(read_line_capped(&mut r, 3).unwrap(), None);
    }
}
