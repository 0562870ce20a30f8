//! The vector instruction sets the network's kernels are compiled for,
//! and which of them this machine runs. Each kernel is one generic loop
//! compiled once per set; the caller picks the machine's best at run
//! time (the feature tests are cached by the standard library: no
//! allocation, no lock).

/// An instruction set a kernel is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isa {
    /// AVX-512 (with AVX2 and FMA).
    Avx512,
    /// AVX2 with FMA.
    Avx2,
    /// What every target has (SSE2 on x86-64, NEON on ARM).
    Baseline,
}

impl Isa {
    /// The fastest set this machine runs.
    pub fn best() -> Isa {
        Isa::available().next().unwrap_or(Isa::Baseline)
    }

    /// The sets this machine runs, fastest first (the baseline last).
    pub fn available() -> impl Iterator<Item = Isa> {
        [Isa::Avx512, Isa::Avx2, Isa::Baseline]
            .into_iter()
            .filter(|isa| isa.runs())
    }

    /// Whether this machine runs the set.
    fn runs(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            match self {
                Isa::Avx512 => has!("avx512f") && has!("avx2") && has!("fma"),
                Isa::Avx2 => has!("avx2") && has!("fma"),
                Isa::Baseline => true,
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self == Isa::Baseline
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_baseline_always_runs_and_comes_last() {
        let sets: Vec<Isa> = Isa::available().collect();
        assert_eq!(sets.last(), Some(&Isa::Baseline));
        assert_eq!(sets[0], Isa::best());
    }
}
