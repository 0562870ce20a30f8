//! The README's reference tables against the binary: its options table
//! names exactly the options `hane --help` lists, every subcommand is named
//! as `hane NAME`, and its GTP table names exactly the commands
//! `list_commands` answers, each of them also described in `docs/gtp.md`.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};

const README: &str = include_str!("../README.md");
const GTP_DOC: &str = include_str!("../docs/gtp.md");

fn hane(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hane"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("hane starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "hane {args:?} failed");
    String::from_utf8(out.stdout).unwrap()
}

/// The README section that starts with `## NAME`, up to the next `## `.
fn section(name: &str) -> &'static str {
    let head = format!("\n## {name}\n");
    let start = README
        .find(&head)
        .unwrap_or_else(|| panic!("README has a \"## {name}\" section"))
        + 1;
    let rest = &README[start..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    &rest[..end]
}

/// The backticked spans of the first cell of each table row.
fn first_cells(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("| `")) {
        let cell = line[2..].split(" | ").next().unwrap_or("");
        for (i, part) in cell.split('`').enumerate() {
            if i % 2 == 1 {
                out.push(part.replace("\\|", "|"));
            }
        }
    }
    out
}

/// What `a` holds and `b` does not.
fn diff<'a>(a: &'a BTreeSet<String>, b: &BTreeSet<String>) -> Vec<&'a str> {
    a.iter()
        .filter(|x| !b.contains(*x))
        .map(String::as_str)
        .collect()
}

#[test]
fn the_options_table_names_every_option() {
    let help = hane(&["--help"], "");
    let mut cli = BTreeSet::new();
    for line in help.lines() {
        let t = line.trim_start();
        if t.starts_with('-') {
            for word in t.split([',', ' ', '[', '=', '<']) {
                if let Some(name) = word.strip_prefix("--") {
                    cli.insert(name.trim_end_matches("...").to_string());
                }
            }
        }
    }
    for builtin in ["help", "version"] {
        cli.remove(builtin);
    }
    assert!(cli.len() > 15, "too few options found in --help: {cli:?}");
    let mut readme = BTreeSet::new();
    for cell in first_cells(section("Options")) {
        let word = cell.split([' ', '[', '=']).next().unwrap_or("");
        if let Some(name) = word.strip_prefix("--") {
            readme.insert(name.to_string());
        } else if word == "-v" {
            readme.insert("verbose".to_string());
        }
    }
    assert_eq!(
        (diff(&readme, &cli), diff(&cli, &readme)),
        (vec![], vec![]),
        "options (in the README's table only, in `hane --help` only)"
    );
}

#[test]
fn every_subcommand_is_named_in_the_readme() {
    let help = hane(&["--help"], "");
    let commands = help
        .split("Commands:\n")
        .nth(1)
        .expect("`hane --help` lists its commands");
    let mut missing = Vec::new();
    for line in commands.lines().take_while(|l| !l.trim().is_empty()) {
        let name = line.split_whitespace().next().unwrap_or("");
        if name != "help" && !README.contains(&format!("`hane {name}`")) {
            missing.push(name.to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "subcommands the README never names as `hane NAME`: {missing:?}"
    );
}

#[test]
fn the_gtp_table_names_every_command() {
    let answer = hane(&[], "list_commands\nquit\n");
    let listed: BTreeSet<String> = answer
        .trim_start_matches('=')
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty() && l != "=")
        .collect();
    assert!(
        listed.contains("genmove") && listed.len() > 40,
        "{listed:?}"
    );
    let mut table = BTreeSet::new();
    for cell in first_cells(section("GTP commands")) {
        if cell.contains(['|', '…']) {
            // `final_status_list alive|dead|…`: a command and its argument.
            table.insert(cell.split(' ').next().unwrap().to_string());
        } else {
            table.extend(cell.split_whitespace().map(String::from));
        }
    }
    assert_eq!(
        (diff(&table, &listed), diff(&listed, &table)),
        (vec![], vec![]),
        "GTP commands (in the README's table only, in `list_commands` only)"
    );
    // Words of docs/gtp.md's backticked spans (its standard commands are
    // one span).
    let words: BTreeSet<&str> = GTP_DOC
        .split('`')
        .skip(1)
        .step_by(2)
        .flat_map(|span| span.split_whitespace())
        .collect();
    let undocumented: Vec<&String> = listed
        .iter()
        .filter(|c| !words.contains(c.as_str()))
        .collect();
    assert!(
        undocumented.is_empty(),
        "commands docs/gtp.md never names: {undocumented:?}"
    );
}
