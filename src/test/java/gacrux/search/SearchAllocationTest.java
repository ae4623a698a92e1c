package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.Position;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The serial search allocates nothing per node (preallocated per-ply stacks, int moves, the hash table, ProbCut and
 * the singular verification included): what a search allocates is per iteration (info lines, the result: some
 * 3-5 KB each, measured 2026-12-05), so the extra nodes of six more plies must come with next to no extra bytes.
 * (Six, not four: once the tree to depth 12 grew by only 121k nodes over depth 8, four iterations' info lines
 * alone passed 1 byte per 10 nodes; one object per node would still be 16 bytes per node, 160 times the limit.)
 */
class SearchAllocationTest {
    static final String FEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    static final TranspositionTable TT = new TranspositionTable(16);

    static long[] search(Searcher s, int depth, com.sun.management.ThreadMXBean mx) {
        Position p = Position.fromFen(FEN);
        SearchLimits l = SearchLimits.depth(depth);
        SearchControl c = new SearchControl(l, new TimeManager(l, 0, 0));
        long tid = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(tid);
        s.clearHeuristics();
        TT.clear();
        SearchResult r = s.think(p, new long[0], c, x -> { });
        long bytes = mx.getThreadAllocatedBytes(tid) - before;
        assertNotEquals(0, r.bestMove());
        return new long[] {s.nodes(), bytes};
    }

    @Test
    void sixMorePliesCostNodesNotBytes() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertTrue(mx.isThreadAllocatedMemorySupported());
        mx.setThreadAllocatedMemoryEnabled(true);
        Searcher s = new Searcher(TT, new Searcher.Config(true, true, 1));
        for (int i = 0; i < 3; i++) search(s, 8, mx); // warm-up: JIT-compiled code, not the interpreter
        long[] shallow = search(s, 8, mx);
        long[] deep = search(s, 14, mx);
        long nodes = deep[0] - shallow[0], bytes = deep[1] - shallow[1];
        assertTrue(nodes > 100_000, "the deeper search must add nodes: " + nodes);
        assertTrue(bytes * 10 < nodes, "six more plies: " + nodes + " more nodes, " + bytes
                + " more bytes (limit: 1 byte per 10 nodes)");
    }
}
