"""The GTP side of the stub programs the lab's tests play games with:
`serve(answer)` reads commands from stdin and answers the handshake
(protocol_version, name, version, list_commands) and quit itself, and
every other command with `answer(words)`, the text of an `=` answer.

A stub is a small script the tests write to a temporary folder; it finds
this module through PYTHONPATH, which the tests set to this folder.

Python 3 standard library only.
"""

import sys

COMMANDS = ["protocol_version", "name", "version", "boardsize",
            "clear_board", "komi", "play", "genmove", "final_score", "quit",
            "list_commands"]


def serve(answer):
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "protocol_version":
            out = "2"
        elif cmd == "name":
            out = "stub"
        elif cmd == "version":
            out = "1"
        elif cmd == "list_commands":
            out = "\n".join(COMMANDS)
        elif cmd == "quit":
            out = ""
        else:
            out = answer(words)
        sys.stdout.write("= %s\n\n" % out)
        sys.stdout.flush()
        if cmd == "quit":
            break
