//! The network applied to the move model's probabilities, as the tree
//! priors use them.

use super::{Activations, HeadOut, Net, input};
use crate::rules::{Board, Color, Point};

/// Buffers of [`correct`], reused from call to call so the search does
/// not allocate once they have grown.
#[derive(Clone, Debug, Default)]
pub struct NetBuffers {
    log_probs: Vec<f32>,
    input: Vec<f32>,
    acts: Activations,
    /// The value heads' outputs of the last [`judge`].
    pub heads: HeadOut,
}

/// [`correct`], and the value heads of the same pass into `buf.heads`
/// with `komi` the side to move's komi (positive when `color` is
/// White). False, and `buf.heads` as it was, if the network has no
/// heads.
pub fn judge(
    net: &Net,
    board: &Board,
    color: Color,
    komi: f32,
    points: &[Point],
    probs: &mut [f32],
    buf: &mut NetBuffers,
) -> bool {
    correct(net, board, color, points, probs, buf);
    let n = board.size().get();
    let last = buf.acts.acts.last().map_or(&[][..], |a| &a[..]);
    net.heads(n, komi, last, &mut buf.heads)
}

/// Corrects `probs`, the model's probabilities of `color` playing each of
/// `points` on `board` (normalised over them), by the network: each
/// becomes proportional to `p * exp(correction)`, normalised again.
pub fn correct(
    net: &Net,
    board: &Board,
    color: Color,
    points: &[Point],
    probs: &mut [f32],
    buf: &mut NetBuffers,
) {
    let size = board.size();
    let n = size.get();
    let dense = |p: Point| {
        let (x, y) = size.coords(p);
        y * n + x
    };
    buf.log_probs.clear();
    buf.log_probs.resize(n * n, f32::NEG_INFINITY);
    for (&p, &pr) in points.iter().zip(probs.iter()) {
        if pr > 0.0 {
            buf.log_probs[dense(p)] = pr.ln();
        }
    }
    input::planes(board, color, &buf.log_probs, &mut buf.input);
    net.infer(n, &buf.input, &mut buf.acts);
    let out = &buf.acts.out;
    let max = points
        .iter()
        .map(|&p| out[dense(p)])
        .fold(f32::NEG_INFINITY, f32::max);
    let mut total = 0.0f64;
    for (&p, pr) in points.iter().zip(probs.iter_mut()) {
        *pr *= (out[dense(p)] - max).exp();
        total += *pr as f64;
    }
    if total > 0.0 {
        let inv = (1.0 / total) as f32;
        probs.iter_mut().for_each(|pr| *pr *= inv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;

    #[test]
    fn a_new_network_leaves_the_probabilities_as_they_are() {
        let size = BoardSize::new(9).unwrap();
        let board = Board::new(size);
        let points: Vec<Point> = size.points().take(5).collect();
        let mut probs = vec![0.1, 0.2, 0.3, 0.25, 0.15];
        let want = probs.clone();
        correct(
            &Net::new(8, 1, 2),
            &board,
            Color::Black,
            &points,
            &mut probs,
            &mut NetBuffers::default(),
        );
        for (a, b) in probs.iter().zip(&want) {
            assert!((a - b).abs() < 1e-6);
        }
    }

    #[test]
    fn a_head_weight_moves_probability_towards_what_it_sees() {
        // A network whose output is its trunk's activity times a positive
        // head: the probabilities change but still sum to one.
        let size = BoardSize::new(9).unwrap();
        let mut board = Board::new(size);
        board.play_unchecked(Color::White, size.point(4, 4).unwrap());
        let mut net = Net::new(8, 1, 2);
        let head = net.head_at();
        net.params_mut()[head..].iter_mut().for_each(|w| *w = 0.5);
        let points: Vec<Point> = size
            .points()
            .filter(|&p| board.cell(p) == crate::rules::Cell::Empty)
            .collect();
        let mut probs = vec![1.0 / points.len() as f32; points.len()];
        correct(
            &net,
            &board,
            Color::Black,
            &points,
            &mut probs,
            &mut NetBuffers::default(),
        );
        let sum: f32 = probs.iter().sum();
        assert!((sum - 1.0).abs() < 1e-4);
        let (lo, hi) = probs
            .iter()
            .fold((1.0f32, 0.0f32), |(l, h), &p| (l.min(p), h.max(p)));
        assert!(hi > lo * 1.01, "{lo} {hi}");
    }
}
