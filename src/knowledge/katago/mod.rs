//! KataGo's networks in hane: the model files (`.bin.gz`, `.txt.gz`) that
//! users of Lizzie, Sabaki and KaTrain already keep, read and evaluated
//! by hane's own layers and kernels.
//!
//! The format and the meaning of each layer come from KataGo's own
//! description (`cpp/neuralnet/desc.cpp`, the model-version notes and the
//! CPU backend, read for the facts). hane reads model versions
//! [`OLDEST_VERSION`] to [`NEWEST_VERSION`] built of ordinary, global
//! pooling and nested bottleneck blocks and of transformer blocks
//! (attention with rotary embeddings, SwiGLU feed-forward) in nested
//! stacks; the SGF metadata encoder is refused with a clear message.
//!
//! [`KataNet::evaluate`] fills the inputs ([`inputs`]), runs the network
//! through one of the eight symmetries and post-processes the outputs as
//! KataGo does: the policy a softmax over the legal moves and the pass,
//! the value a softmax of win and loss (no result is impossible under
//! superko and area scoring), the lead and the score scaled by the
//! model's multipliers, the ownership through a tanh.

pub mod area;
pub mod file;
pub mod heads;
pub mod inputs;
pub mod ladder;
pub mod layers;
pub mod model;
pub mod rope;
pub mod scratch;
pub mod transformer;
pub mod vmath;

use crate::knowledge::net::symmetry::Symmetry;
use crate::rules::{Color, Point};
pub use file::KataError;
use file::Words;
use heads::{PolicyHead, ValueHead};
pub use inputs::History;
use model::{Body, RawOut, Scratch, Trunk};

/// The oldest model version hane reads (the first with today's inputs).
pub const OLDEST_VERSION: i64 = 8;
/// The newest model version hane reads.
pub const NEWEST_VERSION: i64 = 15;

/// The weight of the optimistic policy (model versions 12 and up) in the
/// policy KataGo reports for `kata-raw-nn` and at the root of its
/// searches: its default `rootPolicyOptimism` in GTP and analysis. 0 is
/// the plain policy, 1 the optimistic one.
pub const ROOT_OPTIMISM: f32 = 0.2;

/// Whether a file's first bytes are gzip's.
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.starts_with(&[0x1f, 0x8b])
}

/// The scales of the score outputs.
#[derive(Clone, Copy, Debug)]
struct Scales {
    score_mean: f32,
    score_stdev: f32,
    lead: f32,
}

/// A KataGo network.
#[derive(Debug)]
pub struct KataNet {
    name: String,
    version: i64,
    scales: Scales,
    body: Body,
}

/// One evaluation, from the side to move's view, in hane's dense order
/// of the real board (`y * n + x`, `y = 0` the bottom row).
#[derive(Clone, Debug, Default)]
pub struct KataEval {
    /// Win probability.
    pub win: f32,
    /// Loss probability.
    pub loss: f32,
    /// Probability of no result.
    pub no_result: f32,
    /// Expected final lead in points.
    pub lead: f32,
    /// Expected final score as self-play would end it.
    pub score_mean: f32,
    /// Its standard deviation.
    pub score_stdev: f32,
    /// Each point's owner, +1 the side to move.
    pub owner: Vec<f32>,
    /// Each point's move probability; -1 where the move is illegal.
    pub policy: Vec<f32>,
    /// The pass's probability.
    pub pass: f32,
}

/// Buffers reused from evaluation to evaluation.
#[derive(Default)]
pub struct KataBuffers {
    inputs: inputs::Inputs,
    seen: Vec<f32>,
    scratch: Scratch,
    raw: RawOut,
    /// The net's point of each real point, for the last symmetry.
    order: Vec<usize>,
}

impl KataNet {
    /// Reads a model file's bytes (gzip).
    ///
    /// # Errors
    /// Not gzip, truncated, malformed, a version or a layer hane does not
    /// read.
    pub fn from_bytes(bytes: &[u8]) -> Result<KataNet, KataError> {
        let data = file::gunzip(bytes)?;
        // `.bin.gz` files hold their weights after `@BIN@` marks.
        let binary = data.windows(5).any(|w| w == b"@BIN@");
        let mut w = Words::new(&data, binary);
        let name = w.word()?.to_string();
        let version = w.int("model version")?;
        if !(OLDEST_VERSION..=NEWEST_VERSION).contains(&version) {
            return Err(KataError::Version(version));
        }
        let spatial = w.count("spatial inputs", 1000)?;
        let global = w.count("global inputs", 1000)?;
        if (spatial, global) != (inputs::SPATIAL, inputs::GLOBAL) {
            return Err(KataError::Unsupported(format!(
                "{spatial} spatial and {global} global inputs"
            )));
        }
        let mut scales = Scales {
            score_mean: 20.0,
            score_stdev: 20.0,
            lead: 20.0,
        };
        if version >= 13 {
            let mut v = [0.0f32; 7];
            for x in &mut v {
                *x = w.float("post-processing scale")?;
            }
            scales = Scales {
                score_mean: v[1],
                score_stdev: v[2],
                lead: v[3],
            };
        }
        let mut meta = false;
        if version >= 15 {
            meta = w.int("metadata encoder")? != 0;
            // Whether the pass-alive areas are to be computed as if
            // suicide were legal (for which KataGo's search sets its own
            // rules), then six options no model uses yet.
            if w.int("pass-alive option")? != 0 {
                return Err(KataError::Unsupported(
                    "pass-alive areas computed as under suicide rules".into(),
                ));
            }
            for _ in 0..6 {
                if w.int("model option")? != 0 {
                    return Err(KataError::Unsupported("an unknown model option".into()));
                }
            }
        }
        let trunk = Trunk::read(&mut w, version, meta)?;
        if trunk.inputs() != (spatial, global) {
            return Err(KataError::Malformed("the trunk's inputs do not fit".into()));
        }
        let policy = PolicyHead::read(&mut w, version, trunk.channels)?;
        let value = ValueHead::read(&mut w, version, trunk.channels)?;
        if !w.at_end() {
            return Err(KataError::Malformed("data after the value head".into()));
        }
        Ok(KataNet {
            name,
            version,
            scales,
            body: Body {
                trunk,
                policy,
                value,
            },
        })
    }

    /// Reads a model file.
    ///
    /// # Errors
    /// The file cannot be read, or [`KataNet::from_bytes`] refuses it.
    pub fn from_file(path: &str) -> Result<KataNet, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        KataNet::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))
    }

    /// The model's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The model's version.
    pub fn version(&self) -> i64 {
        self.version
    }

    /// Trunk channels.
    pub fn channels(&self) -> usize {
        self.body.trunk.channels
    }

    /// Evaluates the current position of `game` for `color` to move, seen
    /// through `sym`, the policy mixed with the optimistic policy by
    /// `optimism` (0 to 1; see [`ROOT_OPTIMISM`]; nets before model
    /// version 12 have only the plain policy).
    pub fn evaluate(
        &self,
        game: &impl History,
        color: Color,
        sym: Symmetry,
        optimism: f32,
        buf: &mut KataBuffers,
    ) -> KataEval {
        let mut out = KataEval::default();
        self.evaluate_into(game, color, sym, optimism, buf, &mut out);
        out
    }

    /// [`KataNet::evaluate`] into `out`, reusing its maps: a search's
    /// evaluations allocate nothing once the buffers have grown.
    pub fn evaluate_into(
        &self,
        game: &impl History,
        color: Color,
        sym: Symmetry,
        optimism: f32,
        buf: &mut KataBuffers,
        out: &mut KataEval,
    ) {
        let size = game.board().size();
        let n = size.get();
        buf.inputs.fill(game, color);
        inputs::net_order_into(n, sym, &mut buf.order);
        buf.seen.clear();
        buf.seen.resize(n * n * inputs::SPATIAL, 0.0);
        for (real, &net) in buf.order.iter().enumerate() {
            buf.seen[net * inputs::SPATIAL..][..inputs::SPATIAL]
                .copy_from_slice(&buf.inputs.spatial[real * inputs::SPATIAL..][..inputs::SPATIAL]);
        }
        self.body.apply(
            n,
            &buf.seen,
            &buf.inputs.global,
            optimism,
            &mut buf.scratch,
            &mut buf.raw,
        );
        self.post(game, color, &buf.order, &buf.raw, out);
    }

    /// KataGo's post-processing of the raw outputs.
    fn post(
        &self,
        game: &impl History,
        color: Color,
        order: &[usize],
        raw: &RawOut,
        out: &mut KataEval,
    ) {
        let size = game.board().size();
        let n = size.get();
        let legal = |i: usize| {
            let Some(p) = size.point(i % n, i / n) else {
                return false;
            };
            game.legal(color, p)
        };
        let policy = &mut out.policy;
        policy.clear();
        policy.extend((0..n * n).map(|i| {
            if legal(i) {
                raw.policy[order[i]]
            } else {
                f32::NEG_INFINITY
            }
        }));
        let max = policy.iter().copied().fold(raw.pass, f32::max);
        let mut sum = (raw.pass - max).exp();
        for v in policy.iter_mut() {
            if v.is_finite() {
                *v = (*v - max).exp();
                sum += *v;
            }
        }
        for v in policy.iter_mut() {
            *v = if v.is_finite() { *v / sum } else { -1.0 };
        }
        out.pass = (raw.pass - max).exp() / sum;
        let [w, l, _] = raw.value.logits;
        let m = w.max(l);
        let (ew, el) = ((w - m).exp(), (l - m).exp());
        let s = &raw.value.score;
        out.owner.clear();
        out.owner.extend(order.iter().map(|&i| raw.owner[i].tanh()));
        out.win = ew / (ew + el);
        out.loss = el / (ew + el);
        out.no_result = 0.0;
        out.lead = s[2] * self.scales.lead;
        out.score_mean = s[0] * self.scales.score_mean;
        out.score_stdev = softplus(s[1]) * self.scales.score_stdev;
    }
}

/// ln(1 + e^x), without overflow.
fn softplus(x: f32) -> f32 {
    if x > 20.0 { x } else { x.exp().ln_1p() }
}

/// The points of the real board in dense order, for callers that map
/// [`KataEval::policy`] to points.
pub fn dense_point(size: crate::rules::BoardSize, i: usize) -> Option<Point> {
    let n = size.get();
    size.point(i % n, i / n)
}
