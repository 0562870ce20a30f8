# scoring_nz.tst: final_score under New Zealand rules.
# scoring_aga.tst scores the very same positions under the other rule set; the
# answers differ only where the AGA handicap compensation applies: White
# gets handicap-1 extra points when the handicap is 2 or more.
# final_score is an area count (stones + empty regions that touch only one
# colour) with every stone alive, minus komi. X black, O white.

kgs-rules new_zealand

# ---------------------------------------------------------------------------
# Empty board: only komi counts
# ---------------------------------------------------------------------------
boardsize 9
clear_board
komi 7.5

# No stone, komi 7.5.
10 final_score
#? [W\+7\.5]

# ---------------------------------------------------------------------------
# A wall on 5x5, played alternately (no handicap)
#      A B C D E
#   5  . . X O .
#   ...
#   1  . . X O .
# Black: columns A-C = 15 points; White: columns D-E = 10 points.
# ---------------------------------------------------------------------------
boardsize 5
clear_board
play b C1
play w D1
play b C2
play w D2
play b C3
play w D3
play b C4
play w D4
play b C5
play w D5
komi 0

# 15 - 10 with komi 0.
20 final_score
#? [B\+5]

komi 7.5

# 15 - 10 - 7.5.
30 final_score
#? [W\+2\.5]

komi 5

# 15 - 10 - 5 is a draw, written 0.
40 final_score
#? [0]

# With no handicap the count is 0.
50 hane-handicap
#? [0(?: .*)?]

# ---------------------------------------------------------------------------
# final_status_list: every stone is alive for now
# ---------------------------------------------------------------------------

# All ten stones are alive.
60 final_status_list alive
#? [\S+( \S+){9}]

# None is dead.
70 final_status_list dead
#? []

# None is in seki.
80 final_status_list seki
#? []

# Another status is refused ("? syntax error").
90 final_status_list bogus
#? [.*]*

# ---------------------------------------------------------------------------
# hane-handicap overrides the handicap used for scoring
# ---------------------------------------------------------------------------
komi 0

# Pretend the game had a 3-stone handicap.
100 hane-handicap 3
#? [(?:3(?: .*)?)?]

# The override is reported.
110 hane-handicap
#? [3(?: .*)?]

# New Zealand: no compensation.
120 final_score
#? [B\+5]

# A handicap of 1 means no compensation.
130 hane-handicap 1
#? [(?:1(?: .*)?)?]

# 15 - 10 under both rule sets.
140 final_score
#? [B\+5]

# Back to the automatic count.
150 hane-handicap auto
#? [.*]

# The automatic count is 0 for this game.
160 hane-handicap
#? [0(?: .*)?]

# 15 - 10 again.
170 final_score
#? [B\+5]

# ---------------------------------------------------------------------------
# A neutral column (dame)
#      A B C D E
#   5  . X . O .
#   ...
#   1  . X . O .
# Column C touches both colours: nobody's. Black 10, White 10.
# ---------------------------------------------------------------------------
clear_board
play b B1
play w D1
play b B2
play w D2
play b B3
play w D3
play b B4
play w D4
play b B5
play w D5
komi 0

# 10 - 10 with komi 0: a draw.
180 final_score
#? [0]

komi 0.5

# 10 - 10 - 0.5.
190 final_score
#? [W\+0\.5]

komi -1

# Reverse komi.
200 final_score
#? [B\+1]

# ---------------------------------------------------------------------------
# Prisoners do not count in an area score
# The wall again, but White first played A3 and Black captured it with
# A2, A4 and B3. Black has one prisoner; the score is still 15 - 10.
# ---------------------------------------------------------------------------
clear_board
play b C1
play w A3
play b C2
play w D1
play b C3
play w D2
play b C4
play w D3
play b C5
play w D4
play b A2
play w D5
play b A4
play w pass
play b B3
komi 7.5

# Black captured A3.
210 captures black
#? [1]

# 15 - 10 - 7.5: the prisoner adds nothing.
220 final_score
#? [W\+2\.5]

# ---------------------------------------------------------------------------
# A lone stone inside the opponent's area is dead
# Same wall, White A3 left on the board. Black, to move, captures it: the
# dead-stone analysis removes it and the region A1-B5 is Black's. GNU Go
# 3.8 (--chinese-rules) agrees: A3 dead, B+5. Black 5 + 10, White 10.
# ---------------------------------------------------------------------------
clear_board
play b C1
play w A3
play b C2
play w D1
play b C3
play w D2
play b C4
play w D3
play b C5
play w D4
play b pass
play w D5
komi 0

# 15 - 10.
230 final_score
#? [B\+5]

# ---------------------------------------------------------------------------
# fixed_handicap on 9x9: the whole empty board touches only Black
# ---------------------------------------------------------------------------
boardsize 9
clear_board
komi 0.5
fixed_handicap 2

# Two handicap stones.
240 hane-handicap
#? [2(?: .*)?]

# 81 - 0.5.
250 final_score
#? [B\+80\.5]

clear_board
fixed_handicap 9

# 81 - 0.5.
260 final_score
#? [B\+80\.5]

# ---------------------------------------------------------------------------
# set_free_handicap: the black wall placed as a 5-stone handicap
# ---------------------------------------------------------------------------
boardsize 5
clear_board
komi 0.5
set_free_handicap C1 C2 C3 C4 C5
play w D1
play w D2
play w D3
play w D4
play w D5

# Five handicap stones.
270 hane-handicap
#? [5(?: .*)?]

# 15 - 10 - 0.5.
280 final_score
#? [B\+4\.5]

# ---------------------------------------------------------------------------
# Handicap given as consecutive black moves at the start (how twogtp
# places handicap for engines without set_free_handicap)
# ---------------------------------------------------------------------------
clear_board
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

# Five black stones before White's first move: handicap 5.
290 hane-handicap
#? [5(?: .*)?]

# 15 - 10 - 0.5.
300 final_score
#? [B\+4\.5]

# Two black stones, then normal alternation: handicap 2.
clear_board
play b C1
play b C2
play w D1
play b C3
play w D2
play b C4
play w D3
play b C5
play w D4
play w D5

# Only the first run of black moves counts.
310 hane-handicap
#? [2(?: .*)?]

# 15 - 10 - 0.5.
320 final_score
#? [B\+4\.5]

# White moves first: no handicap, whatever Black does later.
clear_board
play w D1
play b C1
play b C2
play b C3
play b C4
play b C5
play w D2
play w D3
play w D4
play w D5

# White moved first.
330 hane-handicap
#? [0(?: .*)?]

# 15 - 10 - 0.5 under both rule sets.
340 final_score
#? [B\+4\.5]
