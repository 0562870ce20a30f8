#!/usr/bin/env python3
"""Tests of scripts/label-katago: its pure functions (SGF and GTP points,
the positions chosen, the komi draw, the ownership and policy fields,
--chunk, reading an interrupted FILE.partial) and whole runs against a
stand-in for KataGo's analysis engine written here (it answers a few
queries late and out of order, refuses a game with a move on an occupied
point), so no KataGo is needed.  Run: python3 scripts/test_label_katago.py
"""

import argparse
import contextlib
import io
import os
import sys
import tempfile
import textwrap
import unittest
import zlib
from pathlib import Path

from script_module import load_script

L = load_script("label-katago")

# A stand-in for `katago analysis`: one answer a query, three queries held
# back and answered newest first; values from the side to move's view as
# with reportAnalysisWinratesAs = SIDETOMOVE: ownership +1 on the side to
# move's stones, -1 on the opponent's; win 0.7 for Black to move, 0.2 for
# White; lead = komi - k; policy 0.6 and 0.3 on the first two empty
# points (row by row from A19), 0.0999 spread over the others, 0.0001 on
# pass (below the cut), -1 on stones.
FAKE = r'''
import json, sys
COLS = "ABCDEFGHJKLMNOPQRST"
if "reportAnalysisWinratesAs=SIDETOMOVE" not in " ".join(sys.argv):
    print(json.dumps({"error": "perspective not forced"}), flush=True)
    sys.exit(1)
held = []
warned = False

def index(v):
    return (19 - int(v[1:])) * 19 + COLS.index(v[0])

def answer(q):
    global warned
    out = []
    if not warned:
        warned = True
        out.append({"warning": "a warning", "field": "rules", "id": q["id"]})
    seen = set()
    for n, (c, v) in enumerate(q["moves"]):
        if v != "pass":
            if v in seen:
                out.append({"error": "Illegal move %d: %s" % (n, v), "field": "moves", "id": q["id"]})
                return out
            seen.add(v)
    k = q["analyzeTurns"][0]
    board = [0] * 361
    to_move = "B"
    for c, v in q["moves"][:k]:
        if v != "pass":
            board[index(v)] = c
        to_move = "W" if c == "B" else "B"
    own = [0.0 if s == 0 else (1.0 if s == to_move else -1.0) for s in board]
    empty = [i for i in range(361) if board[i] == 0]
    policy = [-1.0] * 362
    for i in empty:
        policy[i] = 0.0999 / (len(empty) - 2)
    policy[empty[0]] = 0.6
    policy[empty[1]] = 0.3
    policy[361] = 0.0001
    out.append({"id": q["id"], "isDuringSearch": False, "turnNumber": k,
                "rootInfo": {"currentPlayer": to_move, "rawWinrate": 0.7 if to_move == "B" else 0.2,
                             "rawLead": q["komi"] - k, "winrate": 0.5, "scoreLead": 0.0},
                "ownership": own, "policy": policy, "moveInfos": []})
    return out

def flush():
    while held:
        for a in answer(held.pop()):
            print(json.dumps(a), flush=True)

for line in sys.stdin:
    held.append(json.loads(line))
    if len(held) == 3:
        flush()
flush()
'''

GAMES = [
    "g1\t;B[pd];W[dp];B[pq];W[dd];B[qk];W[];B[tt];W[cc]",
    "g2\t;B[aa];W[sa];B[as];W[ss];B[jj];W[ij]",
    "bad\t;B[pd];W[pd];B[qq];W[cc];B[dd];W[ee]",  # W plays on Black's stone
    "",                                          # an empty line: no game
    "g4\t;B[cd];W[dc];B[qp];W[pq];B[pc];W[cp];B[ee]",
    "g5\t;B[dd]",
]


class Points(unittest.TestCase):
    def test_sgf_to_gtp(self):
        self.assertEqual(L.sgf_to_gtp("pd"), "Q16")
        self.assertEqual(L.sgf_to_gtp("dp"), "D4")
        self.assertEqual(L.sgf_to_gtp("aa"), "A19")
        self.assertEqual(L.sgf_to_gtp("sa"), "T19")
        self.assertEqual(L.sgf_to_gtp("as"), "A1")
        self.assertEqual(L.sgf_to_gtp("ss"), "T1")
        self.assertEqual(L.sgf_to_gtp("ha"), "H19")
        self.assertEqual(L.sgf_to_gtp("ia"), "J19")  # GTP skips I
        self.assertEqual(L.sgf_to_gtp("jj"), "K10")
        self.assertEqual(L.sgf_to_gtp(""), "pass")
        self.assertEqual(L.sgf_to_gtp("tt"), "pass")
        for bad in ("a", "za", "at", "abc"):
            with self.assertRaises(ValueError):
                L.sgf_to_gtp(bad)

    def test_round_trip_and_no_i(self):
        seen = set()
        for x in range(19):
            for y in range(19):
                point = chr(97 + x) + chr(97 + y)
                vertex = L.sgf_to_gtp(point)
                self.assertNotIn("I", vertex)
                self.assertEqual(L.gtp_to_sgf(vertex), point)
                seen.add(vertex)
        self.assertEqual(len(seen), 361)
        self.assertEqual(L.gtp_to_sgf("pass"), "")
        self.assertEqual(L.gtp_to_sgf("q16"), "pd")
        for bad in ("I5", "A20", "U1", "A0", "Q"):
            with self.assertRaises(ValueError):
                L.gtp_to_sgf(bad)

    def test_parse_game_line(self):
        game_id, moves = L.parse_game_line(GAMES[0] + "\r\n")
        self.assertEqual(game_id, "g1")
        self.assertEqual(moves, [("B", "Q16"), ("W", "D4"), ("B", "Q3"), ("W", "D16"),
                                 ("B", "R9"), ("W", "pass"), ("B", "pass"), ("W", "C17")])
        for bad in ("no tab here", "\t;B[pd]", "x\t;B[pd];X[dd]", "x\t;B[zz]", "x\t;B[pd"):
            with self.assertRaises(ValueError):
                L.parse_game_line(bad)


class Selection(unittest.TestCase):
    def test_stride_and_offset(self):
        for game_id in ("876733117", "g1", "abc", "12"):
            offset = zlib.crc32(game_id.encode()) % 5
            self.assertEqual(L.position_offset(game_id, 5), offset)
            ks = L.selected_positions(game_id, 200, 5)
            self.assertEqual(ks, [k for k in range(200) if (k + offset) % 5 == 0])
            self.assertEqual(len(ks), 40)
            self.assertEqual(ks, L.selected_positions(game_id, 200, 5))
            self.assertTrue(all(0 <= k < 200 for k in ks))
        self.assertEqual(L.selected_positions("x", 7, 1), list(range(7)))
        self.assertEqual(L.selected_positions("x", 0, 5), [])
        offsets = {L.position_offset(str(i), 5) for i in range(100)}
        self.assertEqual(offsets, set(range(5)))  # differs from game to game

    def test_komi(self):
        allowed = {-0.5 + i for i in range(17)}
        draws = [L.draw_komi(1, "game%d" % (i // 50), i % 50) for i in range(4000)]
        self.assertTrue(set(draws) <= allowed)
        self.assertEqual(set(draws), allowed)
        share = draws.count(7.5) / len(draws)
        self.assertGreater(share, 0.5 + 0.5 / 17 - 0.04)  # 7.5 also among the 17
        self.assertLess(share, 0.5 + 0.5 / 17 + 0.04)
        others = [k for k in draws if k != 7.5]
        for value in allowed - {7.5}:
            self.assertLess(abs(others.count(value) / len(draws) - 0.5 / 17), 0.015)
        again = [L.draw_komi(1, "game%d" % (i // 50), i % 50) for i in range(4000)]
        self.assertEqual(draws, again)
        self.assertEqual(L.draw_komi("1", "g", 3), L.draw_komi(1, "g", 3))
        other_seed = [L.draw_komi(2, "game%d" % (i // 50), i % 50) for i in range(4000)]
        self.assertNotEqual(draws, other_seed)

    def test_chunk(self):
        self.assertEqual(L.parse_chunk("0/1"), (0, 1))
        self.assertEqual(L.parse_chunk("3/8"), (3, 8))
        for bad in ("8/8", "-1/2", "1", "a/b", "1/0", "1/2/3"):
            with self.assertRaises(argparse.ArgumentTypeError):
                L.parse_chunk(bad)

    def test_chunk_games_counts_lines_over_files(self):
        with tempfile.TemporaryDirectory() as d:
            a, b = Path(d) / "a", Path(d) / "b"
            a.write_text("x0\t;B[aa]\nx1\t;B[aa]\n\nx3\t;B[aa]\n")
            b.write_text("x4\t;B[aa]\nx5\t;B[aa]\n")
            got = [g for g, _ in L.chunk_games([a, b], (1, 2))]
            self.assertEqual(got, [1, 3, 5])
            got = [g for g, _ in L.chunk_games([a, b], (0, 2))]
            self.assertEqual(got, [0, 4])  # line 2 is empty
            got = [g for g, _ in L.chunk_games([a, b], (0, 1), max_games=3)]
            self.assertEqual(got, [0, 1, 3])


class Fields(unittest.TestCase):
    def test_ownership(self):
        self.assertEqual(L.encode_ownership([-1.0, 0.0, 1.0, 0.5, -0.02, 0.02, 1.3]),
                         "AMZTMNZ")
        self.assertEqual(L.encode_ownership([-1.0, 0.0, 1.0, 0.5], sign=-1), "ZMAG")
        values = [i / 180.0 - 1.0 for i in range(361)]
        text = L.encode_ownership(values)
        self.assertEqual(len(text), 361)
        self.assertEqual(text[0], "A")
        self.assertEqual(text[-1], "Z")
        for v, back in zip(values, L.decode_ownership(text)):
            self.assertLessEqual(abs(v - back), 0.04 + 1e-9)
        flipped = L.encode_ownership(values, sign=-1)
        for c, f in zip(text, flipped):  # 0 is M from both sides (12.5 rounds to 12)
            self.assertLessEqual(abs((ord(c) - ord("A")) - (ord("Z") - ord(f))), 1)

    def test_policy(self):
        policy = [-1.0] * 362
        policy[3] = 0.25      # da: column d, top row
        policy[19] = 0.5      # ab: column a, second row
        policy[360] = 0.1     # ss
        policy[72] = 0.001    # pd, at the cut
        policy[73] = 0.0009   # qd, below it
        policy[361] = 0.1     # pass, tied with ss: the lower index first
        self.assertEqual(L.encode_policy(policy),
                         "ab:0.5000 da:0.2500 ss:0.1000 pass:0.1000 pd:0.0010")
        self.assertEqual(L.encode_policy([-1.0] * 362), "")

    def test_label_line(self):
        answer = {"rootInfo": {"rawWinrate": 0.123456, "rawLead": -0.001,
                               "winrate": 0.9, "scoreLead": 9.0},
                  "ownership": [1.0] * 361,
                  "policy": [-1.0] * 361 + [1.0]}
        line = L.label_line("id7", 12, -0.5, answer)
        self.assertTrue(line.endswith("\n"))
        fields = line.rstrip("\n").split("\t")
        self.assertEqual(len(fields), 7)
        self.assertEqual(fields[:5], ["id7", "12", "-0.5", "0.1235", "0.00"])
        self.assertEqual(fields[5], "Z" * 361)
        self.assertEqual(fields[6], "pass:1.0000")
        answer["policy"] = [-1.0] * 362
        fields = L.label_line("id7", 0, 7.5, answer, sign=-1).rstrip("\n").split("\t")
        self.assertEqual(fields[2:6], ["7.5", "0.8765", "0.00", "A" * 361])
        self.assertEqual(fields[6], "")
        self.assertEqual(L.format_komi(15.5), "15.5")


class Partial(unittest.TestCase):
    def test_read_partial(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "x.tsv.partial"
            self.assertEqual(L.read_partial(path).counts, {})
            complete = "a\t0\n" "a\t5\n" "b\t1\n" "c\t2\n" "c\t7\n"
            path.write_text(complete + "c\t12\t7.5\t0.5")
            p = L.read_partial(path)
            self.assertEqual(path.read_text(), complete)
            self.assertEqual(dict(p.counts), {"a": 2, "b": 1, "c": 2})
            self.assertEqual(p.last_id, "c")
            self.assertEqual(p.last_start, len("a\t0\na\t5\nb\t1\n"))
            self.assertEqual(p.length, len(complete))
            path.write_text("half a li")
            p = L.read_partial(path)
            self.assertEqual((dict(p.counts), p.length, path.read_text()), ({}, 0, ""))


class Runs(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        d = Path(self.dir.name)
        self.fake = d / "fake-katago"
        self.fake.write_text("#!%s\n%s" % (sys.executable, textwrap.dedent(FAKE)))
        os.chmod(self.fake, 0o755)
        self.games = d / "games.txt"
        self.games.write_text("\n".join(GAMES) + "\n")
        self.d = d

    def tearDown(self):
        self.dir.cleanup()

    def run_script(self, *extra, out="out.tsv"):
        argv = ["--katago", str(self.fake), "--model", "net.bin.gz", "--stride", "2",
                "--out", str(self.d / out), "--window", "5", *extra, str(self.games)]
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = L.main(argv)
        return code, err.getvalue()

    def expected_positions(self, games=None):
        rows = []
        for line in GAMES:
            if not line or line.startswith("bad"):
                continue
            game_id, moves = L.parse_game_line(line)
            if games is not None and game_id not in games:
                continue
            for k in L.selected_positions(game_id, len(moves), 2):
                rows.append((game_id, k))
        return rows

    def test_run(self):
        code, err = self.run_script()
        self.assertEqual(code, 0)
        self.assertIn("game bad (line 3) left out: Illegal move 1", err)
        self.assertEqual(err.count("a warning"), 1)
        self.assertFalse((self.d / "out.tsv.partial").exists())
        lines = (self.d / "out.tsv").read_text().splitlines()
        rows = [line.split("\t") for line in lines]
        self.assertTrue(all(len(r) == 7 for r in rows))
        self.assertEqual([(r[0], int(r[1])) for r in rows], self.expected_positions())
        games = {L.parse_game_line(g)[0]: L.parse_game_line(g)[1] for g in GAMES if g}
        for game_id, k, komi, win, lead, own, pol in rows:
            k = int(k)
            self.assertEqual(float(komi), L.draw_komi(1, game_id, k))
            to_move = "B" if k % 2 == 0 else "W"  # these games alternate
            self.assertEqual(win, "0.7000" if to_move == "B" else "0.2000")
            self.assertEqual(lead, "%.2f" % (float(komi) - k))
            self.assertEqual(len(own), 361)
            stones = {}
            for c, v in games[game_id][:k]:
                if v != "pass":
                    stones[L.gtp_to_sgf(v)] = c
            for point, c in stones.items():
                i = (ord(point[1]) - 97) * 19 + ord(point[0]) - 97
                self.assertEqual(own[i], "Z" if c == to_move else "A", (game_id, k, point))
            self.assertEqual(own.count("M"), 361 - len(stones))
            entries = pol.split(" ")
            first = [p for p in (chr(97 + i % 19) + chr(97 + i // 19) for i in range(361))
                     if p not in stones][:2]
            self.assertEqual(entries[:2], ["%s:0.6000" % first[0], "%s:0.3000" % first[1]])
            self.assertFalse(any(e.startswith("pass") for e in entries))
        # Run again: the file is there, nothing to do.
        code, err = self.run_script()
        self.assertIn("nothing to do", err)

    def test_chunks_merge_by_cat(self):
        whole = []
        self.run_script(out="all.tsv")
        whole = (self.d / "all.tsv").read_text()
        parts = ""
        for i in range(3):
            self.assertEqual(self.run_script("--chunk", "%d/3" % i, out="c%d.tsv" % i)[0], 0)
            parts += (self.d / ("c%d.tsv" % i)).read_text()
        self.assertEqual(sorted(parts.splitlines()), sorted(whole.splitlines()))
        self.run_script("--max-games", "2", out="two.tsv")
        two = (self.d / "two.tsv").read_text().splitlines()
        self.assertEqual({line.split("\t")[0] for line in two}, {"g1", "g2"})

    def test_resume(self):
        self.run_script(out="all.tsv")
        whole = (self.d / "all.tsv").read_text().splitlines(keepends=True)
        g1 = [line for line in whole if line.startswith("g1\t")]
        g2 = [line for line in whole if line.startswith("g2\t")]
        partial = self.d / "out.tsv.partial"
        # g1 complete, g2 stopped after one line and in the middle of the next.
        partial.write_text("".join(g1) + g2[0] + g2[1][:30])
        code, err = self.run_script()
        self.assertEqual(code, 0)
        self.assertIn("1 already labelled", err)
        self.assertIn("the last game, g2, had 1 of its", err)
        self.assertEqual((self.d / "out.tsv").read_text(), "".join(whole))
        # A partial file of other arguments (another stride) is refused.
        (self.d / "out.tsv").unlink()
        partial.write_text("".join(g1))
        with self.assertRaises(SystemExit):
            self.run_script("--stride", "3")
        self.assertTrue(partial.exists())


if __name__ == "__main__":
    unittest.main()
