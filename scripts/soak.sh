#!/usr/bin/env bash
# Soak (issue 8, docs/reliability.md "Soak"): GAMES self-play games of Gacrux against itself at a very fast
# time control with Threads=2 (DTS), through ../shared/tools/match.mjs (the arbiter: legality, clocks,
# adjudication). Reports crashes, illegal moves, time losses and stalls from match.mjs's summary, and the live
# heap of both engine JVMs (after a full GC, via jcmd) every 100 finished games.
#
#   scripts/soak.sh [GAMES=1000] [TC=1+0.01] [OUTDIR=target/soak]
#
# OUTDIR/uci.log holds all UCI traffic with match.mjs's timestamps (about 60 MB per 1,000 games): it shows
# where a late bestmove lost its time. Runs a copy of target/gacrux.jar (so a rebuild during the soak cannot change it). Needs node and jcmd.
set -euo pipefail
GAMES=${1:-1000}
TC=${2:-1+0.01}
OUT=${3:-target/soak}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
MATCH="$ROOT/../shared/tools/match.mjs"
mkdir -p "$OUT"
cp "$ROOT/target/gacrux.jar" "$OUT/gacrux.jar"
PGN="$OUT/soak.pgn"; LOG="$OUT/match.out"; HEAP="$OUT/heap.tsv"
: > "$PGN"
ENGINE="java -Xmx256m -jar $OUT/gacrux.jar"
node "$MATCH" --engine name=gacrux-a cmd="$ENGINE" opt.Threads=2 opt.Hash=16 \
    --engine name=gacrux-b cmd="$ENGINE" opt.Threads=2 opt.Hash=16 \
    --tc "$TC" --games "$GAMES" --openings "$ROOT/../shared/data/openings.epd" --shuffle --seed 8 \
    --pgn "$PGN" --log "$OUT/uci.log" --quiet > "$LOG" 2>&1 &
NODE=$!
echo -e "games\tpid\theap_used_kb_after_gc\theap_committed_kb" > "$HEAP"
heap() { # the live heap of each engine JVM (children of the match runner) after a full GC
    local games=$1
    for pid in $(pgrep -P "$NODE" java || true); do
        jcmd "$pid" GC.run > /dev/null 2>&1 || continue
        jcmd "$pid" GC.heap_info 2>/dev/null | awk -v g="$games" -v p="$pid" \
            '/garbage-first heap|def new generation|PSYoungGen|total [0-9]+K, used/ && !done {
                 for (i = 1; i <= NF; i++) { if ($i == "total") t = $(i+1); if ($i == "used") u = $(i+1) }
                 gsub(/[K,]/, "", t); gsub(/[K,]/, "", u); print g "\t" p "\t" u "\t" t; done = 1 }' >> "$HEAP"
    done
}
next=0  # first sample once the engines are up (the first loop turn), then every 100 games
while kill -0 "$NODE" 2> /dev/null; do
    sleep 5
    done_games=$(grep -c '^\[Result ' "$PGN" || true)
    if [ "$done_games" -ge "$next" ]; then heap "$done_games"; next=$((next + 100)); fi
done
wait "$NODE" && rc=0 || rc=$?
echo "match.mjs exit code $rc"
tail -n 6 "$LOG"
echo "heap (KB, after a full GC) every 100 games:"
cat "$HEAP"
