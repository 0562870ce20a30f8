//! The README's section on attaching hane: its bullets, the command lines in them, and the options each client program takes.

use super::*;

/// The text of the "Attaching hane" section.
pub(crate) fn section() -> &'static str {
    let start = README
        .find("\n## Attaching hane")
        .expect("README has an \"## Attaching hane\" section");
    let rest = &README[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    &rest[..end]
}

/// The top-level bullets of the section, keyed by their bold client name.
pub(crate) fn bullets() -> Vec<(String, String)> {
    let bold = Regex::new(r"^- \*\*([^*]+)\*\*").unwrap();
    let mut out: Vec<(String, String)> = Vec::new();
    for line in section().lines() {
        if let Some(c) = bold.captures(line) {
            out.push((c[1].to_string(), String::new()));
        } else if !line.is_empty() && !line.starts_with(' ') {
            // An unnamed bullet or unindented text ends the previous one.
            out.push((String::new(), String::new()));
            continue;
        }
        if let Some(last) = out.last_mut() {
            last.1.push_str(line);
            last.1.push('\n');
        }
    }
    out.retain(|(name, _)| !name.is_empty());
    out
}

/// POSIX shell words: whitespace, '…', "…" (with \" and \\), and a
/// backslash-newline continuation.
pub(crate) fn shell_words(s: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'\n') => {
                chars.next();
            }
            '\\' => {
                in_word = true;
                cur.extend(chars.next());
            }
            '\'' => {
                in_word = true;
                for d in chars.by_ref() {
                    if d == '\'' {
                        break;
                    }
                    cur.push(d);
                }
            }
            '"' => {
                in_word = true;
                while let Some(d) = chars.next() {
                    match d {
                        '"' => break,
                        '\\' if matches!(chars.peek(), Some('"' | '\\')) => {
                            cur.extend(chars.next());
                        }
                        _ => cur.push(d),
                    }
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    words
}

/// Options of GoGui 1.x (`GoGuiSettings`) and gogui-twogtp (`twogtp/Main`);
/// a trailing `:` takes a value.
pub(crate) const GOGUI_OPTIONS: &[&str] = &[
    "analyze-commands:",
    "auto",
    "command:",
    "computer-black",
    "computer-both",
    "computer-none",
    "computer-white",
    "config:",
    "gtpfile:",
    "help",
    "komi:",
    "laf:",
    "move:",
    "program:",
    "register",
    "size:",
    "time:",
    "verbose",
    "version",
];
pub(crate) const TWOGTP_OPTIONS: &[&str] = &[
    "alternate",
    "analyze:",
    "auto",
    "black:",
    "compare",
    "config:",
    "debugtocomment",
    "force",
    "games:",
    "handicap:",
    "help",
    "komi:",
    "maxmoves:",
    "observer:",
    "openings:",
    "referee:",
    "sgffile:",
    "size:",
    "threads:",
    "time:",
    "verbose",
    "version",
    "white:",
    "xml",
];

/// Parses `-opt [value]` words against an option list; returns the
/// (option, value) pairs or the first problem.
pub(crate) fn parse_options(
    words: &[String],
    spec: &[&str],
) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        let name = w
            .strip_prefix('-')
            .ok_or_else(|| format!("stray argument {w:?}"))?;
        if spec.contains(&name) {
            out.push((name.to_string(), String::new()));
            i += 1;
        } else if spec.contains(&format!("{name}:").as_str()) {
            let v = words
                .get(i + 1)
                .ok_or_else(|| format!("-{name} needs a value"))?;
            out.push((name.to_string(), v.clone()));
            i += 2;
        } else {
            return Err(format!("unknown option -{name}"));
        }
    }
    Ok(out)
}

/// One hane invocation found in the README: the client and the arguments.
#[derive(Debug, Clone)]
pub(crate) struct Invocation {
    pub(crate) client: String,
    pub(crate) args: Vec<String>,
    /// Where it came from, for messages.
    pub(crate) source: String,
}

/// hane's arguments from a command string that starts with the path.
pub(crate) fn hane_args(cmd: &str, source: &str) -> Vec<String> {
    assert!(
        !cmd.contains(['"', '\'', '\\']),
        "{source}: quotes inside a hane command line: {cmd:?}"
    );
    let words: Vec<String> = cmd.split_whitespace().map(String::from).collect();
    assert_eq!(words.first().map(String::as_str), Some(HANE), "{source}");
    words[1..].to_vec()
}

/// Every hane invocation in the section, checking the GoGui and twogtp
/// shell lines on the way.
pub(crate) fn invocations() -> Vec<Invocation> {
    let fence = Regex::new(r"(?s)```[a-z]*\n(.*?)```").unwrap();
    let inline = Regex::new(r"`([^`\n]+)`").unwrap();
    let mut out = Vec::new();
    for (client, text) in bullets() {
        let mut spans: Vec<String> = fence
            .captures_iter(&text)
            .map(|c| c[1].to_string())
            .collect();
        let rest = fence.replace_all(&text, "");
        spans.extend(inline.captures_iter(&rest).map(|c| c[1].to_string()));
        let mut bare_path = false;
        let mut arg_fields = Vec::new();
        for span in &spans {
            let span = span.trim();
            let words = shell_words(span);
            let first = words.first().map(String::as_str).unwrap_or("");
            match first {
                "gogui" | "gogui-twogtp" => {
                    let spec = if first == "gogui" {
                        GOGUI_OPTIONS
                    } else {
                        TWOGTP_OPTIONS
                    };
                    let opts = parse_options(&words[1..], spec)
                        .unwrap_or_else(|e| panic!("{client}: `{span}`: {e}"));
                    for (opt, value) in opts {
                        if value.starts_with(HANE) {
                            let source = format!("{client}: {first} -{opt}");
                            out.push(Invocation {
                                client: format!("{first} -{opt}"),
                                args: hane_args(&value, &source),
                                source,
                            });
                        } else if ["black", "white", "referee", "observer"].contains(&opt.as_str())
                        {
                            check_other_program(&client, &opt, &value);
                        }
                    }
                }
                _ if span == HANE => bare_path = true,
                _ if span.starts_with(HANE) => {
                    let source = format!("{client}: `{span}`");
                    out.push(Invocation {
                        client: client.clone(),
                        args: hane_args(span, &source),
                        source,
                    });
                }
                _ if span.starts_with("--") => arg_fields.push(span.to_string()),
                _ => {}
            }
        }
        // Sabaki: a path field and separate argument fields.
        if bare_path {
            assert!(
                !arg_fields.is_empty(),
                "{client}: a path but no `--…` arguments"
            );
            for a in arg_fields {
                let source = format!("{client}: path + arguments `{a}`");
                out.push(Invocation {
                    client: client.clone(),
                    args: hane_args(&format!("{HANE} {a}"), &source),
                    source,
                });
            }
        }
    }
    out
}

/// The other programs of a twogtp line (GNU Go) must at least start with
/// those arguments and answer `name`, when GNU Go is installed.
pub(crate) fn check_other_program(client: &str, opt: &str, value: &str) {
    let words = shell_words(value);
    let Some(prog) = words.first() else {
        panic!("{client}: -{opt} is empty")
    };
    // `$GNUGO` for gnugo (as in the scripts), else the name on PATH.
    let path = match std::env::var("GNUGO") {
        Ok(p) if prog == "gnugo" && !p.is_empty() => p,
        _ => prog.clone(),
    };
    if std::process::Command::new(&path)
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("{client}: -{opt} {value:?}: {prog} not installed, not run");
        return;
    }
    let out = std::process::Command::new(&path)
        .args(&words[1..])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(b"name\nquit\n")?;
            c.wait_with_output()
        })
        .unwrap_or_else(|e| panic!("{client}: -{opt} {value:?}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.starts_with("= "),
        "{client}: -{opt} {value:?}: {stdout:?} {:?}",
        String::from_utf8_lossy(&out.stderr)
    );
}
