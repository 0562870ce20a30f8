//! The ownership a search reports: the mean of the network's ownership
//! maps over the positions its simulations judged, for the root and,
//! when an analysis asks, for each root move. The root's own judgement
//! counts first, so a search of one visit reports the network's map.

use crate::rules::Color;

/// Sums of ownership maps, Black's view (+1 Black).
#[derive(Debug, Default)]
pub(super) struct Owners {
    /// Points of the board.
    area: usize,
    /// Sum over the judged positions, and their number.
    root: Vec<f64>,
    root_n: u32,
    /// Per root child (by its place among the root's children), the same,
    /// when asked.
    moves: Vec<f32>,
    moves_n: Vec<u32>,
    /// The root's first child's node, when per-move maps are kept.
    first: usize,
}

impl Owners {
    /// Empty sums for a board of `area` points, with per-move maps for
    /// the `count` root children from node `first` when `per_move`.
    pub(super) fn new(area: usize, per_move: bool, first: usize, count: usize) -> Owners {
        let count = if per_move { count } else { 0 };
        Owners {
            area,
            root: vec![0.0; area],
            root_n: 0,
            moves: vec![0.0; area * count],
            moves_n: vec![0; count],
            first,
        }
    }

    /// Adds a judged position's map, `owner` from the view of `to_move`,
    /// reached through the root child `child` (None: the root itself).
    pub(super) fn add(&mut self, owner: &[f32], to_move: Color, child: Option<usize>) {
        if owner.len() != self.area {
            return;
        }
        let sign = if to_move == Color::Black { 1.0 } else { -1.0 };
        for (s, &o) in self.root.iter_mut().zip(owner) {
            *s += f64::from(sign * o);
        }
        self.root_n += 1;
        let Some(k) = child.and_then(|c| c.checked_sub(self.first)) else {
            return;
        };
        if let Some(n) = self.moves_n.get_mut(k) {
            *n += 1;
            let sums = &mut self.moves[k * self.area..][..self.area];
            for (s, &o) in sums.iter_mut().zip(owner) {
                *s += sign * o;
            }
        }
    }

    /// The mean map at the root, Black's view (zeros before any).
    pub(super) fn root(&self) -> Vec<f32> {
        let n = f64::from(self.root_n.max(1));
        self.root.iter().map(|&s| (s / n) as f32).collect()
    }

    /// The mean map through the root child node `child`, Black's view
    /// (empty when not kept or never judged).
    pub(super) fn of_move(&self, child: usize) -> Vec<f32> {
        let Some(k) = child.checked_sub(self.first) else {
            return Vec::new();
        };
        match self.moves_n.get(k) {
            Some(&n) if n > 0 => {
                let n = n as f32;
                self.moves[k * self.area..][..self.area]
                    .iter()
                    .map(|&s| s / n)
                    .collect()
            }
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_are_averaged_from_black_s_view_per_root_move() {
        let mut o = Owners::new(2, true, 5, 2);
        o.add(&[1.0, -1.0], Color::Black, None);
        o.add(&[1.0, 0.5], Color::White, Some(6));
        assert_eq!(o.root(), vec![0.0, -0.75]);
        assert_eq!(o.of_move(6), vec![-1.0, -0.5]);
        assert!(o.of_move(5).is_empty(), "never judged");
        assert!(o.of_move(9).is_empty(), "not a root child");
        // Without per-move maps, only the root's.
        let mut plain = Owners::new(2, false, 5, 2);
        plain.add(&[1.0, 1.0], Color::Black, Some(5));
        assert!(plain.of_move(5).is_empty());
        assert_eq!(plain.root(), vec![1.0, 1.0]);
    }
}
