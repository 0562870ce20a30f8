# genmove_mcts.tst: the MCTS player on positions with one right answer.
# Deterministic: one thread, fixed playouts and seed (the runner reads the
# next line; gogui-regress users pass the same flags with -program).
# hane-args: --player mcts --threads 1 --playouts 3000 --seed 1

# ---------------------------------------------------------------------------
# Save your own stone. Black D5 is in atari (last liberty D4), and the White
# stone C5 that helps surround it is itself in atari (last liberty C4).
# Black saves D5 by capturing C5 or by extending; anything else loses it.
#
#   6 . . X O . .
#   5 . X O X O .
#   4 . . . . . .
# ---------------------------------------------------------------------------
boardsize 9
clear_board
komi 7.5
play b B5
play b C6
play b D5
play w D6
play w C5
play w E5

30 genmove b
#? [C4|D4]

# ---------------------------------------------------------------------------
# Never fill your own eye. Black's group on top has exactly two eyes, A5
# and C5; filling either would let White capture everything.
#
#   5 . X . X O
#   4 X X X X O
#   3 O O O O O
# ---------------------------------------------------------------------------
boardsize 5
clear_board
play b B5
play b D5
play b A4
play b B4
play b C4
play b D4
play w E5
play w E4
play w A3
play w B3
play w C3
play w D3
play w E3

40 genmove b
#? [!A5|C5]

# ---------------------------------------------------------------------------
# Pass at the end. Black owns three columns, White two, komi 0.5: Black
# wins by 4.5 with nothing left to play. After White passes, Black passes.
#
#   . . X O .   (every row the same)
# ---------------------------------------------------------------------------
boardsize 5
clear_board
komi 0.5
play b C1
play b C2
play b C3
play b C4
play b C5
play w D1
play w D2
play w D3
play w D4
play w D5
play w pass

50 genmove b
#? [pass]

# White is behind on the board count: it must not pass the game away.
60 genmove w
#? [!pass]

# ---------------------------------------------------------------------------
# Pass rather than break a seki, before the opponent has passed. From a
# game against GNU Go: White's J2 J3 J4 H4 H5 G5 and two Black groups with
# one eye each (G2, H7) share J5 and J1; whoever fills one is taken. White
# has nothing else to play (A1, C3 and F9 are its own eyes) and wins by
# half a point while the seki stands. A tree without a pass made White fill
# J1 or J5 there, and saw the forced blunder as a win for the other side.
#
#   9 X . X O O . O O X
#   8 . X X O O O O X X
#   7 X X X X O X X . X
#   6 X . X O O X X X X
#   5 X X O O X X O O .
#   4 X X O O X O X O O
#   3 O O . O O O X X O
#   2 O O O O X X . X O
#   1 . O O X X X X X .
#     A B C D E F G H J
# ---------------------------------------------------------------------------
boardsize 9
clear_board
komi 7.5
play b A9
play b C9
play w D9
play w E9
play w G9
play w H9
play b J9
play b B8
play b C8
play w D8
play w E8
play w F8
play w G8
play b H8
play b J8
play b A7
play b B7
play b C7
play b D7
play w E7
play b F7
play b G7
play b J7
play b A6
play b C6
play w D6
play w E6
play b F6
play b G6
play b H6
play b J6
play b A5
play b B5
play w C5
play w D5
play b E5
play b F5
play w G5
play w H5
play b A4
play b B4
play w C4
play w D4
play b E4
play w F4
play b G4
play w H4
play w J4
play w A3
play w B3
play w D3
play w E3
play w F3
play b G3
play b H3
play w J3
play w A2
play w B2
play w C2
play w D2
play b E2
play b F2
play b H2
play w J2
play w B1
play w C1
play b D1
play b E1
play b F1
play b G1
play b H1

70 genmove w
#? [pass]

# ---------------------------------------------------------------------------
# Settle a ko before passing back. A 9x9 game against GNU Go: White's A1 is
# in atari. Black took at B1 earlier and White took back at A1, so Black
# may not retake now; Black passed. hane's count called A1 alive and White
# won by 2, so hane passed back; GNU Go, the referee, reads that Black moves
# first there, called A1 dead and scored B+2. Filling B1 costs White
# nothing under area scoring.
#
#   3 X O + O + . + . .
#   2 X O . . . . . . .
#   1 O . O . . . . . .
# ---------------------------------------------------------------------------
loadsgf sgf/corner-ko-pass.sgf

80 genmove w
#? [B1]

# With the ko settled and Black passing again, White passes and wins.
play b pass
90 genmove w
#? [pass]

100 final_score
#? [W\+2]

# ---------------------------------------------------------------------------
# Pass back into a drawn count. A 9x9 game against GNU Go (komi 7): Black
# passed with the count at 0. hane refused to pass back because the count
# was not a win, and threw White stones into Black's area for 194 moves
# while Black passed, until the match's move limit left the game without
# a result. A draw is worth half a win; the search sees nothing clearly
# better (about 0.5 for its best stone), so White passes.
#
#   3 . . + O X X X X O
#   2 . . O O X X O O .
#   1 . . O X X . . . O
# ---------------------------------------------------------------------------
loadsgf sgf/drawn-count-pass.sgf

110 final_score
#? [0]

120 genmove w
#? [pass]

# ---------------------------------------------------------------------------
# Do not pass back on a count that credits hane with the move it gives up.
# From a 9x9 game against GNU Go (komi 7): Black has just passed. With
# White to move, hane's dead-stone count kept White's wall on row 6
# alive (W+12); once White had passed too, with Black to move, it called
# the wall dead (B+42), as GNU Go did. A pass is judged by the count of
# the position after it, so White plays on.
#
#   9 . . . . . . . X .
#   8 . X X O . . . X O
#   7 . X O X X X X O .
#   6 . O O O O O O O .
#   5 . . . . . . . . .
#   4 . X . X X X . X X
#   3 . X . X O O X X O
#   2 . . X O O . O O O
#   1 . X O O . . . . .
# ---------------------------------------------------------------------------
boardsize 9
clear_board
komi 7
play b G7
play w F6
play b G3
play w G6
play b F7
play w E6
play b E7
play w D6
play b C8
play w H7
play b H8
play w H6
play b D3
play w J8
play b H9
play w B6
play b B3
play w D8
play b D7
play w C7
play b B7
play w C6
play b B8
play w E3
play b E4
play w F3
play b F4
play w G2
play b H4
play w H2
play b D4
play w D2
play b C2
play w E2
play b B4
play w C1
play b B1
play w D1
play b H3
play w J3
play b J4
play w J2
play b pass

130 genmove w
#? [!pass]

# ---------------------------------------------------------------------------
# An opening book move found by matches. GNU Go level 10, Black, often
# reaches this position after its tengen; the 2,000-playout search's F8
# here drew 34 of 56 games (the count ends at 0 with komi 7), while D2,
# played in 200 games, won all 200 (by 2 or 4 points). The book answers
# D2 in every orientation of the position. Without the book this file's
# 3,000-playout search finds D2 in the first orientation below but plays
# H4 in the second (tests/book.rs checks the book with one playout).
#
#   8 . . . . X . . . .
#   7 . . . . X O . . .
#   6 . . . . X O . . .
#   5 . . . . X O . . .
#   4 . . . X . O . . .
#   3 . . . X O . . . .
#     A B C D E F G H J
# ---------------------------------------------------------------------------
boardsize 9
clear_board
komi 7
play b E5
play w F5
play b E6
play w F4
play b D3
play w E3
play b D4
play w F6
play b E7
play w F7
play b E8

140 genmove w
#? [D2]

# The same position turned a quarter: the book folds the orientations,
# so B6 here is D2 above.
boardsize 9
clear_board
komi 7
play b E5
play w E4
play b F5
play w D4
play b C6
play w C5
play b D6
play w F4
play b G5
play w G4
play b H5

142 genmove w
#? [B6]
