package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.Position;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The serial search allocates nothing per node (preallocated per-ply stacks, int moves, the hash table, ProbCut and
 * the singular verification included): what a search allocates is per info line (one per iteration, and one per
 * aspiration fail: some 3-5 KB each with the result, measured 2026-12-05) and per search, so the extra nodes of six
 * more plies must come with next to no extra bytes beyond their extra info lines, each allowed LINE_BYTES.
 * (Six, not four: once the tree to depth 12 grew by only 121k nodes over depth 8, four iterations' info lines
 * alone passed 1 byte per 10 nodes; the lines are counted since the aspiration window became ±12 (2026-12-06), which
 * fails, and reports, more often. One object per node would still be 16 bytes per node, 160 times the limit.)
 */
class SearchAllocationTest {
    static final String FEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    static final TranspositionTable TT = new TranspositionTable(16);
    /** What one info line may cost: its string and the PV behind it (3-5 KB measured, 2026-12-05). */
    static final long LINE_BYTES = 5_000;

    static long[] search(Searcher s, int depth, com.sun.management.ThreadMXBean mx) {
        Position p = Position.fromFen(FEN);
        SearchLimits l = SearchLimits.depth(depth);
        SearchControl c = new SearchControl(l, new TimeManager(l, 0, 0));
        long tid = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(tid);
        s.clearHeuristics();
        TT.clear();
        long[] lines = {0};
        SearchResult r = s.think(p, new long[0], c, x -> lines[0]++);
        long bytes = mx.getThreadAllocatedBytes(tid) - before;
        assertNotEquals(0, r.bestMove());
        return new long[] {s.nodes(), bytes, lines[0]};
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
        long nodes = deep[0] - shallow[0], bytes = deep[1] - shallow[1], lines = deep[2] - shallow[2];
        assertTrue(nodes > 100_000, "the deeper search must add nodes: " + nodes);
        assertTrue((bytes - lines * LINE_BYTES) * 10 < nodes, "six more plies: " + nodes + " more nodes, " + bytes
                + " more bytes, " + lines + " more info lines (limit: 1 byte per 10 nodes beyond " + LINE_BYTES
                + " bytes a line)");
    }
}
