package gacrux.board;

import gacrux.search.Perft;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The published Chess960 perft suite (src/test/resources/chess960-perft.epd, 960 positions, its header names the
 * source), every position to every depth whose count is at most NODE_LIMIT: all of depth 1-3 and most of depth 4
 * by default (about 5 s). {@code -Dgacrux.perft960.limit=N} raises the limit for a deeper check by hand
 * (docs/perft-benchmarks.md).
 */
class Chess960PerftTest {
    static final long NODE_LIMIT = Long.getLong("gacrux.perft960.limit", 1_200_000L);

    static List<PerftTest.Case> cases() throws Exception {
        return PerftTest.cases("/chess960-perft.epd");
    }

    static List<String> suiteFens() throws Exception {
        LinkedHashSet<String> fens = new LinkedHashSet<>();
        for (PerftTest.Case c : cases()) fens.add(c.fen());
        return new ArrayList<>(fens);
    }

    @Test
    void wholeSuiteMatchesReferenceCounts() throws Exception {
        Perft perft = new Perft();
        int checked = 0;
        for (PerftTest.Case c : cases()) {
            if (c.nodes() > NODE_LIMIT) continue;
            assertEquals(c.nodes(), perft.perft(Position.fromFen(c.fen(), true), c.depth()), c.fen() + " depth " + c.depth());
            checked++;
        }
        assertEquals(960, suiteFens().size());
        if (NODE_LIMIT >= 1_200_000L) assertTrue(checked > 3500, "cases checked: " + checked);
        System.err.println("Chess960 perft: " + checked + " cases up to " + NODE_LIMIT + " nodes matched");
    }

    @Test
    void suiteFensRoundTripInShredderForm() throws Exception {
        for (String fen : suiteFens()) assertEquals(fen, Position.fromFen(fen, true).toFen());
    }
}
