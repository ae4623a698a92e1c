package gacrux.search;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AspirationWindowTest {
    @Test
    void theWindowStartsNarrowAndWidensByHalfPlusFiveToTheFullWindowAfterTenFails() {
        int[] seen = new int[11];
        int d = Searcher.ASPIRATION_DELTA;
        int fails = 0;
        while (d <= 1000) { seen[fails++] = d; d = Searcher.widen(d); }
        assertEquals(10, fails, "fails before the full window");
        assertArrayEquals(new int[] {12, 23, 39, 63, 99, 153, 234, 356, 539, 813, 0}, seen);
    }

    /**
     * A root search that fails high is searched again a ply shallower each time (not at mate scores), and the
     * iterations still complete one by one to the depth asked for.
     */
    @Test
    void aFailHighIsSearchedAgainAPlyShallower() {
        String[] fens = {
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        };
        long failHighs = 0, shallower = 0;
        for (String fen : fens) {
            Searcher s = new Searcher(new TranspositionTable(8), new Searcher.Config(true, true, 1));
            Position p = Position.fromFen(fen);
            SearchLimits l = SearchLimits.depth(11);
            List<String> info = new ArrayList<>();
            SearchResult r = s.think(p, new long[0], new SearchControl(l, new TimeManager(l, 0, 0)), info::add);
            assertTrue(MoveGen.isLegal(p, r.bestMove(), new int[MoveGen.MAX_MOVES]), fen);
            long lowerbounds = info.stream().filter(x -> x.contains(" lowerbound")).count();
            assertEquals(lowerbounds, s.aspirationFailHighs, fen + ": a fail high not counted");
            int next = 1;
            for (String x : info) {
                if (!x.startsWith("info depth ") || x.contains("bound")) continue;
                int d = Integer.parseInt(x.split(" ")[2]);
                if (d == next) next++;
            }
            assertEquals(12, next, fen + ": iterations 1 to 11 each completed");
            failHighs += s.aspirationFailHighs;
            shallower += s.shallowerResearches;
        }
        assertTrue(failHighs > 0, "no aspiration fail high at depth 11 in " + fens.length + " positions");
        assertEquals(failHighs, shallower, "every fail high searched again a ply shallower");
    }
}
