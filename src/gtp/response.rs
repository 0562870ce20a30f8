//! Response framing: `=id text` or `?id message`, then one empty line.

use super::error::GtpError;

/// Frames an answer. Lines are stripped of trailing spaces and empty lines
/// inside a multi-line answer are dropped, because an empty line ends the
/// response for every client; a first line may be empty (`showboard`).
pub fn format(id: Option<&str>, result: &Result<String, GtpError>) -> String {
    let (mark, text) = match result {
        Ok(t) => ('=', t.clone()),
        Err(e) => ('?', e.to_string()),
    };
    let mut lines = text.split('\n').map(str::trim_end);
    let first = lines.next().unwrap_or("");
    let mut out = format!("{mark}{} {first}", id.unwrap_or(""));
    for line in lines.filter(|l| !l.trim().is_empty()) {
        out.push('\n');
        out.push_str(line);
    }
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn framing() {
        assert_eq!(format(None, &Ok(String::new())), "= \n\n");
        assert_eq!(format(Some("10"), &Ok("C5".into())), "=10 C5\n\n");
        assert_eq!(
            format(Some("3"), &Err(GtpError::IllegalMove)),
            "?3 illegal move\n\n"
        );
        assert_eq!(format(None, &Ok("\n a \n\n b".into())), "= \n a\n b\n\n");
    }
}
