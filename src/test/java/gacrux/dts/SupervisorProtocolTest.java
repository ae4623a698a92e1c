package gacrux.dts;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import akka.actor.typed.DispatcherSelector;
import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import gacrux.search.Searcher;
import gacrux.search.SplitBlock;
import gacrux.search.SplitHook;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import static gacrux.dts.DtsTestBlocks.awaitStats;
import static gacrux.dts.DtsTestBlocks.stats;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The DTS messages one at a time, against the real Supervisor and Worker actors: stale Joins, duplicate and
 * late messages, claims given back, everyone idle, and stop in the middle of a split. Worker behaviour is
 * checked with a TestProbe in the supervisor's place; the supervisor (which spawns its own workers) is driven
 * with messages and observed through GetStats and the blocks' state.
 */
class SupervisorProtocolTest {
    static final ActorTestKit testKit = ActorTestKit.create();
    static final Duration WAIT = Duration.ofSeconds(10);
    static final AtomicInteger names = new AtomicInteger();

    @AfterAll
    static void shutdown() { testKit.shutdownTestKit(); }

    static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    /** A supervisor over its own DtsShared (so the test can reach the idle counter, pool and epoch). */
    static final class Engine {
        final DtsShared shared;
        final ActorRef<Supervisor.Command> sup;

        Engine(int workers) {
            TranspositionTable tt = new TranspositionTable(4);
            Searcher[] s = new Searcher[workers];
            for (int i = 0; i < workers; i++) s[i] = new Searcher(tt, Searcher.Config.DEFAULT);
            shared = new DtsShared(workers, s);
            sup = testKit.spawn(Supervisor.create(shared), "sup-" + names.incrementAndGet());
        }

        Supervisor.Stats stats() { return DtsTestBlocks.stats(testKit.system(), sup); }

        Supervisor.Stats await(java.util.function.Predicate<Supervisor.Stats> c, String what) {
            return awaitStats(testKit.system(), sup, c, WAIT, what);
        }

        /** Starts a search whose root job just blocks until released: nobody splits unless the test says so. */
        CountDownLatch startBlockingSearch(SearchControl control) {
            CountDownLatch release = new CountDownLatch(1);
            long before = stats().searches();
            sup.tell(new Supervisor.StartSearch(control, s -> {
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            await(st -> st.searches() == before + 1 && st.searching(), "search started");
            return release;
        }

        void finish(CountDownLatch release) {
            release.countDown();
            Supervisor.Stats st = await(s -> !s.searching(), "RootDone");
            assertEquals(0, st.idleCounter(), "idle counter after RootDone");
            assertEquals(0, shared.idle.get());
        }
    }

    static SearchControl unlimited() { return SearchControl.unlimited(); }

    // ---------------------------------------------------------------- Worker, with a probe as supervisor

    @Test
    void workerRefusesAStaleJoinAndSaysHelp() {
        TestProbe<Supervisor.Command> probe = testKit.createTestProbe();
        Searcher searcher = new Searcher(new TranspositionTable(1));
        ActorRef<Worker.Command> w = testKit.spawn(Worker.create(7, searcher, probe.ref()), "w-stale-" + names.incrementAndGet(),
                DispatcherSelector.fromConfig("gacrux.search-dispatcher"));

        // Never opened.
        SplitBlock never = new SplitBlock(0);
        w.tell(new Worker.Join(never, 1, 3));
        assertEquals(new Supervisor.Help(7, true), probe.expectMessageClass(Supervisor.Help.class));

        // Recycled: the owner closed generation g and someone reopened it as g + 1.
        SplitBlock b = new SplitBlock(1);
        SearchControl c = unlimited();
        int g = DtsTestBlocks.open(b, Position.startPos(), 2, c);
        while (b.select() >= 0) { }
        assertTrue(DtsTestBlocks.tryClose(b));
        int g2 = DtsTestBlocks.open(b, Position.startPos(), 2, c);
        assertEquals(g + 1, g2);
        w.tell(new Worker.Join(b, g, 3));
        assertEquals(new Supervisor.Help(7, true), probe.expectMessageClass(Supervisor.Help.class));
        assertEquals(0, b.helpers());
        assertEquals(0, b.next.get(), "the stale helper must not Select from the recycled block");

        // Closed, same generation, moves left (the owner closed it after an abort / stop).
        assertTrue(DtsTestBlocks.tryClose(b));
        w.tell(new Worker.Join(b, g2, 3));
        assertEquals(new Supervisor.Help(7, true), probe.expectMessageClass(Supervisor.Help.class));

        // Exhausted but open.
        int g3 = DtsTestBlocks.open(b, Position.startPos(), 2, c);
        while (b.select() >= 0) { }
        w.tell(new Worker.Join(b, g3, 3));
        assertEquals(new Supervisor.Help(7, true), probe.expectMessageClass(Supervisor.Help.class));
        probe.expectNoMessage(Duration.ofMillis(100)); // in particular no Merged for a Join that never attached
        testKit.stop(w);
    }

    @Test
    void workerJoinsALiveBlockSearchesEveryMoveThenMergesAndSaysHelp() {
        TestProbe<Supervisor.Command> probe = testKit.createTestProbe();
        Searcher searcher = new Searcher(new TranspositionTable(1));
        ActorRef<Worker.Command> w = testKit.spawn(Worker.create(5, searcher, probe.ref()), "w-join-" + names.incrementAndGet(),
                DispatcherSelector.fromConfig("gacrux.search-dispatcher"));
        SplitBlock b = new SplitBlock(4);
        Position kiwi = Position.fromFen(KIWIPETE);
        int gen = DtsTestBlocks.open(b, kiwi, 3, unlimited());
        w.tell(new Worker.Join(b, gen, 9));
        assertEquals(new Supervisor.Merged(4, gen, 5, 9), probe.expectMessageClass(Supervisor.Merged.class, WAIT));
        assertEquals(new Supervisor.Help(5, false), probe.expectMessageClass(Supervisor.Help.class));
        assertEquals(0, b.helpers(), "detached");
        assertFalse(b.hasMovesLeft(), "the lone helper searched every move");
        int best = SplitBlock.score(b.best.get());
        assertTrue(best > -gacrux.search.Score.INFINITE && best < gacrux.search.Score.INFINITE, "a real score: " + best);
        assertTrue(MoveGen.isLegal(kiwi, SplitBlock.move(b.best.get()), new int[MoveGen.MAX_MOVES]));
        assertTrue(DtsTestBlocks.tryClose(b));
        testKit.stop(w);
    }

    @Test
    void workerReportsRootDoneEvenWhenTheRootJobThrows() {
        TestProbe<Supervisor.Command> probe = testKit.createTestProbe();
        ActorRef<Worker.Command> w = testKit.spawn(Worker.create(0, new Searcher(new TranspositionTable(1)), probe.ref()),
                "w-root-" + names.incrementAndGet(), DispatcherSelector.fromConfig("gacrux.search-dispatcher"));
        w.tell(new Worker.RunRoot(11, s -> { throw new IllegalStateException("boom (expected by the test)"); }));
        assertEquals(new Supervisor.RootDone(11), probe.expectMessageClass(Supervisor.RootDone.class));
        testKit.stop(w);
    }

    // ---------------------------------------------------------------- Supervisor with real workers

    @Test
    void joinForAnUnsplitOrRecycledBlockIsRefusedAndTheWorkerSaysHelpAgain() {
        Engine e = new Engine(4);
        CountDownLatch release = e.startBlockingSearch(unlimited());
        assertEquals(3, e.stats().idleCounter(), "workers 1..3 idle at the start");
        SplitHook hook = e.shared.hookFor(0);
        long epoch = e.shared.epoch;

        // (a) A block that was split and unsplit before the Join arrived: closed, generation unchanged.
        SplitBlock b = e.shared.pool[3];
        SearchControl c = unlimited();
        int g = DtsTestBlocks.open(b, Position.startPos(), 2, c);
        assertTrue(DtsTestBlocks.tryClose(b));
        assertEquals(1, hook.claimHelpers(1));
        assertEquals(2, e.shared.idle.get());
        e.sup.tell(new Supervisor.SplitOffered(b, g, 1, 0, epoch));
        Supervisor.Stats s = e.await(st -> st.staleJoins() == 1 && st.idleCounter() == 3, "stale Join answered by HELP");
        assertEquals(1, s.splits());
        assertEquals(1, s.joinsSent());
        assertEquals(0, s.merges());

        // (b) Recycled: reopened as a new generation before the Join of the old one arrives. Its search is
        // already stopped, so a worker that looks for work itself (Searcher.helpAnywhere) leaves it alone
        // and any Select on it could only come through the stale Join.
        SearchControl stopped = unlimited();
        stopped.stop();
        int g2 = DtsTestBlocks.open(b, Position.startPos(), 2, stopped);
        assertEquals(g + 1, g2);
        assertEquals(2, hook.claimHelpers(2));
        e.sup.tell(new Supervisor.SplitOffered(b, g, 2, 0, epoch));
        s = e.await(st -> st.staleJoins() == 3 && st.idleCounter() == 3, "two stale Joins answered by HELP");
        assertEquals(2, s.splits());
        assertEquals(3, s.joinsSent());
        assertEquals(0, b.helpers(), "nobody entered the recycled block");
        assertEquals(0, b.next.get(), "nobody Selected from the recycled block");
        assertTrue(DtsTestBlocks.tryClose(b));
        e.finish(release);
    }

    @Test
    void duplicateHelpDoesNotInflateTheIdleCounter() {
        Engine e = new Engine(4);
        CountDownLatch release = e.startBlockingSearch(unlimited());
        for (int k = 0; k < 5; k++)
            for (int w = 0; w < 4; w++) e.sup.tell(new Supervisor.Help(w, false)); // worker 0 (root) included
        Supervisor.Stats s = e.stats(); // GetStats is behind the Helps in the mailbox
        assertEquals(3, s.idleCounter());
        assertEquals(3, e.shared.idle.get());
        assertEquals(0, s.staleJoins());
        // A real round trip: one worker joins a short block, merges, says HELP once; still 3 idle at the end.
        SplitBlock b = e.shared.pool[0];
        int g = DtsTestBlocks.open(b, Position.startPos(), 2, unlimited());
        assertEquals(1, e.shared.hookFor(0).claimHelpers(1));
        e.sup.tell(new Supervisor.SplitOffered(b, g, 1, 0, e.shared.epoch));
        s = e.await(st -> st.merges() == 1 && st.idleCounter() == 3, "the helper merged and is idle again");
        for (int w = 1; w < 4; w++) e.sup.tell(new Supervisor.Help(w, false));
        assertEquals(3, e.stats().idleCounter());
        assertTrue(DtsTestBlocks.tryClose(b));
        e.finish(release);
    }

    @Test
    void messagesOfAnOldEpochAreCountedAsLateAndDropped() {
        Engine e = new Engine(3);
        CountDownLatch first = e.startBlockingSearch(unlimited());
        long oldEpoch = e.shared.epoch;
        e.finish(first);
        CountDownLatch release = e.startBlockingSearch(unlimited());
        long epoch = e.shared.epoch;
        assertEquals(oldEpoch + 1, epoch);
        Supervisor.Stats before = e.stats();

        SplitBlock b = e.shared.pool[1];
        int g = DtsTestBlocks.open(b, Position.startPos(), 2, unlimited());
        e.sup.tell(new Supervisor.Merged(b.id, g, 1, oldEpoch));
        e.sup.tell(new Supervisor.Unsplit(b.id, g, 0, oldEpoch));
        e.sup.tell(new Supervisor.SplitOffered(b, g, 2, 0, oldEpoch));
        e.sup.tell(new Supervisor.SplitOffered(null, 0, 2, 0, oldEpoch));
        e.sup.tell(new Supervisor.RootDone(oldEpoch));
        Supervisor.Stats s = e.stats();
        assertEquals(before.lateMessages() + 5, s.lateMessages());
        assertEquals(before.merges(), s.merges());
        assertEquals(before.unsplits(), s.unsplits());
        assertEquals(before.splits(), s.splits());
        assertEquals(before.joinsSent(), s.joinsSent(), "no Join for an old epoch's split");
        assertEquals(2, s.idleCounter(), "an old epoch's claim (given back or not) does not touch this epoch's counter");
        assertTrue(s.searching(), "an old RootDone does not end this search");
        assertEquals(0, b.helpers());

        // The same messages of the current epoch count.
        e.sup.tell(new Supervisor.Merged(b.id, g, 1, epoch));
        e.sup.tell(new Supervisor.Unsplit(b.id, g, 0, epoch));
        s = e.stats();
        assertEquals(before.merges() + 1, s.merges());
        assertEquals(before.unsplits() + 1, s.unsplits());
        assertEquals(before.lateMessages() + 5, s.lateMessages());
        assertTrue(DtsTestBlocks.tryClose(b));
        e.finish(release);
        // After the search: everything of the finished epoch is late too.
        long late = e.stats().lateMessages();
        e.sup.tell(new Supervisor.Merged(b.id, g, 1, oldEpoch));
        assertEquals(late + 1, e.stats().lateMessages());
    }

    @Test
    void splitOfferedWithoutABlockGivesTheClaimBack() {
        Engine e = new Engine(5);
        CountDownLatch release = e.startBlockingSearch(unlimited());
        SplitHook hook = e.shared.hookFor(2);
        assertEquals(3, hook.claimHelpers(3));
        assertEquals(1, e.shared.idle.get());
        hook.offered(null, 0, 3); // what trySplit does when the pool is exhausted
        Supervisor.Stats s = e.await(st -> st.idleCounter() == 4, "claim given back");
        assertEquals(0, s.splits());
        assertEquals(0, s.joinsSent());
        // Claims can race: two owners take everything between them, both give it back.
        int a = hook.claimHelpers(3), b = e.shared.hookFor(3).claimHelpers(3);
        assertEquals(4, a + b);
        assertEquals(0, e.shared.hookFor(1).claimHelpers(1), "nobody left to claim");
        hook.offered(null, 0, a);
        e.shared.hookFor(3).offered(null, 0, b);
        e.await(st -> st.idleCounter() == 4, "both claims given back");
        e.finish(release);
    }

    @Test
    void everyWorkerIdleAtOnceWhenNothingSplits() throws Exception {
        // One legal move (Kxb2), after which the position is a dead draw: no node has a second move to share.
        Position p = Position.fromFen("k7/8/8/8/8/8/1q6/K7 w - - 0 1");
        assertEquals(1, MoveGen.legal(p, new int[MoveGen.MAX_MOVES], 0));
        Engine e = new Engine(4);
        for (int depth : new int[]{1, 6}) {
            SearchLimits l = SearchLimits.depth(depth);
            SearchControl control = new SearchControl(l, new TimeManager(l, p.sideToMove(), 0));
            CompletableFuture<SearchResult> result = new CompletableFuture<>();
            AtomicReference<Supervisor.Stats> during = new AtomicReference<>(), afterHelps = new AtomicReference<>();
            long splitsBefore = e.stats().splits();
            e.sup.tell(new Supervisor.StartSearch(control, s -> {
                SearchResult r = s.think(p, new long[0], control, line -> { });
                // Still inside the root job: the supervisor is searching and everyone else is idle.
                during.set(stats(testKit.system(), e.sup));
                for (int w = 0; w < 4; w++) e.sup.tell(new Supervisor.Help(w, false));
                afterHelps.set(stats(testKit.system(), e.sup));
                result.complete(r);
            }));
            SearchResult r = result.get(30, TimeUnit.SECONDS);
            assertEquals("a1b2", Move.toUci(r.bestMove()));
            assertTrue(during.get().searching());
            assertEquals(3, during.get().idleCounter(), "all three helpers idle during the search");
            assertEquals(3, afterHelps.get().idleCounter(), "HELPs of idle workers absorbed");
            assertEquals(splitsBefore, during.get().splits());
            Supervisor.Stats s = e.await(st -> !st.searching(), "RootDone");
            assertEquals(0, s.idleCounter());
            assertEquals(0, s.blocksInUse());
        }
    }

    @Test
    void stopDuringASplitFinishesTheRootDrainsThePoolAndTheEngineStillWorks() throws Exception {
        TranspositionTable tt = new TranspositionTable(8);
        DtsSearch dts = DtsSearch.spawn(testKit.system(), "stop-split-" + names.incrementAndGet(), tt, 4,
                Searcher.Config.DEFAULT);
        int savedMin = Searcher.minSplitDepth;
        try {
            for (String fen : new String[]{KIWIPETE, Position.START_FEN,
                    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"}) {
                Position p = Position.fromFen(fen);
                SearchControl control = SearchControl.unlimited();
                CompletableFuture<SearchResult> result = rootSearch(dts, p, control);
                long splitsBefore = dts.stats(testKit.system()).splits();
                awaitStats(testKit.system(), dts.supervisor(), st -> st.splits() > splitsBefore,
                        Duration.ofSeconds(30), "a split in an infinite search");
                assertFalse(result.isDone(), "an infinite search does not end by itself");
                control.stop();
                SearchResult r;
                try {
                    r = result.get(10, TimeUnit.SECONDS);
                } catch (java.util.concurrent.TimeoutException te) {
                    fail("root did not finish after stop\n" + dts.stats(testKit.system()) + "\n" + DtsTestBlocks.threadDump());
                    return;
                }
                assertTrue(MoveGen.isLegal(p, r.bestMove(), new int[MoveGen.MAX_MOVES]), Move.toUci(r.bestMove()));
                Supervisor.Stats s = awaitStats(testKit.system(), dts.supervisor(),
                        st -> !st.searching() && st.blocksInUse() == 0, Duration.ofSeconds(2), "RootDone and pool drained");
                assertEquals(0, dts.blocksInUse());
                assertEquals(0, s.idleCounter());
            }
            // The same engine, a fresh finite search, with aggressive splitting too.
            Searcher.minSplitDepth = 2;
            for (int depth : new int[]{5, 7}) {
                Position p = Position.fromFen(KIWIPETE);
                SearchLimits l = SearchLimits.depth(depth);
                SearchControl control = new SearchControl(l, new TimeManager(l, p.sideToMove(), 0));
                SearchResult r = rootSearch(dts, p, control).get(60, TimeUnit.SECONDS);
                assertEquals(depth, r.depth());
                assertTrue(MoveGen.isLegal(p, r.bestMove(), new int[MoveGen.MAX_MOVES]), Move.toUci(r.bestMove()));
                awaitStats(testKit.system(), dts.supervisor(), st -> !st.searching() && st.blocksInUse() == 0,
                        Duration.ofSeconds(2), "RootDone and pool drained");
            }
        } finally {
            Searcher.minSplitDepth = savedMin;
        }
    }

    static CompletableFuture<SearchResult> rootSearch(DtsSearch dts, Position p, SearchControl control) {
        CompletableFuture<SearchResult> result = new CompletableFuture<>();
        Consumer<Searcher> job = s -> {
            try {
                result.complete(s.think(p, new long[0], control, line -> { }));
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        };
        dts.search(control, job);
        return result;
    }

    /**
     * A HELP that arrives after the supervisor has already sent that worker a Join of the current epoch marks a
     * busy worker idle. Help carries neither the epoch nor the Join it answers, so onHelp cannot tell it from a
     * fresh one. Real interleaving: epoch 1 sends Join(e1) to idle worker w; the owner finishes the block alone,
     * the root finishes, StartSearch(e2) puts w back in the idle queue; worker 0 splits in e2 and the supervisor
     * sends Join(e2) to w (isIdle[w] = false); only now does w run Join(e1), find it stale and send Help(w) —
     * which sets isIdle[w] and idle++ although w is about to search Join(e2). Busy workers then see helpWanted,
     * claim w for a second split (w may even claim itself) and a Join waits in a busy worker's mailbox: the
     * "idle worker claimed by two splits" pitfall of dts.md. Here the late Help comes from w leaving an e1 block.
     */
    @Test
    void aLateHelpOfABusyWorkerDoesNotMakeItIdle() {
        // No splits by worker 1 itself: otherwise it would claim the phantom idle worker (itself) at once and the
        // claims below would race with it.
        int savedMin = Searcher.minSplitDepth;
        Searcher.minSplitDepth = 1000;
        try {
            lateHelpScenario();
        } finally {
            Searcher.minSplitDepth = savedMin;
        }
    }

    private void lateHelpScenario() {
        Engine e = new Engine(2);
        SearchControl c1 = unlimited(), c2 = unlimited();
        CountDownLatch root1 = e.startBlockingSearch(unlimited());
        SplitBlock b1 = e.shared.pool[0], b2 = e.shared.pool[1];
        int g1 = DtsTestBlocks.open(b1, Position.fromFen(KIWIPETE), 40, c1);
        assertEquals(1, e.shared.hookFor(0).claimHelpers(1));
        e.sup.tell(new Supervisor.SplitOffered(b1, g1, 1, 0, e.shared.epoch));
        awaitCondition(() -> b1.helpers() == 1, "worker 1 in block 1");
        e.finish(root1); // epoch 1 ends while worker 1 still has to report (stands in for a slow-to-run Join)

        CountDownLatch root2 = e.startBlockingSearch(unlimited());
        try {
            // Worker 1 has not answered Join(e1) yet: the new epoch must not count it as idle.
            assertEquals(0, e.stats().idleCounter(), "a worker with an unanswered Join is busy");
            c1.stop(); // worker 1 leaves block 1: Merged(e1) (late) and Help(1): now it is idle
            e.await(st -> st.idleCounter() == 1, "worker 1 idle after answering its Join");
            e.await(st -> st.lateMessages() >= 1, "late Merged of epoch 1");
            int g2 = DtsTestBlocks.open(b2, Position.startPos(), 40, c2);
            assertEquals(1, e.shared.hookFor(0).claimHelpers(1));
            e.sup.tell(new Supervisor.SplitOffered(b2, g2, 1, 0, e.shared.epoch)); // Join(e2) to worker 1
            e.await(st -> st.joinsSent() == 2, "Join(e2) sent");
            awaitCondition(() -> b2.helpers() == 1, "worker 1 in block 2");
            try {
                Thread.sleep(300);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
            }
            Supervisor.Stats s = e.stats();
            assertEquals(0, s.idleCounter(), "worker 1 is busy in block 2, nobody is idle: " + s);
            assertEquals(2, s.joinsSent(), "no Join may be sent to the busy worker: " + s);
        } finally {
            c2.stop();
            awaitCondition(() -> b2.helpers() == 0, "worker 1 left block 2");
            e.finish(root2);
            DtsTestBlocks.tryClose(b1);
            DtsTestBlocks.tryClose(b2);
        }
    }

    static void awaitCondition(java.util.function.BooleanSupplier c, String what) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!c.getAsBoolean()) {
            if (System.nanoTime() > deadline) fail("timed out waiting for " + what);
            try {
                Thread.sleep(2);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                fail(ie);
            }
        }
    }
}
