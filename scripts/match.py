#!/usr/bin/env python3
"""Match runner: the engine under test (default: hane) against any GTP engine.

Plays like gogui-twogtp (the same start-up and game sequence) but also:
  * a referee (GNU Go by default) scores finished games and, with a separate
    checker process (hane's own rules core, `--player random`), receives every
    move as `play`; a `?` from anyone marks the move as illegal;
  * every command has a timeout, so a hung engine cannot block the run;
  * optional time control (`--time-settings "M B S"`, Canadian byo-yomi) is
    enforced on measured wall time, with `time_left` sent before each genmove;
  * an SGF per game, summary.tsv, engine stderr logs and a GTP traffic log go
    to --sgf-dir;
  * optional handicap (`--handicap N`): Black gets `fixed_handicap N`, every
    other program the same points through `set_free_handicap` (or `play B`
    moves when it lacks that command); White moves first;
  * an optional fixed opening (`--opening "E5 E3"`): moves every program
    gets before the first genmove, kept as the record's first moves, to
    study one line of play; or a file of them (`--openings FILE`, one a
    line), each played twice, once with each colour, in turn;
  * an opponent that crashes is started again and given the game so far
    (`--opponent-restarts`, twice a game by default), so its crashes do not
    take games out of the score; the engine under test never is;
  * the peak resident memory (VmHWM from /proc/PID/status) of the engine and
    the opponent, read at the end of every game; summary.json holds the
    summary in machine-readable form;
  * a summary with a 95% Wilson interval; exit status 1 when the engine under
    test made an illegal move, crashed, timed out, overran its time or gave a
    bad answer (--strict, the default), or when a game that ended with two
    passes could not be scored.  Exit status 2: usage or set-up error.

Python 3 standard library only.
"""

import argparse
import atexit
import datetime
import os
import shlex
import shutil
import signal
import sys
import time
from pathlib import Path

from game_clock import Clock
from gtp_client import (GtpDead, GtpError, GtpTimeout, Program, kill_all,
                        peak_rss_kb, refusal)
from match_format import (fmt_num, parse_score, parse_vertex, sgf_escape,
                          sgf_point)
from match_summary import report

REPO_ROOT = Path(__file__).resolve().parent.parent
OTHER = {"B": "W", "W": "B"}
COLOR_NAME = {"B": "Black", "W": "White"}


def resolve_argv(cmd):
    argv = shlex.split(cmd)
    if not argv:
        raise SystemExit("empty command")
    exe = argv[0]
    if "/" in exe and not os.path.isabs(exe) and not os.path.exists(exe):
        alt = REPO_ROOT / exe
        if alt.exists():
            argv[0] = str(alt)
    return argv


# --------------------------------------------------------------------------
# Match
# --------------------------------------------------------------------------

class Match:
    def __init__(self, args):
        self.args = args
        self.out = Path(args.sgf_dir)
        self.out.mkdir(parents=True, exist_ok=True)
        self.gtp_log = None
        if not args.no_gtp_log:
            self.gtp_log = open(self.out / "gtp.log", "w", buffering=1)
        t = args.timeout
        self.engine = Program("engine", resolve_argv(args.engine), self.out,
                              self.gtp_log, t)
        self.opponent = Program("opponent", resolve_argv(args.opponent),
                                self.out, self.gtp_log, t)
        self.referee = None
        if args.referee.lower() != "none":
            self.referee = Program("referee", resolve_argv(args.referee),
                                   self.out, self.gtp_log, t)
        self.checker = None
        if args.checker.lower() != "none":
            self.checker = Program("checker", resolve_argv(args.checker),
                                   self.out, self.gtp_log, t)
        self.time_settings = args.time_tuple
        self.games = []
        self.labels_done = False
        self.tsv = open(self.out / "summary.tsv", "w", buffering=1)
        self.tsv.write("\t".join([
            "game", "engine_color", "black", "white", "result", "winner",
            "moves", "end", "game_s", "engine_s_per_move",
            "opponent_s_per_move", "referee_score", "engine_score",
            "opponent_score", "errors", "sgf", "handicap",
            "engine_peak_rss_kb", "opponent_peak_rss_kb",
            "engine_genmoves", "opponent_genmoves"]) + "\n")

    def say(self, msg):
        if not self.args.quiet:
            print(msg, flush=True)

    def players(self):
        return [self.engine, self.opponent]

    def others(self):
        return [p for p in (self.referee, self.checker) if p]

    def engine_argv(self, game):
        argv = resolve_argv(self.args.engine)
        if self.args.seed_base is not None:
            argv += ["--seed", str(self.args.seed_base + game)]
        return argv

    def set_labels(self):
        if self.labels_done:
            return
        self.labels_done = True
        e, o = self.engine, self.opponent
        e.label, o.label = e.name, o.name
        if e.label == o.label:
            e.label = "%s:%s" % (e.name, e.version)
            o.label = "%s:%s" % (o.name, o.version)
            if e.label == o.label:
                e.label += "(A)"
                o.label += "(B)"

    # -- one game ---------------------------------------------------------

    def play_game(self, g):
        a = self.args
        size = a.size
        engine_color = {"black": "B", "white": "W"}.get(
            a.engine_color, "B" if g % 2 == 0 else "W")
        by_color = {engine_color: self.engine,
                    OTHER[engine_color]: self.opponent}
        rec = {
            "game": g, "engine_color": engine_color, "result": "?",
            "winner": None, "moves": [], "end": "", "errors": [],
            "notes": [], "scores": {}, "times": {"engine": [],
                                                 "opponent": []},
            "unscored": False, "sgf": "game-%03d.sgf" % g,
            "handicap": [], "rss_kb": {},
        }

        def error(kind, prog, text):
            rec["errors"].append({"kind": kind, "role": prog.role,
                                  "label": prog.label, "text": text,
                                  "move": len(rec["moves"]) + 1})
            self.say("  ERROR %s by %s (%s): %s" % (kind, prog.label,
                                                    prog.role, text))

        def setup_failed(prog, e, what):
            """A referee or checker failing at set-up stops the run; a
            player failing abandons this game as a set-up error."""
            if prog.role in ("referee", "checker"):
                raise SystemExit("%s (%s) failed at %s: %s" % (
                    prog.role, shlex.join(prog.argv), what, e))
            error(e.kind if isinstance(e, (GtpDead, GtpTimeout))
                  else "bad_answer", prog, "%s: %s" % (what, e))
            rec["end"] = "setup error"
            return self.finish(rec, t_game, by_color)

        restarts = 0

        def recover(prog, e):
            """Starts a crashed opponent again and gives it the game so
            far, up to --opponent-restarts times a game; True when it is
            back. The engine under test is never restarted."""
            nonlocal restarts
            if (prog is not self.opponent or not isinstance(e, GtpDead)
                    or restarts >= a.opponent_restarts):
                return False
            restarts += 1
            try:
                self.revive(rec)
            except GtpError as e2:
                error(e2.kind, prog, "restart: %s" % e2)
                return False
            note = ("%s restarted before move %d and given the %d moves "
                    "played" % (prog.label, len(rec["moves"]) + 1,
                                len(rec["moves"])))
            rec["notes"].append(note)
            self.say("  " + note)
            return True

        t_game = time.monotonic()
        # Start / reset every program.
        for prog, argv in ((self.engine, self.engine_argv(g)),
                           (self.opponent, None),
                           *((p, None) for p in self.others())):
            try:
                self.reset(prog, argv, rec)
            except GtpError as e:
                return setup_failed(prog, e, "set-up")
        self.set_labels()
        if a.handicap:
            try:
                rec["handicap"] = self.place_handicap(by_color)
            except GtpError as e:
                return setup_failed(getattr(e, "prog", by_color["B"]), e,
                                    "handicap")
            self.say("  handicap %d: %s" % (len(rec["handicap"]),
                                          " ".join(rec["handicap"])))

        opening = self.opening_for(g)
        if opening:
            try:
                self.play_opening(rec, opening)
            except GtpError as e:
                return setup_failed(e.prog, e, "opening")

        clocks = None
        if self.time_settings:
            m, b, s = self.time_settings
            clocks = {c: Clock(m, b, s, a.time_grace) for c in "BW"}

        self.say("game %d: %s (B) vs %s (W), %dx%d komi %s" % (
            g, by_color["B"].label, by_color["W"].label, size, size,
            fmt_num(a.komi)))
        # White moves first after a handicap or an opening of odd length.
        to_move = "W" if rec["handicap"] or len(rec["moves"]) % 2 else "B"
        passes = 0
        while True:
            if len(rec["moves"]) >= a.maxmoves:
                rec["end"] = "move limit"
                rec["notes"].append("move limit %d reached" % a.maxmoves)
                self.say("  move limit %d reached" % a.maxmoves)
                break
            mover = by_color[to_move]
            try:
                if clocks:
                    tl, st = clocks[to_move].time_left_args()
                    ok, text = mover.cmd("time_left %s %d %d"
                                         % (to_move.lower(), tl, st))
                t0 = time.monotonic()
                ok, answer = mover.cmd("genmove %s" % to_move.lower())
                dt = time.monotonic() - t0
            except GtpError as e:
                error(e.kind, mover, "genmove %s: %s" % (to_move.lower(), e))
                if recover(mover, e):
                    continue
                rec["end"] = "error"
                break
            rec["times"][mover.role].append(dt)
            if not ok:
                error("bad_answer", mover, "genmove %s answered '? %s'"
                      % (to_move.lower(), answer))
                rec["end"] = "error"
                break
            low = answer.strip().lower()
            if low == "resign":
                rec["result"] = "%s+R" % OTHER[to_move]
                rec["end"] = "resign"
                self.say("  %3d %s %-10s resign  (%.2fs)" % (
                    len(rec["moves"]) + 1, to_move, mover.label, dt))
                break
            if low == "pass":
                move = "PASS"
            elif parse_vertex(answer.strip(), size):
                move = answer.strip().upper()
            else:
                error("bad_answer", mover, "genmove %s answered '%s'"
                      % (to_move.lower(), answer))
                rec["end"] = "error"
                break
            if clocks:
                over = clocks[to_move].spend(dt)
                if over:
                    error("overrun", mover, "%s (move %s took %.2fs)"
                          % (over, move, dt))
                    rec["result"] = "%s+T" % OTHER[to_move]
                    rec["end"] = "time"
                    break
            # Relay to everyone else; collect refusals.
            refusals = []
            failed = False
            receivers = [p for p in self.players() if p is not mover]
            receivers += self.others()
            for p in receivers:
                while True:  # again after a restart
                    try:
                        ok, text = p.cmd("play %s %s" % (to_move, move))
                        break
                    except GtpError as e:
                        error(e.kind, p, "play %s %s: %s" % (to_move, move, e))
                        if not recover(p, e):
                            failed = True
                            break
                if failed:
                    break
                if not ok:
                    refusals.append((p, text))
            if failed:
                rec["end"] = "error"
                break
            if refusals:
                who = ", ".join("%s: %s" % (p.label, t) for p, t in refusals)
                refusers = {p.role for p, _ in refusals}
                self.say("  %3d %s %-10s %-5s REFUSED by %s" % (
                    len(rec["moves"]) + 1, to_move, mover.label, move, who))
                judges = {p.role for p in self.others()}
                if (mover is self.opponent and refusers == {"engine"}
                        and judges):
                    # Only the engine under test refused; the referee and/or
                    # checker accepted: the engine is wrong.
                    error("refused_legal", self.engine,
                          "refused %s %s accepted by %s" % (
                              to_move, move,
                              ", ".join(p.label for p in self.others())))
                    rec["illegal_move"] = (to_move, move, who)
                    rec["end"] = "error"
                else:
                    error("illegal", mover, "%s %s refused by %s" % (
                        to_move, move, who))
                    rec["illegal_move"] = (to_move, move, who)
                    rec["result"] = "%s+F" % OTHER[to_move]
                    rec["end"] = "illegal move"
                break
            rec["moves"].append((to_move, move))
            self.say("  %3d %s %-10s %-5s (%.2fs)" % (
                len(rec["moves"]), to_move, mover.label, move, dt))
            passes = passes + 1 if move == "PASS" else 0
            if passes >= 2:
                rec["end"] = "two passes"
                break
            to_move = OTHER[to_move]

        if rec["end"] == "two passes":
            self.score(rec, error)
        return self.finish(rec, t_game, by_color)

    def opening_for(self, g):
        """The moves game `g` starts with: the --opening, or with
        --openings the file's line g // 2, round again after the last, so
        that games 2k (the engine Black when colours alternate) and 2k + 1
        start alike."""
        lines = self.args.openings_list
        if lines:
            return lines[(g // 2) % len(lines)]
        return self.args.opening_moves

    def play_opening(self, rec, moves):
        """`moves`, Black first: every program gets them as `play`
        commands and the record keeps them as the game's first moves. A
        refusal abandons the game at set-up."""
        for i, move in enumerate(moves):
            color = "B" if i % 2 == 0 else "W"
            for p in self.players() + self.others():
                self.tell(p, color, move, "opening")
            rec["moves"].append((color, move))
        self.say("  opening: %s" % " ".join(moves))

    def place_handicap(self, by_color):
        """Black chooses the points (fixed_handicap N); every other program
        gets them through set_free_handicap, or as plain `play B` moves if
        it does not list that command.  Returns the points (upper case).
        Raises GtpError (with .prog set) when a program refuses."""
        n = self.args.handicap
        size = self.args.size
        black = by_color["B"]

        try:
            ok, text = black.cmd("fixed_handicap %d" % n)
        except GtpError as e:
            e.prog = black
            raise
        points = [v.upper() for v in text.split()]
        if not ok:
            raise refusal(black, "fixed_handicap %d answered '? %s'"
                          % (n, text))
        if (len(points) != n or len(set(points)) != n
                or not all(parse_vertex(v, size) for v in points)):
            raise refusal(black, "fixed_handicap %d answered '%s'"
                          % (n, text))
        for p in [by_color["W"]] + self.others():
            self.give_handicap(p, points)
        return points

    def give_handicap(self, p, points):
        """Gives `p` the handicap stones: through set_free_handicap, or as
        plain `play B` moves if it does not list that command. Raises
        GtpError (with .prog set) when it refuses."""
        try:
            if "set_free_handicap" in p.commands:
                ok, text = p.cmd("set_free_handicap " + " ".join(points))
                if not ok:
                    raise refusal(p, "set_free_handicap answered '? %s'"
                                  % text)
            else:
                for v in points:
                    self.tell(p, "B", v, "handicap")
        except GtpError as e:
            if not hasattr(e, "prog"):
                e.prog = p
            raise

    def reset(self, prog, argv, rec):
        """Starts `prog` if it is not running (with `argv`, else its own
        command) and sets up an empty board: size, komi, clock."""
        a = self.args
        prog.ensure(argv)
        if prog is self.opponent:
            self.set_labels()
        for c in ("boardsize %d" % a.size, "clear_board"):
            ok, text = prog.cmd(c)
            if not ok:
                raise GtpError("%s failed: %s" % (c, text))
        if "komi" in prog.commands or not prog.commands:
            prog.cmd("komi %s" % fmt_num(a.komi))
        if self.time_settings and prog.role in ("engine", "opponent"):
            ok, text = prog.cmd("time_settings %d %d %d" % self.time_settings)
            if not ok:
                rec["notes"].append("%s refused time_settings: %s"
                                    % (prog.label, text))

    def revive(self, rec):
        """A fresh opponent process in the game's position: its set-up, the
        handicap, and every move so far as `play`. An opponent that
        crashed (Pachi sometimes aborts on an assertion, and does so in
        positions it is winning) would otherwise end the game without a
        result, which biases the score. Raises GtpError on failure."""
        prog = self.opponent
        self.reset(prog, None, rec)
        if rec["handicap"]:
            self.give_handicap(prog, rec["handicap"])
        for color, move in rec["moves"]:
            self.tell(prog, color, move, "replay")

    @staticmethod
    def tell(p, color, move, why):
        """Sends `p` a move it did not choose (`why`: opening, handicap,
        replay) as `play`. Raises GtpError with .prog set when it fails
        or refuses."""
        try:
            ok, text = p.cmd("play %s %s" % (color, move))
        except GtpError as e:
            e.prog = p
            raise
        if not ok:
            raise refusal(p, "play %s %s (%s) answered '? %s'"
                          % (color, move, why, text))

    def score(self, rec, error):
        progs = [p for p in (self.referee, self.engine, self.opponent) if p]
        for p in progs:
            try:
                ok, text = p.cmd("final_score")
                rec["scores"][p.role] = text if ok else "? " + text
            except GtpError as e:
                rec["scores"][p.role] = "? (%s)" % e
                if p.role in ("engine", "opponent"):
                    error(e.kind, p, "final_score: %s" % e)
        judge = "referee" if self.referee else "engine"
        raw = rec["scores"].get(judge, "?")
        result = parse_score(raw) if not raw.startswith("?") else None
        if result is None:
            rec["unscored"] = True
            rec["notes"].append("unscored: %s final_score answered '%s'"
                                % (judge, raw))
            rec["result"] = "?"
        else:
            rec["result"] = result
        self.say("  final_score: " + ", ".join(
            "%s %s" % (r, s) for r, s in rec["scores"].items()))

    def finish(self, rec, t_game, by_color):
        for prog in [self.engine, self.opponent] + self.others():
            rec["rss_kb"][prog.role] = peak_rss_kb(prog)
        rec["game_s"] = time.monotonic() - t_game
        rec["black"] = by_color["B"].label
        rec["white"] = by_color["W"].label
        res = rec["result"]
        if res[0] in "BW":
            rec["winner"] = by_color[res[0]].role
        elif res == "0":
            rec["winner"] = "draw"
        else:
            rec["winner"] = None
        self.write_sgf(rec)
        label = {"engine": self.engine.label, "opponent": self.opponent.label,
                 "draw": "draw", None: "-"}[rec["winner"]]

        def mean(xs):
            return sum(xs) / len(xs) if xs else float("nan")

        self.tsv.write("\t".join(str(x) for x in [
            rec["game"], rec["engine_color"], rec["black"], rec["white"],
            res, label, len(rec["moves"]), rec["end"],
            "%.2f" % rec["game_s"],
            "%.3f" % mean(rec["times"]["engine"]),
            "%.3f" % mean(rec["times"]["opponent"]),
            rec["scores"].get("referee", ""), rec["scores"].get("engine", ""),
            rec["scores"].get("opponent", ""),
            "; ".join("%s %s: %s" % (e["kind"], e["label"], e["text"])
                      for e in rec["errors"]).replace("\t", " "),
            rec["sgf"], len(rec["handicap"]),
            rec["rss_kb"].get("engine") or "",
            rec["rss_kb"].get("opponent") or "",
            len(rec["times"]["engine"]),
            len(rec["times"]["opponent"])]) + "\n")
        print("game %d: %s (B) vs %s (W): %s  winner %s, %d moves, %.1fs, "
              "end: %s%s" % (
                  rec["game"], rec["black"], rec["white"], res, label,
                  len(rec["moves"]), rec["game_s"], rec["end"],
                  "" if not rec["errors"] else "  [%d error(s)]"
                  % len(rec["errors"])), flush=True)
        self.games.append(rec)
        return rec

    def write_sgf(self, rec):
        a = self.args
        size = a.size
        props = [
            "FF[4]", "GM[1]", "CA[UTF-8]", "AP[hane-match.py]",
            "SZ[%d]" % size, "KM[%s]" % fmt_num(a.komi),
            "DT[%s]" % datetime.date.today().isoformat(),
            "PB[%s]" % sgf_escape(rec["black"]),
            "PW[%s]" % sgf_escape(rec["white"]),
            "RE[%s]" % rec["result"],
        ]
        if self.time_settings:
            m, b, s = self.time_settings
            props.append("TM[%d]OT[%d/%d Canadian]" % (m, s, b))
        if rec["handicap"]:
            props.append("HA[%d]AB%s" % (len(rec["handicap"]), "".join(
                "[%s]" % sgf_point(v, size) for v in rec["handicap"])))
        comment = ["scored by: %s" % (self.referee.label if self.referee
                                      else self.engine.label + " (no referee)")]
        if rec["scores"]:
            comment.append("final_score: " + ", ".join(
                "%s %s" % (r, s) for r, s in rec["scores"].items()))
        comment.append("end: %s" % rec["end"])
        for e in rec["errors"]:
            comment.append("ERROR %s by %s (%s) at move %d: %s" % (
                e["kind"], e["label"], e["role"], e["move"], e["text"]))
        comment += rec["notes"]
        props.append("C[%s]" % sgf_escape("\n".join(comment)))
        body = "".join(";%s[%s]" % (c, sgf_point(m, size))
                       for c, m in rec["moves"])
        path = self.out / rec["sgf"]
        path.write_text("(;%s\n%s)\n" % ("".join(props), body))

    # -- whole match ------------------------------------------------------

    def run(self):
        try:
            first = self.args.first_game
            for g in range(first, first + self.args.games):
                self.play_game(g)
        except KeyboardInterrupt:
            print("\ninterrupted after %d game(s)" % len(self.games))
            self.summary()
            return 130
        return self.summary()

    def close(self):
        for p in [self.engine, self.opponent] + self.others():
            try:
                p.quit()
            except Exception:
                pass
        kill_all()

    def summary(self):
        return report(self)


def opening_moves(text, size, what="--opening"):
    """The moves of one opening, `text` as "E5 E3": upper-cased, each a
    point of the board (a ValueError, starting with `what`, names the
    first that is not)."""
    moves = [m.upper() for m in text.split()]
    for m in moves:
        if m == "PASS" or not parse_vertex(m, size):
            raise ValueError("%s: %r is not a point of a %dx%d board"
                             % (what, m, size, size))
    return moves


def read_openings(path, size):
    """The openings of an --openings file, one a line; blank lines and
    what follows a '#' are skipped. A ValueError says what is wrong,
    with the line's number."""
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise ValueError("--openings: %s" % e)
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0]
        if not line.strip():
            continue
        out.append(opening_moves(line, size,
                                 "--openings %s line %d" % (path, n)))
    if not out:
        raise ValueError("--openings %s: no opening in it" % path)
    return out


def gnugo():
    """GNU Go's command word: $GNUGO, else gnugo on PATH."""
    return shlex.quote(os.environ.get("GNUGO") or shutil.which("gnugo")
                       or "gnugo")


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Play the engine under test against a GTP opponent, "
        "with a referee and an independent legality checker.")
    ap.add_argument("--engine", default="target/release/hane",
                    help="engine under test (shell-style command)")
    ap.add_argument("--opponent",
                    default=gnugo() + " --mode gtp --level 10 "
                    "--chinese-rules",
                    help="the opponent (default: GNU Go level 10, $GNUGO "
                    "or gnugo on PATH)")
    ap.add_argument("--referee",
                    default=gnugo() + " --mode gtp --chinese-rules",
                    help="scores games and checks moves; 'none' disables")
    ap.add_argument("--checker",
                    default="target/release/hane --player random",
                    help="independent legality checker fed every move; "
                    "'none' disables")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.0)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--handicap", type=int, default=0, metavar="N",
                    help="handicap stones (0 or 2..9): Black places them "
                    "with fixed_handicap, the others get set_free_handicap; "
                    "White moves first")
    ap.add_argument("--maxmoves", type=int, default=None,
                    help="move cap per game (default 3*size*size)")
    ap.add_argument("--sgf-dir", default="match-out")
    ap.add_argument("--time-settings", metavar='"M B S"',
                    help="main seconds, byo-yomi seconds, byo-yomi stones "
                    "(Canadian); sent to both players and enforced")
    ap.add_argument("--time-grace", type=float, default=0.25,
                    help="seconds of overrun tolerated for pipe latency "
                    "(default 0.25)")
    ap.add_argument("--timeout", type=float, default=120.0,
                    help="seconds per GTP command (genmove included); a "
                    "timeout abandons the game")
    ap.add_argument("--seed-base", type=int, default=None,
                    help="append --seed N+game to the engine command")
    ap.add_argument("--first-game", type=int, default=0, metavar="G",
                    help="number the games from G (default 0): the game "
                    "number sets the colours (the engine is Black in even "
                    "games), the SGF name and the seed, so a later run can "
                    "extend an earlier one")
    ap.add_argument("--engine-color", default="alternate",
                    choices=("alternate", "black", "white"),
                    help="the engine's colour: alternate (default; Black "
                    "in even games), or always black or white, to study "
                    "one side's openings")
    ap.add_argument("--opening", default="", metavar='"MOVES"',
                    help="moves every game starts with, Black first (e.g. "
                    '"E5 E3"), given to every program with play and kept '
                    "in the record; the colours still follow "
                    "--engine-color, and after an odd number of moves "
                    "White moves first")
    ap.add_argument("--openings", default="", metavar="FILE",
                    help="a file of openings, one a line as --opening's "
                    "moves ('#' starts a comment): game G starts with line "
                    "G // 2, so each is played once as Black and once as "
                    "White by the engine when colours alternate; after the "
                    "last line the first comes again")
    ap.add_argument("--opponent-restarts", type=int, default=2,
                    metavar="N",
                    help="start a crashed opponent again, given the game "
                    "so far, up to N times a game (default 2; 0: a crash "
                    "ends the game without a result); the engine under "
                    "test is never restarted")
    ap.add_argument("--strict", dest="strict", action="store_true",
                    default=True)
    ap.add_argument("--no-strict", dest="strict", action="store_false",
                    help="only report errors of the engine under test")
    ap.add_argument("--no-gtp-log", action="store_true",
                    help="do not write sgf-dir/gtp.log")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    if not 2 <= args.size <= 25:
        ap.error("--size must be 2..25")
    if args.handicap == 1 or not 0 <= args.handicap <= 9:
        ap.error("--handicap must be 0 or 2..9 (fixed_handicap)")
    args.time_tuple = None
    if args.time_settings:
        parts = args.time_settings.split()
        if len(parts) != 3 or not all(p.isdigit() for p in parts):
            ap.error('--time-settings wants "M B S" (three non-negative '
                     'integers: main seconds, byo-yomi seconds, stones)')
        args.time_tuple = tuple(int(p) for p in parts)
    try:
        args.opening_moves = opening_moves(args.opening, args.size)
        args.openings_list = (read_openings(args.openings, args.size)
                              if args.openings else [])
    except ValueError as e:
        ap.error(str(e))
    if args.opening_moves and args.openings:
        ap.error("--opening and --openings do not go together")
    if (args.opening_moves or args.openings) and args.handicap:
        ap.error("an opening and --handicap do not go together")
    if args.opponent_restarts < 0:
        ap.error("--opponent-restarts must be >= 0")
    if args.first_game < 0:
        ap.error("--first-game must be >= 0")
    if args.maxmoves is None:
        args.maxmoves = 3 * args.size * args.size

    atexit.register(kill_all)

    def on_signal(signum, frame):
        kill_all()
        sys.exit(128 + signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)

    try:
        match = Match(args)
    except GtpError as e:
        print("set-up error: %s" % e, file=sys.stderr)
        return 2
    try:
        return match.run()
    except SystemExit as e:
        if isinstance(e.code, str):
            print("error: %s" % e.code, file=sys.stderr)
            return 2
        raise
    except GtpError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    finally:
        match.close()


if __name__ == "__main__":
    sys.exit(main())
