package gacrux.board;

import gacrux.search.Perft;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Every position of the reference suite (a copy of shared/data/perft.epd), to every depth whose reference
 * count is at most NODE_LIMIT: the suite's deeper counts run from the perft command instead
 * (see docs/perft-benchmarks.md), to keep CI within budget.
 */
class PerftTest {
    static final long NODE_LIMIT = 12_000_000L;

    record Case(String fen, int depth, long nodes) {}

    static List<Case> cases() throws Exception {
        return cases("/perft.epd");
    }

    /** The cases of an EPD resource in this suite's format (Chess960PerftTest reads its suite with it too). */
    static List<Case> cases(String resource) throws Exception {
        List<Case> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                PerftTest.class.getResourceAsStream(resource), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] parts = line.split(";");
                String fen = parts[0].trim();
                for (int i = 1; i < parts.length; i++) {
                    String[] dn = parts[i].trim().split("\\s+");
                    out.add(new Case(fen, Integer.parseInt(dn[0].substring(1)), Long.parseLong(dn[1])));
                }
            }
        }
        return out;
    }

    @Test
    void wholeSuiteMatchesReferenceCounts() throws Exception {
        Perft perft = new Perft();
        int checked = 0, positions = 0;
        String lastFen = null;
        for (Case c : cases()) {
            if (c.nodes() > NODE_LIMIT) continue;
            Position p = Position.fromFen(c.fen());
            assertEquals(c.nodes(), perft.perft(p, c.depth()), c.fen() + " depth " + c.depth());
            checked++;
            if (!c.fen().equals(lastFen)) { positions++; lastFen = c.fen(); }
        }
        assertTrue(positions >= 150, "suite positions checked: " + positions);
        assertTrue(checked > 500, "cases checked: " + checked);
    }

    @Test
    void kiwipeteDepth4AndStartDepth5() {
        Perft perft = new Perft();
        assertEquals(4_865_609L, perft.perft(Position.startPos(), 5));
        assertEquals(4_085_603L, perft.perft(Position.fromFen(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), 4));
    }

    @Test
    void divideSumsToTotal() {
        Perft perft = new Perft();
        List<String> lines = new ArrayList<>();
        long total = perft.divide(Position.startPos(), 3, lines::add);
        assertEquals(8902, total);
        assertEquals(20, lines.size());
        assertTrue(lines.contains("e2e4: 600"), lines.toString());
    }
}
