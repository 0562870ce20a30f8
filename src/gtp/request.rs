//! A GTP input line becomes a [`Request`]: preprocessing as the
//! specification asks (sections 2.2 to 2.5), then the optional numeric id,
//! the command name and the arguments. Pure functions.

/// One command line: optional numeric id, command name, arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The id digits as sent, echoed in the answer.
    pub id: Option<String>,
    /// The command name.
    pub name: String,
    /// The arguments.
    pub args: Vec<String>,
}

/// GTP input preprocessing (spec 2.2-2.5): drop control characters other
/// than tab and newline, turn tabs into spaces, cut `#` comments, and
/// return `None` for a line with nothing left. Invalid UTF-8 is replaced,
/// so it can only fail later as an unknown command or a syntax error.
pub fn preprocess(raw: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(raw);
    let mut line = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '#' => break,
            '\t' => line.push(' '),
            c if c.is_control() => {}
            c => line.push(c),
        }
    }
    let trimmed = line.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

/// Splits a preprocessed line into id, name and arguments.
pub fn parse_request(line: &str) -> Request {
    let mut words = line.split_whitespace().map(str::to_string);
    let first = words.next().unwrap_or_default();
    let (id, name) = if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
        (Some(first), words.next().unwrap_or_default())
    } else {
        (None, first)
    };
    Request {
        id,
        name,
        args: words.collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocessing_drops_comments_controls_and_blank_lines() {
        assert_eq!(preprocess(b"  # just a comment"), None);
        assert_eq!(preprocess(b"   \t  "), None);
        assert_eq!(
            preprocess(b"\x01play\tb d4\r # why"),
            Some("play b d4".into())
        );
        // CR is a control character like any other: dropped, not a space.
        assert_eq!(preprocess(b"play b\rd4"), Some("play bd4".into()));
        assert_eq!(preprocess(b"name\x00"), Some("name".into()));
        assert!(preprocess(b"\xff\xfe name").is_some());
    }

    #[test]
    fn ids_are_kept_as_sent() {
        let r = parse_request("12 genmove b");
        assert_eq!(r.id.as_deref(), Some("12"));
        assert_eq!(r.name, "genmove");
        assert_eq!(parse_request("genmove b").id, None);
        assert_eq!(
            parse_request("99999999999999999999999 name").id.as_deref(),
            Some("99999999999999999999999")
        );
    }
}
