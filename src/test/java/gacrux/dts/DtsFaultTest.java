package gacrux.dts;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.Faults;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.Searcher;
import gacrux.search.TimeManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Injected faults in DTS workers (issue 8, docs/reliability.md "Worker faults"): a worker that throws in the
 * middle of a search, as a helper and as the owner of a block, and a worker that stalls. Seeded; every wait is
 * bounded; faults fire at random Select points of random workers.
 */
class DtsFaultTest {
    static final ActorTestKit kit = ActorTestKit.create();
    static final Searcher.Config EXACT = DtsExactScoreTest.EXACT;

    @AfterAll
    static void shutdown() { kit.shutdownTestKit(); }

    /**
     * The fault each test installs: the engines' DtsConfig carries an injector that calls whatever is here (the
     * engine's configuration is fixed when it is made; what a test injects changes from search to search).
     */
    static final java.util.concurrent.atomic.AtomicReference<Faults.Injector> injected =
            new java.util.concurrent.atomic.AtomicReference<>();

    /** DTS configuration with the injector above; min: the least split depth (2 here: many blocks, many faults). */
    static gacrux.search.DtsConfig faulty(int min) {
        return gacrux.search.DtsConfig.DEFAULT.withMinSplitDepth(min).withInjector((w, owner, holds, b) -> {
            Faults.Injector f = injected.get();
            if (f != null) f.atSelect(w, owner, holds, b);
        });
    }

    @AfterEach
    void clearInjector() { injected.set(null); }

    /** One fault: the n-th Select that matches, once; records who failed. */
    static final class OneFault implements Faults.Injector {
        final int worker;          // -1: any worker
        final boolean asOwner;
        final int at;
        final AtomicInteger seen = new AtomicInteger();
        final AtomicBoolean fired = new AtomicBoolean();
        volatile int failedWorker = -1;

        OneFault(int worker, boolean asOwner, int at) {
            this.worker = worker;
            this.asOwner = asOwner;
            this.at = at;
        }

        @Override public void atSelect(int w, boolean owner, boolean holdsBlocks, gacrux.search.SplitBlock block) {
            if (fired.get() || (worker >= 0 && w != worker)) return;
            // A helper fault: a pure helper (no block of its own open), so no move can be lost.
            if (asOwner ? !owner : (owner || holdsBlocks || w == 0)) return;
            if (seen.incrementAndGet() != at || !fired.compareAndSet(false, true)) return;
            failedWorker = w;
            throw new Faults.InjectedFault("injected fault in worker " + w + (owner ? " (owner of" : " (helper at")
                    + " block #" + block.id + ")");
        }
    }

    /** A root job like SearchService's: a failure of worker 0's search still answers with a legal move. */
    static CompletableFuture<int[]> search(DtsSearch dts, Position root, SearchControl control) {
        CompletableFuture<int[]> result = new CompletableFuture<>();
        dts.search(control, s -> {
            int best = Move.NONE, score = Integer.MIN_VALUE;
            try {
                var r = s.think(root, new long[0], control, line -> { });
                best = r.bestMove();
                score = r.score();
            } catch (Throwable t) {
                int[] moves = new int[MoveGen.MAX_MOVES];
                if (MoveGen.legal(root, moves, 0) > 0) best = moves[0];
            } finally {
                control.stop();
                result.complete(new int[]{best, score});
            }
        });
        return result;
    }

    static SearchControl control(SearchLimits limits) {
        return new SearchControl(limits, new TimeManager(limits, 0, 0));
    }

    static boolean drained(DtsSearch dts) throws InterruptedException {
        for (int i = 0; i < 400; i++) {
            if (dts.blocksInUse() == 0) return true;
            Thread.sleep(5);
        }
        return false;
    }

    static int starts(DtsSearch dts) {
        int n = 0;
        for (int i = 0; i < dts.threads(); i++) n += dts.workerStarts(i);
        return n;
    }

    /** A new engine's workers start asynchronously: wait until each has started once, so restarts count exactly. */
    static DtsSearch started(DtsSearch dts) throws InterruptedException {
        for (int i = 0; i < 2000 && starts(dts) < dts.threads(); i++) Thread.sleep(5);
        assertEquals(dts.threads(), starts(dts), "every worker started");
        return dts;
    }

    /**
     * A helper throws before it claims its next move: the owner and the other helpers Select the block's
     * remaining moves, so the root score is still exactly the serial minimax value (TT and pruning off). The
     * worker is restarted by supervision and takes Joins again.
     */
    @Test
    @Timeout(120)
    void helperFaultLosesNoMoveAndTheWorkerIsRestarted() throws Exception {
        {
            // Until 20 faults have fired (a fault fires only if its worker Selects often enough), at most 200.
            List<Position> ps = DtsExactScoreTest.positions(200, 8080);
            Random rnd = new Random(0xFA17);
            DtsSearch dts = started(DtsSearch.spawn(kit.system(), "fault-helper", new gacrux.search.TranspositionTable(1), 4, EXACT,
                    faulty(2)));
            int faults = 0, runs = 0;
            for (Position p : ps) {
                if (faults >= 20) break;
                int depth = 4;
                int serial = DtsExactScoreTest.serialScore(p, depth);
                int startsBefore = starts(dts);
                OneFault f = new OneFault(1 + rnd.nextInt(3), false, 1 + rnd.nextInt(6));
                injected.set(f);
                int[] r = search(dts, p, control(SearchLimits.depth(depth))).get(60, TimeUnit.SECONDS);
                injected.set(null);
                runs++;
                assertTrue(MoveGen.isLegal(p, r[0], new int[MoveGen.MAX_MOVES]), "legal bestmove " + p.toFen());
                assertEquals(serial, r[1], "exact score despite the fault, fen " + p.toFen());
                assertTrue(drained(dts), "blocks leaked after a helper fault");
                if (f.failedWorker >= 0) {
                    faults++;
                    int w = f.failedWorker;
                    // Restarted (not stopped): a new start of that worker's behavior, and it helps again.
                    for (int i = 0; i < 400 && starts(dts) == startsBefore; i++) Thread.sleep(5);
                    assertEquals(startsBefore + 1, starts(dts), "supervision restarted worker " + w);
                }
            }
            assertEquals(20, faults, "helper faults injected in " + runs + " searches");
            System.err.println("DtsFaultTest: " + faults + " helper faults in " + runs + " exact searches");
            // Every restarted worker still takes Joins: a few more searches, and each worker helps.
            long[] helpsBefore = new long[4];
            for (int i = 1; i < 4; i++) helpsBefore[i] = dts.searcher(i).helps();
            for (int k = 0; k < 4; k++) search(dts, ps.get(k), control(SearchLimits.depth(6))).get(60, TimeUnit.SECONDS);
            for (int i = 1; i < 4; i++)
                assertTrue(dts.searcher(i).helps() > helpsBefore[i], "worker " + i + " helps after its restart");
        }
    }

    /** Parallel perft with a helper fault: the leaf count is exact (no claimed move was lost). */
    @Test
    @Timeout(120)
    void helperFaultInPerftKeepsTheCountExact() throws Exception {
        {
            DtsSearch dts = started(DtsSearch.spawn(kit.system(), "fault-perft", new gacrux.search.TranspositionTable(1), 3, EXACT,
                    faulty(2)));
            Position kiwi = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
            Random rnd = new Random(4);
            int faults = 0;
            for (int k = 0; k < 60 && faults < 8; k++) {
                OneFault f = new OneFault(-1, false, 1 + rnd.nextInt(40));
                injected.set(f);
                assertEquals(4085603L, dts.perft(kiwi, 4), "kiwipete perft 4 with a fault");
                injected.set(null);
                if (f.failedWorker >= 0) faults++;
                assertTrue(drained(dts));
            }
            assertEquals(8, faults, "perft runs with a helper fault");
        }
    }

    /**
     * The owner of a block throws inside its own split (any worker, worker 0 included): its blocks are
     * aborted, its helpers Merge, the blocks go back to the pool, and the search still answers a legal move
     * (worker 0: the root job's fallback, as in SearchService; another worker: the search goes on without
     * the move it was searching). Supervision restarts a failed worker other than 0 (worker 0's failure is
     * caught by its root job).
     */
    @Test
    @Timeout(120)
    void ownerFaultReleasesItsBlocks() throws Exception {
        {
            // Until 16 owner faults, 4 of them in worker 0, have fired; at most 300 searches.
            List<Position> ps = DtsExactScoreTest.positions(300, 9090);
            Random rnd = new Random(0x0A7E);
            DtsSearch dts = started(DtsSearch.spawn(kit.system(), "fault-owner", new gacrux.search.TranspositionTable(4), 4,
                    Searcher.Config.DEFAULT, faulty(2)));
            int faults = 0, rootFaults = 0;
            int runs = 0;
            for (Position p : ps) {
                if (faults >= 16 && rootFaults >= 4) break;
                runs++;
                int startsBefore = starts(dts);
                int worker = faults >= 16 ? 0 : rnd.nextInt(4);
                OneFault f = new OneFault(worker, true, 1 + rnd.nextInt(4));
                injected.set(f);
                int[] r = search(dts, p, control(SearchLimits.depth(6))).get(60, TimeUnit.SECONDS);
                injected.set(null);
                assertTrue(MoveGen.isLegal(p, r[0], new int[MoveGen.MAX_MOVES]), "legal bestmove " + p.toFen());
                assertTrue(drained(dts), "blocks leaked after an owner fault in worker " + f.failedWorker);
                if (f.failedWorker > 0) {
                    for (int i = 0; i < 400 && starts(dts) == startsBefore; i++) Thread.sleep(5);
                    assertEquals(startsBefore + 1, starts(dts), "supervision restarted worker " + f.failedWorker);
                }
                if (f.failedWorker >= 0) faults++;
                if (f.failedWorker == 0) rootFaults++;
            }
            assertTrue(faults >= 16, "owner faults injected: " + faults + " in " + runs + " searches");
            assertTrue(rootFaults >= 4, "owner faults in worker 0: " + rootFaults);
            System.err.println("DtsFaultTest: " + faults + " owner faults (" + rootFaults + " in worker 0) in " + runs + " searches");
            // The engine is whole afterwards: an exact search on the same workers.
            Position p = ps.get(0);
            dts.configure(EXACT);
            int[] r = search(dts, p, control(SearchLimits.depth(4))).get(60, TimeUnit.SECONDS);
            assertEquals(DtsExactScoreTest.serialScore(p, 4), r[1]);
        }
    }

    /** Stalls one helper (not worker 0) at a Select for stallMs, once; latch opens when the stall begins. */
    static final class Stall implements Faults.Injector {
        final long stallMs;
        final AtomicBoolean fired = new AtomicBoolean();
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch ended = new CountDownLatch(1);

        Stall(long stallMs) { this.stallMs = stallMs; }

        @Override public void atSelect(int w, boolean owner, boolean holdsBlocks, gacrux.search.SplitBlock block) {
            if (w == 0 || owner || !fired.compareAndSet(false, true)) return;
            started.countDown();
            try {
                Thread.sleep(stallMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                ended.countDown();
            }
        }
    }

    /**
     * A helper stalls (sleeps 2 s at a Select, still attached to its block) and the search is stopped during
     * the stall: bestmove comes within the bound (Searcher.abandonAfterNanos, 50 ms, plus unwinding; asserted
     * under 1 s), the owner leaves the block to its stalled helper, which returns it to the pool when it wakes.
     * Control: without abandoning, stop waits for the stall.
     */
    @Test
    @Timeout(120)
    void aStalledHelperCannotDelayStop() throws Exception {
        DtsSearch dts = started(DtsSearch.spawn(kit.system(), "stall", new gacrux.search.TranspositionTable(4), 3,
                Searcher.Config.DEFAULT, faulty(4)));
        Position kiwi = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        List<Position> ps = DtsExactScoreTest.positions(6, 77);
        long worstMs = 0;
        for (int k = 0; k < 6; k++) {
            Position p = k == 0 ? kiwi : ps.get(k);
            long abandonedBefore = dts.abandonedBlocks();
            Stall stall = new Stall(2000);
            injected.set(stall);
            SearchControl c = control(SearchLimits.infiniteSearch());
            CompletableFuture<int[]> r = search(dts, p, c);
            assertTrue(stall.started.await(30, TimeUnit.SECONDS), "a helper stalled");
            Thread.sleep(20);
            long t0 = System.nanoTime();
            c.stop();
            int[] res = r.get(30, TimeUnit.SECONDS);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            worstMs = Math.max(worstMs, ms);
            assertTrue(MoveGen.isLegal(p, res[0], new int[MoveGen.MAX_MOVES]));
            assertTrue(ms < 1000, "stop -> bestmove took " + ms + " ms with a helper stalled");
            assertTrue(stall.ended.getCount() == 1, "the stall was still on when bestmove came");
            assertTrue(stall.ended.await(10, TimeUnit.SECONDS));
            injected.set(null);
            assertTrue(drained(dts), "the stalled helper returned the abandoned block when it woke");
            assertTrue(dts.abandonedBlocks() > abandonedBefore, "the owner abandoned the block");
        }
        System.err.println("DtsFaultTest: worst stop -> bestmove with a stalled helper: " + worstMs + " ms");
        // Control: with abandoning off, stop waits for the stalled helper.
        DtsSearch patient = started(DtsSearch.spawn(kit.system(), "stall-patient", new gacrux.search.TranspositionTable(4), 3,
                Searcher.Config.DEFAULT, faulty(4).withAbandonAfterNanos(Long.MAX_VALUE)));
        try {
            Stall stall = new Stall(1500);
            injected.set(stall);
            SearchControl c = control(SearchLimits.infiniteSearch());
            CompletableFuture<int[]> r = search(patient, kiwi, c);
            assertTrue(stall.started.await(30, TimeUnit.SECONDS));
            long t0 = System.nanoTime();
            c.stop();
            r.get(30, TimeUnit.SECONDS);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= 1000, "without abandoning, stop waited only " + ms + " ms");
        } finally {
            injected.set(null);
        }
        assertTrue(drained(dts));
    }
}
