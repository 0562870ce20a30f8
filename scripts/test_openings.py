#!/usr/bin/env python3
"""Tests of scripts/openings on match folders written here: the eight
orientations of an opening folded into one, hane's colour and result read
from summary.tsv, draws as half, games without a result or with set-up
stones left out, and --prefix given in another orientation.
Run: python3 scripts/test_openings.py
"""

import contextlib
import io
import tempfile
import unittest
from pathlib import Path

from script_module import load_script

O = load_script("openings")

LETTERS = "ABCDEFGHJ"


def sgf(moves, size=9, setup=""):
    """A game record of GTP vertices, Black first."""
    body = ""
    for i, v in enumerate(moves.split()):
        col, row = LETTERS.index(v[0]), int(v[1:]) - 1
        body += ";%s[%s%s]" % ("BW"[i % 2], chr(97 + col), chr(97 + size - 1 - row))
    return "(;FF[4]GM[1]SZ[%d]KM[7]%s%s)" % (size, setup, body)


def folder(root, games):
    """A batch folder: games as (hane's colour, result, moves, set-up)."""
    batch = Path(root) / "9x9-gnugo" / "batch-001"
    batch.mkdir(parents=True)
    lines = ["game\tengine_color\tresult\twinner\tsgf\thandicap"]
    for g, (color, result, moves, setup) in enumerate(games):
        name = "game-%03d.sgf" % g
        (batch / name).write_text(sgf(moves, setup=setup))
        lines.append("%d\t%s\t%s\t-\t%s\t0" % (g, color, result, name))
    (batch / "summary.tsv").write_text("\n".join(lines) + "\n")


GAMES = [
    ("B", "W+R", "D4 F6 D6 C3", ""),      # a loss
    ("B", "B+3", "F6 D4 F4 G7", ""),      # the same opening turned: a win
    ("B", "0", "D6 F4 D4", ""),           # turned again: a draw
    ("B", "?", "D4 F6 D6", ""),           # no result
    ("B", "B+R", "D4 F6 D7", ""),         # another third move
    ("W", "W+2", "D4 F6 D6", ""),         # hane White
    ("B", "B+1", "D4 F6 D6", "AB[cc]"),   # set-up stones
]


def run(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = O.main(list(argv))
    return status, out.getvalue()


class Openings(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        folder(self.tmp.name, GAMES)

    def tearDown(self):
        self.tmp.cleanup()

    def table(self, color, length, prefix=""):
        records = O.games([self.tmp.name])
        return {(c, " ".join(O.name(p) for p in line)): v
                for (c, _, line), v in O.tally(records, color, length, prefix).items()}

    def test_orientations_fold_and_results_count(self):
        self.assertEqual(self.table("B", 3), {
            ("B", "D4 F6 D6"): [3, 1, 1, 1],
            ("B", "D4 F6 D7"): [1, 1, 0, 0],
        })

    def test_the_colour_is_hanes(self):
        self.assertEqual(self.table("W", 3), {("W", "D4 F6 D6"): [1, 1, 0, 0]})
        self.assertEqual(len(self.table(None, 3)), 3)

    def test_a_prefix_in_any_orientation(self):
        for prefix in ("D4 F6", "F6 D4", "D6 F4", "F4 D6"):
            self.assertEqual(set(self.table("B", 3, prefix)),
                             {("B", "D4 F6 D6"), ("B", "D4 F6 D7")}, prefix)
        self.assertEqual(self.table("B", 3, "E5"), {})

    def test_the_four_corners_read_as_d4(self):
        for v in ("D4", "F4", "D6", "F6"):
            p = O.parse_vertex(v, 9)
            self.assertEqual(O.name(O.canonical([p], 9)[0]), "D4")
        self.assertEqual(O.canonical([None, (4, 4)], 9), [None, (4, 4)])

    def test_the_report(self):
        status, out = run("--color", "black", "--moves", "3", self.tmp.name)
        self.assertEqual(status, 0)
        lines = out.splitlines()
        self.assertIn("3  1/1/1", lines[1])
        self.assertIn("50.0%", lines[1])
        self.assertTrue(lines[1].endswith("D4 F6 D6"))
        self.assertTrue(lines[2].endswith("D4 F6 D7"))
        status, out = run("--min-games", "5", self.tmp.name)
        self.assertEqual(out.strip(), "no openings to show")

    def test_choices_split_where_hane_moved_differently(self):
        records = list(O.games([self.tmp.name]))
        table = {(" ".join(O.name(p) for p in pos), O.name(m)): v
                 for (_, pos), moves in O.choices(records, "B", 3, "").items()
                 for m, v in moves.items()}
        # Black's first move: D4 in every orientation; its third: D6 (turned
        # in three games) or D7. White's moves are not hane's here.
        self.assertEqual(table, {
            ("", "D4"): [4, 2, 1, 1],
            ("D4 F6", "D6"): [3, 1, 1, 1],
            ("D4 F6", "D7"): [1, 1, 0, 0],
        })
        # A prefix keeps the positions after it, in any orientation.
        after = O.choices(records, "B", 3, "F4 D6")
        self.assertEqual([" ".join(O.name(p) for p in pos) for _, pos in after], ["D4 F6"])
        white = {pos: dict(moves) for pos, moves in O.choices(records, "W", 3, "").items()}
        self.assertEqual(white, {(9, ((3, 3),)): {(5, 5): [1, 1, 0, 0]}})  # D4: F6

    def test_the_choices_report(self):
        status, out = run("--choices", "--color", "black", "--moves", "3", self.tmp.name)
        self.assertEqual(status, 0)
        lines = out.splitlines()
        self.assertEqual(lines[0], "9x9  D4 F6  (4 games)")
        self.assertTrue(lines[1].split()[:2] == ["D6", "3"], lines[1])
        self.assertIn("50.0%", lines[1])
        self.assertTrue(lines[2].split()[:2] == ["D7", "1"], lines[2])
        status, out = run("--choices", "--color", "black", "--min-games", "2", self.tmp.name)
        self.assertEqual(out.strip(), "no position where hane's choices split")
        with self.assertRaises(SystemExit):
            with contextlib.redirect_stderr(io.StringIO()):
                run("--choices", self.tmp.name)


if __name__ == "__main__":
    unittest.main()
