//! Every textbook position of tests/data/status/textbook.txt gets the
//! status the books give, stone by stone.

use hane::endgame::{Analyst, Status};
use hane::rules::diagram::parse;
use hane::rules::point::vertex_name;
use hane::rules::{Board, Color, Point};

struct Entry {
    name: String,
    to_move: Color,
    board: Board,
    want: Vec<(Point, Status)>,
}

fn entries() -> Vec<Entry> {
    let text = include_str!("data/status/textbook.txt");
    let mut out = Vec::new();
    for block in text.split("\n== ").skip(1) {
        let mut lines = block.lines();
        let name = lines.next().expect("a name").trim().to_string();
        let to_move = match lines.next().map(str::trim) {
            Some("to-move: black") => Color::Black,
            Some("to-move: white") => Color::White,
            other => panic!("{name}: bad to-move line {other:?}"),
        };
        let rows: Vec<&str> = lines
            .take_while(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .collect();
        let plain: String = rows
            .iter()
            .map(|r| {
                r.chars()
                    .map(|c| match c {
                        'x' | 'B' => 'X',
                        'o' | 'W' => 'O',
                        c => c,
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n");
        let board = parse(&plain);
        let size = board.size();
        let n = size.get();
        let mut want = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (x, ch) in row.split_whitespace().enumerate() {
                let p = size.point(x, n - 1 - r).expect("on board");
                let s = match ch {
                    "X" | "O" => Status::Alive,
                    "x" | "o" => Status::Dead,
                    "B" | "W" => Status::Seki,
                    _ => continue,
                };
                want.push((p, s));
            }
        }
        out.push(Entry {
            name,
            to_move,
            board,
            want,
        });
    }
    out
}

#[test]
fn every_textbook_position_gets_the_books_status() {
    let all = entries();
    assert!(all.len() >= 50, "{} positions", all.len());
    let mut wrong = Vec::new();
    for e in &all {
        let s = Analyst::new(hane::knowledge::builtin(), None, 1).statuses(&e.board, e.to_move);
        let got = |p: Point| {
            if s.dead.contains(&p) {
                Status::Dead
            } else if s.seki.contains(&p) {
                Status::Seki
            } else {
                Status::Alive
            }
        };
        let bad: Vec<String> = e
            .want
            .iter()
            .filter(|&&(p, w)| got(p) != w)
            .map(|&(p, w)| {
                format!(
                    "{} {:?} not {:?}",
                    vertex_name(e.board.size(), p),
                    got(p),
                    w
                )
            })
            .collect();
        if !bad.is_empty() {
            wrong.push(format!("{}: {}", e.name, bad.join(", ")));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} wrong:\n{}",
        wrong.len(),
        all.len(),
        wrong.join("\n")
    );
}
