//! The network's raw evaluation of a position, without a search:
//! KataGo's `kata-raw-nn` answer and the two GoGui displays of the value
//! heads (`hane-raw-ownership`, `hane-raw-value`).
//!
//! Pure formats over [`RawEval`]; the session runs the network. KataGo's
//! format (its `docs/GTP_Extensions.md` and `rawNN` in `gtp.cpp`): per
//! symmetry, `symmetry S`, then `key value` pairs one a line, `policy`
//! and `whiteOwnership` followed by one line per board row from the top,
//! every value from White's point of view. hane prints the keys it has
//! real numbers for: `whiteWin`, `whiteLoss`, `noResult`, `whiteLead`,
//! `policy`, `policyPass`, `whiteOwnership`; KataGo's self-play score
//! estimates, `varTimeLeft` and the short-term error estimates have no
//! counterpart in hane's network and are left out (KataGo tells clients
//! to expect keys to come and go).

use crate::knowledge::net::symmetry::Symmetry;
use crate::rules::Color;

/// Which symmetries `kata-raw-nn` evaluates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// One, 0 to 7.
    One(Symmetry),
    /// All eight, each answered in its own block, 0 first (as KataGo does).
    All,
}

/// A symmetry argument: `0` to `7` or `all` (any case).
pub fn parse_which(s: &str) -> Option<Which> {
    if s.eq_ignore_ascii_case("all") {
        return Some(Which::All);
    }
    match s.as_bytes() {
        [d @ b'0'..=b'7'] => Symmetry::new((d - b'0') as usize).map(Which::One),
        _ => None,
    }
}

/// One evaluation by the network, in the real board's coordinates and
/// from the evaluated side's point of view.
#[derive(Clone, Debug, PartialEq)]
pub struct RawEval {
    /// The symmetry the position was seen through.
    pub symmetry: Symmetry,
    /// The side to move the position was evaluated for.
    pub color: Color,
    /// Its win probability.
    pub win: f32,
    /// Its expected final lead in points, komi included.
    pub lead: f32,
    /// Each point's expected owner (`n * n`, point `y * n + x`, `y = 0`
    /// the bottom row): +1 the evaluated side, -1 its opponent.
    pub owner: Vec<f32>,
    /// The probability of the evaluated side playing each point, the same
    /// order; `None` where the point is not a candidate (occupied,
    /// illegal, an own true eye).
    pub policy: Vec<Option<f32>>,
    /// The probability of a pass, where the network has one (KataGo's);
    /// `None`: 0, or 1 when no point is a candidate.
    pub pass: Option<f32>,
    /// The expected final score as self-play would end it and its
    /// standard deviation, where the network has them (KataGo's).
    pub score: Option<(f32, f32)>,
}

impl RawEval {
    /// `x` from the evaluated side's view, from White's (never -0).
    fn white(&self, x: f32) -> f32 {
        if self.color == Color::White {
            x + 0.0
        } else {
            -x + 0.0
        }
    }

    /// White's win probability.
    pub fn white_win(&self) -> f32 {
        if self.color == Color::White {
            self.win
        } else {
            1.0 - self.win
        }
    }

    /// White's expected lead.
    pub fn white_lead(&self) -> f32 {
        self.white(self.lead)
    }

    /// White's ownership of the point at dense index `i` (+1 White).
    pub fn white_owner(&self, i: usize) -> f32 {
        self.white(self.owner[i])
    }

    /// Black's ownership of the point at dense index `i` (+1 Black).
    pub fn black_owner(&self, i: usize) -> f32 {
        -self.white_owner(i) + 0.0
    }
}

/// The rows of an `n`x`n` board from the top (GTP row `n`) down, each as
/// the dense indices `y * n + x` from left to right.
fn rows_from_top(n: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
    (0..n).rev().map(move |y| y * n..(y + 1) * n)
}

/// One `kata-raw-nn` block in KataGo's layout and number formats:
/// `%.6f` probabilities, `%.3f` points, policy entries `%8.6f` (`NAN`
/// where there is no candidate), ownership `%9.7f`. hane's move model has
/// no probability of a pass, so with hane's network `policyPass` is 0,
/// unless there is no candidate at all (pass is then the only move: 1);
/// a KataGo network gives its own, and its self-play score.
pub fn kata_block(n: usize, e: &RawEval) -> String {
    let mut out = Vec::with_capacity(2 * n + 9);
    out.push(format!("symmetry {}", e.symmetry.index()));
    let win = e.white_win();
    out.push(format!("whiteWin {win:.6}"));
    out.push(format!("whiteLoss {:.6}", 1.0 - win));
    out.push(format!("noResult {:.6}", 0.0));
    out.push(format!("whiteLead {:.3}", e.white_lead()));
    if let Some((mean, stdev)) = e.score {
        out.push(format!("whiteScoreSelfplay {:.3}", e.white(mean)));
        out.push(format!(
            "whiteScoreSelfplaySq {:.3}",
            mean * mean + stdev * stdev
        ));
    }
    out.push("policy".into());
    for row in rows_from_top(n) {
        out.push(
            e.policy[row]
                .iter()
                .map(|p| match p {
                    Some(p) => format!("{p:8.6}"),
                    None => "     NAN".into(),
                })
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    let pass = e.pass.unwrap_or(if e.policy.iter().any(Option::is_some) {
        0.0
    } else {
        1.0
    });
    out.push(format!("policyPass {pass:8.6}"));
    out.push("whiteOwnership".into());
    for row in rows_from_top(n) {
        out.push(
            row.map(|i| format!("{:9.7}", e.white_owner(i)))
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    out.join("\n")
}

/// The mean of evaluations of one position (the eight symmetries): win,
/// lead and ownership averaged, the policy taken from the first.
pub fn mean(evals: &[RawEval]) -> Option<RawEval> {
    let first = evals.first()?;
    let k = evals.len() as f32;
    let mut m = first.clone();
    m.win = evals.iter().map(|e| e.win).sum::<f32>() / k;
    m.lead = evals.iter().map(|e| e.lead).sum::<f32>() / k;
    for (i, o) in m.owner.iter_mut().enumerate() {
        *o = evals.iter().map(|e| e.owner[i]).sum::<f32>() / k;
    }
    Some(m)
}

/// `hane-raw-ownership`, a GoGui `dboard`: an empty first line, then one
/// line per row from the top, each point's expected owner from -1 (White)
/// to +1 (Black), as `hane-ownership` prints it.
pub fn ownership_board(n: usize, e: &RawEval) -> String {
    let rows: Vec<String> = rows_from_top(n)
        .map(|row| {
            row.map(|i| format!("{:.2}", e.black_owner(i)))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    format!("\n{}", rows.join("\n"))
}

/// `hane-raw-value`, a GoGui `string`: who the network thinks wins, and
/// by how much, e.g. `Black wins 54.3%, Black leads by 2.1 (White to
/// move)`.
pub fn value_text(e: &RawEval) -> String {
    let white_win = e.white_win();
    let (winner, win) = if white_win > 0.5 {
        ("White", white_win)
    } else {
        ("Black", 1.0 - white_win)
    };
    let lead = e.white_lead();
    let score = if lead.abs() < 0.05 {
        "the score is even".to_string()
    } else if lead > 0.0 {
        format!("White leads by {lead:.1}")
    } else {
        format!("Black leads by {:.1}", -lead)
    };
    let side = if e.color == Color::Black {
        "Black"
    } else {
        "White"
    };
    format!(
        "{winner} wins {:.1}%, {score} ({side} to move)",
        100.0 * win
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_digits_or_all() {
        let one = |k| Some(Which::One(Symmetry::new(k).unwrap()));
        assert_eq!(parse_which("0"), one(0));
        assert_eq!(parse_which("7"), one(7));
        assert_eq!(parse_which("all"), Some(Which::All));
        assert_eq!(parse_which("ALL"), Some(Which::All));
        for bad in ["8", "-1", "07", "1.0", "", "a", "x"] {
            assert_eq!(parse_which(bad), None, "{bad}");
        }
    }

    /// A 3x3 evaluation for Black: Black has A3 (top-left), the rest is
    /// open; Black wins 70% and leads by 4.
    fn eval() -> RawEval {
        let mut policy = vec![Some(0.125); 9];
        policy[6] = None; // A3 = (0, 2)
        let mut owner = vec![0.25; 9];
        owner[6] = 1.0;
        owner[2] = -0.5; // C1
        RawEval {
            symmetry: Symmetry::new(3).unwrap(),
            color: Color::Black,
            win: 0.7,
            lead: 4.0,
            owner,
            policy,
            pass: None,
            score: None,
        }
    }

    #[test]
    fn a_block_is_katagos_from_whites_view_rows_from_the_top() {
        assert_eq!(
            kata_block(3, &eval()),
            "symmetry 3\n\
             whiteWin 0.300000\n\
             whiteLoss 0.700000\n\
             noResult 0.000000\n\
             whiteLead -4.000\n\
             policy\n     \
             NAN 0.125000 0.125000\n\
             0.125000 0.125000 0.125000\n\
             0.125000 0.125000 0.125000\n\
             policyPass 0.000000\n\
             whiteOwnership\n\
             -1.0000000 -0.2500000 -0.2500000\n\
             -0.2500000 -0.2500000 -0.2500000\n\
             -0.2500000 -0.2500000 0.5000000"
        );
        let mut white = eval();
        white.color = Color::White;
        white.policy = vec![None; 9];
        let text = kata_block(3, &white);
        assert!(text.contains("\nwhiteWin 0.700000\n"), "{text}");
        assert!(text.contains("\nwhiteLead 4.000\n"), "{text}");
        assert!(text.contains("\npolicyPass 1.000000\n"), "{text}");
        assert!(text.ends_with("\n0.2500000 0.2500000 -0.5000000"), "{text}");
    }

    #[test]
    fn the_displays_say_black_plus() {
        assert_eq!(
            ownership_board(3, &eval()),
            "\n1.00 0.25 0.25\n0.25 0.25 0.25\n0.25 0.25 -0.50"
        );
        assert_eq!(
            value_text(&eval()),
            "Black wins 70.0%, Black leads by 4.0 (Black to move)"
        );
        let mut white = eval();
        white.color = Color::White;
        white.lead = 0.01;
        assert_eq!(
            value_text(&white),
            "White wins 70.0%, the score is even (White to move)"
        );
    }

    #[test]
    fn the_mean_averages_the_value_heads() {
        let a = eval();
        let mut b = eval();
        b.win = 0.5;
        b.lead = 0.0;
        b.owner = vec![0.0; 9];
        let m = mean(&[a, b]).unwrap();
        assert!((m.win - 0.6).abs() < 1e-6);
        assert_eq!(m.lead, 2.0);
        assert_eq!(m.owner[6], 0.5);
        assert_eq!(mean(&[]), None);
    }
}
