//! The strength log is a folder of files (`docs/strength-log/`) behind an
//! index (`docs/strength-log.md`), and code and docs cite its entries as
//! `docs/strength-log.md, "Title"`. This test keeps those citations
//! resolvable:
//!
//! - the index's table names exactly the files in the folder;
//! - the index's list of titles is the one `scripts/strength-log-index`
//!   writes: every section heading and every entry's bold title, under
//!   the file that holds it (the same rule for a title as the script's);
//! - every title quoted after `docs/strength-log.md` in `src/`, `scripts/`,
//!   `docs/` and the README is (case and line breaks aside) part of a
//!   heading or an entry title of some file of the log. A quote with `…`
//!   in it needs each piece to be part of one title.

use regex::Regex;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// (level, title): headings `##` (2) and `###` (3), and bold entry titles
/// (4): a paragraph that opens with `**`, up to the closing `**`, its
/// trailing `.` or `:` dropped. Lines in code fences are skipped.
fn titles(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out = Vec::new();
    let mut fenced = false;
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        if let Some(rest) = line.strip_prefix("### ") {
            out.push((3, rest.trim().to_string()));
        } else if let Some(rest) = line.strip_prefix("## ") {
            out.push((2, rest.trim().to_string()));
        } else if line.starts_with("**") && (i == 0 || lines[i - 1].trim().is_empty()) {
            let para: Vec<&str> = lines[i..]
                .iter()
                .take_while(|l| !l.trim().is_empty())
                .map(|l| l.trim())
                .collect();
            let joined = para.join(" ");
            let joined = &joined[2..];
            if let Some(end) = joined.find("**").filter(|&e| e > 0) {
                let t = joined[..end].trim().trim_end_matches(['.', ':']).trim();
                out.push((4, t.to_string()));
            }
        }
    }
    out
}

fn folder() -> PathBuf {
    Path::new(ROOT).join("docs/strength-log")
}

/// The files the index's table names, in its order.
fn table_files(index: &str) -> Vec<String> {
    let row = Regex::new(r"(?m)^\| \[`([^`]+\.md)`\]\(strength-log/([^)]+)\)").unwrap();
    row.captures_iter(index)
        .map(|c| {
            assert_eq!(&c[1], &c[2], "index row links another file than it names");
            c[1].to_string()
        })
        .collect()
}

/// Each log file's titles: file name → titles.
fn log_titles() -> BTreeMap<String, Vec<(usize, String)>> {
    let mut out = BTreeMap::new();
    for entry in fs::read_dir(folder()).expect("docs/strength-log/ exists") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            out.insert(name, titles(&read(&path)));
        }
    }
    out
}

#[test]
fn the_index_table_names_every_log_file() {
    let index = read(&Path::new(ROOT).join("docs/strength-log.md"));
    let named = table_files(&index);
    let on_disk: Vec<String> = log_titles().into_keys().collect();
    let mut sorted = named.clone();
    sorted.sort();
    assert_eq!(
        sorted, on_disk,
        "docs/strength-log.md's table of files and docs/strength-log/ differ"
    );
    assert!(
        index.contains("(retired-switches.md)"),
        "the index links retired-switches.md"
    );
}

#[test]
fn the_index_lists_every_title_under_its_file() {
    let index = read(&Path::new(ROOT).join("docs/strength-log.md"));
    let all = log_titles();
    let fix = "run scripts/strength-log-index to rewrite the list";
    for name in table_files(&index) {
        let heading = format!("### [`{name}`](strength-log/{name})");
        let start = index
            .find(&heading)
            .unwrap_or_else(|| panic!("the index has no list for {name}; {fix}"));
        let listed: Vec<&str> = index[start + heading.len()..]
            .lines()
            .take_while(|l| !l.starts_with("### ") && !l.starts_with("<!--"))
            .filter_map(|l| l.trim_start().strip_prefix("- "))
            .collect();
        let want: Vec<&str> = all[&name].iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(listed, want, "the index's titles for {name}; {fix}");
    }
}

fn normalize(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The text of a file with comment markers taken off each line and the
/// lines joined, so a quote broken over comment lines reads whole.
fn joined(path: &Path, text: &str) -> String {
    let rust = path.extension().is_some_and(|e| e == "rs");
    let markdown = path.extension().is_some_and(|e| e == "md");
    let lines = text.lines().map(|l| {
        let l = l.trim();
        if rust {
            l.trim_start_matches('/').trim_start_matches('!')
        } else if markdown {
            l
        } else {
            l.trim_start_matches('#')
        }
    });
    lines.collect::<Vec<_>>().join(" ")
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Every `docs/strength-log.md, "Title"` (also `` `docs/strength-log.md` ("Title" ``
/// and `"Title" and "Other title"`) in the sources, scripts and docs.
fn citations() -> Vec<(String, String)> {
    let root = Path::new(ROOT);
    let mut files = Vec::new();
    files_under(&root.join("src"), &mut files);
    files_under(&root.join("scripts"), &mut files);
    files_under(&root.join("docs"), &mut files);
    files.push(root.join("README.md"));
    let cite =
        Regex::new(r#"docs/strength-log\.md`?\s*[,(]\s*"([^"]+)"((?:\s+and\s+"[^"]+")*)"#).unwrap();
    let more = Regex::new(r#""([^"]+)""#).unwrap();
    let mut out = Vec::new();
    for path in files {
        let rel = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .to_string();
        let skip = rel == "docs/strength-log.md"
            || rel.starts_with("docs/strength-log/")
            || rel == "scripts/strength-log-index";
        let text_file = path
            .extension()
            .is_none_or(|e| e == "rs" || e == "md" || e == "py" || e == "sh");
        if skip || !text_file {
            continue;
        }
        let Ok(text) = fs::read_to_string(&path) else {
            continue;
        };
        if !text.contains("docs/strength-log.md") {
            continue;
        }
        let text = joined(&path, &text);
        for c in cite.captures_iter(&text) {
            out.push((rel.clone(), c[1].to_string()));
            for m in more.captures_iter(&c[2]) {
                out.push((rel.clone(), m[1].to_string()));
            }
        }
    }
    out
}

#[test]
fn every_cited_title_is_in_the_log() {
    let all: Vec<String> = log_titles()
        .into_values()
        .flatten()
        .map(|(_, t)| normalize(&t))
        .collect();
    let cited = citations();
    // The match tallies live in the docs; the code cites a few sections.
    let in_src = cited.iter().filter(|(f, _)| f.starts_with("src/")).count();
    assert!(
        cited.len() >= 10 && in_src >= 1,
        "only {} quoted citations of docs/strength-log.md found ({in_src} in src/): {cited:?}",
        cited.len()
    );
    let mut missing = Vec::new();
    for (file, quote) in &cited {
        let pieces: Vec<String> = quote
            .split('…')
            .map(normalize)
            .filter(|p| !p.is_empty())
            .collect();
        let found = all
            .iter()
            .any(|title| pieces.iter().all(|p| title.contains(p.as_str())));
        if !found {
            missing.push(format!("{file}: \"{quote}\""));
        }
    }
    assert!(
        missing.is_empty(),
        "titles cited as docs/strength-log.md, \"…\" that are no heading or entry title \
         in docs/strength-log/ (see the index's list):\n{}",
        missing.join("\n")
    );
}
