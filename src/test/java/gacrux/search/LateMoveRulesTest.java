package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;

/**
 * Two rules for moves after the first: history pruning (a quiet move with bad history is not searched at
 * depth <= 3) and the reduction of late captures that lose material by exchange.
 */
class LateMoveRulesTest {
    /** White's Qxd6 loses the queen for a pawn (c7, Bf8, Qd8 guard d6); a2a3 is a quiet move. */
    static final String FEN = "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/3Q4/PPPP1PPP/RNB1KBNR w KQkq - 0 3";

    @Test
    void historyPrunesQuietMovesWithBadHistoryAtShallowDepth() {
        Position p = Position.fromFen(FEN);
        Searcher s = SearcherAt.root(p, true);
        int m = MoveGen.parseUci(p, "a2a3");
        int side = p.sideToMove();
        assertFalse(s.historyPrunes(p, 0, m, 3), "history 0");
        s.history[side][m & 4095] = -1200 * 3 - 1;
        assertTrue(s.historyPrunes(p, 0, m, 3));
        assertFalse(s.historyPrunes(p, 0, m, 4), "only to depth 3");
        assertEquals(Searcher.PRUNED, s.searchMove(0, m, 1, 3, 0, 1, Searcher.CUT, 0, false, 0, null));
        s.killers[0][1] = m;
        assertFalse(s.historyPrunes(p, 0, m, 3), "a killer is never history-pruned");
        s.killers[0][1] = 0;
        s.history[side][m & 4095] = -1200 * 3 + 1;
        assertFalse(s.historyPrunes(p, 0, m, 3), "above the threshold");
        assertNotEquals(Searcher.PRUNED, s.searchMove(0, m, 1, 3, 0, 1, Searcher.CUT, 0, false, 0, null));
    }

    @Test
    void lateLosingCapturesAreReducedAtNonPvNodes() {
        Position p = Position.fromFen(FEN);
        Searcher s = SearcherAt.root(p, true);
        int losing = MoveGen.parseUci(p, "d3d6");
        assertTrue(s.reduction(p, 0, losing, 5, 8, 7, Searcher.CUT, false, false, false) >= 1);
        assertTrue(s.reduction(p, 0, losing, 5, 8, 7, Searcher.ALL, false, false, false) >= 1);
        assertEquals(0, s.reduction(p, 0, losing, 5, 8, 7, Searcher.PV, false, false, false), "not at PV nodes");
        assertEquals(0, s.reduction(p, 0, losing, 1, 8, 7, Searcher.CUT, false, false, false), "not the second move");
        assertEquals(0, s.reduction(p, 0, losing, 5, 2, 1, Searcher.CUT, false, false, false), "not at depth 2");
        assertEquals(0, s.reduction(p, 0, losing, 5, 8, 7, Searcher.CUT, false, false, true), "not a check");

        Position q = Position.fromFen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
        int even = MoveGen.parseUci(q, "e4d5");
        assertEquals(0, SearcherAt.root(q, true).reduction(q, 0, even, 5, 8, 7, Searcher.CUT, false, false, false),
                "a capture that does not lose material is not reduced");
        assertEquals(0, SearcherAt.root(p, false).reduction(p, 0, losing, 5, 8, 7, Searcher.CUT, false, false, false),
                "off without pruning");
    }

    @Test
    void quietMovesAreReducedOnePlyMoreWhereTheHashMoveIsACapture() {
        Position p = Position.fromFen(FEN);
        Searcher s = SearcherAt.root(p, true);
        int m = MoveGen.parseUci(p, "a2a3");
        int plain = lateQuiet(s, p, m, false);
        s.ttCaptureAt[0] = true;
        assertEquals(plain + 1, lateQuiet(s, p, m, false));
        int losing = MoveGen.parseUci(p, "d3d6");
        s.ttCaptureAt[0] = false;
        int capture = s.reduction(p, 0, losing, 5, 8, 7, Searcher.CUT, false, false, false);
        s.ttCaptureAt[0] = true;
        assertEquals(capture, s.reduction(p, 0, losing, 5, 8, 7, Searcher.CUT, false, false, false), "captures as before");
    }

    @Test
    void aNodeKnowsWhetherItsHashMoveIsACapture() {
        Position p = Position.fromFen(FEN);
        TranspositionTable tt = new TranspositionTable(1);
        Searcher s = SearcherAt.root(p, tt, true, true);
        int capture = MoveGen.parseUci(p, "d3d6"), quiet = MoveGen.parseUci(p, "a2a3");
        tt.store(p.key(), capture, 0, 1, TranspositionTable.UPPER);
        s.searchNode(0, 2, -50, 50, Searcher.PV);
        assertTrue(s.ttCaptureAt[0]);
        tt.store(p.key(), quiet, 0, 1, TranspositionTable.UPPER);
        s.searchNode(0, 2, -50, 50, Searcher.PV);
        assertFalse(s.ttCaptureAt[0]);
    }

    @Test
    void lateQuietChecksAreReducedOnePlyLessThanOtherQuietMoves() {
        Position p = Position.fromFen(FEN);
        Searcher s = SearcherAt.root(p, true);
        int m = MoveGen.parseUci(p, "a2a3");
        int plain = lateQuiet(s, p, m, false);
        assertTrue(plain >= 2, "a late quiet move at depth 10: " + plain);
        assertEquals(plain - 1, lateQuiet(s, p, m, true), "the same move as a check");
        assertEquals(0, s.reduction(p, 0, m, 10, 10, 9, Searcher.CUT, true, true, true), "never a move out of check");
    }

    /** The reduction of quiet move m as the tenth move at depth 10 of a CUT node at the root, not in check. */
    private static int lateQuiet(Searcher s, Position p, int m, boolean givesCheck) {
        return s.reduction(p, 0, m, 10, 10, 9, Searcher.CUT, true, false, givesCheck);
    }
}
