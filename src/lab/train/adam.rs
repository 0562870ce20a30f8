//! Adam (Kingma and Ba 2015): gradient steps scaled by running estimates
//! of each parameter's gradient mean and variance, for the trainings that
//! follow a gradient (`hane balance --fit` in f64, `hane train-net` in
//! f32).

use std::ops::{Add, Div, Mul, Sub};

/// The numbers Adam can work in.
pub trait Real:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Div<Output = Self>
{
    /// `x` in this type.
    fn of(x: f64) -> Self;
    /// The square root.
    fn root(self) -> Self;
}

impl Real for f32 {
    fn of(x: f64) -> f32 {
        x as f32
    }
    fn root(self) -> f32 {
        self.sqrt()
    }
}

impl Real for f64 {
    fn of(x: f64) -> f64 {
        x
    }
    fn root(self) -> f64 {
        self.sqrt()
    }
}

/// Adam's running moments, one pair per parameter.
pub struct Adam<T> {
    m: Vec<T>,
    v: Vec<T>,
    t: i32,
}

impl<T: Real> Adam<T> {
    /// Moments at zero for `n` parameters.
    pub fn new(n: usize) -> Adam<T> {
        Adam {
            m: vec![T::of(0.0); n],
            v: vec![T::of(0.0); n],
            t: 0,
        }
    }

    /// Moves `theta` down the gradient `grad` by about `rate` a parameter
    /// (up it for a negative `rate`); the usual constants 0.9, 0.999, 1e-8.
    pub fn descend(&mut self, theta: &mut [T], grad: &[T], rate: T) {
        const B1: f64 = 0.9;
        const B2: f64 = 0.999;
        self.t += 1;
        let c1 = T::of(1.0 - B1.powi(self.t));
        let c2 = T::of(1.0 - B2.powi(self.t));
        let (b1, b2, one, eps) = (T::of(B1), T::of(B2), T::of(1.0), T::of(1e-8));
        for (((w, &g), m), v) in theta.iter_mut().zip(grad).zip(&mut self.m).zip(&mut self.v) {
            *m = b1 * *m + (one - b1) * g;
            *v = b2 * *v + (one - b2) * g * g;
            *w = *w - rate * (*m / c1) / ((*v / c2).root() + eps);
        }
    }
}

impl Adam<f32> {
    /// The moments as bytes: the step count (u64 LE), the number of
    /// parameters (u64 LE), then the means and the variances (f32 LE).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + 8 * self.m.len());
        out.extend_from_slice(&(self.t as u64).to_le_bytes());
        out.extend_from_slice(&(self.m.len() as u64).to_le_bytes());
        for x in self.m.iter().chain(&self.v) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out
    }

    /// Reads moments written by [`Adam::to_bytes`] for `n` parameters.
    ///
    /// # Errors
    /// Bytes of another length or for another number of parameters.
    pub fn from_bytes(bytes: &[u8], n: usize) -> Result<Adam<f32>, String> {
        let word = |i: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&bytes[8 * i..8 * i + 8]);
            u64::from_le_bytes(b)
        };
        if bytes.len() != 16 + 8 * n || word(1) != n as u64 {
            return Err(format!("optimiser state not for {n} weights"));
        }
        let floats: Vec<f32> = bytes[16..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let t = i32::try_from(word(0)).map_err(|_| "optimiser step count too large")?;
        Ok(Adam {
            m: floats[..n].to_vec(),
            v: floats[n..].to_vec(),
            t,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_reads_back_and_goes_on_the_same() {
        let mut a = Adam::new(3);
        let mut x = [1.0f32, -2.0, 0.5];
        a.descend(&mut x, &[0.3, -0.1, 2.0], 0.01);
        let mut b = Adam::from_bytes(&a.to_bytes(), 3).unwrap();
        assert!(Adam::from_bytes(&a.to_bytes(), 4).is_err());
        let mut y = x;
        a.descend(&mut x, &[0.1, 0.2, -0.3], 0.01);
        b.descend(&mut y, &[0.1, 0.2, -0.3], 0.01);
        assert_eq!(x, y);
    }

    #[test]
    fn the_first_step_moves_each_parameter_by_the_rate_against_its_gradient() {
        let mut adam = Adam::new(2);
        let mut theta = [1.0f64, 1.0];
        adam.descend(&mut theta, &[3.0, -0.5], 0.1);
        assert!((theta[0] - 0.9).abs() < 1e-6 && (theta[1] - 1.1).abs() < 1e-6);
    }

    #[test]
    fn it_finds_the_bottom_of_a_bowl() {
        let mut adam = Adam::new(1);
        let mut x = [5.0f32];
        for _ in 0..2000 {
            let g = [2.0 * (x[0] - 1.5)];
            adam.descend(&mut x, &g, 0.05);
        }
        assert!((x[0] - 1.5).abs() < 0.05, "{}", x[0]);
    }
}
