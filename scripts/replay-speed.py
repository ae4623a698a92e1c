#!/usr/bin/env python3
"""Game-like, load-tolerant engine speed: fixed work, measured in CPU seconds.

Replays the positions one engine was sent in a match log (../shared/tools/match.mjs --log FILE: the lines
"T A0> position ...") through one fresh engine process, `go nodes N` for each, and prints the CPU time of the
engine's threads by name (search, JIT compiler, Akka, ...; read from /proc before `quit`) and of the whole process
tree (os.times of the waited-for children: a relaunched child JVM included), with knodes per CPU second.
The work is the same on every run, and CPU time moves little with the machine's load, unlike nps.
docs/benchmarks.md, "JIT options".

  scripts/replay-speed.py "java -jar target/gacrux.jar" match.log 30000
"""
import collections
import glob
import os
import re
import shlex
import subprocess
import sys

if len(sys.argv) != 4:
    sys.exit(__doc__)
cmd, log, nodes = sys.argv[1], sys.argv[2], int(sys.argv[3])
positions = [l.split('> ', 1)[1].strip() for l in open(log) if re.match(r'^[\d.]+ A0> position', l)]
if not positions:
    sys.exit(f'replay-speed: no "A0> position" lines in {log}')
p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def send(s):
    p.stdin.write(s + '\n')
    p.stdin.flush()


def wait(prefix):
    out = []
    while True:
        line = p.stdout.readline()
        if not line:
            sys.exit('replay-speed: the engine exited')
        out.append(line)
        if line.startswith(prefix):
            return out


send('uci'); wait('uciok'); send('isready'); wait('readyok'); send('ucinewgame')
total = 0
for pos in positions:
    send(pos)
    send(f'go nodes {nodes}')
    counts = [int(m.group(1)) for l in wait('bestmove') for m in [re.search(r' nodes (\d+)', l)] if m]
    total += counts[-1] if counts else 0

by_name = collections.Counter()
tick = os.sysconf('SC_CLK_TCK')
for stat in glob.glob(f'/proc/{p.pid}/task/*/stat'):
    try:
        x = open(stat).read()
    except OSError:
        continue
    name = re.sub(r'\d+', '#', x[x.index('(') + 1:x.rindex(')')])
    f = x[x.rindex(')') + 2:].split()
    by_name[name] += (int(f[11]) + int(f[12])) / tick
send('quit')
p.wait()
t = os.times()
cpu = t.children_user + t.children_system
print('threads (this process only): ' + ', '.join(f'{k} {v:.2f}' for k, v in by_name.most_common(5)))
print(f'{len(positions)} positions, {total} nodes, {cpu:.2f} CPU s, {total / cpu / 1000:.0f} knodes per CPU s')
