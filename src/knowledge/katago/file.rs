//! Reading KataGo's model files: a gzip stream of whitespace-separated
//! words (names, shapes, flags) in which each block of weights is either
//! text numbers (`.txt.gz`) or `@BIN@` followed by little-endian f32s
//! (`.bin.gz`). The layout of the words is KataGo's own description of its
//! models (`cpp/neuralnet/desc.cpp` and the model-version notes in
//! `modelversion.cpp`), read for the facts.

use std::fmt;
use std::io::Read;

/// Why a KataGo model file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KataError {
    /// Not a gzip stream, or a broken one.
    Gzip(String),
    /// The stream ended inside the model.
    Truncated,
    /// A word or a number is not what the layout expects there.
    Malformed(String),
    /// A model version hane does not read.
    Version(i64),
    /// A part of the model hane does not compute.
    Unsupported(String),
}

impl fmt::Display for KataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KataError::Gzip(e) => write!(f, "not a readable gzip file: {e}"),
            KataError::Truncated => write!(f, "KataGo model file is truncated"),
            KataError::Malformed(what) => write!(f, "malformed KataGo model file: {what}"),
            KataError::Version(v) => write!(
                f,
                "KataGo model version {v} is not supported (hane reads versions {} to {})",
                super::OLDEST_VERSION,
                super::NEWEST_VERSION
            ),
            KataError::Unsupported(what) => {
                write!(f, "KataGo model uses {what}, which hane does not compute")
            }
        }
    }
}

impl std::error::Error for KataError {}

/// The most bytes a model may inflate to (the largest public nets are a
/// few hundred MB of weights).
const MAX_INFLATED: u64 = 2 << 30;

/// Inflates a gzip file's bytes.
///
/// # Errors
/// Not gzip, corrupt, or larger than any model.
pub fn gunzip(bytes: &[u8]) -> Result<Vec<u8>, KataError> {
    let mut out = Vec::new();
    let decoder = flate2::read::GzDecoder::new(bytes);
    decoder
        .take(MAX_INFLATED)
        .read_to_end(&mut out)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => KataError::Truncated,
            _ => KataError::Gzip(e.to_string()),
        })?;
    Ok(out)
}

/// The words and weight blocks of an inflated model, read in order.
pub struct Words<'a> {
    data: &'a [u8],
    pos: usize,
    /// Whether weight blocks are binary (`@BIN@`) or text.
    binary: bool,
}

impl<'a> Words<'a> {
    /// A reader at the start of `data`.
    pub fn new(data: &'a [u8], binary: bool) -> Words<'a> {
        Words {
            data,
            pos: 0,
            binary,
        }
    }

    /// The next whitespace-separated word.
    ///
    /// # Errors
    /// At the end of the data, or on a word that is not text.
    pub fn word(&mut self) -> Result<&'a str, KataError> {
        while self
            .data
            .get(self.pos)
            .is_some_and(|b| b.is_ascii_whitespace())
        {
            self.pos += 1;
        }
        let start = self.pos;
        while self
            .data
            .get(self.pos)
            .is_some_and(|b| !b.is_ascii_whitespace())
        {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(KataError::Truncated);
        }
        std::str::from_utf8(&self.data[start..self.pos])
            .map_err(|_| KataError::Malformed(format!("binary data at byte {start}")))
    }

    /// The next word as an integer.
    ///
    /// # Errors
    /// As [`Words::word`], or a word that is not an integer.
    pub fn int(&mut self, what: &str) -> Result<i64, KataError> {
        let w = self.word()?;
        w.parse()
            .map_err(|_| KataError::Malformed(format!("{what}: expected an integer, found {w:?}")))
    }

    /// The next word as a count of 1 to `max`.
    ///
    /// # Errors
    /// As [`Words::int`], or out of range.
    pub fn count(&mut self, what: &str, max: usize) -> Result<usize, KataError> {
        let v = self.int(what)?;
        if v < 1 || v as u64 > max as u64 {
            return Err(KataError::Malformed(format!("{what}: {v} out of range")));
        }
        Ok(v as usize)
    }

    /// The next word as a finite number.
    ///
    /// # Errors
    /// As [`Words::word`], or a word that is not a finite number.
    pub fn float(&mut self, what: &str) -> Result<f32, KataError> {
        let w = self.word()?;
        match w.parse::<f32>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(KataError::Malformed(format!(
                "{what}: expected a number, found {w:?}"
            ))),
        }
    }

    /// The next `n` weights, every one finite.
    ///
    /// # Errors
    /// Truncated data, a missing `@BIN@` mark, or a weight that is not a
    /// finite number.
    pub fn floats(&mut self, n: usize, what: &str) -> Result<Vec<f32>, KataError> {
        let out: Vec<f32> = if self.binary {
            // Up to a few whitespace characters, then the mark.
            let mut skipped = 0;
            while self.data.get(self.pos) != Some(&b'@') {
                if self.pos >= self.data.len() {
                    return Err(KataError::Truncated);
                }
                skipped += 1;
                if skipped > 100 {
                    return Err(KataError::Malformed(format!("{what}: no @BIN@ weights")));
                }
                self.pos += 1;
            }
            if self.data.get(self.pos..self.pos + 5) != Some(b"@BIN@") {
                return Err(KataError::Malformed(format!("{what}: no @BIN@ weights")));
            }
            self.pos += 5;
            let bytes = self
                .data
                .get(self.pos..self.pos + 4 * n)
                .ok_or(KataError::Truncated)?;
            self.pos += 4 * n;
            bytes
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect()
        } else {
            (0..n).map(|_| self.float(what)).collect::<Result<_, _>>()?
        };
        if out.iter().any(|v| !v.is_finite()) {
            return Err(KataError::Malformed(format!(
                "{what}: a weight is not finite"
            )));
        }
        Ok(out)
    }

    /// Whether only whitespace is left.
    pub fn at_end(&self) -> bool {
        self.data[self.pos.min(self.data.len())..]
            .iter()
            .all(|b| b.is_ascii_whitespace())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_numbers_and_binary_blocks_read_in_order() {
        let mut data = b"name 8\n2.5\nconv @BIN@".to_vec();
        data.extend_from_slice(&1.5f32.to_le_bytes());
        data.extend_from_slice(&(-2.0f32).to_le_bytes());
        data.extend_from_slice(b"\nnext");
        let mut w = Words::new(&data, true);
        assert_eq!(w.word(), Ok("name"));
        assert_eq!(w.int("version"), Ok(8));
        assert_eq!(w.float("x"), Ok(2.5));
        assert_eq!(w.word(), Ok("conv"));
        assert_eq!(w.floats(2, "conv"), Ok(vec![1.5, -2.0]));
        assert_eq!(w.word(), Ok("next"));
        assert!(w.at_end());
        assert_eq!(w.word(), Err(KataError::Truncated));
    }

    #[test]
    fn text_weights_read_as_numbers() {
        let mut w = Words::new(b"1 -0.5 3e2", false);
        assert_eq!(w.floats(3, "x"), Ok(vec![1.0, -0.5, 300.0]));
    }

    #[test]
    fn bad_blocks_are_refused() {
        let mut data = b"@BIN@".to_vec();
        data.extend_from_slice(&1.0f32.to_le_bytes());
        assert_eq!(
            Words::new(&data, true).floats(2, "x"),
            Err(KataError::Truncated)
        );
        let mut nan = b"@BIN@".to_vec();
        nan.extend_from_slice(&f32::NAN.to_le_bytes());
        assert!(matches!(
            Words::new(&nan, true).floats(1, "x"),
            Err(KataError::Malformed(_))
        ));
        assert!(matches!(
            Words::new(b"  xyz@BAD@", true).floats(1, "x"),
            Err(KataError::Malformed(_))
        ));
        assert!(matches!(
            Words::new(b"abc", false).int("x"),
            Err(KataError::Malformed(_))
        ));
        assert!(matches!(
            Words::new(b"0", false).count("x", 9),
            Err(KataError::Malformed(_))
        ));
        assert!(matches!(
            gunzip(b"this is certainly not a gzip stream"),
            Err(KataError::Gzip(_))
        ));
    }
}
