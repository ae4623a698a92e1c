#!/usr/bin/env python3
"""Where did the time of each move go? Reads the UCI log of a soak (match.mjs --log, OUTDIR/uci.log from
scripts/soak.sh) and prints, over every timed move: the clock the mover had at `go`, the wall time from
`go` to `bestmove` as match.mjs saw it, and the lag outside the search = that wall time minus the time the
engine's last `info ... time T` line reported (the search's own clock). A move whose wall time exceeds the
mover's clock by more than the arbiter's margin is a time loss.

    scripts/soak-lag.py target/soak/uci.log
"""
import re
import sys


def pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(p / 100.0 * len(v)))] if v else float("nan")


def main(path):
    go_at, clock_at, last_info = {}, {}, {}
    walls, lags, clocks, overs = [], [], [], []
    worst = []
    line_re = re.compile(r"^(\d+\.\d+) (\w+)([<>]) (.*)$")
    with open(path, encoding="utf-8", errors="replace") as f:
        for raw in f:
            m = line_re.match(raw.rstrip("\n"))
            if not m:
                continue
            t, who, direction, text = float(m.group(1)), m.group(2), m.group(3), m.group(4)
            if direction == ">":
                if text.startswith("position "):
                    fields = text.split()
                    if fields[1] == "startpos":
                        white = True
                    else:
                        white = fields[3] == "w"
                    if "moves" in fields:
                        white ^= (len(fields) - fields.index("moves") - 1) % 2 == 1
                    clock_at[who] = ("w" if white else "b", None)
                elif text.startswith("go ") and "wtime" in text:
                    g = text.split()
                    side = clock_at.get(who, ("w", None))[0]
                    left = int(g[g.index(side + "time") + 1])
                    clock_at[who] = (side, left)
                    go_at[who] = t
                    last_info[who] = None
            else:
                if text.startswith("info ") and " time " in text:
                    parts = text.split()
                    last_info[who] = int(parts[parts.index("time") + 1])
                elif text.startswith("bestmove") and who in go_at:
                    wall = (t - go_at.pop(who)) * 1000.0
                    left = clock_at.get(who, (None, None))[1]
                    walls.append(wall)
                    if last_info.get(who) is not None:
                        lags.append(wall - last_info[who])
                    if left is not None:
                        clocks.append(left)
                        overs.append(wall - left)
                        worst.append((wall - left, wall, left, last_info.get(who) if last_info.get(who) is not None else -1, who, t))
    if not walls:
        print("no timed moves in", path)
        return 1
    print(f"{len(walls)} timed moves in {path}")
    print(f"clock left at go (ms): min {min(clocks)}, 1% {pct(clocks, 1)}, median {pct(clocks, 50)}")
    print(f"go -> bestmove wall (ms): median {pct(walls, 50):.1f}, 99% {pct(walls, 99):.1f}, 99.9% {pct(walls, 99.9):.1f}, max {max(walls):.1f}")
    print(f"lag outside the search (wall - last info time, ms): median {pct(lags, 50):.1f}, 99% {pct(lags, 99):.1f},"
          f" 99.9% {pct(lags, 99.9):.1f}, max {max(lags):.1f}")
    print(f"moves that used more than the clock left: {sum(1 for o in overs if o > 0)}; closest (ms past the clock):"
          f" {max(overs):.1f}")
    print("five moves closest to the flag (past-the-clock, wall, clock left, engine time, engine, log time):")
    for w in sorted(worst, reverse=True)[:5]:
        print(f"  {w[0]:8.1f} {w[1]:8.1f} {w[2]:6d} {w[3]} {w[4]} {w[5]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "target/soak/uci.log"))
