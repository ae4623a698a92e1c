package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;

/**
 * Singular extension: at deep nodes with a hash move, a verification search without that move decides whether it
 * is extended. It must fire in ordinary middlegame searches, never leave a ply excluding a move after the search,
 * and stay off where pruning is off (a mate search wants the plain tree).
 */
class SingularExtensionTest {
    static final String[] FENS = {
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - - 0 1",
    };

    static Searcher search(String fen, int depth, boolean pruning) {
        Searcher s = new Searcher(new TranspositionTable(8), new Searcher.Config(true, pruning, 1));
        Position p = Position.fromFen(fen);
        SearchLimits l = SearchLimits.depth(depth);
        SearchResult r = s.think(p, new long[0], new SearchControl(l, new TimeManager(l, 0, 0)), x -> { });
        assertTrue(MoveGen.isLegal(p, r.bestMove(), new int[MoveGen.MAX_MOVES]), fen);
        for (int ply = 0; ply < Searcher.STACK; ply++) assertEquals(0, s.excludedAt[ply], "ply " + ply + " still excludes a move");
        assertEquals(0, s.verifying);
        return s;
    }

    @Test
    void hashMovesAreFoundSingularInOrdinarySearches() {
        long found = 0;
        for (String fen : FENS) found += search(fen, 11, true).singularExtensions();
        assertTrue(found > 0, "no hash move found singular at depth 11 in " + FENS.length + " positions");
    }

    @Test
    void hashMovesThatAreNotSingularAboveBetaAreSearchedShallower() {
        long found = 0;
        for (String fen : FENS) found += search(fen, 11, true).negativeExtensions();
        assertTrue(found > 0, "no negative extension at depth 11 in " + FENS.length + " positions");
    }

    @Test
    void nodesBelowDepthEightAreTestedToo() {
        // A depth-7 search has no node of depth 8 or more: any singular or negative extension is from depth 6 or 7.
        long found = 0;
        for (String fen : FENS) {
            Searcher s = search(fen, 7, true);
            found += s.singularExtensions() + s.negativeExtensions();
        }
        assertTrue(found > 0, "no singularity test below depth 8 in " + FENS.length + " positions");
    }

    @Test
    void offWithoutPruning() {
        Searcher s = search(FENS[0], 7, false);
        assertEquals(0, s.singularExtensions());
        assertEquals(0, s.negativeExtensions());
    }
}
