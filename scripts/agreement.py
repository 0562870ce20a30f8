#!/usr/bin/env python3
"""How often hane's final_score equals GNU Go's, over match.py output.

Reads summary.tsv from one or more match.py output directories (each game
that ended with two passes has the referee's and hane's final_score) and
compares them, after putting GNU Go's handicap convention into hane's rules:

  GNU Go --chinese-rules gives White N points for N handicap stones (placed
  with fixed_handicap/set_free_handicap).  hane gives N-1 under AGA (rule 4)
  and none under New Zealand rules.  So for Black's margin:

      hane_expected = gnugo_margin + N - bonus(N)

Usage:
  scripts/agreement.py DIR[:aga|:nz] ...     # rules hane played under (aga)
  scripts/agreement.py --opponent-too DIR    # self-play: the opponent is
                                             # hane too; count its answer
  scripts/agreement.py --rescore "target/release/hane --seed 1" DIR ...
                                             # score every final position
                                             # again with this hane build
Prints the agreement (exact margin, and same winner) and every
disagreement with its SGF.  Python 3 standard library only.
"""

import argparse
import csv
import shlex
import subprocess
import sys
from pathlib import Path


def parse_score(text):
    """'B+3.5' -> 3.5, 'W+2' -> -2.0, '0' -> 0.0; None if not a score."""
    t = (text or "").strip().upper()
    if t in ("0", "DRAW", "JIGO"):
        return 0.0
    if len(t) > 2 and t[0] in "BW" and t[1] == "+":
        try:
            v = float(t[2:])
        except ValueError:
            return None
        return v if t[0] == "B" else -v
    return None


def bonus(rules, n):
    if n < 2:
        return 0
    return n - 1 if rules == "aga" else 0


def fmt(margin):
    if margin == 0:
        return "0"
    return "%s+%g" % ("B" if margin > 0 else "W", abs(margin))


def games(directory, rules, opponent_too):
    path = Path(directory) / "summary.tsv"
    with open(path, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["end"] != "two passes":
                continue
            referee = parse_score(row["referee_score"])
            if referee is None:
                continue
            n = int(row["handicap"] or 0)
            expected = referee + n - bonus(rules, n)
            roles = ["engine"] + (["opponent"] if opponent_too else [])
            for role in roles:
                yield {
                    "dir": directory, "game": row["game"], "role": role,
                    "sgf": str(Path(directory) / row["sgf"]),
                    "handicap": n, "rules": rules,
                    "referee": row["referee_score"], "expected": expected,
                    "hane": parse_score(row[role + "_score"]),
                    "hane_text": row[role + "_score"],
                }


def rescore(command, rows):
    """final_score of every game's last position from another hane build
    (one process per rules set): loadsgf, then final_score."""
    by_rules = {}
    for r in rows:
        by_rules.setdefault(r["rules"], []).append(r)
    for rules, group in by_rules.items():
        name = "aga" if rules == "aga" else "new_zealand"
        lines = ["kgs-rules %s" % name]
        for r in group:
            lines += ["loadsgf %s" % r["sgf"], "final_score"]
        out = subprocess.run(shlex.split(command) + ["--player", "random"],
                             input="\n".join(lines) + "\nquit\n",
                             capture_output=True, text=True, check=True).stdout
        answers = [a.strip() for a in out.split("\n\n") if a.strip()]
        # kgs-rules, then (loadsgf, final_score) per game, then quit.
        scores = answers[2:2 * len(group) + 1:2]
        if len(scores) != len(group):
            raise SystemExit("rescore: unexpected answers from %s" % command)
        for r, text in zip(group, scores):
            text = text[1:].strip() if text.startswith("=") else text
            r["hane_text"] = text
            r["hane"] = parse_score(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+", metavar="DIR[:aga|:nz]")
    ap.add_argument("--opponent-too", action="store_true",
                    help="also count the opponent's final_score (self-play)")
    ap.add_argument("--rescore", metavar="COMMAND",
                    help="score the final positions again with this hane "
                    "command instead of using the scores in summary.tsv")
    args = ap.parse_args(argv)
    rows = []
    for spec in args.dirs:
        directory, _, rules = spec.partition(":")
        rules = (rules or "aga").lower()
        if rules not in ("aga", "nz"):
            ap.error("rules must be aga or nz: %s" % spec)
        rows += list(games(directory, rules, args.opponent_too))
    if not rows:
        print("no scored games")
        return 1
    if args.rescore:
        # One final position per game, whoever played it.
        rows = [r for r in rows if r["role"] == "engine"]
        rescore(args.rescore, rows)
    same = [r for r in rows if r["hane"] == r["expected"]]
    winner = [r for r in rows if r["hane"] is not None
              and (r["hane"] > 0) == (r["expected"] > 0)
              and (r["hane"] < 0) == (r["expected"] < 0)]
    n = len(rows)
    print("scored games: %d" % n)
    print("final_score equal to GNU Go's (handicap convention applied): "
          "%d of %d (%.1f%%)" % (len(same), n, 100.0 * len(same) / n))
    print("same winner: %d of %d (%.1f%%)" % (len(winner), n,
                                              100.0 * len(winner) / n))
    for r in rows:
        if r["hane"] != r["expected"]:
            print("  differs: %s game %s (%s, handicap %d, %s): GNU Go %s "
                  "-> expected %s, hane %s" % (
                      r["sgf"], r["game"], r["role"], r["handicap"],
                      r["rules"], r["referee"], fmt(r["expected"]),
                      r["hane_text"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
