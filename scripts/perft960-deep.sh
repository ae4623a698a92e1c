#!/usr/bin/env bash
# The published Chess960 perft suite at a depth the unit test leaves out (its default stops at 1.2 M nodes per
# case): every position from FROM to TO (1-based lines of src/test/resources/chess960-perft.epd, header not
# counted) at DEPTH, each counted by the engine jar's own `perft DEPTH --chess960 --fen FEN` and compared with the
# suite's count. Prints one line per position and a summary; exit 1 at the first mismatch. Depth 6 is 0.1-1.2 G
# nodes per position (about 2 hours for all 960 on one core): run it in parts, e.g. at nice 19 beside other work.
#
#   scripts/perft960-deep.sh [DEPTH=6] [FROM=1] [TO=960]      (needs target/gacrux.jar: mvn -o -q package)
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-6} from=${2:-1} to=${3:-960}
jar=target/gacrux.jar
[ -f "$jar" ] || { echo "perft960-deep: $jar missing (mvn -o -q -B package -Dmaven.test.skip=true)" >&2; exit 2; }
[[ "$depth" =~ ^[1-6]$ && "$from" =~ ^[0-9]+$ && "$to" =~ ^[0-9]+$ ]] \
    || { echo "usage: scripts/perft960-deep.sh [DEPTH 1-6] [FROM] [TO]" >&2; exit 2; }
# A copy, so that a rebuild of target/ during a long run cannot hand a position a half-written jar.
run=$(mktemp --suffix .jar)
trap 'rm -f "$run"' EXIT
cp "$jar" "$run"
n=0 nodes=0 start=$(date +%s)
while IFS= read -r line; do
    n=$((n + 1))
    [ "$n" -lt "$from" ] && continue
    [ "$n" -gt "$to" ] && break
    fen=${line%% ;*}
    want=$(grep -o ";D$depth [0-9]*" <<< "$line" | cut -d' ' -f2)
    got=$(java -jar "$run" perft "$depth" --chess960 --fen "$fen" 2>&1 | sed -n 's/^Nodes: //p')
    if [ "$got" != "$want" ]; then
        echo "MISMATCH position $n depth $depth: got ${got:-nothing}, expected $want: $fen"
        exit 1
    fi
    nodes=$((nodes + got))
    echo "ok $n $want $fen"
done < <(grep -v '^#' src/test/resources/chess960-perft.epd)
echo "perft960-deep: positions $from-$((n < to ? n : to)) at depth $depth match ($nodes nodes, $(( $(date +%s) - start )) s)"
