# endgame.tst: dead stones, seki and territory from one analysis per
# position (final_status_list, final_score and hane-score agree).

# ---------------------------------------------------------------------------
# A dead stone inside territory. White's lone G7 sits in Black's area; it is
# listed dead, Black's area counts it, and final_score removes it.
#
#   9 . . O X . . . . .
#   7 . . O X . . O . .
#   3 . . O X X X X X X
#   2 . . O O O O O O O
# ---------------------------------------------------------------------------
boardsize 9
clear_board
komi 0.5
play w C9
play w C8
play w C7
play w C6
play w C5
play w C4
play w C3
play w C2
play w D2
play w E2
play w F2
play w G2
play w H2
play w J2
play b D9
play b D8
play b D7
play b D6
play b D5
play b D4
play b D3
play b E3
play b F3
play b G3
play b H3
play b J3
play w G7

10 final_status_list dead
#? [G7]

# Black: 12 stones + 30 points of area (G7 included); White: 14 stones +
# 25 points (columns A-B and row 1). 42 - 39 - 0.5.
20 final_score
#? [B\+2\.5]

30 final_status_list seki
#? []

# G7 is Black's territory once the dead stone is gone.
40 final_status_list black_territory
#? [.*G7.*]

# The dead stone counts as a prisoner in the territory count.
50 hane-score
#? [.*dead G7.*]

# ---------------------------------------------------------------------------
# Seki with eyes (GNU Go 3.8 agrees): Black B7-A6-B6-C6 and White D7-D6-E6-F6-F7 each
# have one eye (A7, E7) and share C7. Nobody is dead; C7 is dame; the eyes
# count for their owners. Area: Black 27, White 21, komi 0 -> B+6.
#
#   7 . X . O . O X
#   6 X X X O O O X
#   5 O O O X X X X
#   4 O . O X . X .
#   3 O O O X X X X
#   2 O . O X . X .
#   1 O O O X X X X
# ---------------------------------------------------------------------------
boardsize 7
clear_board
komi 0
play b B7
play b G7
play b A6
play b B6
play b C6
play b G6
play b D5
play b E5
play b F5
play b G5
play b D4
play b F4
play b D3
play b E3
play b F3
play b G3
play b D2
play b F2
play b D1
play b E1
play b F1
play b G1
play w D7
play w F7
play w D6
play w E6
play w F6
play w A5
play w B5
play w C5
play w A4
play w C4
play w A3
play w B3
play w C3
play w A2
play w C2
play w A1
play w B1
play w C1

# The position was set up with 22 black plays in a row, which hane would
# take for a Sabaki-style handicap of 22; say there is none.
hane-handicap 0

110 final_status_list dead
#? []

120 final_status_list seki
#? [(?:[A-G][1-7] ?){9}]

130 final_status_list dame
#? [C7]

140 final_score
#? [B\+6]

# ---------------------------------------------------------------------------
# An empty board with nine handicap stones: lone stones nothing can threaten
# are alive.
# ---------------------------------------------------------------------------
boardsize 19
clear_board
fixed_handicap 9

210 final_status_list dead
#? []

220 final_status_list alive
#? [(?:[A-T][0-9]+ ?){9}]

# ---------------------------------------------------------------------------
# A finished game's SGF carries its result (RE) and territories (TB/TW),
# from the same analysis as final_score. One black stone owns the board.
# ---------------------------------------------------------------------------
boardsize 5
clear_board
komi 0.5
play b c3
play w pass
play b pass
play w pass

300 printsgf
#? [\(;FF\[4\].*RE\[B\+24\.5\].*;W\[\]TB(\[[a-e][a-e]\]){24}\)]

# GoGui's rules engine view: legal moves of the side to move (Black after
# White's pass), pass included; C3 is occupied.
310 gogui-rules_legal_moves
#? [!.*C3.*]

320 gogui-rules_legal_moves
#? [(?:[A-E][1-5] ){24}pass]

330 gogui-rules_final_result
#? [B\+24\.5\n.*]

# ---------------------------------------------------------------------------
# Seki with eyes. Black B9 A8 B8 C8 (eye A9) and White D9 D8 E8 F8 F9 (eye
# E9) share one liberty, C9: whoever fills it puts both chains in atari
# and is captured first. Each is surrounded by a living group of the other
# colour (White's A7-B3 with eyes A6 and A4; Black's wall with eye H9 and
# the whole lower right). GNU Go 3.8 (--chinese-rules) lists the same nine
# seki stones and says B+39: each one-colour eye counts for its owner
# (A9 Black, E9 White) and only C9 is neutral.
#
#   9 . X . O . O X . X
#   8 X X X O O O X X X
#   7 O O O X X X X . .
#   6 . O X X . . . . .
#   5 O O X . . . . . .
#   4 . O X . . . . . .
#   3 O O X . . . . . .
#   2 X X X . . . . . .
#   1 . . . . . . . . .
# ---------------------------------------------------------------------------
boardsize 9
clear_board
komi 7
play b B9
play b A8
play b B8
play b C8
play b G9
play b J9
play b G8
play b H8
play b J8
play b D7
play b E7
play b F7
play b G7
play b C6
play b D6
play b C5
play b C4
play b C3
play b C2
play b B2
play b A2
play w D9
play w F9
play w D8
play w E8
play w F8
play w A7
play w B7
play w C7
play w B6
play w A5
play w B5
play w B4
play w A3
play w B3

# Set up by 21 Black plays in a row: not a handicap.
hane-handicap 0

400 final_status_list seki
#? [A8 B8 C8 D8 E8 F8 B9 D9 F9]

410 final_status_list dead
#? []

420 final_status_list dame
#? [C9]

430 final_score
#? [B\+39]

# ---------------------------------------------------------------------------
# Seki without eyes. Black A6 B6 C6 C5 and White A4 B4 C4 have no eye and
# share their only two liberties, A5 and B5: whoever fills one is captured
# first. Each is shut in by a living group of the other colour. GNU Go 3.8
# (--chinese-rules) lists the same seven seki stones, no dead stones, and
# says B+32; A5 and B5 are dame.
#
#   9 . O . O O X . . .
#   8 . O O O O X . . .
#   7 O O O O O X . . .
#   6 X X X O X X . . .
#   5 . . X O X . . . .
#   4 O O O X X . . . .
#   3 X X X X . . . . .
#   2 . . . . . . . . .
#   1 . . . . . . . . .
# ---------------------------------------------------------------------------
boardsize 9
clear_board
komi 7
play b A6
play b B6
play b C6
play b C5
play b A3
play b B3
play b C3
play b D3
play b D4
play b E4
play b E5
play b E6
play b F6
play b F7
play b F8
play b F9
play w A4
play w B4
play w C4
play w A7
play w B7
play w C7
play w D7
play w E7
play w E8
play w E9
play w D6
play w D5
play w B9
play w B8
play w C8
play w D8
play w D9
hane-handicap 0

500 final_status_list seki
#? [A4 B4 C4 C5 A6 B6 C6]

510 final_status_list dead
#? []

520 final_status_list dame
#? [A5 B5]

530 final_score
#? [B\+32]

# ---------------------------------------------------------------------------
# Found by the GTP fuzzer: a 5x5 position where the dead-stone analysis
# asked its capture search about a chain that the board after the sure
# captures no longer held, and final_score panicked. The answer asserted
# is the one the analysis gives; what matters is that there is one. Since
# the room reading (endgame/room.rs) it calls every Black stone dead: the
# playouts give every point to White (-0.3 on Black's stones), so Black's
# chains have no room, and a capture search with White moving first takes
# them (0.75 to 0.96). D1 and E2, in atari, were the whole answer before.
#
#   5 X . . . .
#   4 . . X . O
#   3 X . . . O
#   2 X . . O X
#   1 X . O X .
# ---------------------------------------------------------------------------
boardsize 5
clear_board
komi 7.5
play b A5
play b C4
play b A3
play b A2
play b A1
play b D1
play b E2
play w E4
play w D2
play w C1
play w E3

540 final_score
#? [[BW]\+[0-9.]+]

550 final_status_list dead
#? [A1 D1 A2 E2 A3 C4 A5]
