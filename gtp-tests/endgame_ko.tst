# endgame_ko.tst: dead stones that live only by a ko they just took.
#
# Story (soak, 1,000 9x9 self-play games, NZ game 173): the 17 White stones
# are in atari with one eye at D9. When White moved first in a dead-stone
# playout it took the ko at A9 (capturing B9); Black, banned from retaking,
# had to pass, White passed, and the playout ended with the group alive. Half
# the playouts start with each colour, so hane called the group alive and
# answered B+38 where GNU Go (--chinese-rules) says B+74. A pass forced by the
# ko ban no longer counts towards the end of a playout.
#
#   9 . X O . O O O O O
#   8 X O O O O X O O X
#   7 X X X O O X X X X
#   6 . X X O O X X X X
#   5 X X X O X . X X .
#   4 X X . X X X . X X
#   3 . X X X + X X . X
#   2 X . X X X X X X .
#   1 . X X X . X . X X

loadsgf sgf/ko-lifeline.sgf

10 final_score
#? [B\+74]

20 final_status_list dead
#? [D5 D6 E6 D7 E7 B8 C8 D8 E8 G8 H8 C9 E9 F9 G9 H9 J9]

30 final_status_list alive
#? [.*A8.*]
