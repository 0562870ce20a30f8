# genmove_playouts.tst: the playout search (`--no-net`; the search of
# 13x13 and up) on positions the network's PUCT search of the smaller
# boards gets wrong. The 9x9 network reads neither: it rates White's
# capture below a move elsewhere (lead 55 against 61), and with the count
# drawn after Black's pass it sees no stone worth playing on for. See
# docs/value-network.md, "The network's blind spots".
# Deterministic: one thread, fixed playouts and seed.
# hane-args: --player mcts --threads 1 --playouts 3000 --seed 1 --no-net
# ---------------------------------------------------------------------------
# Capture the big group in atari. Black C5 D5 E5 is surrounded by White
# except for E4: White must take three stones rather than play elsewhere.
#
#   9 . . . . . . . . .
#   6 . . O O O . . . .
#   5 . O X X X O . . .
#   4 . . O O . . . . .
# ---------------------------------------------------------------------------
boardsize 9
clear_board
komi 7.5
play b C5
play b D5
play b E5
play w C6
play w D6
play w E6
play w B5
play w F5
play w C4
play w D4

10 genmove w
#? [E4]

# The capture happened: three stones for White.
20 captures w
#? [3]

# ---------------------------------------------------------------------------
# Play on from a drawn count where a stone does better than the draw. A
# 9x9 game against GNU Go (komi 7): Black passed with the count at 0 and
# White's stones on the left still unsettled. The search rates B4 about
# 0.59; a draw is worth 0.5. The build that passed back unless a stone
# won 0.6 drew this game; playing on from the same position White lived
# on the left and won by 26 (by 22 or more in 21 more such games).
#
#   7 . X O . X O + . .
#   6 X . X O X O . . .
#   5 . X O . X O + . .
#   4 . . . X X O . . .
# ---------------------------------------------------------------------------
loadsgf sgf/drawn-count-invasion.sgf

122 final_score
#? [0]

124 genmove w
#? [!pass]

# But not for ever: after five stones answered Black's passes into the
# drawn count, White passes back even where a stone still looks better
# (five fills of White's own area here, which leave the count at 0).
loadsgf sgf/drawn-count-invasion.sgf
play w H3
play b pass
play w H4
play b pass
play w H6
play b pass
play w J3
play b pass
play w J6
play b pass

126 final_score
#? [0]

128 genmove w
#? [pass]

