#!/usr/bin/env python3
"""Tests of scripts/win-rates on a batch folder written here: games paired
with their engine logs by seed, crossings counted from the right move and
for the right colour, draws as half, and the bound a change above a
threshold can gain.  Run: python3 scripts/test_win_rates.py
"""

import tempfile
import unittest
from pathlib import Path

from script_module import load_script

W = load_script("win-rates")

SUMMARY = "game\tengine_color\tresult\twinner\n"


def genmoves(color, rates):
    return "".join(
        "[t INFO  hane::player::mcts] genmove %s: E5 from the opening book\n" % color
        if r is None else
        "[t INFO  hane::player::mcts] genmove %s: C3 win %.3f playouts 2000\n" % (color, r)
        for r in rates)


def batch(root, games):
    """A batch folder: games as (number, colour, result, winner, rates);
    the engine's seed is 500 plus the game number, logged in reverse
    order so that pairing must go by seed."""
    b = Path(root) / "m" / "batch-001"
    b.mkdir(parents=True)
    (b / "summary.tsv").write_text(SUMMARY + "".join(
        "%d\t%s\t%s\t%s\n" % (n, c, res, win) for n, c, res, win, _ in games))
    (b / "engine.stderr").write_text("".join(
        "=== engine start 2026-01-01T00:00:00: hane --playouts 2000 --seed %d\n%s"
        % (500 + n, genmoves("black" if c == "B" else "white", rates))
        for n, c, _, _, rates in reversed(games)))
    return b


class WinRates(unittest.TestCase):
    def test_games_pair_with_their_logs_by_seed(self):
        with tempfile.TemporaryDirectory() as d:
            b = batch(d, [(3, "B", "B+R", "hane", [None, 0.5, 0.9]),
                          (4, "W", "B+2", "GNU Go", [0.4, 0.3]),
                          (5, "B", "?", "", [0.5])])
            games = W.games_of_batch(b)
        self.assertEqual(games, [("B", "B+R", "hane", [None, 0.5, 0.9]),
                                 ("W", "B+2", "GNU Go", [0.4, 0.3])])

    def test_crossings_count_from_the_game_move_of_each_colour(self):
        # Black's genmoves are game moves 0, 2, 4...; White's 1, 3, 5...
        self.assertFalse(W.first_crossing("B", [0.9, 0.5, 0.5], 0.85, 2))
        self.assertTrue(W.first_crossing("B", [0.5, 0.9], 0.85, 2))
        self.assertTrue(W.first_crossing("W", [0.5, 0.9], 0.85, 3))
        self.assertFalse(W.first_crossing("W", [0.5, 0.9], 0.85, 4))
        self.assertFalse(W.first_crossing("B", [None, None], 0.0, 0))

    def test_the_table_bounds_what_a_change_above_a_threshold_can_gain(self):
        games = [("B", "B+R", "hane", [0.9]),      # crossed, won
                 ("W", "B+R", "Pachi", [0.95]),    # crossed, lost
                 ("B", "0", "draw", [0.88]),       # crossed, drawn
                 ("W", "B+5", "Pachi", [0.6])]     # never crossed
        text = W.table(games, [0.85], 0)
        self.assertIn("4 games, hane's score 37.5%", text)
        # 3 crossed, 1.5 points of them won: 1.5 of 4 games could come back.
        self.assertIn("| 0.85 | 3 | 75.0% | 50.0% | +37.5 points |", text)

    def test_the_largest_fall_is_placed_at_the_later_move(self):
        # Black's third genmove is game move 4 (from 0); a book move breaks
        # no pair, and a rise is no fall.
        fall, at = W.largest_fall("B", [0.6, 0.55, 0.2, 0.5])
        self.assertAlmostEqual(fall, 0.35)
        self.assertEqual(at, 4)
        fall, at = W.largest_fall("W", [0.5, None, 0.1])
        self.assertAlmostEqual(fall, 0.4)
        self.assertEqual(at, 5)
        self.assertEqual(W.largest_fall("B", [0.3, 0.6]), (0.0, None))

    def test_lost_games_list_losses_and_draws_and_count_the_sudden(self):
        with tempfile.TemporaryDirectory() as d:
            batch(d, [(1, "B", "B+R", "hane", [0.5, 0.9]),
                      (2, "W", "B+R", "GNU Go", [0.6, 0.7, 0.2, 0.1]),
                      (3, "B", "0", "draw", [0.55, 0.5, 0.45])])
            text = W.lost_games([d], 0.2)
        lines = text.splitlines()
        self.assertEqual(len(lines), 3)
        self.assertIn("game 2 W B+R  top 0.70  fall 0.50 before move 6  "
                      "0.60 0.70 0.20 0.10", lines[0])
        self.assertIn("game 3 B 0  top 0.55  fall 0.05 before move 3", lines[1])
        self.assertEqual(lines[2], "2 games lost or drawn; in 1 the win rate "
                         "fell by 0.20 or more from one move to the next")


    def test_the_opponents_rates_are_split_by_game_and_stretch(self):
        def pachi_game(moves):
            # Pachi's log of one game: its board header before each of its
            # moves (moves played so far), then the rate of the move.
            return "IN: boardsize 19\nIN: clear_board\n" + "".join(
                "Move: %3d  Komi: 7.5\n[100] best 50.0%%\n"
                "*** WINNER is D4 with score %.1f%% (10/20 games), extra komi 0.0\n"
                % (before, 100 * pachi) for before, pachi in moves)
        with tempfile.TemporaryDirectory() as d:
            b = batch(d, [(1, "B", "B+R", "hane", [0.5]),
                          (2, "W", "B+R", "Pachi", [0.5]),
                          (3, "B", "?", "", [0.5])])
            (b / "opponent.stderr").write_text(
                "=== opponent start\n"
                + pachi_game([(1, 0.5), (19, 0.4), (21, 0.3)])
                + pachi_game([(0, 0.6), (50, 0.9)])
                + pachi_game([(1, 0.5)]))
            games = W.opponent_rates(b)
            table = W.opponent_table([d])
        self.assertEqual([r["game"] for r, _ in games], ["1", "2"])
        self.assertEqual([(m, round(x, 3)) for m, x in games[0][1]],
                         [(2, 0.5), (20, 0.6), (22, 0.7)])
        lines = table.splitlines()
        self.assertEqual(lines[0], "1 games won, 1 lost: the opponent's mean "
                         "win rate for hane")
        self.assertEqual(lines[3], "| 1–20 | 0.550 (1) | 0.400 (1) |")
        self.assertEqual(lines[4], "| 21–40 | 0.700 (1) | – |")
        self.assertEqual(lines[5], "| 41–60 | – | 0.100 (1) |")

if __name__ == "__main__":
    unittest.main()
