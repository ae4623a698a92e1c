package gacrux.dts;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import gacrux.search.TimeManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Lazy SMP under the same kind of randomized soak as DtsStressTest: searches with random worker counts (2..8),
 * positions, limits and stop times, on the same worker actors as DTS. After every search: exactly one result
 * (worker 0's), a legal best move, an unstopped depth search complete to its depth, the supervisor no longer
 * searching, nobody counted idle, no block in use, and every worker (helpers included) back in its mailbox
 * within 2 s of the end. A watchdog fails the test with a thread dump if a search does not end within 30 s of
 * its stop. Finally: not a single DTS split in a lazy search, and helpers' lines never reach the root's output.
 */
class LazySmpStressTest {
    static final ActorTestKit testKit = ActorTestKit.create();

    @AfterAll
    static void shutdown() { testKit.shutdownTestKit(); }

    static final int SEARCHES = 100;
    static final long WATCHDOG_MS = 30_000;
    static final long BACKSTOP_MS = 1_000;

    @Test
    void hundredRandomLazySearchesWithRandomStops() throws Exception {
        long seed = Long.getLong("gacrux.stress.seed", 20261130L);
        Random rnd = new Random(seed);
        DtsSearch[] engines = StressSupport.engines(testKit.system(), "lazy");
        ScheduledExecutorService timer = StressSupport.stopper("lazy-stopper");
        long t0 = System.nanoTime();
        int stoppedEarly = 0;
        long maxStopToDoneMs = 0;
        try {
            for (int i = 0; i < SEARCHES; i++) {
                int threads = 2 + rnd.nextInt(7);
                Position p = randomPosition(rnd);
                int[] scratch = new int[MoveGen.MAX_MOVES];
                boolean noMoves = MoveGen.legal(p, scratch, 0) == 0;
                StressSupport.Plan plan = StressSupport.randomPlan(rnd, 5);
                SearchLimits limits = plan.limits();
                long stopAfterMs = plan.stopAfterMs();
                String ctx = "search " + i + " threads " + threads + " limits " + describe(limits) + " stop "
                        + stopAfterMs + " ms fen " + p.toFen() + " seed " + seed;
                Outcome o = runOne(engines[threads], p, limits, stopAfterMs, timer, ctx);
                if (stopAfterMs >= 0 && o.stoppedBeforeDone) stoppedEarly++;
                maxStopToDoneMs = Math.max(maxStopToDoneMs, o.stopToDoneMs);

                assertEquals(1, o.results, "exactly one result: " + ctx);
                if (noMoves) assertEquals(Move.NONE, o.result.bestMove(), "no move in a mated/stalemated root: " + ctx);
                else assertTrue(MoveGen.isLegal(p, o.result.bestMove(), scratch),
                        "illegal best move " + Move.toUci(o.result.bestMove()) + ": " + ctx);
                if (limits.depth() > 0 && stopAfterMs < 0 && !noMoves && !o.backstopped)
                    assertEquals(limits.depth(), o.result.depth(), "an unstopped depth search completes its depth: " + ctx);
                // The root's info lines are worker 0's own: one completed "info depth d" per depth, in order.
                assertTrue(o.depthsInOrder, "info depth lines repeated or out of order (a helper's?): " + ctx);
                DtsSearch dts = engines[threads];
                Supervisor.Stats s = DtsTestBlocks.awaitStats(testKit.system(), dts.supervisor(),
                        x -> !x.searching() && x.blocksInUse() == 0 && dts.lazyRunning() == 0, Duration.ofSeconds(2),
                        "RootDone and every lazy worker done after " + ctx);
                assertEquals(0, s.idleWorkers(), "no DTS worker idle-seeking in a lazy search: " + ctx);
                assertEquals(0, dts.lazyRunning(), "every worker idle after " + ctx);
            }
        } finally {
            timer.shutdownNow();
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        long splits = 0, searches = 0, deferrals = 0;
        for (int t = 2; t <= 8; t++) {
            Supervisor.Stats s = engines[t].stats(testKit.system());
            splits += s.splits();
            searches += s.searches();
            deferrals += engines[t].deferrals();
        }
        System.err.printf("LazySmpStressTest: %d searches in %d ms (seed %d): %d moves deferred by work sharing,"
                + " %d stopped early, slowest stop->done %d ms%n", SEARCHES, ms, seed, deferrals, stoppedEarly,
                maxStopToDoneMs);
        assertEquals(SEARCHES, searches, "every search reached the supervisor exactly once");
        assertEquals(0, splits, "a lazy search never splits");
    }

    record Outcome(SearchResult result, int results, boolean stoppedBeforeDone, boolean backstopped,
                   long stopToDoneMs, boolean depthsInOrder) {}

    private Outcome runOne(DtsSearch dts, Position p, SearchLimits limits, long stopAfterMs,
                           ScheduledExecutorService timer, String ctx) throws Exception {
        SearchControl control = new SearchControl(limits, new TimeManager(limits, p.sideToMove(), 0));
        CompletableFuture<SearchResult> result = new CompletableFuture<>();
        AtomicInteger results = new AtomicInteger();
        AtomicInteger lastDepth = new AtomicInteger();
        AtomicInteger outOfOrder = new AtomicInteger();
        long start = System.nanoTime();
        dts.searchLazy(control, s -> {
            try {
                SearchResult r = s.think(p, new long[0], control, line -> {
                    // Completed iterations only (not bounds, not currmove lines of a long search).
                    if (!line.startsWith("info depth ") || !line.contains(" multipv ") || line.contains("bound")) return;
                    int d = Integer.parseInt(line.split(" ")[2]);
                    if (d != 0 && d != lastDepth.get() + 1) outOfOrder.incrementAndGet();
                    lastDepth.set(d);
                });
                results.incrementAndGet();
                result.complete(r);
            } catch (Throwable t) {
                result.completeExceptionally(t);
            } finally {
                control.stop();
            }
        }, s -> s.think(p, new long[0], control, line -> { }));
        StressSupport.Waited w = StressSupport.await(result, control, timer, start, stopAfterMs, BACKSTOP_MS, WATCHDOG_MS,
                () -> ctx + " did not finish " + WATCHDOG_MS + " ms after its stop; " + dts.lazyRunning()
                        + " workers running\n" + DtsTestBlocks.threadDump());
        SearchResult r = w.result();
        long done = System.nanoTime();
        long stopNs = w.stoppedAtNs();
        boolean stoppedBeforeDone = stopNs != 0 && stopNs < done;
        return new Outcome(r, results.get(), stoppedBeforeDone, w.backstopped(),
                stoppedBeforeDone ? (done - stopNs) / 1_000_000 : 0, outOfOrder.get() == 0);
    }

    private static Position randomPosition(Random rnd) {
        return StressSupport.randomPosition(rnd, DtsStressTest.FENS);
    }

    private static String describe(SearchLimits l) {
        if (l.depth() > 0) return "depth " + l.depth();
        if (l.nodes() > 0) return "nodes " + l.nodes();
        return "infinite";
    }
}
