#!/usr/bin/env bash
# Issue 14's figures (docs/benchmarks.md, "Issue 14"): two worker nodes and the UCI engine on this machine, one
# search per Cluster Split Depth, the engine's own per-search cluster line and its last info line; then the same
# search with no cluster. Usage: scripts/cluster-bench.sh [DEPTH] [SPLIT_DEPTHS] [NODE_THREADS]
# (defaults 14, "6 8 10", 1). Needs target/gacrux.jar (mvn package). Ports 25611-25612 must be free.
set -euo pipefail
DEPTH=${1:-14}
SPLITS=${2:-"6 8 10"}
THREADS=${3:-1}
JAR=$(cd "$(dirname "$0")/.." && pwd)/target/gacrux.jar
DIR=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$DIR"' EXIT
POS="position startpos moves e2e4 e7e5 g1f3 b8c6"

mkfifo "$DIR/n1.in" "$DIR/n2.in"
java -jar "$JAR" node --port 25611 --threads "$THREADS" < "$DIR/n1.in" > "$DIR/n1.out" 2> "$DIR/n1.err" &
exec 3> "$DIR/n1.in"
java -jar "$JAR" node --port 25612 --seed 127.0.0.1:25611 --threads "$THREADS" < "$DIR/n2.in" > "$DIR/n2.out" 2> "$DIR/n2.err" &
exec 4> "$DIR/n2.in"
for f in n1 n2; do
  for _ in $(seq 1 120); do grep -q '^node ready' "$DIR/$f.out" && break; sleep 0.5; done
  cat "$DIR/$f.out"
done

run() { # $1: extra setoption lines; prints the cluster line and the last info depth line
  # With a cluster: wait for the join, then 3 s for the Receptionist's listing to reach the engine.
  { echo uci; printf '%b' "$1"; echo isready
    if [ -n "$1" ]; then
      while ! grep -q '^info string cluster: joined' "$DIR/e.out" 2>/dev/null; do sleep 0.5; done; sleep 3
    fi
    echo "$POS"; echo "go depth $DEPTH"
    while ! grep -q '^bestmove' "$DIR/e.out" 2>/dev/null; do sleep 0.5; done; echo quit; } \
    | java -jar "$JAR" > "$DIR/e.out" 2> "$DIR/e.err" || true
  grep '^info depth' "$DIR/e.out" | grep -v lowerbound | grep -v upperbound | tail -1 | sed 's/ pv .*//'
  grep '^info string cluster' "$DIR/e.out" | grep -v joined || true
  rm -f "$DIR/e.out"
}
for s in $SPLITS; do
  echo "== Cluster Split Depth $s, depth $DEPTH, 2 worker nodes x $THREADS thread(s) + the engine (Threads 1)"
  run "setoption name Cluster value 127.0.0.1:25611\nsetoption name Cluster Split Depth value $s\n"
done
echo "== no cluster, depth $DEPTH, Threads 1"
run ""
echo quit >&3; echo quit >&4
wait
