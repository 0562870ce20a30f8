"""The end-of-match summary of scripts/match.py: what it prints, the
summary.json it writes, and the exit status.

Python 3 standard library only.
"""

import json

from match_format import fmt_num, parse_score, wilson

ERROR_KINDS = ("illegal", "crash", "timeout", "overrun", "bad_answer",
               "refused_legal")
# Errors that make --strict fail when the engine under test commits them.
STRICT_KINDS = ERROR_KINDS


def report(match):
    """Prints the match's summary, writes summary.json and returns the
    exit status: 1 when the engine under test made an error that
    --strict counts, or a game ended by two passes could not be
    scored, else 0."""
    a = match.args
    E, O = match.engine.label, match.opponent.label
    games = match.games
    n = len(games)
    wins = sum(1 for r in games if r["winner"] == "engine")
    losses = sum(1 for r in games if r["winner"] == "opponent")
    draws = sum(1 for r in games if r["winner"] == "draw")
    decided = wins + losses + draws
    unknown = n - decided
    p = (wins + 0.5 * draws) / decided if decided else 0.0
    lo, hi = wilson(p, decided)
    as_b = [r for r in games if r["engine_color"] == "B"]
    as_w = [r for r in games if r["engine_color"] == "W"]

    def mean_t(role):
        xs = [t for r in games for t in r["times"][role]]
        return (sum(xs) / len(xs) if xs else float("nan")), len(xs)

    def count(role, kind):
        return sum(1 for r in games for e in r["errors"]
                   if e["role"] == role and e["kind"] == kind)

    print()
    print("=== match summary: %s (engine) vs %s (opponent), %dx%d, "
          "komi %s%s%s%s ===" % (E, O, a.size, a.size, fmt_num(a.komi),
                               ", handicap %d" % a.handicap
                               if a.handicap else "",
                               ", time %s" % a.time_settings
                               if a.time_settings else "",
                               ", opening %s" % " ".join(a.opening_moves)
                               if a.opening_moves else
                               ", openings from %s" % a.openings
                               if a.openings else ""))
    if match.referee:
        print("referee: %s   checker: %s" % (
            match.referee.label,
            match.checker.label if match.checker else "none"))
    print("games: %d   %s wins/losses/draws: %d/%d/%d   no result: %d"
          % (n, E, wins, losses, draws, unknown))
    if decided:
        print("%s win rate: %.1f%% of %d decided games "
              "(95%% Wilson CI %.1f%% .. %.1f%%)"
              % (E, 100 * p, decided, 100 * lo, 100 * hi))
    else:
        print("%s win rate: n/a (no decided games)" % E)
    print("%s as Black: %d/%d wins   as White: %d/%d wins" % (
        E, sum(1 for r in as_b if r["winner"] == "engine"), len(as_b),
        sum(1 for r in as_w if r["winner"] == "engine"), len(as_w)))
    for role, label in (("engine", E), ("opponent", O)):
        m, k = mean_t(role)
        print("mean time per move: %-20s %.3fs over %d genmoves"
              % (label, m, k))
    ends = {}
    for r in games:
        ends[r["end"]] = ends.get(r["end"], 0) + 1
    print("game ends: " + ", ".join("%s %d" % kv for kv in
                                    sorted(ends.items())))
    moves = [len(r["moves"]) for r in games]
    if moves:
        print("moves per game: min %d, mean %.1f, max %d" % (
            min(moves), sum(moves) / len(moves), max(moves)))
    for role, prog in (("engine", match.engine),
                       ("opponent", match.opponent),
                       ("referee", match.referee),
                       ("checker", match.checker)):
        if not prog:
            continue
        print("errors %-22s illegal %d, crash %d, timeout %d, "
              "overrun %d, bad answer %d, refused legal %d%s" % (
                  prog.label, count(role, "illegal"),
                  count(role, "crash"), count(role, "timeout"),
                  count(role, "overrun"), count(role, "bad_answer"),
                  count(role, "refused_legal"),
                  ("   (stray stdout lines: %d)" % prog.stray()
                   if prog.stray() else "")))
    for r in games:
        for e in r["errors"]:
            print("  game %d move %d: %s by %s: %s" % (
                r["game"], e["move"], e["kind"], e["label"], e["text"]))
    unscored = [r["game"] for r in games if r["unscored"]]
    if unscored:
        print("UNSCORED after two passes: games %s" % unscored)
    scored = [r for r in games if r["end"] == "two passes"
              and not r["unscored"] and match.referee]
    if scored:
        for role, label in (("engine", E), ("opponent", O)):
            diff = [r["game"] for r in scored
                    if parse_score(r["scores"].get(role, "?"))
                    != r["result"]]
            print("final_score of %s differs from the referee in %d of "
                  "%d scored games%s" % (label, len(diff), len(scored),
                                         " %s" % diff if diff else ""))
        if a.handicap:
            print("  (handicap: GNU Go --chinese-rules gives White %d "
                  "points, AGA %d, New Zealand 0; scripts/agreement.py "
                  "compares with that accounted for)"
                  % (a.handicap, a.handicap - 1))
    peaks = {}
    for role in ("engine", "opponent", "referee", "checker"):
        xs = [r["rss_kb"].get(role) for r in games]
        xs = [x for x in xs if x is not None]
        peaks[role] = max(xs) if xs else None
    print("peak RSS (VmHWM): " + ", ".join(
        "%s %s" % (role, "%.1f MiB" % (kb / 1024) if kb else "n/a")
        for role, kb in peaks.items()
        if role in ("engine", "opponent") or kb))
    print("output: %s (game-NNN.sgf, summary.tsv, summary.json, "
          "*.stderr, gtp.log)" % match.out)

    bad = [e for r in games for e in r["errors"]
           if e["role"] == "engine" and e["kind"] in STRICT_KINDS]
    status = 0
    if bad and a.strict:
        print("FAIL: %d error(s) by the engine under test" % len(bad))
        status = 1
    elif bad:
        print("(%d error(s) by the engine under test; --no-strict)"
              % len(bad))
    if unscored:
        print("FAIL: %d game(s) unscored after two passes"
              % len(unscored))
        status = 1
    if status == 0:
        print("OK")
    errors = {}
    for r in games:
        for e in r["errors"]:
            errors.setdefault(e["role"], {}).setdefault(e["kind"], 0)
            errors[e["role"]][e["kind"]] += 1
    summary = {
        "engine": E, "opponent": O, "size": a.size, "komi": a.komi,
        "handicap": a.handicap, "opening": a.opening_moves,
        "openings": a.openings,
        "games": n, "games_requested": a.games,
        "wins": wins, "losses": losses, "draws": draws,
        "no_result": unknown, "ends": ends, "errors": errors,
        "move_limit_games": [r["game"] for r in games
                             if r["end"] == "move limit"],
        "unscored_games": unscored,
        "moves": moves, "peak_rss_kb": peaks, "status": status,
        "per_game": [{k: r[k] for k in (
            "game", "engine_color", "result", "end", "handicap",
            "rss_kb", "errors", "sgf")} | {"moves": len(r["moves"])}
            | {"genmoves": {role: len(r["times"][role])
                            for role in ("engine", "opponent")}}
            for r in games],
    }
    with open(match.out / "summary.json", "w") as f:
        json.dump(summary, f, indent=1)
        f.write("\n")
    return status
