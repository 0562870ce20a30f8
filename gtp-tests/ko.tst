# ko.tst: the basic ko. Under both rule sets the ko is forbidden by
# situational superko: an immediate retake would recreate the position
# before the capture with the same side to move. Every setup alternates
# colours, so "the side to move" is unambiguous.
# Diagrams: X black, O white, * the move being tested.

boardsize 9
clear_board

# ---------------------------------------------------------------------------
# The classic ko in the centre
#      C D E F
#   5  . X O .
#   4  X O * O
#   3  . X O .
# White moves last in the setup, so Black is to move.
# ---------------------------------------------------------------------------
play w D4
play b C4
play w E5
play b D5
play w E3
play b D3
play w F4

# Black takes the ko.
10 play b E4
#? []

# One prisoner for Black.
20 captures black
#? [1]

# White may not retake at once.
30 is_legal w D4
#? [0]

# The retake is refused ("? illegal move").
40 play w D4
#? [.*]*

# Nothing changed: White still has E5, E3 and F4.
50 list_stones white
#? [(?:E5|E3|F4)(?: (?:E5|E3|F4)){2}]

# No prisoner for White.
60 captures white
#? [0]

# White plays a ko threat elsewhere ...
70 play w G7
#? []

# ... and Black answers it instead of filling the ko.
80 play b G6
#? []

# Now the position is new: White may retake.
90 is_legal w D4
#? [1]

# White retakes.
100 play w D4
#? []

# One prisoner for White.
110 captures white
#? [1]

# Black E4 is gone; Black has C4, D5, D3 and G6.
120 list_stones black
#? [(?:C4|D5|D3|G6)(?: (?:C4|D5|D3|G6)){3}]

# Now Black may not retake at once.
130 is_legal b E4
#? [0]

# The retake is refused.
140 play b E4
#? [.*]*

# Black plays a threat ...
150 play b B8
#? []

# ... White answers.
160 play w B7
#? []

# Black may retake now.
170 is_legal b E4
#? [1]

# Black retakes.
180 play b E4
#? []

# Black's second prisoner.
190 captures black
#? [2]

# ---------------------------------------------------------------------------
# Not a ko: the capture of two stones can be answered at once
#      C D E F G
#   5  . X X O .
#   4  X O O * O
#   3  . X X O .
# Black F4 captures D4-E4. White E4 then captures F4 (its only liberty was
# E4): a legal immediate recapture, because the board differs (D4 is empty).
# ---------------------------------------------------------------------------
clear_board
play w D4
play b C4
play w E4
play b D5
play w F5
play b E5
play w F3
play b D3
play w G4
play b E3
play w A9

# Black captures two stones.
200 play b F4
#? []

# Two prisoners.
210 captures black
#? [2]

# White may recapture the single stone at once.
220 is_legal w E4
#? [1]

# White recaptures.
230 play w E4
#? []

# One prisoner for White.
240 captures white
#? [1]

# Black F4 is gone; the other black stones stay.
250 list_stones black
#? [(?:C4|D5|E5|D3|E3)(?: (?:C4|D5|E5|D3|E3)){4}]

# ---------------------------------------------------------------------------
# A ko on the edge, then filled
#      A B C D
#   2  . X O .
#   1  X O * O
# ---------------------------------------------------------------------------
clear_board
play w B1
play b A1
play w C2
play b B2
play w D1

# Black takes the ko at C1.
260 play b C1
#? []

# White may not retake at B1.
270 is_legal w B1
#? [0]

# White plays elsewhere.
280 play w G5
#? []

# Black fills the ko at B1 (connecting A1, B2 and C1).
290 play b B1
#? []

# Black has A1, B1, B2 and C1.
300 list_stones black
#? [(?:A1|B1|B2|C1)(?: (?:A1|B1|B2|C1)){3}]

# White has C2, D1 and G5.
310 list_stones white
#? [(?:C2|D1|G5)(?: (?:C2|D1|G5)){2}]

# The ko is over: White cannot play at B1 (occupied).
320 is_legal w B1
#? [0]
