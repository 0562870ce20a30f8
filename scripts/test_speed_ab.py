#!/usr/bin/env python3
"""Tests of scripts/speed-ab without running hane: the positions it feeds
the engine (the bench's 19x19 middle game read from src/bench.rs, whole and
legal in form; the empty board; 9x9 after E5 C4) and the colour to move.
Run: python3 scripts/test_speed_ab.py
"""

import re
import unittest

from script_module import load_script

S = load_script("speed-ab")


class Positions(unittest.TestCase):
    def test_the_bench_middle_game_is_read_whole(self):
        moves = S.bench_moves("MID_19")
        self.assertEqual(len(moves), 100)
        self.assertEqual(moves[:3], ["Q16", "C4", "Q4"])
        self.assertEqual(moves[-1], "N10")
        for v in moves:
            self.assertRegex(v, r"^[A-HJ-T](1[0-9]|[1-9])$")

    def test_each_position_plays_its_moves_then_asks_the_side_to_move(self):
        mid = S.gtp_input("mid19").splitlines()
        self.assertEqual(mid[:3], ["boardsize 19", "clear_board", "komi 7.5"])
        plays = [l for l in mid if l.startswith("play ")]
        self.assertEqual(len(plays), 100)
        self.assertEqual(plays[0], "play b Q16")
        self.assertEqual(plays[1], "play w C4")
        self.assertEqual(mid[-2:], ["genmove b", "quit"])
        self.assertIn("genmove b", S.gtp_input("empty19"))
        e5c4 = S.gtp_input("e5c4")
        self.assertIn("boardsize 9", e5c4)
        self.assertEqual(re.findall(r"play (\w) (\w+)", e5c4), [("b", "E5"), ("w", "C4")])
        self.assertIn("genmove b", e5c4)


class Instructions(unittest.TestCase):
    def test_the_count_is_read_from_cachegrinds_summary(self):
        report = ("==25405== Cachegrind, a high-precision tracing profiler\n"
                  "==25405== \n"
                  "==25405== I   refs:      6,451,864,969\n")
        self.assertEqual(S.parse_instructions(report), 6451864969)

    def test_a_report_without_a_count_stops_the_script(self):
        with self.assertRaises(SystemExit):
            S.parse_instructions("valgrind: command not found\n")


if __name__ == "__main__":
    unittest.main()
