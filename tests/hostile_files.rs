//! `loadsgf` and `printsgf FILE` on paths that would block or flood a
//! naive `open`/`read`: named pipes (with and without a peer), a symlink to
//! a pipe, character devices and an oversized file. Through the real binary,
//! because the failure being guarded against is a hang: each command must
//! be refused with a `?` at once, the position must be unchanged, and the
//! engine must go on answering.

mod common;

use common::Engine;
use std::ffi::CString;
use std::fs::{File, OpenOptions};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A refusal must come at once; a blocked `open` would never answer.
const PROMPT: Duration = Duration::from_secs(3);

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("hostile_files-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mkfifo(path: &Path) {
    let c = CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo only reads it.
    let rc = unsafe { libc::mkfifo(c.as_ptr(), 0o600) };
    assert_eq!(rc, 0, "mkfifo {}", path.display());
}

/// Sends `line` with id `id` and returns the answer, which must be a
/// prompt refusal `?id ...`.
fn refused(e: &mut Engine, id: u32, line: &str) -> String {
    let t = Instant::now();
    e.send(&format!("{id} {line}"));
    let a = e.answer_or_explain(PROMPT, line);
    assert!(a.starts_with(&format!("?{id} ")), "{line}: {a:?}");
    assert!(t.elapsed() < PROMPT, "{line}: took {:?}", t.elapsed());
    eprintln!("{line} -> {a}");
    a
}

fn ok(e: &mut Engine, id: u32, line: &str) -> String {
    e.send(&format!("{id} {line}"));
    let a = e.answer_or_explain(Duration::from_secs(30), line);
    assert!(a.starts_with(&format!("={id}")), "{line}: {a:?}");
    a
}

#[test]
fn fifos_devices_and_huge_files_are_refused_at_once() {
    let dir = scratch("all");
    let fifo = dir.join("pipe.sgf");
    mkfifo(&fifo);
    let link = dir.join("link.sgf");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    let huge = dir.join("huge.sgf");
    // Sparse: 17 MB long, no disk used; above hane's 16 MB cap.
    File::create(&huge).unwrap().set_len(17 << 20).unwrap();
    let fifo_s = fifo.display().to_string();
    let link_s = link.display().to_string();

    let mut e = Engine::start(&["--player", "random", "--threads", "1", "--size", "9"]);
    ok(&mut e, 1, "play b d4");
    ok(&mut e, 2, "komi 3.5");

    // No writer on the pipe: a plain open for reading would block for ever.
    let a = refused(&mut e, 10, &format!("loadsgf {fifo_s}"));
    assert!(a.contains("named pipe"), "{a}");
    refused(&mut e, 11, &format!("loadsgf {fifo_s} 3"));
    refused(&mut e, 12, &format!("loadsgf {link_s}"));
    // No reader on the pipe: a plain open for writing would block for ever.
    let a = refused(&mut e, 13, &format!("printsgf {fifo_s}"));
    assert!(a.contains("named pipe"), "{a}");
    refused(&mut e, 14, &format!("printsgf {link_s}"));

    // With a reader waiting on the pipe, printsgf still writes nothing into
    // it; with a writer, loadsgf still reads nothing from it.
    let reader = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(&fifo)
        .unwrap();
    refused(&mut e, 20, &format!("printsgf {fifo_s}"));
    let writer = OpenOptions::new().write(true).open(&fifo).unwrap();
    refused(&mut e, 21, &format!("loadsgf {fifo_s}"));
    let mut got = Vec::new();
    drop(writer);
    let _ = std::io::Read::read_to_end(&mut &reader, &mut got);
    assert!(
        got.is_empty(),
        "hane wrote {} bytes into the pipe",
        got.len()
    );
    drop(reader);

    // Devices and an oversized file.
    let a = refused(&mut e, 30, "loadsgf /dev/zero");
    assert!(a.contains("character device"), "{a}");
    refused(&mut e, 31, "loadsgf /dev/urandom");
    refused(&mut e, 32, "printsgf /dev/null");
    let a = refused(&mut e, 33, &format!("loadsgf {}", huge.display()));
    assert!(a.contains("larger than"), "{a}");
    refused(&mut e, 34, &format!("loadsgf {}", dir.display()));
    refused(&mut e, 35, &format!("printsgf {}", dir.display()));

    // Nothing changed, and the engine still works, files included.
    assert_eq!(ok(&mut e, 40, "list_stones b"), "=40 D4");
    assert_eq!(ok(&mut e, 41, "list_stones w"), "=41 ");
    let a = ok(&mut e, 42, "showboard");
    assert!(a.contains("komi 3.5") && a.contains("white to move"), "{a}");
    let good = dir.join("good.sgf");
    ok(&mut e, 43, &format!("printsgf {}", good.display()));
    let text = std::fs::read_to_string(&good).unwrap();
    assert!(text.contains(";B[df]"), "{text}");
    ok(&mut e, 44, "clear_board");
    ok(&mut e, 45, &format!("loadsgf {}", good.display()));
    assert_eq!(ok(&mut e, 46, "list_stones b"), "=46 D4");
    ok(&mut e, 47, "genmove w");
    e.finish();
    std::fs::remove_dir_all(&dir).ok();
}
