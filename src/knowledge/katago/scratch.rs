//! The reusable buffers of a forward pass, shared by the trunk and the
//! heads.

use super::layers::ConvScratch;
use super::transformer;

/// Reusable buffers of the forward pass.
#[derive(Default)]
pub struct Scratch {
    pub(super) conv: ConvScratch,
    pub(super) trunk: Vec<f32>,
    spare: Vec<Vec<f32>>,
    pub(super) pooled: Vec<f32>,
    pub(super) vector: Vec<f32>,
    /// A second small vector (the value head's outputs).
    pub(super) small: Vec<f32>,
    pub(super) transformer: transformer::Scratch,
}

impl Scratch {
    /// A spare board-sized buffer.
    pub(super) fn take(&mut self) -> Vec<f32> {
        self.spare.pop().unwrap_or_default()
    }

    /// Returns a buffer to the spares.
    pub(super) fn give(&mut self, v: Vec<f32>) {
        self.spare.push(v);
    }
}
