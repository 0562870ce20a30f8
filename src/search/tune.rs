//! The search's constants by name: setting them for experiments and
//! tuning (`hane --tune NAME=VALUE`, `hane balance --variant`, the lab's
//! scripts) and reading them back. What each one is, its defaults on
//! each board size and where they come from: `docs/tuning.md` (checked
//! against the code by this module's tests) and [`SearchParams`].

use super::SearchParams;

impl SearchParams {
    /// The names [`SearchParams::set`] knows, for experiments and tuning
    /// (`hane --tune NAME=VALUE`).
    pub const TUNABLE: [&'static str; 57] = [
        "rave_equiv",
        "root_rave_equiv",
        "losing_rave_equiv",
        "losing_below",
        "last_good_reply",
        "score_weight",
        "score_utility",
        "value_mix",
        "score_scale",
        "criticality",
        "criticality_visits",
        "rave_distance",
        "exploration",
        "explore_below",
        "expand_visits",
        "prior_even",
        "prior_pattern",
        "ladder_boost",
        "capture_boost",
        "prior_power",
        "shape_floor",
        "distance_power",
        "ko_percent",
        "answer_percent",
        "tenuki_percent",
        "selfatari_percent",
        "counter_percent",
        "race_percent",
        "ladder_lines",
        "big_chain_stones",
        "eye_fix_percent",
        "fill_board_tries",
        "approach_percent",
        "eye_fill_percent",
        "squeeze_percent",
        "points_per_move",
        "shape_power",
        "skip_ko_threats",
        "amaf_blind_captures",
        "capture_amaf_plays",
        "owner_prior",
        "owner_warmup",
        "net_prior",
        "net_visits",
        "prune_ladders",
        "amaf_window",
        "count_kept",
        "dynamic_komi",
        "final_lcb",
        "widen_base",
        "widen_visits",
        "shaped_tries",
        "adapt_rate",
        "adapt_span",
        "adapt_tries",
        "refused_percent",
        "hand_shape_percent",
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
            "root_rave_equiv" => self.root_rave_equiv = value,
            "losing_rave_equiv" => self.losing_rave_equiv = value,
            "losing_below" => self.losing_below = value.min(1.0),
            "rave_distance" => self.rave_distance = (value as u32).min(16),
            "exploration" => self.exploration = value,
            "explore_below" => self.explore_below = value.min(1.0),
            "score_weight" => self.score_weight = value.min(0.5),
            "score_utility" => self.score_utility = value.min(0.5),
            "value_mix" => self.value_mix = value.min(1.0),
            "score_scale" => self.score_scale = value.min(1000.0),
            "criticality" => self.criticality = value.min(10.0),
            "criticality_visits" => self.criticality_visits = (value as u32).max(1),
            "last_good_reply" => self.last_good_reply = value != 0.0,
            "expand_visits" => self.expand_visits = (value as u32).max(1),
            "prior_even" => self.prior_even = Some((value as u32).min(1000)),
            "prior_pattern" => self.prior_pattern = Some((value as f32).min(10_000.0)),
            "ladder_boost" => self.ladder_boost = (value as f32).min(10_000.0),
            "capture_boost" => self.capture_boost = (value as f32).min(10_000.0),
            "prior_power" => self.prior_power = (value as f32).clamp(0.05, 4.0),
            "shape_floor" => self.shape_floor = (value as f32).clamp(0.0, 100.0),
            "distance_power" => self.distance_power = (value as f32).clamp(0.0, 4.0),
            "ko_percent" => self.tactics.ko_percent = (value as u32).min(100),
            "answer_percent" => self.tactics.answer_percent = (value as u32).min(100),
            "tenuki_percent" => self.tactics.tenuki_percent = (value as u32).min(10_000),
            "selfatari_percent" => self.tactics.selfatari_percent = (value as u32).min(100),
            "counter_percent" => self.tactics.counter_percent = (value as u32).min(100),
            "race_percent" => self.tactics.race_percent = (value as u32).min(100),
            "ladder_lines" => self.tactics.ladder_lines = (value as u32).min(25),
            "big_chain_stones" => self.tactics.big_chain_stones = (value as u32).min(1000),
            "eye_fix_percent" => self.tactics.eye_fix_percent = (value as u32).min(100),
            "fill_board_tries" => self.tactics.fill_board_tries = (value as u32).min(100),
            "approach_percent" => self.tactics.approach_percent = (value as u32).min(100),
            "eye_fill_percent" => self.tactics.eye_fill_percent = (value as u32).min(100),
            "squeeze_percent" => self.tactics.squeeze_percent = (value as u32).min(100),
            "points_per_move" => self.points_per_move = value.clamp(0.5, 20.0),
            "shape_power" => self.shape_power = value.clamp(0.0, 4.0),
            "skip_ko_threats" => self.skip_ko_threats = value != 0.0,
            "amaf_blind_captures" => self.amaf_blind_captures = (value as u32).min(1000),
            "capture_amaf_plays" => self.capture_amaf_plays = value != 0.0,
            "owner_prior" => self.owner_prior = value.min(4.0),
            "owner_warmup" => self.owner_warmup = (value as u32).min(100_000),
            "net_prior" => self.net_prior = value != 0.0,
            "net_visits" => self.net_visits = (value as u32).min(1_000_000),
            "prune_ladders" => self.prune_ladders = value != 0.0,
            "amaf_window" => self.amaf_window = value != 0.0,
            "count_kept" => self.count_kept = value != 0.0,
            "dynamic_komi" => self.dynamic_komi = value != 0.0,
            "final_lcb" => self.final_lcb = value.clamp(0.0, 10.0),
            "widen_base" => self.widen_base = (value as u32).min(1000),
            "widen_visits" => self.widen_visits = value.clamp(1.0, 1e9),
            "shaped_tries" => self.tactics.shaped_tries = (value as u32).min(100),
            "adapt_rate" => self.adapt_rate = value.min(10.0),
            "adapt_span" => self.adapt_span = (value as u32).min(10_000),
            "adapt_tries" => self.tactics.adapt_tries = (value as u32).clamp(1, 100),
            "refused_percent" => self.tactics.refused_percent = (value as u32).min(100),
            "hand_shape_percent" => self.tactics.hand_shape_percent = (value as u32).min(100),
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
            "root_rave_equiv" => self.root_rave_equiv,
            "losing_rave_equiv" => self.losing_rave_equiv,
            "losing_below" => self.losing_below,
            "rave_distance" => self.rave_distance.into(),
            "exploration" => self.exploration,
            "explore_below" => self.explore_below,
            "score_weight" => self.score_weight,
            "score_utility" => self.score_utility,
            "value_mix" => self.value_mix,
            "score_scale" => self.score_scale,
            "criticality" => self.criticality,
            "criticality_visits" => self.criticality_visits.into(),
            "last_good_reply" => flag(self.last_good_reply),
            "expand_visits" => self.expand_visits.into(),
            "prior_even" => priors.even.into(),
            "prior_pattern" => priors.pattern.into(),
            "ladder_boost" => self.ladder_boost.into(),
            "capture_boost" => self.capture_boost.into(),
            "prior_power" => self.prior_power.into(),
            "shape_floor" => self.shape_floor.into(),
            "distance_power" => self.distance_power.into(),
            "ko_percent" => t.ko_percent.into(),
            "answer_percent" => t.answer_percent.into(),
            "tenuki_percent" => t.tenuki_percent.into(),
            "selfatari_percent" => t.selfatari_percent.into(),
            "counter_percent" => t.counter_percent.into(),
            "race_percent" => t.race_percent.into(),
            "ladder_lines" => t.ladder_lines.into(),
            "big_chain_stones" => t.big_chain_stones.into(),
            "eye_fix_percent" => t.eye_fix_percent.into(),
            "fill_board_tries" => t.fill_board_tries.into(),
            "approach_percent" => t.approach_percent.into(),
            "eye_fill_percent" => t.eye_fill_percent.into(),
            "squeeze_percent" => t.squeeze_percent.into(),
            "points_per_move" => self.points_per_move,
            "shape_power" => self.shape_power,
            "skip_ko_threats" => flag(self.skip_ko_threats),
            "amaf_blind_captures" => self.amaf_blind_captures.into(),
            "capture_amaf_plays" => flag(self.capture_amaf_plays),
            "owner_prior" => self.owner_prior,
            "owner_warmup" => self.owner_warmup.into(),
            "net_prior" => flag(self.net_prior),
            "net_visits" => self.net_visits.into(),
            "prune_ladders" => flag(self.prune_ladders),
            "amaf_window" => flag(self.amaf_window),
            "count_kept" => flag(self.count_kept),
            "dynamic_komi" => flag(self.dynamic_komi),
            "final_lcb" => self.final_lcb,
            "widen_base" => self.widen_base.into(),
            "widen_visits" => self.widen_visits,
            "shaped_tries" => t.shaped_tries.into(),
            "adapt_rate" => self.adapt_rate,
            "adapt_span" => self.adapt_span.into(),
            "adapt_tries" => t.adapt_tries.into(),
            "refused_percent" => t.refused_percent.into(),
            "hand_shape_percent" => t.hand_shape_percent.into(),
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
        p.set("counter_percent", 90.0).unwrap();
        p.set("answer_percent", 100.0).unwrap();
        p.set("squeeze_percent", 250.0).unwrap();
        assert_eq!(p.tactics.squeeze_percent, 100);
        p.set("shape_power", 0.5).unwrap();
        p.set("expand_visits", 2.0).unwrap();
        p.set("skip_ko_threats", 1.0).unwrap();
        assert!(p.skip_ko_threats);
        p.set("root_rave_equiv", 200.0).unwrap();
        assert_eq!(p.root_rave_equiv, 200.0);
        p.set("losing_rave_equiv", 100.0).unwrap();
        p.set("losing_below", 0.1).unwrap();
        assert_eq!((p.losing_rave_equiv, p.losing_below), (100.0, 0.1));
        p.set("final_lcb", 2.0).unwrap();
        assert_eq!(p.final_lcb, 2.0);
        p.set("owner_prior", 0.5).unwrap();
        p.set("owner_warmup", 300.0).unwrap();
        assert_eq!((p.owner_prior, p.owner_warmup), (0.5, 300));
        p.set("prune_ladders", 1.0).unwrap();
        assert!(p.prune_ladders);
        p.set("amaf_window", 1.0).unwrap();
        assert!(p.amaf_window);
        p.set("count_kept", 1.0).unwrap();
        assert!(p.count_kept);
        p.set("dynamic_komi", 1.0).unwrap();
        assert!(p.dynamic_komi);
        p.set("score_weight", 0.02).unwrap();
        assert_eq!(p.score_weight, 0.02);
        p.set("score_utility", 0.9).unwrap();
        p.set("score_scale", 20.0).unwrap();
        assert_eq!((p.score_utility, p.score_scale), (0.5, 20.0));
        p.set("criticality", 1.1).unwrap();
        p.set("criticality_visits", 500.0).unwrap();
        assert_eq!((p.criticality, p.criticality_visits), (1.1, 500));
        assert!(p.last_good_reply);
        assert_eq!((p.tactics.ladder_lines, p.tactics.big_chain_stones), (1, 3));
        p.set("ladder_lines", 0.0).unwrap();
        p.set("big_chain_stones", 4.0).unwrap();
        assert_eq!((p.tactics.ladder_lines, p.tactics.big_chain_stones), (0, 4));
        p.set("last_good_reply", 0.0).unwrap();
        assert!(!p.last_good_reply);
        // The priors' powers and boost leave the size-dependent weights
        // alone; each weight fixes itself alone.
        let mut q = SearchParams::default();
        q.set("prior_power", 0.7).unwrap();
        q.set("distance_power", 0.5).unwrap();
        q.set("ladder_boost", 10.0).unwrap();
        assert_eq!((q.prior_even, q.prior_pattern), (None, None));
        assert_eq!(
            (q.prior_power, q.distance_power, q.ladder_boost),
            (0.7, 0.5, 10.0)
        );
        q.set("prior_pattern", 150.0).unwrap();
        assert_eq!((q.prior_even, q.prior_pattern), (None, Some(150.0)));
        let on = |size| q.prior_params(size);
        assert_eq!((on(9).even, on(9).pattern), (14, 150.0));
        assert_eq!((on(19).even, on(19).pattern), (20, 150.0));
        let t = p.tactics;
        assert_eq!(
            (t.tenuki_percent, t.selfatari_percent, t.counter_percent),
            (30, 60, 90)
        );
        assert_eq!((t.answer_percent, p.expand_visits), (100, 2));
        assert_eq!(p.shape_power, 0.5);
        // Percentages are capped; unknown names and negative values fail
        // and change nothing.
        p.set("counter_percent", 250.0).unwrap();
        assert_eq!(p.tactics.counter_percent, 100);
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
}
