# time.tst: time_settings, time_left and kgs-time_settings. Good values give
# an empty success; negative or malformed ones are refused ("? syntax
# error"). Time settings are not visible through GTP, so after the refused
# commands the file checks that the engine still plays normally.

boardsize 9
clear_board

# ---------------------------------------------------------------------------
# Accepted
# ---------------------------------------------------------------------------

# What twogtp sends for -time 5m+30s/10.
10 time_settings 300 30 10
#? []

# Absolute time: no byo-yomi (byo-yomi time 0, 0 stones).
20 time_settings 600 0 0
#? []

# The GTP spec's "no time limit": byo-yomi time > 0 with 0 stones.
30 time_settings 0 1 0
#? []

# time_left for Black: 100 s of main time.
40 time_left b 100 0
#? []

# time_left for White in byo-yomi: 25 s for 5 stones.
50 time_left white 25 5
#? []

# Upper-case colour.
60 time_left W 10 1
#? []

# KGS: no time limit.
70 kgs-time_settings none
#? []

# KGS: absolute time, 10 minutes.
80 kgs-time_settings absolute 600
#? []

# KGS: Japanese byo-yomi, 10 min + 5 periods of 30 s.
90 kgs-time_settings byoyomi 600 30 5
#? []

# KGS: Canadian, 10 min + 25 stones in 5 min.
100 kgs-time_settings canadian 600 300 25
#? []

# A move can be generated under a short clock.
time_settings 5 0 0
time_left b 5 0

# The answer is a vertex of the 9x9 board.
110 genmove b
#? [(?i)[A-HJ][1-9]]

# ---------------------------------------------------------------------------
# Refused
# ---------------------------------------------------------------------------

# Negative main time.
200 time_settings -1 30 10
#? [.*]*

# Negative byo-yomi time.
210 time_settings 300 -30 10
#? [.*]*

# Negative byo-yomi stones.
220 time_settings 300 30 -10
#? [.*]*

# Not a number.
230 time_settings abc 30 10
#? [.*]*

# Missing argument.
240 time_settings 300 30
#? [.*]*

# Negative time left.
250 time_left b -5 0
#? [.*]*

# Negative stones left.
260 time_left b 10 -1
#? [.*]*

# Not a colour.
270 time_left x 10 0
#? [.*]*

# Not a number.
280 time_left b abc 0
#? [.*]*

# Missing argument.
290 time_left b 10
#? [.*]*

# Negative absolute time.
300 kgs-time_settings absolute -5
#? [.*]*

# Byo-yomi without its period count.
310 kgs-time_settings byoyomi 600 30
#? [.*]*

# Negative byo-yomi period.
320 kgs-time_settings byoyomi 600 -30 5
#? [.*]*

# Negative Canadian stones.
330 kgs-time_settings canadian 600 300 -1
#? [.*]*

# A time system KGS does not have.
340 kgs-time_settings fischer 600 10
#? [.*]*

# No time system at all.
350 kgs-time_settings
#? [.*]*

# absolute without its time.
355 kgs-time_settings absolute
#? [.*]*

# ---------------------------------------------------------------------------
# The game is undisturbed
# ---------------------------------------------------------------------------

# Black's stone from test 110 is still the only stone.
360 list_stones black
#? [\S+]

# No white stone.
370 list_stones white
#? []

# White can still generate a move.
380 genmove w
#? [(?i)[A-HJ][1-9]]
