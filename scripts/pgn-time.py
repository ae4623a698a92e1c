#!/usr/bin/env python3
"""Where each engine's clock went in a match PGN written by ../shared/tools/match.mjs.

    scripts/pgn-time.py GAMES.pgn [--tc 5+0.05]

Reads the move comments ({score/depth seconds}) and prints, per engine:
  - the mean seconds and depth per move in bands of ten moves (1-10, 11-20, ..., 61 and on);
  - with --tc, each side's clock after its last move, by the game's length in moves (the clock a side never used).
docs/strength.md quotes both for the gauntlets.
"""
import re
import sys
from collections import defaultdict

MOVE = re.compile(r'\{([+-]?[\d.M#-]+)/(\d+) ([\d.]+)s[},]')  # a forfeit adds ', X loses on time' after the time
LENGTHS = ((0, 40), (40, 60), (60, 80), (80, 120), (120, 10**9))


def main(argv):
    if not argv or argv[0].startswith('-'):
        sys.exit(__doc__)
    path, tc = argv[0], None
    if len(argv) == 3 and argv[1] == '--tc':
        base, inc = argv[2].split('+')
        tc = (float(base), float(inc))
    elif len(argv) != 1:
        sys.exit(__doc__)
    bands = defaultdict(lambda: defaultdict(list))   # engine -> band -> [(seconds, depth)]
    ends = defaultdict(list)                         # engine -> [(moves, clock left)]
    for game in open(path).read().split('[Event ')[1:]:
        names = (re.search(r'\[White "([^"]+)"', game).group(1), re.search(r'\[Black "([^"]+)"', game).group(1))
        fen = re.search(r'\[FEN "[^"]* (w|b) ', game)
        first = 1 if fen and fen.group(1) == 'b' else 0
        body = game.split('\n\n', 1)[1]
        clock, moves = [tc[0], tc[0]] if tc else [0, 0], [0, 0]
        for ply, m in enumerate(MOVE.finditer(body)):
            side = (first + ply) % 2
            seconds, depth = float(m.group(3)), int(m.group(2))
            bands[names[side]][min(moves[side] // 10, 6)].append((seconds, depth))
            moves[side] += 1
            if tc:
                clock[side] += tc[1] - seconds
        if tc:
            for side in (0, 1):
                ends[names[side]].append((moves[side], clock[side]))
    for engine, by in bands.items():
        print(engine)
        for b, v in sorted(by.items()):
            label = f"{b * 10 + 1}-{b * 10 + 10}" if b < 6 else "61-"
            print(f"  moves {label:>6}: {sum(t for t, _ in v) / len(v):.3f} s, depth {sum(d for _, d in v) / len(v):.1f} ({len(v)} moves)")
        for lo, hi in LENGTHS if tc else ():
            left = [c for n, c in ends[engine] if lo <= n < hi]
            if left:
                span = f"{lo}-{hi}" if hi < 10**9 else f"{lo}-"
                print(f"  games of {span:>7} moves: clock left {sum(left) / len(left):.2f} s on average, "
                      f"{min(left):.2f} s at least ({len(left)} games)")


if __name__ == '__main__':
    main(sys.argv[1:])
