#!/usr/bin/env python3
"""How a fresh engine process plays its first moves: depth and time per move from a cold JVM, at a bullet clock.

    scripts/cold-start.py [--runs N] [--parallel P] [--plies M] [--tc BASE+INC] --cmd "COMMAND" [--cmd "COMMAND"]...
    e.g. scripts/cold-start.py --runs 8 --parallel 4 --cmd "java -jar A.jar --warm-up 0" --cmd "java -jar A.jar"

Each run starts every command's process afresh (the commands take turns, P processes at once, so four at once on
two cores is what a match at concurrency 2 runs), times `uci`+`isready` to `readyok` from the start, then lets the
process play a game against itself from the start position: M plies, each `go wtime W btime B winc I binc I` with
both clocks kept as a match runner keeps them (the wall time from writing `go` to reading `bestmove` comes off the
mover's clock, then the increment goes on). Per command it prints the median readyok time, then per band of plies
the median depth of the last `info`, the mean and maximum wall time of a move, and the lowest clock any process had
left (below 0: the game would have been lost on time). docs/startup.md, "JIT warm-up".
"""
import argparse
import statistics
import subprocess
import threading
import time


def one_game(cmd, plies, base_ms, inc_ms, out, idx):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def until(prefix):
        last = None
        while True:
            line = p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith(prefix):
                return line, last
            if line.startswith("info") and " depth " in line:
                last = line

    send("uci"); until("uciok")
    send("isready"); until("readyok")
    ready = (time.perf_counter() - t0) * 1000
    send("ucinewgame"); send("isready"); until("readyok")
    clock = [float(base_ms), float(base_ms)]
    moves, rows = [], []
    for ply in range(plies):
        side = ply % 2
        send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        t = time.perf_counter()
        send(f"go wtime {int(clock[0])} btime {int(clock[1])} winc {inc_ms} binc {inc_ms}")
        best, info = until("bestmove")
        wall = (time.perf_counter() - t) * 1000
        clock[side] += inc_ms - wall
        f = info.split() if info else []
        depth = int(f[f.index("depth") + 1]) if "depth" in f else 0
        rows.append((ply, depth, wall, clock[side]))
        mv = best.split()[1]
        if mv in ("(none)", "0000"):
            break
        moves.append(mv)
    send("quit")
    p.wait(timeout=10)
    out[idx] = (ready, rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=8)
    ap.add_argument("--parallel", type=int, default=1)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--tc", default="1+0.01")
    ap.add_argument("--cmd", action="append", required=True)
    a = ap.parse_args()
    base, inc = a.tc.split("+")
    base_ms, inc_ms = int(float(base) * 1000), int(round(float(inc) * 1000))
    jobs = [c for _ in range(a.runs) for c in a.cmd]  # commands take turns
    results = {c: [] for c in a.cmd}
    for start in range(0, len(jobs), a.parallel):
        batch = jobs[start:start + a.parallel]
        out = [None] * len(batch)
        ts = [threading.Thread(target=one_game, args=(c, a.plies, base_ms, inc_ms, out, i)) for i, c in enumerate(batch)]
        for t in ts: t.start()
        for t in ts: t.join()
        for c, r in zip(batch, out):
            if r: results[c].append(r)
    bands = [(0, 10), (10, 20), (20, 40), (40, a.plies)]
    for c in a.cmd:
        rs = results[c]
        print(f"{c}: {len(rs)} games, readyok median {statistics.median(r[0] for r in rs):.0f} ms")
        for lo, hi in bands:
            rows = [row for _, g in rs for row in g if lo <= row[0] < hi]
            if not rows:
                continue
            print(f"  plies {lo + 1:3d}-{hi:3d}: depth median {statistics.median(r[1] for r in rows):4.1f}, "
                  f"wall mean {statistics.mean(r[2] for r in rows):6.1f} ms, max {max(r[2] for r in rows):6.1f} ms, "
                  f"lowest clock {min(r[3] for r in rows):7.0f} ms")


if __name__ == "__main__":
    main()
