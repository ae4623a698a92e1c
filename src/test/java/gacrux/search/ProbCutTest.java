package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;

/**
 * ProbCut: a capture whose quiescence and depth - 4 searches beat beta + 200 cuts a non-PV node. It must find the
 * capture that wins, ignore captures that cannot reach the margin by exchange, fire in ordinary searches, and stay
 * off without pruning.
 */
class ProbCutTest {
    /** Black's queen on d5 hangs to the knight on c3. */
    static final String HANGING = "rnb1kbnr/ppp2ppp/8/3qp3/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 4";
    static final String QUIET = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    static Searcher at(Position p) {
        return SearcherAt.root(p, new TranspositionTable(1), true, true);
    }

    @Test
    void aCaptureThatWinsBeyondTheMarginCutsTheNode() {
        Position p = Position.fromFen(HANGING);
        Searcher s = at(p);
        int eval = Evaluator.evaluate(p);
        int probBeta = eval + 200;
        int score = s.probCut(0, 6, probBeta, eval, 0, probBeta - 201, probBeta - 200);
        assertTrue(score >= probBeta, "Nxd5 wins the queen: " + score);
        assertEquals(MoveGen.parseUci(p, "c3d5"), s.currentMove[0]);
    }

    @Test
    void noCaptureNoCut() {
        Position p = Position.fromFen(QUIET);
        int eval = Evaluator.evaluate(p);
        assertEquals(-Score.INFINITE, at(p).probCut(0, 6, eval + 200, eval, 0, eval - 1, eval));
    }

    static long probCuts(boolean pruning, int depth) {
        long cuts = 0;
        for (String fen : SingularExtensionTest.FENS) {
            Searcher s = new Searcher(new TranspositionTable(8), new Searcher.Config(true, pruning, 1));
            Position p = Position.fromFen(fen);
            SearchLimits l = SearchLimits.depth(depth);
            SearchResult r = s.think(p, new long[0], new SearchControl(l, new TimeManager(l, 0, 0)), x -> { });
            assertTrue(MoveGen.isLegal(p, r.bestMove(), new int[MoveGen.MAX_MOVES]), fen);
            cuts += s.probCuts;
        }
        return cuts;
    }

    @Test
    void firesInOrdinarySearches() {
        assertTrue(probCuts(true, 9) > 0, "no ProbCut at depth 9");
    }

    @Test
    void offWithoutPruning() {
        assertEquals(0, probCuts(false, 6));
    }
}
