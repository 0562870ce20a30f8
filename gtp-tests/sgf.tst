# sgf.tst: loadsgf and printsgf. The runner starts the engine in gtp-tests/,
# so the files are sgf/NAME.sgf. loadsgf answers the colour to move; with a
# move number N it sets up the position before move N (moves 1..N-1
# played); with a vertex, the position before the first move played there.
# SGF coordinates: column a.. = A.. (skipping I), row a = the top row.

boardsize 19
clear_board

# ---------------------------------------------------------------------------
# sgf/simple.sgf: 9x9, B E5, W C7, B G7, W E3
# ---------------------------------------------------------------------------

# The whole game: four moves played, Black to move.
10 loadsgf sgf/simple.sgf
#? [black]

# Black's two stones.
20 list_stones black
#? [E5 G7|G7 E5]

# White's two stones.
30 list_stones white
#? [C7 E3|E3 C7]

# The board size comes from SZ[9]: J9 is on the board.
40 is_legal b J9
#? [1]

# showboard draws it: at least one line per row.
50 showboard
#? [[^\n]*(\n[^\n]*){8,}]

# Before move 3: moves 1-2 played, Black to move.
60 loadsgf sgf/simple.sgf 3
#? [black]

# Only E5 for Black ...
70 list_stones black
#? [E5]

# ... and C7 for White.
80 list_stones white
#? [C7]

# Before move 2: only Black's first move, White to move.
90 loadsgf sgf/simple.sgf 2
#? [white]

# E5 only.
100 list_stones black
#? [E5]

# No white stone yet.
110 list_stones white
#? []

# Before move 1: the empty board, Black to move.
120 loadsgf sgf/simple.sgf 1
#? [black]

# Nothing on the board.
130 list_stones black
#? []

# Up to the move played at C7: White to move.
140 loadsgf sgf/simple.sgf C7
#? [white]

# E5 only.
150 list_stones black
#? [E5]

# C7 not played yet.
160 list_stones white
#? []

# The loaded game goes on with ordinary moves.
170 play w C7
#? []

# White has C7.
180 list_stones white
#? [C7]

# ---------------------------------------------------------------------------
# sgf/capture.sgf: 5x5, W A1, B A2, W C3, B B1 (captures A1)
# ---------------------------------------------------------------------------

# Whole game: White to move.
190 loadsgf sgf/capture.sgf
#? [white]

# A1 was captured: White has C3 only.
200 list_stones white
#? [C3]

# Black has A2 and B1.
210 list_stones black
#? [A2 B1|B1 A2]

# The capture counts as Black's prisoner.
220 captures black
#? [1]

# Before move 4: the capture has not happened.
230 loadsgf sgf/capture.sgf 4
#? [black]

# White has A1 and C3.
240 list_stones white
#? [A1 C3|C3 A1]

# No prisoner.
250 captures black
#? [0]

# ---------------------------------------------------------------------------
# sgf/handicap.sgf: 9x9, AB C3 G7 (handicap 2), W E5, B C7
# ---------------------------------------------------------------------------

# Whole game: White to move.
260 loadsgf sgf/handicap.sgf
#? [white]

# The two setup stones and C7.
270 list_stones black
#? [(?:C3|G7|C7)(?: (?:C3|G7|C7)){2}]

# White E5.
280 list_stones white
#? [E5]

# Before move 2 (White's E5 is move 1): Black to move.
290 loadsgf sgf/handicap.sgf 2
#? [black]

# Only the setup stones.
300 list_stones black
#? [C3 G7|G7 C3]

# And E5.
310 list_stones white
#? [E5]

# ---------------------------------------------------------------------------
# sgf/setup.sgf: 9x9, AB D6 E4, AW F6, then B G3
# ---------------------------------------------------------------------------

# White to move after Black's G3.
320 loadsgf sgf/setup.sgf
#? [white]

# The black setup stones and G3.
330 list_stones black
#? [(?:D6|E4|G3)(?: (?:D6|E4|G3)){2}]

# The white setup stone.
340 list_stones white
#? [F6]

# ---------------------------------------------------------------------------
# sgf/passes.sgf: 9x9, B E5, W pass (B[]), B pass (B[tt], the FF[3] form),
# W C7
# ---------------------------------------------------------------------------

# Passes are moves too: four moves, Black to move.
342 loadsgf sgf/passes.sgf
#? [black]

# Black has only E5: tt is a pass on 9x9, not a point.
344 list_stones black
#? [E5]

# White has C7.
346 list_stones white
#? [C7]

# ---------------------------------------------------------------------------
# sgf/variations.sgf: B E5, then two variations, W C7 B G7 or W G3
# ---------------------------------------------------------------------------

# The main line is the first variation: three moves, White to move.
350 loadsgf sgf/variations.sgf
#? [white]

# Black E5 and G7.
352 list_stones black
#? [E5 G7|G7 E5]

# White C7 (not G3 from the second variation).
354 list_stones white
#? [C7]

# ---------------------------------------------------------------------------
# Loaded moves are moves: undo takes them back, not the setup stones
# ---------------------------------------------------------------------------

# handicap.sgf again: AB C3 G7, W E5, B C7.
360 loadsgf sgf/handicap.sgf
#? [white]

# The AB stones with HA[2] are the handicap.
362 hane-handicap
#? [2(?: .*)?]

# Undo Black's C7.
364 undo
#? []

# Black is back to the setup stones.
366 list_stones black
#? [C3 G7|G7 C3]

# Undo White's E5.
368 undo
#? []

# No white stone.
370 list_stones white
#? []

# The setup stones are not moves: "? cannot undo".
372 undo
#? [.*]*

# They are still on the board.
374 list_stones black
#? [C3 G7|G7 C3]

# ---------------------------------------------------------------------------
# A failed loadsgf leaves everything as it was (13x13, B A1, W N13)
# ---------------------------------------------------------------------------
boardsize 13
clear_board
play b A1
play w N13

# A missing file.
400 loadsgf sgf/no-such-file.sgf
#? [.*]*

# Black still has A1.
410 list_stones black
#? [A1]

# White still has N13 (a point that exists only on 13x13 and larger).
420 list_stones white
#? [N13]

# A file that is not SGF.
430 loadsgf sgf/not-sgf.sgf
#? [.*]*

# Black still has A1.
440 list_stones black
#? [A1]

# White still has N13.
445 list_stones white
#? [N13]

# A 26x26 game: larger than the largest board.
446 loadsgf sgf/too-big.sgf
#? [.*]*

# Black still has A1.
447 list_stones black
#? [A1]

# A game whose second move is on an occupied point.
448 loadsgf sgf/illegal-move.sgf
#? [.*]*

# Black still has A1 (not E5 from the first, legal move).
449 list_stones black
#? [A1]

# A file cut off before its closing parenthesis.
452 loadsgf sgf/truncated.sgf
#? [.*]*

# White still has N13.
454 list_stones white
#? [N13]

# A directory.
456 loadsgf sgf
#? [.*]*

# Black still has A1.
460 list_stones black
#? [A1]

# No file name.
470 loadsgf
#? [.*]*

# White still has N13.
480 list_stones white
#? [N13]

# ---------------------------------------------------------------------------
# printsgf
# ---------------------------------------------------------------------------

# The current game as SGF text.
500 printsgf
#? [\(;.*\)]

# After loading simple.sgf, the record has its size and its four moves, in
# order.
loadsgf sgf/simple.sgf
510 printsgf
#? [\(;.*SZ\[9\].*B\[ee\].*W\[cc\].*B\[gc\].*W\[eg\].*\)]

# With a file name the SGF goes to the file and the answer is empty.
520 printsgf /tmp/hane-gtp-suite-printsgf.sgf
#? []

# Round trip: load the written file into a fresh 19x19 game.
boardsize 19
530 loadsgf /tmp/hane-gtp-suite-printsgf.sgf
#? [black]

# The same black stones.
540 list_stones black
#? [E5 G7|G7 E5]

# The same white stones.
550 list_stones white
#? [C7 E3|E3 C7]
