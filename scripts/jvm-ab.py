#!/usr/bin/env python3
"""CPU cost of two ways of starting the engine (JVM options, launchers), measured through UCI.

Both commands run side by side as UCI processes; each position of FENS is searched by one, then the other (the order
alternating), from `ucinewgame` to `go depth D`, and the process's CPU time (utime + stime from /proc, every thread:
search, JIT, GC) is read around each search. Pass 0 warms both up and is not counted; the figure is the median over
the passes of B's summed CPU time over A's. Both must search the same tree (the nodes are printed to check).
Linux only (/proc).

  scripts/jvm-ab.py [--hash MB] [--depth D] [--passes P] [--fens FILE] "CMD_A" "CMD_B"

Example (docs/benchmarks.md, "Huge pages"):
  scripts/jvm-ab.py --hash 256 "java -jar target/gacrux.jar" "java -XX:+UseTransparentHugePages -jar target/gacrux.jar"
"""
import argparse, os, re, shlex, statistics, subprocess, sys

ap = argparse.ArgumentParser()
ap.add_argument("--hash", type=int, default=16)
ap.add_argument("--depth", type=int, default=12)
ap.add_argument("--passes", type=int, default=6)
ap.add_argument("--fens", default=os.path.join(os.path.dirname(__file__), "speed-ab", "depth13-middlegames.fen"))
ap.add_argument("a")
ap.add_argument("b")
o = ap.parse_args()
fens = [l.strip() for l in open(o.fens) if l.strip()]
tick = os.sysconf("SC_CLK_TCK")


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci"); self.wait("uciok")
        self.send(f"setoption name Hash value {o.hash}"); self.send("isready"); self.wait("readyok")

    def send(self, s):
        self.p.stdin.write(s + "\n"); self.p.stdin.flush()

    def wait(self, token):
        nodes = 0
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("jvm-ab: the engine exited")
            m = re.search(r"\bnodes (\d+)", line)
            if m:
                nodes = int(m.group(1))
            if line.startswith(token):
                return nodes

    def cpu(self):
        f = open(f"/proc/{self.p.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(f[11]) + int(f[12])) / tick


engines = [Engine(o.a), Engine(o.b)]
ratios = []
for ps in range(o.passes + 1):
    cpu, nodes = [0.0, 0.0], [0, 0]
    for i, fen in enumerate(fens):
        for k in ([0, 1] if (i + ps) % 2 == 0 else [1, 0]):
            e = engines[k]
            e.send("ucinewgame"); e.send("position fen " + fen); e.send("isready"); e.wait("readyok")
            c0 = e.cpu(); e.send(f"go depth {o.depth}"); nodes[k] += e.wait("bestmove"); cpu[k] += e.cpu() - c0
    if ps > 0:
        ratios.append(cpu[1] / cpu[0])
    print(f"pass {ps}{' (warm-up)' if ps == 0 else ''}: A {cpu[0]:.2f} s, B {cpu[1]:.2f} s, nodes {nodes[0]} / {nodes[1]}, "
          f"B/A {cpu[1] / cpu[0]:.3f}", flush=True)
for e in engines:
    e.send("quit")
print(f"CPU B/A: median of {len(ratios)} passes {statistics.median(ratios):.3f}")
