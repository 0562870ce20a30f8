# protocol.tst: GTP framing and identification, argument checking, komi and
# boardsize. Run by tests/gtp_suite.rs with gogui-regress semantics (see
# README.md). The runner also checks, for every command of every file, that
# the answer echoes the numeric id, that nothing else is printed on stdout,
# and that the engine exits with status 0 after `quit`.

# ---------------------------------------------------------------------------
# Identification
# ---------------------------------------------------------------------------

# twogtp sends protocol_version first; the answer must be 2 (1 would switch
# it to GTP v1 commands).
10 protocol_version
#? [2]

# The engine's name, as twogtp shows it and as Sabaki labels it.
20 name
#? [hane]

# version is the crate version from Cargo.toml.
30 version
#? [0\.1\.0]

# ---------------------------------------------------------------------------
# list_commands: the only capability probe of twogtp and Sabaki
# ---------------------------------------------------------------------------

# One command per line: no spaces, no trailing blanks, no empty lines (an
# empty line would end the answer early and the runner would see one answer
# too many).
100 list_commands
#? [\S+(\n\S+)*]

# list_commands lists protocol_version (every client).
110 list_commands
#? [.*^protocol_version$.*]

# list_commands lists name (twogtp labels).
120 list_commands
#? [.*^name$.*]

# list_commands lists version (twogtp labels).
130 list_commands
#? [.*^version$.*]

# list_commands lists list_commands (twogtp aborts without it).
140 list_commands
#? [.*^list_commands$.*]

# list_commands lists known_command (required by the GTP spec).
150 list_commands
#? [.*^known_command$.*]

# list_commands lists quit (every client).
160 list_commands
#? [.*^quit$.*]

# list_commands lists boardsize (twogtp and Sabaki).
170 list_commands
#? [.*^boardsize$.*]

# list_commands lists clear_board (twogtp and Sabaki).
180 list_commands
#? [.*^clear_board$.*]

# list_commands lists komi (twogtp only sends komi if listed).
190 list_commands
#? [.*^komi$.*]

# list_commands lists play (every client).
200 list_commands
#? [.*^play$.*]

# list_commands lists genmove (twogtp and Sabaki).
210 list_commands
#? [.*^genmove$.*]

# list_commands lists undo (Sabaki uses undo only if listed).
220 list_commands
#? [.*^undo$.*]

# list_commands lists final_score (twogtp asks it after each game).
230 list_commands
#? [.*^final_score$.*]

# list_commands lists cputime (twogtp and gogui-regress).
240 list_commands
#? [.*^cputime$.*]

# list_commands lists time_settings (twogtp -time sends it only if listed).
250 list_commands
#? [.*^time_settings$.*]

# list_commands lists set_free_handicap (twogtp and Sabaki use it for handicap only if listed).
260 list_commands
#? [.*^set_free_handicap$.*]

# list_commands lists gogui-interrupt (GoGui sends # interrupt only if listed).
270 list_commands
#? [.*^gogui-interrupt$.*]

# ---------------------------------------------------------------------------
# known_command
# ---------------------------------------------------------------------------

# A command nobody implements is unknown.
300 known_command no_such_command
#? [false]

# Command names are case-sensitive words: a made-up name stays unknown.
310 known_command hane-no-such-thing
#? [false]

# protocol_version is part of the engine's contract, so known_command says true.
1000 known_command protocol_version
#? [true]

# name is part of the engine's contract, so known_command says true.
1010 known_command name
#? [true]

# version is part of the engine's contract, so known_command says true.
1020 known_command version
#? [true]

# known_command is part of the engine's contract, so known_command says true.
1030 known_command known_command
#? [true]

# list_commands is part of the engine's contract, so known_command says true.
1040 known_command list_commands
#? [true]

# quit is part of the engine's contract, so known_command says true.
1050 known_command quit
#? [true]

# boardsize is part of the engine's contract, so known_command says true.
1060 known_command boardsize
#? [true]

# clear_board is part of the engine's contract, so known_command says true.
1070 known_command clear_board
#? [true]

# komi is part of the engine's contract, so known_command says true.
1080 known_command komi
#? [true]

# play is part of the engine's contract, so known_command says true.
1090 known_command play
#? [true]

# genmove is part of the engine's contract, so known_command says true.
1100 known_command genmove
#? [true]

# reg_genmove is part of the engine's contract, so known_command says true.
1110 known_command reg_genmove
#? [true]

# undo is part of the engine's contract, so known_command says true.
1120 known_command undo
#? [true]

# showboard is part of the engine's contract, so known_command says true.
1130 known_command showboard
#? [true]

# fixed_handicap is part of the engine's contract, so known_command says true.
1140 known_command fixed_handicap
#? [true]

# place_free_handicap is part of the engine's contract, so known_command says true.
1150 known_command place_free_handicap
#? [true]

# set_free_handicap is part of the engine's contract, so known_command says true.
1160 known_command set_free_handicap
#? [true]

# final_score is part of the engine's contract, so known_command says true.
1170 known_command final_score
#? [true]

# final_status_list is part of the engine's contract, so known_command says true.
1180 known_command final_status_list
#? [true]

# time_settings is part of the engine's contract, so known_command says true.
1190 known_command time_settings
#? [true]

# time_left is part of the engine's contract, so known_command says true.
1200 known_command time_left
#? [true]

# kgs-time_settings is part of the engine's contract, so known_command says true.
1210 known_command kgs-time_settings
#? [true]

# kgs-rules is part of the engine's contract, so known_command says true.
1220 known_command kgs-rules
#? [true]

# kata-set-rules is part of the engine's contract, so known_command says true.
1230 known_command kata-set-rules
#? [true]

# cputime is part of the engine's contract, so known_command says true.
1240 known_command cputime
#? [true]

# is_legal is part of the engine's contract, so known_command says true.
1250 known_command is_legal
#? [true]

# list_stones is part of the engine's contract, so known_command says true.
1260 known_command list_stones
#? [true]

# captures is part of the engine's contract, so known_command says true.
1270 known_command captures
#? [true]

# gogui-interrupt is part of the engine's contract, so known_command says true.
1280 known_command gogui-interrupt
#? [true]

# loadsgf is part of the engine's contract, so known_command says true.
1290 known_command loadsgf
#? [true]

# printsgf is part of the engine's contract, so known_command says true.
1300 known_command printsgf
#? [true]

# hane-handicap is part of the engine's contract, so known_command says true.
1310 known_command hane-handicap
#? [true]

# kata-raw-nn (KataGo's raw network evaluation) is known, whatever the
# network: without value heads it refuses to answer, but it exists.
1315 known_command kata-raw-nn
#? [true]

# ---------------------------------------------------------------------------
# Unknown commands and bad arguments
# ---------------------------------------------------------------------------

boardsize 9
clear_board

# An unknown command is refused ("? unknown command"). gogui-regress counts
# any "?" as a failure, so the refusal is an expected failure: an
# "unexpected PASS" here would mean the engine accepted it.
400 no_such_command
#? [.*]*

# After a refused command the engine carries on answering in order.
410 protocol_version
#? [2]

# play without a vertex is refused.
420 play b
#? [.*]*

# play without anything is refused.
430 play
#? [.*]*

# A colour that is neither b/w nor black/white is refused.
440 play x D4
#? [.*]*

# There is no I column in GTP coordinates.
450 play b I5
#? [.*]*

# Row 10 is off a 9x9 board.
460 play b D10
#? [.*]*

# Column K is off a 9x9 board (A..J without I).
470 play b K5
#? [.*]*

# Row 0 does not exist.
480 play b D0
#? [.*]*

# A number is not a vertex.
490 play b 44
#? [.*]*

# None of the refused play commands put a stone on the board.
500 list_stones black
#? []

# ... of either colour.
510 list_stones white
#? []

# genmove needs a colour.
520 genmove
#? [.*]*

# genmove refuses an unknown colour.
530 genmove purple
#? [.*]*

# Neither refused genmove played anything.
540 list_stones black
#? []

# is_legal needs a vertex.
550 is_legal b
#? [.*]*

# list_stones refuses an unknown colour.
560 list_stones purple
#? [.*]*

# captures needs a colour.
570 captures
#? [.*]*

# known_command needs a command name.
580 known_command
#? [.*]*

# boardsize needs a size.
590 boardsize
#? [.*]*

# komi needs a value.
600 komi
#? [.*]*

# The refused boardsize did not change the 9x9 board: J9 is still a corner
# where Black may play.
610 is_legal b J9
#? [1]

# ---------------------------------------------------------------------------
# play: argument forms
# ---------------------------------------------------------------------------

# Colour and vertex are case-insensitive: "B d4" is Black at D4.
700 play B d4
#? []

# "white" is a colour too.
710 play white E5
#? []

# "W" and a lower-case vertex.
720 play W e6
#? []

# twogtp passes with "PASS".
730 play black PASS
#? []

# Sabaki passes with "pass".
740 play w pass
#? []

# Black has exactly the stone at D4.
750 list_stones black
#? [D4]

# White has E5 and E6, in either order.
760 list_stones white
#? [E5 E6|E6 E5]

# GTP lets the same colour play twice in a row.
770 play b F4
#? []

# ... and a third time.
780 play b F5
#? []

# Black now has D4, F4 and F5.
790 list_stones black
#? [(?:D4|F4|F5)(?: (?:D4|F4|F5)){2}]

# An occupied point is illegal for either colour.
800 is_legal w D4
#? [0]

# Playing on an occupied point is refused ("? illegal move") ...
810 play w D4
#? [.*]*

# ... and White still has only E5 and E6.
820 list_stones white
#? [E5 E6|E6 E5]

# showboard answers a multi-line board (at least one line per row of the
# 9x9 board) with no empty line inside.
830 showboard
#? [[^\n]*(\n[^\n]*){8,}]

# ---------------------------------------------------------------------------
# komi, observed through final_score on an empty board
# ---------------------------------------------------------------------------

# On an empty board every point is neutral, so the score is the komi alone.
clear_board

# The default komi is 7.5.
900 final_score
#? [W\+7\.5]

# twogtp sends integer komi as "7"; the score prints without ".0".
910 komi 7
#? []

# Empty board with komi 7.
920 final_score
#? [W\+7]

# A half-point komi.
930 komi 6.5
#? []

# Empty board with komi 6.5.
940 final_score
#? [W\+6\.5]

# Zero komi.
950 komi 0
#? []

# A draw is written "0".
960 final_score
#? [0]

# A negative komi (reverse komi) is accepted.
970 komi -3.5
#? []

# Negative komi favours Black.
980 final_score
#? [B\+3\.5]

# "nan" is not a number of points: refused with "? syntax error".
990 komi nan
#? [.*]*

# The komi is still -3.5.
1000 final_score
#? [B\+3\.5]

# 1e400 overflows to infinity: refused.
1010 komi 1e400
#? [.*]*

# The komi is still -3.5.
1020 final_score
#? [B\+3\.5]

# Not a number at all: refused.
1030 komi abc
#? [.*]*

# The komi is still -3.5.
1040 final_score
#? [B\+3\.5]

# Infinity itself: refused.
1050 komi inf
#? [.*]*

# The komi is still -3.5.
1060 final_score
#? [B\+3\.5]

# Komi arrives before boardsize in twogtp and Sabaki and must survive it.
1070 boardsize 13
#? []

# boardsize kept komi -3.5.
1080 final_score
#? [B\+3\.5]

# clear_board keeps the komi too.
1090 clear_board
#? []

# clear_board kept komi -3.5.
1100 final_score
#? [B\+3\.5]

# Changing the rules keeps the komi.
1110 kgs-rules new_zealand
#? []

# The rule change kept komi -3.5.
1120 final_score
#? [B\+3\.5]

# Back to AGA rules.
1130 kgs-rules aga
#? []

# Still komi -3.5.
1140 final_score
#? [B\+3\.5]

# "7.0" is just 7.
1150 komi 7.0
#? []

# Komi 7 again.
1160 final_score
#? [W\+7]

# ---------------------------------------------------------------------------
# boardsize
# ---------------------------------------------------------------------------

# A 9x9 board with one black stone; every refused boardsize must leave it so.
boardsize 9
clear_board
play b D4

# A 1x1 board is not supported ("? unacceptable size").
1200 boardsize 1
#? [.*]*

# The board was not cleared: D4 is still there.
1210 list_stones black
#? [D4]

# 26 is more than the largest size, 25.
1220 boardsize 26
#? [.*]*

# D4 is still there.
1230 list_stones black
#? [D4]

# A size too big to parse as an integer is still "unacceptable size".
1240 boardsize 99999999999999999999
#? [.*]*

# D4 is still there.
1250 list_stones black
#? [D4]

# A size that is not a number is a syntax error.
1260 boardsize abc
#? [.*]*

# D4 is still there.
1270 list_stones black
#? [D4]

# Zero is refused.
1280 boardsize 0
#? [.*]*

# Negative sizes are refused.
1290 boardsize -9
#? [.*]*

# D4 is still there, on a 9x9 board (J9 is its corner).
1300 list_stones black
#? [D4]

# The board is still 9x9: J9 is on it.
1310 is_legal w J9
#? [1]

# The largest board, 25x25, is accepted ...
1320 boardsize 25
#? []

# ... and boardsize clears the board.
1330 list_stones black
#? []

# Its last column is Z (A..Z without I).
1340 play b Z25
#? []

# The stone is at Z25.
1350 list_stones black
#? [Z25]

# The smallest board, 2x2, is accepted.
1360 boardsize 2
#? []

# B2 is its top-right corner.
1370 play b B2
#? []

# C1 is off a 2x2 board ("? illegal move").
1380 play w C1
#? [.*]*

# No white stone appeared.
1390 list_stones white
#? []

# clear_board keeps the 2x2 size: B2 is empty again and C1 still off-board.
clear_board

# B2 is free after clear_board.
1400 is_legal w B2
#? [1]

# C1 is still off the board.
1410 play w C1
#? [.*]*

# ---------------------------------------------------------------------------
# Miscellaneous
# ---------------------------------------------------------------------------

# gogui-interrupt answers an empty success (GoGui then sends "# interrupt"
# comment lines, which get no answer).
1500 gogui-interrupt
#? []

# cputime is a plain number of seconds that Java's Double.parseDouble reads.
1510 cputime
#? [[0-9]+(\.[0-9]+)?]

# A large id is echoed like any other.
999999 protocol_version
#? [2]

# Id 0 is an id too.
0 name
#? [hane]
