#!/usr/bin/env python3
"""Tests of scripts/strength: the statistics on known values, resuming
(game numbers and seeds never repeat, counts add up, builds are kept
apart), the README table rewriting and the behaviour without Pachi; and
of scripts/pachi-playouts on a log in Pachi's words; and of
scripts/decision-quality with a fake judge.

The games are real scripts/match.py games between stub GTP programs written
to a temporary folder (no GNU Go, Pachi, hane build or network needed):
one Python script plays hane (logging the --seed of every start), GNU Go
and a fake Pachi.  Run: python3 scripts/test_strength.py
"""

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from script_module import load_script

SCRIPTS = Path(__file__).resolve().parent
STRENGTH = SCRIPTS / "strength"


S = load_script("strength")

# One GTP program for every role.  As the engine (started with --seed N) it
# resigns when N % 3 == 0, plays A1 once then passes when N % 3 == 2, and
# passes when N % 3 == 1.  Without --seed (opponent, referee, checker) it
# always passes.  final_score: "0" when a stone was played, else "B+1".  So
# with seed N and the engine's colour the result is known in advance:
# N % 3 == 0 loss, 1 win as Black and loss as White, 2 draw.  Started as
# ./pachi it refuses to run outside a folder holding patterns_mm.spat.
STUB = r'''#!/usr/bin/env python3
import os, sys
# build marker: BUILD
args = sys.argv[1:]
if "--version" in args:
    print("stub 1.0")
    sys.exit(0)
if os.path.basename(sys.argv[0]) == "pachi" and \
        not os.path.exists("patterns_mm.spat"):
    sys.stderr.write("pachi stub: no patterns_mm.spat in the current "
                     "directory\n")
    sys.exit(1)
seed = None
if "--seed" in args:
    seed = int(args[args.index("--seed") + 1])
    with open(os.environ["STUB_SEEDS"], "a") as f:
        f.write("%d\n" % seed)
from gtp_stub import serve
state = {"stones": False, "moved": False}
def answer(words):
    cmd = words[0]
    if cmd == "clear_board":
        state["stones"] = state["moved"] = False
    elif cmd == "play" and len(words) > 2 and words[2].upper() != "PASS":
        state["stones"] = True
    elif cmd == "genmove":
        if seed is not None and seed % 3 == 0:
            return "resign"
        if seed is not None and seed % 3 == 2 and not state["moved"]:
            state["moved"] = state["stones"] = True
            return "A1"
        return "pass"
    elif cmd == "final_score":
        return "0" if state["stones"] else "B+1"
    return ""
serve(answer)
'''


def expected(game, seed_base=S.DEFAULT_SEED_BASE):
    seed = seed_base + game
    if seed % 3 == 0:
        return "opponent"
    if seed % 3 == 2:
        return "draw"
    return "engine" if game % 2 == 0 else "opponent"


def wilson_by_bisection(p_hat, n, z=1.96):
    """The Wilson interval from its definition: the p for which the score
    test |p_hat - p| <= z sqrt(p (1 - p) / n) accepts."""
    def accepts(p):
        return abs(p_hat - p) <= z * math.sqrt(p * (1 - p) / n)

    def edge(inside, outside):
        for _ in range(100):
            mid = (inside + outside) / 2
            if accepts(mid):
                inside = mid
            else:
                outside = mid
        return inside

    return edge(p_hat, 0.0), edge(p_hat, 1.0)


class Statistics(unittest.TestCase):
    def test_wilson_known_values(self):
        # The README's 9x9 figure: 74 wins, 24 losses, 2 draws: 66-82%.
        lo, hi = S.wilson(0.75, 100)
        self.assertEqual((round(100 * lo), round(100 * hi)), (66, 82))
        for p_hat, n in ((0.75, 100), (0.5, 10), (0.1, 30), (0.37, 30)):
            want = wilson_by_bisection(p_hat, n)
            got = S.wilson(p_hat, n)
            self.assertAlmostEqual(got[0], want[0], places=9)
            self.assertAlmostEqual(got[1], want[1], places=9)
        self.assertEqual(S.wilson(0.5, 0), (0.0, 1.0))

    def test_elo(self):
        self.assertEqual(S.elo(0.5), 0.0)
        self.assertAlmostEqual(S.elo(0.75), 400 * math.log10(3), places=9)
        self.assertAlmostEqual(S.elo(0.25), -400 * math.log10(3), places=9)
        self.assertAlmostEqual(S.expected_score(100), 0.6400649998, places=9)
        self.assertAlmostEqual(S.elo(S.expected_score(-250)), -250, places=9)
        self.assertEqual(S.elo(1.0), math.inf)
        self.assertEqual(S.elo(0.0), -math.inf)
        self.assertEqual(S.fmt_elo(S.elo(0.75)), "+191")

    def test_sprt_known_value(self):
        # 60 wins, 30 losses, 10 draws: mean 0.65, variance 0.2025;
        # s0 = 0.5, s1 = 1 / (1 + 10^(-10/400)).
        llr, lower, upper = S.sprt(60, 30, 10, 0, 10)
        s1 = 1 / (1 + 10 ** (-10 / 400))
        self.assertAlmostEqual(llr, 100 * (s1 - 0.5) * (1.3 - 0.5 - s1)
                               / (2 * 0.2025), places=9)
        self.assertAlmostEqual(llr, 1.0146, places=3)
        self.assertAlmostEqual(lower, math.log(0.05 / 0.95), places=12)
        self.assertAlmostEqual(upper, -lower, places=12)
        # Evidence for the lower Elo gives a negative ratio.
        self.assertLess(S.sprt(30, 60, 10, 0, 10)[0], 0)
        self.assertIsNone(S.sprt(5, 0, 0, 0, 10)[0])
        self.assertIsNone(S.sprt(0, 0, 0, 0, 10)[0])

    def test_winner_and_summary(self):
        self.assertEqual(S.winner("B+R", "B"), "engine")
        self.assertEqual(S.winner("W+3.5", "B"), "opponent")
        self.assertEqual(S.winner("B+F", "W"), "opponent")
        self.assertEqual(S.winner("0", "W"), "draw")
        self.assertIsNone(S.winner("?", "B"))

        def game(w, spm=(0.0, 0.0), moves=(0, 0)):
            return {"winner": w, "build_label": "abc (12345678)",
                    "date": "2026-01-02", "errors": "",
                    "seconds": {"engine": spm[0] * moves[0],
                                "opponent": spm[1] * moves[1]},
                    "genmoves": {"engine": moves[0], "opponent": moves[1]}}

        games = [game("engine", (0.5, 1.0), (10, 30)), game("engine"),
                 game("engine"), game("draw"), game("opponent"), game(None)]
        s = S.summarize(games)
        self.assertEqual((s["games"], s["wins"], s["losses"], s["draws"],
                          s["void"], s["decided"]), (6, 3, 1, 1, 1, 5))
        self.assertAlmostEqual(s["score"], 3.5 / 5)
        self.assertEqual(s["ci"], S.wilson(0.7, 5))
        self.assertAlmostEqual(s["elo_ci"][0], S.elo(s["ci"][0]))
        self.assertAlmostEqual(s["spm_engine"], 0.5)
        self.assertAlmostEqual(s["spm_opponent"], 1.0)


class Lab(unittest.TestCase):
    """Runs scripts/strength itself on stub programs."""

    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="strength-test-"))
        self.addCleanup(shutil.rmtree, self.tmp, ignore_errors=True)
        self.stub = self.write_stub("stub-a")
        self.out = self.tmp / "out"
        self.seeds = self.tmp / "seeds"
        self.env = dict(os.environ, GNUGO=str(self.stub),
                        STUB_SEEDS=str(self.seeds), PYTHONPATH=str(SCRIPTS))
        self.env.pop("PACHI_DIR", None)

    def write_stub(self, build, folder=None, name=None):
        path = (folder or self.tmp) / (name or build)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(STUB.replace("BUILD", build))
        path.chmod(0o755)
        return path

    def run_lab(self, *args, hane=None, status=0):
        p = subprocess.run(
            [sys.executable, str(STRENGTH), *args, "--hane",
             str(hane or self.stub), "--out", str(self.out)],
            env=self.env, capture_output=True, text=True, timeout=120)
        if status is not None:
            self.assertEqual(p.returncode, status, p.stdout + p.stderr)
        return p.stdout + p.stderr

    def games(self, name="9x9-gnugo"):
        mdir = self.out / name
        return S.load_games(mdir, S.read_ledger(mdir))

    def logged_seeds(self):
        return [int(x) for x in self.seeds.read_text().split()]

    def test_resume_extends_with_fresh_seeds(self):
        base = S.DEFAULT_SEED_BASE
        self.run_lab("9x9-gnugo", "--games", "3")
        out = self.run_lab("9x9-gnugo", "--games", "5", status=2)
        self.assertIn("already holds 3 game(s)", out)
        out = self.run_lab("9x9-gnugo", "--resume", "--games", "7")
        self.assertIn("games 3..6", out)
        out = self.run_lab("9x9-gnugo", "--resume", "--games", "7")
        self.assertIn("nothing to play", out)

        games = self.games()
        self.assertEqual([g["game"] for g in games], list(range(7)))
        self.assertEqual(self.logged_seeds(), [base + g for g in range(7)])
        self.assertEqual([g["seed"] for g in games], self.logged_seeds())
        self.assertEqual([g["engine_color"] for g in games], list("BWBWBWB"))
        self.assertEqual([g["winner"] for g in games],
                         [expected(g) for g in range(7)])
        for g in games:
            self.assertTrue((self.out / "9x9-gnugo" / g["sgf"]).is_file())
        self.assertEqual(len(list((self.out / "9x9-gnugo").glob(
            "batch-*/game-*.sgf"))), 7)

        s = S.summarize(games)
        want = [expected(g) for g in range(7)]
        self.assertEqual((s["wins"], s["losses"], s["draws"], s["void"]),
                         (want.count("engine"), want.count("opponent"),
                          want.count("draw"), 0))
        self.assertEqual(s["wins"] + s["losses"] + s["draws"], 7)
        table_line = "9x9-gnugo  7      %d/%d/%d" % (
            s["wins"], s["losses"], s["draws"])
        self.assertIn(table_line, out)

        # A batch that reserved games and died before playing them: its
        # game numbers (and seeds) are never used again.
        S.append_ledger(self.out / "9x9-gnugo", {
            "event": "batch", "batch": 3, "dir": "batch-003",
            "first_game": 7, "games": 5, "seed_base": base, "size": 9,
            "komi": 7.0, "opponent_args": S.BY_NAME["9x9-gnugo"].opponent_args,
            "engine_args": "", "build": None, "started": "2026-01-01"})
        out = self.run_lab("9x9-gnugo", "--resume", "--games", "9")
        self.assertIn("games 12..13", out)
        self.assertEqual(self.logged_seeds(),
                         [base + g for g in list(range(7)) + [12, 13]])
        seeds = self.logged_seeds()
        self.assertEqual(len(seeds), len(set(seeds)))

    def test_first_game_pairs_a_new_folder_with_another(self):
        base = S.DEFAULT_SEED_BASE
        out = self.run_lab("9x9-gnugo", "--games", "3", "--first-game", "4")
        self.assertIn("games 4..6", out)
        games = self.games()
        self.assertEqual([g["game"] for g in games], [4, 5, 6])
        self.assertEqual(self.logged_seeds(), [base + g for g in (4, 5, 6)])
        # Colours and results follow the game number, as in a folder that
        # started at 0.
        self.assertEqual([g["engine_color"] for g in games], list("BWB"))
        self.assertEqual([g["winner"] for g in games],
                         [expected(g) for g in (4, 5, 6)])
        out = self.run_lab("9x9-gnugo", "--resume", "--games", "5")
        self.assertIn("games 7..8", out)
        out = self.run_lab("9x9-gnugo", "--resume", "--games", "6",
                           "--first-game", "0", status=2)
        self.assertIn("--first-game starts a new folder only", out)
        out = self.run_lab("9x9-gnugo", "--first-game", "-1", status=2)
        self.assertIn("--first-game must be >= 0", out)

    def test_jobs_play_batches_side_by_side(self):
        self.assertEqual(S.split_batches(10, 5, 2), [(10, 3), (13, 2)])
        self.assertEqual(S.split_batches(0, 1, 3), [(0, 1)])
        base = S.DEFAULT_SEED_BASE
        out = self.run_lab("9x9-gnugo", "--games", "5", "--jobs", "2")
        self.assertIn("batch 1, games 0..2", out)
        self.assertIn("batch 2, games 3..4", out)
        out = self.run_lab("9x9-gnugo", "--resume", "--games", "8",
                           "--jobs", "3")
        self.assertIn("batch 5, games 7..7", out)
        games = self.games()
        self.assertEqual(sorted(g["game"] for g in games), list(range(8)))
        self.assertEqual(sorted(self.logged_seeds()),
                         [base + g for g in range(8)])
        self.assertEqual(sorted(g["winner"] for g in games),
                         sorted(expected(g) for g in range(8)))
        ledger = S.read_ledger(self.out / "9x9-gnugo")
        ends = [r for r in ledger if r["event"] == "end"]
        self.assertEqual(sorted(r["batch"] for r in ends), [1, 2, 3, 4, 5])
        self.assertTrue(all(r["status"] == 0 for r in ends))
        self.run_lab("9x9-gnugo", "--jobs", "0", status=2)

    def test_match_can_keep_the_engine_on_one_colour(self):
        stub = str(self.stub)
        for colour, want in (("white", "WWW"), ("black", "BBB"),
                             ("alternate", "BWB")):
            out = self.tmp / ("one-colour-" + colour)
            p = subprocess.run(
                [sys.executable, str(SCRIPTS / "match.py"), "--engine", stub,
                 "--opponent", stub, "--referee", stub, "--games", "3",
                 "--seed-base", "1", "--engine-color", colour,
                 "--sgf-dir", str(out), "--quiet"],
                env=self.env, capture_output=True, text=True, timeout=120)
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            rows = [r.split("\t") for r in
                    (out / "summary.tsv").read_text().splitlines()[1:]]
            self.assertEqual("".join(r[1] for r in rows), want)
            # The third game's engine (seed 3) resigns: the other colour
            # wins it.
            self.assertEqual(rows[2][4], "W+R" if want[2] == "B" else "B+R")

    def test_match_starts_from_a_given_opening(self):
        stub = str(self.stub)
        out = self.tmp / "opening"
        p = subprocess.run(
            [sys.executable, str(SCRIPTS / "match.py"), "--engine", stub,
             "--opponent", stub, "--referee", stub, "--games", "2",
             "--seed-base", "1", "--engine-color", "white",
             "--opening", "e5 c3", "--sgf-dir", str(out), "--quiet"],
            env=self.env, capture_output=True, text=True, timeout=120)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        for game in ("game-000.sgf", "game-001.sgf"):
            sgf = (out / game).read_text()
            self.assertIn(";B[ee];W[cg];B[]", sgf)
        log = (out / "gtp.log").read_text()
        # Every program (engine, opponent, referee, checker) got both moves
        # before Black's first genmove.
        self.assertEqual(log.count("play B E5"), 2 * 4, log)
        first_genmove = log.index("> genmove")
        self.assertLess(log.index("> play W C3"), first_genmove)
        self.assertEqual(log[first_genmove:first_genmove + 11], "> genmove b")
        summary = json.loads((out / "summary.json").read_text())
        self.assertEqual(summary["opening"], ["E5", "C3"])
        bad = subprocess.run(
            [sys.executable, str(SCRIPTS / "match.py"), "--engine", stub,
             "--opponent", stub, "--opening", "E5 Z9", "--sgf-dir",
             str(self.tmp / "bad-opening"), "--quiet"],
            env=self.env, capture_output=True, text=True, timeout=120)
        self.assertEqual(bad.returncode, 2)
        self.assertIn("--opening", bad.stderr)

    def test_match_plays_each_opening_of_a_file_with_both_colours(self):
        stub = str(self.stub)
        book = self.tmp / "openings.txt"
        book.write_text("# two lines\n\ne5 c3\n  D4   # a comment\n")
        out = self.tmp / "openings"
        p = subprocess.run(
            [sys.executable, str(SCRIPTS / "match.py"), "--engine", stub,
             "--opponent", stub, "--referee", stub, "--games", "5",
             "--first-game", "1", "--seed-base", "1",
             "--openings", str(book), "--sgf-dir", str(out), "--quiet"],
            env=self.env, capture_output=True, text=True, timeout=120)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        # Games 0 and 1 start with the first line, 2 and 3 with the
        # second, 4 and 5 with the first again; after one move White
        # moves first.
        first = {1: ";B[ee];W[cg];B[", 2: ";B[df];W[", 3: ";B[df];W[",
                 4: ";B[ee];W[cg];B[", 5: ";B[ee];W[cg];B["}
        for g, start in first.items():
            sgf = (out / ("game-%03d.sgf" % g)).read_text()
            self.assertIn(start, sgf, g)
        rows = [r.split("\t") for r in
                (out / "summary.tsv").read_text().splitlines()[1:]]
        self.assertEqual("".join(r[1] for r in rows), "WBWBW")
        summary = json.loads((out / "summary.json").read_text())
        self.assertEqual(summary["openings"], str(book))
        for text, words in (("E5\nD4 Z9\n", "line 2"), ("# none\n", "no "),
                            (None, "--openings")):
            if text is not None:
                book.write_text(text)
            bad = subprocess.run(
                [sys.executable, str(SCRIPTS / "match.py"), "--engine", stub,
                 "--opponent", stub, "--openings",
                 str(book if text is not None else self.tmp / "missing"),
                 "--sgf-dir", str(self.tmp / "bad-openings"), "--quiet"],
                env=self.env, capture_output=True, text=True, timeout=120)
            self.assertEqual(bad.returncode, 2, text)
            self.assertIn(words, bad.stderr, text)

    def test_builds_are_not_mixed(self):
        self.run_lab("9x9-gnugo", "--games", "3")
        other = self.write_stub("stub-b")
        out = self.run_lab("9x9-gnugo", "--resume", "--games", "2",
                           hane=other)
        self.assertIn("3 game(s) by other builds or --hane-args are kept",
                      out)
        self.assertIn("games 3..4", out)
        self.assertIn("9x9-gnugo  2 ", out)
        self.assertIn("3 game(s) by other builds or --hane-args not shown",
                      out)
        out = self.run_lab("9x9-gnugo", "--report", "--all-builds",
                           hane=other)
        self.assertIn("9x9-gnugo  5 ", out)
        self.assertIn("MIXED: 2 builds", out)
        self.assertIn("played by different builds", out)
        # Extra hane arguments make another variant too.
        out = self.run_lab("9x9-gnugo", "--report", "--hane-args",
                           "--tune x=1", hane=other)
        self.assertIn("9x9-gnugo  0 ", out)
        self.assertIn("5 game(s) by other builds", out)
        ledger = S.read_ledger(self.out / "9x9-gnugo")
        shas = {r["build"]["sha256"] for r in ledger
                if r.get("event") == "batch"}
        self.assertEqual(len(shas), 2)

    def test_missing_pachi_is_skipped(self):
        out = self.run_lab("9x9-pachi-playouts", "--games", "2")
        self.assertIn("no --pachi DIR and no PACHI_DIR", out)
        self.assertIn("skipping 9x9-pachi-playouts", out)
        self.assertIn("make DCNN=0 JOSEKIFIX=0", out)
        self.assertIn("pachi-12.90", out)
        self.assertFalse((self.out / "9x9-pachi-playouts").exists())

        empty = self.tmp / "pachi-without-patterns"
        self.write_stub("pachi", folder=empty, name="pachi")
        out = self.run_lab("9x9-pachi-playouts", "--pachi", str(empty))
        self.assertIn("no patterns_mm.* files", out)
        self.assertIn("skipping 9x9-pachi-playouts", out)

        # Every match: the GNU Go ones still run (dry run here).
        out = self.run_lab("--dry-run")
        self.assertIn("skipping 9x9-pachi-playouts, 9x9-pachi-time, "
                      "9x9-pachi-movetime, 19x19-pachi", out)
        self.assertIn("== 9x9-gnugo: batch 1", out)
        self.assertIn("== 19x19-gnugo: batch 1", out)
        self.assertFalse(self.out.exists())

    def stub_pachi(self):
        """A stand-in Pachi in a folder of its own, named by PACHI_DIR."""
        folder = self.tmp / "pachi-build"
        self.write_stub("pachi", folder=folder, name="pachi")
        (folder / "patterns_mm.spat").write_text("")
        self.env["PACHI_DIR"] = str(folder)

    def test_pachi_runs_from_its_folder(self):
        self.stub_pachi()
        self.run_lab("9x9-pachi-playouts", "--games", "2")
        games = self.games("9x9-pachi-playouts")
        self.assertEqual(len(games), 2)
        self.assertEqual([g["winner"] for g in games],
                         [expected(0), expected(1)])
        ledger = S.read_ledger(self.out / "9x9-pachi-playouts")
        self.assertIn("exec ./pachi -t =2000 threads=1", ledger[0]["opponent"])

    def test_a_screen_runs_only_when_named(self):
        self.stub_pachi()
        out = self.run_lab("--dry-run")
        self.assertNotIn("19x19-pachi-screen", out)
        out = self.run_lab("19x19-pachi-screen", "--dry-run")
        self.assertIn("== 19x19-pachi-screen: batch 1", out)
        self.assertIn("--playouts 2500", out)
        self.assertIn("-t =2500 threads=1", out)
        self.assertIn("--size 19", out)

    def test_readme_rows_between_markers(self):
        self.run_lab("9x9-gnugo", "--games", "4")
        readme = self.tmp / "README.md"
        old_19 = "| `19x19-gnugo`: old | 30 | 11 / 19 / 0 | 37% | | | x | y |"
        before = "# hane\n\n## Strength and speed\n\nText before.\n\n"
        after = "\nText after.\n\n## Code map\n"
        readme.write_text(before + S.BEGIN + "\n| match | x |\n|---|---|\n"
                          "| `9x9-gnugo`: old row | 1 |\n" + old_19 + "\n"
                          "| `custom-row`: kept | 2 |\n" + S.END + after)
        out = self.run_lab("9x9-gnugo", "--report", "--update-readme",
                           "--readme", str(readme))
        self.assertIn("rewrote the rows of 9x9-gnugo", out)
        text = readme.read_text()
        self.assertTrue(text.startswith(before + S.BEGIN + "\n"))
        self.assertTrue(text.endswith(S.END + after))
        inside = text[len(before + S.BEGIN):-len(S.END + after)]
        rows = [r for r in inside.splitlines() if r.startswith("| `")]
        self.assertEqual([S.row_name(r) for r in rows],
                         [s.name for s in S.MATCHES] + ["custom-row"])
        self.assertNotIn("old row", inside)
        self.assertIn(old_19, rows)
        self.assertIn("not measured yet", rows[0])
        s = S.summarize(self.games())
        new = rows[[s.name for s in S.MATCHES].index("9x9-gnugo")]
        self.assertIn("| 4 | %d / %d / %d |" % (s["wins"], s["losses"],
                                                 s["draws"]), new)
        self.assertIn("`scripts/strength 9x9-gnugo --games 4`", new)
        self.assertIn(S.README_HEAD[0], inside)
        # Rewriting again changes nothing.
        self.run_lab("9x9-gnugo", "--report", "--update-readme",
                     "--readme", str(readme))
        self.assertEqual(readme.read_text(), text)

        with self.assertRaises(S.LabError):
            S.rewrite_readme("no markers here\n", {})
        with self.assertRaises(S.LabError):
            S.rewrite_readme(S.END + "\n" + S.BEGIN + "\n", {})

    def test_sprt_and_dry_run(self):
        self.run_lab("9x9-gnugo", "--games", "6")
        out = self.run_lab("9x9-gnugo", "--report", "--sprt", "0,30")
        self.assertIn("SPRT 9x9-gnugo: H0 Elo 0, H1 Elo 30: LLR ", out)
        self.assertIn("bounds -2.94 .. 2.94", out)
        out = self.run_lab("9x9-gnugo", "--resume", "--games", "10",
                           "--dry-run")
        self.assertIn("games 6..9", out)
        self.assertIn("--first-game 6 --seed-base %d"
                      % S.DEFAULT_SEED_BASE, out)
        self.assertEqual(len(self.games()), 6)
        with open(self.out / "9x9-gnugo" / "ledger.jsonl") as f:
            self.assertEqual(len([json.loads(x) for x in f]), 2)


class PachiPlayouts(unittest.TestCase):
    """scripts/pachi-playouts on a log in Pachi's words: a fresh search of
    2,400 root playouts (500 outside the tree), then one that kept 600 and
    ended at 2,600 (2,000 new, 500 outside)."""

    LOG = """mcowner 0.03s
(avg score W+1.0/2900 dev 39.2)
*** WINNER is E5 with score 53.6% (900/2400 games), extra komi 0.3
<pre-simulated 600 games>
mcowner 0.03s
(avg score W+0.1/2500 dev 36.1)
*** WINNER is C3 with score 55.9% (1970/2600 games), extra komi 0.0
"""

    def test_counts_new_kept_and_outside_playouts(self):
        with tempfile.TemporaryDirectory() as d:
            batch = Path(d) / "batch-001"
            batch.mkdir()
            (batch / "opponent.stderr").write_text(self.LOG)
            out = subprocess.run(
                [sys.executable, str(SCRIPTS / "pachi-playouts"), d],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        self.assertIn("moves 2", out)
        self.assertIn("root playouts 2500, kept from the last move 300", out)
        self.assertIn("new tree playouts 2200, outside the tree 500", out)

    def test_no_log_is_an_error(self):
        with tempfile.TemporaryDirectory() as d:
            r = subprocess.run(
                [sys.executable, str(SCRIPTS / "pachi-playouts"), d],
                capture_output=True,
                text=True,
            )
        self.assertEqual(r.returncode, 1)


# A judge in Pachi's words: it counts the `play` lines and gives the side to
# move 50% after an even number of moves, 60% after an odd one; as an
# engine (--resign) it resigns, else it plays E5.
FAKE_JUDGE = r"""#!/usr/bin/env python3
import sys
plays = 0
for line in sys.stdin:
    cmd = line.split()
    if not cmd:
        continue
    if cmd[0] == "play":
        plays += 1
    if cmd[0] == "genmove":
        sys.stderr.write("[100] best %d%% xkomi 0.0\n" % (50 + 10 * (plays % 2)))
        print("= resign" if "--resign" in sys.argv else "= E5")
    elif cmd[0] == "quit":
        print("=\n")
        break
    else:
        print("=")
    print()
    sys.stdout.flush()
"""


class DecisionQuality(unittest.TestCase):
    """scripts/decision-quality with a fake judge whose values make every
    move lose exactly 0.1, and an engine that resigns (losing everything)."""

    def run_dq(self, *args):
        return subprocess.run([sys.executable, str(SCRIPTS / "decision-quality"), *args],
                              capture_output=True, text=True, check=True).stdout

    def test_losses_are_judged_before_and_after_the_move(self):
        with tempfile.TemporaryDirectory() as d:
            d = Path(d)
            pachi = d / "pachi"
            pachi.mkdir()
            (pachi / "pachi").write_text(FAKE_JUDGE)
            (pachi / "pachi").chmod(0o755)
            batch = d / "batch-001"
            batch.mkdir()
            moves = "".join(";%s[%s]" % ("BW"[i % 2], p) for i, p in enumerate(
                ["ee", "cc", "gg", "cg", "gc", "ec", "ce", "eg", "ge", "dd", "ff", "df",
                 "fd", "bb", "hh", "bh", "hb", "aa", "ii", "ai"]))
            (batch / "game-000.sgf").write_text("(;GM[1]SZ[9]KM[7]" + moves + ")")
            pos = d / "dq" / "positions.json"
            out = self.run_dq("positions", str(batch), "--out", str(pos), "--pachi", str(pachi),
                              "--min-ply", "2", "--max-ply", "14", "--per-game", "3")
            self.assertIn("3 positions drawn, 3 still open", out)
            data = json.loads(pos.read_text())
            # hane is Black in game 0: every position has Black to move.
            self.assertTrue(all(len(p["moves"]) % 2 == 0 for p in data["positions"]))
            self.assertTrue(all(p["value"] == 0.5 for p in data["positions"]))
            engine = "%s %s -s SEED" % (sys.executable, pachi / "pachi")
            out = self.run_dq("run", str(pos), "--name", "plays", "--engine", engine,
                              "--pachi", str(pachi), "--seeds", "2")
            self.assertIn("plays: 6 moves, mean loss 0.1000", out)
            out = self.run_dq("run", str(pos), "--name", "resigns", "--engine",
                              engine + " --resign", "--pachi", str(pachi))
            self.assertIn("resigns: 6 moves, mean loss 0.5000", out)
            out = self.run_dq("compare", str(pos.parent / "resigns.json"),
                              str(pos.parent / "plays.json"))
            self.assertIn("3 positions", out)
            self.assertIn("plays loses 0.4000 less", out)
            self.assertIn("better in 3, worse in 0", out)


if __name__ == "__main__":
    unittest.main()
