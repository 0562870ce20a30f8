#!/usr/bin/env python3
"""Tests of scripts/forecast: the positions it draws from a games file and
its index, the vertices it plays, the rates it reads from each engine's
log, a run through a stub engine that logs a rate by the side to move,
and the report's Brier scores, bias and paired difference on figures
worked out by hand. Run: python3 scripts/test_forecast.py
"""

import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from script_module import SCRIPTS, load_script

F = load_script("forecast")

# Logs 0.7 for Black to move and 0.2 for White, in hane's format; refuses
# a play on Z9 (no such point) so that a position can fail.
STUB = """#!/usr/bin/env python3
import sys
from gtp_stub import serve

def answer(words):
    if words[0] == "genmove":
        rate = 0.7 if words[1] == "B" else 0.2
        sys.stderr.write("[t INFO hane] genmove x: D4 win %.3f playouts 10\\n" % rate)
        sys.stderr.flush()
        return "D4"
    return ""

serve(answer)
"""

INDEX = "\n".join([
    "1\td\tw\tw\t0\tb\tb\t0\tB+Resign\t9\tt",
    "2\td\tw\tw\t0\tb\tb\t0\tW+3.5\t9\tt",
    "3\td\tw\tw\t0\tb\tb\t0\tB+Time\t9\tt",
    "short line",
])


def game(gid, n):
    """A game line of n moves on distinct points of the top rows."""
    moves = "".join(";%s[%s%s]" % ("BW"[i % 2], chr(ord("a") + i % 19), chr(ord("a") + i // 19))
                    for i in range(n))
    return "%s\t%s" % (gid, moves)


class Parsing(unittest.TestCase):
    def test_only_games_won_on_the_board_or_by_resignation_have_a_result(self):
        self.assertEqual(F.board_results(INDEX.splitlines()), {"1": True, "2": False})

    def test_sgf_points_become_gtp_vertices(self):
        self.assertEqual(F.gtp_vertex("aa", 19), "A19")
        self.assertEqual(F.gtp_vertex("ia", 19), "J19")  # GTP skips I
        self.assertEqual(F.gtp_vertex("ss", 19), "T1")
        self.assertEqual(F.gtp_vertex("", 19), "pass")
        self.assertEqual(F.gtp_vertex("tt", 19), "pass")
        self.assertIsNone(F.gtp_vertex("zz", 19))
        self.assertIsNone(F.parse_game("9\t;B[pd];W[zz]"))
        self.assertEqual(F.parse_game("9\t;B[pd];W[]"), ("9", [("B", "Q16"), ("W", "pass")]))

    def test_rates_are_read_from_either_log_and_the_last_one_counts(self):
        log = ("genmove black: D4 win 0.400 playouts 5\n"
               "*** WINNER is Q16 with score 61.5% (6150/10000 games)\n")
        self.assertAlmostEqual(F.logged_rate(log), 0.615)
        self.assertAlmostEqual(F.logged_rate(log + "genmove white: C3 win 0.250\n"), 0.25)
        self.assertIsNone(F.logged_rate("nothing here"))

    def test_one_position_a_game_inside_the_range_with_the_margin(self):
        lines = [game(1, 60), game(2, 40), game(3, 60), game(4, 10)]
        results = {"1": True, "2": False, "4": True}  # 3 was lost on time
        for seed in range(20):
            pos = F.draw_positions(lines, results, 5, 20, 15, 10, seed)
            ids = [gid for gid, _, _ in pos]
            self.assertEqual(sorted(ids), ["1", "2"])  # 4 is too short
            for gid, moves, won in pos:
                self.assertTrue(5 <= len(moves) <= 20)
                self.assertEqual(won, results[gid])
            self.assertEqual(pos, F.draw_positions(lines, results, 5, 20, 15, 10, seed))
        self.assertEqual(len(F.draw_positions(lines, results, 5, 20, 15, 1, 0)), 1)


    def test_a_grid_takes_every_kth_move_of_each_game_in_order(self):
        lines = [game(1, 60), game(3, 60), game(2, 40)]
        results = {"1": True, "2": False, "3": False}
        pos = F.grid_positions(lines, results, 10, 30, 10, 15, 100)
        self.assertEqual([(gid, len(m)) for gid, m, _ in pos],
                         [("1", 10), ("1", 20), ("1", 30), ("3", 10), ("3", 20), ("3", 30),
                          ("2", 10), ("2", 20)])
        self.assertEqual(len(F.grid_positions(lines, results, 10, 30, 10, 15, 4)), 4)


class RunAndReport(unittest.TestCase):
    def test_a_run_values_each_position_for_the_side_to_move_and_resumes(self):
        with tempfile.TemporaryDirectory() as d:
            d = Path(d)
            stub = d / "stub.py"
            stub.write_text(STUB)
            stub.chmod(0o755)
            (d / "games").write_text("\n".join([game(1, 80), game(2, 80)]) + "\n")
            # One position a game, at move 10 or 11: both sides to move.
            (d / "index").write_text(INDEX + "\n")
            out = d / "out.tsv"
            cmd = [sys.executable, str(SCRIPTS / "forecast"), "run", "--games", str(d / "games"),
                   "--index", str(d / "index"), "--moves", "10,11", "--margin", "5", "--seed", "3",
                   "--positions", "5", "--out", str(out), "--", str(stub)]
            env = dict(os.environ, PYTHONPATH=str(SCRIPTS))
            subprocess.run(cmd, check=True, env=env, capture_output=True, timeout=60)
            rows = F.load(out)
            self.assertEqual(sorted(gid for gid, _ in rows), ["1", "2"])
            self.assertEqual(sorted(to_move for to_move, _, _ in rows.values()), ["B", "W"])
            for (gid, move), (to_move, black_won, black_rate) in rows.items():
                self.assertEqual(to_move, "B" if move % 2 == 0 else "W")
                self.assertEqual(black_won, gid == "1")
                # The stub gives the mover 0.7 as Black, 0.2 as White.
                self.assertAlmostEqual(black_rate, 0.7 if to_move == "B" else 0.8)
            # A second run finds every position done and adds no row.
            before = out.read_text()
            subprocess.run(cmd, check=True, env=env, capture_output=True, timeout=60)
            self.assertEqual(out.read_text(), before)

    def test_labels_are_id_moves_and_blacks_rate_for_balance(self):
        with tempfile.TemporaryDirectory() as d:
            run = Path(d) / "run.tsv"
            run.write_text("\t".join(F.COLUMNS) + "\n"
                           "7\t100\tB\t1\t0.6000\t0.6000\n"
                           "8\t101\tW\t0\t\t\n"
                           "9\t120\tB\t0\t0.2500\t0.2500\n")
            out = subprocess.run([sys.executable, str(SCRIPTS / "forecast"), "labels", str(run)],
                                 check=True, capture_output=True, text=True,
                                 env=dict(os.environ, PYTHONPATH=str(SCRIPTS))).stdout
        lines = [l for l in out.splitlines() if not l.startswith("#")]
        self.assertEqual(lines, ["7\t100\t0.6000", "9\t120\t0.2500"])

    def test_brier_bias_and_the_paired_difference(self):
        a = {("1", 10): ("B", True, 0.8), ("2", 11): ("W", False, 0.4), ("3", 12): ("B", False, 0.5)}
        b = {("1", 10): ("B", True, 0.6), ("2", 11): ("W", False, 0.1), ("4", 12): ("B", True, 0.9)}
        s = F.summary(list(a.values()))
        # (0.2^2 + 0.4^2 + 0.5^2) / 3
        self.assertAlmostEqual(s["brier"], 0.45 / 3)
        # Mover's rates 0.8, 0.6, 0.5 (mean 0.6333) against wins 1, 1, 0.
        self.assertAlmostEqual(s["bias"], 1.9 / 3 - 2 / 3)
        self.assertEqual(s["high"], (1, 1.0))
        n, diff, se = F.paired(a, b)
        # Differences 0.04 - 0.16 and 0.16 - 0.01 on the two common positions.
        self.assertEqual(n, 2)
        self.assertAlmostEqual(diff, (-0.12 + 0.15) / 2)
        self.assertAlmostEqual(se, abs(-0.12 - 0.15) / 2)


if __name__ == "__main__":
    unittest.main()
