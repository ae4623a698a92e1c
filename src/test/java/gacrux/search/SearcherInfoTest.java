package gacrux.search;

import gacrux.board.Position;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The info lines of one think: a search stopped inside an iteration ends with a line of its nodes and time
 * (scripts/soak-lag.py measures the lag outside the search from it); a search that ends by itself does not
 * repeat its last iteration's line.
 */
class SearcherInfoTest {
    static final String KIWI = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    static List<String> think(SearchLimits l, SearchResult[] out) {
        Searcher s = new Searcher(new TranspositionTable(16));
        List<String> lines = new ArrayList<>();
        out[0] = s.think(Position.fromFen(KIWI), new long[0], new SearchControl(l, new TimeManager(l, 0, 0)), lines::add);
        return lines;
    }

    static long field(String line, String name) {
        String[] t = line.split(" ");
        for (int i = 0; i + 1 < t.length; i++) if (t[i].equals(name)) return Long.parseLong(t[i + 1]);
        throw new AssertionError("no " + name + " in " + line);
    }

    @Test
    void aSearchStoppedByItsNodeLimitEndsWithItsNodesAndTime() {
        SearchLimits l = new SearchLimits(0, 30_000, 0, 0, 0, 0, 0, 0, 0, false, false, List.of(), 0);
        SearchResult[] r = new SearchResult[1];
        List<String> lines = think(l, r);
        String last = lines.get(lines.size() - 1);
        assertTrue(last.startsWith("info nodes "), last);
        assertFalse(last.contains(" score "), "the last iteration's score stands: " + last);
        assertEquals(r[0].nodes(), field(last, "nodes"), last);
        assertTrue(r[0].nodes() >= 30_000, "stopped at its limit: " + r[0].nodes());
        String lastIteration = lines.stream().filter(x -> x.startsWith("info depth ")).reduce((a, b) -> b).orElseThrow();
        assertTrue(field(last, "nodes") > field(lastIteration, "nodes"), lastIteration + " / " + last);
        assertTrue(field(last, "time") >= field(lastIteration, "time"), lastIteration + " / " + last);
    }

    @Test
    void aSearchThatEndsByItselfEndsWithItsLastIteration() {
        SearchResult[] r = new SearchResult[1];
        List<String> lines = think(SearchLimits.depth(5), r);
        String last = lines.get(lines.size() - 1);
        assertTrue(last.startsWith("info depth 5 "), last);
        assertEquals(r[0].nodes(), field(last, "nodes"), last);
    }
}
