package gacrux.search;

import gacrux.board.Position;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/** The JIT warm-up: it searches for its budget, a stop cuts it short, and it leaves no trace in later searches. */
class WarmUpTest {
    private static long depthNodes(String fen, int depth) {
        Searcher s = new Searcher(new TranspositionTable(16), Searcher.Config.DEFAULT);
        Position p = Position.fromFen(fen);
        SearchLimits l = SearchLimits.depth(depth);
        return s.think(p, new long[0], new SearchControl(l, new TimeManager(l, p.sideToMove(), 0)), line -> { }).nodes();
    }

    @Test
    void searchesTimedMovesForItsBudgetAndLeavesNothingBehind() {
        String fen = Bench.POSITIONS.get(1);
        long before = depthNodes(fen, 8);
        WarmUp.Result r = WarmUp.run(400, () -> false);
        assertTrue(r.ms() >= 400, "stopped after " + r.ms() + " ms of a 400 ms budget");
        // Bullet moves (soft limit about 35 ms): several of them, each a real search.
        assertTrue(r.searches() >= 3, r.toString());
        assertTrue(r.nodes() > 1000L * r.searches(), r.toString());
        assertEquals(before, depthNodes(fen, 8), "a search after the warm-up differs from one before it");
    }

    @Test
    void stopCutsItShort() {
        long t0 = System.nanoTime();
        WarmUp.Result r = assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> WarmUp.run(60_000, () -> System.nanoTime() - t0 > 200_000_000L));
        assertTrue(r.ms() < 2000, "a stop after 200 ms ended the warm-up after " + r.ms() + " ms");
        assertTrue(r.searches() >= 1, r.toString());
    }
}
