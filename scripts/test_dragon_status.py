#!/usr/bin/env python3
"""Tests of scripts/dragon-status with GNU Go: a position whose verdicts
are plain (a White group with three eyes, a Black stone in atari inside
it) gives one line per dragon with GNU Go's status, only for the move
numbers the game outlasts, and big dragons only with --min-stones; a
dragon of two strings is named by a stone of the larger.  With
--critical, a group whose life hangs on one point gives a line for each
side's move there, with GNU Go's verdict after it.
Skipped without GNU Go.  Run: python3 scripts/test_dragon_status.py
"""

import contextlib
import io
import tempfile
import unittest
from pathlib import Path

from script_module import load_script

D = load_script("dragon-status")
GNUGO = load_script("strength").find_gnugo()

# White's group (15 stones) has eyes at B3, A1 and C1 of the 9x9 board's
# lower left; Black D3 has one liberty, D2, a suicide point for Black.
# Twelve passes follow, so move 1 has ten moves after it.
SGF = ("(;GM[1]FF[4]SZ[9]KM[7.5]"
       "AW[af][bf][cf][df][ef][ag][cg][eg][ah][bh][ch][eh][bi][di][ei]AB[dg]"
       + ";B[];W[]" * 6 + ")")

# White's group (9 stones) in the lower left has a straight three of eye
# space, A2 B2 C2, and no other liberty: B2 decides, for either side.
THREE = ("(;GM[1]FF[4]SZ[9]KM[7.5]AB[af][bf][cf][df][ef][eg][eh][ei]"
         "AW[ag][bg][cg][dg][dh][ai][bi][ci][di]" + ";B[];W[]" * 6 + ")")


@unittest.skipUnless(GNUGO, "GNU Go not installed")
class DragonStatus(unittest.TestCase):
    def run_script(self, *args):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            D.main(list(args))
        return out.getvalue().split("\n")[:-1]

    def test_verdicts_of_a_plain_position(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = str(Path(tmp) / "corner.sgf")
            Path(path).write_text(SGF)
            self.assertEqual(D.moves_in(path), 12)
            lines = self.run_script("--moves", "1,3", "--min-stones", "1", path)
            # Move 3 has fewer than ten moves after it: nothing.
            got = sorted(tuple(l.split()[2:]) for l in lines)
            self.assertEqual(got, [("A4", "alive", "15", "15"), ("D3", "dead", "1", "1")])
            self.assertTrue(all(l.split()[:2] == [path, "1"] for l in lines))
            # The default, six stones or more, leaves the Black stone out.
            lines = self.run_script("--moves", "1", path)
            self.assertEqual([l.split()[3] for l in lines], ["alive"])

    def test_a_dragon_is_named_by_its_largest_string(self):
        # A White stone on F5, diagonal to E4, joins the group's dragon
        # and is its first stone in GNU Go's listing.
        with tempfile.TemporaryDirectory() as tmp:
            path = str(Path(tmp) / "corner.sgf")
            Path(path).write_text(SGF.replace("[ei]AB", "[ei][fe]AB"))
            lines = self.run_script("--moves", "1", path)
            self.assertEqual([l.split()[2:] for l in lines], [["A4", "alive", "16", "15"]])

    def test_a_critical_group_after_each_side_s_move(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = str(Path(tmp) / "three.sgf")
            Path(path).write_text(THREE)
            lines = self.run_script("--critical", "--moves", "1", "--min-stones", "1", path)
            got = sorted(tuple(l.split()[2:]) for l in lines)
            self.assertEqual(got, [
                ("A3", "alive", "9", "9", "after", "white", "B2"),
                ("A3", "dead", "9", "9", "after", "black", "B2"),
            ])
            # Without --critical the group is left out: it is neither
            # alive nor dead yet.
            lines = self.run_script("--moves", "1", "--min-stones", "1", path)
            self.assertEqual([l.split()[2:4] for l in lines], [["A4", "alive"]])


if __name__ == "__main__":
    unittest.main()
