//! The PUCT search's tree: nodes in one vector, each with its move, the
//! network's prior for it, its visits and the sum of the values its
//! simulations brought back, and a contiguous run of children.
//!
//! Values are from the view of the player who made the node's move, so a
//! parent picks among its children by their own means: the utility the
//! search maximises (the win-loss value in [-1, 1], a win 1, plus a small
//! score term), the win-loss value alone, and the expected lead.

use crate::rules::Move;

/// One node.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The move that led here.
    pub mv: Move,
    /// The network's probability of that move.
    pub prior: f32,
    /// Simulations finished through the node.
    pub visits: u32,
    /// Simulations on their way through it (virtual losses).
    pub in_flight: u32,
    /// Sum of the simulations' utilities, for the mover.
    pub value: f64,
    /// Sum of their squares.
    pub value_sq: f64,
    /// Sum of their win-loss values, for the mover.
    pub winloss: f64,
    /// Sum of their expected leads, for the mover.
    pub lead: f64,
    /// Sum of the leads' second moments (the square plus the variance
    /// the network gives).
    pub lead_sq: f64,
    /// The first child and the number of children (0: not expanded).
    pub first: u32,
    /// Number of children.
    pub count: u32,
}

impl Node {
    /// A node not yet visited.
    pub fn new(mv: Move, prior: f32) -> Node {
        Node {
            mv,
            prior,
            visits: 0,
            in_flight: 0,
            value: 0.0,
            value_sq: 0.0,
            winloss: 0.0,
            lead: 0.0,
            lead_sq: 0.0,
            first: 0,
            count: 0,
        }
    }

    /// Whether it has children.
    pub fn expanded(&self) -> bool {
        self.count > 0
    }

    /// Mean utility for the mover (0 without visits).
    pub fn q(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.value / self.visits as f64
        }
    }

    /// Mean win-loss value for the mover (0 without visits).
    pub fn mean_winloss(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.winloss / self.visits as f64
        }
    }

    /// A lower confidence bound of the utility: the mean less `stdevs`
    /// standard errors, the variance estimated with one prior sample of
    /// variance 0.25 (minus infinity without visits).
    pub fn lcb(&self, stdevs: f64) -> f64 {
        if self.visits == 0 {
            return f64::NEG_INFINITY;
        }
        let n = self.visits as f64;
        let mean = self.value / n;
        let var = ((self.value_sq - n * mean * mean).max(0.0) + 0.25) / (n + 1.0);
        mean - stdevs * (var / n).sqrt()
    }

    /// Mean lead for the mover (0 without visits).
    pub fn mean_lead(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.lead / self.visits as f64
        }
    }

    /// Standard deviation of the final lead over the simulations through
    /// the node, the network's own uncertainty included (0 without
    /// visits).
    pub fn lead_stdev(&self) -> f64 {
        if self.visits == 0 {
            return 0.0;
        }
        let n = self.visits as f64;
        let mean = self.lead / n;
        (self.lead_sq / n - mean * mean).max(0.0).sqrt()
    }
}

/// What one simulation brings back, for one player.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outcome {
    /// The utility the search maximises.
    pub utility: f64,
    /// The win-loss value (1 a win, -1 a loss).
    pub winloss: f64,
    /// The expected lead in points.
    pub lead: f64,
    /// The variance of the final lead about it (the same for both
    /// players).
    pub lead_var: f64,
}

impl Outcome {
    /// The same outcome for the other player.
    pub fn negated(self) -> Outcome {
        Outcome {
            utility: -self.utility,
            winloss: -self.winloss,
            lead: -self.lead,
            lead_var: self.lead_var,
        }
    }
}

/// The constants of the selection.
#[derive(Clone, Copy, Debug)]
pub struct Select {
    /// Exploration at few visits (KataGo's `cpuctExploration`).
    pub c_base: f64,
    /// Its growth with the log of the visits (`cpuctExplorationLog`).
    pub c_log: f64,
    /// The visits of that growth's unit (`cpuctExplorationBase`).
    pub c_visits: f64,
    /// First-play urgency: an unvisited child is taken at the parent's
    /// value less this times the square root of the prior already
    /// visited.
    pub fpu: f64,
    /// The same at the root.
    pub root_fpu: f64,
}

/// The tree.
#[derive(Debug)]
pub struct Tree {
    nodes: Vec<Node>,
    /// The most nodes it may hold; beyond, leaves are judged but not
    /// expanded.
    cap: usize,
}

impl Tree {
    /// A tree with a root (whose move is never read) and room for `cap`
    /// nodes.
    pub fn new(cap: usize) -> Tree {
        let mut nodes = Vec::with_capacity(cap.min(1 << 16));
        nodes.push(Node::new(Move::Pass, 1.0));
        Tree {
            nodes,
            cap: cap.max(2),
        }
    }

    /// Sets the most nodes the tree may hold.
    pub fn set_cap(&mut self, cap: usize) {
        self.cap = cap.max(2);
    }

    /// Node `i`.
    pub fn node(&self, i: usize) -> &Node {
        &self.nodes[i]
    }

    /// The children of node `i`, as indices.
    pub fn children(&self, i: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[i];
        n.first as usize..(n.first + n.count) as usize
    }

    /// Nodes in the tree.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree holds only its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// Gives node `i` these children; false if it has some already or
    /// the tree is full.
    pub fn expand(&mut self, i: usize, kids: impl ExactSizeIterator<Item = (Move, f32)>) -> bool {
        if self.nodes[i].expanded() || kids.len() == 0 || self.nodes.len() + kids.len() > self.cap {
            return false;
        }
        let first = self.nodes.len() as u32;
        let count = kids.len() as u32;
        self.nodes.extend(kids.map(|(mv, p)| Node::new(mv, p)));
        self.nodes[i].first = first;
        self.nodes[i].count = count;
        true
    }

    /// The child of node `i` a descent takes: the most urgent by PUCT,
    /// counting the simulations in flight as losses. `i` must be expanded.
    pub fn select(&self, i: usize, s: &Select) -> usize {
        let parent = &self.nodes[i];
        let kids = self.children(i);
        let mut total = 0.0f64;
        let mut visited_prior = 0.0f64;
        for k in kids.clone() {
            let n = &self.nodes[k];
            let v = (n.visits + n.in_flight) as f64;
            total += v;
            if v > 0.0 {
                visited_prior += n.prior as f64;
            }
        }
        let c = s.c_base + s.c_log * ((total + s.c_visits) / s.c_visits).ln();
        let explore = c * total.max(1.0).sqrt();
        // The parent's value for the side moving into the children.
        let parent_q = if parent.visits > 0 { -parent.q() } else { 0.0 };
        let reduction = if i == 0 { s.root_fpu } else { s.fpu };
        let fpu = parent_q - reduction * visited_prior.sqrt();
        let mut best = kids.start;
        let mut best_u = f64::NEG_INFINITY;
        for k in kids {
            let n = &self.nodes[k];
            let v = (n.visits + n.in_flight) as f64;
            let q = if v > 0.0 {
                (n.value - n.in_flight as f64) / v
            } else {
                fpu
            };
            let u = q + explore * n.prior as f64 / (1.0 + v);
            if u > best_u {
                best_u = u;
                best = k;
            }
        }
        best
    }

    /// Marks a simulation on its way through node `i`.
    pub fn enter(&mut self, i: usize) {
        self.nodes[i].in_flight += 1;
    }

    /// Brings a simulation's result back up `path` (root first): it is
    /// for the player who made the last node's move, and changes sides at
    /// each step up.
    pub fn backup(&mut self, path: &[usize], r: Outcome) {
        let mut r = r;
        for &i in path.iter().rev() {
            let n = &mut self.nodes[i];
            n.in_flight = n.in_flight.saturating_sub(1);
            n.visits += 1;
            n.value += r.utility;
            n.value_sq += r.utility * r.utility;
            n.winloss += r.winloss;
            n.lead += r.lead;
            n.lead_sq += r.lead * r.lead + r.lead_var;
            r = r.negated();
        }
    }

    /// The subtree under node `i` as a tree of its own, `i` its root
    /// (kept from one search to the next after the moves between them).
    pub fn subtree(&self, i: usize) -> Tree {
        let mut nodes = Vec::with_capacity(self.nodes.len().min(1 << 16));
        let mut root = self.nodes[i];
        root.in_flight = 0;
        nodes.push(root);
        let mut queue = std::collections::VecDeque::from([(i, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            let kids = self.children(old);
            if kids.is_empty() {
                continue;
            }
            let first = nodes.len();
            nodes[new].first = first as u32;
            nodes[new].count = kids.len() as u32;
            for (j, k) in kids.enumerate() {
                let mut n = self.nodes[k];
                n.in_flight = 0;
                n.first = 0;
                n.count = 0;
                nodes.push(n);
                queue.push_back((k, first + j));
            }
        }
        Tree {
            nodes,
            cap: self.cap,
        }
    }

    /// The child of node `i` whose move is `mv`, if it has one.
    pub fn child(&self, i: usize, mv: crate::rules::Move) -> Option<usize> {
        self.children(i).find(|&k| self.nodes[k].mv == mv)
    }

    /// The children of node `i`, most visited first (ties: the higher
    /// prior).
    pub fn ranked(&self, i: usize) -> Vec<usize> {
        let mut kids: Vec<usize> = self.children(i).collect();
        kids.sort_by(|&a, &b| {
            let (x, y) = (&self.nodes[a], &self.nodes[b]);
            y.visits.cmp(&x.visits).then(y.prior.total_cmp(&x.prior))
        });
        kids
    }

    /// The principal variation from node `i`: its most visited child, and
    /// on, while the child has visits.
    pub fn pv(&self, mut i: usize) -> Vec<Move> {
        let mut pv = vec![self.nodes[i].mv];
        while let Some(&k) = self.ranked(i).first() {
            if self.nodes[k].visits == 0 || pv.len() >= 40 {
                break;
            }
            pv.push(self.nodes[k].mv);
            i = k;
        }
        pv
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Point;

    fn sel() -> Select {
        Select {
            c_base: 1.0,
            c_log: 0.45,
            c_visits: 500.0,
            fpu: 0.2,
            root_fpu: 0.1,
        }
    }

    fn lost(by: f64) -> Outcome {
        Outcome {
            utility: -1.0,
            winloss: -1.0,
            lead: -by,
            lead_var: 0.0,
        }
    }

    #[test]
    fn the_first_descents_follow_the_prior_then_the_values() {
        let mut t = Tree::new(100);
        let kids = [(Move::Play(Point(1)), 0.7), (Move::Play(Point(2)), 0.3)];
        assert!(t.expand(0, kids.into_iter()));
        assert!(!t.expand(0, kids.into_iter()), "expanded once");
        assert_eq!(t.select(0, &sel()), 1, "the higher prior first");
        // The favourite keeps losing: the other gets its turn.
        for _ in 0..5 {
            t.enter(0);
            t.enter(1);
            t.backup(&[0, 1], lost(5.0));
        }
        assert_eq!(t.select(0, &sel()), 2);
        assert_eq!(t.node(1).visits, 5);
        assert_eq!(t.node(0).q(), 1.0, "the root's mover is the other side");
        assert_eq!(t.node(1).mean_lead(), -5.0);
    }

    #[test]
    fn simulations_in_flight_count_as_losses() {
        let mut t = Tree::new(100);
        let kids = [(Move::Play(Point(1)), 0.5), (Move::Play(Point(2)), 0.5)];
        t.expand(0, kids.into_iter());
        let first = t.select(0, &sel());
        t.enter(first);
        assert_ne!(
            t.select(0, &sel()),
            first,
            "the second thread goes elsewhere"
        );
    }

    #[test]
    fn a_subtree_keeps_its_statistics_and_shape() {
        let mut t = Tree::new(100);
        let a = Move::Play(Point(1));
        t.expand(0, [(a, 0.6), (Move::Pass, 0.4)].into_iter());
        t.expand(1, [(Move::Play(Point(3)), 1.0)].into_iter());
        t.enter(0);
        t.enter(1);
        t.enter(3);
        t.backup(&[0, 1, 3], lost(2.0));
        let sub = t.subtree(t.child(0, a).unwrap());
        assert_eq!(sub.len(), 2);
        assert_eq!(sub.node(0).visits, 1);
        assert_eq!(sub.node(0).q(), 1.0);
        assert_eq!(sub.node(1).mv, Move::Play(Point(3)));
        assert_eq!(sub.node(1).mean_lead(), -2.0);
        assert_eq!(t.child(0, Move::Play(Point(9))), None);
    }

    #[test]
    fn the_confidence_bound_grows_with_visits() {
        let mut t = Tree::new(100);
        t.expand(0, [(Move::Pass, 1.0)].into_iter());
        let win = Outcome {
            utility: 0.5,
            winloss: 0.5,
            lead: 1.0,
            lead_var: 0.0,
        };
        t.backup(&[0, 1], win);
        let few = t.node(1).lcb(5.0);
        for _ in 0..50 {
            t.backup(&[0, 1], win);
        }
        assert!(t.node(1).lcb(5.0) > few);
        assert!(t.node(1).lcb(5.0) < 0.5);
    }

    #[test]
    fn a_full_tree_refuses_to_grow() {
        let mut t = Tree::new(2);
        let kids = [(Move::Play(Point(1)), 0.5), (Move::Play(Point(2)), 0.5)];
        assert!(!t.expand(0, kids.into_iter()));
        assert!(!t.node(0).expanded());
    }
}
