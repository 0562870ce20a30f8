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

/// Networks with value heads for the `kata-raw-nn` tests.
mod raw_nn {
    use super::*;
    use crate::gtp::command::parse_command;
    use crate::gtp::error::GtpError;
    use crate::gtp::request::parse_request;
    use crate::knowledge::net::{Net, PLANES};
    use std::sync::Arc;

    /// The input planes of an own stone (1, 2, 3+ liberties), then the
    /// enemy's ([`crate::knowledge::net::input`]).
    const OWN: std::ops::Range<usize> = 0..3;
    const ENEMY: std::ops::Range<usize> = 3..6;
    const CHANNELS: usize = 8;
    const HIDDEN: usize = 16;

    fn small(seed: u64) -> f32 {
        // A reproducible number in [-1, 1).
        let x = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((x >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }

    /// A network that counts material: trunk channel 0 lights up on the
    /// side to move's stones, channel 1 on the opponent's (a strong
    /// centre tap; the other taps keep a fifth of their random weights,
    /// so the network is not symmetric), the ownership head reads
    /// channel 0 minus channel 1, and the value and score heads the
    /// difference of their means: the side with more stones wins, and
    /// owns its stones.
    fn material_net(seed: u64) -> Net {
        let mut net = Net::new(CHANNELS, 1, seed).with_heads(HIDDEN, seed);
        let c = net.conv_at(0);
        let at = net.heads_at().unwrap();
        let p = net.params_mut();
        for row in 0..9 * PLANES {
            for ch in 0..2 {
                p[c.w + row * CHANNELS + ch] *= 0.2;
            }
        }
        let centre = |plane: usize, ch: usize| c.w + (4 * PLANES + plane) * CHANNELS + ch;
        for plane in OWN {
            p[centre(plane, 0)] += 5.0;
        }
        for plane in ENEMY {
            p[centre(plane, 1)] += 5.0;
        }
        p[at.owner..at.owner + CHANNELS].fill(0.0);
        p[at.owner] = 2.0;
        p[at.owner + 1] = -2.0;
        p[at.fc1..at.end()].fill(0.0);
        // Hidden unit 0: mean(ch 0) - mean(ch 1); unit 1 the opposite.
        p[at.fc1] = 10.0;
        p[at.fc1 + HIDDEN] = -10.0;
        p[at.fc1 + 1] = -10.0;
        p[at.fc1 + HIDDEN + 1] = 10.0;
        // Value and score: unit 0 minus unit 1.
        p[at.fc2] = 1.0;
        p[at.fc2 + 1] = 0.5;
        p[at.fc2 + 2] = -1.0;
        p[at.fc2 + 3] = -0.5;
        net
    }

    /// A random network whose every 3x3 kernel is symmetric under the
    /// eight symmetries (its taps averaged over the centre, the edges
    /// and the corners): it sees a position and its mirror images alike,
    /// so every symmetry must give the same answers once they are mapped
    /// back to the real board.
    fn symmetric_net(seed: u64) -> Net {
        let mut net = Net::new(CHANNELS, 1, seed).with_heads(HIDDEN, seed);
        let convs: Vec<_> = (0..net.convs()).map(|i| net.conv_at(i)).collect();
        let at = net.heads_at().unwrap();
        let policy = net.head_at();
        let p = net.params_mut();
        for (i, c) in convs.iter().enumerate() {
            for ci in 0..c.cin {
                for co in 0..c.cout {
                    let w = |tap: usize| c.w + (tap * c.cin + ci) * c.cout + co;
                    if i == 2 {
                        // The block's second convolution starts at zero.
                        for tap in 0..9 {
                            p[w(tap)] = 0.3 * small((tap * 977 + ci * 31 + co) as u64);
                        }
                    }
                    for class in [&[4][..], &[1, 3, 5, 7], &[0, 2, 6, 8]] {
                        let mean = class.iter().map(|&t| p[w(t)]).sum::<f32>() / class.len() as f32;
                        for &t in class {
                            p[w(t)] = mean;
                        }
                    }
                }
            }
        }
        for (k, x) in p[policy..policy + CHANNELS].iter_mut().enumerate() {
            *x = small(k as u64 + 5);
        }
        for (k, x) in p[at.owner..at.fc1].iter_mut().enumerate() {
            *x = small(k as u64 + 100);
        }
        for (k, x) in p[at.fc2..at.end()].iter_mut().enumerate() {
            *x = 0.5 * small(k as u64 + 200);
        }
        net
    }

    fn session(size: u32, net: Option<Net>) -> Session {
        let config = Config {
            size,
            net: net.map(|n| crate::knowledge::NetFile::Hane(Arc::new(n))),
            no_net: false,
            ..Config::default()
        };
        Session::new(&config, config.make_player())
    }

    fn run(s: &mut Session, line: &str) -> Result<String, GtpError> {
        s.execute(parse_command(&parse_request(line))?, StopCheck::NEVER)
    }

    fn plays(s: &mut Session, moves: &[(Color, &str)]) {
        for (c, v) in moves {
            let c = if *c == Color::Black { "b" } else { "w" };
            run(s, &format!("play {c} {v}")).unwrap_or_else(|e| panic!("{v}: {e}"));
        }
    }

    /// One `kata-raw-nn` block, read as a client reads it.
    #[derive(Debug)]
    struct Block {
        symmetry: usize,
        white_win: f32,
        white_lead: f32,
        /// Rows from the top; `None` for `NAN`.
        policy: Vec<Vec<Option<f32>>>,
        pass: f32,
        owner: Vec<Vec<f32>>,
    }

    /// The blocks of an answer on an `n`x`n` board, checking KataGo's
    /// order of keys and `n` rows of `n` values.
    fn blocks(n: usize, text: &str) -> Vec<Block> {
        let lines: Vec<&str> = text.lines().collect();
        let per = 8 + 2 * n;
        assert_eq!(lines.len() % per, 0, "{text}");
        lines
            .chunks(per)
            .map(|b| {
                let value = |i: usize, key: &str| -> f32 {
                    let words: Vec<&str> = b[i].split_whitespace().collect();
                    assert_eq!(words.len(), 2, "{}", b[i]);
                    assert_eq!(words[0], key, "{text}");
                    words[1].parse().unwrap()
                };
                let row = |i: usize| -> Vec<&str> {
                    let words: Vec<&str> = b[i].split_whitespace().collect();
                    assert_eq!(words.len(), n, "row {i}: {}", b[i]);
                    words
                };
                let win = value(1, "whiteWin");
                let loss = value(2, "whiteLoss");
                assert!((win + loss - 1.0).abs() < 2e-6);
                assert_eq!(value(3, "noResult"), 0.0);
                assert_eq!(b[5], "policy");
                assert_eq!(b[7 + n], "whiteOwnership");
                Block {
                    symmetry: value(0, "symmetry") as usize,
                    white_win: win,
                    white_lead: value(4, "whiteLead"),
                    policy: (6..6 + n)
                        .map(|i| {
                            row(i)
                                .into_iter()
                                .map(|w| (w != "NAN").then(|| w.parse().unwrap()))
                                .collect()
                        })
                        .collect(),
                    pass: value(6 + n, "policyPass"),
                    owner: (8 + n..8 + 2 * n)
                        .map(|i| row(i).into_iter().map(|w| w.parse().unwrap()).collect())
                        .collect(),
                }
            })
            .collect()
    }

    #[test]
    fn the_answer_is_katagos_with_rows_from_the_top() {
        let mut s = session(5, Some(material_net(1)));
        plays(&mut s, &[(Color::Black, "A5")]);
        let text = run(&mut s, "kata-raw-nn 0").unwrap();
        let b = blocks(5, &text);
        assert_eq!(b.len(), 1);
        let b = &b[0];
        assert_eq!(b.symmetry, 0);
        // A5 is the top-left point: the first entry of the first row.
        assert_eq!(b.policy[0][0], None, "{text}");
        assert!(b.policy[4][0].is_some(), "{text}");
        assert_eq!(b.policy.iter().flatten().filter(|p| p.is_none()).count(), 1);
        let sum: f32 = b.policy.iter().flatten().flatten().sum();
        assert!((sum - 1.0).abs() < 1e-3, "{sum}");
        assert_eq!(b.pass, 0.0);
        // White to move, a stone behind: Black owns A5 and leads.
        assert!(b.owner[0][0] < -0.5, "{text}");
        assert!(b.white_win < 0.5 && b.white_lead < 0.0, "{text}");
        // The first line is the symmetry, as KataGo's.
        assert!(text.starts_with("symmetry 0\nwhiteWin "), "{text}");
        // `all`: eight blocks, 0 to 7 in order.
        let all = blocks(5, &run(&mut s, "kata-raw-nn all").unwrap());
        let order: Vec<usize> = all.iter().map(|b| b.symmetry).collect();
        assert_eq!(order, (0..8).collect::<Vec<_>>());
    }

    #[test]
    fn a_symmetric_network_gives_every_symmetry_the_same_answer() {
        let mut s = session(7, Some(symmetric_net(3)));
        // An empty board, then a lopsided position with a ko just taken.
        let empty = blocks(7, &run(&mut s, "kata-raw-nn all").unwrap());
        plays(
            &mut s,
            &[
                (Color::Black, "C4"),
                (Color::White, "D4"),
                (Color::Black, "D5"),
                (Color::White, "E5"),
                (Color::Black, "D3"),
                (Color::White, "E3"),
                (Color::Black, "B6"),
                (Color::White, "F4"),
                (Color::Black, "E4"),
            ],
        );
        let ko = blocks(7, &run(&mut s, "kata-raw-nn all").unwrap());
        for all in [&empty, &ko] {
            let first = &all[0];
            for b in all.iter() {
                assert!((b.white_win - first.white_win).abs() < 1e-4, "{b:?}");
                assert!((b.white_lead - first.white_lead).abs() < 2e-3, "{b:?}");
                for (r, r0) in b.owner.iter().zip(&first.owner) {
                    for (o, o0) in r.iter().zip(r0) {
                        assert!((o - o0).abs() < 1e-4, "symmetry {}", b.symmetry);
                    }
                }
                for (r, r0) in b.policy.iter().zip(&first.policy) {
                    for (p, p0) in r.iter().zip(r0) {
                        assert_eq!(p.is_some(), p0.is_some());
                        let (p, p0) = (p.unwrap_or(0.0), p0.unwrap_or(0.0));
                        assert!((p - p0).abs() < 1e-4, "symmetry {}", b.symmetry);
                    }
                }
            }
        }
        // The network's answers do depend on the position: not all zero.
        assert!(ko[0].owner.iter().flatten().any(|o| o.abs() > 1e-3));
        // D4, taken by the ko, is not a candidate for White.
        assert_eq!(ko[0].policy[3][3], None);
    }

    #[test]
    fn each_symmetry_answers_in_real_coordinates() {
        let mut s = session(9, Some(material_net(2)));
        // A big black group in the top-left corner, a small white one
        // bottom right.
        let mut moves = Vec::new();
        for v in ["A9", "B9", "C9", "A8", "B8", "C8", "A7", "B7", "D9", "D8"] {
            moves.push((Color::Black, v));
        }
        for v in ["H2", "J2", "H1"] {
            moves.push((Color::White, v));
        }
        plays(&mut s, &moves);
        let all = blocks(9, &run(&mut s, "kata-raw-nn all").unwrap());
        for b in &all {
            // B8 is row 9 - 8 = 1 from the top, column 1.
            assert!(b.owner[1][1] < -0.5, "symmetry {}: {b:?}", b.symmetry);
            // J2: row 7, column 8.
            assert!(b.owner[7][8] > 0.5, "symmetry {}: {b:?}", b.symmetry);
            assert_eq!(b.policy[1][1], None);
            assert!(b.white_win < 0.5, "{b:?}");
        }
        // The network is not symmetric: the eight opinions differ.
        assert!(
            all.iter()
                .any(|b| (b.white_win - all[0].white_win).abs() > 1e-6
                    || (b.white_lead - all[0].white_lead).abs() > 1e-3),
            "{all:?}"
        );
    }

    #[test]
    fn both_colours_answer_from_whites_point_of_view() {
        let mut s = session(5, Some(material_net(4)));
        plays(
            &mut s,
            &[
                (Color::Black, "C3"),
                (Color::White, "A1"),
                (Color::Black, "D4"),
            ],
        );
        plays(&mut s, &[(Color::Black, "B4")]);
        // Black has three stones to one: with either side to move, White
        // is behind, and Black owns its stones.
        for line in ["kata-raw-nn w 0", "kata-raw-nn b 0", "kata-raw-nn 5"] {
            let b = &blocks(5, &run(&mut s, line).unwrap())[0];
            assert!(b.white_win < 0.5 && b.white_lead < 0.0, "{line}: {b:?}");
            assert!(b.owner[2][2] < -0.5, "{line}: {b:?}"); // C3
            assert!(b.owner[4][0] > 0.5, "{line}: {b:?}"); // A1
        }
        // The colour decides whose moves the policy is about: B4 is
        // occupied for both, and the side to move is White.
        let w = run(&mut s, "kata-raw-nn w 0").unwrap();
        assert_eq!(run(&mut s, "kata-raw-nn 0").unwrap(), w);
    }

    #[test]
    fn the_displays_average_the_symmetries_black_positive() {
        let mut s = session(5, Some(material_net(5)));
        plays(
            &mut s,
            &[
                (Color::Black, "C3"),
                (Color::White, "A1"),
                (Color::Black, "D4"),
            ],
        );
        let board = run(&mut s, "hane-raw-ownership").unwrap();
        let rows: Vec<Vec<f32>> = board
            .trim()
            .lines()
            .map(|l| l.split(' ').map(|v| v.parse().unwrap()).collect())
            .collect();
        assert!(board.starts_with('\n'));
        assert_eq!(rows.len(), 5);
        assert!(rows.iter().all(|r| r.len() == 5));
        assert!(rows[2][2] > 0.5 && rows[1][3] > 0.5, "{board}"); // C3, D4
        assert!(rows[4][0] < -0.5, "{board}"); // A1
        let value = run(&mut s, "hane-raw-value").unwrap();
        assert!(value.starts_with("Black wins "), "{value}");
        assert!(value.contains("Black leads by "), "{value}");
        assert!(value.ends_with("(White to move)"), "{value}");
    }

    #[test]
    fn without_heads_or_without_a_network_it_says_so() {
        let mut s = session(9, Some(Net::new(CHANNELS, 1, 1)));
        for line in ["kata-raw-nn 0", "hane-raw-ownership", "hane-raw-value"] {
            assert_eq!(
                run(&mut s, line),
                Err(GtpError::Other("network has no value heads".into()))
            );
        }
        let config = Config {
            size: 9,
            no_net: true,
            ..Config::default()
        };
        let mut s = Session::new(&config, config.make_player());
        assert_eq!(
            run(&mut s, "kata-raw-nn b all"),
            Err(GtpError::Other("no network".into()))
        );
        // Bad arguments are refused before the network is looked at.
        assert_eq!(run(&mut s, "kata-raw-nn 8"), Err(GtpError::Syntax));
    }
}
