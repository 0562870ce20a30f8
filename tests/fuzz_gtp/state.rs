//! The observable state of a session, and one command line run against it with every check the stateful fuzzer makes.

use super::*;

// ---------------------------------------------------------------------------
// Observable state
// ---------------------------------------------------------------------------

/// Everything a command could change, as the public accessors show it.
#[derive(Debug, PartialEq)]
pub(crate) struct Snapshot {
    pub(crate) size: usize,
    pub(crate) hash: u64,
    pub(crate) cells: Vec<Cell>,
    pub(crate) prisoners: (u32, u32),
    pub(crate) moves: Vec<(Color, Move)>,
    pub(crate) to_move: Color,
    pub(crate) komi_bits: u64,
    pub(crate) rules: Rules,
    pub(crate) handicap: (u32, HandicapSource),
    pub(crate) pass_stones: ByColor<u32>,
    pub(crate) consecutive_passes: u32,
    pub(crate) initial_hash: u64,
    pub(crate) initial_to_move: Color,
    pub(crate) last_move: Option<(Color, Move)>,
    pub(crate) ko: (Option<Point>, Option<Point>),
    /// `Debug` of the clock: exact, and NaN-proof.
    pub(crate) clock: String,
}

pub(crate) fn snapshot(s: &Session) -> Snapshot {
    let g = s.game();
    let b = g.board();
    Snapshot {
        size: g.size().get(),
        hash: b.hash(),
        cells: g.size().points().map(|p| b.cell(p)).collect(),
        prisoners: (b.prisoners(Color::Black), b.prisoners(Color::White)),
        moves: g.moves().to_vec(),
        to_move: g.to_move(),
        komi_bits: g.komi().to_bits(),
        rules: g.rules(),
        handicap: g.handicap(),
        pass_stones: g.pass_stones(),
        consecutive_passes: g.consecutive_passes(),
        initial_hash: g.initial_board().hash(),
        initial_to_move: g.initial_to_move(),
        last_move: b.last_move(),
        ko: (b.ko_point(Color::Black), b.ko_point(Color::White)),
        clock: format!("{:?}", s.clock()),
    }
}

/// Invariants that must hold after any command.
pub(crate) fn check_state(s: &Session) -> Result<(), String> {
    let g = s.game();
    catch_unwind(AssertUnwindSafe(|| g.board().check_invariants()))
        .map_err(|e| format!("board invariants broken: {}", panic_text(&*e)))?;
    catch_unwind(AssertUnwindSafe(|| g.initial_board().check_invariants()))
        .map_err(|e| format!("initial board invariants broken: {}", panic_text(&*e)))?;
    if !g.komi().is_finite() {
        return Err(format!("komi is not finite: {}", g.komi()));
    }
    let clock = s.clock();
    for left in [clock.left.black, clock.left.white].into_iter().flatten() {
        if !(0.0..=hane::clock::MAX_SECONDS).contains(&left.seconds) {
            return Err(format!("time left out of range: {clock:?}"));
        }
    }
    let size = g.size().get();
    if !(2..=25).contains(&size) {
        return Err(format!("board size {size}"));
    }
    Ok(())
}

pub(crate) fn panic_text(e: &(dyn std::any::Any + Send)) -> String {
    e.downcast_ref::<String>()
        .cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "(non-string panic)".into())
}

/// Commands that must never change the state, whatever they answer.
pub(crate) fn read_only(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::ProtocolVersion
            | Command::Name
            | Command::Version
            | Command::KnownCommand(_)
            | Command::ListCommands
            | Command::Showboard
            | Command::FinalScore
            | Command::FinalStatusList(_)
            | Command::Cputime
            | Command::IsLegal(..)
            | Command::ListStones(_)
            | Command::Captures(_)
            | Command::PrintSgf(None)
            | Command::GoguiInterrupt
            | Command::Score
            | Command::RegGenmove(_)
            | Command::Handicap(HandicapArg::Show)
            | Command::BestMovesGfx(_)
            | Command::PvGfx(_)
            | Command::Params(None)
    )
}

/// Lines the fuzzers must not send: they would touch the file system.
pub(crate) fn touches_files(line: &str) -> bool {
    let r = parse_request(line);
    r.name == "loadsgf" || (r.name == "printsgf" && !r.args.is_empty())
}

/// Runs one command under `catch_unwind`.
pub(crate) fn exec(s: &mut Session, cmd: Command) -> Result<Result<String, GtpError>, String> {
    catch_unwind(AssertUnwindSafe(|| s.execute(cmd, StopCheck::NEVER)))
        .map_err(|e| format!("panic: {}", panic_text(&*e)))
}

pub(crate) static STATEFUL_INPUTS: AtomicU64 = AtomicU64::new(0);
/// Of those: parsed into a command, answered `=`, answered `?`, stones
/// played by `play`/`genmove`, and captures seen.
pub(crate) static PARSED: AtomicU64 = AtomicU64::new(0);
pub(crate) static ACCEPTED: AtomicU64 = AtomicU64::new(0);
pub(crate) static REFUSED: AtomicU64 = AtomicU64::new(0);
pub(crate) static STONES_PLAYED: AtomicU64 = AtomicU64::new(0);
pub(crate) static CAPTURES: AtomicU64 = AtomicU64::new(0);
pub(crate) static FRAMING_INPUTS: AtomicU64 = AtomicU64::new(0);

/// Feeds one raw line to the session and checks everything that can be
/// checked about it. `Err` describes the fault.
pub(crate) fn step(s: &mut Session, raw: &[u8]) -> Result<(), String> {
    let Some(line) = preprocess(raw) else {
        return Ok(());
    };
    if touches_files(&line) {
        return Ok(());
    }
    STATEFUL_INPUTS.fetch_add(1, Ordering::Relaxed);
    let request = parse_request(&line);
    let cmd = match parse_command(&request) {
        Ok(c) => c,
        // A parse error never reaches the session.
        Err(_) => return Ok(()),
    };
    PARSED.fetch_add(1, Ordering::Relaxed);
    let before = snapshot(s);
    let result = exec(s, cmd.clone())?;
    check_state(s)?;
    let after = snapshot(s);
    match &result {
        Ok(_) => ACCEPTED.fetch_add(1, Ordering::Relaxed),
        Err(_) => REFUSED.fetch_add(1, Ordering::Relaxed),
    };
    if matches!(cmd, Command::Play(..) | Command::Genmove(_))
        && after.moves.len() == before.moves.len() + 1
        && !matches!(after.moves.last(), Some((_, Move::Pass)))
    {
        STONES_PLAYED.fetch_add(1, Ordering::Relaxed);
        let taken = |p: (u32, u32)| p.0 + p.1;
        if taken(after.prisoners) > taken(before.prisoners) {
            CAPTURES.fetch_add(1, Ordering::Relaxed);
        }
    }
    let unchanged = |what: &str| -> Result<(), String> {
        if before == after {
            Ok(())
        } else {
            Err(format!(
                "{what} changed the state\nbefore: {before:?}\nafter:  {after:?}"
            ))
        }
    };
    match &result {
        Err(e) => unchanged(&format!("failed command (? {e})"))?,
        Ok(_) if read_only(&cmd) => unchanged("read-only command")?,
        Ok(answer) => match &cmd {
            Command::Play(c, _) | Command::Genmove(c) => {
                if matches!(cmd, Command::Genmove(_)) && answer == "resign" {
                    unchanged("genmove answering resign")?;
                } else if after.moves.len() != before.moves.len() + 1
                    || after.moves.last().map(|m| m.0) != Some(*c)
                {
                    return Err(format!(
                        "successful {cmd:?} did not add one move of that colour: {:?} -> {:?}",
                        before.moves, after.moves
                    ));
                }
            }
            _ => {}
        },
    }
    match (&cmd, &result) {
        // play then undo restores the position; replaying gives it back.
        (Command::Play(..), Ok(_)) => {
            let undone = exec(s, Command::Undo)?;
            check_state(s)?;
            if undone.is_err() || snapshot(s) != before {
                return Err(format!(
                    "undo after a successful play did not restore the position ({undone:?})\nbefore: {before:?}\nnow:    {:?}",
                    snapshot(s)
                ));
            }
            let again = exec(s, cmd.clone())?;
            check_state(s)?;
            if again.is_err() || snapshot(s) != after {
                return Err(format!("replaying {cmd:?} after undo gave {again:?}"));
            }
        }
        // is_legal must agree with play.
        (Command::IsLegal(c, v), Ok(answer)) => {
            let played = exec(s, Command::Play(*c, *v))?;
            check_state(s)?;
            if played.is_ok() != (answer == "1") {
                return Err(format!(
                    "is_legal answered {answer} but play answered {played:?}"
                ));
            }
            if played.is_ok() {
                let undone = exec(s, Command::Undo)?;
                check_state(s)?;
                if undone.is_err() || snapshot(s) != before {
                    return Err(
                        "undo after an is_legal-checked play did not restore the position".into(),
                    );
                }
            }
        }
        _ => {}
    }
    Ok(())
}
