//! A KataGo network's structure, read from its file, and its forward
//! pass: the trunk (an input convolution plus a dense layer of the global
//! inputs, pre-activation residual blocks, some with global pooling, some
//! nested bottlenecks, whose inner stacks may hold transformer blocks, and
//! a final normalisation), then the policy head and the value head
//! ([`super::heads`]).

use super::file::{KataError, Words};
use super::heads::{PolicyHead, ValueHead, ValueOut};
use super::layers::{Conv, MatMul, Norm, RmsNorm, add_per_channel, pool};
pub use super::scratch::Scratch;
use super::transformer::{Attention, Ffn};

/// The most residual blocks a trunk or a nested stack may have.
const MAX_BLOCKS: usize = 512;

/// A residual block.
#[derive(Debug)]
pub enum Block {
    /// Two convolutions, each after a normalisation.
    Ordinary {
        /// Before the first convolution.
        pre: Norm,
        /// The first convolution.
        first: Conv,
        /// Before the second.
        mid: Norm,
        /// The second.
        second: Conv,
    },
    /// As ordinary, but a second convolution of the block's input is
    /// pooled over the board into a bias of the first's output.
    GlobalPool {
        /// Before both first convolutions.
        pre: Norm,
        /// The regular convolution.
        regular: Conv,
        /// The convolution that is pooled.
        gpool: Conv,
        /// After it.
        gpool_norm: Norm,
        /// Pooled values to a bias per regular channel.
        to_bias: MatMul,
        /// Before the last convolution.
        mid: Norm,
        /// The last convolution.
        last: Conv,
    },
    /// A 1x1 convolution down to fewer channels, a stack of blocks there,
    /// and a 1x1 convolution back up.
    Nested {
        /// Before the first convolution.
        pre: Norm,
        /// Down.
        down: Conv,
        /// The inner blocks.
        blocks: Vec<Block>,
        /// Before the last convolution.
        post: Norm,
        /// Up.
        up: Conv,
    },
    /// Self-attention over the board's points ([`transformer`]).
    Attention(Box<Attention>),
    /// A feed-forward block of each point ([`transformer`]).
    Ffn(Box<Ffn>),
}

/// Reads `count` blocks of a stack whose channels are `channels`.
fn read_blocks(
    w: &mut Words,
    version: i64,
    count: usize,
    channels: usize,
) -> Result<Vec<Block>, KataError> {
    let mut blocks = Vec::with_capacity(count);
    for _ in 0..count {
        let kind = w.word()?;
        let block = match kind {
            "ordinary_block" => {
                w.word()?;
                Block::Ordinary {
                    pre: Norm::read(w, version)?,
                    first: Conv::read(w)?,
                    mid: Norm::read(w, version)?,
                    second: Conv::read(w)?,
                }
            }
            "gpool_block" => {
                w.word()?;
                Block::GlobalPool {
                    pre: Norm::read(w, version)?,
                    regular: Conv::read(w)?,
                    gpool: Conv::read(w)?,
                    gpool_norm: Norm::read(w, version)?,
                    to_bias: MatMul::read(w)?,
                    mid: Norm::read(w, version)?,
                    last: Conv::read(w)?,
                }
            }
            "nested_bottleneck_block" => {
                w.word()?;
                let inner = w.count("nested blocks", MAX_BLOCKS)?;
                let pre = Norm::read(w, version)?;
                let down = Conv::read(w)?;
                let blocks = read_blocks(w, version, inner, down.cout)?;
                Block::Nested {
                    pre,
                    down,
                    blocks,
                    post: Norm::read(w, version)?,
                    up: Conv::read(w)?,
                }
            }
            "transformer_attention_block" => Block::Attention(Box::new(Attention::read(w)?)),
            "transformer_ffn_block" => Block::Ffn(Box::new(Ffn::read(w)?)),
            other => return Err(KataError::Unsupported(format!("{other} blocks"))),
        };
        if !block.fits(channels) {
            return Err(KataError::Malformed(format!(
                "a {kind} does not fit {channels} channels"
            )));
        }
        blocks.push(block);
    }
    Ok(blocks)
}

impl Block {
    /// Whether its layers' channels chain up on a stack of `c` channels.
    fn fits(&self, c: usize) -> bool {
        match self {
            Block::Ordinary {
                pre,
                first,
                mid,
                second,
            } => {
                pre.channels() == c
                    && first.cin == c
                    && mid.channels() == first.cout
                    && second.cin == first.cout
                    && second.cout == c
            }
            Block::GlobalPool {
                pre,
                regular,
                gpool,
                gpool_norm,
                to_bias,
                mid,
                last,
            } => {
                pre.channels() == c
                    && regular.cin == c
                    && gpool.cin == c
                    && gpool_norm.channels() == gpool.cout
                    && to_bias.cin == 3 * gpool.cout
                    && to_bias.cout == regular.cout
                    && mid.channels() == regular.cout
                    && last.cin == regular.cout
                    && last.cout == c
            }
            Block::Nested {
                pre,
                down,
                blocks: _,
                post,
                up,
            } => {
                pre.channels() == c
                    && down.cin == c
                    && post.channels() == down.cout
                    && up.cin == down.cout
                    && up.cout == c
            }
            Block::Attention(att) => att.channels() == c,
            Block::Ffn(ffn) => ffn.channels() == c,
        }
    }

    /// `x += block(x)` on an `n`x`n` board.
    fn apply(&self, n: usize, x: &mut [f32], s: &mut Scratch) {
        let mut a = s.take();
        let mut b = s.take();
        match self {
            Block::Ordinary {
                pre,
                first,
                mid,
                second,
            } => {
                pre.apply(x, &mut a);
                first.apply(n, &a, &mut s.conv, &mut b);
                mid.apply(&b, &mut a);
                let mut t = s.take();
                second.add_to(n, &a, &mut s.conv, &mut t, x);
                s.give(t);
            }
            Block::GlobalPool {
                pre,
                regular,
                gpool,
                gpool_norm,
                to_bias,
                mid,
                last,
            } => {
                pre.apply(x, &mut a);
                let mut g = s.take();
                let mut t = s.take();
                gpool.apply(n, &a, &mut s.conv, &mut g);
                gpool_norm.apply(&g, &mut t);
                pool(n, gpool.cout, &t, false, &mut s.pooled);
                to_bias.apply(&s.pooled, &mut s.vector);
                regular.apply(n, &a, &mut s.conv, &mut b);
                add_per_channel(&mut b, &s.vector);
                mid.apply(&b, &mut a);
                last.add_to(n, &a, &mut s.conv, &mut t, x);
                s.give(g);
                s.give(t);
            }
            Block::Nested {
                pre,
                down,
                blocks,
                post,
                up,
            } => {
                pre.apply(x, &mut a);
                down.apply(n, &a, &mut s.conv, &mut b);
                for block in blocks {
                    block.apply(n, &mut b, s);
                }
                post.apply(&b, &mut a);
                let mut t = s.take();
                up.add_to(n, &a, &mut s.conv, &mut t, x);
                s.give(t);
            }
            Block::Attention(att) => att.apply(n, x, &mut s.transformer),
            Block::Ffn(ffn) => ffn.apply(n * n, x, &mut s.transformer),
        }
        s.give(a);
        s.give(b);
    }
}

/// The trunk's last normalisation.
#[derive(Debug)]
pub enum Tip {
    /// Batch normalisation.
    Batch(Norm),
    /// RMS normalisation.
    Rms(RmsNorm),
}

/// The trunk.
#[derive(Debug)]
pub struct Trunk {
    /// Channels.
    pub channels: usize,
    initial: Conv,
    global: MatMul,
    blocks: Vec<Block>,
    tip: Tip,
}

impl Trunk {
    /// Reads the trunk: its header, the input layers, the blocks and the
    /// tip.
    pub fn read(w: &mut Words, version: i64, meta: bool) -> Result<Trunk, KataError> {
        w.word()?;
        let count = w.count("trunk blocks", MAX_BLOCKS)?;
        let channels = w.count("trunk channels", 4096)?;
        for what in ["mid", "regular", "dilated", "gpool"] {
            w.count(what, 4096)?;
        }
        let mut norm_kind = 0;
        if version >= 15 {
            norm_kind = w.int("trunk norm kind")?;
            for _ in 0..5 {
                if w.int("trunk option")? != 0 {
                    return Err(KataError::Unsupported("an unknown trunk option".into()));
                }
            }
        }
        let initial = Conv::read(w)?;
        let global = MatMul::read(w)?;
        if initial.cout != channels || global.cout != channels {
            return Err(KataError::Malformed(
                "input layers do not fit the trunk".into(),
            ));
        }
        if meta {
            return Err(KataError::Unsupported("the SGF metadata encoder".into()));
        }
        let blocks = read_blocks(w, version, count, channels)?;
        let tip = match norm_kind {
            0 => Tip::Batch(Norm::read(w, version)?),
            1 => Tip::Rms(RmsNorm::read(w, version)?),
            k => return Err(KataError::Unsupported(format!("trunk norm kind {k}"))),
        };
        let tip_channels = match &tip {
            Tip::Batch(norm) => norm.channels(),
            Tip::Rms(norm) => norm.channels(),
        };
        if tip_channels != channels {
            return Err(KataError::Malformed(
                "the trunk's last norm does not fit".into(),
            ));
        }
        Ok(Trunk {
            channels,
            initial,
            global,
            blocks,
            tip,
        })
    }

    /// Input channels of the spatial and the global inputs.
    pub fn inputs(&self) -> (usize, usize) {
        (self.initial.cin, self.global.cin)
    }

    /// The trunk's output for `spatial` (`n * n` rows of its channels) and
    /// `global`, into `s.trunk`.
    fn apply(&self, n: usize, spatial: &[f32], global: &[f32], s: &mut Scratch) {
        let mut x = std::mem::take(&mut s.trunk);
        self.initial.apply(n, spatial, &mut s.conv, &mut x);
        self.global.apply(global, &mut s.vector);
        add_per_channel(&mut x, &s.vector);
        for block in &self.blocks {
            block.apply(n, &mut x, s);
        }
        let mut out = s.take();
        match &self.tip {
            Tip::Batch(norm) => norm.apply(&x, &mut out),
            Tip::Rms(norm) => norm.apply(&x, &mut out),
        }
        s.give(x);
        s.trunk = out;
    }
}

/// The network's outputs for one position, from the side to move's view,
/// before post-processing.
#[derive(Clone, Debug, Default)]
pub struct RawOut {
    /// Policy logits of each point (`n * n`, the input's order).
    pub policy: Vec<f32>,
    /// Policy logit of the pass.
    pub pass: f32,
    /// The value head's outputs.
    pub value: ValueOut,
    /// Each point's ownership before its tanh.
    pub owner: Vec<f32>,
}

/// The whole network's body.
#[derive(Debug)]
pub struct Body {
    /// The trunk.
    pub trunk: Trunk,
    /// The policy head.
    pub policy: PolicyHead,
    /// The value head.
    pub value: ValueHead,
}

impl Body {
    /// Runs the network on one `n`x`n` position, its policy mixed with
    /// the optimistic policy by `optimism` ([`PolicyHead`]).
    #[allow(clippy::too_many_arguments)]
    pub fn apply(
        &self,
        n: usize,
        spatial: &[f32],
        global: &[f32],
        optimism: f32,
        s: &mut Scratch,
        out: &mut RawOut,
    ) {
        self.trunk.apply(n, spatial, global, s);
        let trunk = std::mem::take(&mut s.trunk);
        out.pass = self.policy.apply(n, &trunk, optimism, s, &mut out.policy);
        self.value
            .apply(n, &trunk, s, &mut out.value, &mut out.owner);
        s.trunk = trunk;
    }
}
