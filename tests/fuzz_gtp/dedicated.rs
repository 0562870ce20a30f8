//! Dedicated hostile inputs: huge lines, invalid UTF-8, absurd numbers, hostile files for loadsgf and printsgf.

use super::*;

// ---------------------------------------------------------------------------
// Dedicated cases
// ---------------------------------------------------------------------------

/// A session with some history, so that "unchanged" means something.
pub(crate) fn busy_session() -> Session {
    let mut s = new_session(9);
    for line in [
        "komi 6.5",
        "kgs-rules new_zealand",
        "time_settings 300 30 5",
        "time_left b 120 0",
        "play b e5",
        "play w c3",
        "play b d3",
        "play w pass",
        "genmove b",
    ] {
        let r = run_line(&mut s, line.as_bytes()).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(r.is_ok(), "{line}: {r:?}");
    }
    s
}

/// Parses and executes one line (parse errors are returned as such).
pub(crate) fn run_line(s: &mut Session, raw: &[u8]) -> Result<Result<String, GtpError>, String> {
    let Some(line) = preprocess(raw) else {
        return Err("blank line".into());
    };
    match parse_command(&parse_request(&line)) {
        Ok(cmd) => exec(s, cmd),
        Err(e) => Ok(Err(e)),
    }
}

/// The line must fail and change nothing.
pub(crate) fn assert_refused(s: &mut Session, raw: &[u8]) -> GtpError {
    let before = snapshot(s);
    let r = run_line(s, raw).unwrap_or_else(|e| panic!("{}: {e}", show(&raw[..raw.len().min(80)])));
    check_state(s).unwrap();
    let Err(e) = r else {
        panic!("{} was accepted: {r:?}", show(&raw[..raw.len().min(80)]));
    };
    assert_eq!(
        before,
        snapshot(s),
        "{} (? {e}) changed the state",
        show(&raw[..raw.len().min(80)])
    );
    e
}

pub(crate) fn repeat_to(unit: &str, len: usize) -> String {
    unit.repeat(len / unit.len() + 1)[..len].to_string()
}

#[test]
pub(crate) fn one_megabyte_lines_in_process() {
    const MB: usize = 1 << 20;
    let mut s = busy_session();
    let cases: Vec<Vec<u8>> = vec![
        format!("play b {}", "A".repeat(MB)).into_bytes(),
        format!("play {} d4", "b".repeat(MB)).into_bytes(),
        format!("set_free_handicap {}", repeat_to("A1 ", MB)).into_bytes(),
        format!("boardsize {}", "9".repeat(MB)).into_bytes(),
        format!("komi {}", "9".repeat(MB)).into_bytes(),
        format!("time_left b {} 0", "9".repeat(MB)).into_bytes(),
        format!("fixed_handicap {}", "9".repeat(MB)).into_bytes(),
        format!("kgs-rules {}", "x".repeat(MB)).into_bytes(),
        format!("genmove {}", repeat_to("b ", MB)).into_bytes(),
        format!("{} play b e5", "1".repeat(MB)).into_bytes(),
        vec![0xff; MB],
        repeat_to("\t \x00", MB).into_bytes(),
    ];
    for raw in &cases {
        let before = snapshot(&s);
        let r = run_line(&mut s, raw);
        check_state(&s).unwrap();
        match r {
            Ok(Err(_)) => assert_eq!(before, snapshot(&s)),
            Ok(Ok(a)) => panic!("{} accepted: {a:.80}", show(&raw[..80])),
            Err(e) if e == "blank line" => {}
            Err(e) => panic!("{}: {e}", show(&raw[..80])),
        }
    }
    // A harmless 1 MB line is answered normally.
    let r = run_line(
        &mut s,
        format!("known_command {}", "x".repeat(MB)).as_bytes(),
    )
    .unwrap();
    assert_eq!(r, Ok("false".into()));
    let r = run_line(&mut s, format!("{}name", " ".repeat(MB)).as_bytes()).unwrap();
    assert_eq!(r, Ok("hane".into()));
    let r = run_line(&mut s, format!("komi 0.{}", "1".repeat(MB)).as_bytes()).unwrap();
    assert_eq!(r, Ok(String::new()));
    check_state(&s).unwrap();
}

#[test]
pub(crate) fn huge_lines_through_serve() {
    const MB: usize = 1 << 20;
    let mut input = Vec::new();
    // 1 MB: under MAX_LINE, answered.
    input.extend(format!("1 known_command {}\n", "y".repeat(MB)).bytes());
    input.extend(format!("2 play b {}\n", "A".repeat(MB)).bytes());
    // 10 MB: over MAX_LINE, refused; the next line is still read.
    input.extend(format!("3 play b {}\n", "Z".repeat(10 * MB)).bytes());
    input.extend(format!("4 {}\n", "name ".repeat(2 * MB)).bytes());
    // Exactly at and just over the limit.
    let at = format!("5 known_command {}", "z".repeat(MAX_LINE - 16));
    assert_eq!(at.len(), MAX_LINE);
    input.extend(at.bytes());
    input.push(b'\n');
    let over = format!("6 known_command {}", "z".repeat(MAX_LINE - 15));
    input.extend(over.bytes());
    input.push(b'\n');
    // A 10 MB comment is no command at all, even though it is too long.
    input.extend(format!("# {}\n", "c".repeat(10 * MB)).bytes());
    input.extend(b"7 name\n");
    let responses = serve_and_check_huge(input);
    assert_eq!(responses.len(), 7, "{responses:?}");
    assert_eq!(responses[0], "=1 false");
    assert_eq!(responses[1], "?2 syntax error");
    assert_eq!(
        responses[2],
        format!("?3 line longer than {MAX_LINE} bytes")
    );
    assert_eq!(
        responses[3],
        format!("?4 line longer than {MAX_LINE} bytes")
    );
    assert_eq!(responses[4], "=5 false");
    assert_eq!(
        responses[5],
        format!("?6 line longer than {MAX_LINE} bytes")
    );
    assert_eq!(responses[6], "=7 hane");
}

/// Like `serve_and_check`, but without the line-based expectation (a cut
/// comment line is not a command, a cut command line is answered).
pub(crate) fn serve_and_check_huge(input: Vec<u8>) -> Vec<String> {
    let mut session = new_session(19);
    let mut out = Vec::new();
    serve(Cursor::new(input), &mut out, &mut session).unwrap();
    check_state(&session).unwrap();
    split_responses(&out).unwrap()
}

#[test]
pub(crate) fn invalid_utf8_nul_and_controls() {
    let lines: &[&[u8]] = &[
        b"\xff\xfe\x00play b d4",
        b"pl\xffay b d4",
        b"play b d\xff4",
        b"play \xc3 d4",
        b"\x00\x00\x00",
        b"name\x00",
        b"1\x002 name",
        b"play b\rd4",
        b"\x1b[31mname",
        b"genmove \xe2\x80\xa8b",
        b"known_command \xed\xa0\x80",
        b"3 \xf0\x9f\x92\xa9",
        b"\xef\xbb\xbfname",
        b"komi \xd9\xa3",
        b"boardsize \xef\xbc\x91\xef\xbc\x99",
        b"#\xff name",
        b"\t\t\tname\t\t\t",
    ];
    // In process: nothing panics; failures change nothing.
    let mut s = busy_session();
    for raw in lines {
        let before = snapshot(&s);
        let r = run_line(&mut s, raw);
        check_state(&s).unwrap();
        if let Ok(Err(_)) = r {
            assert_eq!(before, snapshot(&s), "{}", show(raw));
        }
    }
    // Through serve: one well-formed answer per command line.
    let input = lines.join(&b'\n');
    let responses = serve_and_check(input, 19).unwrap();
    assert!(!responses.is_empty());
}

#[test]
pub(crate) fn absurd_numbers() {
    let mut s = busy_session();
    assert_eq!(
        assert_refused(&mut s, b"boardsize 99999999999999999999"),
        GtpError::UnacceptableSize
    );
    for line in [
        "boardsize -1",
        "boardsize 0",
        "boardsize 1",
        "boardsize 26",
        "boardsize 4294967296",
    ] {
        assert_eq!(
            assert_refused(&mut s, line.as_bytes()),
            GtpError::UnacceptableSize
        );
    }
    for line in [
        "komi nan",
        "komi NaN",
        "komi -nan",
        "komi inf",
        "komi -inf",
        "komi infinity",
        "komi 1e400",
        "komi -1e400",
        "komi",
        "komi 1 2",
        "komi 0x10",
        "komi 7,5",
    ] {
        assert_eq!(
            assert_refused(&mut s, line.as_bytes()),
            GtpError::Syntax,
            "{line}"
        );
    }
    for line in [
        "time_left b -5 0",
        "time_left w -0.001 3",
        "time_left b 10 -1",
        "time_left b nan 0",
        "time_left b inf 0",
        "time_left b 1e400 0",
        "time_left b 10 1.5",
        "time_left x 10 0",
        "time_left b 10",
        "time_settings -1 0 0",
        "time_settings 10 nan 1",
        "time_settings 10 10 -1",
        "kgs-time_settings byoyomi 10 -5 3",
        "kgs-time_settings absolute inf",
        "fixed_handicap -1",
        "fixed_handicap 99999999999999999999",
        "place_free_handicap 99999999999999999999",
        "hane-handicap -3",
        "hane-handicap 99999999999999999999",
    ] {
        assert_refused(&mut s, line.as_bytes());
    }
    // Huge but well-formed times are accepted and clamped.
    for line in [
        "time_left b 99999999999999999999 99999999999999999999",
        "time_left w 1e308 0",
        "time_settings 1e308 1e308 99999999999999999999",
        "kgs-time_settings canadian 1e300 1e300 4294967296",
    ] {
        let r = run_line(&mut s, line.as_bytes()).unwrap();
        assert_eq!(r, Ok(String::new()), "{line}");
        check_state(&s).unwrap();
    }
    let r = run_line(
        &mut s,
        b"time_left b 99999999999999999999 99999999999999999999",
    )
    .unwrap();
    assert!(r.is_ok());
    let left = s.clock().left.black.expect("time left recorded");
    assert!(left.seconds <= hane::clock::MAX_SECONDS && left.seconds.is_finite());
    // genmove still works with absurd clocks (random player: instant).
    let r = run_line(&mut s, b"genmove w").unwrap();
    assert!(r.is_ok(), "{r:?}");
    check_state(&s).unwrap();
    // Huge komi: accepted (finite), and scoring does not break.
    for line in ["komi 1e308", "komi -1e308", "komi 99999999999999999999"] {
        assert_eq!(
            run_line(&mut s, line.as_bytes()).unwrap(),
            Ok(String::new())
        );
        for q in ["final_score", "hane-score"] {
            let r = run_line(&mut s, q.as_bytes()).unwrap();
            assert!(r.is_ok(), "{line}; {q}: {r:?}");
        }
    }
    // A handicap override of u32::MAX does not overflow scoring.
    let r = run_line(&mut s, b"hane-handicap 4294967295").unwrap();
    assert!(r.is_ok(), "{r:?}");
    for q in ["final_score", "hane-score", "genmove b"] {
        let r = run_line(&mut s, q.as_bytes()).unwrap();
        assert!(r.is_ok(), "{q}: {r:?}");
    }
}

/// A private scratch directory under the target dir.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("fuzz_gtp-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Malformed SGF files of about 10 MB that hane must refuse calmly.
/// (A file of 10 MB of `;` is in `loadsgf_long_node_chain` below.)
pub(crate) fn malformed_sgfs() -> Vec<(&'static str, Vec<u8>)> {
    const TEN: usize = 10 << 20;
    let mut unterminated_comment = b"(;FF[4]GM[1]SZ[9]C[".to_vec();
    unterminated_comment.extend(std::iter::repeat_n(b'x', TEN));
    let open_parens = vec![b'('; TEN];
    let mut bad_props = b"(;SZ[9]".to_vec();
    while bad_props.len() < TEN {
        bad_props.extend_from_slice(b"B[zz]W[]SZ[99]KM[nan]HA[-1]AB[a]");
    }
    bad_props.push(b')');
    let mut binary = Vec::with_capacity(TEN);
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    while binary.len() < TEN {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        binary.extend_from_slice(&x.to_le_bytes());
    }
    binary[0] = b'(';
    binary[1] = b';';
    let mut off_board = b"(;SZ[9]".to_vec();
    // Many moves in one node: flat, not deep.
    while off_board.len() < TEN {
        off_board.extend_from_slice(b"B[ss]");
    }
    off_board.push(b')');
    vec![
        ("unterminated comment", unterminated_comment),
        ("10 MB of '('", open_parens),
        ("invalid properties", bad_props),
        ("random bytes", binary),
        ("off-board moves", off_board),
    ]
}

#[test]
pub(crate) fn loadsgf_hostile_files_are_refused_and_change_nothing() {
    let dir = scratch("loadsgf");
    let mut s = busy_session();
    let mut paths = vec![
        ("directory", dir.display().to_string()),
        ("/dev/zero", "/dev/zero".to_string()),
        (
            "missing",
            dir.join("no-such-file.sgf").display().to_string(),
        ),
        ("under a missing dir", "/nonexistent-hane/x.sgf".to_string()),
        ("empty path", "\"\"".to_string()),
    ];
    let empty = dir.join("empty.sgf");
    std::fs::write(&empty, b"").unwrap();
    paths.push(("empty file", empty.display().to_string()));
    for (what, bytes) in malformed_sgfs() {
        let p = dir.join(format!("{}.sgf", what.replace([' ', '\''], "_")));
        std::fs::write(&p, bytes).unwrap();
        paths.push((what, p.display().to_string()));
    }
    for (i, (what, path)) in paths.iter().enumerate() {
        // The 10 MB files once each (slow in debug builds), the rest with
        // every kind of stop point.
        let suffixes: &[&str] = if i < 6 { &["", " 3", " d4"] } else { &[""] };
        for suffix in suffixes {
            let line = format!("loadsgf {path}{suffix}");
            let e = assert_refused(&mut s, line.as_bytes());
            eprintln!("loadsgf {what}{suffix}: ? {e:.100}");
        }
    }
    // The session still plays.
    assert!(run_line(&mut s, b"genmove w").unwrap().is_ok());
    std::fs::remove_dir_all(&dir).ok();
}

/// Damaged 10 MB files whose game is still clear: they load (quickly, in
/// a debug build too), the damage ignored as GoGui ignores it.
#[test]
pub(crate) fn loadsgf_damaged_large_files_load() {
    const TEN: usize = 10 << 20;
    let dir = scratch("damaged");
    let mut close_parens = b"(;SZ[9];B[ee])".to_vec();
    close_parens.extend(std::iter::repeat_n(b')', TEN));
    let mut huge_komi = b"(;SZ[9]KM[".to_vec();
    huge_komi.extend(std::iter::repeat_n(b'9', TEN));
    // An infinite komi is ignored, and the tree is never closed.
    huge_komi.extend_from_slice(b"]B[aa]");
    let mut s = busy_session();
    for (what, bytes, black) in [
        ("10 MB of ')' after the tree", close_parens, "E5"),
        ("10 MB komi, tree not closed", huge_komi, "A9"),
    ] {
        let p = dir.join("damaged.sgf");
        std::fs::write(&p, bytes).unwrap();
        let line = format!("loadsgf {}", p.display());
        let r = run_line(&mut s, line.as_bytes()).unwrap();
        assert_eq!(r, Ok("white".to_string()), "{what}");
        check_state(&s).unwrap();
        let stones = run_line(&mut s, b"list_stones black").unwrap();
        assert_eq!(stones, Ok(black.to_string()), "{what}");
        let board = run_line(&mut s, b"showboard").unwrap().unwrap();
        assert!(
            board.contains("komi 6.5"),
            "{what}: the komi stays: {board}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// SGF files with very long node chains (`(;;;;...;)`, 10 MB of them) or
/// deeply nested variations. When hane read SGF through sgf-parse, which
/// drops its tree recursively, about 200,000 nodes (a 200 KB file)
/// overflowed the stack and aborted the engine; the reader now keeps the
/// main line flat and caps it at `sgf::MAX_NODES`. Run in a child process
/// so an abort is reported instead of killing the test binary.
#[test]
pub(crate) fn loadsgf_long_node_chain() {
    use std::io::Write;
    use std::process::{Command as Process, Stdio};
    let dir = scratch("chain");
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("10 MB of ';'", {
            let mut v = b"(;".to_vec();
            v.extend(std::iter::repeat_n(b';', 10 << 20));
            v.push(b')');
            v
        }),
        ("300,000 empty nodes", {
            let mut v = b"(;".to_vec();
            v.extend(std::iter::repeat_n(b';', 300_000));
            v.push(b')');
            v
        }),
        ("300,000 empty nodes, then an error", {
            let mut v = b"(;".to_vec();
            v.extend(std::iter::repeat_n(b';', 300_000));
            v.extend_from_slice(b"((;)))");
            v
        }),
        ("1,000,000 nested variations", {
            let mut v = b"(;".to_vec();
            v.extend(std::iter::repeat_n(*b"(;", 1_000_000).flatten());
            v.extend(std::iter::repeat_n(b')', 1_000_001));
            v
        }),
    ];
    let mut failures = Vec::new();
    for (what, bytes) in cases {
        let path = dir.join("chain.sgf");
        std::fs::write(&path, bytes).unwrap();
        let mut child = Process::new(env!("CARGO_BIN_EXE_hane"))
            .args(["--player", "random", "--threads", "1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let script = format!(
            "1 play b d4\n2 loadsgf {}\n3 list_stones b\nquit\n",
            path.display()
        );
        child
            .stdin
            .take()
            .unwrap()
            .write_all(script.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let ok = out.status.success() && stdout.contains("\n?2 ") && stdout.contains("=3 D4\n");
        if !ok {
            failures.push(format!(
                "{what}: status {}, stdout {:?}, stderr {:?}",
                out.status,
                head(&stdout),
                head(&String::from_utf8_lossy(&out.stderr))
            ));
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
pub(crate) fn printsgf_to_unwritable_paths() {
    let dir = scratch("printsgf");
    let file = dir.join("a-file");
    std::fs::write(&file, b"not a directory").unwrap();
    let mut s = busy_session();
    for path in [
        "/proc/hane-nope/x.sgf".to_string(),
        file.join("x.sgf").display().to_string(),
        dir.display().to_string(),
        "/nonexistent-hane/dir/x.sgf".to_string(),
    ] {
        let e = assert_refused(&mut s, format!("printsgf {path}").as_bytes());
        assert!(matches!(e, GtpError::Other(_)), "{path}: {e:?}");
    }
    // Without a path, printsgf answers the record and changes nothing.
    let before = snapshot(&s);
    let r = run_line(&mut s, b"printsgf").unwrap().unwrap();
    assert!(r.starts_with("(;"), "{r:.80}");
    assert_eq!(before, snapshot(&s));
    // Too many arguments.
    assert_eq!(assert_refused(&mut s, b"printsgf a b"), GtpError::Syntax);
    std::fs::remove_dir_all(&dir).ok();
}

/// The framing checker itself rejects broken output (so a pass means
/// something).
#[test]
pub(crate) fn framing_checker_rejects_bad_framing() {
    assert_eq!(split_responses(b"=1 a\nb\n\n? x\n\n").unwrap().len(), 2);
    for bad in [
        &b"= a\n"[..],
        b"= a\n\n\n",
        b"= a\n\n\n= b\n\n",
        b"a\n\n",
        b"= a\r\n\n",
        b"\n= a\n\n",
        b"= \xff\n\n",
    ] {
        assert!(split_responses(bad).is_err(), "{}", show(bad));
    }
    let e = expected_answers(b"1 name\n# c\n\n 2 play\nquit\nname\n");
    assert_eq!(e.len(), 3);
    assert!(matches!(&e[0], Expect::Answer(Some(id)) if id == "1"));
    assert!(matches!(&e[2], Expect::Quit(None)));
}
