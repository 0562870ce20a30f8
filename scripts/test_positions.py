#!/usr/bin/env python3
"""Tests of scripts/positions on a match folder written here: each game
cut at --moves, games too short, without a result or with a pass before
the cut left out, --balanced reading hane's log and Pachi's, and
--shuffle's order.  Run: python3 scripts/test_positions.py
"""

import contextlib
import io
import tempfile
import unittest
from pathlib import Path

from script_module import load_script

P = load_script("positions")

LETTERS = "ABCDEFGHJ"


def sgf(moves):
    """A 9x9 record of GTP vertices (or "pass"), Black first."""
    body = ""
    for i, v in enumerate(moves.split()):
        point = "" if v == "pass" else "%s%s" % (
            chr(97 + LETTERS.index(v[0])), chr(97 + 9 - int(v[1:])))
        body += ";%s[%s]" % ("BW"[i % 2], point)
    return "(;FF[4]GM[1]SZ[9]KM[7]%s)" % body


# (hane's colour, result, moves, hane's rates at its genmoves, Pachi's
# rates for itself in % at its moves, in game order).
GAMES = [
    ("B", "B+R", "E5 C3 G7 C7 G3", [0.5, 0.55, 0.6], [50.0, 45.0]),
    ("W", "B+R", "E5 C3 G7 C7 G3", [0.5, 0.2], [50.0, 60.0, 85.0]),
    ("B", "W+R", "E5 C3 G7", [0.5, 0.5], [50.0]),             # too short
    ("W", "?", "E5 C3 G7 C7 G3", [0.5, 0.5], [50.0, 50.0, 50.0]),
    ("B", "B+R", "E5 pass G7 C7 G3", [0.5, 0.5, 0.5], [50.0, 50.0]),
    ("W", "W+R", "D4 F6 D6 F4 E5", [0.5, 0.5], [50.0, 70.0, 50.0]),
]


def write_folder(root):
    """A batch folder with the games' records, summary, hane's log (seed
    100 + game) and Pachi's."""
    batch = Path(root) / "19x19-pachi" / "batch-001"
    batch.mkdir(parents=True)
    lines = ["game\tengine_color\tresult\twinner\tsgf\thandicap"]
    engine, opponent = [], []
    for g, (color, result, moves, own, theirs) in enumerate(GAMES):
        name = "game-%03d.sgf" % g
        (batch / name).write_text(sgf(moves))
        lines.append("%d\t%s\t%s\t-\t%s\t0" % (g, color, result, name))
        engine.append("=== engine start 2026-01-01T00:00:00: hane --seed %d"
                      % (100 + g))
        engine += ["[INFO] genmove x: E5 win %.3f playouts 10" % r for r in own]
        opponent.append("IN: clear_board")
        first = 1 if color == "B" else 0     # Pachi's moves before it plays
        for k, r in enumerate(theirs):
            opponent.append("Move: %3d" % (first + 2 * k))
            opponent.append("*** WINNER is E5 with score %.1f%% (1/1 games)" % r)
    (batch / "summary.tsv").write_text("\n".join(lines) + "\n")
    (batch / "engine.stderr").write_text("\n".join(engine) + "\n")
    (batch / "opponent.stderr").write_text("\n".join(opponent) + "\n")


def run(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = P.main([str(a) for a in argv])
    return status, [line.split("  # ") for line in out.getvalue().splitlines()]


class Positions(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.root = Path(self._tmp.name) / "lab"
        write_folder(self.root)

    def tearDown(self):
        self._tmp.cleanup()

    def test_each_long_enough_game_is_cut(self):
        status, lines = run("--moves", 3, self.root)
        self.assertEqual(status, 0)
        self.assertEqual([m for m, _ in lines],
                         ["E5 C3 G7", "E5 C3 G7", "D4 F6 D6"])
        self.assertEqual([s for _, s in lines],
                         ["lab/19x19-pachi/batch-001 game %d" % g
                          for g in (0, 1, 5)])

    def test_balanced_keeps_what_both_logs_call_open(self):
        # At the cut of 3 moves: game 0, hane 0.55 (its second genmove,
        # move 3), Pachi 0.50 for hane (its first, move 2); game 1, hane
        # 0.5 (move 2), Pachi 0.4 (move 3); game 5, hane 0.5, Pachi 0.3
        # (move 3).
        status, lines = run("--moves", 3, "--balanced", "0.45,0.6", self.root)
        self.assertEqual(status, 0)
        self.assertEqual([s[-1] for _, s in lines], ["0"])
        status, lines = run("--moves", 3, "--balanced", "0.35,0.6", self.root)
        self.assertEqual([s[-1] for _, s in lines], ["0", "1"])

    def test_shuffle_is_a_seeded_order_of_the_same_lines(self):
        _, plain = run("--moves", 2, self.root)
        _, once = run("--moves", 2, "--shuffle", 7, self.root)
        _, again = run("--moves", 2, "--shuffle", 7, self.root)
        self.assertEqual(once, again)
        self.assertEqual(sorted(map(tuple, once)), sorted(map(tuple, plain)))

    def test_nothing_to_print_fails(self):
        status, lines = run("--moves", 9, self.root)
        self.assertEqual((status, lines), (1, []))
        with self.assertRaises(SystemExit):
            with contextlib.redirect_stderr(io.StringIO()):
                run("--moves", 3, "--balanced", "0.7,0.2", self.root)


if __name__ == "__main__":
    unittest.main()
