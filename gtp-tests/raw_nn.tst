# raw_nn.tst: kata-raw-nn (KataGo's raw network evaluation) and the GoGui
# displays of the network's value heads, hane-raw-ownership and
# hane-raw-value. Their numbers depend on the network's weights, so only
# what holds for any network is checked here: the commands are listed and
# offered, and every refusal leaves the game alone. Without a network
# (--no-net) every evaluation is refused with "? no network"; the form of
# the answer with a network that has heads is checked by tests/raw_nn.rs
# and the session's unit tests.
# hane-args: --player random --seed 1 --threads 1 --playouts 200 --no-net

boardsize 5
clear_board
komi 7.5
play b A5
play w C3

# ---------------------------------------------------------------------------
# Listed and offered
# ---------------------------------------------------------------------------

# list_commands lists kata-raw-nn and the two displays.
10 list_commands
#? [.*^kata-raw-nn$.*]

20 list_commands
#? [.*^hane-raw-ownership$.*]

30 list_commands
#? [.*^hane-raw-value$.*]

40 known_command kata-raw-nn
#? [true]

# GoGui's Analyze menu offers the network's ownership (a dboard) and value
# (a string).
50 gogui-analyze_commands
#? [.*^dboard/Network ownership/hane-raw-ownership$.*]

60 gogui-analyze_commands
#? [.*^string/Network value/hane-raw-value$.*]

# ---------------------------------------------------------------------------
# Refusals: no network here, and bad arguments with any network
# ---------------------------------------------------------------------------

# No network: refused with "? no network".
100 kata-raw-nn 0
#? [.*]*

110 kata-raw-nn b all
#? [.*]*

120 hane-raw-ownership
#? [.*]*

130 hane-raw-value
#? [.*]*

# Symmetries are 0 to 7 or "all": refused with "? syntax error".
200 kata-raw-nn 8
#? [.*]*

# A colour must be b, w, black or white.
210 kata-raw-nn x 0
#? [.*]*

# The symmetry is not optional.
220 kata-raw-nn
#? [.*]*

225 kata-raw-nn w
#? [.*]*

# Nothing after the symmetry (KataGo's optimism argument is not taken).
230 kata-raw-nn 0 0
#? [.*]*

# The displays take no argument.
240 hane-raw-value b
#? [.*]*

# Nothing changed: the same stones, and the same 23 empty points to play.
300 list_stones black
#? [A5]

310 list_stones white
#? [C3]

320 gogui-rules_legal_moves
#? [(?:[A-E][1-5] ){23}pass]
