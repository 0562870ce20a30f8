#!/usr/bin/env python3
"""Tests of scripts/decision-quality's drop positions: hane's logged win
rates paired with its moves in the SGF (book moves included), a drop
found at the move before the fall and nowhere else; the opponent's logged
win rates (Pachi's or hane's log) paired with its moves, a rise found at
hane's move between them; a judge that is another engine's command,
valued from its own log; and how far an engine's value falls over a
game's move and its reply.
Run: python3 scripts/test_decision_quality.py
"""

import argparse
import contextlib
import io
import json
import sys
import tempfile
import unittest
from pathlib import Path

from script_module import load_script
from test_win_rates import genmoves

DQ = load_script("decision-quality")

SUMMARY = "game\tengine_color\tresult\twinner\tsgf\n"
# Black hane, White the opponent; hane's moves are plies 0, 2, 4, 6.
SGF = "(;FF[4]GM[1]SZ[9]KM[7];B[ee];W[cc];B[gc];W[cg];B[gg];W[ge];B[ec];W[ce])"


def batch(root, rates):
    b = Path(root) / "m" / "batch-001"
    b.mkdir(parents=True)
    (b / "summary.tsv").write_text(SUMMARY + "3\tB\tW+R\tGNU Go\tgame-003.sgf\n")
    (b / "game-003.sgf").write_text(SGF)
    (b / "engine.stderr").write_text(
        "=== engine start 2026-01-01T00:00:00: hane --playouts 2000 --seed 503\n"
        + genmoves("black", rates))
    return b


class DropPositions(unittest.TestCase):
    def test_a_fall_names_the_move_before_it(self):
        with tempfile.TemporaryDirectory() as d:
            b = batch(d, [None, 0.62, 0.40, 0.38])
            found = DQ.drop_positions(b, 0.2)
            self.assertEqual([(p.name, ply) for p, ply in found], [("game-003.sgf", 2)])
            self.assertEqual(DQ.drop_positions(b, 0.25), [])

    def test_book_moves_and_small_falls_give_nothing(self):
        with tempfile.TemporaryDirectory() as d:
            b = batch(d, [None, None, 0.55, 0.50])
            self.assertEqual(DQ.drop_positions(b, 0.1), [])


def pachi_lines(choices):
    return "".join("*** WINNER is %s with score %.1f%% (900/1000 games), extra komi 0.0\n"
                   % (v, 100 * r) for v, r in choices)


def hane_lines(choices):
    return "".join("[t INFO  hane::player::mcts] genmove white: %s win %.3f playouts 10\n"
                   % (v, r) for v, r in choices)


class RisePositions(unittest.TestCase):
    # White, the opponent, plays C7, C3, G5 and C5 (plies 1, 3, 5, 7).
    def opponent(self, root, text):
        b = batch(root, [None, 0.5, 0.5, 0.5])
        (b / "opponent.stderr").write_text(text)
        return b

    def test_a_rise_names_hane_move_between(self):
        rates = [("C7", 0.40), ("C3", 0.42), ("G5", 0.60), ("C5", 0.61)]
        for log in (pachi_lines(rates), hane_lines(rates)):
            with tempfile.TemporaryDirectory() as d:
                b = self.opponent(d, "Move: 1\n" + log)
                found = DQ.rise_positions(b, 0.15)
                self.assertEqual([(p.name, ply) for p, ply in found], [("game-003.sgf", 4)])
                self.assertEqual(DQ.rise_positions(b, 0.2), [])

    def test_a_game_without_a_result_keeps_the_log_in_step(self):
        # Game 1 (no result) comes first in the summary and in the log;
        # its own moves, six of them White's, are logged before game 3's.
        with tempfile.TemporaryDirectory() as d:
            b = self.opponent(d, "")
            (b / "game-001.sgf").write_text(
                "(;SZ[9];B[aa];W[ba];B[ca];W[da];B[ea];W[fa];B[ga];W[ha];B[ia];W[ab]"
                ";B[bb];W[cb];B[db];W[eb])")
            rows = (b / "summary.tsv").read_text().splitlines()
            (b / "summary.tsv").write_text("\n".join(
                [rows[0], "1\tB\t?\t\tgame-001.sgf"] + rows[1:]) + "\n")
            first = [("B9", 0.1), ("D9", 0.1), ("F9", 0.1), ("H9", 0.1), ("A8", 0.1),
                     ("C8", 0.1), ("E8", 0.1)]
            rates = [("C7", 0.40), ("C3", 0.42), ("G5", 0.60), ("C5", 0.61)]
            (b / "opponent.stderr").write_text(pachi_lines(first + rates))
            found = DQ.rise_positions(b, 0.15)
            self.assertEqual([(p.name, ply) for p, ply in found], [("game-003.sgf", 4)])

    def test_a_move_missing_from_the_log_has_no_rate(self):
        # No choice logged for C3 (a book move): the rise from C3 to G5
        # cannot be measured, and C7's rate is not taken for it.
        with tempfile.TemporaryDirectory() as d:
            b = self.opponent(d, pachi_lines([("C7", 0.10), ("G5", 0.60), ("C5", 0.61)]))
            self.assertEqual(DQ.rise_positions(b, 0.05), [])


# A stand-in engine whose logged win rate falls 0.05 with every stone played.
FALLING = ("import sys\n"
           "plays = 0\n"
           "for line in sys.stdin:\n"
           "    if line.startswith('play'):\n"
           "        plays += 1\n"
           "    if line.startswith('genmove'):\n"
           "        sys.stderr.write('genmove white: D4 win %.3f playouts 10\\n' % (0.9 - 0.05 * plays))\n"
           "        print('= D4\\n', flush=True)\n"
           "    elif line.strip() == 'quit':\n"
           "        print('=\\n', flush=True); break\n"
           "    else:\n"
           "        print('=\\n', flush=True)\n")


class Replies(unittest.TestCase):
    def test_the_value_before_less_the_value_two_moves_on(self):
        with tempfile.TemporaryDirectory() as d:
            sgf = Path(d) / "game-003.sgf"
            sgf.write_text(SGF)
            engine = Path(d) / "engine.py"
            engine.write_text(FALLING)
            positions = Path(d) / "rises.json"
            # Ply 2 has a move and a reply after it; ply 7, the last, has none.
            positions.write_text(json.dumps({"komi": "7", "size": 9, "positions": [
                {"source": str(sgf), "ply": 2, "moves": ["B:E5", "W:C7"]},
                {"source": str(sgf), "ply": 7,
                 "moves": ["B:E5", "W:C7", "B:G7", "W:C3", "B:G3", "W:G5", "B:E7"]}]}))
            args = argparse.Namespace(positions=str(positions), name="base",
                                      engine="%s %s" % (sys.executable, engine), jobs=1)
            with contextlib.redirect_stdout(io.StringIO()) as printed:
                DQ.cmd_replies(args)
            rows = json.loads((Path(d) / "base.json").read_text())["rows"]
            self.assertAlmostEqual(rows[0]["before"], 0.8)
            self.assertAlmostEqual(rows[0]["after"], 0.7)
            self.assertIsNone(rows[1]["after"])
            self.assertIn("1 positions, the value falls 0.1000", printed.getvalue())


class JudgeEngine(unittest.TestCase):
    def test_another_engine_judges_from_its_log(self):
        # A stand-in engine: answers every command, logs a win rate as hane does.
        fake = ("import sys\n"
                "for line in sys.stdin:\n"
                "    if line.startswith('genmove'):\n"
                "        sys.stderr.write('genmove white: D4 win 0.375 playouts 10\\n')\n"
                "        print('= D4\\n', flush=True)\n"
                "    elif line.strip() == 'quit':\n"
                "        print('=\\n', flush=True); break\n"
                "    else:\n"
                "        print('=\\n', flush=True)\n")
        with tempfile.TemporaryDirectory() as d:
            script = Path(d) / "judge.py"
            script.write_text(fake)
            cmd = "%s %s" % (sys.executable, script)
            cache = Path(d) / "judge-cache.json"
            judge = DQ.Judge(None, 0, "7", 9, cache, cmd)
            self.assertEqual(judge.value(["B:E5"]), 0.375)
            judge.save()
            self.assertEqual(list(json.loads(cache.read_text()).values()), [0.375])
            self.assertTrue(next(iter(json.loads(cache.read_text()))).startswith(cmd))


if __name__ == "__main__":
    unittest.main()
