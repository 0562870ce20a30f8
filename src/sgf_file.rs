//! Opening the files `loadsgf` reads and `printsgf FILE` writes, guarded
//! against paths that are not regular files.
//!
//! A named pipe (FIFO) blocks `open` for reading until a writer appears and
//! `open` for writing until a reader appears; a character device such as
//! `/dev/zero` or a terminal never ends. Either would hang the GTP loop.
//! So both directions look at the file type first (`stat`, which never
//! blocks), open with `O_NONBLOCK` (so a FIFO swapped in after the check
//! still cannot block the `open`), then check the type of what was really
//! opened and refuse anything but a regular file. Reads are capped at
//! [`MAX_SGF_BYTES`].

use std::fs::{File, Metadata, OpenOptions};
use std::io::{Read, Write};
use std::path::Path;

/// Largest SGF file `loadsgf` reads.
pub const MAX_SGF_BYTES: u64 = 16 << 20;

/// A file type in words, for the refusal.
fn kind(meta: &Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a named pipe"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    }
}

/// Refuses anything but a regular file.
fn regular(path: &str, meta: &Metadata) -> Result<(), String> {
    if meta.is_file() {
        Ok(())
    } else {
        Err(format!(
            "{path} is {}: hane reads and writes only regular files",
            kind(meta)
        ))
    }
}

fn nonblocking(opts: &mut OpenOptions) -> &mut OpenOptions {
    use std::os::unix::fs::OpenOptionsExt;
    opts.custom_flags(libc::O_NONBLOCK)
}

/// The bytes of the regular file at `path`, at most [`MAX_SGF_BYTES`].
///
/// # Errors
/// A missing or unreadable path, anything but a regular file (directory,
/// FIFO, device, socket), or a file larger than the cap; the message says
/// which.
pub fn read(path: &str) -> Result<Vec<u8>, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot open {path}: {e}"))?;
    regular(path, &meta)?;
    if meta.len() > MAX_SGF_BYTES {
        return Err(too_large(path));
    }
    let file = nonblocking(OpenOptions::new().read(true))
        .open(path)
        .map_err(|e| format!("cannot open {path}: {e}"))?;
    let meta = file
        .metadata()
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    regular(path, &meta)?;
    let mut bytes = Vec::new();
    file.take(MAX_SGF_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    if bytes.len() as u64 > MAX_SGF_BYTES {
        return Err(too_large(path));
    }
    Ok(bytes)
}

fn too_large(path: &str) -> String {
    format!("{path} is larger than {MAX_SGF_BYTES} bytes")
}

/// Writes `text` to `path`, creating a regular file or replacing the
/// contents of an existing one.
///
/// # Errors
/// An unwritable path or an existing path that is not a regular file
/// (nothing is written then).
pub fn write(path: &str, text: &str) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write {path}: {e}");
    match std::fs::metadata(path) {
        Ok(meta) => regular(path, &meta)?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(fail(e)),
    }
    // No O_TRUNC: truncate only once the opened file is known to be regular.
    let mut file: File = nonblocking(OpenOptions::new().write(true).create(true))
        .open(Path::new(path))
        .map_err(fail)?;
    regular(path, &file.metadata().map_err(fail)?)?;
    file.set_len(0).map_err(fail)?;
    file.write_all(text.as_bytes()).map_err(fail)?;
    file.flush().map_err(fail)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("hane-sgf_file-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn regular_files_round_trip_and_are_replaced() {
        let dir = scratch("rt");
        let p = dir.join("a.sgf");
        let p = p.to_str().unwrap();
        write(p, "(;SZ[9]C[a long first version])").unwrap();
        write(p, "(;SZ[9])").unwrap();
        assert_eq!(read(p).unwrap(), b"(;SZ[9])");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn devices_and_directories_are_refused() {
        let dir = scratch("dev");
        let d = dir.to_str().unwrap();
        assert!(read(d).unwrap_err().contains("a directory"));
        assert!(write(d, "x").unwrap_err().contains("a directory"));
        assert!(read("/dev/zero").unwrap_err().contains("character device"));
        assert!(
            write("/dev/null", "x")
                .unwrap_err()
                .contains("character device")
        );
        assert!(
            read("/nonexistent-hane/x")
                .unwrap_err()
                .contains("cannot open")
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn oversized_files_are_refused_before_reading() {
        let dir = scratch("big");
        let p = dir.join("big.sgf");
        let f = File::create(&p).unwrap();
        // Sparse: no disk space used.
        f.set_len(MAX_SGF_BYTES + 1).unwrap();
        let e = read(p.to_str().unwrap()).unwrap_err();
        assert!(e.contains("larger than"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
