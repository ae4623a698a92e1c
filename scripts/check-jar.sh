#!/usr/bin/env bash
# Checks the packager's promises about target/gacrux.jar for the committed HEAD:
#  1. reproducible: two clean builds (fresh clones, so no stale class files) give byte-identical jars;
#  2. nothing from src/test: the jar's gacrux classes are exactly the top-level classes of src/main/java,
#     and no file of src/test/resources is in it;
#  3. no Akka test kit in gacrux.jar (gacrux-tools.jar, built beside it for the scaling simulator, has it).
# Usage: scripts/check-jar.sh            (extra Maven options in MVN_OPTS, e.g. MVN_OPTS=-o for offline)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
commit="$(git -C "$repo" rev-parse HEAD)"
for i in 1 2; do
  git clone -q --no-hardlinks "$repo" "$work/b$i"
  git -C "$work/b$i" checkout -q "$commit"
  (cd "$work/b$i" && mvn -q -B ${MVN_OPTS:-} package -DskipTests)
done
for j in gacrux.jar gacrux-tools.jar; do
  a="$(sha256sum < "$work/b1/target/$j" | cut -d' ' -f1)"
  b="$(sha256sum < "$work/b2/target/$j" | cut -d' ' -f1)"
  echo "$j build 1: $a"
  echo "$j build 2: $b"
  if [ "$a" != "$b" ]; then echo "FAIL: the two builds of $commit differ in $j"; exit 1; fi
done
jar="$work/b1/target/gacrux.jar"
# 3. no test kit in the engine jar: it is in gacrux-tools.jar only, for the scaling simulator.
kit="$(unzip -Z1 "$jar" | grep -c -e '^akka/actor/testkit/' -e '^akka/testkit/' || true)"
if [ "$kit" != 0 ]; then echo "FAIL: gacrux.jar holds $kit entries of Akka's test kits"; exit 1; fi
tools_kit="$(unzip -Z1 "$work/b1/target/gacrux-tools.jar" | grep -c '^akka/actor/testkit/typed/javadsl/BehaviorTestKit' || true)"
if [ "$tools_kit" = 0 ]; then echo "FAIL: gacrux-tools.jar lacks the BehaviorTestKit the simulator needs"; exit 1; fi
in_jar="$(unzip -Z1 "$jar" | grep '^gacrux/.*\.class$' | sed 's/\$.*//; s/\.class$//' | sort -u)"
# top-level types: one per file, plus any package-private ones declared at column 0 beside it (WorkerSlot.java)
in_src="$(cd "$work/b1/src/main/java" && find gacrux -name '*.java' | while read -r f; do
  d="$(dirname "$f")"
  echo "${f%.java}"
  grep -hoE '^((public|final|abstract|sealed|non-sealed|strictfp) )*(class|interface|enum|record|@interface) [A-Za-z0-9_]+' "$f" |
    awk '{print $NF}' | sed "s|^|$d/|"
done | sort -u)"
if [ "$in_jar" != "$in_src" ]; then
  echo "FAIL: gacrux classes in the jar differ from src/main/java:"; diff <(echo "$in_src") <(echo "$in_jar") || true; exit 1
fi
test_files="$(cd "$work/b1/src/test/resources" 2>/dev/null && find . -type f | sed 's|^\./||' || true)"
for f in $test_files; do
  if unzip -Z1 "$jar" | grep -qx "$f"; then echo "FAIL: test resource $f is in the jar"; exit 1; fi
done
echo "OK: $commit builds reproducibly (both jars); gacrux.jar holds no test kit and $(echo "$in_jar" | wc -l) gacrux classes, all from src/main/java, no test resources"
