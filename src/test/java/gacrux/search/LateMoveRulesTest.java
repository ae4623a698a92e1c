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
        assertEquals(Searcher.PRUNED, s.searchMove(0, m, 1, 3, 0, 1, Searcher.CUT, 0, false, 0, Searcher.NO_ORDER, null));
        s.killers[0][1] = m;
        assertFalse(s.historyPrunes(p, 0, m, 3), "a killer is never history-pruned");
        s.killers[0][1] = 0;
        s.history[side][m & 4095] = -1200 * 3 + 1;
        assertFalse(s.historyPrunes(p, 0, m, 3), "above the threshold");
        assertNotEquals(Searcher.PRUNED, s.searchMove(0, m, 1, 3, 0, 1, Searcher.CUT, 0, false, 0, Searcher.NO_ORDER, null));
    }

    @Test
    void lateLosingCapturesAreReducedAtNonPvNodes() {
        Position p = Position.fromFen(FEN);
        Searcher s = SearcherAt.root(p, true);
        int losing = MoveGen.parseUci(p, "d3d6");
        assertTrue(s.reduction(p, 0, losing, 5, 8, 7, Searcher.CUT, false, false, false, Searcher.NO_ORDER) >= 1);
        assertTrue(s.reduction(p, 0, losing, 5, 8, 7, Searcher.ALL, false, false, false, Searcher.NO_ORDER) >= 1);
        assertEquals(0, s.reduction(p, 0, losing, 5, 8, 7, Searcher.PV, false, false, false, Searcher.NO_ORDER), "not at PV nodes");
        assertEquals(0, s.reduction(p, 0, losing, 1, 8, 7, Searcher.CUT, false, false, false, Searcher.NO_ORDER), "not the second move");
        assertEquals(0, s.reduction(p, 0, losing, 5, 2, 1, Searcher.CUT, false, false, false, Searcher.NO_ORDER), "not at depth 2");
        assertEquals(0, s.reduction(p, 0, losing, 5, 8, 7, Searcher.CUT, false, false, true, Searcher.NO_ORDER), "not a check");

        Position q = Position.fromFen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
        int even = MoveGen.parseUci(q, "e4d5");
        assertEquals(0, SearcherAt.root(q, true).reduction(q, 0, even, 5, 8, 7, Searcher.CUT, false, false, false, Searcher.NO_ORDER),
                "a capture that does not lose material is not reduced");
        assertEquals(0, SearcherAt.root(p, false).reduction(p, 0, losing, 5, 8, 7, Searcher.CUT, false, false, false, Searcher.NO_ORDER),
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
        int capture = s.reduction(p, 0, losing, 5, 8, 7, Searcher.CUT, false, false, false, Searcher.NO_ORDER);
        s.ttCaptureAt[0] = true;
        assertEquals(capture, s.reduction(p, 0, losing, 5, 8, 7, Searcher.CUT, false, false, false, Searcher.NO_ORDER), "captures as before");
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
    void quietMovesAreReducedOnePlyLessAtANodeThatWasOnThePv() {
        Position p = Position.fromFen(FEN);
        Searcher s = SearcherAt.root(p, true);
        int m = MoveGen.parseUci(p, "a2a3");
        int plain = lateQuiet(s, p, m, false);
        s.ttPvAt[0] = true;
        assertEquals(plain - 1, lateQuiet(s, p, m, false));
        assertEquals(pvReduction(s, p, m, false), pvReduction(s, p, m, true), "a PV node: one ply less once, not twice");
    }

    @Test
    void aNodeKnowsWhetherItIsOrWasOnThePvAndStoresIt() {
        Position p = Position.fromFen(FEN);
        TranspositionTable tt = new TranspositionTable(1);
        Searcher s = SearcherAt.root(p, tt, true, true);
        int quiet = MoveGen.parseUci(p, "a2a3");
        tt.store(p.key(), quiet, 0, 1, TranspositionTable.UPPER, true);
        s.searchNode(0, 2, -50, 50, Searcher.CUT);
        assertTrue(s.ttPvAt[0], "marked by the hash entry");
        assertTrue(TranspositionTable.pv(tt.probe(p.key())), "and stored again with the mark");
        tt.clear();
        tt.store(p.key(), quiet, 0, 1, TranspositionTable.UPPER, false);
        s.searchNode(0, 2, -50, 50, Searcher.CUT);
        assertFalse(s.ttPvAt[0]);
        assertFalse(TranspositionTable.pv(tt.probe(p.key())));
        s.searchNode(0, 2, -50, 50, Searcher.PV);
        assertTrue(s.ttPvAt[0], "a PV node is on the PV");
        assertTrue(TranspositionTable.pv(tt.probe(p.key())));
    }

    /** The reduction of quiet move m as the tenth move at depth 10 of a PV node at the root. */
    private static int pvReduction(Searcher s, Position p, int m, boolean ttPv) {
        s.ttPvAt[0] = ttPv;
        return s.reduction(p, 0, m, 10, 10, 9, Searcher.PV, true, false, false, Searcher.NO_ORDER);
    }

    @Test
    void lateQuietChecksAreReducedOnePlyLessThanOtherQuietMoves() {
        Position p = Position.fromFen(FEN);
        Searcher s = SearcherAt.root(p, true);
        int m = MoveGen.parseUci(p, "a2a3");
        int plain = lateQuiet(s, p, m, false);
        assertTrue(plain >= 2, "a late quiet move at depth 10: " + plain);
        assertEquals(plain - 1, lateQuiet(s, p, m, true), "the same move as a check");
        assertEquals(0, s.reduction(p, 0, m, 10, 10, 9, Searcher.CUT, true, true, true, Searcher.NO_ORDER), "never a move out of check");
    }

    /** The reduction of quiet move m as the tenth move at depth 10 of a CUT node at the root, not in check. */
    private static int lateQuiet(Searcher s, Position p, int m, boolean givesCheck) {
        return s.reduction(p, 0, m, 10, 10, 9, Searcher.CUT, true, false, givesCheck, Searcher.NO_ORDER);
    }

    /**
     * Past the late-move count, the move loop skips in one pass the quiet moves late move pruning would prune one by
     * one (no check, not castling), and leaves the captures, the quiet checks and castling to be picked. Each skipped
     * move is one searchMove prunes with the same move number; each one left that searchMove would search is not.
     */
    @Test
    void pastTheLateMoveCountTheLoopSkipsExactlyTheQuietsLateMovePruningPrunes() {
        Position p = Position.fromFen("4k3/8/8/8/8/8/p7/R3K2R w KQ - 0 1"); // Rxa2, Rh8+, castling, quiet moves
        Searcher s = SearcherAt.root(p, true);
        s.improving[0] = false;
        int depth = 2, moveNumber = Searcher.lateMoveCount(depth, false);
        assertTrue(s.lateQuietsPruned(0, depth, moveNumber, Searcher.CUT, false, 0, 0));
        assertFalse(s.lateQuietsPruned(0, depth, moveNumber - 1, Searcher.CUT, false, 0, 0), "before the count");
        assertFalse(s.lateQuietsPruned(0, depth, moveNumber, Searcher.PV, false, 0, 0), "not at PV nodes");
        assertFalse(s.lateQuietsPruned(0, depth, moveNumber, Searcher.CUT, true, 0, 0), "not in check");
        assertFalse(s.lateQuietsPruned(0, 9, moveNumber + 100, Searcher.CUT, false, 0, 0), "not beyond depth 8");
        assertFalse(s.lateQuietsPruned(0, depth, moveNumber, Searcher.CUT, false, Score.MATE - 10, 0),
                "not while alpha is a mate score");
        assertFalse(SearcherAt.root(p, false).lateQuietsPruned(0, depth, moveNumber, Searcher.CUT, false, 0, 0),
                "off without pruning");

        int[] list = new int[MoveGen.MAX_MOVES], scores = new int[MoveGen.MAX_MOVES];
        int n = MoveGen.legal(p, list, 0);
        int[] before = java.util.Arrays.copyOf(list, n);
        s.nextAt[0] = 1;
        s.searchedAt[0] = moveNumber;
        s.skipLateQuiets(0, p, list, scores, n, depth, 0, 1);
        int skipped = s.nextAt[0];
        assertTrue(skipped > 1, "some quiet moves skipped");
        int[] after = java.util.Arrays.copyOf(list, n);
        java.util.Arrays.sort(before);
        java.util.Arrays.sort(after);
        assertArrayEquals(before, after, "the same moves, reordered");
        for (int j = 1; j < n; j++) {
            int m = list[j];
            int r = s.searchMove(0, m, moveNumber, depth, 0, 1, Searcher.CUT, 0, false, 0, Searcher.NO_ORDER, null);
            if (j < skipped) assertEquals(Searcher.PRUNED, r, gacrux.board.Move.toUci(m) + " skipped, so pruned");
            else if (!gacrux.board.Move.isTactical(m) && gacrux.board.Move.kind(m) != gacrux.board.Move.CASTLE)
                assertTrue(p.quietGivesCheck(m), gacrux.board.Move.toUci(m) + " left: a quiet check");
        }
        assertTrue(java.util.Arrays.stream(list, skipped, n).anyMatch(m -> gacrux.board.Move.toUci(m).equals("a1a2")),
                "the capture is left");
        assertTrue(java.util.Arrays.stream(list, skipped, n).anyMatch(m -> gacrux.board.Move.toUci(m).equals("h1h8")),
                "the quiet check is left");
    }

    /**
     * After a skip, the quiet moves before a cut-off include skipped ones ranked below the cutting move; only those
     * ranked at or above it are punished, as when each was picked in turn (Lazy SMP's order, no ranks: all of them).
     */
    @Test
    void aCutOffPunishesOnlyTheSkippedQuietsRankedAboveIt() {
        Position p = Position.fromFen(FEN);
        int above = MoveGen.parseUci(p, "a2a3"), below = MoveGen.parseUci(p, "h2h3"), cut = MoveGen.parseUci(p, "g1f3");
        int[] list = {above, below, cut}, ranks = {100, 50, 70};
        int side = p.sideToMove();
        Searcher s = SearcherAt.root(p, true);
        s.rewardQuiet(0, side, cut, 4, list, 2, ranks);
        assertTrue(s.history[side][above & 4095] < 0, "ranked above the cut: punished");
        assertEquals(0, s.history[side][below & 4095], "ranked below it: as if not yet tried");
        assertTrue(s.history[side][cut & 4095] > 0);
        Searcher all = SearcherAt.root(p, true);
        all.rewardQuiet(0, side, cut, 4, list, 2, null);
        assertTrue(all.history[side][below & 4095] < 0, "without ranks every quiet before it");
    }
}
