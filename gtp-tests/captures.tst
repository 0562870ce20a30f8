# captures.tst: removing strings without liberties and counting prisoners
# (`captures C` = stones captured BY colour C). Diagrams: X black, O white,
# * the move being tested.

boardsize 9
clear_board

# ---------------------------------------------------------------------------
# A lone stone in the centre
#      D E F
#   6  . * .
#   5  X O X
#   4  . X .
# ---------------------------------------------------------------------------
play w E5
play b D5
play b F5
play b E4

# No prisoners yet.
10 captures black
#? [0]

# Black E6 fills the last liberty of White E5.
20 play b E6
#? []

# White E5 is gone.
30 list_stones white
#? []

# One prisoner for Black ...
40 captures black
#? [1]

# ... none for White.
50 captures white
#? [0]

# The four black stones stay.
60 list_stones black
#? [(?:D5|F5|E4|E6)(?: (?:D5|F5|E4|E6)){3}]

# White may not play back into the hole: it would capture nothing and have
# no liberty (suicide).
70 is_legal w E5
#? [0]

# Black may fill it.
80 is_legal b E5
#? [1]

# ---------------------------------------------------------------------------
# clear_board
# ---------------------------------------------------------------------------

clear_board

# clear_board resets the prisoner count.
90 captures black
#? [0]

# ... and empties the board.
100 list_stones black
#? []

# ---------------------------------------------------------------------------
# Corner: White A1 has two liberties, A2 and B1.
# ---------------------------------------------------------------------------
play w A1
play b A2

# Black B1 takes the last one.
110 play b B1
#? []

# A1 is empty.
120 list_stones white
#? []

# One prisoner.
130 captures black
#? [1]

# ---------------------------------------------------------------------------
# Two stones on the edge, captured together
#      C D E F
#   2  . X * .
#   1  X O O X
# ---------------------------------------------------------------------------
clear_board
play w D1
play w E1
play b C1
play b F1
play b D2

# E2 takes the last liberty of the string D1-E1.
140 play b E2
#? []

# Both white stones are gone.
150 list_stones white
#? []

# Two prisoners.
160 captures black
#? [2]

# ---------------------------------------------------------------------------
# A capture makes a move without liberties legal
#      C D E F
#   5  . X O .
#   4  X O * O
#   3  . X O .
# Black E4 touches only white stones, but it takes White D4's last liberty:
# D4 is removed first, and E4 then has the liberty D4.
# ---------------------------------------------------------------------------
clear_board
play b C4
play b D5
play b D3
play w D4
play w E5
play w E3
play w F4

# The move is legal.
170 is_legal b E4
#? [1]

# It is played.
180 play b E4
#? []

# Only D4 was captured; the three outer white stones remain.
190 list_stones white
#? [(?:E5|E3|F4)(?: (?:E5|E3|F4)){2}]

# One prisoner.
200 captures black
#? [1]

# Black E4 is on the board with the four other black stones.
210 list_stones black
#? [(?:C4|D5|D3|E4)(?: (?:C4|D5|D3|E4)){3}]

# ---------------------------------------------------------------------------
# One move captures two separate strings
#      A B C
#   3  X . .
#   2  O X .
#   1  * O X
# White A2 and White B1 are not connected; both have A1 as last liberty.
# ---------------------------------------------------------------------------
clear_board
play w A2
play w B1
play b A3
play b B2
play b C1

# Black A1 removes both.
220 play b A1
#? []

# No white stone left.
230 list_stones white
#? []

# Two prisoners from one move.
240 captures black
#? [2]

# Black keeps A3, B2, C1 and A1.
250 list_stones black
#? [(?:A3|B2|C1|A1)(?: (?:A3|B2|C1|A1)){3}]

# ---------------------------------------------------------------------------
# A three-stone string with eight liberties
#      D E F
#   7  . X .
#   6  X O *
#   5  X O X
#   4  X O X
#   3  . X .
# ---------------------------------------------------------------------------
clear_board
play w E4
play w E5
play w E6
play b E3
play b E7
play b D4
play b D5
play b D6
play b F4
play b F5

# Seven liberties filled, nothing captured yet.
260 captures black
#? [0]

# The eighth takes all three stones.
270 play b F6
#? []

# The white string is gone.
280 list_stones white
#? []

# Three prisoners.
290 captures black
#? [3]

# ---------------------------------------------------------------------------
# White captures too; prisoners are per colour and accumulate
# ---------------------------------------------------------------------------

# Black A9 in the corner; White A8 and B9 capture it.
play b A9
play w A8
300 play w B9
#? []

# White has one prisoner ...
310 captures white
#? [1]

# ... and Black still has its three.
320 captures black
#? [3]

# A second white capture: Black J1 in the other corner.
play b J1
play w H1
330 play w J2
#? []

# The count accumulates.
340 captures white
#? [2]

# A9 is empty again: White may fill it.
350 is_legal w A9
#? [1]

# ---------------------------------------------------------------------------
# Self-atari is legal; the stone can then be taken
# ---------------------------------------------------------------------------
clear_board
play w B1

# Black A1 would have one liberty (A2): legal, not suicide.
360 is_legal b A1
#? [1]

# It is played.
370 play b A1
#? []

# Black A1 is on the board.
380 list_stones black
#? [A1]

# White A2 takes it.
390 play w A2
#? []

# Black A1 is gone.
400 list_stones black
#? []

# One prisoner for White.
410 captures white
#? [1]

# ---------------------------------------------------------------------------
# A connecting move joins two strings, which are then captured as one
#      A B C D
#   2  X X X .
#   1  O * O .
# White B1 joins A1 and C1 into one string whose last liberty is D1.
# ---------------------------------------------------------------------------
clear_board
play w A1
play w C1
play b A2
play b B2
play b C2
play w B1

# Black D1 takes the last liberty of the three-stone string.
420 play b D1
#? []

# All three are gone.
430 list_stones white
#? []

# Three prisoners.
440 captures black
#? [3]
