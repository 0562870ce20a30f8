//! A read-only hash map from 64-bit keys to strengths, built once when a
//! model loads: open addressing, linear probing, no allocation on lookup.

/// Marks an empty slot (a key the model never stores).
pub const NO_KEY: u64 = u64::MAX;

/// Keys to `f32` values.
#[derive(Clone, Debug, Default)]
pub struct Table {
    keys: Vec<u64>,
    values: Vec<f32>,
    shift: u32,
    len: usize,
}

#[inline]
fn slot(key: u64, shift: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
}

impl Table {
    /// A table holding `entries` (keys equal to [`NO_KEY`] are dropped;
    /// a repeated key keeps its last value).
    pub fn new(entries: &[(u64, f32)]) -> Table {
        let cap = (entries.len() * 2).next_power_of_two().max(16);
        let shift = 64 - cap.trailing_zeros();
        let mut t = Table {
            keys: vec![NO_KEY; cap],
            values: vec![0.0; cap],
            shift,
            len: 0,
        };
        for &(k, v) in entries {
            if k == NO_KEY {
                continue;
            }
            let mask = cap - 1;
            let mut i = slot(k, shift);
            while t.keys[i] != NO_KEY && t.keys[i] != k {
                i = (i + 1) & mask;
            }
            if t.keys[i] == NO_KEY {
                t.len += 1;
            }
            t.keys[i] = k;
            t.values[i] = v;
        }
        t
    }

    /// The value of `key`, if stored.
    #[inline]
    pub fn get(&self, key: u64) -> Option<f32> {
        if self.keys.is_empty() || key == NO_KEY {
            return None;
        }
        let mask = self.keys.len() - 1;
        let mut i = slot(key, self.shift);
        loop {
            let k = self.keys[i];
            if k == key {
                return Some(self.values[i]);
            }
            if k == NO_KEY {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True if no key is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_it_holds_and_nothing_else() {
        let entries: Vec<(u64, f32)> = (0..1000u64).map(|k| (k * 7919, k as f32)).collect();
        let t = Table::new(&entries);
        assert_eq!(t.len(), 1000);
        for &(k, v) in &entries {
            assert_eq!(t.get(k), Some(v));
        }
        assert_eq!(t.get(1), None);
        assert_eq!(t.get(NO_KEY), None);
        assert_eq!(Table::default().get(0), None);
        assert!(Table::new(&[]).is_empty());
    }
}
