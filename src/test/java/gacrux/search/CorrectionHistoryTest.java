package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.Position;
import org.junit.jupiter.api.Test;

/**
 * The correction history: the static evaluation, corrected by what searches of the same pawn structure found.
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
        s.clearHeuristics();
        assertTrue(java.util.Arrays.stream(s.correction[0]).allMatch(c -> c == 0), "ucinewgame forgets");
    }
}
