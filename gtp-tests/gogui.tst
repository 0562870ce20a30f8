# gogui.tst: GoGui's Analyze menu: the gfx displays of a search and the
# parameter dialog. The display searches use the engine's budget (here 500
# playouts, checked every few milliseconds), so only their form is matched.
# hane-args: --player mcts --threads 1 --playouts 500 --seed 1

boardsize 9
clear_board
komi 7.5
play b E5
play w C3

# ---------------------------------------------------------------------------
# The Analyze menu
# ---------------------------------------------------------------------------

# The best moves, the principal variation and the parameters are offered,
# with the colour to move as the argument of the displays.
10 gogui-analyze_commands
#? [.*^gfx/Best moves/hane-best_moves %m$.*]

20 gogui-analyze_commands
#? [.*^gfx/Principal variation/hane-pv %m$.*]

30 gogui-analyze_commands
#? [.*^param/Search parameters/hane-params$.*]

# The score breakdown is there too.
40 gogui-analyze_commands
#? [.*^string/Score explained/hane-score$.*]

# ---------------------------------------------------------------------------
# Best moves: a colour and a win-rate label per candidate, then a summary
# ---------------------------------------------------------------------------

100 hane-best_moves b
#? [(COLOR #[0-9a-f]{6} [A-HJ][1-9]\n)+LABEL [A-HJ][1-9] \d{1,3}( [A-HJ][1-9] \d{1,3})*\nTEXT B [A-HJ][1-9] \d{1,3}\.\d% after \d+ playouts in \d+\.\d\d s]

# Without a colour it searches for the side to move (Black).
110 hane-best_moves
#? [.*\nTEXT B .*]

# Occupied points are never candidates.
120 hane-best_moves
#? [!.*(E5|C3).*\nTEXT.*]

# ---------------------------------------------------------------------------
# Principal variation: moves of alternating colours from the given side
# ---------------------------------------------------------------------------

200 hane-pv w
#? [VAR w (?:[A-HJ][1-9]|PASS)(?: b (?:[A-HJ][1-9]|PASS) w (?:[A-HJ][1-9]|PASS))*(?: b (?:[A-HJ][1-9]|PASS))?\nTEXT W .*]

210 hane-pv
#? [VAR b .*]

# A display does not play: the board still has two stones.
220 list_stones black
#? [E5]

230 list_stones white
#? [C3]

# A colour that is not one is refused.
240 hane-pv x
#? [.*]*

# ---------------------------------------------------------------------------
# Parameters: [type] key value lines, set with key value
# ---------------------------------------------------------------------------

300 hane-params
#? [\[string\] threads 1\n\[string\] playouts 500\n\[string\] time_per_move none\n\[string\] resign_threshold 0\.1\n\[list/aga/nz\] rules aga\n\[list/off/best_moves/pv\] live_gfx off]

310 hane-params playouts 800
#? []

320 hane-params time_per_move 0.5
#? []

330 hane-params resign_threshold 0.05
#? []

340 hane-params live_gfx best_moves
#? []

350 hane-params
#? [\[string\] threads 1\n\[string\] playouts 800\n\[string\] time_per_move 0\.5\n\[string\] resign_threshold 0\.05\n\[list/aga/nz\] rules aga\n\[list/off/best_moves/pv\] live_gfx best_moves]

# none (or 0) unsets the time per move.
360 hane-params time_per_move none
#? []

370 hane-params
#? [.*^\[string\] time_per_move none$.*]

# Bad values are refused and change nothing: no threads, a negative
# time, a win rate above 1, unknown rules, an unknown key, a missing value.
400 hane-params threads 0
#? [.*]*

410 hane-params time_per_move -1
#? [.*]*

420 hane-params resign_threshold 2
#? [.*]*

430 hane-params rules japanese
#? [.*]*

440 hane-params komi 6.5
#? [.*]*

450 hane-params threads
#? [.*]*

460 hane-params
#? [\[string\] threads 1\n\[string\] playouts 800\n\[string\] time_per_move none\n\[string\] resign_threshold 0\.05\n\[list/aga/nz\] rules aga\n\[list/off/best_moves/pv\] live_gfx best_moves]

# ---------------------------------------------------------------------------
# The rules parameter: like kgs-rules, from this position on
# ---------------------------------------------------------------------------

# A multi-stone suicide in the corner: Black A1, White around it, then
# Black B1 would leave A1+B1 without a liberty.
clear_board
play b A1
play w A2
play b J9
play w B2
play b J8
play w C1

# Illegal under AGA.
500 is_legal b B1
#? [0]

510 hane-params rules nz
#? []

# Legal under New Zealand rules.
520 is_legal b B1
#? [1]

530 hane-params
#? [.*^\[list/aga/nz\] rules nz$.*]

540 hane-params rules aga
#? []

550 is_legal b B1
#? [0]
