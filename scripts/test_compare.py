#!/usr/bin/env python3
"""Tests of scripts/compare on match folders written here: wins, losses,
draws and games without a result read from batch summaries, literal
counts pooled with folders, the colours kept only where every source
knows them, and the z of the difference.  Run: python3 scripts/test_compare.py
"""

import io
import math
import tempfile
import unittest
from pathlib import Path

from script_module import load_script

C = load_script("compare")

HEAD = "game\tengine_color\tblack\twhite\tresult\twinner\tmoves\n"


def folder(root, name, rows):
    """A strength folder: rows of (colour, result, winner) split over two
    batches, as scripts/strength --jobs 2 writes them."""
    for i, part in enumerate((rows[::2], rows[1::2])):
        b = Path(root) / name / "19x19-pachi-screen" / ("batch-%03d" % (i + 1))
        b.mkdir(parents=True)
        (b / "summary.tsv").write_text(HEAD + "".join(
            "%d\t%s\thane\tPachi\t%s\t%s\t200\n" % (n, c, res, win)
            for n, (c, res, win) in enumerate(part)))
    return str(Path(root) / name)


class CompareTest(unittest.TestCase):
    def test_a_folder_counts_wins_losses_draws_and_skips_games_without_a_result(self):
        with tempfile.TemporaryDirectory() as root:
            d = folder(root, "a", [
                ("B", "B+R", "hane"), ("W", "B+R", "Pachi"), ("W", "W+3.5", "hane"),
                ("B", "0", "draw"), ("B", "?", "-"), ("W", "B+R", "Pachi")])
            t = C.source_tally(d)
            self.assertEqual((t.wins, t.losses, t.draws), (2, 2, 1))
            self.assertEqual(t.points, 2.5)
            # As Black: a win and a draw in two games with a result.
            self.assertEqual(t.black, (2, 1.5))

    def test_counts_parse_and_bad_ones_fail(self):
        t = C.parse_count("33/76")
        self.assertEqual((t.wins, t.losses, t.draws, t.black), (33, 43, 0, None))
        t = C.parse_count("10/5/2")
        self.assertEqual((t.games, t.points), (17, 11.0))
        self.assertIsNone(C.parse_count("some/folder"))
        with self.assertRaises(ValueError):
            C.parse_count("80/76")
        with self.assertRaises(ValueError):
            C.source_tally("no/such/folder")

    def test_pooled_sides_and_the_z_of_their_difference(self):
        with tempfile.TemporaryDirectory() as root:
            d = folder(root, "arm", [("B", "B+R", "hane")] * 6 + [("W", "B+R", "Pachi")] * 4)
            out = io.StringIO()
            diff, z = C.report([d, "54/90"], ["35/100"], 2.0, out)
            # Arm 60 of 100, control 35 of 100.
            pooled = 95 / 200
            want = 0.25 / math.sqrt(pooled * (1 - pooled) * (2 / 100))
            self.assertAlmostEqual(diff, 25.0)
            self.assertAlmostEqual(z, want)
            text = out.getvalue()
            self.assertIn("resolved at z 2", text)
            self.assertNotIn("not resolved", text)
            # The folder alone knows colours; the pooled arm does not.
            self.assertIn("as Black 6 of 6", text)
            arm_line = [l for l in text.splitlines() if l.startswith("arm")][0]
            self.assertNotIn("as Black", arm_line)

    def test_an_even_comparison_is_not_resolved(self):
        out = io.StringIO()
        diff, z = C.report(["40/100"], ["38/100"], 2.0, out)
        self.assertLess(abs(z), 2)
        self.assertIn("not resolved", out.getvalue())

    def test_main_reports_a_bad_source_with_status_2(self):
        self.assertEqual(C.main(["--arm", "nothing-here", "--control", "1/2"]), 2)


if __name__ == "__main__":
    unittest.main()
