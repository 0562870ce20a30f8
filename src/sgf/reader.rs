//! Reading SGF text into the nodes of its main line, leniently where the
//! intent is clear and strictly where it is not.
//!
//! Lenient, as GoGui's and Sabaki's readers are:
//! - a byte-order mark, and any text before the first `(` that starts a
//!   game tree (`(` then `;`), are skipped;
//! - text after the first game tree (more game trees, a signature) is
//!   ignored;
//! - a file that ends outside a property value with game trees still open
//!   (a missing final `)`) is read as if they were closed;
//! - identifiers of FF\[1-3\] files keep only their capital letters
//!   (`AddBlack` is `AB`); an identifier without capitals is upper-cased.
//!
//! Refused, with the line: a file without a game tree, a file that ends
//! inside a property value, a property without a value or outside a node,
//! and any other character between properties.
//!
//! The main line is the first variation at every branch. Only its nodes
//! are kept (at most [`MAX_NODES`]); other variations are scanned, not
//! stored, and nothing here recurses, so deep or long trees cost no stack.

use super::SgfError;

/// Most nodes the main line may have. Real game records have a few
/// hundred; the cap bounds the memory a hostile file can take.
pub const MAX_NODES: usize = 100_000;

/// A property: its identifier (FF\[4\] form) and its values, unescaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Property {
    pub id: String,
    pub values: Vec<String>,
}

/// A node of the main line.
pub(super) type Node = Vec<Property>;

/// The main line of the first game tree, and what was skipped to read it.
#[derive(Clone, Debug, Default)]
pub(super) struct MainLine {
    pub nodes: Vec<Node>,
    pub notes: Vec<String>,
}

/// 1-based line number of byte `pos`.
fn line_of(text: &str, pos: usize) -> usize {
    text.as_bytes()[..pos.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

fn fail<T>(text: &str, pos: usize, what: impl std::fmt::Display) -> Result<T, SgfError> {
    Err(SgfError(format!(
        "cannot read SGF line {}: {what}",
        line_of(text, pos)
    )))
}

fn skip_space(b: &[u8], mut pos: usize) -> usize {
    while b.get(pos).is_some_and(u8::is_ascii_whitespace) {
        pos += 1;
    }
    pos
}

/// The position of the first `(` followed (after white space) by `;`.
fn find_tree(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(i) = b[from..].iter().position(|&c| c == b'(') {
        let start = from + i;
        if b.get(skip_space(b, start + 1)) == Some(&b';') {
            return Some(start);
        }
        from = start + 1;
    }
    None
}

/// The FF\[4\] identifier of an identifier as written.
fn identifier(raw: &str) -> String {
    let caps: String = raw.chars().filter(char::is_ascii_uppercase).collect();
    if caps.is_empty() {
        raw.to_ascii_uppercase()
    } else {
        caps
    }
}

/// The value starting after the `[` at `pos`: its unescaped text and the
/// position after its `]`. A backslash escapes the next character; a
/// backslash before a line break removes both (a soft line break).
fn value(text: &str, open: usize, id: &str) -> Result<(String, usize), SgfError> {
    let mut out = String::new();
    let mut chars = text[open + 1..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            ']' => return Ok((out, open + 1 + i + 1)),
            '\\' => match chars.next() {
                Some((_, '\n' | '\r')) => {}
                Some((_, e)) => out.push(e),
                None => break,
            },
            _ => out.push(c),
        }
    }
    fail(
        text,
        open,
        format!("the file ends inside the value of {id} (truncated file?)"),
    )
}

/// The property starting at `pos` (a letter) and the position after it.
fn property(text: &str, pos: usize) -> Result<(Property, usize), SgfError> {
    let b = text.as_bytes();
    let mut end = pos;
    while b.get(end).is_some_and(u8::is_ascii_alphabetic) {
        end += 1;
    }
    let raw = &text[pos..end];
    let id = identifier(raw);
    let mut values = Vec::new();
    let mut at = skip_space(b, end);
    while b.get(at) == Some(&b'[') {
        let (v, next) = value(text, at, raw)?;
        values.push(v);
        at = skip_space(b, next);
    }
    if values.is_empty() {
        return fail(text, pos, format!("property {raw} has no value"));
    }
    Ok((Property { id, values }, at))
}

/// Reads the main line of the first game tree in `text`.
///
/// # Errors
/// Text that holds no game tree or cannot be read as one; the message
/// gives the line.
pub(super) fn main_line(text: &str) -> Result<MainLine, SgfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let b = text.as_bytes();
    let Some(start) = find_tree(text) else {
        return Err(SgfError(
            "not an SGF file: no game tree, a '(' followed by ';'".into(),
        ));
    };
    let mut out = MainLine::default();
    if !text[..start].trim().is_empty() {
        out.notes.push("text before the game tree ignored".into());
    }
    let mut pos = start;
    // Open game trees; the main line is at depth `main` while `on_main`.
    let (mut depth, mut main, mut on_main) = (0usize, 0usize, true);
    // After `;` and before the next `(` or `)`: properties belong to a node.
    let mut in_node = false;
    loop {
        let Some(&c) = b.get(pos) else {
            out.notes.push(format!(
                "{depth} game tree(s) not closed: read as if the file ended with ')'"
            ));
            break;
        };
        let here = on_main && depth == main;
        match c {
            b'(' => {
                if here {
                    main += 1;
                }
                depth += 1;
                in_node = false;
                pos += 1;
            }
            b')' => {
                if here {
                    on_main = false;
                }
                depth -= 1;
                in_node = false;
                pos += 1;
                if depth == 0 {
                    let rest = text[pos..].trim();
                    if find_tree(rest) == Some(0) {
                        out.notes.push("only the first game tree is read".into());
                    } else if !rest.is_empty() {
                        out.notes.push("text after the game tree ignored".into());
                    }
                    break;
                }
            }
            b';' => {
                if here {
                    if out.nodes.len() >= MAX_NODES {
                        return fail(
                            text,
                            pos,
                            format!("more than {MAX_NODES} nodes in the main line"),
                        );
                    }
                    out.nodes.push(Vec::new());
                }
                in_node = true;
                pos += 1;
            }
            c if c.is_ascii_whitespace() => pos += 1,
            c if c.is_ascii_alphabetic() => {
                if !in_node {
                    return fail(text, pos, "a property outside a node (no ';' before it)");
                }
                let (prop, next) = property(text, pos)?;
                if here && let Some(node) = out.nodes.last_mut() {
                    node.push(prop);
                }
                pos = next;
            }
            _ => {
                let ch = text[pos..].chars().next().unwrap_or('?');
                return fail(text, pos, format!("unexpected {ch:?} between properties"));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(line: &MainLine) -> Vec<Vec<String>> {
        line.nodes
            .iter()
            .map(|n| {
                n.iter()
                    .map(|p| format!("{}[{}]", p.id, p.values.join("][")))
                    .collect()
            })
            .collect()
    }

    fn read(text: &str) -> (Vec<Vec<String>>, Vec<String>) {
        let line = main_line(text).unwrap();
        (ids(&line), line.notes)
    }

    #[test]
    fn the_main_line_is_the_first_variation_at_every_branch() {
        let (nodes, notes) = read("(;SZ[9];B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee];B[ff])) (;SZ[19])");
        assert_eq!(
            nodes,
            [vec!["SZ[9]"], vec!["B[aa]"], vec!["W[bb]"], vec!["B[cc]"]]
        );
        assert_eq!(notes, ["only the first game tree is read"]);
    }

    #[test]
    fn values_are_unescaped_and_lists_kept_in_order() {
        let (nodes, _) = read("(;C[a\\]b\\\\c\\\nd]AB[aa] [bb]\n[cc:dd])");
        assert_eq!(nodes, [vec!["C[a]b\\cd]", "AB[aa][bb][cc:dd]"]]);
    }

    #[test]
    fn old_identifiers_keep_their_capitals() {
        let (nodes, _) = read("(;AddBlack[aa]SiZe[9]b[cc];White[dd])");
        assert_eq!(nodes, [vec!["AB[aa]", "SZ[9]", "B[cc]"], vec!["W[dd]"]]);
    }

    #[test]
    fn text_around_the_tree_and_a_missing_close_are_tolerated() {
        let (nodes, notes) = read("\u{feff}Game record (by hand).\n(;SZ[9];B[ee]\n;W[cc]");
        assert_eq!(nodes, [vec!["SZ[9]"], vec!["B[ee]"], vec!["W[cc]"]]);
        assert_eq!(notes.len(), 2, "{notes:?}");
        let (nodes, notes) = read("(;SZ[9];B[ee];)\n\n---\nsignature");
        assert_eq!(nodes.len(), 3);
        assert_eq!(notes, ["text after the game tree ignored"]);
        let (_, notes) = read("(;SZ[9];B[ee]))))");
        assert_eq!(notes, ["text after the game tree ignored"]);
    }

    #[test]
    fn unreadable_text_is_refused_with_its_line() {
        for (text, want) in [
            ("", "no game tree"),
            ("not sgf (at all)", "no game tree"),
            (
                "(;SZ[9]\nC[cut off",
                "line 2: the file ends inside the value of C",
            ),
            ("(;SZ[9]\n;B", "line 2: property B has no value"),
            ("(;SZ[9](B[aa]))", "outside a node"),
            ("(;SZ[9]\n\n;B[aa]#W[bb])", "line 3: unexpected '#'"),
            ("(;SZ[9];B[aa]é)", "unexpected 'é'"),
        ] {
            let e = main_line(text).unwrap_err().0;
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }

    #[test]
    fn long_and_deep_trees_cost_no_stack_and_are_capped() {
        let deep = format!("(;{})", "(;".repeat(MAX_NODES + 1));
        assert!(main_line(&deep).unwrap_err().0.contains("nodes"));
        let ok = format!("(;{})", ";".repeat(MAX_NODES - 1));
        assert_eq!(main_line(&ok).unwrap().nodes.len(), MAX_NODES);
        // Deep side variations are scanned, not stored.
        let side = format!("(;B[aa](;W[bb])({}))", "(;".repeat(500_000));
        assert_eq!(main_line(&side).unwrap().nodes.len(), 2);
    }
}
