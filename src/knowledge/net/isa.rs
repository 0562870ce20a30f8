//! The vector instruction sets the network's kernels are compiled for,
//! and which of them this machine runs. Each kernel is one generic loop
//! compiled once per set; the caller picks the machine's best at run
//! time (the feature tests are cached by the standard library: no
//! allocation, no lock).

/// An instruction set a kernel is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Set {
    /// AVX-512 (with AVX2 and FMA).
    Avx512,
    /// AVX2 with FMA.
    Avx2,
    /// What every target has (SSE2 on x86-64, NEON on ARM).
    Baseline,
}

/// An instruction set this machine runs: only [`Isa::best`] and
/// [`Isa::available`] make one, so a kernel dispatched on it may use the
/// set's instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Isa(Set);

impl Isa {
    /// The fastest set this machine runs.
    pub fn best() -> Isa {
        Isa::available().next().unwrap_or(Isa(Set::Baseline))
    }

    /// The sets this machine runs, fastest first (the baseline last).
    pub fn available() -> impl Iterator<Item = Isa> {
        [Set::Avx512, Set::Avx2, Set::Baseline]
            .into_iter()
            .filter(|&set| runs(set))
            .map(Isa)
    }

    /// Which set it is.
    pub fn set(self) -> Set {
        self.0
    }
}

/// Whether this machine runs the set.
fn runs(set: Set) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        match set {
            Set::Avx512 => has!("avx512f") && has!("avx2") && has!("fma"),
            Set::Avx2 => has!("avx2") && has!("fma"),
            Set::Baseline => true,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        set == Set::Baseline
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_baseline_always_runs_and_comes_last() {
        let sets: Vec<Set> = Isa::available().map(Isa::set).collect();
        assert_eq!(sets.last(), Some(&Set::Baseline));
        assert_eq!(sets[0], Isa::best().set());
    }
}
