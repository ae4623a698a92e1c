package gacrux.uci;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.Faults;
import gacrux.search.Searcher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Injected DTS worker faults seen from the UCI side (issue 8; the protocol side is gacrux.dts.DtsFaultTest):
 * the real SearchService root job, through UciMain.run in this JVM.
 */
class UciWorkerFaultTest {
    static final String KIWI = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    /** The fault of the running test: the in-process engine's DtsConfig injector calls whatever is here. */
    static final java.util.concurrent.atomic.AtomicReference<Faults.Injector> injected =
            new java.util.concurrent.atomic.AtomicReference<>();

    @AfterEach
    void clear() { injected.set(null); }

    static boolean legal(String fen, String uci) {
        Position p = Position.fromFen(fen);
        int[] list = new int[MoveGen.MAX_MOVES];
        int n = MoveGen.legal(p, list, 0);
        for (int i = 0; i < n; i++) if (gacrux.board.Move.toUci(list[i]).equals(uci)) return true;
        return false;
    }

    static EngineProcess engine(int threads) {
        return engine(threads, 4);
    }

    /** An in-process engine at Threads threads whose DTS splits down to minSplitDepth, with the injector above. */
    static EngineProcess engine(int threads, int minSplitDepth) {
        EngineProcess e = EngineProcess.inProcess(gacrux.search.DtsConfig.DEFAULT.withMinSplitDepth(minSplitDepth)
                .withInjector((w, owner, holds, b) -> {
                    Faults.Injector f = injected.get();
                    if (f != null) f.atSelect(w, owner, holds, b);
                }));
        e.send("uci");
        e.waitFor("uciok", Duration.ofSeconds(30));
        e.send("setoption name Threads value " + threads);
        e.send("isready");
        e.waitFor("readyok", Duration.ofSeconds(30));
        return e;
    }

    /**
     * Worker 0 throws as the owner of a block (its root search fails): SearchService's root job says
     * "search failed" and still prints a legal bestmove; the engine then searches normally.
     */
    @Test
    @Timeout(60)
    void rootWorkerFaultStillAnswersALegalMove() {
        EngineProcess e = engine(3, 2);
        try {
            for (int k = 0; k < 5; k++) {
                AtomicInteger seen = new AtomicInteger();
                AtomicBoolean fired = new AtomicBoolean();
                int at = 1 + k;
                injected.set((w, owner, holds, b) -> {
                    if (w == 0 && owner && seen.incrementAndGet() == at && fired.compareAndSet(false, true))
                        throw new Faults.InjectedFault("injected fault in worker 0");
                });
                e.send("position fen " + KIWI);
                e.send("go depth 9");
                String best = e.waitFor("bestmove", Duration.ofSeconds(30));
                injected.set(null);
                assertTrue(fired.get(), "the fault fired");
                assertTrue(legal(KIWI, best.split(" ")[1]), best);
                e.send("isready");
                e.waitFor("readyok", Duration.ofSeconds(10));
            }
            e.send("go depth 6");
            assertTrue(legal(KIWI, e.waitFor("bestmove", Duration.ofSeconds(30)).split(" ")[1]));
            assertEquals(5, e.stdoutLines().stream().filter(l -> l.startsWith("info string search failed")).count());
            e.send("quit");
            assertEquals(0, e.waitForExit(Duration.ofSeconds(5)));
            e.assertCleanOutput();
        } finally {
            e.close();
        }
    }

    /** A helper stalls 3 s while attached to a block; `stop` still gets bestmove within 1 s. */
    @Test
    @Timeout(60)
    void stopWithAStalledHelper() throws Exception {
        EngineProcess e = engine(3);
        try {
            long worst = 0;
            for (int k = 0; k < 3; k++) {
                CountDownLatch stalled = stall(false, 3000);
                e.send("position fen " + KIWI);
                e.send("go infinite");
                assertTrue(stalled.await(30, TimeUnit.SECONDS), "a helper stalled");
                long t0 = System.nanoTime();
                e.send("stop");
                String best = e.waitFor("bestmove", Duration.ofSeconds(10));
                long ms = (System.nanoTime() - t0) / 1_000_000;
                worst = Math.max(worst, ms);
                assertTrue(ms < 1000, "stop -> bestmove " + ms + " ms with a helper stalled");
                assertTrue(legal(KIWI, best.split(" ")[1]), best);
                injected.set(null);
                Thread.sleep(3100); // the stall ends; the helper returns the abandoned block
            }
            System.err.println("UciWorkerFaultTest: worst stop -> bestmove with a stalled helper: " + worst + " ms");
            e.send("go depth 6");
            assertTrue(legal(KIWI, e.waitFor("bestmove", Duration.ofSeconds(30)).split(" ")[1]));
            e.send("quit");
            assertEquals(0, e.waitForExit(Duration.ofSeconds(5)));
            e.assertCleanOutput();
        } finally {
            e.close();
        }
    }

    /**
     * Stalls one worker once for ms at a Select: worker 0 (the root) as the owner of a block, or else a helper
     * (not worker 0, not an owner) attached to a block. The latch opens when the stall begins.
     */
    static CountDownLatch stall(boolean root, long ms) {
        CountDownLatch stalled = new CountDownLatch(1);
        AtomicBoolean fired = new AtomicBoolean();
        injected.set((w, owner, holds, b) -> {
            boolean target = root ? w == 0 && owner : w != 0 && !owner;
            if (!target || !fired.compareAndSet(false, true)) return;
            stalled.countDown();
            try {
                Thread.sleep(ms);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
            }
        });
        return stalled;
    }

    private static long bestmoves(EngineProcess e) {
        return e.stdoutLines().stream().filter(l -> l.startsWith("bestmove")).count();
    }

    /**
     * Worker 0 itself stalls 3 s inside its root search: stop still gets a legal bestmove within the stop bound
     * (SearchService.STOP_BOUND_MS, 250 ms; asserted under 1 s), the move of the last completed iteration; the
     * root's own bestmove after the stall is not printed (one bestmove per go), and the engine goes on.
     */
    @Test
    @Timeout(60)
    void stopWithAStalledRootWorker() throws Exception {
        EngineProcess e = engine(3);
        try {
            CountDownLatch stalled = stall(true, 3000);
            e.send("position fen " + KIWI);
            e.send("go infinite");
            assertTrue(stalled.await(30, TimeUnit.SECONDS), "worker 0 stalled");
            long t0 = System.nanoTime();
            e.send("stop");
            String best = e.waitFor("bestmove", Duration.ofSeconds(10));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.err.println("UciWorkerFaultTest: stop -> bestmove with worker 0 stalled: " + ms + " ms");
            assertTrue(ms >= SearchService.STOP_BOUND_MS - 5 && ms < 1000, "stop -> bestmove " + ms + " ms");
            assertTrue(legal(KIWI, best.split(" ")[1]), best);
            assertTrue(e.stdoutLines().stream().anyMatch(l -> l.startsWith("info string no bestmove from the search")));
            injected.set(null);
            e.send("isready"); // answered at once: the reader and the engine actor are not stuck behind the stall
            e.waitFor("readyok", Duration.ofSeconds(2));
            Thread.sleep(3200); // the stall ends and the root search returns: its bestmove is swallowed
            assertEquals(1, bestmoves(e), e.transcript());
            e.send("go depth 6");
            e.waitFor("bestmove", Duration.ofSeconds(30));
            assertEquals(2, bestmoves(e));
            e.send("quit");
            assertEquals(0, e.waitForExit(Duration.ofSeconds(5)));
            e.assertCleanOutput();
        } finally {
            e.close();
        }
    }

    /** The same with a clock: worker 0 stalls during a go movetime 300; bestmove within movetime + the bound. */
    @Test
    @Timeout(60)
    void timeLimitWithAStalledRootWorker() throws Exception {
        EngineProcess e = engine(3);
        try {
            CountDownLatch stalled = stall(true, 3000);
            e.send("position fen " + KIWI);
            long t0 = System.nanoTime();
            e.send("go movetime 300");
            String best = e.waitFor("bestmove", Duration.ofSeconds(10));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(0, stalled.getCount(), "worker 0 stalled");
            System.err.println("UciWorkerFaultTest: go movetime 300 -> bestmove with worker 0 stalled: " + ms + " ms");
            assertTrue(ms < 300 + SearchService.STOP_BOUND_MS + 500, "bestmove after " + ms + " ms");
            assertTrue(legal(KIWI, best.split(" ")[1]), best);
            injected.set(null);
            Thread.sleep(3200);
            assertEquals(1, bestmoves(e), e.transcript());
            e.send("quit");
            assertEquals(0, e.waitForExit(Duration.ofSeconds(5)));
            e.assertCleanOutput();
        } finally {
            e.close();
        }
    }

    /**
     * quit, or the end of input, while a worker (the root, or a helper) is stalled for 5 s in a go infinite:
     * UciMain.run returns 0 within 1 s (a bestmove first; UciMain.QUIT_BOUND_MS, 400 ms, for the actor system
     * to terminate, then the process's System.exit ends the stalled thread).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"quit root", "quit helper", "eof root", "eof helper"})
    @Timeout(60)
    void quitOrEndOfInputWithAStalledWorkerExitsWithinOneSecond(String how) throws Exception {
        EngineProcess e = engine(3);
        try {
            CountDownLatch stalled = stall(how.endsWith("root"), 5000);
            e.send("position fen " + KIWI);
            e.send("go infinite");
            assertTrue(stalled.await(30, TimeUnit.SECONDS), how + ": stalled");
            long t0 = System.nanoTime();
            if (how.startsWith("quit")) e.send("quit");
            else e.closeStdin();
            assertEquals(0, e.waitForExit(Duration.ofSeconds(3)));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.err.println("UciWorkerFaultTest: " + how + " stalled -> exit: " + ms + " ms");
            assertTrue(ms < 1000, how + " -> exit " + ms + " ms");
            if (how.startsWith("eof")) assertEquals(1, bestmoves(e), "end of input answers the infinite search");
            e.assertCleanOutput();
        } finally {
            injected.set(null);
            e.close();
        }
    }
}
