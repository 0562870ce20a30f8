#!/usr/bin/env python3
"""Tests of scripts/clop: the scaling of constants, the quadratic logistic
fit on games drawn from a known score surface, and a short run of real
scripts/match.py games between stub GTP programs (the stub of
test_strength.py, whose results follow from its seed and colour).
Run: python3 scripts/test_clop.py
"""

import math
import os
import random
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from script_module import load_script

SCRIPTS = Path(__file__).resolve().parent


C = load_script("clop")


class Scaling(unittest.TestCase):
    def test_the_box_maps_to_minus_one_one_and_back(self):
        lin = C.parse_param("a=2:10")
        log = C.parse_param("b=100:10000:log")
        whole = C.parse_param("c=2:8:int")
        self.assertEqual(C.to_unit(lin, 2), -1.0)
        self.assertEqual(C.to_unit(lin, 10), 1.0)
        self.assertAlmostEqual(C.to_unit(log, 1000), 0.0)
        self.assertAlmostEqual(C.from_unit(log, 0.0), 1000.0)
        self.assertEqual(C.from_unit(whole, 0.1), 5.0)
        for u in (-1.0, -0.3, 0.0, 0.7, 1.0):
            self.assertAlmostEqual(C.to_unit(lin, C.from_unit(lin, u)), u)
            self.assertAlmostEqual(C.to_unit(log, C.from_unit(log, u)), u)

    def test_bad_boxes_are_refused(self):
        import argparse
        for text in ("a=5:2", "a=0:10:log", "a=1:2:cubic", "a", "a=1"):
            with self.assertRaises(argparse.ArgumentTypeError, msg=text):
                C.parse_param(text)


class Fit(unittest.TestCase):
    def test_recovers_the_maximum_of_a_known_surface(self):
        # logit = 0.2 - 1.5 (u0 - 0.4)^2 - 1.0 (u1 + 0.3)^2: maximum at
        # (0.4, -0.3); 6,000 games drawn from it.
        rng = random.Random(5)
        xs, ys = [], []
        for _ in range(6000):
            u = [rng.uniform(-1, 1), rng.uniform(-1, 1)]
            z = 0.2 - 1.5 * (u[0] - 0.4) ** 2 - 1.0 * (u[1] + 0.3) ** 2
            xs.append(u)
            ys.append(1.0 if rng.random() < C.sigmoid(z) else 0.0)
        beta, cov = C.fit(xs, ys)
        params = [C.parse_param("a=-1:1"), C.parse_param("b=-1:1")]
        best = C.grid_maximum(beta, params)
        self.assertLess(abs(best[0] - 0.4), 0.2, best)
        self.assertLess(abs(best[1] + 0.3), 0.25, best)
        z, var = C.predict(beta, cov, [0.4, -0.3])
        self.assertLess(abs(z - 0.2), 3 * math.sqrt(var) + 0.05)
        # The contrast with a point far from the maximum is clearly positive.
        zd, _ = C.predict(beta, cov, [-1.0, 1.0])
        se = math.sqrt(C.contrast(cov, [0.4, -0.3], [-1.0, 1.0]))
        self.assertGreater((z - zd) / se, 5)

    def test_draws_count_as_half(self):
        # Only draws: the fitted score is one half everywhere.
        xs = [[u / 10.0] for u in range(-10, 11)] * 3
        beta, cov = C.fit(xs, [0.5] * len(xs))
        for u in (-1.0, 0.0, 1.0):
            self.assertAlmostEqual(C.sigmoid(C.predict(beta, cov, [u])[0]), 0.5, places=4)


class Games(unittest.TestCase):
    def test_a_run_records_each_game_once_with_its_result(self):
        ts = load_script("test_strength.py")
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            stub = tmp / "stub"
            stub.write_text(ts.STUB)
            stub.chmod(0o755)
            seeds = tmp / "seeds"
            env = dict(os.environ, GNUGO=str(stub), STUB_SEEDS=str(seeds),
                       PYTHONPATH=str(SCRIPTS))
            out = tmp / "out"
            argv = [sys.executable, str(SCRIPTS / "clop"), "--param", "rave_equiv=100:1000:log",
                    "--param", "expand_visits=2:8:int", "--hane", str(stub), "--hane-args", "",
                    "--opponent", str(stub), "--size", "5", "--games", "6", "--jobs", "2",
                    "--seed-base", "30", "--out", str(out)]
            run = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300)
            self.assertEqual(run.returncode, 0, run.stderr)
            # Extending the run plays only the new game numbers.
            argv[argv.index("--games") + 1] = "8"
            run = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300)
            self.assertEqual(run.returncode, 0, run.stderr)
            params = [C.parse_param("rave_equiv=100:1000:log"), C.parse_param("expand_visits=2:8:int")]
            rows = C.read_results(out / "results.tsv", params)
            self.assertEqual(sorted(g for g, _, _ in rows), list(range(8)))
            for game, u, score in rows:
                seed = 30 + game
                want = {0: 0.0, 2: 0.5, 1: 1.0 if game % 2 == 0 else 0.0}[seed % 3]
                self.assertEqual(score, want, game)
                self.assertTrue(all(-1.0 <= v <= 1.0 for v in u))
                self.assertEqual(C.from_unit(params[1], u[1]), round(C.from_unit(params[1], u[1])))
            started = sorted(int(s) for s in seeds.read_text().split())
            self.assertEqual([s for s in started if s >= 30], list(range(30, 38)))
            self.assertIn("8 games with a result", run.stdout)


if __name__ == "__main__":
    unittest.main()
