//! The shared search tree: a node arena with lock-free statistics.
//!
//! Nodes live in fixed-size chunks allocated on demand (one allocation per
//! 32,768 nodes, never per node); children of a node are one contiguous
//! block, so a node stores only the index of its first child and a count.
//! Statistics are relaxed atomics: threads update them without locks, and a
//! per-node `in_flight` counter is the virtual loss that keeps concurrent
//! descents apart. Statistics are stored from the point of view of the
//! player who made the node's move.

use crate::rules::{Color, Move, Point};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicI64, AtomicU32, AtomicUsize, Ordering::Relaxed, Ordering::Release};

/// The move index used for a pass (no on-board point has index 0).
pub const PASS: u32 = 0;
/// A child's move word: the point index in the low 16 bits.
const MOVE_BITS: u32 = 16;
/// The move word's top bit: this node's children still have the model's
/// priors alone, waiting for the policy network's
/// ([`Node::take_net_pending`]).
const NET_PENDING: u32 = 1 << 31;
const CHUNK: usize = 1 << 15;
const NO_CHILDREN: u32 = 0;
const EXPANDING: u32 = u32::MAX;

/// A simulation's value in a node's `wins`: a full win counts this
/// much. Sixteenths give the value mix's fractions room, rounded at
/// random to keep their mean; a node overflows only past 268 million
/// simulations.
pub const WIN_UNITS: u32 = 16;

/// A whole win in a node's value network judgement ([`Node::judgement`]):
/// finer than [`WIN_UNITS`], so the judgement keeps its precision until
/// a simulation mixes it in.
pub const NET_VALUE_ONE: u32 = (1 << 15) - 1;
/// The value network's lead in a node, in these parts of a point.
const NET_LEAD_PARTS: f32 = 4.0;
/// The mark of a judged node in its `net` word.
const JUDGED: u32 = 1 << 31;

/// One tree node. 48 bytes, within a budget of 100.
#[derive(Default, Debug)]
pub struct Node {
    mv: AtomicU32,
    first_child: AtomicU32,
    n_children: AtomicU32,
    /// Completed simulations through this node.
    pub visits: AtomicU32,
    /// The value of those simulations in [`WIN_UNITS`] per win (a draw
    /// counts one half; with the value mix, the network's judgement
    /// counts its share).
    pub wins: AtomicU32,
    /// All-moves-as-first simulations and twice their wins.
    pub rave_visits: AtomicU32,
    /// Twice the AMAF wins.
    pub rave_wins2: AtomicU32,
    /// Sum of twice the final area scores (Black's view) of the
    /// simulations through this node.
    pub score2_sum: AtomicI64,
    /// Prior knowledge: (equivalent visits << 16) | equivalent wins.
    prior: AtomicU32,
    /// Simulations currently descending through this node (virtual loss).
    pub in_flight: AtomicU32,
    /// The value network's judgement of the node's position: a judged
    /// mark (the top bit), Black's win probability in [`NET_VALUE_ONE`]ths
    /// (15 bits), Black's expected lead in quarter points (the low 16
    /// bits, signed); 0 when not judged.
    net: AtomicU32,
}

impl Node {
    /// The move (point index, or [`PASS`]).
    #[inline]
    pub fn mv(&self) -> u32 {
        self.mv.load(Relaxed) & ((1 << MOVE_BITS) - 1)
    }

    /// Marks the node's children as waiting for the policy network's
    /// priors (expanded with the model's alone).
    pub fn mark_net_pending(&self) {
        self.mv.fetch_or(NET_PENDING, Relaxed);
    }

    /// True while the mark [`Node::mark_net_pending`] left is there.
    pub fn net_pending(&self) -> bool {
        self.mv.load(Relaxed) & NET_PENDING != 0
    }

    /// True, once, for the one caller that takes the mark
    /// [`Node::mark_net_pending`] left: that caller gives the children the
    /// network's priors; every other thread goes on with the model's.
    #[inline]
    pub fn take_net_pending(&self) -> bool {
        self.mv.load(Relaxed) & NET_PENDING != 0
            && self.mv.fetch_and(!NET_PENDING, Relaxed) & NET_PENDING != 0
    }

    /// Prior equivalent visits and wins.
    #[inline]
    pub fn prior(&self) -> (u32, u32) {
        let p = self.prior.load(Relaxed);
        (p >> 16, p & 0xffff)
    }

    /// Completed visits.
    #[inline]
    pub fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }

    /// Win rate of completed simulations (0.5 when unvisited).
    pub fn win_rate(&self) -> f64 {
        let v = self.visits();
        if v == 0 {
            0.5
        } else {
            self.wins.load(Relaxed) as f64 / (WIN_UNITS as f64 * v as f64)
        }
    }

    /// The mean final area score of the simulations through this node,
    /// in points for `color` (0 before any).
    pub fn mean_score(&self, color: Color) -> f64 {
        let v = self.visits();
        if v == 0 {
            return 0.0;
        }
        let black = self.score2_sum.load(Relaxed) as f64 / (2.0 * v as f64);
        color.relative(black)
    }

    /// The value network's judgement of the node's position, if it was
    /// judged: Black's win probability in [`NET_VALUE_ONE`]ths and
    /// Black's expected lead in points, from one load.
    #[inline]
    pub fn judgement(&self) -> Option<(u32, f32)> {
        let word = self.net.load(Relaxed);
        (word & JUDGED != 0).then(|| {
            let lead = f32::from(word as u16 as i16) / NET_LEAD_PARTS;
            ((word >> 16) & NET_VALUE_ONE, lead)
        })
    }

    /// Records the value network's judgement: Black's win probability
    /// and expected lead (points).
    pub fn set_net_value(&self, black: f32, lead: f32) {
        let units = (f64::from(black.clamp(0.0, 1.0)) * f64::from(NET_VALUE_ONE)).round() as u32;
        let lead = (lead * NET_LEAD_PARTS)
            .round()
            .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16;
        self.net
            .store(JUDGED | units << 16 | u32::from(lead as u16), Relaxed);
    }

    /// Replaces the prior equivalent visits and wins.
    pub fn set_prior(&self, visits: u32, wins: u32) {
        self.prior.store(
            (visits.min(0xffff) << 16) | wins.min(visits).min(0xffff),
            Relaxed,
        );
    }

    fn reset(&self, mv: u32, prior_visits: u32, prior_wins: u32) {
        self.mv.store(mv, Relaxed);
        self.first_child.store(NO_CHILDREN, Relaxed);
        self.n_children.store(0, Relaxed);
        self.visits.store(0, Relaxed);
        self.wins.store(0, Relaxed);
        self.rave_visits.store(0, Relaxed);
        self.rave_wins2.store(0, Relaxed);
        self.score2_sum.store(0, Relaxed);
        self.set_prior(prior_visits, prior_wins);
        self.in_flight.store(0, Relaxed);
        self.net.store(0, Relaxed);
    }
}

/// A new child for [`Tree::expand`]: its move word and its prior, as
/// equivalent visits and wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    /// The move word ([`move_id`]).
    pub mv: u32,
    /// Prior visits.
    pub visits: u32,
    /// Prior wins among them.
    pub wins: u32,
}

/// The move word of `mv` in the tree: its point's index, or [`PASS`].
pub fn move_id(mv: Move) -> u32 {
    match mv {
        Move::Play(p) => p.index() as u32,
        Move::Pass => PASS,
    }
}

/// The move of a move word ([`move_id`]).
pub fn id_move(id: u32) -> Move {
    if id == PASS {
        Move::Pass
    } else {
        Move::Play(Point(id as u16))
    }
}

/// A node index in the arena.
pub type NodeId = u32;

/// The arena: up to `max_nodes` nodes, handed out in contiguous blocks.
pub struct Tree {
    chunks: Vec<OnceLock<Box<[Node]>>>,
    next: AtomicUsize,
    max_nodes: usize,
}

impl Tree {
    /// An empty tree that will never use more than `max_bytes` for nodes.
    pub fn new(max_bytes: usize) -> Tree {
        let max_nodes = (max_bytes / std::mem::size_of::<Node>()).max(2 * CHUNK);
        let n_chunks = max_nodes.div_ceil(CHUNK);
        Tree {
            chunks: (0..n_chunks).map(|_| OnceLock::new()).collect(),
            next: AtomicUsize::new(1),
            max_nodes,
        }
    }

    /// Bytes each node takes.
    pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

    /// Nodes handed out so far.
    pub fn used(&self) -> usize {
        self.next.load(Relaxed).min(self.max_nodes)
    }

    /// Largest number of nodes this tree may hold.
    pub fn capacity(&self) -> usize {
        self.max_nodes
    }

    /// Forgets every node and starts a new root for `mv`; chunks are kept.
    pub fn clear(&mut self) -> NodeId {
        self.next.store(1, Relaxed);
        let root = self.alloc(1).expect("an empty tree has room for a root");
        self.node(root).reset(PASS, 0, 0);
        root
    }

    /// The node with this id.
    #[inline]
    pub fn node(&self, id: NodeId) -> &Node {
        let i = id as usize;
        &self.chunk(i / CHUNK)[i % CHUNK]
    }

    /// Chunk `k`, allocated on first use.
    #[inline]
    fn chunk(&self, k: usize) -> &[Node] {
        self.chunks[k].get_or_init(|| (0..CHUNK).map(|_| Node::default()).collect())
    }

    /// Reserves `n` consecutive nodes inside one chunk, or `None` when the
    /// memory limit is reached (the search then stops expanding).
    fn alloc(&self, n: usize) -> Option<NodeId> {
        debug_assert!(n <= CHUNK);
        let mut start = self.next.load(Relaxed);
        loop {
            // Never let a block straddle two chunks.
            let begin = if start / CHUNK != (start + n - 1) / CHUNK {
                (start / CHUNK + 1) * CHUNK
            } else {
                start
            };
            let end = begin + n;
            if end > self.max_nodes {
                return None;
            }
            match self
                .next
                .compare_exchange_weak(start, end, Relaxed, Relaxed)
            {
                Ok(_) => return Some(begin as NodeId),
                Err(now) => start = now,
            }
        }
    }

    /// The children of `id` as a range of ids (empty for a leaf or a node
    /// another thread is expanding).
    #[inline]
    pub fn children(&self, id: NodeId) -> std::ops::Range<NodeId> {
        let n = self.node(id);
        let first = n.first_child.load(std::sync::atomic::Ordering::Acquire);
        if first == NO_CHILDREN || first == EXPANDING {
            return 0..0;
        }
        first..first + n.n_children.load(Relaxed)
    }

    /// The children of `id`: the first child's id and the nodes, found with
    /// one chunk lookup (a child block never straddles two chunks). The
    /// descent and the RAVE update walk every child, so this is hot.
    #[inline]
    pub fn child_nodes(&self, id: NodeId) -> (NodeId, &[Node]) {
        let r = self.children(id);
        if r.is_empty() {
            return (0, &[]);
        }
        let first = r.start as usize % CHUNK;
        let chunk = self.chunk(r.start as usize / CHUNK);
        (r.start, &chunk[first..first + r.len()])
    }

    /// True if `id` has children.
    #[inline]
    pub fn is_expanded(&self, id: NodeId) -> bool {
        !self.children(id).is_empty()
    }

    /// Expands `id` with `children`, in their order. Only one thread wins the right to expand a node; the others,
    /// and every thread once memory is full, get `false` and treat the node
    /// as a leaf.
    pub fn expand(&self, id: NodeId, children: &[Child]) -> bool {
        let node = self.node(id);
        if children.is_empty()
            || node
                .first_child
                .compare_exchange(NO_CHILDREN, EXPANDING, Relaxed, Relaxed)
                .is_err()
        {
            return false;
        }
        let Some(first) = self.alloc(children.len()) else {
            node.first_child.store(NO_CHILDREN, Relaxed);
            return false;
        };
        for (i, c) in children.iter().enumerate() {
            self.node(first + i as u32).reset(c.mv, c.visits, c.wins);
        }
        node.n_children.store(children.len() as u32, Relaxed);
        node.first_child.store(first, Release);
        true
    }
}

const _: () = assert!(
    std::mem::size_of::<Node>() <= 100,
    "tree nodes must stay under 100 bytes"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_network_mark_is_taken_once_and_leaves_the_move() {
        let mut t = Tree::new(0);
        let root = t.clear();
        let child = |mv| Child {
            mv,
            visits: 10,
            wins: 5,
        };
        assert!(t.expand(root, &[child(42), child(7)]));
        let child = t.node(t.children(root).start);
        assert!(!child.take_net_pending(), "no mark before one is made");
        child.mark_net_pending();
        assert_eq!(child.mv(), 42);
        assert!(child.take_net_pending());
        assert!(!child.take_net_pending(), "taken once");
        assert_eq!(child.mv(), 42);
    }

    #[test]
    fn a_judgement_keeps_its_value_and_lead() {
        let n = Node::default();
        assert_eq!(n.judgement(), None);
        n.set_net_value(0.25, -12.3);
        let (v, lead) = n.judgement().unwrap();
        assert!((f64::from(v) / f64::from(NET_VALUE_ONE) - 0.25).abs() < 1e-4);
        assert_eq!(lead, -12.25);
        n.set_net_value(1.0, 9999.0);
        assert_eq!(n.judgement(), Some((NET_VALUE_ONE, 8191.75)));
        n.set_net_value(0.0, 0.0);
        assert_eq!(n.judgement(), Some((0, 0.0)));
        n.reset(1, 0, 0);
        assert_eq!(n.judgement(), None);
    }

    #[test]
    fn expansion_respects_the_memory_limit() {
        let mut t = Tree::new(0); // rounds up to two chunks
        let root = t.clear();
        let moves: Vec<Child> = (1..=361)
            .map(|mv| Child {
                mv,
                visits: 10,
                wins: 5,
            })
            .collect();
        assert!(t.expand(root, &moves));
        assert!(!t.expand(root, &moves), "a node is expanded once");
        let mut expanded = 1;
        for id in t.children(root) {
            if t.expand(id, &moves) {
                expanded += 1;
            }
        }
        assert!(t.used() <= t.capacity());
        assert!(expanded < 362, "the limit stopped expansion");
        // Blocks never straddle chunks.
        for id in t.children(root) {
            let r = t.children(id);
            if !r.is_empty() {
                assert_eq!(r.start as usize / CHUNK, (r.end as usize - 1) / CHUNK);
            }
        }
    }
}
