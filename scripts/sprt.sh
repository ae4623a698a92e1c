#!/usr/bin/env bash
# SPRT of one build against another (issue 13: every search/eval/time change is tested against the build
# before it). Builds each git ref from a clean `git archive` into /tmp/gacrux-sprt/<sha>.jar (scripts/jar-for.sh:
# cached, so a working-tree edit cannot change a running match), then runs ../shared/tools/match.mjs with the shuffled
# openings and the project's SPRT bounds. Extra arguments go to match.mjs (e.g. --tc 5+0.05, --nodes 25000,
# --concurrency 2, --games 4000, --seed 7).
#
#   scripts/sprt.sh NEW_REF OLD_REF [match.mjs args...]
#   scripts/sprt.sh WORKTREE OLD_REF ...   (NEW_REF=WORKTREE: build the working tree as it is, uncached)
#   SPRT_NEW_OPTS="opt.EvalFile=/path/net.bin" scripts/sprt.sh main main ...   (UCI options for the new engine only:
#                                          a net against the hand-crafted evaluation of the same build, docs/nnue.md)
#
# Prints the match summary; the last lines carry games, W-L-D, Elo +/- error and the LLR for the commit message.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
new=$1 old=$2; shift 2
newjar=$(scripts/jar-for.sh "$new")
oldjar=$(scripts/jar-for.sh "$old")
echo "new: $new -> $newjar" >&2
echo "old: $old -> $oldjar" >&2
for j in "$newjar" "$oldjar"; do
    printf '%s bench: ' "$j" >&2
    java -jar "$j" bench 2>&1 | grep -o 'Nodes: [0-9]*' >&2 || true
done
exec node "$root/../shared/tools/match.mjs" \
    --engine name=new cmd="java -jar $newjar" ${SPRT_NEW_OPTS:-} \
    --engine name=old cmd="java -jar $oldjar" \
    --openings "$root/../shared/data/openings.epd" --shuffle \
    --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 --games 20000 "$@"
