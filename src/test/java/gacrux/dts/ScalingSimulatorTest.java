package gacrux.dts;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import gacrux.search.Searcher;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;
import org.junit.jupiter.api.Test;

class ScalingSimulatorTest {
    private static final String[] FENS = {
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - - 0 1",
    };
    private static final int DEPTH = 8;

    private static long serialNodes(Position p, TranspositionTable tt) {
        tt.clear();
        tt.newSearch();
        SearchLimits l = SearchLimits.depth(DEPTH);
        SearchResult r = new Searcher(tt).think(p, new long[0], new SearchControl(l, new TimeManager(l, 0, 0)), x -> { });
        return r.nodes();
    }

    @Test
    void oneWorkerIsTheSerialSearchNodeForNode() throws Exception {
        TranspositionTable tt = new TranspositionTable(16);
        for (String fen : FENS) {
            Position p = Position.fromFen(fen);
            long serial = serialNodes(p, tt);
            ScalingSimulator.Result r = new ScalingSimulator(1, 100, 1, tt, Searcher.Config.DEFAULT).search(p, DEPTH);
            assertEquals(serial, r.nodes(), fen);
            assertEquals(serial, r.virtualTime(), "one worker is never idle: " + fen);
            assertEquals(0, r.idle());
            assertEquals(0, r.splits());
        }
    }

    /**
     * The idle accounting by the root worker's place in its iteration (smpbench's "where the time goes"): the phases
     * add up to the busy and idle totals, each occurs, and along the eldest-brother chain, where nothing on the root
     * worker's path may be split yet, the other workers have nothing to do (their share, 3 of 4, is idle). And the
     * waste the simulator reports: some moves at blocks are cut short by a fail high, some after it are searched to
     * their end all the same, never more than all nodes together. Whether a helper finishes a move after a block's
     * fail high before the abort reaches it is a matter of timing, so three seeds at two depths: in trees this small
     * one seed's three searches may hold no such move (with the search of bench `Nodes: 856752`, at depth 8 only seed
     * 2's did; at depth 9 all three seeds' did).
     */
    @Test
    void phasesAccountForTheWholeSearch() throws Exception {
        TranspositionTable tt = new TranspositionTable(16);
        long[] busy = new long[Searcher.PHASES], idle = new long[Searcher.PHASES];
        long cutShort = 0, afterCut = 0;
        for (long seed = 1; seed <= 3; seed++) for (int depth = DEPTH; depth <= DEPTH + 1; depth++) for (String fen : FENS) {
            ScalingSimulator.Result r = new ScalingSimulator(4, 100, seed, tt, Searcher.Config.DEFAULT)
                    .search(Position.fromFen(fen), depth);
            assertTrue(r.cutShortNodes() >= 0 && r.cutShortNodes() < r.nodes(), "cut short " + r.cutShortNodes());
            assertTrue(r.finishedAfterCutNodes() >= 0 && r.cutShortNodes() + r.finishedAfterCutNodes() < r.nodes());
            cutShort += r.cutShortNodes();
            afterCut += r.finishedAfterCutNodes();
            assertEquals(r.busy(), r.phaseBusy().stream().mapToLong(Long::longValue).sum(), fen);
            assertEquals(r.idle(), r.phaseIdle().stream().mapToLong(Long::longValue).sum(), fen);
            // Every node has its ply: the counts by ply add up to the nodes, none at the root (not a counted node).
            assertEquals(r.nodes(), r.nodesByPly().stream().mapToLong(Long::longValue).sum(), fen);
            assertEquals(0, r.nodesByPly().get(0));
            assertTrue(r.nodesByPly().get(1) > 0 && r.nodesByPly().get(depth) > 0, "nodes by ply " + r.nodesByPly());
            for (int ph = 0; ph < Searcher.PHASES; ph++) {
                busy[ph] += r.phaseBusy().get(ph);
                idle[ph] += r.phaseIdle().get(ph);
            }
        }
        for (int ph = 0; ph < Searcher.PHASES; ph++) assertTrue(busy[ph] > 0, "phase " + ph + " never seen");
        assertTrue(cutShort > 0, "no move at a block was ever cut short by a fail high");
        assertTrue(afterCut > 0, "no move after a block's fail high was ever searched to its end");
        int chain = Searcher.PHASE_CHAIN;
        double chainIdle = (double) idle[chain] / (busy[chain] + idle[chain]);
        assertTrue(chainIdle > 0.7, "idle share along the eldest-brother chain at 4 workers: " + chainIdle);
    }

    @Test
    void sameSeedSameNumbers() throws Exception {
        TranspositionTable tt = new TranspositionTable(16);
        for (int n : new int[] {2, 4, 8}) {
            for (String fen : FENS) {
                Position p = Position.fromFen(fen);
                ScalingSimulator sim = new ScalingSimulator(n, 50, 7, tt, Searcher.Config.DEFAULT);
                // One ply deeper than the other tests: at DEPTH the rook ending's tree can be small enough (5,505 nodes
                // with the ninth run's evaluation) that two workers never split, and then this would check nothing.
                ScalingSimulator.Result a = sim.search(p, DEPTH + 1), b = sim.search(p, DEPTH + 1);
                assertEquals(a, b, n + " workers, " + fen);
                assertTrue(a.splits() > 0, "the simulated workers split: " + a);
                assertTrue(MoveGen.isLegal(p, a.bestMove(), new int[MoveGen.MAX_MOVES]), "legal best move " + a);
            }
        }
    }

    /**
     * The exact-score check in the simulator (TT and all order-dependent pruning off: the root score at fixed depth
     * is the minimax value): many seeds at tiny quanta (1-20 nodes), so workers interleave at almost every node,
     * with message latency on and off. Every simulated search's protocol trace is checked too (a violation throws).
     * A failure names its seed, quantum and latency: it replays exactly.
     */
    @Test
    void exactScoreOverManySeedsAtTinyQuanta() throws Exception {
        TranspositionTable tt = new TranspositionTable(1);
        java.util.List<Position> ps = DtsExactScoreTest.positions(12, 99);
        gacrux.search.DtsConfig deep = gacrux.search.DtsConfig.DEFAULT.withMinSplitDepth(2);
        java.util.Random rnd = new java.util.Random(5);
        int runs = 0;
        long helped = 0;
        for (Position p : ps) {
            int serial = DtsExactScoreTest.serialScore(p, 4);
            for (int k = 0; k < 6; k++) {
                int workers = 2 + rnd.nextInt(7), quantum = 1 + rnd.nextInt(20), latency = rnd.nextInt(3) * 10;
                long seed = rnd.nextLong();
                ScalingSimulator.Result r = new ScalingSimulator(workers, quantum, seed, latency, tt,
                        DtsExactScoreTest.EXACT, deep).search(p, 4);
                String ctx = workers + " workers, quantum " + quantum + ", latency " + latency + ", seed " + seed
                        + ", fen " + p.toFen();
                assertEquals(serial, r.score(), ctx);
                assertTrue(MoveGen.isLegal(p, r.bestMove(), new int[MoveGen.MAX_MOVES]), ctx);
                helped += r.nodes() - r.busy() >= 0 ? 1 : 0;
                runs++;
            }
        }
        assertEquals(72, runs);
    }
    /**
     * Several simulated machines (issue 14): the root machine hands moves at remaining depth 2 or 3 to the other
     * machines' own DTS as scouts (root moves; in one search of three, deeper nodes of its path too), with network
     * latency charged; in test mode the root score is still the serial minimax value, moves really went out and
     * came back, and the same seed gives the same search.
     */
    @Test
    void machinesOfWorkersGiveTheSerialScore() throws Exception {
        TranspositionTable tt = new TranspositionTable(1);
        java.util.List<Position> ps = DtsExactScoreTest.positions(8, 77);
        gacrux.search.DtsConfig deep = gacrux.search.DtsConfig.DEFAULT.withMinSplitDepth(2);
        java.util.Random rnd = new java.util.Random(11);
        long sent = 0, merged = 0, remoteNodes = 0;
        for (Position p : ps) {
            int serial = DtsExactScoreTest.serialScore(p, 4);
            for (int k = 0; k < 3; k++) {
                int machines = 2 + rnd.nextInt(3), workers = 1 + rnd.nextInt(3), quantum = 1 + rnd.nextInt(20);
                int net = rnd.nextInt(3) * 25, splitDepth = 2 + rnd.nextInt(2);
                long seed = rnd.nextLong();
                ScalingSimulator sim = new ScalingSimulator(workers, quantum, seed, 10, tt, DtsExactScoreTest.EXACT, deep,
                        new ScalingSimulator.Cluster(machines, net, splitDepth, k == 2));
                ScalingSimulator.Result r = sim.search(p, 4);
                String ctx = machines + " machines x " + workers + " workers, quantum " + quantum + ", network latency "
                        + net + ", split depth " + splitDepth + ", seed " + seed + ", fen " + p.toFen();
                assertEquals(serial, r.score(), ctx);
                assertTrue(MoveGen.isLegal(p, r.bestMove(), new int[MoveGen.MAX_MOVES]), ctx);
                assertTrue(r.remoteMerged() <= r.remoteSent() && r.remoteNodes() < r.nodes(), ctx + ": " + r);
                if (k == 0) assertEquals(r, sim.search(p, 4), "same seed, same search: " + ctx);
                sent += r.remoteSent();
                merged += r.remoteMerged();
                remoteNodes += r.remoteNodes();
            }
        }
        assertTrue(merged > 20, "remote results were merged: " + merged + " of " + sent + " sent");
        assertTrue(remoteNodes > 0, "other machines searched");
    }
}
