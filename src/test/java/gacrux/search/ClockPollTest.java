package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.Position;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The search looks at the clock (and an outside stop) every Searcher.POLL_MASK + 1 = 128 nodes, not every 1024: a
 * search whose hot methods C2 has just thrown away runs interpreted for a while, and 1024 such nodes overran a bullet
 * move's hard limit by tens of milliseconds (docs/strength.md, "Where a bullet move's time goes").
 */
class ClockPollTest {
    @Test
    void theClockIsPolledEvery128Nodes() {
        Position p = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        AtomicLong polls = new AtomicLong();
        SearchLimits l = SearchLimits.depth(10);
        SearchControl c = new SearchControl(l, new TimeManager(l, 0, 0), () -> {
            polls.incrementAndGet();
            return false;
        });
        Searcher s = new Searcher(new TranspositionTable(4));
        s.think(p, new long[0], c, x -> { });
        long nodes = s.nodes();
        assertTrue(nodes > 20_000, "a search of some size: " + nodes);
        assertTrue(polls.get() >= nodes / 128 - 1, polls.get() + " polls in " + nodes + " nodes");
    }

    @Test
    void anOutsideStopEndsTheSearchWithin128Nodes() {
        Position p = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        Searcher s = new Searcher(new TranspositionTable(4));
        SearchLimits l = SearchLimits.depth(30);
        SearchControl c = new SearchControl(l, new TimeManager(l, 0, 0), () -> s.nodes() > 5200);
        s.think(p, new long[0], c, x -> { });
        assertTrue(c.stopped());
        assertTrue(s.nodes() <= 5200 + 128, "stopped " + (s.nodes() - 5200) + " nodes after the request");
    }
}
