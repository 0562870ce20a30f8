//! The .tst format, the engine's responses, and the verdict on each one, as gogui-regress gives them.

use super::*;

// ---------------------------------------------------------------------------
// The .tst format
// ---------------------------------------------------------------------------

/// A `#? [...]` expectation.
#[derive(Debug, Clone)]
pub(crate) struct Expect {
    /// The text between the brackets, trimmed, `!` included: what gogui-regress
    /// prints as "Correct '...'".
    pub(crate) shown: String,
    /// `#? [!regex]`: passes when the response does NOT match.
    pub(crate) negate: bool,
    /// `#? [regex]*`: a known bug; failing is tolerated.
    pub(crate) expected_fail: bool,
    /// The compiled pattern, anchored so that it must match the whole response.
    pub(crate) regex: Regex,
}

/// One command line of a .tst file.
#[derive(Debug, Clone)]
pub(crate) struct TstCommand {
    /// 1-based line number in the .tst file.
    pub(crate) line: usize,
    /// The line as sent to the engine: trimmed, tabs replaced by spaces.
    pub(crate) text: String,
    /// The numeric id, if the first word is an integer: then it is a test.
    pub(crate) id: Option<i32>,
    /// The `#?` line that followed it, if any (and if not empty).
    pub(crate) expect: Option<Expect>,
}

/// `String.trim()` of Java: strips every char <= U+0020 at both ends.
pub(crate) fn java_trim(s: &str) -> &str {
    s.trim_matches(|c: char| c <= ' ')
}

/// `Regress.getId`: the integer before the first space, if it is one and is >= 0.
pub(crate) fn get_id(line: &str) -> Option<i32> {
    let index = line.find(' ')?;
    match line[..index].parse::<i32>() {
        Ok(n) if n >= 0 => Some(n),
        _ => None,
    }
}

/// Compiles a gogui-regress pattern (java.util.regex, MULTILINE|DOTALL,
/// `Matcher.matches()`, i.e. whole-string) as a Rust regex.
///
/// `\A` and `\z` are used rather than `^`/`$`: with the multi-line flag those
/// would also match at line boundaries and accept a partial match.
pub(crate) fn compile_pattern(pattern: &str) -> Result<Regex, String> {
    Regex::new(&format!(r"(?sm)\A(?:{pattern})\z")).map_err(|e| e.to_string())
}

/// Parses a `#?` line (without the `#?`), following `Regress.handleTest`.
/// `Ok(None)` for an empty pattern, which only closes the test.
pub(crate) fn parse_expect(rest: &str) -> Result<Option<Expect>, String> {
    let mut p = java_trim(rest);
    if p.is_empty() {
        return Ok(None);
    }
    let mut expected_fail = false;
    if let Some(stripped) = p.strip_suffix('*') {
        expected_fail = true;
        p = stripped;
    }
    if !p.starts_with('[') {
        return Err(format!("Pattern has no opening bracket: {p}"));
    }
    if !p.ends_with(']') || p.len() < 2 {
        return Err(format!("Pattern has no closing bracket: {p}"));
    }
    let shown = java_trim(&p[1..p.len() - 1]).to_string();
    let (negate, pattern) = match shown.strip_prefix('!') {
        Some(rest) => (true, rest.to_string()),
        None => (false, shown.clone()),
    };
    let regex = compile_pattern(&pattern).map_err(|e| format!("bad regex [{pattern}]: {e}"))?;
    Ok(Some(Expect {
        shown,
        negate,
        expected_fail,
        regex,
    }))
}

/// Parses a .tst file the way `Regress.handleLine` reads it.
///
/// Lines are trimmed; blank lines and `#` comments are skipped (and, as in
/// Regress, they close the preceding command: a `#?` must come on the very next
/// line). Unlike Regress, which would record a test with id -1, a `#?` after a
/// command without a numeric id is rejected as a mistake in the file.
pub(crate) fn parse_tst(text: &str) -> Result<Vec<TstCommand>, String> {
    let mut commands: Vec<TstCommand> = Vec::new();
    // Index of the command a `#?` line may still attach to.
    let mut open: Option<usize> = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = java_trim(raw);
        if let Some(rest) = line.strip_prefix("#?") {
            let Some(idx) = open.take() else {
                return Err(format!(
                    "line {line_no}: Response pattern without preceding test command: {line}"
                ));
            };
            if commands[idx].id.is_none() {
                return Err(format!(
                    "line {line_no}: Response pattern after a command without a numeric id: {line}"
                ));
            }
            commands[idx].expect =
                parse_expect(rest).map_err(|e| format!("line {line_no}: {e}"))?;
            continue;
        }
        open = None;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let text = line.replace('\t', " ");
        let id = get_id(&text);
        commands.push(TstCommand {
            line: line_no,
            text,
            id,
            expect: None,
        });
        open = Some(commands.len() - 1);
    }
    Ok(commands)
}

// ---------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Response {
    /// The lines of the response, without the terminating empty line.
    pub(crate) lines: Vec<String>,
    /// False if stdout ended before the empty line.
    pub(crate) terminated: bool,
}

impl Response {
    pub(crate) fn is_error(&self) -> bool {
        self.lines[0].starts_with('?')
    }

    /// The id echoed after `=`/`?`, if any.
    pub(crate) fn id(&self) -> Option<i64> {
        let digits: String = self.lines[0][1..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        digits.parse().ok()
    }

    /// What follows `=`/`?` and the id on the first line must be nothing or a
    /// space; a multi-line answer must have the space (GoGui takes the text
    /// after the first space of the whole response).
    pub(crate) fn header_problem(&self) -> Option<String> {
        let first = &self.lines[0];
        let after = first[1..].trim_start_matches(|c: char| c.is_ascii_digit());
        if after.is_empty() {
            if self.lines.len() > 1 {
                return Some(format!(
                    "multi-line response without a space after the status/id: {first:?}"
                ));
            }
            None
        } else if !after.starts_with(' ') {
            Some(format!("no space after the status/id: {first:?}"))
        } else {
            None
        }
    }

    /// The full response as GoGui's GtpClient stores it: every line followed by `\n`.
    pub(crate) fn full(&self) -> String {
        let mut s = String::new();
        for l in &self.lines {
            s.push_str(l);
            s.push('\n');
        }
        s
    }

    /// The text a `#?` pattern is matched against (`Regress.handleTest`): the
    /// full response after its first space, trimmed.
    pub(crate) fn text(&self) -> String {
        let full = self.full();
        match full.find(' ') {
            Some(i) => java_trim(&full[i..]).to_string(),
            None => String::new(),
        }
    }
}

/// Splits an engine's stdout into responses (a line starting with `=` or `?`,
/// up to the next completely empty line) and stray lines outside any response.
pub(crate) fn split_responses(stdout: &str) -> (Vec<Response>, Vec<String>) {
    let mut responses = Vec::new();
    let mut stray = Vec::new();
    let mut current: Option<Vec<String>> = None;
    let mut pieces: Vec<&str> = stdout.split('\n').collect();
    if stdout.ends_with('\n') {
        pieces.pop();
    }
    for piece in pieces {
        let line = piece.strip_suffix('\r').unwrap_or(piece);
        match current.as_mut() {
            Some(lines) => {
                if line.is_empty() {
                    responses.push(Response {
                        lines: current.take().unwrap(),
                        terminated: true,
                    });
                } else {
                    lines.push(line.to_string());
                }
            }
            None => {
                if line.starts_with('=') || line.starts_with('?') {
                    current = Some(vec![line.to_string()]);
                } else {
                    stray.push(line.to_string());
                }
            }
        }
    }
    if let Some(lines) = current {
        responses.push(Response {
            lines,
            terminated: false,
        });
    }
    (responses, stray)
}

// ---------------------------------------------------------------------------
// Verdicts
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// `passed`
    Pass,
    /// `PASSED`: a `*` test that passed (reported, tolerated).
    UnexpectedPass,
    /// `failed`: a `*` test that failed (reported, tolerated).
    ExpectedFail,
    /// `FAILED`: counts against the engine.
    Fail,
}

/// Judges one numbered test, as `Regress.handleTest`/`handleLastResponse` do.
/// Returns the verdict and the gogui-style report line (without file and id).
pub(crate) fn judge(expect: Option<&Expect>, response: &Response) -> (Verdict, String) {
    let text = response.text();
    let Some(e) = expect else {
        // No pattern: passes if the command succeeds.
        return if response.is_error() {
            let msg = if text.is_empty() {
                "unexpected FAIL".to_string()
            } else {
                format!("unexpected FAIL: '{text}'")
            };
            (Verdict::Fail, msg)
        } else {
            (Verdict::Pass, "passed".to_string())
        };
    };
    let fail = response.is_error() || e.regex.is_match(&text) == e.negate;
    let shown = &e.shown;
    let got = if response.is_error() {
        format!("? {text}")
    } else {
        text
    };
    match (fail, e.expected_fail) {
        (true, false) => (
            Verdict::Fail,
            format!("FAILED: Correct '{shown}', got '{got}'"),
        ),
        (true, true) => (
            Verdict::ExpectedFail,
            format!("failed: Correct '{shown}', got '{got}'"),
        ),
        (false, true) => (Verdict::UnexpectedPass, "PASSED".to_string()),
        (false, false) => (Verdict::Pass, "passed".to_string()),
    }
}
