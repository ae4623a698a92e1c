package gacrux.dts;

import gacrux.board.Position;

import java.util.Random;

/** StressSupport's random walk for tests in other packages. */
public final class StressSupportBridge {
    private StressSupportBridge() {}

    public static Position walk(Position p, int plies, Random rnd) { return StressSupport.randomWalk(p, plies, rnd); }
}
