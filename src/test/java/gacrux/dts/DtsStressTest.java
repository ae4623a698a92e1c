package gacrux.dts;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import gacrux.search.Searcher;
import gacrux.search.TimeManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A bounded soak of the whole DTS protocol: hundreds of searches with random worker counts, positions, limits
 * and stop times, half of them splitting down to 2 plies from the tips. After every search: one result, a legal
 * best move, the block pool drained, the supervisor no longer searching and nobody counted idle. A watchdog
 * fails the test (with a thread dump and the Stats) if a search does not end within 30 s of being stopped: the
 * symptom of a lost Merge/Unsplit, an owner waiting for a ghost helper, or a lock-order deadlock.
 */
class DtsStressTest {
    static final ActorTestKit testKit = ActorTestKit.create();

    @AfterAll
    static void shutdown() { testKit.shutdownTestKit(); }

    static final int SEARCHES = 500;
    static final long WATCHDOG_MS = 30_000;
    /** Every search is stopped at the latest this long after it starts, so the test stays bounded. */
    static final long BACKSTOP_MS = 1_500;

    static final List<String> FENS = List.of(
            Position.START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "r1bq1rk1/pp2nppp/2n1p3/3pP3/2pP4/2P2N2/P1PB1PPP/R2QKB1R w KQ - 0 9",
            "2rq1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/2RQ1RK1 w - - 0 11",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 7",
            // No legal move: mated and stalemated roots.
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");

    @Test
    void hundredsOfRandomSearchesWithRandomStops() throws Exception {
        long seed = Long.getLong("gacrux.stress.seed", 20240611L);
        Random rnd = new Random(seed);
        DtsSearch[] engines = StressSupport.engines(testKit.system(), "stress");
        // Second half: split 2 plies from the tips, many more blocks and races per search.
        DtsSearch[] deep = StressSupport.engines(testKit.system(), "stress-min2",
                gacrux.search.DtsConfig.DEFAULT.withMinSplitDepth(2));
        ScheduledExecutorService timer = StressSupport.stopper("stress-stopper");
        long t0 = System.nanoTime();
        int stoppedEarly = 0, mateOrStalemate = 0;
        long maxStopToDoneMs = 0;
        try {
            for (int i = 0; i < SEARCHES; i++) {
                DtsSearch[] set = i < SEARCHES / 2 ? engines : deep;
                int threads = 2 + rnd.nextInt(7);
                Position p = randomPosition(rnd);
                int[] scratch = new int[MoveGen.MAX_MOVES];
                boolean noMoves = MoveGen.legal(p, scratch, 0) == 0;
                if (noMoves) mateOrStalemate++;
                StressSupport.Plan plan = StressSupport.randomPlan(rnd, 6);
                SearchLimits limits = plan.limits();
                long stopAfterMs = plan.stopAfterMs();
                Outcome o = runOne(set[threads], p, limits, stopAfterMs, timer, i, seed);
                if (stopAfterMs >= 0 && o.stoppedBeforeDone) stoppedEarly++;
                maxStopToDoneMs = Math.max(maxStopToDoneMs, o.stopToDoneMs);

                String ctx = "search " + i + " threads " + threads + " minSplit " + (set == engines ? 4 : 2) + " limits "
                        + describe(limits) + " stop " + stopAfterMs + " ms fen " + p.toFen() + " seed " + seed;
                assertEquals(1, o.results, "exactly one result: " + ctx);
                if (noMoves) {
                    assertEquals(Move.NONE, o.result.bestMove(), "no move in a mated/stalemated root: " + ctx);
                } else {
                    assertTrue(MoveGen.isLegal(p, o.result.bestMove(), scratch),
                            "illegal best move " + Move.toUci(o.result.bestMove()) + ": " + ctx);
                }
                if (limits.depth() > 0 && stopAfterMs < 0 && !noMoves && !o.backstopped)
                    assertEquals(limits.depth(), o.result.depth(), "an unstopped depth search completes its depth: " + ctx);
                Supervisor.Stats s = awaitQuiet(set[threads], ctx);
                assertFalse(s.searching(), ctx);
                assertEquals(0, s.idleWorkers(), "idle workers after RootDone: " + ctx);
                assertEquals(0, s.blocksInUse(), ctx);
            }
        } finally {
            timer.shutdownNow();
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        long splits = 0, joins = 0, stale = 0, late = 0, merges = 0, searches = 0;
        for (DtsSearch[] set : List.of(engines, deep))
            for (int t = 2; t <= 8; t++) {
                Supervisor.Stats s = set[t].stats(testKit.system());
                splits += s.splits();
                joins += s.joins();
                stale += set[t].staleSteps();
                late += set[t].lateJoins() + s.lateMessages();
                merges += s.merges();
                searches += s.searches();
            }
        System.err.printf("DtsStressTest: %d searches in %d ms (seed %d): %d splits, %d joins, %d merges, %d stale steps,"
                        + " %d late joins and messages, %d stopped early, %d without legal moves, slowest stop->done %d ms%n",
                SEARCHES, ms, seed, splits, joins, merges, stale, late, stoppedEarly, mateOrStalemate, maxStopToDoneMs);
        assertEquals(SEARCHES, searches, "every search reached the supervisor exactly once");
        assertTrue(splits > 100, "the soak must actually split; splits = " + splits);
        assertTrue(merges > 0, "helpers must actually merge; merges = " + merges);
        assertEquals(joins, merges, "every Join has its Merge");
        // The adversarial cases must really have occurred, or the soak proved nothing about them.
        assertTrue(stale > 0, "stale steps (refused or withdrawn requests, refused attaches) must occur; " + stale);
        assertTrue(late > 0, "late steps (Joins after the stop, late records) must occur; " + late);
    }

    record Outcome(SearchResult result, int results, boolean stoppedBeforeDone, boolean backstopped, long stopToDoneMs) {}

    private Outcome runOne(DtsSearch dts, Position p, SearchLimits limits, long stopAfterMs,
                           ScheduledExecutorService timer, int index, long seed) throws Exception {
        SearchControl control = new SearchControl(limits, new TimeManager(limits, p.sideToMove(), 0));
        // The protocol checker is the oracle of every stress search: the whole trace must follow the DTS rules.
        gacrux.search.ProtocolTrace trace = new gacrux.search.ProtocolTrace(true, null);
        control.withTrace(trace);
        CompletableFuture<SearchResult> result = new CompletableFuture<>();
        AtomicInteger results = new AtomicInteger();
        long start = System.nanoTime();
        dts.search(control, s -> {
            try {
                SearchResult r = s.think(p, new long[0], control, line -> { });
                results.incrementAndGet();
                result.complete(r);
            } catch (Throwable t) {
                result.completeExceptionally(t);
            } finally {
                control.stop();
            }
        });
        StressSupport.Waited w = StressSupport.await(result, control, timer, start, stopAfterMs, BACKSTOP_MS, WATCHDOG_MS, () -> {
            String stats;
            try {
                stats = String.valueOf(dts.stats(testKit.system()));
            } catch (Throwable t) {
                stats = "stats unavailable: " + t;
            }
            return "search " + index + " (seed " + seed + ", " + dts.threads() + " threads, " + describe(limits)
                    + ", fen " + p.toFen() + ") did not finish " + WATCHDOG_MS + " ms after its stop\n" + stats
                    + "\nblocks in use " + dts.blocksInUse() + "\n" + DtsTestBlocks.threadDump() + "\nprotocol trace:\n"
                    + tail(trace.events(), 200);
        });
        SearchResult r = w.result();
        long done = System.nanoTime();
        awaitQuiet(dts, "search " + index);
        trace.close();
        List<ProtocolChecker.Violation> violations = ProtocolChecker.check(trace.events());
        assertTrue(violations.isEmpty(), "search " + index + " (seed " + seed + ", " + dts.threads() + " threads, "
                + describe(limits) + ", fen " + p.toFen() + ") broke the DTS protocol: " + violations
                + "\ntrace tail:\n" + tail(trace.events(), 200));
        long stopNs = w.stoppedAtNs();
        boolean stoppedBeforeDone = stopNs != 0 && stopNs < done;
        long stopToDone = stoppedBeforeDone ? (done - stopNs) / 1_000_000 : 0;
        return new Outcome(r, results.get(), stoppedBeforeDone, w.backstopped(), stopToDone);
    }

    /** RootDone processed and every block back in the pool, within a short grace period. */
    private static Supervisor.Stats awaitQuiet(DtsSearch dts, String ctx) {
        return DtsTestBlocks.awaitStats(testKit.system(), dts.supervisor(),
                s -> !s.searching() && s.blocksInUse() == 0 && dts.blocksInUse() == 0 && s.idleWorkers() == 0,
                Duration.ofSeconds(2),
                "RootDone and drained pool after " + ctx);
    }

    private static Position randomPosition(Random rnd) {
        return StressSupport.randomPosition(rnd, FENS);
    }

    private static String tail(List<gacrux.search.ProtocolTrace.Event> events, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = Math.max(0, events.size() - n); i < events.size(); i++) sb.append(events.get(i)).append('\n');
        return sb.toString();
    }

    private static String describe(SearchLimits l) {
        if (l.depth() > 0) return "depth " + l.depth();
        if (l.nodes() > 0) return "nodes " + l.nodes();
        return "infinite";
    }
}
