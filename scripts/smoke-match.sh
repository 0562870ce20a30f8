#!/usr/bin/env bash
# CI smoke match: 2 quick 9x9 games of hane (300 playouts, 1 thread) against
# GNU Go level 1, refereed by GNU Go and checked by hane's rules core.
# GNU Go is $GNUGO, else gnugo on PATH.
# Builds nothing: run `cargo build --release` first.
# Fails if hane makes an illegal move, crashes, times out, gives a bad answer,
# or a finished game cannot be scored (see scripts/match.py).
set -euo pipefail

cd "$(dirname "$0")/.."

if [[ ! -x target/release/hane ]]; then
    echo "smoke-match: target/release/hane not found; run 'cargo build --release' first" >&2
    exit 2
fi
# GNU Go: $GNUGO, else gnugo on PATH.
gnugo=${GNUGO:-gnugo}
if ! command -v "$gnugo" >/dev/null 2>&1; then
    echo "smoke-match: GNU Go not found ('$gnugo'; apt-get install gnugo, or set GNUGO)" >&2
    exit 2
fi

python3 scripts/match.py \
    --games 2 --size 9 --komi 7 \
    --opponent "$gnugo --mode gtp --level 1 --chinese-rules" \
    --engine "target/release/hane --playouts 300 --threads 1" \
    --timeout 60 \
    --sgf-dir target/smoke-match \
    "$@"
