package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.Position;
import org.junit.jupiter.api.Test;

/**
 * The correction history: the static evaluation, corrected by what searches of the same pawn structure, and of the
 * same pieces of each side, found.
 */
class CorrectionHistoryTest {
    @Test
    void correctionMovesTowardTheSearchedScoreOnlyFromScoresThatBoundTheEval() {
        Position p = Position.startPos();
        Searcher s = SearcherAt.root(p, true);
        int raw = s.evaluate(p, 0);
        assertEquals(raw, s.corrected(p, raw), "nothing learnt yet");
        s.updateCorrection(p, raw, raw + 40, TranspositionTable.LOWER, 8);
        int once = s.corrected(p, raw);
        assertTrue(once > raw && once < raw + 40, "one deep update moves part of the way: " + (once - raw));
        for (int i = 0; i < 200; i++) s.updateCorrection(p, raw, raw + 40, TranspositionTable.EXACT, 15);
        assertTrue(Math.abs(s.corrected(p, raw) - (raw + 40)) <= 1, "converges on the error");

        int before = s.correction[p.sideToMove()][Searcher.pawnIndex(p)];
        int eval = s.corrected(p, raw);
        s.updateCorrection(p, raw, eval - 10, TranspositionTable.LOWER, 10);
        s.updateCorrection(p, raw, eval + 10, TranspositionTable.UPPER, 10);
        s.updateCorrection(p, raw, Score.MATE - 5, TranspositionTable.EXACT, 10);
        assertEquals(before, s.correction[p.sideToMove()][Searcher.pawnIndex(p)],
                "a lower bound below the eval, an upper bound above it and a mate say nothing about the eval");
        for (int i = 0; i < 200; i++) s.updateCorrection(p, raw, raw + 1000, TranspositionTable.EXACT, 15);
        assertTrue(s.corrected(p, raw) - raw <= 64, "a correction is at most 64 cp");

        Position black = Position.fromFen(Position.START_FEN.replace(" w ", " b "));
        assertEquals(raw, s.corrected(black, raw), "per side to move");
        Searcher off = SearcherAt.root(p, false);
        off.correction[p.sideToMove()][Searcher.pawnIndex(p)] = 40 * 256;
        assertEquals(raw, off.corrected(p, raw), "off without pruning (the exact-score tests)");
    }

    /**
     * The piece tables: two positions with the same pawns but a knight fewer for white share the pawn entry and black's
     * piece entry, not white's, so what was learnt in one carries over to the other only in part.
     */
    @Test
    void piecesOtherThanPawnsHaveTheirOwnCorrection() {
        Position p = Position.startPos();
        Position fewer = Position.fromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1");
        assertEquals(Searcher.pawnIndex(p), Searcher.pawnIndex(fewer));
        assertEquals(Searcher.nonPawnIndex(p, 1), Searcher.nonPawnIndex(fewer, 1));
        assertNotEquals(Searcher.nonPawnIndex(p, 0), Searcher.nonPawnIndex(fewer, 0));
        Searcher s = SearcherAt.root(p, true);
        int raw = s.evaluate(p, 0), rawFewer = s.evaluate(fewer, 0);
        for (int i = 0; i < 300; i++) s.updateCorrection(p, raw, raw + 40, TranspositionTable.EXACT, 15);
        int learnt = s.corrected(p, raw) - raw, carried = s.corrected(fewer, rawFewer) - rawFewer;
        assertTrue(Math.abs(learnt - 40) <= 1, "the three entries together converge on the error: " + learnt);
        assertTrue(s.nonPawnCorrection[0][Searcher.nonPawnIndex(p, 0)] > 0, "white's piece entry took a share");
        assertTrue(carried < learnt - 3, "white's piece entry is not the other position's: " + carried + " of " + learnt);
        assertTrue(carried > 0, "the pawn and black piece entries are shared: " + carried);
    }

    @Test
    void theSearchPrunesByTheCorrectedEval() {
        Position p = Position.startPos();
        Searcher s = SearcherAt.root(p, true);
        int raw = s.evaluate(p, 0);
        // Depth 1, improving at ply 0: reverse futility returns the eval once it reaches beta.
        s.correction[p.sideToMove()][Searcher.pawnIndex(p)] = 64 * 256;
        assertEquals(raw + 64, s.searchNode(0, 1, raw + 29, raw + 30, Searcher.CUT));
        Searcher plain = SearcherAt.root(p, true);
        assertNotEquals(raw + 64, plain.searchNode(0, 1, raw + 29, raw + 30, Searcher.CUT));
    }

    @Test
    void aSearchLearnsTheCorrection() {
        Position p = Position.fromFen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        Searcher s = new Searcher(new TranspositionTable(4), new Searcher.Config(true, true, 1));
        SearchLimits l = SearchLimits.depth(8);
        s.iterate(p, new long[0], new SearchControl(l, new TimeManager(l, 0, 0)), info -> {});
        assertTrue(java.util.Arrays.stream(s.correction[0]).anyMatch(c -> c != 0)
                || java.util.Arrays.stream(s.correction[1]).anyMatch(c -> c != 0), "correction history learnt");
        assertTrue(java.util.Arrays.stream(s.nonPawnCorrection[0]).anyMatch(c -> c != 0)
                || java.util.Arrays.stream(s.nonPawnCorrection[1]).anyMatch(c -> c != 0), "the piece tables learnt");
        s.clearHeuristics();
        assertTrue(java.util.Arrays.stream(s.correction[0]).allMatch(c -> c == 0), "ucinewgame forgets");
        assertTrue(java.util.Arrays.stream(s.nonPawnCorrection[0]).allMatch(c -> c == 0)
                && java.util.Arrays.stream(s.nonPawnCorrection[1]).allMatch(c -> c == 0), "the piece tables too");
    }
}
