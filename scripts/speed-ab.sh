#!/usr/bin/env bash
# Search speed of two or more builds, measured in one JVM (docs/benchmarks.md, "Search speed: bench"): the
# positions one engine searched in a game, each searched at a fixed node count by every build in turn, passes
# interleaved, CPU time of the searching thread. A speed-up that keeps the bench fingerprint is quoted as the
# median per-pass ratio this prints (builds at different fingerprints search different trees: compare with care).
# Separate JVMs run one after another drift by +-10 % on these machines; interleaved passes in one JVM cancel the
# machine's drift, but each JVM compiles each build its own way, which moves a run's ratio by up to +-3 % (the same
# jar against itself: 0.971 and 1.029 in two runs). So it repeats the whole measurement in R fresh JVMs (--runs,
# default 3) and quotes the median of the runs' ratios.
#
#   scripts/speed-ab.sh [--nodes 30000] [--passes 12] [--warmup 3] [--runs 3] [--games FILE] REF|JAR REF|JAR [...]
#
# REF: a git ref (built by scripts/jar-for.sh, cached) or WORKTREE; JAR: a path ending in .jar. The first is the
# baseline. FILE: UCI position commands, one game per line as played ("position fen F moves ..."; from a match
# log: the last `position` line each engine received); default: scripts/speed-ab/games.txt, two 5+0.05 games of
# the Ethereal gauntlet. The harness is compiled against the first build: builds whose Searcher API differs from it
# cannot be compared.
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=30000 passes=12 warm=3 runs=3 games=scripts/speed-ab/games.txt
builds=()
while [ $# -gt 0 ]; do
    case $1 in
        --nodes) nodes=$2; shift 2 ;;
        --passes) passes=$2; shift 2 ;;
        --warmup) warm=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --games) games=$2; shift 2 ;;
        --*) echo "speed-ab: unknown option $1" >&2; exit 2 ;;
        *) builds+=("$1"); shift ;;
    esac
done
[ ${#builds[@]} -ge 2 ] || { echo "usage: scripts/speed-ab.sh [--nodes N] [--passes P] [--warmup W] [--runs R] [--games FILE] REF|JAR REF|JAR [...]" >&2; exit 2; }
[ -f "$games" ] || { echo "speed-ab: no games file $games" >&2; exit 2; }
jars=()
for b in "${builds[@]}"; do
    if [[ $b == *.jar ]]; then
        [ -f "$b" ] || { echo "speed-ab: no jar $b" >&2; exit 2; }
        jars+=("$(realpath "$b")")
    else
        jars+=("$(scripts/jar-for.sh "$b")")
    fi
done
classes=$(mktemp -d /tmp/speed-ab.XXXXXX)
trap 'rm -rf "$classes"' EXIT
javac -d "$classes" -cp "${jars[0]}" scripts/speed-ab/NpsPass.java
javac -d "$classes" scripts/speed-ab/SpeedAb.java
for j in "${jars[@]}"; do printf '%s: bench %s\n' "$j" "$(java -jar "$j" bench 2>&1 | grep -o 'Nodes: [0-9]*')"; done
for r in $(seq "$runs"); do
    echo "run $r of $runs"
    java -cp "$classes" SpeedAb "$games" "$nodes" "$passes" "$warm" "$classes" "${jars[@]}" | tee "$classes/run$r.txt"
done
for ((j = 1; j < ${#jars[@]}; j++)); do
    ratios=$(grep -h "^ratio ${jars[$j]} " "$classes"/run*.txt | awk '{print $6}' | sort -n | tr '\n' ' ')
    med=$(echo "$ratios" | tr ' ' '\n' | grep . | awk '{a[NR]=$1} END{print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')
    echo "speed ${jars[$j]} / ${jars[0]}: median of $runs runs $med (runs: $ratios)"
done
