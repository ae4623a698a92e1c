#!/usr/bin/env bash
# The strength gauntlet of issue 13 (docs/strength.md): Gacrux at one git ref, 1 thread, against Toga II 3.0,
# Glaurung 2.2, Ethereal 12 (books off, Threads 1, Hash 16) and Stockfish 15.1 at UCI_Elo 2400, 5+0.05 by default,
# shuffled openings.epd, --concurrency 1. Each match writes its PGN and summary under OUT (default
# /tmp/gacrux-gauntlet/<sha>); the summaries carry Elo with error bars and the time losses, illegal moves and
# crashes of both sides. Opponents are the Debian packages (apt-get install toga2 glaurung ethereal-chess
# stockfish), found in /usr/games; the project's tests never need them.
#
#   scripts/gauntlet.sh REF [--games N] [--tc 5+0.05] [--only NAME[,NAME]] [--out DIR] [--launcher]
#   (NAME: toga2 glaurung ethereal sf2400)
#
# --launcher starts Gacrux as a GUI user does, through scripts/gacrux of a clean build of REF (the class-data archive
# and, where the kernel offers them, transparent huge pages: docs/benchmarks.md), not `java -jar`; the build is kept
# in /tmp/gacrux-sprt/<sha12>-launcher.
#
# Needs an otherwise idle machine: a loaded one makes every engine slower and the figures noise.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
ref=$1; shift
games=300 tc=5+0.05 only="" out="" launcher=""
while [ $# -gt 0 ]; do
    case $1 in
        --games) games=$2; shift 2 ;;
        --tc) tc=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --launcher) launcher=1; shift ;;
        *) echo "gauntlet: unknown argument $1" >&2; exit 2 ;;
    esac
done
# Opponent names as --only takes them (the match names, not the package names: ethereal, not ethereal-chess).
names="toga2 glaurung ethereal sf2400"
for n in ${only//,/ }; do
    [[ " $names " == *" $n "* ]] || { echo "gauntlet: --only $n: no such opponent (one of: ${names// /, })" >&2; exit 2; }
done
G=/usr/games
for e in toga2 glaurung ethereal-chess stockfish; do
    [ -x "$G/$e" ] || { echo "gauntlet: $G/$e missing (apt-get install toga2 glaurung ethereal-chess stockfish)" >&2; exit 2; }
done

sha=$(git rev-parse --short=12 "$ref^{commit}")
if [ -n "$launcher" ]; then
    ldir=/tmp/gacrux-sprt/$sha-launcher
    if [ ! -f "$ldir/target/gacrux.jar" ]; then
        rm -rf "$ldir"; mkdir -p "$ldir"
        git archive "$sha" | tar -x -C "$ldir"
        (cd "$ldir" && mvn -o -q -B package -Dmaven.test.skip=true >&2)
    fi
    gcmd="$ldir/scripts/gacrux"
else
    gcmd="java -jar $(scripts/jar-for.sh "$sha")"
fi
out=${out:-/tmp/gacrux-gauntlet/$sha}
mkdir -p "$out"
echo "gauntlet: gacrux $sha ($($gcmd bench 2>&1 | grep -o 'Nodes: [0-9]*')) as '$gcmd', $games games each at $tc, into $out" >&2

run() { # name, then the opponent's --engine keys
    local name=$1; shift
    if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]]; then return; fi
    node "$root/../shared/tools/match.mjs" \
        --engine name=gacrux cmd="$gcmd" \
        --engine name="$name" "$@" \
        --tc "$tc" --games "$games" --concurrency 1 \
        --openings "$root/../shared/data/openings.epd" --shuffle --seed 1 \
        --pgn "$out/$name.pgn" --quiet > "$out/$name.txt" 2>&1 || true
    echo "== $name"; tail -8 "$out/$name.txt"
}

run toga2 cmd=$G/toga2 opt.OwnBook=false opt.Hash=16 "opt.Number of Threads=1"
run glaurung cmd=$G/glaurung opt.OwnBook=false opt.Hash=16 opt.Threads=1
run ethereal cmd=$G/ethereal-chess opt.Hash=16 opt.Threads=1
run sf2400 cmd=$G/stockfish opt.Hash=16 opt.Threads=1 opt.UCI_LimitStrength=true opt.UCI_Elo=2400
