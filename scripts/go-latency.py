#!/usr/bin/env python3
"""Wall time from `go` to `bestmove` for short searches of a UCI engine, against the engine's own `info ... time`.

    scripts/go-latency.py N 'GO ARGS' ENGINE COMMAND...
    e.g. scripts/go-latency.py 200 'wtime 400 btime 400 winc 10 binc 10' java -jar target/gacrux.jar

Twenty depth-8 searches warm the JIT first; then N times: a position of a short opening line, `isready`, and
`go GO ARGS`, timed from writing `go` to reading `bestmove`. Prints the median, p90, p99 and maximum wall time and the
median of the last `info ... time` the engine reported. `go depth 1` measures the process's own hand-offs; a clock
shows how far past its plan a timed move runs (docs/strength.md, "Where a bullet move's time goes").
"""
import statistics
import subprocess
import sys
import time

LINE = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7".split()


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    n, goargs, cmd = int(argv[0]), argv[1], argv[2:]
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def until(prefix):
        infos = []
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit("engine exited")
            if line.startswith(prefix):
                return infos
            if line.startswith("info") and " time " in line:
                infos.append(line)

    def position(i):
        send("position startpos moves " + " ".join(LINE[:i % len(LINE)]))

    send("uci"); until("uciok")
    send("isready"); until("readyok")
    for i in range(20):
        position(i); send("go depth 8"); until("bestmove")
    walls, own = [], []
    for i in range(n):
        position(i)
        send("isready"); until("readyok")
        t = time.perf_counter()
        send("go " + goargs)
        infos = until("bestmove")
        walls.append((time.perf_counter() - t) * 1000)
        if infos:
            f = infos[-1].split()
            own.append(int(f[f.index("time") + 1]))
        time.sleep(0.02)
    send("quit")
    walls.sort()
    q = lambda x: walls[min(len(walls) - 1, int(x * len(walls)))]
    print(f"go {goargs}: {n} moves, wall ms median {q(.5):.1f} p90 {q(.9):.1f} p99 {q(.99):.1f} max {walls[-1]:.1f}; "
          f"engine's own time median {statistics.median(own) if own else '-'}")


if __name__ == "__main__":
    main(sys.argv[1:])
