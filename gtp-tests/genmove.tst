# genmove.tst: genmove and reg_genmove with the random player the runner
# selects (--player random --seed 1). Whatever the random choice, the answer
# must be a legal vertex (checked against the list of the empty points), or
# pass when there is no legal move; genmove plays it, reg_genmove does not.
# Vertices are matched case-insensitively, as twogtp and Sabaki read them.

boardsize 5
clear_board
play b C3
play w B2

# ---------------------------------------------------------------------------
# An open 5x5 board: Black C3, White B2
# ---------------------------------------------------------------------------

# Black's move is one of the 23 empty points (never C3 or B2, no pass or
# resign on an open board).
10 genmove b
#? [(?i)(?:A1|B1|C1|D1|E1|A2|C2|D2|E2|A3|B3|D3|E3|A4|B4|C4|D4|E4|A5|B5|C5|D5|E5)]

# genmove played it: Black now has two stones, one of them C3.
20 list_stones black
#? [C3 \S+|\S+ C3]

# White still has B2 only.
30 list_stones white
#? [B2]

# White's move is on a point that was empty before Black's move ...
40 genmove w
#? [(?i)(?:A1|B1|C1|D1|E1|A2|C2|D2|E2|A3|B3|D3|E3|A4|B4|C4|D4|E4|A5|B5|C5|D5|E5)]

# ... and it was played on an empty point: White has two stones ...
50 list_stones white
#? [B2 \S+|\S+ B2]

# ... and Black still has two.
60 list_stones black
#? [\S+ \S+]

# A fresh board, so that no random move can capture the other's stones
# and the stone counts below hold whatever the random choices are.
clear_board

# The colour may be upper case.
70 genmove B
#? [(?i)[A-E][1-5]]

# Black has one stone.
80 list_stones black
#? [\S+]

# Or a full word.
90 genmove white
#? [(?i)[A-E][1-5]]

# White has one stone.
100 list_stones white
#? [\S+]

# A generated move can be undone like any other.
110 undo
#? []

# White's stone is gone.
120 list_stones white
#? []

# ---------------------------------------------------------------------------
# reg_genmove answers a move without playing it
# ---------------------------------------------------------------------------

# A White move is suggested ...
130 reg_genmove w
#? [(?i)[A-E][1-5]]

# ... but not played.
140 list_stones white
#? []

# Black's stone is untouched.
150 list_stones black
#? [\S+]

# A Black suggestion.
160 reg_genmove b
#? [(?i)[A-E][1-5]]

# Not played either.
170 list_stones black
#? [\S+]

# reg_genmove is not a move: undo takes back Black's genmove of test 70.
180 undo
#? []

# The board is empty.
190 list_stones black
#? []

# ---------------------------------------------------------------------------
# No legal move: the random player must pass
#      A B C
#   3  . O .
#   2  O . O
#   1  . O .
# Every empty point is a single-point eye of White: suicide for Black.
# ---------------------------------------------------------------------------
boardsize 3
clear_board
play w A2
play w B1
play w C2
play w B3

# Sanity check: the centre is suicide for Black.
200 is_legal b B2
#? [0]

# Black has no legal move.
210 genmove b
#? [(?i)pass]

# Nothing was played.
220 list_stones black
#? []

# Single-stone suicide is illegal under New Zealand rules too.
kgs-rules new_zealand

# So Black still passes.
230 genmove b
#? [(?i)pass]

kgs-rules aga

# ---------------------------------------------------------------------------
# A settled 3x3 board
#      A B C
#   3  X X .
#   2  X X X
#   1  . X X
# Black has two eyes, A1 and C3. White has no legal move.
# ---------------------------------------------------------------------------
clear_board
play b A2
play b A3
play b B1
play b B2
play b B3
play b C1
play b C2

# White must pass.
240 genmove w
#? [(?i)pass]

# No white stone appeared.
250 list_stones white
#? []

# Black may only fill one of its own eyes, or pass; never an occupied point.
260 reg_genmove b
#? [(?i)pass|A1|C3]

# ---------------------------------------------------------------------------
# The ko point is not a legal move
#      C D E F
#   5  . X O .
#   4  X . X O
#   3  . X O .
# Black just took the ko at E4; White may play anywhere but D4 (and the
# occupied points).
# ---------------------------------------------------------------------------
boardsize 9
clear_board
play w D4
play b C4
play w E5
play b D5
play w E3
play b D3
play w F4
play b E4

# One of the 73 legal points.
300 genmove w
#? [(?i)(?:A1|B1|C1|D1|E1|F1|G1|H1|J1|A2|B2|C2|D2|E2|F2|G2|H2|J2|A3|B3|C3|F3|G3|H3|J3|A4|B4|G4|H4|J4|A5|B5|C5|F5|G5|H5|J5|A6|B6|C6|D6|E6|F6|G6|H6|J6|A7|B7|C7|D7|E7|F7|G7|H7|J7|A8|B8|C8|D8|E8|F8|G8|H8|J8|A9|B9|C9|D9|E9|F9|G9|H9|J9)]

# White has four stones now: E5, E3, F4 and the new one.
310 list_stones white
#? [\S+( \S+){3}]

# Black still has its four (nothing was captured).
320 list_stones black
#? [(?:C4|D5|D3|E4)(?: (?:C4|D5|D3|E4)){3}]
