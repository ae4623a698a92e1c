package gacrux.search;

import gacrux.board.Position;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The split block's atomics under real contention: Select claims each move once, Share keeps the maximum and
 * aborts iff a score reaches beta, attach/detach/close are one CAS word so a helper can never attach to a
 * closed, exhausted, aborted or recycled block, and the owner can never close a block a helper is still in.
 * In package gacrux.search because prepare/open/tryClose are package-private.
 */
class SplitBlockTest {

    /** Fills a block with n dummy moves the way Split.openBlock does (prepare, fields, open). Returns the generation. */
    static int openBlock(SplitBlock b, int n, int alpha0, int beta) {
        assertTrue(b.tryClose(), "a block is refilled only when closed");
        b.prepare(-Score.INFINITE, 0);
        b.position.copyFrom(Position.startPos());
        b.moveCount = n;
        for (int i = 0; i < n; i++) b.moves[i] = 1000 + i;
        b.alpha0 = alpha0;
        b.beta = beta;
        b.depth = 6;
        b.ply = 1;
        return b.open();
    }

    /** Runs body on `threads` threads released together; rethrows the first failure. */
    static void race(int threads, ThrowingRunnable body) throws Exception {
        CyclicBarrier start = new CyclicBarrier(threads);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final int id = t;
            Thread th = new Thread(() -> {
                try {
                    start.await();
                    body.run(id);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "splitblock-race-" + t);
            ts.add(th);
            th.start();
        }
        for (Thread th : ts) th.join(30_000);
        for (Thread th : ts) assertFalse(th.isAlive(), "race thread hung: " + th.getName());
        if (failure.get() != null) throw new AssertionError(failure.get());
    }

    interface ThrowingRunnable { void run(int thread) throws Exception; }

    @Test
    void selectClaimsEachMoveExactlyOnceUnderContention() throws Exception {
        SplitBlock b = new SplitBlock(0);
        for (int round = 0; round < 200; round++) {
            int n = 200;
            openBlock(b, n, -100, 100);
            AtomicIntegerArray claimed = new AtomicIntegerArray(n);
            AtomicIntegerArray byThread = new AtomicIntegerArray(8);
            race(8, t -> {
                int idx;
                while ((idx = b.select()) >= 0) {
                    assertTrue(idx < n, "index out of range " + idx);
                    claimed.incrementAndGet(idx);
                    byThread.incrementAndGet(t);
                }
                // Exhausted stays exhausted: further Selects keep failing.
                assertEquals(-1, b.select());
                assertFalse(b.hasMovesLeft());
            });
            int total = 0;
            for (int i = 0; i < n; i++) assertEquals(1, claimed.get(i), "move index " + i + " claimed " + claimed.get(i) + " times");
            for (int t = 0; t < 8; t++) total += byThread.get(t);
            assertEquals(n, total);
        }
    }

    @Test
    void shareKeepsTheMaximumUnderConcurrentCasAndAbortsOnlyAtBeta() throws Exception {
        SplitBlock b = new SplitBlock(1);
        int[] childPv = {7, 8, 9};
        for (int round = 0; round < 100; round++) {
            boolean reachBeta = round % 2 == 0;
            int beta = 5000;
            openBlock(b, 64, -100, beta);
            // Every thread shares 2000 distinct scores below beta; on even rounds one thread also shares beta.
            race(8, t -> {
                for (int k = 0; k < 2000; k++) {
                    int score = -3000 + (k * 8 + t) % 7000; // -3000 .. 3999: never >= beta
                    b.share(score, 1 + t * 10000 + k, childPv, childPv.length);
                }
                if (reachBeta && t == 3) b.share(beta, 424242, childPv, childPv.length);
            });
            int best = SplitBlock.score(b.best.get());
            if (reachBeta) {
                assertEquals(beta, best);
                assertEquals(424242, SplitBlock.move(b.best.get()));
                assertTrue(b.aborted, "a share >= beta must abort the block");
            } else {
                assertEquals(3999, best, "the maximum of all shared scores");
                assertFalse(b.aborted, "no score reached beta: not aborted");
            }
            // The PV is the winner's: first move is the best move, then the child PV.
            synchronized (b) {
                assertEquals(SplitBlock.move(b.best.get()), b.pv()[0]);
                assertEquals(4, b.pvLength());
            }
            assertEquals(Math.max(b.alpha0, best), b.alpha());
        }
    }

    @Test
    void shareBelowTheBestNeverLowersItAndReturnsFalse() {
        SplitBlock b = new SplitBlock(2);
        openBlock(b, 4, -50, 50);
        assertTrue(b.share(10, 11, new int[0], 0));
        assertFalse(b.share(10, 12, new int[0], 0), "equal score is not an improvement");
        assertFalse(b.share(-20, 13, new int[0], 0));
        assertEquals(10, SplitBlock.score(b.best.get()));
        assertEquals(11, SplitBlock.move(b.best.get()));
        assertFalse(b.aborted);
        assertEquals(10, b.alpha());
        assertTrue(b.share(50, 14, new int[0], 0));
        assertTrue(b.aborted, "score == beta aborts");
    }

    @Test
    void helperFailsHighWhileOwnerIsMidSelect() throws Exception {
        // The owner Selects and shares low scores; a helper fails high mid-way. Afterwards: aborted, best is the
        // fail-high score, the owner's later (lower) share is refused, and attach is refused.
        int stoppedEarly = 0;
        for (int round = 0; round < 200; round++) {
            SplitBlock b = new SplitBlock(3);
            int gen = openBlock(b, 200, 0, 300);
            assertTrue(b.attach(gen), "helper attaches to an open block with moves");
            CountDownLatch ownerStarted = new CountDownLatch(1);
            AtomicBoolean ownerSawAbort = new AtomicBoolean();
            AtomicReference<Throwable> ownerFailure = new AtomicReference<>();
            Thread owner = new Thread(() -> {
                try {
                    int idx;
                    while (!b.chainAborted() && (idx = b.select()) >= 0) {
                        ownerStarted.countDown();
                        b.share(idx % 250, b.moves[idx], new int[0], 0); // 0..249 < beta
                        Thread.onSpinWait();
                    }
                    ownerSawAbort.set(b.chainAborted());
                    ownerStarted.countDown();
                    while (!b.aborted) Thread.onSpinWait();
                    // Share after abort: a lower score never replaces the fail-high one.
                    assertFalse(b.share(299, 1, new int[0], 0), "a share after the abort lowered best");
                } catch (Throwable e) {
                    ownerFailure.set(e);
                }
            });
            owner.start();
            ownerStarted.await();
            b.select(); // the helper's move
            int failHighMove = 777777;
            assertTrue(b.share(400, failHighMove, new int[]{1, 2}, 2));
            b.detach();
            owner.join(10_000);
            assertFalse(owner.isAlive());
            if (ownerFailure.get() != null) throw new AssertionError(ownerFailure.get());
            if (ownerSawAbort.get()) stoppedEarly++;
            assertTrue(b.aborted);
            assertEquals(400, SplitBlock.score(b.best.get()));
            assertEquals(failHighMove, SplitBlock.move(b.best.get()));
            synchronized (b) {
                assertEquals(failHighMove, b.pv()[0]);
                assertEquals(3, b.pvLength());
            }
            assertFalse(b.attach(gen), "an aborted block refuses helpers");
            assertTrue(b.tryClose());
        }
        // Not asserted (scheduling), but reported: how often the owner was stopped mid-Select by the abort.
        System.err.println("helperFailsHighWhileOwnerIsMidSelect: owner stopped by abort in " + stoppedEarly + "/200");
    }

    @Test
    void shareAfterAbortNeverLowersBestUnderContention() throws Exception {
        for (int round = 0; round < 100; round++) {
            SplitBlock b = new SplitBlock(4);
            openBlock(b, 32, 0, 100);
            race(6, t -> {
                if (t == 0) {
                    b.share(150, 9999, new int[0], 0);
                } else {
                    for (int k = 0; k < 500; k++) {
                        b.share(k % 100, t * 1000 + k, new int[0], 0); // always < beta
                        if (b.aborted) assertTrue(SplitBlock.score(b.best.get()) >= 100, "best lowered after abort");
                    }
                }
            });
            assertTrue(b.aborted);
            assertEquals(150, SplitBlock.score(b.best.get()));
            assertEquals(9999, SplitBlock.move(b.best.get()));
        }
    }

    @Test
    void attachIsRefusedForWrongGenerationClosedExhaustedOrAbortedBlocks() {
        SplitBlock b = new SplitBlock(5);
        assertFalse(b.attach(0), "a never-opened block");
        int gen = openBlock(b, 3, -10, 10);
        assertEquals(gen, b.generation());
        assertTrue(b.isOpen());
        assertFalse(b.attach(gen - 1), "older generation");
        assertFalse(b.attach(gen + 1), "newer generation");
        assertTrue(b.attach(gen));
        assertEquals(1, b.helpers());
        b.detach();
        assertEquals(0, b.helpers());

        // Exhausted: every move claimed.
        while (b.select() >= 0) { }
        assertFalse(b.attach(gen), "exhausted block");
        assertTrue(b.tryClose());
        assertFalse(b.isOpen());
        assertFalse(b.attach(gen), "closed block");

        // Closed with moves left.
        int gen2 = openBlock(b, 3, -10, 10);
        assertTrue(b.tryClose());
        assertFalse(b.attach(gen2), "closed block with moves left");

        // Aborted.
        int gen3 = openBlock(b, 3, -10, 10);
        b.share(10, 5, new int[0], 0);
        assertTrue(b.aborted);
        assertFalse(b.attach(gen3), "aborted block");
        assertEquals(0, b.helpers());
        assertTrue(b.tryClose());
    }

    @Test
    void tryCloseFailsWhileAHelperIsAttachedAndSucceedsAfterDetach() {
        SplitBlock b = new SplitBlock(6);
        int gen = openBlock(b, 10, -10, 10);
        assertTrue(b.attach(gen));
        assertTrue(b.attach(gen));
        assertFalse(b.tryClose(), "two helpers attached");
        assertTrue(b.isOpen());
        b.detach();
        assertFalse(b.tryClose(), "one helper attached");
        b.detach();
        assertTrue(b.tryClose());
        assertFalse(b.isOpen());
        assertEquals(gen, b.generation(), "closing keeps the generation; reopening bumps it");
        assertTrue(b.tryClose(), "closing a closed block is a no-op");
    }

    @Test
    void closeAndAttachRaceNeverLeavesAGhostHelper() throws Exception {
        // Owner tries to close while helpers try to attach: either the helper attached before the close (and the
        // close waits for its detach) or the attach is refused. Never a helper inside a closed block.
        SplitBlock b = new SplitBlock(7);
        for (int round = 0; round < 500; round++) {
            int gen = openBlock(b, 200, -10, 10);
            AtomicIntegerArray inside = new AtomicIntegerArray(1);
            AtomicBoolean closed = new AtomicBoolean();
            race(4, t -> {
                if (t == 0) {
                    while (!b.tryClose()) Thread.onSpinWait();
                    closed.set(true);
                    assertEquals(0, inside.get(0), "closed with a helper inside");
                    assertEquals(0, b.helpers());
                } else {
                    for (int k = 0; k < 20; k++) {
                        if (b.attach(gen)) {
                            inside.incrementAndGet(0);
                            assertFalse(closed.get(), "attached to a closed block");
                            b.select();
                            inside.decrementAndGet(0);
                            b.detach();
                        }
                    }
                }
            });
            assertFalse(b.isOpen());
            assertEquals(0, b.helpers());
        }
    }

    @Test
    void reopenBumpsTheGenerationSoAJoinOfTheRecycledBlockIsRefused() {
        SplitBlock b = new SplitBlock(8);
        int g1 = openBlock(b, 5, -10, 10);
        // Owner finishes alone and returns the block to the pool; another owner reuses it at once.
        while (b.select() >= 0) { }
        assertTrue(b.tryClose());
        int g2 = openBlock(b, 5, -10, 10);
        assertEquals(g1 + 1, g2);
        assertTrue(b.isOpen());
        assertTrue(b.hasMovesLeft());
        assertFalse(b.attach(g1), "a Join sent for the first split must not enter the recycled block");
        assertEquals(0, b.helpers());
        assertTrue(b.attach(g2));
        b.detach();
        // Many recycles: generations strictly increase.
        int last = g2;
        for (int i = 0; i < 1000; i++) {
            int g = openBlock(b, 1, -1, 1);
            assertEquals(last + 1, g);
            assertFalse(b.attach(last));
            last = g;
        }
    }

    @Test
    void recycleRaceRefusesEveryStaleJoin() throws Exception {
        // One thread recycles the block as fast as it can; helpers holding an old generation keep trying to
        // attach. An attach may succeed only while the block still has that very generation.
        SplitBlock b = new SplitBlock(9);
        int first = openBlock(b, 100, -10, 10);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicIntegerArray wrong = new AtomicIntegerArray(1);
        race(4, t -> {
            if (t == 0) {
                for (int i = 0; i < 20_000; i++) {
                    while (!b.tryClose()) Thread.onSpinWait();
                    openBlock(b, 100, -10, 10);
                }
                stop.set(true);
            } else {
                while (!stop.get()) {
                    int g = b.generation();
                    if (b.attach(g)) {
                        // While we are attached the block cannot be closed, so cannot be reopened.
                        if (b.generation() != g || !b.isOpen()) wrong.incrementAndGet(0);
                        b.detach();
                    }
                    // Once the generation has moved on (it only grows), the first generation is gone for good.
                    if (b.generation() != first && b.attach(first)) {
                        wrong.incrementAndGet(0);
                        b.detach();
                    }
                }
            }
        });
        assertEquals(0, wrong.get(0));
        assertEquals(first + 20_000, b.generation());
    }

    @Test
    void chainAbortedSeesAnAbortAnywhereAbove() {
        SplitBlock top = new SplitBlock(10), mid = new SplitBlock(11), low = new SplitBlock(12);
        openBlock(top, 4, -10, 10);
        openBlock(mid, 4, -10, 10);
        openBlock(low, 4, -10, 10);
        mid.parent = top;
        low.parent = mid;
        assertFalse(low.chainAborted());
        assertTrue(low.under(top));
        assertTrue(low.under(low));
        assertFalse(top.under(low));
        top.share(10, 1, new int[0], 0);
        assertTrue(low.chainAborted());
        assertTrue(mid.chainAborted());
    }

    /**
     * Helpful master: while the owner waits for a helper at its block `mine`, it may join only blocks below
     * `mine`. Searcher.helpBelow checks c.isOpen() and c.under(mine) and only then reads c.generation() for the
     * attach. If c is closed and reopened elsewhere in between, the owner attaches to the new, unrelated block.
     * Here a toggler flips block c between "open below mine" and "open, unrelated" as fast as it can while the
     * owner waits (a fake helper stays attached to mine); any Select in the unrelated configuration is the race.
     */
    @Test
    void helpfulMasterNeverJoinsABlockThatIsNotBelowItsOwn() throws Exception {
        SplitBlock mine = new SplitBlock(0), c = new SplitBlock(1);
        SplitBlock[] pool = {mine, c};
        AtomicBoolean split = new AtomicBoolean();
        AtomicBoolean togglerStop = new AtomicBoolean();
        AtomicIntegerArray counts = new AtomicIntegerArray(3); // 0: legit helps, 1: wrong helps, 2: toggles
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long toggleNanos = 5_000_000_000L; // it stops at the first wrong help (~1 s here while the bug is in)
        Thread[] helper = new Thread[1];
        WorkerSlot[] slots = {new WorkerSlot(0), new WorkerSlot(1)};
        Searcher owner = new Searcher(new TranspositionTable(1), new Searcher.Config(false, true, 1));
        Searcher[] searchers = {owner, new Searcher(new TranspositionTable(1))}; // 1: the fake helper (never searches)
        SplitHook hook = new TestHook(pool, searchers, slots, 0, new AtomicReference<>()) {
            @Override public SplitBlock acquire() { return split.get() ? null : mine; }
            @Override public void offered(SplitBlock b, int generation) {
                split.set(true);
                // Worker 1 asked for this split: the owner attaches it (the hand-off) right after this returns.
                helper[0] = new Thread(() -> {
                    try {
                        while (slots[1].answer() == 0) Thread.onSpinWait(); // attached by the owner's hand-off
                        while (b.hasMovesLeft()) Thread.sleep(1); // the owner searches the block's moves itself
                        Thread.sleep(5); // ... and is now waiting in its Unsplit loop, helping below
                        Thread toggler = new Thread(() -> toggle(mine, c, togglerStop, counts));
                        toggler.start();
                        long end = System.nanoTime() + toggleNanos;
                        while (System.nanoTime() < end && counts.get(1) == 0) Thread.sleep(5);
                        togglerStop.set(true);
                        toggler.join();
                    } catch (Throwable t) {
                        failure.compareAndSet(null, t);
                    } finally {
                        b.detach();
                    }
                }, "fake-helper");
                helper[0].start();
            }
        };
        owner.onMove(() -> {
            if (!split.get() && slots[0].requests() == 0) slots[1].ask(slots[0], 0, 0);
        });
        owner.attach(hook, 0, true);
        Position root = Position.fromFen("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
        SearchLimits l = SearchLimits.depth(5);
        SearchResult r = owner.think(root, new long[0], new SearchControl(l, new TimeManager(l, 0, 0)), x -> { });
        assertTrue(split.get(), "the owner split");
        helper[0].join(30_000);
        if (failure.get() != null) throw new AssertionError(failure.get());
        System.err.println("helpfulMaster: " + counts.get(2) + " toggles, " + counts.get(0) + " helps below, "
                + counts.get(1) + " helps at the unrelated block");
        assertTrue(gacrux.board.MoveGen.isLegal(root, r.bestMove(), new int[gacrux.board.MoveGen.MAX_MOVES]));
        assertEquals(0, counts.get(1), "the owner joined a block that is not below its own (helpBelow reads the"
                + " generation after the under() check)");
    }

    /** Flips c between a block below `mine` and an unrelated one (parent null); counts Selects in each. */
    private static void toggle(SplitBlock mine, SplitBlock c, AtomicBoolean stop, AtomicIntegerArray counts) {
        // c hangs below mine through a chain of nested blocks (legal: MAX_CHAIN is 256). The chain only makes
        // under() take a microsecond instead of a nanosecond, widening the window between its first read of
        // c.parent and helpBelow's read of c.generation(); the race is the same with a chain of one.
        SplitBlock link = mine;
        for (int i = 0; i < 200; i++) {
            SplitBlock x = new SplitBlock(100 + i);
            x.parent = link;
            link = x;
        }
        SplitBlock chain = link;
        while (!stop.get()) {
            fillChild(c, mine);
            c.parent = chain; // last write before open: the "below mine" configuration
            c.open();
            for (int i = 0; i < 20; i++) Thread.onSpinWait();
            while (!c.tryClose()) Thread.onSpinWait();
            if (c.next.get() > 0) counts.incrementAndGet(0);
            fillChild(c, mine);
            c.parent = null; // unrelated: the owner must never join it
            c.open();
            for (int i = 0; i < 20; i++) Thread.onSpinWait();
            while (!c.tryClose()) Thread.onSpinWait();
            if (c.next.get() > 0) counts.incrementAndGet(1);
            counts.incrementAndGet(2);
        }
    }

    private static void fillChild(SplitBlock c, SplitBlock mine) {
        c.prepare(-Score.INFINITE, 0);
        c.position.copyFrom(mine.position);
        c.rootKeyIndex = mine.rootKeyIndex;
        c.keyCount = mine.keyCount;
        System.arraycopy(mine.keys, 0, c.keys, 0, mine.keyCount);
        c.moveCount = 1;
        c.moves[0] = mine.moves[0];
        c.searchedBefore = 0;
        c.depth = 1;
        c.rootDepth = mine.rootDepth;
        c.ply = mine.ply;
        c.nodeType = Searcher.ALL;
        c.alpha0 = -Score.INFINITE;
        c.beta = Score.INFINITE;
        c.staticEval = mine.staticEval;
        c.pruneEval = mine.pruneEval;
        c.inCheck = mine.inCheck;
        System.arraycopy(mine.path, 0, c.path, 0, mine.pathLength);
        c.pathLength = mine.pathLength;
        c.control = mine.control;
        c.owner = 1;
    }
}
