#!/usr/bin/env python3
"""Loads every SGF file under the given directories with `loadsgf` and
reports how many load, with the reason for every refusal.

Usage:
  scripts/sgf-corpus.py DIR_OR_FILE ...
      loadsgf FILE for every *.sgf (any case) found; prints each refusal,
      the refusals grouped by answer, and `loaded N/TOTAL`.
  scripts/sgf-corpus.py --compare "gnugo --mode gtp" --sample 200 DIR ...
      also loads a sample of the files that hane loads into both engines
      with `loadsgf FILE N` (N drawn at random from 1 to one past the last
      move) and compares the colour to move and `list_stones` for both
      colours; prints every difference (+ stones only hane has, - stones
      only the other engine has) and `same N/SAMPLE`.

Options:
  --engine CMD   the engine under test (default: target/release/hane)
  --rules R      `kgs-rules` sent to hane first (default: none; hane's own)
  --seed S       seed of the sample and of the move numbers (default 1)
  --timeout SEC  per command (default 20)

Each file is given to the engines through a symbolic link with a plain
name, since GTP arguments cannot contain spaces. Python 3 standard
library only. Exits 1 if hane crashes or times out; the other engine is
restarted (GNU Go exits on some files it cannot read).
"""

import argparse
import os
import queue
import random
import re
import shlex
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path


class EngineError(Exception):
    pass


class Gtp:
    """One GTP engine on pipes; `ask` sends a command and returns
    (ok, text)."""

    def __init__(self, cmd, timeout):
        self.cmd = cmd
        self.timeout = timeout
        self.proc = subprocess.Popen(
            shlex.split(cmd),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            errors="replace",
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def ask(self, command):
        try:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        except OSError as e:
            raise EngineError(f"{self.cmd}: cannot write: {e}")
        answer = []
        while True:
            try:
                line = self.lines.get(timeout=self.timeout)
            except queue.Empty:
                raise EngineError(f"{self.cmd}: no answer to {command!r}")
            if line is None:
                raise EngineError(f"{self.cmd}: exited during {command!r}")
            line = line.rstrip("\r\n")
            if not answer and not line:
                continue
            if not line:
                break
            answer.append(line)
        text = "\n".join(answer)
        if not text or text[0] not in "=?":
            raise EngineError(f"{self.cmd}: bad answer {text!r} to {command!r}")
        return text[0] == "=", text[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except EngineError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def sgf_files(paths):
    found = []
    for p in map(Path, paths):
        if p.is_dir():
            found.extend(
                f for f in p.rglob("*") if f.is_file() and f.suffix.lower() == ".sgf"
            )
        elif p.is_file():
            found.append(p)
        else:
            sys.exit(f"sgf-corpus: no such file or directory: {p}")
    return sorted(set(found))


def reason_group(text):
    """A refusal without its specifics (numbers, property values), to
    count alike refusals together."""
    t = re.sub(r"\[[^\]]*\]", "[..]", text)
    return re.sub(r"\d+", "N", t)


def stones(engine, color):
    ok, text = engine.ask(f"list_stones {color}")
    return sorted(text.upper().split()) if ok else ["?" + text]


def position(engine, path, n):
    """The answer to `loadsgf PATH N`, then both colours' stones."""
    ok, color = engine.ask(f"loadsgf {path} {n}")
    return (color.lower() if ok else "?" + color,
            stones(engine, "black"), stones(engine, "white"))


def move_count(path):
    """About the number of moves in a file (for drawing move numbers)."""
    text = path.read_bytes().decode("latin-1")
    return len(re.findall(r"(?<![A-Za-z])[BW]\[", text))


def diff(ours, theirs):
    """Stones only hane has (+) and only the other engine has (-)."""
    plus = sorted(set(ours) - set(theirs))
    minus = sorted(set(theirs) - set(ours))
    return " ".join(["+" + v for v in plus] + ["-" + v for v in minus]) or "same"


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--engine", default="target/release/hane")
    ap.add_argument("--rules")
    ap.add_argument("--compare")
    ap.add_argument("--sample", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=20)
    args = ap.parse_args()

    files = sgf_files(args.paths)
    if not files:
        sys.exit("sgf-corpus: no .sgf files found")
    if len(files) > 1:
        common = os.path.commonpath([str(f.resolve()) for f in files])
    else:
        common = str(files[0].parent.resolve())

    def name(f):
        return os.path.relpath(f.resolve(), common)

    hane = Gtp(args.engine, args.timeout)
    if args.rules:
        ok, text = hane.ask(f"kgs-rules {args.rules}")
        if not ok:
            sys.exit(f"sgf-corpus: kgs-rules {args.rules}: {text}")
    loaded, refused = [], []
    with tempfile.TemporaryDirectory(prefix="sgf-corpus-") as tmp:
        links = {}
        for i, f in enumerate(files):
            link = Path(tmp) / f"{i:06d}.sgf"
            link.symlink_to(f.resolve())
            links[f] = link
        try:
            for f in files:
                ok, text = hane.ask(f"loadsgf {links[f]}")
                (loaded if ok else refused).append((f, text))
        except EngineError as e:
            print(f"sgf-corpus: {e}", file=sys.stderr)
            return 1
        for f, text in refused:
            print(f"REFUSED {name(f)}: {text}")
        groups = Counter(reason_group(t) for _, t in refused)
        for reason, n in groups.most_common():
            print(f"{n:6d}  {reason}")
        pct = 100.0 * len(loaded) / len(files)
        print(f"loaded {len(loaded)}/{len(files)} ({pct:.2f}%)")

        if not args.compare:
            hane.close()
            return 0
        rng = random.Random(args.seed)
        sample = rng.sample(loaded, min(args.sample, len(loaded)))
        other = Gtp(args.compare, args.timeout)
        same = 0
        try:
            for f, _ in sample:
                n = rng.randint(1, move_count(f) + 1)
                got = [position(hane, links[f], n)]
                try:
                    got.append(position(other, links[f], n))
                except EngineError as e:
                    print(f"OTHER FAILED {name(f)} {n}: {e}")
                    other.close()
                    other = Gtp(args.compare, args.timeout)
                    continue
                if got[0] == got[1]:
                    same += 1
                else:
                    (hc, hb, hw), (oc, ob, ow) = got
                    print(f"DIFFERENT {name(f)} {n}: to move {hc} / {oc}; "
                          f"black {diff(hb, ob)}; white {diff(hw, ow)}")
        except EngineError as e:
            print(f"sgf-corpus: {e}", file=sys.stderr)
            return 1
        finally:
            other.close()
            hane.close()
        print(f"same {same}/{len(sample)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
