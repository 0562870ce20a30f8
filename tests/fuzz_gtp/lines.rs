//! Command lines for the fuzzers: plausible, absurd and mutated.

use super::*;

// ---------------------------------------------------------------------------
// Line generation
// ---------------------------------------------------------------------------

/// Numbers a controller should never send.
pub(crate) const ABSURD_NUMBERS: &[&str] = &[
    "99999999999999999999",
    "-99999999999999999999",
    "nan",
    "NaN",
    "-nan",
    "inf",
    "-inf",
    "infinity",
    "1e400",
    "-1e400",
    "1e-400",
    "1e308",
    "-5",
    "-0",
    "-0.0",
    "+3",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "0x10",
    "1_000",
    "1.5",
    "0.",
    ".5",
    "5e",
    "٣",
    "１９",
    "",
];

pub(crate) fn small_number() -> BoxedStrategy<String> {
    prop_oneof![
        4 => (0u32..12).prop_map(|n| n.to_string()),
        1 => (0u32..1000).prop_map(|n| n.to_string()),
        1 => (-100.0f64..100.0).prop_map(|x| format!("{x:.1}")),
    ]
    .boxed()
}

pub(crate) fn number() -> BoxedStrategy<String> {
    prop_oneof![
        3 => small_number(),
        2 => prop::sample::select(ABSURD_NUMBERS).prop_map(str::to_string),
    ]
    .boxed()
}

pub(crate) fn color() -> BoxedStrategy<String> {
    prop::sample::select(
        &[
            "b", "w", "B", "W", "black", "white", "Black", "WHITE", "bLaCk", "x", "", "bw",
            "blacks", "é",
        ][..],
    )
    .prop_map(str::to_string)
    .boxed()
}

pub(crate) fn vertex() -> BoxedStrategy<String> {
    let on_board = (
        prop::sample::select(&b"ABCDEFGHJKLMNOPQRSTUVWXYZabcdefghjklmnopqrstuvwxyz"[..]),
        1u32..=9,
    )
        .prop_map(|(l, n)| format!("{}{n}", l as char));
    let anywhere = (
        prop::sample::select(&b"ABCDEFGHIJKLMNOPQRSTUVWXYZaiz"[..]),
        0u32..=30,
    )
        .prop_map(|(l, n)| format!("{}{n}", l as char));
    prop_oneof![
        8 => on_board,
        3 => anywhere,
        1 => prop::sample::select(&[
            "pass", "PASS", "Pass", "resign", "A99999999999999999999", "A-1", "4D", "AA1", "",
            "D", "I9", "i1", "Z26", "A0", "tt",
        ][..])
        .prop_map(str::to_string),
    ]
    .boxed()
}

/// Any short token, including bytes that are not UTF-8.
pub(crate) fn junk_token() -> BoxedStrategy<Vec<u8>> {
    prop_oneof![
        3 => "[a-zA-Z0-9_.+-]{0,8}".prop_map(String::into_bytes),
        1 => number().prop_map(String::into_bytes),
        1 => prop::collection::vec(any::<u8>(), 0..8),
    ]
    .boxed()
}

pub(crate) fn strings(v: &'static [&'static str]) -> BoxedStrategy<String> {
    prop::sample::select(v).prop_map(str::to_string).boxed()
}

pub(crate) fn words(v: Vec<BoxedStrategy<String>>) -> BoxedStrategy<Vec<String>> {
    v.into_iter().fold(Just(Vec::new()).boxed(), |acc, s| {
        (acc, s)
            .prop_map(|(mut a, w)| {
                a.push(w);
                a
            })
            .boxed()
    })
}

/// Plausible (and some absurd) arguments for one command.
pub(crate) fn args_for(name: &str) -> BoxedStrategy<Vec<String>> {
    match name {
        "boardsize" => prop_oneof![
            6 => (2u32..=9).prop_map(|n| vec![n.to_string()]),
            2 => strings(&["19", "25", "26", "1", "0", "13"]).prop_map(|s| vec![s]),
            1 => number().prop_map(|s| vec![s]),
        ]
        .boxed(),
        "komi" => number().prop_map(|s| vec![s]).boxed(),
        "play" | "is_legal" => words(vec![color(), vertex()]),
        "genmove" | "reg_genmove" | "list_stones" | "captures" => words(vec![color()]),
        "known_command" => prop_oneof![
            prop::sample::select(COMMANDS).prop_map(str::to_string),
            "[a-z_-]{0,12}",
        ]
        .prop_map(|s| vec![s])
        .boxed(),
        "fixed_handicap" => prop_oneof![
            4 => (0u32..=10).prop_map(|n| n.to_string()),
            1 => number(),
        ]
        .prop_map(|s| vec![s])
        .boxed(),
        "place_free_handicap" => prop_oneof![
            4 => (0u32..=30).prop_map(|n| n.to_string()),
            1 => number(),
        ]
        .prop_map(|s| vec![s])
        .boxed(),
        "set_free_handicap" => prop::collection::vec(vertex(), 0..10).boxed(),
        "final_status_list" => words(vec![strings(&["alive", "dead", "seki", "ALIVE", "x", ""])]),
        "time_settings" => words(vec![number(), number(), number()]),
        "time_left" => words(vec![color(), number(), number()]),
        "kgs-time_settings" => (
            strings(&[
                "none", "absolute", "byoyomi", "canadian", "NONE", "Canadian", "bogus",
            ]),
            prop::collection::vec(number(), 0..4),
        )
            .prop_map(|(k, mut rest)| {
                rest.insert(0, k);
                rest
            })
            .boxed(),
        "kgs-rules" | "kata-set-rules" => words(vec![strings(&[
            "aga",
            "nz",
            "new_zealand",
            "AGA",
            "NZ",
            "japanese",
            "chinese",
            "tromp-taylor",
            "",
        ])]),
        "hane-handicap" => prop_oneof![
            Just(vec![]),
            number().prop_map(|n| vec![n]),
            strings(&["auto", "AUTO", "show"]).prop_map(|s| vec![s]),
            words(vec![small_number(), small_number()]),
        ]
        .boxed(),
        "printsgf" => Just(vec![]).boxed(),
        "hane-best_moves" | "hane-pv" => prop_oneof![Just(vec![]), words(vec![color()])].boxed(),
        "hane-params" => prop_oneof![
            Just(vec![]),
            words(vec![
                strings(&[
                    "threads",
                    "playouts",
                    "time_per_move",
                    "resign_threshold",
                    "rules",
                    "live_gfx",
                    "komi",
                    "",
                ]),
                prop_oneof![
                    number(),
                    strings(&[
                        "none",
                        "aga",
                        "nz",
                        "japanese",
                        "off",
                        "pv",
                        "best_moves",
                        "1"
                    ]),
                ]
                .boxed(),
            ]),
        ]
        .boxed(),
        _ => Just(vec![]).boxed(),
    }
}

/// Relative frequency of each command name.
pub(crate) fn weight(name: &str) -> usize {
    match name {
        "play" => 12,
        "genmove" => 6,
        "undo" | "is_legal" => 4,
        "boardsize"
        | "clear_board"
        | "fixed_handicap"
        | "set_free_handicap"
        | "place_free_handicap"
        | "komi"
        | "time_left"
        | "hane-handicap" => 2,
        "quit" | "loadsgf" => 0,
        _ => 1,
    }
}

pub(crate) fn command_name() -> BoxedStrategy<String> {
    let weighted: Vec<&'static str> = COMMANDS
        .iter()
        .flat_map(|&c| std::iter::repeat_n(c, weight(c)))
        .collect();
    prop_oneof![
        12 => prop::sample::select(weighted).prop_map(str::to_string),
        1 => strings(&["PLAY", "Genmove", "frobnicate", "", "=", "?", "play_", "list-commands"]),
        1 => "[a-z_-]{1,14}",
    ]
    .boxed()
}

/// A well-formed line (id, name, arguments), with arguments that are
/// plausible for the name or just junk.
pub(crate) fn command_line() -> BoxedStrategy<Vec<u8>> {
    let id = prop_oneof![
        6 => Just(None),
        3 => (0u32..1000).prop_map(|n| Some(n.to_string())),
        1 => strings(&["007", "99999999999999999999999", "0", "-1", "1a", "٣"]).prop_map(Some),
    ];
    let sep = strings(&[" ", " ", " ", "  ", "\t", " \t "]);
    command_name()
        .prop_flat_map(|name| {
            let plausible = args_for(&name)
                .prop_map(|a| a.into_iter().map(String::into_bytes).collect::<Vec<_>>());
            let junk = prop::collection::vec(junk_token(), 0..5);
            let args = prop_oneof![6 => plausible, 1 => junk];
            let extra = prop_oneof![
                8 => Just(None),
                1 => junk_token().prop_map(Some),
            ];
            (Just(name), args, extra)
        })
        .prop_flat_map(move |(name, args, extra)| {
            (
                id.clone(),
                Just(name),
                Just(args),
                Just(extra),
                sep.clone(),
                strings(&["", "", "", "", " # comment", "#", "\r", " \r", "\t"]),
            )
        })
        .prop_map(|(id, name, args, extra, sep, tail)| {
            let mut parts: Vec<Vec<u8>> = Vec::new();
            if let Some(id) = id {
                parts.push(id.into_bytes());
            }
            parts.push(name.into_bytes());
            parts.extend(args);
            parts.extend(extra);
            let mut line = parts.join(sep.as_bytes());
            line.extend_from_slice(tail.as_bytes());
            line
        })
        .boxed()
}

/// Bytes worth inserting: controls, invalid UTF-8, separators, comments.
pub(crate) const SPECIAL_BYTES: &[u8] = &[
    0, 0xff, 0xfe, 0xc3, 0x80, 0xe2, b'\r', b'\t', b'#', b' ', 0x7f, 0x0b, 0x0c, 0x1b, b'=', b'?',
    b'0', b'9',
];

#[derive(Clone, Debug)]
pub(crate) enum Mutation {
    Flip(Index, u8),
    Set(Index, u8),
    Insert(Index, u8),
    Delete(Index),
    Truncate(Index),
    Duplicate(Index, Index),
}

pub(crate) fn mutation() -> BoxedStrategy<Mutation> {
    let byte = prop_oneof![prop::sample::select(SPECIAL_BYTES), any::<u8>()];
    prop_oneof![
        (any::<Index>(), 0u8..8).prop_map(|(i, b)| Mutation::Flip(i, 1 << b)),
        (any::<Index>(), byte.clone()).prop_map(|(i, b)| Mutation::Set(i, b)),
        (any::<Index>(), byte).prop_map(|(i, b)| Mutation::Insert(i, b)),
        any::<Index>().prop_map(Mutation::Delete),
        any::<Index>().prop_map(Mutation::Truncate),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Duplicate(a, b)),
    ]
    .boxed()
}

pub(crate) fn mutate(line: &mut Vec<u8>, m: &Mutation) {
    let n = line.len();
    match m {
        Mutation::Insert(i, b) => line.insert(i.index(n + 1), *b),
        _ if n == 0 => {}
        Mutation::Flip(i, mask) => line[i.index(n)] ^= mask,
        Mutation::Set(i, b) => line[i.index(n)] = *b,
        Mutation::Delete(i) => {
            line.remove(i.index(n));
        }
        Mutation::Truncate(i) => line.truncate(i.index(n)),
        Mutation::Duplicate(a, b) => {
            let (x, y) = (a.index(n), b.index(n));
            let (lo, hi) = (x.min(y), x.max(y) + 1);
            let piece = line[lo..hi].to_vec();
            line.splice(hi..hi, piece);
        }
    }
}

/// One input line (never containing `\n`).
pub(crate) fn fuzz_line() -> BoxedStrategy<Vec<u8>> {
    let mutated =
        (command_line(), prop::collection::vec(mutation(), 1..4)).prop_map(|(mut line, ms)| {
            for m in &ms {
                mutate(&mut line, m);
            }
            line
        });
    prop_oneof![
        14 => command_line(),
        5 => mutated,
        1 => prop::collection::vec(any::<u8>(), 0..40),
        1 => prop::collection::vec(prop::sample::select(SPECIAL_BYTES), 0..12),
        1 => strings(&["", "   ", "# just a comment", "#", "\t\t", "\r", "# interrupt"])
            .prop_map(String::into_bytes),
    ]
    .prop_map(|mut l| {
        for b in &mut l {
            if *b == b'\n' {
                *b = b' ';
            }
        }
        l
    })
    .boxed()
}

/// Mostly legal game traffic for a board of `size`: stones on the board,
/// generated moves, undos and legality queries, so that games get long
/// enough for captures, ko and superko.
pub(crate) fn game_line(size: u32) -> BoxedStrategy<Vec<u8>> {
    let col = prop::sample::select(&b"ABCDEFGHJKLMNOPQRSTUVWXYZ"[..size as usize]);
    let v = (col, 1..=size).prop_map(|(c, r)| format!("{}{r}", c as char));
    let c = strings(&["b", "w", "B", "W", "black", "white"]);
    prop_oneof![
        12 => (c.clone(), v.clone()).prop_map(|(c, v)| format!("play {c} {v}")),
        3 => c.clone().prop_map(|c| format!("genmove {c}")),
        1 => c.clone().prop_map(|c| format!("play {c} pass")),
        2 => Just("undo".to_string()),
        2 => (c, v).prop_map(|(c, v)| format!("is_legal {c} {v}")),
        1 => strings(&["final_score", "hane-score", "showboard", "list_stones b", "captures w",
                       "reg_genmove b", "printsgf", "hane-handicap", "clear_board"]),
    ]
    .prop_map(String::into_bytes)
    .boxed()
}

pub(crate) fn show(line: &[u8]) -> String {
    format!("{:?}", String::from_utf8_lossy(line))
}
