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

#[cfg(test)]
mod tests {
    use super::*;

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
