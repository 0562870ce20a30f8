# sgf.tst: loadsgf and printsgf. The runner starts the engine in a scratch
# directory where sgf/ is gtp-tests/sgf/, so the files are sgf/NAME.sgf and
# a file printsgf writes stays out of the source tree. loadsgf answers the colour to move; with a
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

# A file cut off inside a property value.
452 loadsgf sgf/forms/truncated-value.sgf
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
520 printsgf written.sgf
#? []

# Round trip: load the written file into a fresh 19x19 game.
boardsize 19
530 loadsgf written.sgf
#? [black]

# The same black stones.
540 list_stones black
#? [E5 G7|G7 E5]

# The same white stones.
550 list_stones white
#? [C7 E3|E3 C7]

# ---------------------------------------------------------------------------
# Files as servers and programs write them (sgf/forms/). Unless noted, every
# answer below is also GNU Go 3.8's for the same loadsgf and list_stones.
# ---------------------------------------------------------------------------
boardsize 19
clear_board
komi 7.5

# KGS: RU[Japanese], HA[0], KM[6.50], time left on every move. Japanese
# rules are no reason to refuse: the moves load under hane's rules.
600 loadsgf sgf/forms/kgs-japanese.sgf
#? [black]

# All 22 moves played (no capture): 11 black stones ...
602 list_stones black
#? [\S+( \S+){10}]

# ... and 11 white ones, the last White C9.
604 list_stones white
#? [(?:\S+ )*C9(?: \S+)*]

# HA[0] is no handicap; komi 6.5 from KM; the rules stay AGA (hane's; GNU
# Go has no such answer).
606 showboard
#? [.*black to move, rules aga, komi 6\.5.*]

# Before move 3: Black E5, White G7, Black to move.
608 loadsgf sgf/forms/kgs-japanese.sgf 3
#? [black]

# E5 only.
610 list_stones black
#? [E5]

# CGOS: RU[Tromp/Taylor] is New Zealand rules (area scoring, suicide).
620 loadsgf sgf/forms/cgos-tromp-taylor.sgf
#? [black]

# Black B9 is surrounded by White A8, B8 and C9.
622 list_stones white
#? [(?:A8|B8|C9|G7)(?: (?:A8|B8|C9|G7)){3}]

# So Black A9 is a two-stone suicide: legal under New Zealand rules (not
# compared with GNU Go, which forbids suicide).
624 is_legal b A9
#? [1]

# The rules say so.
626 showboard
#? [.*rules nz, komi 7\.5.*]

# GNU Go: RU[Chinese] is AGA rules; HA[4] with four AB stones is a placed
# handicap of 4, so White moved first.
630 loadsgf sgf/forms/gnugo-chinese-handicap.sgf 1
#? [white]

# The four handicap stones.
632 list_stones black
#? [(?:D4|D10|K4|K10)(?: (?:D4|D10|K4|K10)){3}]

# Counted as handicap.
634 hane-handicap
#? [4(?: .*)?]

# The whole game: 11 moves, Black to move.
636 loadsgf sgf/forms/gnugo-chinese-handicap.sgf
#? [black]

# Under AGA rules, komi 0.5 (showboard).
638 showboard
#? [.*black to move, rules aga, komi 0\.5.*]

# A problem: an empty first node, the position in the second, with PL[B].
640 loadsgf sgf/forms/problem-setup.sgf 1
#? [black]

# The five black setup stones.
642 list_stones black
#? [(?:B18|C18|D18|B17|D17)(?: (?:B18|C18|D18|B17|D17)){4}]

# The whole problem: C17, F17, D16 played, White to move.
644 loadsgf sgf/forms/problem-setup.sgf
#? [white]

# Black has the setup stones, C17 and D16.
646 list_stones black
#? [\S+( \S+){6}]

# An edited game (Jago): 16 moves, then AE removes two black stones and AB
# adds one, two more moves, AW adds a stone and PL[W], one more move. (GNU
# Go ignores AE, so it keeps B5 and F6: that one answer differs.)
650 loadsgf sgf/forms/edited-midgame.sgf
#? [black]

# F6 and B5 were taken off; D8 was set up; G5 was played after.
652 list_stones black
#? [(?:C3|F3|J3|B4|G5|J6|D8|J8)(?: (?:C3|F3|J3|B4|G5|J6|D8|J8)){7}]

# White L1 was set up, E6 played after it.
654 list_stones white
#? [(?:L1|D4|C5|E5|B6|E6|E7|F8|H8|C9|J9)(?: (?:L1|D4|C5|E5|B6|E6|E7|F8|H8|C9|J9)){10}]

# Before move 17 (W E5, right after the edit): the edit is applied, White
# to move.
656 loadsgf sgf/forms/edited-midgame.sgf 17
#? [white]

# Moves before an edit cannot be undone: the edit starts a new position.
658 undo
#? [.*]*

# An FF[3] file: long property names (AddBlack, SiZe, KoMi), PL[2] for
# White, a pass written tt.
660 loadsgf sgf/forms/ff3-old.sgf
#? [white]

# C7 and G3 set up; C3, D6 and E6 played.
662 list_stones black
#? [(?:C7|G3|C3|D6|E6)(?: (?:C7|G3|C3|D6|E6)){4}]

# E5 set up; G7 and D7 played.
664 list_stones white
#? [E5 D7 G7|(?:E5|D7|G7)(?: (?:E5|D7|G7)){2}]

# The komi is KoMi's.
666 showboard
#? [.*komi 5\.5.*]

# Text before and after the game tree, and an empty last node.
670 loadsgf sgf/forms/text-around.sgf
#? [white]

# Black E5, G7, G3, H5, H4 (then two passes).
672 list_stones black
#? [(?:E5|G7|G3|H5|H4)(?: (?:E5|G7|G3|H5|H4)){4}]

# A file whose last ')' is missing.
680 loadsgf sgf/forms/truncated-tree.sgf
#? [white]

# Its seven moves: Black Q16, Q4, C15, D10.
682 list_stones black
#? [(?:Q16|Q4|C15|D10)(?: (?:Q16|Q4|C15|D10)){3}]

# Fox: a byte-order mark, KM[375] (3.75 stones: 7.5 points), RU[Chinese].
690 loadsgf sgf/forms/fox-komi.sgf
#? [black]

# Komi 7.5 (GNU Go reads 375).
692 showboard
#? [.*rules aga, komi 7\.5.*]

# YuanYu: HA[7.5] (the komi written as handicap) is ignored; an even game.
700 loadsgf sgf/forms/yuanyu-bad-handicap.sgf
#? [black]

# No handicap stones.
702 hane-handicap
#? [0(?: .*)?]

# NNGS: HA[3] with the stones played as moves B, B, B.
710 loadsgf sgf/forms/nngs-handicap-moves.sgf 3
#? [black]

# Before move 3, Black (who plays it) is to move.
712 list_stones black
#? [C7 G3|G3 C7]

# Before move 4, White.
714 loadsgf sgf/forms/nngs-handicap-moves.sgf 4
#? [white]

# Three leading black moves count as the handicap.
716 hane-handicap
#? [3(?: .*)?]

# A triple ko under RU[Japanese]: move 6 repeats the start with Black to
# move, legal in Japanese rules (no result), illegal under superko. The
# answer names the move. (GNU Go, which has no superko, loads it.)
720 loadsgf sgf/forms/triple-ko.sgf
#? [.*move 6.*]*

# Nothing changed: still the NNGS game.
722 list_stones black
#? [C7 G3 G7|(?:C7|G3|G7)(?: (?:C7|G3|G7)){2}]

# Up to the repeating move it loads.
724 loadsgf sgf/forms/triple-ko.sgf 6
#? [white]

# Five moves played: Black took two kos (F4, J10); its D10 was taken back
# by White C10.
726 list_stones black
#? [\S+( \S+){10}]

# White has C10 again.
728 list_stones white
#? [(?:\S+ )*C10(?: \S+)*]
