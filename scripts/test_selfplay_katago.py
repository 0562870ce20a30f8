#!/usr/bin/env python3
"""Tests of scripts/selfplay-katago: the temperature sampling, the
game-end rules (two passes, resignation on the side's own turns, the move
cap), the result string, the game line (sizes, SGF rows from the top),
the komi and opening draws, and whole runs against a stand-in for
KataGo's analysis engine written here (it refuses one game, makes the
games of some indices resign and the others pass), including a run
stopped and started again, so no KataGo is needed.
Run: python3 scripts/test_selfplay_katago.py
"""

import collections
import contextlib
import io
import os
import random
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

from script_module import load_script

S = load_script("selfplay-katago")

# A stand-in for `katago analysis` on any board size, its values from the
# side to move's view (SIDETOMOVE).  Stones are never captured here; the
# policy is -1 on stones.  Game index 2 is refused at move 5.  Games of
# index i % 3 == 1 never pass, and White's win is 0.01 from move 10 on, so
# White resigns; the others put 0.95 on pass from move 12 on.  The lead
# is +2.3 for Black to move and -2.3 for White (Black ahead by 2.3).
FAKE = r'''
import json, sys
COLS = "ABCDEFGHJKLMNOPQRST"
if "reportAnalysisWinratesAs=SIDETOMOVE" not in " ".join(sys.argv):
    print(json.dumps({"error": "perspective not forced"}), flush=True)
    sys.exit(1)
for line in sys.stdin:
    q = json.loads(line)
    n = q["boardXSize"]
    index, k = (int(x) for x in q["id"].split(":"))
    if index == 2 and k == 5:
        print(json.dumps({"id": q["id"], "error": "Illegal move 4: C3", "field": "moves"}),
              flush=True)
        continue
    board = [0] * (n * n)
    for c, v in q["moves"]:
        if v != "pass":
            i = (n - int(v[1:])) * n + COLS.index(v[0])
            if board[i]:
                print(json.dumps({"id": q["id"], "error": "Illegal move: occupied", "field": "moves"}),
                      flush=True)
                break
            board[i] = c
    else:
        to_move = "B" if len(q["moves"]) % 2 == 0 else "W"
        empty = [i for i in range(n * n) if board[i] == 0]
        passing = index % 3 != 1 and k >= 12
        policy = [-1.0] * (n * n) + [0.95 if passing else 1e-6]
        for j, i in enumerate(empty):
            policy[i] = (0.05 if passing else 1.0) * (j + 1) / (len(empty) * (len(empty) + 1) / 2)
        win = 0.01 if (index % 3 == 1 and k >= 10 and to_move == "W") else 0.6
        own = [0.0 if s == 0 else (1.0 if s == to_move else -1.0) for s in board]
        print(json.dumps({"id": q["id"], "isDuringSearch": False, "turnNumber": k,
                          "rootInfo": {"currentPlayer": to_move, "rawWinrate": win,
                                       "rawLead": 2.3 if to_move == "B" else -2.3,
                                       "winrate": 0.5, "scoreLead": 0.0, "komi": q["komi"]},
                          "ownership": own, "policy": policy, "moveInfos": []}), flush=True)
'''


def answer(size, win=0.5, lead=0.0, play=None, legal=None):
    """A KataGo answer: policy 1 on index `play` (n*n = pass) and -1
    elsewhere, or uniform over `legal`."""
    policy = [-1.0] * (size * size + 1)
    if play is not None:
        policy[play] = 1.0
    for i in legal or ():
        policy[i] = 1.0 / len(legal)
    return {"rootInfo": {"rawWinrate": win, "rawLead": lead},
            "ownership": [0.0] * (size * size), "policy": policy}


class Sampling(unittest.TestCase):
    def test_deterministic_for_a_seed(self):
        policy = [0.1, -1.0, 0.3, 0.05, 0.25, 0.0, 0.3]
        draws = [S.sample_move(policy, 0.8, r) for r in [random.Random(7)] for _ in range(200)]
        again = [S.sample_move(policy, 0.8, r) for r in [random.Random(7)] for _ in range(200)]
        self.assertEqual(draws, again)
        other = [S.sample_move(policy, 0.8, r) for r in [random.Random(8)] for _ in range(200)]
        self.assertNotEqual(draws, other)
        g1 = S.game_rng(1, "t-1-0")
        g2 = S.game_rng(1, "t-1-0")
        self.assertEqual([g1.random() for _ in range(5)], [g2.random() for _ in range(5)])
        self.assertNotEqual(S.game_rng(1, "t-1-0").random(), S.game_rng(1, "t-1-1").random())
        self.assertNotEqual(S.game_rng(1, "t-1-0").random(), S.game_rng(2, "t-1-0").random())

    def test_illegal_and_zero_never_chosen(self):
        rng = random.Random(1)
        policy = [-1.0, 0.2, -1.0, 0.0, 0.001, -1.0, 0.799]
        for temp in (2.0, 0.8, 0.3):
            seen = {S.sample_move(policy, temp, rng) for _ in range(3000)}
            self.assertTrue(seen <= {1, 4, 6}, seen)
            self.assertIn(6, seen)
        # Only pass legal; nothing positive: pass.
        self.assertEqual(S.sample_move([-1.0] * 81 + [1.0], 0.3, rng), 81)
        self.assertEqual(S.sample_move([-1.0] * 81 + [0.0], 0.3, rng), 81)

    def test_temperatures(self):
        rng = random.Random(3)
        policy = [0.5, 0.3, 0.2, -1.0]
        n = 20000
        low = collections.Counter(S.sample_move(policy, 0.3, rng) for _ in range(n))
        self.assertGreater(low[0] / n, 0.75)  # 0.5^(10/3) of the sum: 81%
        self.assertEqual(low[3], 0)
        one = collections.Counter(S.sample_move(policy, 1.0, rng) for _ in range(n))
        self.assertAlmostEqual(one[1] / n, 0.3, delta=0.015)
        hot = collections.Counter(S.sample_move(policy, 2.0, rng) for _ in range(n))
        roots = [p ** 0.5 for p in policy[:3]]
        for i in range(3):
            self.assertAlmostEqual(hot[i] / n, roots[i] / sum(roots), delta=0.015)
        # Tiny entries at a low temperature do not underflow to no choice.
        tiny = [1e-300, 2e-300, -1.0]
        self.assertIn(S.sample_move(tiny, 0.3, rng), (0, 1))

    def test_schedule(self):
        self.assertEqual(S.temperature(0, 2, 9), 2.0)
        self.assertEqual(S.temperature(1, 2, 9), 2.0)
        self.assertEqual(S.temperature(2, 2, 9), 0.8)
        self.assertEqual(S.temperature(0, 0, 9), 0.8)
        self.assertEqual(S.temperature(26, 2, 9), 0.8)   # 81/3 = 27
        self.assertEqual(S.temperature(27, 2, 9), 0.3)
        self.assertEqual(S.temperature(56, 4, 13), 0.8)  # 169/3 = 56.3
        self.assertEqual(S.temperature(57, 4, 13), 0.3)


class Draws(unittest.TestCase):
    def test_komi_9x9(self):
        ids = ["sp9-1-%d" % i for i in range(4000)]
        draws = [S.draw_komi(1, g, 9) for g in ids]
        allowed = {i * 0.5 for i in range(25)}
        self.assertEqual(set(draws), allowed)
        share = draws.count(7.0) / len(draws)
        self.assertAlmostEqual(share, 0.5 + 0.5 / 25, delta=0.04)
        for value in allowed - {7.0}:
            self.assertAlmostEqual(draws.count(value) / len(draws), 0.5 / 25, delta=0.012)
        self.assertEqual(draws, [S.draw_komi(1, g, 9) for g in ids])
        self.assertEqual(draws, [S.draw_komi("1", g, 9) for g in ids])
        self.assertNotEqual(draws, [S.draw_komi(2, g, 9) for g in ids])
        self.assertTrue(all(0 <= k <= 12 for k in [S.draw_komi(1, g, 7) for g in ids]))

    def test_komi_13_and_19(self):
        allowed = {-0.5 + i for i in range(17)}
        for size in (13, 19):
            draws = [S.draw_komi(4, "x-%d" % i, size) for i in range(3000)]
            self.assertEqual(set(draws), allowed)
            self.assertAlmostEqual(draws.count(7.5) / len(draws), 0.5 + 0.5 / 17, delta=0.04)

    def test_opening(self):
        draws = [S.draw_opening(1, "t-1-%d" % i) for i in range(2000)]
        self.assertEqual(set(draws), {0, 1, 2, 3, 4})
        for r in range(5):
            self.assertAlmostEqual(draws.count(r) / 2000, 0.2, delta=0.04)
        self.assertEqual(draws, [S.draw_opening(1, "t-1-%d" % i) for i in range(2000)])
        self.assertEqual(S.make_game_id("sp9", "1", 17), "sp9-1-17")


class Ends(unittest.TestCase):
    def game(self, size=9):
        return S.Game(0, "t-1-0", size, 1)

    def test_two_passes(self):
        g = self.game()
        c = 4 * 9 + 4
        self.assertIsNone(g.play(answer(9, play=c)))          # B ee
        self.assertIsNone(g.play(answer(9, play=81)))         # W pass
        self.assertIsNone(g.play(answer(9, play=c + 1)))      # B fe: not two in a row
        self.assertIsNone(g.play(answer(9, play=81)))         # W pass
        self.assertEqual(g.play(answer(9, play=81, lead=-3.3)), "passes")  # B pass
        self.assertEqual(g.result, "W+3.5")  # Black to move, 3.3 behind
        self.assertEqual(g.moves, [("B", "ee"), ("W", ""), ("B", "fe"), ("W", ""), ("B", "")])
        self.assertEqual([line.split("\t")[1] for line in g.labels], ["0", "1", "2", "3", "4"])
        self.assertEqual(g.line(), "t-1-0\tSZ[9];RE[W+3.5];B[ee];W[];B[fe];W[];B[]\n")

    def test_resignation_counts_own_turns(self):
        g = self.game()
        legal = list(range(81))
        # Black low on its turns 0, 2, 4 but White's low turns in between are
        # not Black's; White is low twice, then not, then low twice again.
        wins = [0.01, 0.02, 0.02, 0.02, 0.5, 0.9, 0.01, 0.01, 0.02, 0.01]
        #        B0    W1    B2    W3    B4    W5    B6    W7    B8    W9
        ends = []
        for w in wins:
            ends.append(g.play(answer(9, win=w, legal=legal)))
            if ends[-1]:
                break
        # B: 0.01, 0.02, then 0.5 at B4 resets; 0.01, 0.02 at B6, B8.
        # W: 0.02, 0.02, then 0.9 at W5 resets; 0.01 at W7, 0.01 at W9: 2 only.
        self.assertEqual(ends, [None] * 10)
        self.assertEqual(g.play(answer(9, win=0.029, legal=legal)), "resign")  # B10: third
        self.assertEqual(g.result, "W+R")
        self.assertEqual(len(g.moves), 10)         # no move at the resignation
        self.assertEqual(len(g.labels), 10)        # positions 0 .. 9
        self.assertIn("RE[W+R]", g.line())
        w = self.game()
        for win in (0.5, 0.01, 0.5, 0.01, 0.5):
            self.assertIsNone(w.play(answer(9, win=win, legal=legal)))
        self.assertEqual(w.play(answer(9, win=0.01, legal=legal)), "resign")  # W's third
        self.assertEqual((w.result, len(w.moves)), ("B+R", 5))
        # 0.03 itself is not below the threshold.
        t = self.game()
        for _ in range(8):
            self.assertIsNone(t.play(answer(9, win=0.03, legal=legal)))

    def test_move_cap(self):
        g = self.game(7)
        for k in range(3 * 49 - 1):
            self.assertIsNone(g.play(answer(7, play=k % 49)))
        self.assertEqual(g.play(answer(7, play=0)), "cap")
        self.assertEqual(len(g.moves), 147)
        self.assertEqual(len(g.labels), 147)
        self.assertIsNone(g.result)
        self.assertNotIn("RE[", g.line())
        self.assertTrue(g.line().startswith("t-1-0\tSZ[7];B[aa];W[ba];"))

    def test_bad_answers(self):
        g = self.game()
        with self.assertRaises(ValueError):
            g.play(answer(19, play=0))  # a 19x19 policy on 9x9
        with self.assertRaises(KeyError):
            g.play({"rootInfo": {"rawWinrate": 0.5}})


class Results(unittest.TestCase):
    def test_result_strings(self):
        self.assertEqual(S.result_after_passes("B", 3.4), "B+3.5")
        self.assertEqual(S.result_after_passes("B", 3.2), "B+3")
        self.assertEqual(S.result_after_passes("W", 6.0), "W+6")
        self.assertEqual(S.result_after_passes("W", -0.1), "B+0.5")
        self.assertEqual(S.result_after_passes("B", -12.74), "W+12.5")
        self.assertEqual(S.result_after_passes("W", 0.2), "W+0.5")
        self.assertEqual(S.format_lead(-0.0), "0.5")


class Lines(unittest.TestCase):
    def test_points_from_the_top(self):
        self.assertEqual(S.index_to_point(0, 9), "aa")     # top-left, A9
        self.assertEqual(S.index_to_point(8, 9), "ia")     # top-right, J9
        self.assertEqual(S.index_to_point(9, 9), "ab")     # second row
        self.assertEqual(S.index_to_point(80, 9), "ii")    # bottom-right, J1
        self.assertEqual(S.index_to_point(81, 9), "")      # pass
        self.assertEqual(S.index_to_point(12, 13), "ma")
        with self.assertRaises(ValueError):
            S.index_to_point(82, 9)
        self.assertEqual(S.LK.sgf_to_gtp("aa", 9), "A9")
        self.assertEqual(S.LK.sgf_to_gtp("ai", 9), "A1")
        self.assertEqual(S.LK.sgf_to_gtp("ia", 9), "J9")  # GTP skips I
        self.assertEqual(S.LK.sgf_to_gtp("ee", 9), "E5")

    def test_game_line_round_trip(self):
        moves = [("B", "ee"), ("W", "cc"), ("B", ""), ("W", "ia"), ("B", "")]
        line = S.game_line("sp9-1-3", 9, "B+3.5", moves)
        self.assertEqual(line, "sp9-1-3\tSZ[9];RE[B+3.5];B[ee];W[cc];B[];W[ia];B[]\n")
        self.assertEqual(S.parse_line(line), ("sp9-1-3", 9, "B+3.5", moves))
        line = S.game_line("x", 13, None, [("B", "mm")])
        self.assertEqual(line, "x\tSZ[13];B[mm]\n")
        self.assertEqual(S.parse_line(line), ("x", 13, None, [("B", "mm")]))
        for bad in ("x\tSZ[9];B[jj]", "no tab", "x\tSZ[9];X[aa]", "x\tSZ[9];B[aa];RE[B+R]"):
            with self.assertRaises(ValueError):
                S.parse_line(bad)

    def test_label_line(self):
        a = answer(9, win=0.98765, lead=-0.004, play=81)
        a["ownership"] = [1.0] * 9 + [0.0] * 71 + [-1.0]
        a["policy"][10] = 0.5
        fields = S.label_line("t-1-0", 3, 7.0, a, 9).rstrip("\n").split("\t")
        self.assertEqual(fields[:5], ["t-1-0", "3", "7", "0.9877", "0.00"])
        self.assertEqual(fields[5], "Z" * 9 + "M" * 71 + "A")
        self.assertEqual(fields[6], "pass:1.0000 bb:0.5000")
        with self.assertRaises(ValueError):
            S.label_line("x", 0, 7.0, answer(19), 9)


class Config(unittest.TestCase):
    def test_config(self):
        text = S.selfplay_config("logs", 3, 9)
        lines = set(text.splitlines())
        for want in ("maxVisits = 1", "reportAnalysisWinratesAs = SIDETOMOVE",
                     "ignorePreRootHistory = false", "maxBoardXSizeForNNBuffer = 9",
                     "maxBoardYSizeForNNBuffer = 9", "requireMaxBoardSize = true",
                     "numAnalysisThreads = 4", "nnMaxBatchSize = 4",
                     "numEigenThreadsPerModel = 1", "nnRandSeed = hane-selfplay-katago-3"):
            self.assertIn(want, lines)
        self.assertIn("numAnalysisThreads = 1", S.selfplay_config("logs", 3, 13, 1))


class Runs(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.d = Path(self.dir.name)
        self.fake = self.d / "fake-katago"
        self.fake.write_text("#!%s\n%s" % (sys.executable, textwrap.dedent(FAKE)))
        os.chmod(self.fake, 0o755)

    def tearDown(self):
        self.dir.cleanup()

    def run_script(self, *extra, out="out", games=6, size=7):
        argv = ["--katago", str(self.fake), "--model", "net.bin.gz", "--size", str(size),
                "--games", str(games), "--seed", "5", "--id-prefix", "t", "--parallel", "3",
                "--games-out", str(self.d / (out + ".games")),
                "--labels-out", str(self.d / (out + ".tsv")), *extra]
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = S.main(argv)
        return code, err.getvalue()

    def check(self, out, size=7):
        games = [S.parse_line(line) for line in (self.d / (out + ".games")).read_text().splitlines()]
        labels = [line.split("\t") for line in (self.d / (out + ".tsv")).read_text().splitlines()]
        by_game = collections.defaultdict(list)
        for fields in labels:
            self.assertEqual(len(fields), 7)
            by_game[fields[0]].append(fields)
        self.assertEqual(set(by_game), {g[0] for g in games})
        n = size * size
        for game_id, line_size, result, moves in games:
            self.assertEqual(line_size, size)
            index = int(game_id.split("-")[-1])
            rows = by_game[game_id]
            self.assertEqual([int(r[1]) for r in rows], list(range(len(moves))))
            self.assertEqual([c for c, _ in moves], ["BW"[i % 2] for i in range(len(moves))])
            if index % 3 == 1:
                self.assertEqual((result, len(moves)), ("B+R", 15))  # White resigns at move 15
            else:
                self.assertEqual(result, "B+2.5")
                self.assertEqual(moves[-2:], [("W" if len(moves) % 2 else "B", ""),
                                              ("B" if len(moves) % 2 else "W", "")])
            komi = S.draw_komi(5, game_id, size)
            stones = {}
            for k, (c, point) in enumerate(moves):
                _, _, komi_text, win, lead, own, pol = by_game[game_id][k]
                to_move = "BW"[k % 2]
                self.assertEqual(float(komi_text), komi)
                self.assertEqual(lead, "2.30" if to_move == "B" else "-2.30")
                self.assertEqual(len(own), n)
                for i in range(n):
                    p = S.index_to_point(i, size)
                    want = "M" if p not in stones else ("Z" if stones[p] == to_move else "A")
                    self.assertEqual(own[i], want, (game_id, k, p))
                for entry in pol.split(" "):
                    self.assertNotIn(entry.split(":")[0], stones)
                self.assertNotIn(point, stones)  # never an occupied point
                if point:
                    stones[point] = c
        return games, labels

    def test_run(self):
        code, err = self.run_script()
        self.assertEqual(code, 0)
        self.assertIn("game t-5-2 left out at move 5: KataGo: Illegal move 4", err)
        self.assertFalse((self.d / "out.games.partial").exists())
        self.assertFalse((self.d / "out.tsv.partial").exists())
        games, labels = self.check("out")
        self.assertEqual(sorted(g[0] for g in games), ["t-5-0", "t-5-1", "t-5-3", "t-5-4", "t-5-5"])
        self.assertIn("3 ended by two passes, 2 by resignation, 0 at the move cap", err)
        self.assertIn("results B 5", err)
        self.assertIn("1 games left out", err)
        code, err = self.run_script()
        self.assertIn("nothing to do", err)
        # 9x9 and 13x13 boards too.
        self.assertEqual(self.run_script(out="nine", games=2, size=9)[0], 0)
        self.check("nine", 9)
        self.assertEqual(self.run_script(out="big", games=2, size=13)[0], 0)
        self.check("big", 13)

    def test_resume(self):
        self.run_script(out="all")
        whole_games = (self.d / "all.games").read_text().splitlines(keepends=True)
        whole_labels = (self.d / "all.tsv").read_text().splitlines(keepends=True)
        keep = [line for line in whole_games if line.startswith(("t-5-1\t", "t-5-3\t"))]
        labels_of = {g: [line for line in whole_labels if line.startswith(g + "\t")]
                     for g in ("t-5-0", "t-5-1", "t-5-3")}
        # Two games complete; game 0's labels written but not its line, and
        # an interrupted line at the end of each file.
        (self.d / "out.games.partial").write_text("".join(keep) + "t-5-0\tSZ[7];B[a")
        (self.d / "out.tsv.partial").write_text(
            "".join(labels_of["t-5-1"] + labels_of["t-5-0"] + labels_of["t-5-3"])
            + labels_of["t-5-0"][0][:20])
        code, err = self.run_script()
        self.assertEqual(code, 0)
        self.assertIn("2 already complete", err)
        self.assertIn("4 to play", err)
        self.assertIn("cut %d label lines" % len(labels_of["t-5-0"]), err)
        out_games = (self.d / "out.games").read_text().splitlines(keepends=True)
        out_labels = (self.d / "out.tsv").read_text().splitlines(keepends=True)
        self.assertEqual(out_games[:2], keep)  # kept as they were, first
        self.assertEqual(sorted(out_games), sorted(whole_games))
        self.assertEqual(sorted(out_labels), sorted(whole_labels))
        self.check("out")
        # Partial files of other arguments (another prefix) are refused.
        for path in ("out.games", "out.tsv"):
            (self.d / path).unlink()
        (self.d / "out.games.partial").write_text("".join(keep))
        with self.assertRaises(SystemExit):
            self.run_script("--id-prefix", "u")
        self.assertTrue((self.d / "out.games.partial").exists())
        with self.assertRaises(SystemExit):
            self.run_script(size=9)  # another board size

    def test_stopped_between_renames(self):
        self.run_script(out="all")
        os.replace(self.d / "all.tsv", self.d / "all.tsv.partial")
        code, err = self.run_script(out="all")
        self.assertIn("finished the renames", err)
        self.assertTrue((self.d / "all.tsv").exists())
        self.assertFalse((self.d / "all.tsv.partial").exists())

    def test_arguments(self):
        for bad in (["--size", "6"], ["--size", "20"], ["--parallel", "0"],
                    ["--id-prefix", "a b"]):
            with self.assertRaises(SystemExit), contextlib.redirect_stderr(io.StringIO()):
                S.main(["--katago", "k", "--model", "m", "--games", "1",
                        "--games-out", "g", "--labels-out", "l", *bad])


if __name__ == "__main__":
    unittest.main()
