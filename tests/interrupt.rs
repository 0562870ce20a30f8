//! GoGui's interrupt: a `# interrupt` comment line during a long genmove
//! stops the search, which still answers a legal move; an interrupt sent
//! while idle does not cut the next search short.

mod common;

use common::Engine;
use std::thread;
use std::time::{Duration, Instant};

#[test]
fn interrupt_stops_a_long_genmove_which_still_answers() {
    // Without the interrupt this search would run for hours.
    let mut e = Engine::start(&["--threads", "1", "--playouts", "1000000000", "--seed", "3"]);
    e.send("boardsize 19");
    assert_eq!(e.answer(Duration::from_secs(10)), "= ");
    e.send("1 genmove b");
    thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    e.send("# interrupt");
    let answer = e.answer(Duration::from_secs(10));
    let waited = sent.elapsed();
    eprintln!("genmove answered {waited:?} after the interrupt: {answer:?}");
    let mv = answer
        .strip_prefix("=1 ")
        .expect("a success answer with its id");
    assert!(
        mv.len() >= 2 && mv != "pass" && mv != "resign",
        "a real move: {mv}"
    );
    e.send("2 list_stones black");
    assert_eq!(
        e.answer(Duration::from_secs(10)),
        format!("=2 {mv}"),
        "the move was played"
    );
    e.finish();
}

#[test]
fn an_idle_interrupt_does_not_cut_the_next_search() {
    // --no-book: on 9x9 the first move would come from the opening book.
    let mut e = Engine::start(&[
        "--threads",
        "1",
        "--playouts",
        "3000",
        "--seed",
        "3",
        "-v",
        "--no-book",
    ]);
    e.send("boardsize 9");
    let _ = e.answer(Duration::from_secs(10));
    e.send("# interrupt");
    e.send("genmove b");
    let answer = e.answer(Duration::from_secs(60));
    assert!(answer.starts_with("= "), "{answer}");
    let log = e.finish();
    assert!(log.contains("playouts 3000 "), "the full search ran: {log}");
}
