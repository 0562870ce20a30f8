//! The search's constants by name: setting them for experiments and
//! tuning (`hane --tune NAME=VALUE`, `hane balance --variant`, the lab's
//! scripts) and reading them back. What each one is, its defaults on
//! each board size and where they come from: `docs/tuning.md` (checked
//! against the code by this module's tests) and [`SearchParams`].

use super::SearchParams;

impl SearchParams {
    /// The names [`SearchParams::set`] knows, for experiments and tuning
    /// (`hane --tune NAME=VALUE`).
    pub const TUNABLE: [&'static str; 21] = [
        "rave_equiv",
        "losing_rave_equiv",
        "losing_below",
        "last_good_reply",
        "value_mix",
        "expand_visits",
        "prior_even",
        "prior_pattern",
        "distance_power",
        "answer_percent",
        "tenuki_percent",
        "selfatari_percent",
        "race_percent",
        "ladder_lines",
        "big_chain_stones",
        "points_per_move",
        "owner_prior",
        "owner_warmup",
        "net_prior",
        "net_visits",
        "count_kept",
    ];

    /// Sets one constant by name. The prior weights `prior_even` and
    /// `prior_pattern`, unset, follow the board size
    /// ([`PriorParams::for_size`](crate::knowledge::priors::PriorParams::for_size));
    /// setting one fixes that one alone.
    ///
    /// # Errors
    /// An unknown name, or a value out of range.
    pub fn set(&mut self, name: &str, value: f64) -> Result<(), String> {
        if !value.is_finite() || value < 0.0 {
            return Err(format!("{name}: {value} is not a non-negative number"));
        }
        match name {
            "rave_equiv" => self.rave_equiv = value.max(1.0),
            "losing_rave_equiv" => self.losing_rave_equiv = value,
            "losing_below" => self.losing_below = value.min(1.0),
            "value_mix" => self.value_mix = value.min(1.0),
            "last_good_reply" => self.last_good_reply = value != 0.0,
            "expand_visits" => self.expand_visits = (value as u32).max(1),
            "prior_even" => self.prior_even = Some((value as u32).min(1000)),
            "prior_pattern" => self.prior_pattern = Some((value as f32).min(10_000.0)),
            "distance_power" => self.distance_power = (value as f32).clamp(0.0, 4.0),
            "answer_percent" => self.tactics.answer_percent = (value as u32).min(100),
            "tenuki_percent" => self.tactics.tenuki_percent = (value as u32).min(10_000),
            "selfatari_percent" => self.tactics.selfatari_percent = (value as u32).min(100),
            "race_percent" => self.tactics.race_percent = (value as u32).min(100),
            "ladder_lines" => self.tactics.ladder_lines = (value as u32).min(25),
            "big_chain_stones" => self.tactics.big_chain_stones = (value as u32).min(1000),
            "points_per_move" => self.points_per_move = value.clamp(0.5, 20.0),
            "owner_prior" => self.owner_prior = value.min(4.0),
            "owner_warmup" => self.owner_warmup = (value as u32).min(100_000),
            "net_prior" => self.net_prior = value != 0.0,
            "net_visits" => self.net_visits = (value as u32).min(1_000_000),
            "count_kept" => self.count_kept = value != 0.0,
            _ => {
                return Err(format!(
                    "unknown search constant {name:?}; known: {}",
                    Self::TUNABLE.join(", ")
                ));
            }
        }
        Ok(())
    }

    /// The value of one constant by name, as [`Self::set`] takes it
    /// (switches as 0 or 1), on a board of `size` lines: the prior weights
    /// left unset follow the board size, as the search reads them.
    ///
    /// # Errors
    /// An unknown name.
    pub fn get(&self, name: &str, size: usize) -> Result<f64, String> {
        let priors = self.prior_params(size);
        let t = &self.tactics;
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        Ok(match name {
            "rave_equiv" => self.rave_equiv,
            "losing_rave_equiv" => self.losing_rave_equiv,
            "losing_below" => self.losing_below,
            "value_mix" => self.value_mix,
            "last_good_reply" => flag(self.last_good_reply),
            "expand_visits" => self.expand_visits.into(),
            "prior_even" => priors.even.into(),
            "prior_pattern" => priors.pattern.into(),
            "distance_power" => self.distance_power.into(),
            "answer_percent" => t.answer_percent.into(),
            "tenuki_percent" => t.tenuki_percent.into(),
            "selfatari_percent" => t.selfatari_percent.into(),
            "race_percent" => t.race_percent.into(),
            "ladder_lines" => t.ladder_lines.into(),
            "big_chain_stones" => t.big_chain_stones.into(),
            "points_per_move" => self.points_per_move,
            "owner_prior" => self.owner_prior,
            "owner_warmup" => self.owner_warmup.into(),
            "net_prior" => flag(self.net_prior),
            "net_visits" => self.net_visits.into(),
            "count_kept" => flag(self.count_kept),
            _ => return Err(format!("unknown search constant {name:?}")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunable_name_is_settable_and_lands_in_its_field() {
        for name in SearchParams::TUNABLE {
            let mut p = SearchParams::default();
            assert!(p.set(name, 1.0).is_ok(), "{name}");
        }
        let mut p = SearchParams::default();
        p.set("tenuki_percent", 30.0).unwrap();
        p.set("selfatari_percent", 60.0).unwrap();
        p.set("race_percent", 90.0).unwrap();
        p.set("answer_percent", 100.0).unwrap();
        p.set("expand_visits", 2.0).unwrap();
        p.set("losing_rave_equiv", 100.0).unwrap();
        p.set("losing_below", 0.1).unwrap();
        assert_eq!((p.losing_rave_equiv, p.losing_below), (100.0, 0.1));
        p.set("owner_prior", 0.5).unwrap();
        p.set("owner_warmup", 300.0).unwrap();
        assert_eq!((p.owner_prior, p.owner_warmup), (0.5, 300));
        p.set("count_kept", 1.0).unwrap();
        assert!(p.count_kept);
        p.set("value_mix", 1.5).unwrap();
        assert_eq!(p.value_mix, 1.0);
        assert!(p.last_good_reply);
        assert_eq!((p.tactics.ladder_lines, p.tactics.big_chain_stones), (1, 3));
        p.set("ladder_lines", 0.0).unwrap();
        p.set("big_chain_stones", 4.0).unwrap();
        assert_eq!((p.tactics.ladder_lines, p.tactics.big_chain_stones), (0, 4));
        p.set("last_good_reply", 0.0).unwrap();
        assert!(!p.last_good_reply);
        // The distance power leaves the size-dependent weights alone;
        // each weight fixes itself alone.
        let mut q = SearchParams::default();
        q.set("distance_power", 0.7).unwrap();
        assert_eq!((q.prior_even, q.prior_pattern), (None, None));
        assert_eq!(q.distance_power, 0.7);
        q.set("prior_pattern", 150.0).unwrap();
        assert_eq!((q.prior_even, q.prior_pattern), (None, Some(150.0)));
        let on = |size| q.prior_params(size);
        assert_eq!((on(9).even, on(9).pattern), (14, 150.0));
        assert_eq!((on(19).even, on(19).pattern), (20, 150.0));
        let t = p.tactics;
        assert_eq!(
            (t.tenuki_percent, t.selfatari_percent, t.race_percent),
            (30, 60, 90)
        );
        assert_eq!((t.answer_percent, p.expand_visits), (100, 2));
        // Percentages are capped; unknown names and negative values fail
        // and change nothing.
        p.set("race_percent", 250.0).unwrap();
        assert_eq!(p.tactics.race_percent, 100);
        assert!(p.set("no_such_constant", 1.0).is_err());
        assert!(p.set("rave_equiv", -1.0).is_err());
        assert_eq!(p.rave_equiv, SearchParams::default().rave_equiv);
    }

    #[test]
    fn every_value_read_back_sets_the_same_value() {
        for size in [9, 19] {
            let base = SearchParams::for_size(size);
            for name in SearchParams::TUNABLE {
                let v = base.get(name, size).unwrap();
                let mut p = base;
                p.set(name, v).unwrap();
                for other in SearchParams::TUNABLE {
                    assert_eq!(
                        p.get(other, size),
                        base.get(other, size),
                        "setting {name} to its value on {size}x{size} moved {other}"
                    );
                }
            }
        }
        assert!(SearchParams::default().get("no_such", 9).is_err());
    }

    /// `docs/tuning.md` lists every constant once, with its default on
    /// 9x9 and on 19x19 as the code has them.
    #[test]
    fn the_tuning_guide_gives_every_constant_and_its_defaults() {
        let guide = include_str!("../../docs/tuning.md");
        let mut listed = Vec::new();
        for line in guide.lines() {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let Some(name) = cells.get(1).and_then(|c| c.strip_prefix('`')) else {
                continue;
            };
            let Some(name) = name.strip_suffix('`') else {
                continue;
            };
            for (size, cell) in [(9, cells[2]), (19, cells[3])] {
                let want = SearchParams::for_size(size).get(name, size);
                let want = want.unwrap_or_else(|e| panic!("docs/tuning.md: {e}"));
                let got: f64 = cell.parse().unwrap_or_else(|_| {
                    panic!("docs/tuning.md: {name}: {cell:?} on {size}x{size}")
                });
                assert_eq!(got, want, "docs/tuning.md: {name} on {size}x{size}");
            }
            listed.push(name.to_string());
        }
        let mut sorted = listed.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), listed.len(), "a constant listed twice");
        for name in SearchParams::TUNABLE {
            assert!(
                listed.iter().any(|l| l == name),
                "docs/tuning.md lacks {name}"
            );
        }
        assert_eq!(listed.len(), SearchParams::TUNABLE.len());
    }

    /// The switches `docs/retired-switches.md` lists are gone: `--tune`
    /// refuses each of them by name.
    #[test]
    fn the_retired_switches_are_unknown() {
        let doc = include_str!("../../docs/retired-switches.md");
        let mut retired = 0;
        for line in doc.lines() {
            let Some(name) = line
                .strip_prefix("| `")
                .and_then(|rest| rest.split('`').next())
            else {
                continue;
            };
            assert!(!SearchParams::TUNABLE.contains(&name), "{name}");
            assert!(SearchParams::default().set(name, 0.0).is_err(), "{name}");
            retired += 1;
        }
        assert_eq!(retired + SearchParams::TUNABLE.len(), 57);
    }
}
