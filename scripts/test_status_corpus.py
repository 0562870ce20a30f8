#!/usr/bin/env python3
"""Tests of scripts/status-corpus bench against a stand-in GTP engine: a
corpus game is replayed over GTP, the engine's dead stones and score are
compared with the truth, and a wrong answer is reported as a miss with
exit status 1.  Run: python3 scripts/test_status_corpus.py
"""

import contextlib
import io
import sys
import tempfile
import unittest
from pathlib import Path

from script_module import SCRIPTS, load_script

S = load_script("status-corpus")

# A GTP engine that accepts every command and answers the two questions
# the bench asks with the dead stones and score given on its command line.
FAKE_ENGINE = r'''
import sys
dead, score = sys.argv[1], sys.argv[2]
for line in sys.stdin:
    cmd = line.strip()
    if not cmd:
        continue
    if cmd == "final_status_list dead":
        answer = dead
    elif cmd == "final_score":
        answer = score
    else:
        answer = ""
    sys.stdout.write("= %s\n\n" % answer)
    sys.stdout.flush()
    if cmd == "quit":
        break
'''


class BenchTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        root = Path(self.tmp.name)
        self.engine = root / "engine.py"
        self.engine.write_text(FAKE_ENGINE)
        corpus = SCRIPTS.parent / "tests" / "data" / "status" / "games-9x9.txt"
        # The first game with dead stones, so that a wrong list can miss.
        line = next(l for l in corpus.read_text().splitlines()
                    if l.strip() and not l.startswith("#") and not l.endswith("\t-"))
        self.corpus = root / "one.txt"
        self.corpus.write_text(line + "\n")
        rec, self.dead = S.read_corpus(self.corpus)[0]
        self.score = S.fmt_score(S.expected_score(rec, self.dead))
        self.root = root

    def tearDown(self):
        self.tmp.cleanup()

    def bench(self, dead, score):
        hane = "%s %s '%s' '%s'" % (sys.executable, self.engine, dead, score)
        out = io.StringIO()
        with contextlib.redirect_stdout(out), self.assertRaises(SystemExit) as done:
            S.main(["bench", "--hane", hane, "--timeout", "20",
                    "--log-dir", str(self.root), str(self.corpus)])
        return done.exception.code, out.getvalue()

    def vertices(self, points):
        return " ".join(S.xy_to_vertex(p) for p in sorted(points))

    def test_the_true_answer_is_exact(self):
        code, out = self.bench(self.vertices(self.dead), self.score)
        self.assertEqual(code, 0, out)
        self.assertIn("exact 1/1", out)

    def test_a_missed_dead_stone_is_reported(self):
        kept = sorted(self.dead)[1:]
        missed = S.xy_to_vertex(sorted(self.dead)[0])
        code, out = self.bench(self.vertices(kept), self.score)
        self.assertEqual(code, 1)
        self.assertIn("exact 0/1", out)
        self.assertIn("dead not found: %s" % missed, out)

    def agree(self, hane_score, gnugo_score):
        games = self.root / "games"
        games.mkdir(exist_ok=True)
        (games / "game-000.sgf").write_text(
            "(;FF[4]GM[1]SZ[9]KM[7]C[end: two passes];B[ee];W[cc];B[];W[])\n")
        (games / "game-001.sgf").write_text("(;FF[4]GM[1]SZ[9]KM[7];B[ee];W[cc])\n")

        def engine(score):
            return "%s %s '-' '%s'" % (sys.executable, self.engine, score)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            S.main(["agree", "--hane", engine(hane_score), "--gnugo", engine(gnugo_score),
                    "--log-dir", str(self.root), str(games)])
        return out.getvalue()

    def test_agree_counts_finished_games_and_compares_margins(self):
        out = self.agree("W+18", "W+18.0")
        self.assertIn("the same: 1 of 1", out)
        out = self.agree("B+3", "W+3.0")
        self.assertIn("games/game-000: hane B+3, GNU Go W+3", out)
        self.assertIn("the same: 0 of 1", out)


if __name__ == "__main__":
    unittest.main()
