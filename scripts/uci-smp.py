#!/usr/bin/env python3
"""Threads through UCI as a user meets them: one fresh engine process per position and thread count, no warm-up.

For each position (an EPD/FEN file, first N lines) and each thread count, starts `java -jar JAR`, sends
uci / setoption Threads (and SMP) / isready / position fen / go depth D, and times `go` to `bestmove`; nps and
nodes come from the engine's last `info ... depth` line. The thread counts of one position run back to back, in
alternating order from position to position, so a slow spell of a shared machine hits them alike. Prints each
position, then per thread count the total time, the speedup of the total against the first thread count, the
median per-position speedup, and the nps of the total. (issue 12's fifth figure, docs/benchmarks.md.)

    scripts/uci-smp.py [--jar target/gacrux.jar] [--positions ../shared/data/bk.epd] [--count 12]
                       [--depth 15] [--threads 1,2] [--smp DTS|Lazy] [--hash 64] [--repeat K]
"""
import argparse
import statistics
import subprocess
import sys
import time


def fen_of(line):
    f = line.split()
    if len(f) < 4:
        return None
    # EPD: 4 fields then operations; FEN: 6 fields.
    if len(f) >= 6 and f[4].isdigit() and f[5].isdigit():
        return " ".join(f[:6])
    return " ".join(f[:4]) + " 0 1"


def run(jar, fen, depth, threads, smp, hash_mb, repeat=1):
    p = subprocess.Popen(["java", "-jar", jar], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def wait_for(prefix):
        while True:
            line = p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited before " + prefix)
            if line.startswith(prefix):
                return line

    try:
        send("uci")
        wait_for("uciok")
        send(f"setoption name Hash value {hash_mb}")
        send(f"setoption name Threads value {threads}")
        if smp:
            send(f"setoption name SMP value {smp}")
        send("isready")
        wait_for("readyok")
        for r in range(repeat):
            if r > 0:  # the same search again in the same process: a fresh table, a warmer JVM
                send("ucinewgame")
                send("isready")
                wait_for("readyok")
            send("position fen " + fen)
            t0 = time.monotonic()
            send(f"go depth {depth}")
            last = None
            while True:
                line = p.stdout.readline()
                if not line:
                    raise RuntimeError("engine exited during the search")
                if line.startswith("info") and " depth " in line and " nodes " in line:
                    last = line
                if line.startswith("bestmove"):
                    wall = time.monotonic() - t0
                    break
        send("quit")
        p.wait(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
    f = last.split() if last else []
    nodes = int(f[f.index("nodes") + 1]) if "nodes" in f else 0
    return wall, nodes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jar", default="target/gacrux.jar")
    ap.add_argument("--positions", default="../shared/data/bk.epd")
    ap.add_argument("--count", type=int, default=12)
    ap.add_argument("--depth", type=int, default=15)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--smp", default="", help="DTS or Lazy (default: the engine's default)")
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--repeat", type=int, default=1,
                    help="search each position this many times in its process (ucinewgame between) and time the last")
    a = ap.parse_args()
    threads = [int(t) for t in a.threads.split(",")]
    fens = []
    with open(a.positions, encoding="utf-8") as f:
        for line in f:
            fen = fen_of(line.strip())
            if fen:
                fens.append(fen)
            if len(fens) == a.count:
                break
    if not fens:
        sys.exit("uci-smp: no positions in " + a.positions)
    times = {t: [] for t in threads}
    nodes = {t: [] for t in threads}
    for i, fen in enumerate(fens):
        order = threads if i % 2 == 0 else list(reversed(threads))
        row = {}
        for t in order:
            row[t] = run(a.jar, fen, a.depth, t, a.smp, a.hash, a.repeat)
        cells = []
        for t in threads:
            w, n = row[t]
            times[t].append(w)
            nodes[t].append(n)
            cells.append(f"{t} thr {w:7.3f} s {n:10d} nodes")
        print(f"pos {i + 1:2d}  " + "  |  ".join(cells), flush=True)
    base = threads[0]
    print()
    print(f"depth {a.depth}, {len(fens)} positions of {a.positions}, one fresh process per search, "
          f"SMP {a.smp or 'default'}" + (f", the last of {a.repeat} searches per process" if a.repeat > 1 else ""))
    print("threads   total(s)       nodes        nps   speedup  median-speedup  nps-scaling")
    nps0 = sum(nodes[base]) / sum(times[base])
    for t in threads:
        tot = sum(times[t])
        nps = sum(nodes[t]) / tot
        med = statistics.median(b / x for b, x in zip(times[base], times[t]))
        print(f"{t:7d}  {tot:9.3f}  {sum(nodes[t]):10d}  {nps:9.0f}  {sum(times[base]) / tot:8.2f}"
              f"  {med:14.2f}  {nps / nps0:11.2f}")


if __name__ == "__main__":
    main()
