"""How the match scripts (match.py, strength, openings, decision-quality,
forecast) read and write a game: GTP vertices, SGF points, scores, who
won, the moves and win rates engines log, and the Wilson interval of a
score.

Python 3 standard library only.
"""

import argparse
import math
import re

GTP_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # no I



def parse_chunk(text):
    """(I, N) of --chunk "I/N", 0 <= I < N: a job's share of numbered work
    (the items g with g % N == I)."""
    try:
        i_text, n_text = text.split("/")
        i, n = int(i_text), int(n_text)
    except ValueError:
        raise argparse.ArgumentTypeError("--chunk wants I/N, e.g. 0/8, not %r" % text) from None
    if n < 1 or not 0 <= i < n:
        raise argparse.ArgumentTypeError("--chunk I/N wants 0 <= I < N, not %r" % text)
    return i, n


def fmt_num(x):
    return ("%.1f" % x).rstrip("0").rstrip(".") if x != int(x) else str(int(x))

def parse_vertex(text, size):
    """'D4' -> (col, row) 0-based from the left / bottom; None if invalid."""
    m = re.fullmatch(r"([A-Za-z])(\d{1,2})", text)
    if not m:
        return None
    letter = m.group(1).upper()
    if letter not in GTP_LETTERS:
        return None
    col = GTP_LETTERS.index(letter)
    row = int(m.group(2)) - 1
    if not (0 <= col < size and 0 <= row < size):
        return None
    return col, row


def sgf_point(vertex, size):
    if vertex == "PASS":
        return ""
    col, row = parse_vertex(vertex, size)
    return chr(ord("a") + col) + chr(ord("a") + (size - 1 - row))


def gtp_vertex(point, size):
    """An SGF point ('dd') as a GTP vertex ('D16'): 'pass' for an empty
    point, and for 'tt' on boards up to 19x19; None off the board."""
    if point == "" or (point == "tt" and size <= 19):
        return "pass"
    if len(point) != 2:
        return None
    col, row = ord(point[0]) - ord("a"), ord(point[1]) - ord("a")
    if not (0 <= col < size and 0 <= row < size):
        return None
    return "%s%d" % (GTP_LETTERS[col], size - row)


# The move an engine's log says it chose and its win rate for the side to
# move: Pachi's "*** WINNER is D4 with score 51.2%", hane's "genmove black:
# D4 win 0.512".
CHOSEN = re.compile(r"WINNER is (\S+) with score ([0-9.]+)%|genmove \w+: (\S+) win ([0-9.]+)")


def logged_choices(log):
    """[(vertex, win rate)] of every move an engine's log says it chose."""
    out = []
    for m in CHOSEN.finditer(log):
        if m.group(1):
            out.append((m.group(1).upper(), float(m.group(2)) / 100))
        else:
            out.append((m.group(3).upper(), float(m.group(4))))
    return out


def sgf_escape(text):
    return text.replace("\\", "\\\\").replace("]", "\\]")


def parse_score(text):
    """final_score answer -> normalised result string, or None."""
    t = text.strip()
    m = re.fullmatch(r"([BWbw])\+(\d+(?:\.\d*)?)", t)
    if m:
        v = float(m.group(2))
        if v == 0:
            return "0"
        if v > 1000:
            return None
        return "%s+%s" % (m.group(1).upper(), fmt_num(v))
    if re.fullmatch(r"0(\.0*)?", t):
        return "0"
    return None


def wilson(p_hat, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (p_hat + z * z / (2 * n)) / denom
    half = z * math.sqrt(p_hat * (1 - p_hat) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def winner(result, engine_color):
    """'engine', 'opponent', 'draw' or None (no result) from match.py's
    result string (B+3.5, W+R, B+F, 0, ?) and the engine's colour."""
    if result == "0":
        return "draw"
    if result[:1] in ("B", "W") and engine_color in ("B", "W"):
        return "engine" if result[0] == engine_color else "opponent"
    return None
