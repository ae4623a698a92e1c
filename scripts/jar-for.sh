#!/usr/bin/env bash
# Prints the path of the engine jar for a git ref, built from a clean `git archive` of that commit into
# /tmp/gacrux-sprt/<sha12>.jar (cached: a later edit of the working tree cannot change a jar a running match or
# measurement uses). WORKTREE builds the working tree as it is, uncached. Shared by sprt.sh, gauntlet.sh and
# speed-ab.sh; build output goes to stderr, so `jar=$(scripts/jar-for.sh REF)` captures the path alone.
#
#   scripts/jar-for.sh REF|WORKTREE
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
ref=${1:?usage: scripts/jar-for.sh REF|WORKTREE}
cache=/tmp/gacrux-sprt
mkdir -p "$cache"
if [ "$ref" = WORKTREE ]; then
    dir=$(mktemp -d "$cache/wt.XXXXXX")
    (cd "$root" && tar -c --exclude=./target --exclude=./.git . | tar -x -C "$dir")
    (cd "$dir" && mvn -o -q -B package -Dmaven.test.skip=true >&2)
    echo "$dir/target/gacrux.jar"
    exit 0
fi
sha=$(git rev-parse --short=12 "$ref^{commit}")
if [ ! -f "$cache/$sha.jar" ]; then
    dir=$(mktemp -d "$cache/build.XXXXXX")
    git archive "$sha" | tar -x -C "$dir"
    (cd "$dir" && mvn -o -q -B package -Dmaven.test.skip=true >&2)
    cp "$dir/target/gacrux.jar" "$cache/$sha.jar"
    rm -rf "$dir"
fi
echo "$cache/$sha.jar"
