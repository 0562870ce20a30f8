//! Handicap stone placement (GTP v2 `fixed_handicap` table). Free
//! placement chooses its points with playouts: `player::handicap`.

use super::point::{BoardSize, Point};

/// The most fixed handicap stones a board allows: none below 7x7, 4 on 7x7
/// and even sizes, 9 on odd sizes from 9x9.
pub fn max_fixed(size: BoardSize) -> u32 {
    let n = size.get();
    match n {
        0..=6 => 0,
        7 => 4,
        _ if n.is_multiple_of(2) => 4,
        _ => 9,
    }
}

/// The GTP v2 fixed handicap points, in the order GTP lists them, or `None`
/// if `count` is not allowed on this board (2..=max_fixed).
pub fn fixed_points(size: BoardSize, count: u32) -> Option<Vec<Point>> {
    if count < 2 || count > max_fixed(size) {
        return None;
    }
    let n = size.get();
    let low = if n >= 13 { 3 } else { 2 };
    let high = n - 1 - low;
    let mid = n / 2;
    let at = |x: usize, y: usize| size.point(x, y).expect("handicap point on board");
    // Corners: lower left, upper right, upper left, lower right.
    let corners = [at(low, low), at(high, high), at(low, high), at(high, low)];
    let sides_lr = [at(low, mid), at(high, mid)];
    let sides_bt = [at(mid, low), at(mid, high)];
    let center = at(mid, mid);
    let mut pts: Vec<Point> = corners[..count.min(4) as usize].to_vec();
    match count {
        5 => pts.push(center),
        6 => pts.extend(sides_lr),
        7 => {
            pts.extend(sides_lr);
            pts.push(center);
        }
        8 => {
            pts.extend(sides_lr);
            pts.extend(sides_bt);
        }
        9 => {
            pts.extend(sides_lr);
            pts.extend(sides_bt);
            pts.push(center);
        }
        _ => {}
    }
    Some(pts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::point::vertex_name;

    fn names(size: u32, count: u32) -> Option<String> {
        let s = BoardSize::new(size).unwrap();
        fixed_points(s, count).map(|v| {
            v.iter()
                .map(|&p| vertex_name(s, p))
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    #[test]
    fn nineteen_by_nineteen_follows_gtp_order() {
        assert_eq!(names(19, 9).unwrap(), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
        assert_eq!(names(19, 2).unwrap(), "D4 Q16");
        assert_eq!(names(19, 3).unwrap(), "D4 Q16 D16");
        assert_eq!(names(19, 5).unwrap(), "D4 Q16 D16 Q4 K10");
        assert_eq!(names(19, 6).unwrap(), "D4 Q16 D16 Q4 D10 Q10");
        assert_eq!(names(19, 7).unwrap(), "D4 Q16 D16 Q4 D10 Q10 K10");
        assert_eq!(names(19, 8).unwrap(), "D4 Q16 D16 Q4 D10 Q10 K4 K16");
    }

    #[test]
    fn small_boards_use_the_third_line() {
        assert_eq!(names(9, 9).unwrap(), "C3 G7 C7 G3 C5 G5 E3 E7 E5");
        assert_eq!(names(7, 4).unwrap(), "C3 E5 C5 E3");
        assert_eq!(names(12, 4).unwrap(), "C3 K10 C10 K3");
        assert_eq!(names(13, 9).unwrap(), "D4 K10 D10 K4 D7 K7 G4 G10 G7");
    }

    #[test]
    fn limits_for_every_size_7_to_25() {
        for n in 2..=25u32 {
            let s = BoardSize::new(n).unwrap();
            let max = if n < 7 {
                0
            } else if n == 7 || n % 2 == 0 {
                4
            } else {
                9
            };
            assert_eq!(max_fixed(s), max, "size {n}");
            for k in 0..=10 {
                let pts = fixed_points(s, k);
                assert_eq!(pts.is_some(), k >= 2 && k <= max, "size {n}, {k} stones");
                if let Some(pts) = pts {
                    let mut d = pts.clone();
                    d.sort();
                    d.dedup();
                    assert_eq!(d.len(), k as usize, "distinct points, size {n}, {k} stones");
                    let line = if n >= 13 { 3 } else { 2 };
                    for p in pts.iter().take(4) {
                        assert_eq!(s.line(*p), line, "corner line, size {n}");
                    }
                }
            }
        }
    }
}
