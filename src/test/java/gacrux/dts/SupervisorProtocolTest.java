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
import java.util.List;
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
 * The DTS messages one at a time, against the real Supervisor and Worker actors: stale Joins, late records,
 * seeking workers that join only their own search's blocks, everyone idle, and stop in the middle of a split.
 * Worker behaviour is checked with a TestProbe in the supervisor's place; the supervisor (which spawns its own
 * workers) is driven with messages and observed through GetStats and the blocks' state.
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
            int seekers = shared.slots.length - 1;
            await(st -> st.searches() == before + 1 && st.searching() && st.idleWorkers() == seekers,
                    "search started, every worker but the root seeking work");
            return release;
        }

        void finish(CountDownLatch release) {
            release.countDown();
            Supervisor.Stats st = await(s -> !s.searching() && s.idleWorkers() == 0, "RootDone, seekers back home");
            assertEquals(0, st.idleWorkers(), "idle workers after RootDone");
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
        probe.expectNoMessage(Duration.ofMillis(100)); // in particular no Joined or Merged for a Join that never attached
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
        long epoch = 0; // the worker's test hook records with epoch 0
        w.tell(new Worker.Join(b, gen, 9));
        // The records of the visit come as one batch when the job ends (DtsShared.flush), then HELP.
        assertEquals(new Supervisor.Records(List.of(new Supervisor.Joined(4, gen, 5, epoch), new Supervisor.Merged(4, gen, 5, epoch))),
                probe.expectMessageClass(Supervisor.Records.class, WAIT));
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

    /**
     * Seeking workers choose open blocks themselves: one of their own search (its control) is joined and
     * searched out, with a Joined and a Merged record each; a block left open by another, stopped search (a
     * late block: recycled or abandoned) is never entered, however long it stays open.
     */
    @Test
    void seekingWorkersJoinOnlyTheirOwnSearchsBlocks() {
        Engine e = new Engine(4);
        SearchControl control = unlimited();
        CountDownLatch release = e.startBlockingSearch(control);
        SearchControl old = unlimited();
        old.stop();
        SplitBlock foreign = e.shared.pool[0], own = e.shared.pool[1];
        DtsTestBlocks.open(foreign, Position.startPos(), 2, old);
        sleep(200);
        assertEquals(0, foreign.helpers(), "nobody entered another search's block");
        assertEquals(0, foreign.next.get(), "nobody Selected from another search's block");
        Supervisor.Stats before = e.stats();
        DtsTestBlocks.open(own, Position.fromFen(KIWIPETE), 3, control);
        Supervisor.Stats s = e.await(st -> st.merges() > before.merges() && st.joins() == st.merges() && own.helpers() == 0
                && !own.hasMovesLeft(), "the seekers searched the open block out and merged");
        assertTrue(s.joins() > before.joins(), "Joined records: " + s);
        int best = SplitBlock.score(own.best.get());
        assertTrue(best > -gacrux.search.Score.INFINITE && best < gacrux.search.Score.INFINITE, "a real score: " + best);
        assertTrue(DtsTestBlocks.tryClose(own));
        assertTrue(DtsTestBlocks.tryClose(foreign));
        e.finish(release);
    }

    @Test
    void recordsOfAnOldEpochAreCountedAsLateAndInTheTotals() {
        Engine e = new Engine(3);
        CountDownLatch first = e.startBlockingSearch(unlimited());
        long oldEpoch = e.shared.epoch;
        e.finish(first);
        CountDownLatch release = e.startBlockingSearch(unlimited());
        long epoch = e.shared.epoch;
        assertEquals(oldEpoch + 1, epoch);
        Supervisor.Stats before = e.stats();

        SplitBlock b = e.shared.pool[1];
        int g = 5;
        e.sup.tell(new Supervisor.Joined(b.id, g, 1, oldEpoch));
        e.sup.tell(new Supervisor.Merged(b.id, g, 1, oldEpoch));
        e.sup.tell(new Supervisor.Unsplit(b.id, g, 0, oldEpoch));
        e.sup.tell(new Supervisor.SplitOffered(b, g, 0, oldEpoch));
        e.sup.tell(new Supervisor.RootDone(oldEpoch));
        Supervisor.Stats s = e.stats();
        assertEquals(before.lateMessages() + 5, s.lateMessages());
        // Records of steps that happened count in the totals, late or not (a batch may come after its search).
        assertEquals(before.joins() + 1, s.joins());
        assertEquals(before.merges() + 1, s.merges());
        assertEquals(before.unsplits() + 1, s.unsplits());
        assertEquals(before.splits() + 1, s.splits());
        assertTrue(s.searching(), "an old RootDone does not end this search");
        assertEquals(2, s.idleWorkers(), "an old RootDone does not send this search's seekers home");

        // The same records of the current epoch count, and are not late.
        e.sup.tell(new Supervisor.Merged(b.id, g, 1, epoch));
        e.sup.tell(new Supervisor.Unsplit(b.id, g, 0, epoch));
        s = e.stats();
        assertEquals(before.merges() + 2, s.merges());
        assertEquals(before.unsplits() + 2, s.unsplits());
        assertEquals(before.lateMessages() + 5, s.lateMessages());
        e.finish(release);
        // After the search: everything of the finished epoch is late too.
        long late = e.stats().lateMessages();
        e.sup.tell(new Supervisor.Merged(b.id, g, 1, oldEpoch));
        assertEquals(late + 1, e.stats().lateMessages());
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
            Supervisor.Stats before = e.stats();
            long splitsBefore = before.splits();
            e.sup.tell(new Supervisor.StartSearch(control, s -> {
                SearchResult r = s.think(p, new long[0], control, line -> { });
                // Still inside the root job: the supervisor is searching and everyone else is seeking work. A seeker
                // marks its slot idle before its HELP record travels, so wait for the supervisor to have counted all
                // three (one each: nothing splits, so no seeker finds work and says HELP again).
                during.set(awaitStats(testKit.system(), e.sup,
                        st -> st.idleWorkers() == 3 && st.helps() >= before.helps() + 3, WAIT, "three seekers' HELPs"));
                for (int w = 0; w < 4; w++) e.sup.tell(new Supervisor.Help(w, false)); // duplicates: only counted
                afterHelps.set(stats(testKit.system(), e.sup));
                result.complete(r);
                control.stop();
            }));
            SearchResult r = result.get(30, TimeUnit.SECONDS);
            assertEquals("a1b2", Move.toUci(r.bestMove()));
            assertTrue(during.get().searching());
            assertEquals(3, during.get().idleWorkers(), "all three helpers idle during the search");
            assertEquals(3, afterHelps.get().idleWorkers(), "HELP records change nobody's state");
            assertEquals(before.helps() + 3, during.get().helps(), "one HELP from each seeker");
            assertEquals(during.get().helps() + 4, afterHelps.get().helps());
            assertEquals(splitsBefore, during.get().splits());
            Supervisor.Stats s = e.await(st -> !st.searching() && st.idleWorkers() == 0, "RootDone");
            assertEquals(0, s.blocksInUse());
        }
    }

    @Test
    void stopDuringASplitFinishesTheRootDrainsThePoolAndTheEngineStillWorks() throws Exception {
        TranspositionTable tt = new TranspositionTable(8);
        DtsSearch dts = DtsSearch.spawn(testKit.system(), "stop-split-" + names.incrementAndGet(), tt, 4,
                Searcher.Config.DEFAULT);
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
                    st -> !st.searching() && st.blocksInUse() == 0 && st.idleWorkers() == 0, Duration.ofSeconds(2),
                    "RootDone and pool drained");
            assertEquals(0, dts.blocksInUse());
        }
        // A fresh finite search on an engine that splits aggressively.
        DtsSearch deep = DtsSearch.spawn(testKit.system(), "stop-split-deep-" + names.incrementAndGet(), tt, 4,
                Searcher.Config.DEFAULT, gacrux.search.DtsConfig.DEFAULT.withMinSplitDepth(2));
        for (int depth : new int[]{5, 7}) {
            Position p = Position.fromFen(KIWIPETE);
            SearchLimits l = SearchLimits.depth(depth);
            SearchControl control = new SearchControl(l, new TimeManager(l, p.sideToMove(), 0));
            SearchResult r = rootSearch(deep, p, control).get(60, TimeUnit.SECONDS);
            control.stop();
            assertEquals(depth, r.depth());
            assertTrue(MoveGen.isLegal(p, r.bestMove(), new int[MoveGen.MAX_MOVES]), Move.toUci(r.bestMove()));
            awaitStats(testKit.system(), deep.supervisor(), st -> !st.searching() && st.blocksInUse() == 0,
                    Duration.ofSeconds(2), "RootDone and pool drained");
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

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
        }
    }
}
