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

    @AfterEach
    void clear() { Faults.injector = null; }

    static boolean legal(String fen, String uci) {
        Position p = Position.fromFen(fen);
        int[] list = new int[MoveGen.MAX_MOVES];
        int n = MoveGen.legal(p, list, 0);
        for (int i = 0; i < n; i++) if (gacrux.board.Move.toUci(list[i]).equals(uci)) return true;
        return false;
    }

    static EngineProcess engine(int threads) {
        EngineProcess e = EngineProcess.inProcess();
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
        int savedMin = Searcher.minSplitDepth;
        Searcher.minSplitDepth = 2;
        EngineProcess e = engine(3);
        try {
            for (int k = 0; k < 5; k++) {
                AtomicInteger seen = new AtomicInteger();
                AtomicBoolean fired = new AtomicBoolean();
                int at = 1 + k;
                Faults.injector = (w, owner, holds, b) -> {
                    if (w == 0 && owner && seen.incrementAndGet() == at && fired.compareAndSet(false, true))
                        throw new Faults.InjectedFault("injected fault in worker 0");
                };
                e.send("position fen " + KIWI);
                e.send("go depth 9");
                String best = e.waitFor("bestmove", Duration.ofSeconds(30));
                Faults.injector = null;
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
            Searcher.minSplitDepth = savedMin;
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
                CountDownLatch stalled = new CountDownLatch(1);
                AtomicBoolean fired = new AtomicBoolean();
                Faults.injector = (w, owner, holds, b) -> {
                    if (w == 0 || owner || !fired.compareAndSet(false, true)) return;
                    stalled.countDown();
                    try {
                        Thread.sleep(3000);
                    } catch (InterruptedException ie) {
                        Thread.currentThread().interrupt();
                    }
                };
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
                Faults.injector = null;
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
}
