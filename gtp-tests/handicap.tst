# handicap.tst: fixed_handicap, place_free_handicap, set_free_handicap.
# fixed_handicap answers the vertices in GTP v2 order: the four corners
# (lower-left, upper-right, upper-left, lower-right: D4 Q16 D16 Q4 on 19x19), then the
# left/right middles, the bottom/top middles, and the centre when the count
# is odd. Third line up to 12x12, fourth line from 13x13. Every handicap
# command is atomic: when it fails, the board is unchanged.

boardsize 19
clear_board

# ---------------------------------------------------------------------------
# 19x19, every count
# ---------------------------------------------------------------------------

# Two stones: two opposite corners.
10 fixed_handicap 2
#? [D4 Q16]

# The stones are on the board, in any order.
20 list_stones black
#? [D4 Q16|Q16 D4]

# White has nothing.
25 list_stones white
#? []

clear_board

# Three stones.
30 fixed_handicap 3
#? [D4 Q16 D16]

clear_board

# Four stones: all corners.
40 fixed_handicap 4
#? [D4 Q16 D16 Q4]

clear_board

# Five: corners and centre.
50 fixed_handicap 5
#? [D4 Q16 D16 Q4 K10]

clear_board

# Six: corners and the left/right middles.
60 fixed_handicap 6
#? [D4 Q16 D16 Q4 D10 Q10]

clear_board

# Seven: six and the centre.
70 fixed_handicap 7
#? [D4 Q16 D16 Q4 D10 Q10 K10]

clear_board

# Eight: six and the bottom/top middles.
80 fixed_handicap 8
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16]

clear_board

# Nine: all star points.
90 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]

# The handicap is recorded.
100 hane-handicap
#? [9(?: .*)?]

# The centre is occupied.
110 is_legal w K10
#? [0]

# A second handicap on a non-empty board: "? board not empty".
120 fixed_handicap 2
#? [.*]*

# The handicap is still 9 ...
130 hane-handicap
#? [9(?: .*)?]

# ... and there are still nine black stones.
135 list_stones black
#? [\S+( \S+){8}]

# ---------------------------------------------------------------------------
# Bad counts on an empty 19x19 board ("? invalid handicap")
# ---------------------------------------------------------------------------
clear_board

# One stone is no handicap.
140 fixed_handicap 1
#? [.*]*

# The board is still empty.
150 list_stones black
#? []

# Ten is more than the table has.
160 fixed_handicap 10
#? [.*]*

# The board is still empty.
170 list_stones black
#? []

# Zero is refused.
180 fixed_handicap 0
#? [.*]*

# The board is still empty.
190 list_stones black
#? []

# Negative counts are refused.
200 fixed_handicap -1
#? [.*]*

# The board is still empty.
210 list_stones black
#? []

# Not a number.
220 fixed_handicap abc
#? [.*]*

# The board is still empty.
230 list_stones black
#? []

# No argument.
240 fixed_handicap
#? [.*]*

# The board is still empty.
250 list_stones black
#? []

# The handicap is 0.
255 hane-handicap
#? [0(?: .*)?]

# A single black stone makes the board non-empty: "? board not empty".
play b A1

# Refused.
256 fixed_handicap 2
#? [.*]*

# Only A1 is on the board.
257 list_stones black
#? [A1]

# ---------------------------------------------------------------------------
# Other sizes
# ---------------------------------------------------------------------------

# 13x13 uses the fourth line; nine stones, in the same order as 19x19.
boardsize 13
260 fixed_handicap 9
#? [D4 K10 D10 K4 D7 K7 G4 G10 G7]

clear_board

# 13x13, five stones.
270 fixed_handicap 5
#? [D4 K10 D10 K4 G7]

# 9x9 uses the third line.
boardsize 9
280 fixed_handicap 9
#? [C3 G7 C7 G3 C5 G5 E3 E7 E5]

clear_board

# 9x9, four stones.
290 fixed_handicap 4
#? [C3 G7 C7 G3]

clear_board

# 9x9, six stones.
300 fixed_handicap 6
#? [C3 G7 C7 G3 C5 G5]

clear_board

# 9x9, eight stones.
305 fixed_handicap 8
#? [C3 G7 C7 G3 C5 G5 E3 E7]

# 11x11 (odd, at most 12): third line, up to nine stones.
boardsize 11
310 fixed_handicap 9
#? [C3 J9 C9 J3 C6 J6 F3 F9 F6]

# 12x12 (even): third line, at most four.
boardsize 12
320 fixed_handicap 4
#? [C3 K10 C10 K3]

clear_board

# Five is too many on an even board.
330 fixed_handicap 5
#? [.*]*

# The board is still empty.
340 list_stones black
#? []

# 10x10: third line.
boardsize 10
350 fixed_handicap 4
#? [C3 H8 C8 H3]

# 7x7, the smallest board with a fixed handicap: third line, at most four.
boardsize 7
360 fixed_handicap 4
#? [C3 E5 C5 E3]

# 7x7 two stones.
clear_board
365 fixed_handicap 2
#? [C3 E5]

clear_board

# Five is too many on 7x7.
370 fixed_handicap 5
#? [.*]*

# The board is still empty.
380 list_stones black
#? []

# 14x14 (even, from 13 up): fourth line, at most four.
boardsize 14
390 fixed_handicap 4
#? [D4 L11 D11 L4]

clear_board

# Five is too many on an even board.
400 fixed_handicap 5
#? [.*]*

# The board is still empty.
410 list_stones black
#? []

# 6x6 is too small for any fixed handicap.
boardsize 6
420 fixed_handicap 2
#? [.*]*

# The board is still empty.
430 list_stones black
#? []

# 25x25: fourth line; the far line is W (22nd letter without I), the middle N.
boardsize 25
440 fixed_handicap 9
#? [D4 W22 D22 W4 D13 W13 N4 N22 N13]

# ---------------------------------------------------------------------------
# set_free_handicap
# ---------------------------------------------------------------------------
boardsize 19
clear_board

# A good list of two (twogtp and Sabaki send this).
500 set_free_handicap D4 Q16
#? []

# The two stones are on the board.
510 list_stones black
#? [D4 Q16|Q16 D4]

# The handicap is 2.
520 hane-handicap
#? [2(?: .*)?]

# On a non-empty board: "? board not empty".
530 set_free_handicap C3 R17
#? [.*]*

# Still D4 and Q16 only.
540 list_stones black
#? [D4 Q16|Q16 D4]

clear_board

# A duplicate vertex: "? bad vertex list".
550 set_free_handicap D4 D4
#? [.*]*

# Atomic: the board is still empty.
560 list_stones black
#? []

# A pass in the list is refused.
570 set_free_handicap D4 pass
#? [.*]*

# The board is still empty.
580 list_stones black
#? []

# One stone is not a handicap.
590 set_free_handicap D4
#? [.*]*

# The board is still empty.
600 list_stones black
#? []

# No stone at all.
610 set_free_handicap
#? [.*]*

# The board is still empty.
620 list_stones black
#? []

# A vertex off the 19x19 board.
630 set_free_handicap D4 Z25
#? [.*]*

# The board is still empty.
640 list_stones black
#? []

# A malformed vertex after two good ones.
650 set_free_handicap D4 Q16 xyz
#? [.*]*

# Nothing of the good part was placed.
660 list_stones black
#? []

# A duplicate at the end of an otherwise good list.
670 set_free_handicap D4 Q16 D16 D4
#? [.*]*

# Nothing was placed.
680 list_stones black
#? []

# The handicap is 0.
685 hane-handicap
#? [0(?: .*)?]

# The largest list is size*size-1 stones: 4 on 2x2 is too many.
boardsize 2
690 set_free_handicap A1 A2 B1 B2
#? [.*]*

# The board is still empty.
700 list_stones black
#? []

# Three stones on 2x2 is the maximum.
710 set_free_handicap A1 A2 B1
#? []

# All three are placed.
720 list_stones black
#? [(?:A1|A2|B1)(?: (?:A1|A2|B1)){2}]

# The handicap is 3.
730 hane-handicap
#? [3(?: .*)?]

# ---------------------------------------------------------------------------
# place_free_handicap: hane chooses the points with playouts (the standard
# points are priors, not a table). On an empty 19x19 board the stones are
# spread, off the first two lines.
# ---------------------------------------------------------------------------
boardsize 19
clear_board

# Four stones: four vertices on the 3rd to 17th lines.
740 place_free_handicap 4
#? [[C-HJ-R](?:[3-9]|1[0-7])(?: [C-HJ-R](?:[3-9]|1[0-7])){3}]

# Four black stones are on the board.
750 list_stones black
#? [\S+( \S+){3}]

# The handicap is 4.
755 hane-handicap
#? [4(?: .*)?]

# Not on a non-empty board ("? board not empty").
760 place_free_handicap 2
#? [.*]*

# Still four stones: the failed command changed nothing.
765 list_stones black
#? [\S+( \S+){3}]

# Nor after a move on an otherwise empty board.
clear_board
play b K10
766 place_free_handicap 3
#? [.*]*

# Only the move is there.
767 list_stones black
#? [K10]

clear_board

# One stone is refused ("? invalid handicap").
770 place_free_handicap 1
#? [.*]*

# The board is still empty.
780 list_stones black
#? []

# Nine stones on 19x19.
790 place_free_handicap 9
#? [\S+( \S+){8}]

# White moves next.
795 hane-handicap
#? [9(?: .*)?]

# Every count up to the number of points minus one is accepted: 3x3, 8
# stones (at most 8 points; fewer when fewer cannot lose).
boardsize 3
clear_board
800 place_free_handicap 8
#? [\S+( \S+){1,7}]

clear_board
# The whole board is refused.
810 place_free_handicap 9
#? [.*]*

# Many stones on 9x9: 40 of them.
boardsize 9
clear_board
820 place_free_handicap 40
#? [\S+( \S+){39}]
