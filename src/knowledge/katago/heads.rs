//! A KataGo network's heads, read from its file and applied to the
//! trunk's output: the policy head (each point's move logit, the pass's
//! from the pooled trunk) and the value head (win, loss and no result,
//! the score outputs, each point's ownership).

use super::file::{KataError, Words};
use super::layers::{Act, Bias, Conv, MatMul, Norm, add_per_channel, pool};
use super::scratch::Scratch;

/// The policy head.
#[derive(Debug)]
pub struct PolicyHead {
    p1: Conv,
    g1: Conv,
    g1_norm: Norm,
    to_bias: MatMul,
    p1_norm: Norm,
    p2: Conv,
    to_pass: MatMul,
    /// From version 15: a bias, an activation and a second layer for the
    /// pass.
    pass_hidden: Option<(Bias, Act, MatMul)>,
}

impl PolicyHead {
    /// Reads the policy head.
    pub fn read(w: &mut Words, version: i64, channels: usize) -> Result<PolicyHead, KataError> {
        w.word()?;
        let p1 = Conv::read(w)?;
        let g1 = Conv::read(w)?;
        let g1_norm = Norm::read(w, version)?;
        let to_bias = MatMul::read(w)?;
        let p1_norm = Norm::read(w, version)?;
        let p2 = Conv::read(w)?;
        let to_pass = MatMul::read(w)?;
        let pass_hidden = if version >= 15 {
            let bias = Bias::read(w)?;
            let act = Act::read(w, version)?;
            Some((bias, act, MatMul::read(w)?))
        } else {
            None
        };
        let fits = p1.cin == channels
            && g1.cin == channels
            && g1_norm.channels() == g1.cout
            && to_bias.cin == 3 * g1.cout
            && to_bias.cout == p1.cout
            && p1_norm.channels() == p1.cout
            && p2.cin == p1.cout
            && to_pass.cin == 3 * g1.cout
            && match &pass_hidden {
                Some((bias, _, second)) => {
                    bias.0.len() == to_pass.cout && second.cin == to_pass.cout
                }
                None => true,
            };
        if !fits {
            return Err(KataError::Malformed(
                "the policy head's layers do not fit".into(),
            ));
        }
        Ok(PolicyHead {
            p1,
            g1,
            g1_norm,
            to_bias,
            p1_norm,
            p2,
            to_pass,
            pass_hidden,
        })
    }

    /// The policy logits of each point (`out`, `n * n`) and of the pass.
    /// Nets of model version 12 and up have a second, optimistic policy:
    /// the logits are `p + (optimistic - p) * optimism`, as KataGo mixes
    /// them.
    pub(super) fn apply(
        &self,
        n: usize,
        trunk: &[f32],
        optimism: f32,
        s: &mut Scratch,
        out: &mut Vec<f32>,
    ) -> f32 {
        let mix = |v: &[f32]| match v {
            [p, o, ..] => p + (o - p) * optimism,
            [p] => *p,
            [] => 0.0,
        };
        let (mut p, mut g, mut t) = (s.take(), s.take(), s.take());
        self.p1.apply(n, trunk, &mut s.conv, &mut p);
        self.g1.apply(n, trunk, &mut s.conv, &mut g);
        self.g1_norm.apply(&g, &mut t);
        pool(n, self.g1.cout, &t, false, &mut s.pooled);
        self.to_bias.apply(&s.pooled, &mut s.vector);
        add_per_channel(&mut p, &s.vector);
        self.p1_norm.apply(&p, &mut t);
        self.p2.apply(n, &t, &mut s.conv, &mut g);
        let k = self.p2.cout;
        out.clear();
        out.extend(g.chunks_exact(k).map(mix));
        self.to_pass.apply(&s.pooled, &mut s.vector);
        let pass = match &self.pass_hidden {
            Some((bias, act, second)) => {
                bias.add(&mut s.vector);
                for v in s.vector.iter_mut() {
                    *v = act.apply(*v);
                }
                second.apply(&s.vector, &mut s.small);
                mix(&s.small)
            }
            None => mix(&s.vector),
        };
        s.give(p);
        s.give(g);
        s.give(t);
        pass
    }
}

/// The value head.
#[derive(Debug)]
pub struct ValueHead {
    v1: Conv,
    v1_norm: Norm,
    v2: MatMul,
    v2_bias: Bias,
    v2_act: Act,
    v3: MatMul,
    v3_bias: Bias,
    sv3: MatMul,
    sv3_bias: Bias,
    ownership: Conv,
}

/// The raw outputs of the value head, from the side to move's view.
#[derive(Clone, Debug, Default)]
pub struct ValueOut {
    /// Logits of a win, a loss and no result.
    pub logits: [f32; 3],
    /// The score outputs before scaling: mean, stdev (before softplus),
    /// lead, and the rest the version has.
    pub score: Vec<f32>,
}

impl ValueHead {
    /// Reads the value head.
    pub fn read(w: &mut Words, version: i64, channels: usize) -> Result<ValueHead, KataError> {
        w.word()?;
        let v1 = Conv::read(w)?;
        let v1_norm = Norm::read(w, version)?;
        let v2 = MatMul::read(w)?;
        let v2_bias = Bias::read(w)?;
        let v2_act = Act::read(w, version)?;
        let v3 = MatMul::read(w)?;
        let v3_bias = Bias::read(w)?;
        let sv3 = MatMul::read(w)?;
        let sv3_bias = Bias::read(w)?;
        let ownership = Conv::read(w)?;
        let fits = v1.cin == channels
            && v1_norm.channels() == v1.cout
            && v2.cin == 3 * v1.cout
            && v2_bias.0.len() == v2.cout
            && v3.cin == v2.cout
            && v3.cout == 3
            && v3_bias.0.len() == 3
            && sv3.cin == v2.cout
            && sv3.cout >= 3
            && sv3_bias.0.len() == sv3.cout
            && ownership.cin == v1.cout
            && ownership.cout >= 1;
        if !fits {
            return Err(KataError::Malformed(
                "the value head's layers do not fit".into(),
            ));
        }
        Ok(ValueHead {
            v1,
            v1_norm,
            v2,
            v2_bias,
            v2_act,
            v3,
            v3_bias,
            sv3,
            sv3_bias,
            ownership,
        })
    }

    /// The value outputs and each point's ownership before its tanh.
    pub(super) fn apply(
        &self,
        n: usize,
        trunk: &[f32],
        s: &mut Scratch,
        value: &mut ValueOut,
        owner: &mut Vec<f32>,
    ) {
        let (mut a, mut b) = (s.take(), s.take());
        self.v1.apply(n, trunk, &mut s.conv, &mut a);
        self.v1_norm.apply(&a, &mut b);
        pool(n, self.v1.cout, &b, true, &mut s.pooled);
        self.v2.apply(&s.pooled, &mut s.vector);
        self.v2_bias.add(&mut s.vector);
        for v in s.vector.iter_mut() {
            *v = self.v2_act.apply(*v);
        }
        self.v3.apply(&s.vector, &mut s.small);
        self.v3_bias.add(&mut s.small);
        value.logits = [s.small[0], s.small[1], s.small[2]];
        self.sv3.apply(&s.vector, &mut value.score);
        self.sv3_bias.add(&mut value.score);
        self.ownership.apply(n, &b, &mut s.conv, &mut a);
        let k = self.ownership.cout;
        owner.clear();
        owner.extend(a.chunks_exact(k).map(|row| row[0]));
        s.give(a);
        s.give(b);
    }
}
