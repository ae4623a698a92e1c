package gacrux.board;

import gacrux.search.Perft;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.*;

/** Perft must not allocate per node: positions and move lists are preallocated and moves are ints. */
class AllocationTest {
    @Test
    void perftAllocatesNothingPerNode() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertTrue(mx.isThreadAllocatedMemorySupported());
        mx.setThreadAllocatedMemoryEnabled(true);
        Position kiwipete = Position.fromFen(MoveGenTest.KIWIPETE);
        Perft perft = new Perft();
        // Warm-up so the measured run is JIT-compiled code, not the interpreter.
        for (int i = 0; i < 3; i++) assertEquals(4_085_603L, perft.perft(kiwipete, 4));
        long tid = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(tid);
        long nodes = perft.perft(kiwipete, 5);
        long allocated = mx.getThreadAllocatedBytes(tid) - before;
        assertEquals(193_690_690L, nodes);
        assertTrue(allocated * 100 < nodes,
                "perft allocated " + allocated + " bytes for " + nodes + " nodes (limit: 1 byte per 100 nodes)");
    }
}
