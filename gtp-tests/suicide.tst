# suicide.tst: suicide under the two rule sets. AGA: every suicide is
# illegal. New Zealand: single-stone suicide is illegal, multi-stone
# suicide is legal; the suicided string is removed and counted as
# prisoners for the opponent. Diagrams: X black, O white, * the move.

boardsize 9
clear_board

# The AGA rules are the default; say so explicitly anyway.
kgs-rules aga

# ---------------------------------------------------------------------------
# Single-stone suicide in the corner
#      A B
#   2  O .
#   1  * O
# ---------------------------------------------------------------------------
play w A2
play w B1

# Black A1 would have no liberty and captures nothing: illegal under AGA.
10 is_legal b A1
#? [0]

# The move is refused ("? illegal move").
20 play b A1
#? [.*]*

# No black stone appeared.
30 list_stones black
#? []

# No prisoner for White either.
40 captures white
#? [0]

# Switch to New Zealand rules.
50 kgs-rules new_zealand
#? []

# Single-stone suicide stays illegal under New Zealand rules.
60 is_legal b A1
#? [0]

# The move is refused.
70 play b A1
#? [.*]*

# Still no black stone.
80 list_stones black
#? []

# And no prisoner.
90 captures white
#? [0]

# A single-stone suicide in the centre: Black E5 inside White D5 F5 E4 E6.
play w D5
play w F5
play w E4
play w E6

# Illegal for Black, under New Zealand rules too.
100 is_legal b E5
#? [0]

# White may fill its own point.
105 is_legal w E5
#? [1]

# ---------------------------------------------------------------------------
# Multi-stone suicide
#      A B C
#   2  O O .
#   1  X * O
# Black B1 would join A1 into a string with no liberty, capturing nothing.
# ---------------------------------------------------------------------------
clear_board
kgs-rules aga
play b A1
play w A2
play w B2
play w C1

# Under AGA rules it is illegal.
110 is_legal b B1
#? [0]

# The move is refused.
120 play b B1
#? [.*]*

# Black still has A1 only.
130 list_stones black
#? [A1]

# No prisoner for White.
140 captures white
#? [0]

# kata-set-rules nz switches to New Zealand rules.
150 kata-set-rules nz
#? []

# Now the multi-stone suicide is legal.
160 is_legal b B1
#? [1]

# It is played.
170 play b B1
#? []

# The whole suicided string (A1 and B1) is removed.
180 list_stones black
#? []

# The two stones count as prisoners for White ...
190 captures white
#? [2]

# ... and not for Black.
200 captures black
#? [0]

# White keeps its three stones.
205 list_stones white
#? [(?:A2|B2|C1)(?: (?:A2|B2|C1)){2}]

# Rebuild the shape for the next checks. White first adds a stone far away:
# otherwise a second suicide at B1 would recreate the board after move 170
# with the same side to move, which superko forbids. Then Black A1 again
# (legal: its liberty is B1).
play w J9
play b A1

# kgs-rules aga makes the suicide illegal again.
210 kgs-rules aga
#? []

# Illegal under AGA.
220 is_legal b B1
#? [0]

# kata-set-rules new_zealand is the long name of nz.
230 kata-set-rules new_zealand
#? []

# Legal under New Zealand rules.
240 is_legal b B1
#? [1]

# kata-set-rules aga also switches back.
250 kata-set-rules aga
#? []

# Illegal under AGA.
260 is_legal b B1
#? [0]

# ---------------------------------------------------------------------------
# Unknown rule sets are refused and the rules stay as they were
# ---------------------------------------------------------------------------

# Japanese rules are not supported.
270 kgs-rules japanese
#? [.*]*

# Still AGA: the multi-stone suicide is illegal.
280 is_legal b B1
#? [0]

# kata-set-rules refuses an unknown rule set too.
290 kata-set-rules chinese
#? [.*]*

# Still AGA.
300 is_legal b B1
#? [0]

# Switch to New Zealand rules ...
310 kgs-rules new_zealand
#? []

# ... then a refused kgs-rules ...
320 kgs-rules japanese
#? [.*]*

# ... leaves New Zealand rules in force.
330 is_legal b B1
#? [1]

# A refused kata-set-rules leaves them too.
340 kata-set-rules bogus
#? [.*]*

# Still New Zealand.
350 is_legal b B1
#? [1]

# ---------------------------------------------------------------------------
# A White multi-stone suicide credits Black (rules survive clear_board)
#      A B
#   4  X .
#   3  * X
#   2  O X
#   1  O X
# White A3 would join A1-A2 into a string with no liberty.
# ---------------------------------------------------------------------------
clear_board
play b B1
play b B2
play b B3
play b A4
play w A1
play w A2

# clear_board kept the New Zealand rules: the suicide is legal.
360 is_legal w A3
#? [1]

# It is played.
370 play w A3
#? []

# The three white stones are removed.
380 list_stones white
#? []

# Three prisoners for Black.
390 captures black
#? [3]

# None for White.
400 captures white
#? [0]

# Rebuild White A1 and A2, then switch to AGA rules. Black first adds a
# stone far away: otherwise White A1 would recreate the setup position after
# White's A1 with Black to move, which superko forbids.
play b J9
play w A1
play w A2
kgs-rules aga

# Under AGA the same suicide is illegal.
410 is_legal w A3
#? [0]

# It is refused.
420 play w A3
#? [.*]*

# White still has A1 and A2.
430 list_stones white
#? [A1 A2|A2 A1]

# Black's prisoner count did not move.
440 captures black
#? [3]
