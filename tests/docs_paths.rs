//! `docs/architecture.md` names files and folders in backticks; this test
//! fails when one of them is gone, so a move of files comes with its
//! update of the map.
//!
//! A path-looking token (one with a `/`, or a name with an extension
//! such as `.rs`, `.md`, `.py`, `.txt`) resolves if it exists:
//! - from the repository's root or from `src/`;
//! - in a table row, under the folders its first cell names (the module
//!   `search/` makes `tree.rs` mean `src/search/tree.rs`; `tests/` makes
//!   `gtp_suite.rs` mean `tests/gtp_suite.rs`); a bare name nested in a
//!   subfolder of the row (`board/`: … `chain.rs`) is looked for anywhere
//!   under the row's folders;
//! - in a paragraph or list item, in the folder of a path named earlier
//!   in the same paragraph (`search/worker.rs` … `select.rs`); a bare name
//!   in a paragraph that names no folder is looked for anywhere under
//!   `src/`.
//!
//! A `*` in a token (`gtp-tests/*.tst`) needs its folder to exist.

use regex::Regex;
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const DOC: &str = "docs/architecture.md";

/// Folders at the repository's root that a token may start with.
const ROOT_FOLDERS: [&str; 6] = ["src/", "tests/", "docs/", "scripts/", "gtp-tests/", ".ci/"];

fn path_like(token: &str) -> bool {
    let shape = Regex::new(r"^[A-Za-z0-9_.*-]+(/[A-Za-z0-9_.*-]*)*$").unwrap();
    let ext = Regex::new(r"\.(rs|md|py|sh|txt|tst|toml|model|net)$").unwrap();
    shape.is_match(token)
        && !token.starts_with('-')
        && !token.starts_with('.')
        && (token.contains('/') || ext.is_match(token))
}

/// The file or folder a token names from `base`, if it exists (a `*`
/// needs only the folder before it).
fn exists_from(base: &Path, token: &str) -> bool {
    if let Some(star) = token.find('*') {
        let dir = &token[..token[..star].rfind('/').map_or(0, |i| i + 1)];
        return base.join(dir).is_dir();
    }
    base.join(token.trim_end_matches('/')).exists()
}

/// Does a file or folder named `name` exist anywhere under `dir`?
fn anywhere_under(dir: &Path, name: &str) -> bool {
    let Ok(entries) = fs::read_dir(dir) else {
        return false;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path
            .file_name()
            .is_some_and(|n| n == name.trim_end_matches('/'))
        {
            return true;
        }
        if path.is_dir() && anywhere_under(&path, name) {
            return true;
        }
    }
    false
}

/// The folder a path token stands for, from the root or from `src/`.
fn folder_of(root: &Path, token: &str) -> Option<PathBuf> {
    if token.contains('*') {
        return None;
    }
    let dir = if token.ends_with('/') {
        token.trim_end_matches('/').to_string()
    } else {
        match token.rfind('/') {
            Some(i) => token[..i].to_string(),
            None => String::new(),
        }
    };
    let from_root = ROOT_FOLDERS.iter().any(|f| token.starts_with(f));
    let base = if from_root {
        root.join(&dir)
    } else {
        root.join("src").join(&dir)
    };
    base.is_dir().then_some(base)
}

fn tokens(text: &str) -> Vec<String> {
    let tick = Regex::new(r"`([^`\n]+)`").unwrap();
    tick.captures_iter(text)
        .map(|c| c[1].to_string())
        .filter(|t| path_like(t))
        .collect()
}

/// The doc in blocks: each table row, and each paragraph or list item
/// (a list item ends at the next item or a blank line), with its line.
fn blocks(doc: &str) -> Vec<(usize, bool, String)> {
    let mut out: Vec<(usize, bool, String)> = Vec::new();
    let mut open = false;
    for (i, line) in doc.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            open = false;
            continue;
        }
        if trimmed.starts_with('|') {
            out.push((i + 1, true, line.to_string()));
            open = false;
            continue;
        }
        let item = trimmed.starts_with("- ")
            || trimmed
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok());
        if open && !item {
            let last = out.last_mut().unwrap();
            last.2.push(' ');
            last.2.push_str(trimmed);
        } else {
            out.push((i + 1, false, trimmed.to_string()));
            open = true;
        }
    }
    out
}

#[test]
fn every_path_in_architecture_md_exists() {
    let root = Path::new(ROOT);
    let doc = fs::read_to_string(root.join(DOC)).expect("docs/architecture.md");
    let src = root.join("src");
    let mut missing = Vec::new();
    let mut checked = 0;
    for (line, is_row, text) in blocks(&doc) {
        let mut bases: Vec<PathBuf> = Vec::new();
        if is_row {
            let first = text
                .trim()
                .trim_start_matches('|')
                .split('|')
                .next()
                .unwrap_or("");
            for t in tokens(first) {
                bases.extend(folder_of(root, &t));
            }
        }
        for token in tokens(&text) {
            checked += 1;
            let mut found = exists_from(root, &token)
                || exists_from(&src, &token)
                || bases.iter().any(|b| exists_from(b, &token));
            if !found && is_row && !token.contains('/') {
                found = bases.iter().any(|b| anywhere_under(b, &token));
            }
            if !found && !token.contains('/') && bases.is_empty() {
                found = anywhere_under(&src, &token);
            }
            if !is_row {
                // Later bare names in this paragraph may be relative to
                // this token's folder.
                bases.extend(folder_of(root, &token));
            }
            if !found {
                missing.push(format!("{DOC}:{line}: `{token}`"));
            }
        }
    }
    assert!(checked > 100, "only {checked} paths found in {DOC}");
    assert!(
        missing.is_empty(),
        "{DOC} names files or folders that do not exist; update the map:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_rules_are_strict_enough() {
    let root = Path::new(ROOT);
    assert!(path_like("search/tree.rs") && path_like("gtp/session/") && path_like("hane.model"));
    assert!(!path_like("Session::execute") && !path_like("--net") && !path_like("12 genmove b"));
    assert!(exists_from(root, "gtp-tests/*.tst") && !exists_from(root, "no-such/*.tst"));
    assert!(anywhere_under(&root.join("src/rules"), "chain.rs"));
    assert!(!anywhere_under(&root.join("src/rules"), "worker.rs"));
}
