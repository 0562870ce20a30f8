//! The network file: `HANENET1` (trunk and policy head) or `HANENET2`
//! (with the value heads), a header of little-endian words and every
//! weight as an f32, and why a file is refused.

use super::{Net, PLANES, heads, param_count};
use std::fmt;

/// File magic of a network without value heads.
const MAGIC: &[u8; 8] = b"HANENET1";
/// File magic of a network with value heads ([`heads`]).
const MAGIC_HEADS: &[u8; 8] = b"HANENET2";

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// Not a hane network file (wrong magic).
    NotANet,
    /// Made for another number of input planes.
    Planes {
        /// The file's.
        found: u32,
    },
    /// A shape no network has (no channels, or absurdly large).
    Shape,
    /// The file's length does not match its shape.
    Length,
    /// A weight is not a finite number.
    NotFinite,
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::NotANet => write!(f, "not a hane network file"),
            NetError::Planes { found } => write!(
                f,
                "network made for {found} input planes, but this hane computes {PLANES}: retrain it with `hane train-net`"
            ),
            NetError::Shape => write!(f, "network file with an impossible shape"),
            NetError::Length => write!(f, "network file of the wrong length for its shape"),
            NetError::NotFinite => write!(f, "network file with a weight that is not finite"),
        }
    }
}

impl std::error::Error for NetError {}

impl Net {
    /// The network as bytes: magic, planes, channels and blocks (u32 LE),
    /// the heads' hidden units if it has heads (`HANENET2`), then every
    /// weight (f32 LE).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(24 + 4 * self.params.len());
        let mut header = vec![PLANES, self.channels, self.blocks];
        if self.hidden > 0 {
            out.extend_from_slice(MAGIC_HEADS);
            header.push(self.hidden);
        } else {
            out.extend_from_slice(MAGIC);
        }
        for v in header {
            out.extend_from_slice(&(v as u32).to_le_bytes());
        }
        for w in &self.params {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// Reads a network written by [`Net::to_bytes`].
    ///
    /// # Errors
    /// Another file, another input, an impossible shape, a wrong length
    /// or a weight that is not finite.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        let words = match bytes.get(..8) {
            Some(m) if m == MAGIC => 3,
            Some(m) if m == MAGIC_HEADS => 4,
            _ => return Err(NetError::NotANet),
        };
        let header = 8 + 4 * words;
        if bytes.len() < header {
            return Err(NetError::Length);
        }
        let word = |i: usize| {
            let mut b = [0u8; 4];
            b.copy_from_slice(&bytes[8 + 4 * i..12 + 4 * i]);
            u32::from_le_bytes(b)
        };
        let (planes, channels, blocks) = (word(0), word(1), word(2));
        let hidden = if words == 4 { word(3) as usize } else { 0 };
        if planes as usize != PLANES {
            return Err(NetError::Planes { found: planes });
        }
        let (channels, blocks) = (channels as usize, blocks as usize);
        if !Net::shape_ok(channels, blocks)
            || hidden > heads::MAX_HIDDEN
            || (words == 4 && hidden == 0)
        {
            return Err(NetError::Shape);
        }
        let body = &bytes[header..];
        if body.len() != 4 * param_count(channels, blocks, hidden) {
            return Err(NetError::Length);
        }
        let params: Vec<f32> = body
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if params.iter().any(|w| !w.is_finite()) {
            return Err(NetError::NotFinite);
        }
        Ok(Net::with_params(channels, blocks, hidden, params))
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// An unreadable file or one [`Net::from_bytes`] refuses, with the path.
    pub fn from_file(path: &str) -> Result<Net, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        Net::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_network_reads_back_what_it_wrote() {
        let mut net = Net::new(4, 1, 3);
        let at = net.head_at();
        net.params[at] = 0.25;
        let bytes = net.to_bytes();
        assert_eq!(Net::from_bytes(&bytes), Ok(net));
        assert_eq!(
            Net::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetError::Length)
        );
        assert_eq!(
            Net::from_bytes(b"HANEMODEL..........."),
            Err(NetError::NotANet)
        );
        let mut bad = bytes.clone();
        bad[8] = 99;
        assert_eq!(Net::from_bytes(&bad), Err(NetError::Planes { found: 99 }));
        let mut nan = bytes;
        let end = nan.len();
        nan[end - 4..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert_eq!(Net::from_bytes(&nan), Err(NetError::NotFinite));
    }

    #[test]
    fn a_network_with_heads_reads_back_what_it_wrote() {
        let mut net = Net::new(4, 1, 3).with_heads(6, 2);
        let at = net.heads_at().expect("heads");
        net.params[at.fc2] = 0.5;
        let bytes = net.to_bytes();
        assert_eq!(&bytes[..8], b"HANENET2");
        assert_eq!(Net::from_bytes(&bytes), Ok(net));
        for cut in [bytes.len() - 4, 22, 9] {
            assert_eq!(
                Net::from_bytes(&bytes[..cut]),
                Err(NetError::Length),
                "{cut}"
            );
        }
        let mut none = bytes.clone();
        none[20..24].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(Net::from_bytes(&none), Err(NetError::Shape));
    }
}
