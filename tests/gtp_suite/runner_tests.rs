//! Tests of the runner itself.

use super::*;

// ---------------------------------------------------------------------------
// Tests of the runner itself
// ---------------------------------------------------------------------------

#[test]
pub(crate) fn parses_tests_setup_commands_and_patterns() {
    let src = "\
# A comment: not sent.
boardsize 9

10 play b D4
#? []
\t20\tlist_stones  black\t
#? [D4]
30 genmove w
#? [!PASS]*
40 showboard
50 name
#?
clear_board
";
    let cmds = parse_tst(src).unwrap();
    let texts: Vec<&str> = cmds.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "boardsize 9",
            "10 play b D4",
            "20 list_stones  black",
            "30 genmove w",
            "40 showboard",
            "50 name",
            "clear_board"
        ]
    );
    let ids: Vec<Option<i32>> = cmds.iter().map(|c| c.id).collect();
    assert_eq!(
        ids,
        [None, Some(10), Some(20), Some(30), Some(40), Some(50), None]
    );
    let lines: Vec<usize> = cmds.iter().map(|c| c.line).collect();
    assert_eq!(lines, [2, 4, 6, 8, 10, 11, 13]);

    let e10 = cmds[1].expect.as_ref().unwrap();
    assert_eq!(e10.shown, "");
    assert!(!e10.negate && !e10.expected_fail);
    assert!(e10.regex.is_match(""));
    assert!(!e10.regex.is_match("x"));

    let e20 = cmds[2].expect.as_ref().unwrap();
    assert_eq!(e20.shown, "D4");
    assert!(e20.regex.is_match("D4"));
    assert!(!e20.regex.is_match("D4 E5"));

    let e30 = cmds[3].expect.as_ref().unwrap();
    assert_eq!(e30.shown, "!PASS");
    assert!(e30.negate && e30.expected_fail);
    assert!(e30.regex.is_match("PASS"));

    assert!(cmds[4].expect.is_none(), "no #? line");
    assert!(cmds[5].expect.is_none(), "empty #? only closes the test");
    assert!(cmds[0].expect.is_none() && cmds[6].expect.is_none());
}

#[test]
pub(crate) fn ids_are_read_like_regress_get_id() {
    assert_eq!(get_id("10 name"), Some(10));
    assert_eq!(get_id("0 name"), Some(0));
    assert_eq!(get_id("+7 name"), Some(7)); // Integer.parseInt accepts a sign
    assert_eq!(get_id("-5 name"), None); // negative: not a test
    assert_eq!(get_id("name"), None);
    assert_eq!(get_id("10"), None); // no space: not a test
    assert_eq!(get_id("10a name"), None);
    assert_eq!(get_id("99999999999 name"), None); // not a Java int
}

#[test]
pub(crate) fn rejects_malformed_files() {
    let err = |s: &str| parse_tst(s).unwrap_err();
    assert!(err("#? [x]\n").contains("line 1"));
    // Any comment or blank line closes the preceding command.
    assert!(err("10 name\n# comment\n#? [hane]\n").contains("line 3"));
    assert!(err("10 name\n\n#? [hane]\n").contains("without preceding"));
    // Only one pattern per command.
    assert!(err("10 name\n#? [hane]\n#? [hane]\n").contains("line 3"));
    assert!(err("10 name\n#? hane\n").contains("opening bracket"));
    assert!(err("10 name\n#? [hane\n").contains("closing bracket"));
    assert!(err("10 name\n#? [(]\n").contains("bad regex"));
    assert!(err("name\n#? [hane]\n").contains("without a numeric id"));
}

#[test]
pub(crate) fn patterns_match_the_whole_trimmed_response() {
    let e = |p: &str| parse_expect(p).unwrap().unwrap();
    // Whole string, even with MULTILINE: `name` must not match the first line only.
    assert!(!e("[name]").regex.is_match("name\nplay"));
    assert!(e("[.*^play$.*]").regex.is_match("name\nplay\nquit"));
    assert!(!e("[.*^pla$.*]").regex.is_match("name\nplay\nquit"));
    // DOTALL.
    assert!(e("[a.b]").regex.is_match("a\nb"));
    // Brackets inside the pattern, `*` after the closing bracket only.
    let x = e("[[BW]\\+[0-9]+(\\.[05])?|0]*");
    assert!(x.expected_fail && !x.negate);
    assert!(x.regex.is_match("B+3.5") && x.regex.is_match("0"));
    assert!(!x.regex.is_match("B+3.5 "));
    // The pattern inside the brackets is trimmed.
    assert!(e("[ D4 ]").regex.is_match("D4"));
}

#[test]
pub(crate) fn splits_stdout_into_responses() {
    let out = "=1 a\n\n= \n\n?2 bad\n\nstray\n= x\r\ny\n\n=3";
    let (rs, stray) = split_responses(out);
    assert_eq!(stray, ["stray"]);
    assert_eq!(rs.len(), 5);
    assert_eq!(rs[0].id(), Some(1));
    assert_eq!(rs[0].text(), "a");
    assert_eq!(rs[1].id(), None);
    assert_eq!(rs[1].text(), "");
    assert!(rs[2].is_error() && rs[2].text() == "bad");
    assert_eq!(rs[3].lines, ["= x", "y"]);
    assert_eq!(rs[3].text(), "x\ny");
    assert!(rs[3].terminated && !rs[4].terminated);
    assert_eq!(rs[4].id(), Some(3));
    // `=10` with no text is an empty answer; a space-padded line is not a terminator.
    let (rs, _) = split_responses("=10\n\n= \n   A B\n \n 1 .\n\n");
    assert_eq!(rs.len(), 2);
    assert_eq!(rs[0].text(), "");
    assert_eq!(rs[0].header_problem(), None);
    assert_eq!(rs[1].text(), "A B\n \n 1 .");
    assert_eq!(rs[1].header_problem(), None);
    let (rs, _) = split_responses("=10C5\n\n=\nA B\n\n");
    assert!(rs[0].header_problem().is_some());
    assert!(rs[1].header_problem().is_some());
}

#[test]
pub(crate) fn judges_like_gogui_regress() {
    let resp = |s: &str| split_responses(s).0.remove(0);
    let e = |p: &str| parse_expect(p).unwrap().unwrap();
    let v = |p: Option<&str>, r: &str| judge(p.map(e).as_ref(), &resp(r)).0;
    assert_eq!(v(Some("[C5]"), "=10 C5\n\n"), Verdict::Pass);
    assert_eq!(v(Some("[C5]"), "=10 C6\n\n"), Verdict::Fail);
    assert_eq!(v(Some("[!C5]"), "=10 C6\n\n"), Verdict::Pass);
    assert_eq!(v(Some("[!C5]"), "=10 C5\n\n"), Verdict::Fail);
    // A `?` answer fails whatever the pattern, negated or not.
    assert_eq!(v(Some("[.*]"), "?10 illegal move\n\n"), Verdict::Fail);
    assert_eq!(v(Some("[!C5]"), "?10 illegal move\n\n"), Verdict::Fail);
    // Expected failures.
    assert_eq!(
        v(Some("[.*]*"), "?10 illegal move\n\n"),
        Verdict::ExpectedFail
    );
    assert_eq!(v(Some("[.*]*"), "=10 \n\n"), Verdict::UnexpectedPass);
    assert_eq!(v(Some("[C5]*"), "=10 C6\n\n"), Verdict::ExpectedFail);
    // No pattern: passes if the command succeeds.
    assert_eq!(v(None, "=10 anything\n\n"), Verdict::Pass);
    assert_eq!(v(None, "?10 oops\n\n"), Verdict::Fail);
    let (_, msg) = judge(Some(&e("[C5]")), &resp("=10 C6\n\n"));
    assert_eq!(msg, "FAILED: Correct 'C5', got 'C6'");
}
