# undo.tst: undo takes back the last move (a stone or a pass) and restores
# everything it changed: captured stones, prisoner counts, the ko and the
# superko history. Handicap stones are not moves and cannot be undone.
# Diagrams: X black, O white.

boardsize 9
clear_board

# ---------------------------------------------------------------------------
# Nothing to undo
# ---------------------------------------------------------------------------

# At the start there is no move: "? cannot undo".
10 undo
#? [.*]*

# The board is still empty.
20 list_stones black
#? []

# ---------------------------------------------------------------------------
# A single move
# ---------------------------------------------------------------------------
play b D4

# Undo removes it.
30 undo
#? []

# The board is empty again.
40 list_stones black
#? []

# D4 is free.
45 is_legal w D4
#? [1]

# Nothing left to undo.
50 undo
#? [.*]*

# A pass is a move and can be undone.
play b pass
55 undo
#? []

# Nothing left after that.
57 undo
#? [.*]*

# ---------------------------------------------------------------------------
# Undo restores captured stones and the prisoner count
#      D E F
#   6  . X .
#   5  X O X
#   4  . X .
# ---------------------------------------------------------------------------
play w E5
play b D5
play b F5
play b E4
play b E6

# Black E6 captured E5.
60 captures black
#? [1]

# Undo E6.
70 undo
#? []

# White E5 is back.
80 list_stones white
#? [E5]

# The prisoner count is back to 0.
90 captures black
#? [0]

# E6 is gone, the other three black stones stay.
100 list_stones black
#? [(?:D5|F5|E4)(?: (?:D5|F5|E4)){2}]

# Undo E4 as well.
110 undo
#? []

# Two black stones left.
120 list_stones black
#? [D5 F5|F5 D5]

# ---------------------------------------------------------------------------
# Undo restores the ko
#      C D E F
#   5  . X O .
#   4  X O . O
#   3  . X O .
# ---------------------------------------------------------------------------
clear_board
play w D4
play b C4
play w E5
play b D5
play w E3
play b D3
play w F4
play b E4
play w G7

# Undo White's ko threat G7 ...
130 undo
#? []

# ... and White may again not retake at once.
140 is_legal w D4
#? [0]

# White still has E5, E3 and F4.
150 list_stones white
#? [(?:E5|E3|F4)(?: (?:E5|E3|F4)){2}]

# Undo Black's capture at E4.
160 undo
#? []

# White D4 is back on the board.
170 list_stones white
#? [(?:D4|E5|E3|F4)(?: (?:D4|E5|E3|F4)){3}]

# Black's prisoner is given back.
180 captures black
#? [0]

# The undone position left the history: taking the ko again is legal.
190 play b E4
#? []

# One prisoner again.
200 captures black
#? [1]

# ---------------------------------------------------------------------------
# Undo restores the superko history: the triple ko of superko.tst on 13x13.
#       B C D E             H J K L             D E F G
#   11  . X O .         11  . O X .         5   . X O .
#   10  X O . O         10  O X . X         4   X O . O
#    9  . X O .          9  . O X .         3   . X O .
# After B D10, W K10, B F4, W C10, B J10, White's E4 would repeat the start.
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
play b D10
play w K10
play b F4
play w C10
play b J10

# The sixth move of the cycle is a repetition.
300 is_legal w E4
#? [0]

# Undo Black's J10.
310 undo
#? []

# White's K10 is back.
320 is_legal b K10
#? [0]

# Black replays J10: legal, the undone position left the history.
330 play b J10
#? []

# The start position is still in the history: E4 stays illegal for White.
340 is_legal w E4
#? [0]

# Undo five moves, back to the start position (Black to move).
350 undo
#? []

# Undo.
360 undo
#? []

# Undo.
370 undo
#? []

# Undo.
380 undo
#? []

# Undo.
390 undo
#? []

# The three kos are as at the start: White C10 and E4, Black J10.
400 is_legal b C10
#? [0]

# Black may take K1 again.
410 play b D10
#? []

# No prisoner for White any more.
420 captures white
#? [0]

# ---------------------------------------------------------------------------
# Undo restores a New Zealand multi-stone suicide
#      A B C
#   2  O O .
#   1  X * O
# ---------------------------------------------------------------------------
boardsize 9
clear_board
kgs-rules new_zealand
play b A1
play w A2
play w B2
play w C1
play b B1

# The suicide removed A1 and B1 and gave White two prisoners.
500 captures white
#? [2]

# Undo it.
510 undo
#? []

# Black A1 is back.
520 list_stones black
#? [A1]

# White's prisoners are given back.
530 captures white
#? [0]

kgs-rules aga

# ---------------------------------------------------------------------------
# Handicap stones are not moves
# ---------------------------------------------------------------------------
clear_board
fixed_handicap 2

# Nothing to undo after fixed_handicap.
600 undo
#? [.*]*

# The handicap stones are still there.
610 list_stones black
#? [C3 G7|G7 C3]

# White's first move can be undone ...
play w E5
620 undo
#? []

# ... but not the handicap.
630 undo
#? [.*]*

# Still C3 and G7.
640 list_stones black
#? [C3 G7|G7 C3]

# The same after set_free_handicap.
clear_board
set_free_handicap A1 B2 C3

# Nothing to undo.
650 undo
#? [.*]*

# The three stones stay.
660 list_stones black
#? [(?:A1|B2|C3)(?: (?:A1|B2|C3)){2}]

# ---------------------------------------------------------------------------
# clear_board and boardsize start a new game
# ---------------------------------------------------------------------------
play w E5
clear_board

# Nothing to undo after clear_board.
700 undo
#? [.*]*

play b E5
boardsize 7

# Nothing to undo after boardsize.
710 undo
#? [.*]*

# ---------------------------------------------------------------------------
# Undo and the automatic handicap count
# ---------------------------------------------------------------------------
boardsize 9
play b C3
play b G7
play b E5

# Three black moves at the start: handicap 3.
800 hane-handicap
#? [3(?: .*)?]

# Undo the third.
810 undo
#? []

# Now two.
820 hane-handicap
#? [2(?: .*)?]
