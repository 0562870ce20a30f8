//! The teacher's labels for the value heads: one position a line, as
//! `scripts/label-katago` writes them (`docs/value-network.md`).
//!
//! Seven tab-separated fields: the game's id, the moves played before
//! the position, the komi, the side to move's win probability and
//! expected lead, its ownership of each point (one letter a point, `A`
//! for -1 to `Z` for +1, rows from the top as in SGF), and the teacher's
//! policy (`xy:p` in SGF coordinates, `pass:p`, space-separated).

use std::collections::HashMap;

/// One labelled position, as read.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// White's komi.
    pub komi: f32,
    /// The side to move's win probability.
    pub win: f32,
    /// The side to move's expected final lead.
    pub lead: f32,
    /// Ownership letters, rows from the top (`n * n` of them).
    owner: Vec<u8>,
    /// The teacher's policy: (point in SGF order, or `n * n` for a pass;
    /// probability).
    policy: Vec<(u16, f32)>,
}

impl Label {
    /// The board side the label was made for.
    pub fn side(&self) -> usize {
        (self.owner.len() as f64).sqrt() as usize
    }

    /// Ownership by dense index `y * n + x`, `y` from the bottom, as the
    /// network's outputs are laid out.
    pub fn owner_dense(&self, out: &mut Vec<f32>) {
        let n = self.side();
        out.clear();
        out.resize(n * n, 0.0);
        for (i, &c) in self.owner.iter().enumerate() {
            let (x, top) = (i % n, i / n);
            out[(n - 1 - top) * n + x] = f32::from(c - b'A') / 12.5 - 1.0;
        }
    }

    /// The teacher's policy by dense index (`n * n` for a pass).
    pub fn policy_dense(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        let n = self.side();
        self.policy.iter().map(move |&(i, p)| {
            let i = usize::from(i);
            if i == n * n {
                (i, p)
            } else {
                ((n - 1 - i / n) * n + i % n, p)
            }
        })
    }
}

/// Every label of a file, by game id and moves played.
#[derive(Debug, Default)]
pub struct Labels {
    map: HashMap<(String, u32), Label>,
}

impl Labels {
    /// Reads the lines of a labels file.
    ///
    /// # Errors
    /// A malformed line, with its number.
    pub fn parse(text: &str) -> Result<Labels, String> {
        let mut map = HashMap::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let (key, label) = parse_line(line).map_err(|e| format!("line {}: {e}", i + 1))?;
            map.insert(key, label);
        }
        Ok(Labels { map })
    }

    /// The label of the position after `moves` moves of game `id`.
    pub fn get(&self, id: &str, moves: u32) -> Option<&Label> {
        self.map.get(&(id.to_string(), moves))
    }

    /// Positions labelled.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// No label at all.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The labelled positions: game id and moves played, in no order.
    pub fn keys(&self) -> impl Iterator<Item = (&str, u32)> {
        self.map.keys().map(|(id, k)| (id.as_str(), *k))
    }
}

fn parse_line(line: &str) -> Result<((String, u32), Label), String> {
    let f: Vec<&str> = line.split('\t').collect();
    if f.len() != 7 {
        return Err(format!("{} fields, not 7", f.len()));
    }
    let num = |s: &str, what: &str| -> Result<f32, String> {
        s.trim()
            .parse::<f32>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| format!("bad {what} {s:?}"))
    };
    let moves: u32 = f[1]
        .parse()
        .map_err(|_| format!("bad move number {:?}", f[1]))?;
    let (komi, win, lead) = (num(f[2], "komi")?, num(f[3], "win")?, num(f[4], "lead")?);
    if !(0.0..=1.0).contains(&win) {
        return Err(format!("win {win} outside [0, 1]"));
    }
    let owner = f[5].as_bytes().to_vec();
    let n = (owner.len() as f64).sqrt() as usize;
    if n < 2 || n * n != owner.len() || owner.iter().any(|c| !c.is_ascii_uppercase()) {
        return Err("the ownership is not a square of letters A to Z".into());
    }
    let mut policy = Vec::new();
    for item in f[6].split_whitespace() {
        let (at, p) = item
            .split_once(':')
            .ok_or_else(|| format!("bad policy entry {item:?}"))?;
        let p = num(p, "probability")?;
        let index = if at == "pass" {
            n * n
        } else {
            match at.as_bytes() {
                &[x, y] if x.is_ascii_lowercase() && y.is_ascii_lowercase() => {
                    let (x, y) = (usize::from(x - b'a'), usize::from(y - b'a'));
                    if x >= n || y >= n {
                        return Err(format!("policy point {at:?} off the board"));
                    }
                    y * n + x
                }
                _ => return Err(format!("bad policy point {at:?}")),
            }
        };
        policy.push((index as u16, p));
    }
    let label = Label {
        komi,
        win,
        lead,
        owner,
        policy,
    };
    Ok(((f[0].to_string(), moves), label))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(owner: &str, policy: &str) -> String {
        format!("g1\t12\t7.5\t0.6250\t-3.50\t{owner}\t{policy}")
    }

    #[test]
    fn a_line_reads_back_into_the_networks_layout() {
        // 2x2: top row "AZ", bottom row "NM".
        let text = line("AZNM", "ba:0.7000 pass:0.1000 ab:0.2000");
        let labels = Labels::parse(&text).unwrap();
        let l = labels.get("g1", 12).expect("label");
        assert_eq!((l.komi, l.win, l.lead), (7.5, 0.625, -3.5));
        let mut o = Vec::new();
        l.owner_dense(&mut o);
        // Dense rows from the bottom: N (0.04), M (-0.04), then A (-1), Z (1).
        let want = [0.5 / 12.5, -0.5 / 12.5, -1.0, 1.0];
        for (a, b) in o.iter().zip(want) {
            assert!((a - b).abs() < 1e-6, "{o:?}");
        }
        // ba: column b, top row = dense 1 * 2 + 1; ab: column a, bottom row = 0.
        let p: Vec<(usize, f32)> = l.policy_dense().collect();
        assert_eq!(p, vec![(3, 0.7), (4, 0.1), (0, 0.2)]);
        assert!(labels.get("g1", 13).is_none());
    }

    #[test]
    fn malformed_lines_are_refused_with_their_number() {
        for bad in [
            line("AZN", ""),
            line("AZNm", ""),
            line("AZNM", "zz:0.5"),
            line("AZNM", "ab0.5"),
            "g\t1\t7.5\t1.5\t0\tAZNM\t".to_string(),
            "g\tx\t7.5\t0.5\t0\tAZNM\t".to_string(),
            "g\t1\t7.5\t0.5\t0\tAZNM".to_string(),
        ] {
            let text = format!("{}\n{bad}\n", line("AZNM", ""));
            let e = Labels::parse(&text).unwrap_err();
            assert!(e.starts_with("line 2:"), "{bad}: {e}");
        }
    }
}
