#!/usr/bin/env python3
"""Tests of scripts/match.py's recovery from an opponent's crash: a crashed
opponent is started again in the game's position and the game goes on; the
engine under test is never restarted.

The games are real scripts/match.py games between stub GTP programs written
to a temporary folder.  Run: python3 scripts/test_match.py
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent

# A GTP player that knows the moves it was told and played, and answers
# genmove with the first free point of its colour's row (Black row 1, White
# row 9, columns A to E), then passes.  With --crash-at K it aborts on its
# K-th genmove of a game, and with --crash-on-play K when told the game's
# K-th move, once per marker file (--marker); with --crash-always on every
# genmove.  Each genmove appends the number of moves
# it knows to $STUB_LOG, so a test can tell what a restarted process was
# given.
STUB = r'''#!/usr/bin/env python3
import os, sys
args = sys.argv[1:]
def opt(name):
    return args[args.index(name) + 1] if name in args else None
crash_at = int(opt("--crash-at") or 0)
marker = opt("--marker")
crash_always = "--crash-always" in args
crash_on_play = int(opt("--crash-on-play") or 0)
from gtp_stub import serve
state = {"moves": [], "genmoves": 0}
def answer(words):
    cmd = words[0]
    if cmd == "clear_board":
        state["moves"], state["genmoves"] = [], 0
    elif cmd == "play":
        if (len(state["moves"]) + 1 == crash_on_play and marker
                and not os.path.exists(marker)):
            open(marker, "w").close()
            os.abort()
        state["moves"].append(words[2].upper())
    elif cmd == "genmove":
        state["genmoves"] += 1
        moves = state["moves"]
        with open(os.environ["STUB_LOG"], "a") as f:
            f.write("%s %d\n" % (words[1].lower(), len(moves)))
        if crash_always or (state["genmoves"] == crash_at and marker
                            and not os.path.exists(marker)):
            if marker:
                open(marker, "w").close()
            os.abort()
        row = "1" if words[1].lower().startswith("b") else "9"
        free = [c + row for c in "ABCDE" if c + row not in moves]
        move = free[0] if free else "pass"
        moves.append(move.upper())
        return move
    elif cmd == "final_score":
        return "B+1"
    return ""
serve(answer)
'''

def sgf_point(vertex, size=9):
    """An SGF point of a 9x9 board (column letters skip I); a pass is []."""
    if vertex == "PASS":
        return ""
    col = "ABCDEFGHJ".index(vertex[0])
    return "abcdefghi"[col] + "abcdefghi"[size - int(vertex[1:])]


# Black's five moves and White's five, then two passes.
GAME = ["A1", "A9", "B1", "B9", "C1", "C9", "D1", "D9", "E1", "E9",
        "PASS", "PASS"]
# Those moves as the SGF record's nodes.
GAME_SGF = "".join(";%s[%s]" % ("BW"[i % 2], sgf_point(m))
                   for i, m in enumerate(GAME))


class OpponentRestarts(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.tmp = Path(self._tmp.name)
        self.stub = self.tmp / "stub.py"
        self.stub.write_text(STUB)
        self.stub.chmod(0o755)
        self.log = self.tmp / "genmoves.log"
        self.env = dict(os.environ, STUB_LOG=str(self.log),
                        PYTHONPATH=str(SCRIPTS))

    def tearDown(self):
        self._tmp.cleanup()

    def genmoves_known(self, colour):
        """The moves `colour`'s player knew at each of its genmoves."""
        return [int(n) for c, n in (line.split() for line in
                                    self.log.read_text().splitlines())
                if c == colour]

    def match(self, name, engine="", opponent="", *more):
        out = self.tmp / name
        p = subprocess.run(
            [sys.executable, str(SCRIPTS / "match.py"),
             "--engine", "%s %s" % (self.stub, engine),
             "--opponent", "%s %s" % (self.stub, opponent),
             "--referee", str(self.stub), "--checker", "none",
             "--engine-color", "black", "--games", "1",
             "--sgf-dir", str(out), "--quiet", *more],
            env=self.env, capture_output=True, text=True, timeout=120)
        rows = [r.split("\t") for r in
                (out / "summary.tsv").read_text().splitlines()]
        game = dict(zip(rows[0], rows[1]))
        summary = json.loads((out / "summary.json").read_text())
        return p, game, summary, out

    def test_a_crashed_opponent_is_given_the_game_and_plays_on(self):
        p, game, summary, out = self.match(
            "once", "", "--crash-at 3 --marker %s" % (self.tmp / "crashed"))
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertEqual(game["end"], "two passes")
        self.assertEqual(game["result"], "B+1")
        self.assertEqual(summary["wins"], 1)
        self.assertEqual(game["moves"], str(len(GAME)))
        self.assertIn("crash", game["errors"])
        self.assertIn("genmove w", game["errors"])
        sgf = (out / "game-000.sgf").read_text()
        self.assertIn("restarted before move 6 and given the 5 moves", sgf)
        self.assertIn(GAME_SGF, sgf)
        # White's third genmove crashed with the 5 moves played known to it;
        # the new process was given the same 5 and answered C9, as the first
        # would have.
        white = self.genmoves_known("w")
        self.assertEqual(white, [1, 3, 5, 5, 7, 9, 11])
        self.assertEqual(summary["errors"], {"opponent": {"crash": 1}})

    def test_an_opponent_that_crashes_when_told_a_move_is_told_again(self):
        p, game, summary, out = self.match(
            "on-play", "", "--crash-on-play 3 --marker %s"
            % (self.tmp / "crashed"))
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertEqual((game["end"], game["result"]), ("two passes", "B+1"))
        self.assertIn("play B B1", game["errors"])
        sgf = (out / "game-000.sgf").read_text()
        self.assertIn("restarted before move 3 and given the 2 moves", sgf)
        self.assertIn(GAME_SGF, sgf)
        # The new process knew A1, A9 and B1 at its first genmove.
        white = self.genmoves_known("w")
        self.assertEqual(white, [1, 3, 5, 7, 9, 11])
        self.assertEqual(summary["errors"], {"opponent": {"crash": 1}})

    def test_restarts_are_limited_and_can_be_turned_off(self):
        for restarts, crashes in (("1", 2), ("0", 1)):
            p, game, summary, _ = self.match(
                "always-" + restarts, "", "--crash-always",
                "--opponent-restarts", restarts)
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            self.assertEqual(game["end"], "error")
            self.assertEqual(game["winner"], "-")
            self.assertEqual(summary["errors"],
                             {"opponent": {"crash": crashes}})

    def test_the_engine_under_test_is_never_restarted(self):
        p, game, summary, _ = self.match(
            "engine", "--crash-at 2 --marker %s" % (self.tmp / "marker"), "")
        self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
        self.assertEqual(game["end"], "error")
        self.assertEqual(game["winner"], "-")
        self.assertEqual(summary["errors"], {"engine": {"crash": 1}})


if __name__ == "__main__":
    unittest.main()
