package gacrux.search;

import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The cluster level's search half without a cluster: "remote nodes" are threads with their own Searcher, each
 * task searched with {@link Searcher#searchTask}. In test mode (TT off, no history-dependent pruning) a search
 * that hands moves out, merges their results, aborts them at cutoffs and searches lost ones again itself must give
 * exactly the serial score.
 */
class RemoteWorkExactTest {
    static final Searcher.Config EXACT = new Searcher.Config(false, false, 1);
    static final ExecutorService pool = Executors.newFixedThreadPool(4);

    @AfterAll
    static void shutdown() { pool.shutdownNow(); }

    /** Remote nodes as threads; every lossEvery-th task is "lost" (failed; its late result must be dropped). */
    static final class ThreadNodes implements RemoteWork {
        final int minDepth, lossEvery;
        final AtomicInteger idle;
        final AtomicLong ids = new AtomicLong(), sent = new AtomicLong(), lost = new AtomicLong(),
                lateDropped = new AtomicLong(), aborted = new AtomicLong(), rejected = new AtomicLong();

        ThreadNodes(int nodes, int minDepth, int lossEvery) {
            this.idle = new AtomicInteger(nodes);
            this.minDepth = minDepth;
            this.lossEvery = lossEvery;
        }

        public int minDepth() { return minDepth; }
        /** Deeper nodes of the root worker's path too (off in the engine): their paths, null moves included, must replay. */
        public boolean belowRoot() { return true; }
        public boolean idle() { return idle.get() > 0; }

        public RemoteTask submit(Spec spec, int ply, int move) {
            if (idle.getAndDecrement() <= 0) {
                idle.incrementAndGet();
                return null;
            }
            long id = ids.incrementAndGet();
            RemoteTask t = new RemoteTask(id, ply, move, "thread");
            sent.incrementAndGet();
            // What crosses the wire: the root as FEN, the path, the window; a fresh searcher, as on another machine.
            String fen = spec.root().toFen();
            long[] keys = spec.gameKeys().clone();
            int[] path = spec.path().clone();
            try {
                gacrux.cluster.WorkerNode.replay(Position.fromFen(fen), path); // what a worker node checks first
            } catch (IllegalArgumentException e) {
                if (rejected.incrementAndGet() < 5) System.err.println("rejected: " + fen + " " + e.getMessage());
            }
            pool.execute(() -> {
                try {
                    SearchLimits l = SearchLimits.infiniteSearch();
                    SearchControl c = new SearchControl(l, new TimeManager(l, 0, 0), () -> t.state() == RemoteTask.ABORTED);
                    Searcher s = new Searcher(new TranspositionTable(1), new Searcher.Config(spec.useTT(), spec.pruning(), 1));
                    if (lossEvery > 0 && id % lossEvery == 0) {
                        t.fail(); // its node "died": the owner searches the move itself
                        lost.incrementAndGet();
                    }
                    Searcher.TaskOutcome o = s.searchTask(Position.fromFen(fen), keys, path, spec.rootDepth(),
                            spec.depth(), spec.alpha(), spec.beta(), spec.nodeType(), c);
                    if (o.stopped()) aborted.incrementAndGet();
                    else if (!t.complete(o.score(), o.pv(), o.nodes())) lateDropped.incrementAndGet();
                } finally {
                    idle.incrementAndGet();
                }
            });
            return t;
        }

        public void abort(RemoteTask t) { t.abort(); }
    }

    static int serial(Position p, int depth) {
        Searcher s = new Searcher(new TranspositionTable(1), EXACT);
        SearchLimits l = SearchLimits.depth(depth);
        return s.think(p, new long[0], new SearchControl(l, new TimeManager(l, 0, 0)), x -> { }).score();
    }

    static SearchResult distributed(Position p, int depth, RemoteWork r) {
        Searcher s = new Searcher(new TranspositionTable(1), EXACT);
        s.remote(r);
        SearchLimits l = SearchLimits.depth(depth);
        return s.think(p, new long[0], new SearchControl(l, new TimeManager(l, 0, 0)), x -> { });
    }

    static final List<String> FENS = List.of(Position.START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");

    @Test
    void distributedScoreEqualsSerial() {
        Random rnd = new Random(5);
        long sent = 0;
        for (String fen : FENS) {
            for (int k = 0; k < 4; k++) {
                Position p = gacrux.dts.StressSupportBridge.walk(Position.fromFen(fen), rnd.nextInt(6), rnd);
                if (MoveGen.legal(p, new int[MoveGen.MAX_MOVES], 0) == 0) continue;
                ThreadNodes nodes = new ThreadNodes(2, 2, 0);
                SearchResult r = distributed(p, 5, nodes);
                assertEquals(serial(p, 5), r.score(), p.toFen());
                assertTrue(MoveGen.isLegal(p, r.bestMove(), new int[MoveGen.MAX_MOVES]), Move.toUci(r.bestMove()));
                sent += nodes.sent.get();
            }
        }
        assertTrue(sent > 100, "moves must really go out; sent " + sent);
    }

    @Test
    void withTheEnginesPruningEveryPathReplaysOnANode() {
        // Null-move pruning puts a null move (0) on the path of the nodes below it: a node must replay that too.
        Random rnd = new Random(11);
        long sent = 0;
        for (String fen : FENS) {
            Position p = gacrux.dts.StressSupportBridge.walk(Position.fromFen(fen), rnd.nextInt(4), rnd);
            if (MoveGen.legal(p, new int[MoveGen.MAX_MOVES], 0) == 0) continue;
            ThreadNodes nodes = new ThreadNodes(4, 2, 0);
            Searcher s = new Searcher(new TranspositionTable(4), Searcher.Config.DEFAULT);
            s.remote(nodes);
            SearchLimits l = SearchLimits.depth(9);
            SearchResult r = s.think(p, new long[0], new SearchControl(l, new TimeManager(l, 0, 0)), x -> { });
            assertTrue(MoveGen.isLegal(p, r.bestMove(), new int[MoveGen.MAX_MOVES]), Move.toUci(r.bestMove()));
            assertEquals(0, nodes.rejected.get(), "every path a node is sent must replay");
            sent += nodes.sent.get();
        }
        assertTrue(sent > 50, "sent " + sent);
    }

    @Test
    void lostTasksAreSearchedAgainAndTheirLateResultsDropped() {
        Random rnd = new Random(9);
        long lost = 0, late = 0;
        for (String fen : FENS) {
            Position p = gacrux.dts.StressSupportBridge.walk(Position.fromFen(fen), rnd.nextInt(4), rnd);
            if (MoveGen.legal(p, new int[MoveGen.MAX_MOVES], 0) == 0) continue;
            ThreadNodes nodes = new ThreadNodes(2, 2, 3);
            Searcher s = new Searcher(new TranspositionTable(1), EXACT);
            s.remote(nodes);
            SearchLimits l = SearchLimits.depth(5);
            SearchResult r = s.think(p, new long[0], new SearchControl(l, new TimeManager(l, 0, 0)), x -> { });
            assertEquals(serial(p, 5), r.score(), p.toFen());
            assertTrue(s.remoteResearched() > 0, "lost tasks are searched again locally");
            lost += nodes.lost.get();
            late += nodes.lateDropped.get();
        }
        assertTrue(lost > 10, "lost " + lost);
        assertTrue(late > 0, "a late result of a lost task must arrive and be dropped; late " + late);
    }
}
