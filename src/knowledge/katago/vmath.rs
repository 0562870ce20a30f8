//! The exponential over whole slices, for the softmax of the attention
//! blocks and the SiLU of the feed-forward blocks and the norms: written
//! as plain loops the compiler turns into vector instructions, compiled
//! once per instruction set ([`crate::knowledge::net::isa`]) and picked at
//! run time. The library's `exp` is one call per value; these take 8 or
//! 16 values an instruction.
//!
//! The exponential is Cephes' single-precision one (a degree-6
//! polynomial on `[-ln 2 / 2, ln 2 / 2]` scaled by a power of two):
//! within 2 units in the last place of the library's, and inputs below
//! -87.3 give 2^-126 rather than smaller numbers, which changes no sum
//! they are added to.

use crate::knowledge::net::isa::{Isa, Set};

const LOG2E: f32 = std::f32::consts::LOG2_E;
/// ln 2 in two parts, the first exact in few bits.
const LN2_HI: f32 = 0.693_359_4;
const LN2_LO: f32 = -2.121_944_4e-4;
/// 1.5 * 2^23: adding and subtracting it rounds to an integer.
const ROUND: f32 = 12_582_912.0;

/// e^x.
#[inline(always)]
fn exp(x: f32) -> f32 {
    let x = x.clamp(-87.3, 88.0);
    // k = round(x / ln 2), in the low bits of `t`'s mantissa too.
    let t = x * LOG2E + ROUND;
    let k = t - ROUND;
    let r = x - k * LN2_HI - k * LN2_LO;
    let mut p = 1.987_569_2e-4;
    p = p * r + 1.398_199_9e-3;
    p = p * r + 8.333_452e-3;
    p = p * r + 4.166_579_6e-2;
    p = p * r + 1.666_666_5e-1;
    p = p * r + 0.5;
    let y = p * r * r + r + 1.0;
    // 2^k from those bits (a cast would be a scalar, saturating one).
    y * f32::from_bits(t.to_bits().wrapping_sub(ROUND.to_bits() - 127) << 23)
}

/// The softmax of `row` in place: the maximum off, the exponentials, each
/// divided by their sum (times its inverse, as KataGo does).
#[inline(always)]
fn softmax_in<const L: usize>(row: &mut [f32]) {
    let mut lanes = [f32::MIN; L];
    let mut chunks = row.chunks_exact(L);
    for c in &mut chunks {
        for (m, &v) in lanes.iter_mut().zip(c) {
            *m = m.max(v);
        }
    }
    let max = chunks
        .remainder()
        .iter()
        .chain(&lanes)
        .copied()
        .fold(f32::MIN, f32::max);
    let mut sums = [0.0f32; L];
    let mut chunks = row.chunks_exact_mut(L);
    for c in &mut chunks {
        for (s, v) in sums.iter_mut().zip(c) {
            *v = exp(*v - max);
            *s += *v;
        }
    }
    let mut sum = 0.0;
    for v in chunks.into_remainder() {
        *v = exp(*v - max);
        sum += *v;
    }
    let inv = 1.0 / (sum + sums.iter().sum::<f32>());
    for v in row.iter_mut() {
        *v *= inv;
    }
}

/// `x = x * sigmoid(x)`, then times `gate` where there is one.
#[inline(always)]
fn silu_in(x: &mut [f32], gate: Option<&[f32]>) {
    match gate {
        Some(g) => {
            for (v, &g) in x.iter_mut().zip(g) {
                *v = *v / (1.0 + exp(-*v)) * g;
            }
        }
        None => {
            for v in x.iter_mut() {
                *v /= 1.0 + exp(-*v);
            }
        }
    }
}

macro_rules! per_set {
    ($name:ident, $inner:ident, ($($arg:ident: $ty:ty),*), $lanes:expr) => {
        mod $name {
            use super::*;
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx512f,avx2,fma")]
            pub(super) fn avx512($($arg: $ty),*) {
                $inner::<{ 2 * $lanes }>($($arg),*)
            }
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2,fma")]
            pub(super) fn avx2($($arg: $ty),*) {
                $inner::<{ $lanes }>($($arg),*)
            }
            pub(super) fn baseline($($arg: $ty),*) {
                $inner::<{ $lanes }>($($arg),*)
            }
        }
    };
}

/// [`silu_in`] with a lane count, for the macro's uniform shape.
#[inline(always)]
fn silu_lanes<const L: usize>(x: &mut [f32], gate: Option<&[f32]>) {
    silu_in(x, gate);
}

per_set!(softmax_k, softmax_in, (row: &mut [f32]), 8);
per_set!(silu_k, silu_lanes, (x: &mut [f32], gate: Option<&[f32]>), 8);

/// Dispatches a kernel of [`per_set`] on the machine's best set.
macro_rules! dispatch {
    ($isa:expr, $name:ident, ($($arg:expr),*)) => {
        match $isa.set() {
            // SAFETY: an `Isa` is only made for a set this machine runs,
            // and the function is built for that set's features.
            #[cfg(target_arch = "x86_64")]
            Set::Avx512 => unsafe { $name::avx512($($arg),*) },
            // SAFETY: as above.
            #[cfg(target_arch = "x86_64")]
            Set::Avx2 => unsafe { $name::avx2($($arg),*) },
            _ => $name::baseline($($arg),*),
        }
    };
}

/// The softmax of `row` in place.
pub fn softmax(row: &mut [f32]) {
    softmax_with(Isa::best(), row);
}

fn softmax_with(isa: Isa, row: &mut [f32]) {
    dispatch!(isa, softmax_k, (row));
}

/// SiLU in place: `x = x * sigmoid(x)`.
pub fn silu(x: &mut [f32]) {
    silu_with(Isa::best(), x, None);
}

/// SwiGLU's product in place: `x = silu(x) * gate`.
pub fn silu_gate(x: &mut [f32], gate: &[f32]) {
    assert_eq!(x.len(), gate.len());
    silu_with(Isa::best(), x, Some(gate));
}

fn silu_with(isa: Isa, x: &mut [f32], gate: Option<&[f32]>) {
    dispatch!(isa, silu_k, (x, gate));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exponential_is_the_library_s_to_two_units_in_the_last_place() {
        let mut x = -87.0f32;
        while x < 88.0 {
            let (got, want) = (exp(x), x.exp());
            assert!(((got - want) / want).abs() < 2.5e-7, "{x}: {got} {want}");
            x += 0.0137;
        }
        assert_eq!(exp(0.0), 1.0);
        assert!(exp(-1000.0) < 1e-37 && exp(-1000.0) >= 0.0);
    }

    #[test]
    fn every_set_computes_the_softmax_and_silu_by_definition() {
        let values: Vec<f32> = (0..37)
            .map(|i| ((i * 7919) % 61) as f32 / 6.0 - 5.0)
            .collect();
        let max = values.iter().copied().fold(f32::MIN, f32::max);
        let z: f32 = values.iter().map(|v| (v - max).exp()).sum();
        for isa in Isa::available() {
            let mut row = values.clone();
            softmax_with(isa, &mut row);
            for (got, v) in row.iter().zip(&values) {
                assert!((got - (v - max).exp() / z).abs() < 1e-6, "{isa:?}");
            }
            let mut x = values.clone();
            silu_with(isa, &mut x, None);
            let mut gated = values.clone();
            silu_with(isa, &mut gated, Some(&values));
            for ((a, b), v) in x.iter().zip(&gated).zip(&values) {
                let want = v / (1.0 + (-v).exp());
                assert!((a - want).abs() < 1e-5, "{isa:?} {v}");
                assert!((b - want * v).abs() < 1e-5, "{isa:?} {v}");
            }
        }
    }
}
