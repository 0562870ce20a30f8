//! Session unit tests.

use super::*;
use crate::gtp::args::VertexArg;

#[test]
fn ownership_is_a_board_of_numbers_from_the_top() {
    let config = Config {
        size: 5,
        status_playouts: Some(50),
        ..Config::default()
    };
    let mut s = Session::new(&config, config.make_player());
    // Black walls off the top two rows, White the bottom two.
    for x in 0..5 {
        s.execute(
            Command::Play(Color::Black, VertexArg::At(x, 3)),
            StopCheck::NEVER,
        )
        .unwrap();
        s.execute(
            Command::Play(Color::White, VertexArg::At(x, 1)),
            StopCheck::NEVER,
        )
        .unwrap();
    }
    let text = s.execute(Command::Ownership, StopCheck::NEVER).unwrap();
    let rows: Vec<Vec<f32>> = text
        .trim()
        .lines()
        .map(|l| l.split(' ').map(|v| v.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 5);
    assert!(
        rows.iter()
            .all(|r| r.len() == 5 && r.iter().all(|v| (-1.0..=1.0).contains(v)))
    );
    // The first row printed is the top one (Black's), the last White's.
    assert!(rows[0].iter().all(|&v| v > 0.5), "{text}");
    assert!(rows[4].iter().all(|&v| v < -0.5), "{text}");
}
