# superko.tst: situational superko. A move is illegal if the board it
# produces, with the opponent to move, occurred before since clear_board.
# Passes are always legal. Diagrams: X black, O white.

# ---------------------------------------------------------------------------
# Triple ko on 13x13
# Three independent kos (K1 and K3 Black can take, K2 White can take):
#
#   K1 (B10-E10)        K2 (H10-L10)        K3 (D4-G4)
#       B C D E             H J K L             D E F G
#   11  . X O .         11  . O X .         5   . X O .
#   10  X O . O         10  O X . X         4   X O . O
#    9  . X O .          9  . O X .         3   . X O .
#
# Setup alternates W, B, ..., W, so the start position S0 has Black to move.
# Cycle: B D10 (K1), W K10 (K2), B F4 (K3), W C10 (K1), B J10 (K2); then
# W E4 (K3) would recreate S0 with Black to move. None of these retakes is
# immediate, so the simple ko rule alone would allow all six: only
# superko forbids the sixth.
# ---------------------------------------------------------------------------
boardsize 13
clear_board
play w C10
play b B10
play w D11
play b C11
play w D9
play b C9
play w E10
play b J10
play w H10
play b K11
play w J11
play b K9
play w J9
play b L10
play w E4
play b D4
play w F5
play b E5
play w F3
play b E3
play w G4

# 1. Black takes K1.
10 play b D10
#? []

# 2. White takes K2.
20 play w K10
#? []

# 3. Black takes K3.
30 play b F4
#? []

# 4. White retakes K1 (not an immediate retake: the position is new).
40 play w C10
#? []

# 5. Black retakes K2 (new position too).
50 play b J10
#? []

# Three prisoners for Black so far ...
60 captures black
#? [3]

# ... and two for White.
70 captures white
#? [2]

# 6. White retaking K3 would repeat S0 with Black to move: illegal.
80 is_legal w E4
#? [0]

# The move is refused ("? illegal move").
90 play w E4
#? [.*]*

# Nothing was captured by the refused move.
100 captures white
#? [2]

# Black F4 is still on the board (so the point is occupied for White).
110 is_legal w F4
#? [0]

# Any other move is fine for White, e.g. far away in the corner.
120 is_legal w A1
#? [1]

# A pass is always legal.
130 play w pass
#? []

# Black passes too.
140 play b pass
#? []

# Even after two passes the retake still repeats S0 with Black to move.
150 is_legal w E4
#? [0]

# ---------------------------------------------------------------------------
# A ko after two passes: the same stones with the same side to move
#      C D E F
#   5  . X O .
#   4  X O * O
#   3  . X O .
# Setup ends with a White move, so the position X (White D4 on the board)
# has Black to move. Black takes at E4; both pass; White retaking at D4
# would give X with Black to move again: a repetition.
# clear_board also forgets the triple-ko history above.
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

# Black takes the ko.
200 play b E4
#? []

# White passes.
210 play w pass
#? []

# Black passes.
220 play b pass
#? []

# The retake would recreate X with Black to move: illegal.
230 is_legal w D4
#? [0]

# It is refused.
240 play w D4
#? [.*]*

# Black's E4 stands: White has no prisoner.
250 captures white
#? [0]

# The pass that repeats a position is still legal.
260 play w pass
#? []

# And so is Black's.
270 play b pass
#? []

# ---------------------------------------------------------------------------
# The same stones with the OTHER side to move are not a repetition
# Same shape, but the setup ends with a Black move, so X first occurs with
# White to move. Black then plays again (GTP allows it) and takes the ko;
# both pass. White's retake gives X with Black to move, which never
# occurred: legal. The passes also clear any simple-ko ban.
# clear_board must have forgotten the previous game: Black's capture at E4
# below recreates, stone for stone and with the same side to move, the
# position after move 200.
# ---------------------------------------------------------------------------
clear_board
play w D4
play b C4
play w E5
play b D5
play w E3
play w F4
play b D3

# Black plays twice in a row and takes the ko.
300 play b E4
#? []

# White passes.
310 play w pass
#? []

# Black passes.
320 play b pass
#? []

# X with Black to move never occurred: the retake is legal.
330 is_legal w D4
#? [1]

# White retakes.
340 play w D4
#? []

# White took one stone.
350 captures white
#? [1]

# E4 is empty again: Black has C4, D5 and D3.
360 list_stones black
#? [(?:C4|D5|D3)(?: (?:C4|D5|D3)){2}]

# But now the real repetition applies to Black: retaking at E4 gives the
# board after move 300 with White to move, which occurred. Illegal.
370 is_legal b E4
#? [0]
