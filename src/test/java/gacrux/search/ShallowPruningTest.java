package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;

/**
 * The depth limits and margins of reverse futility (a node far enough above beta returns its static evaluation:
 * to depth 8, margin 80 per ply, one ply less where the node is improving) and futility of quiet moves (to depth 6,
 * eval + 100 + 90 x depth at or below alpha).
 */
class ShallowPruningTest {
    static final String FEN = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

    /** A searcher whose ply 1 is FEN after e1g1 (ply 1 is improving: no node two plies up). */
    static Searcher atPlyOne() {
        return SearcherAt.plyOneAfter(Position.fromFen(FEN), "e1g1", new TranspositionTable(1), false);
    }

    @Test
    void reverseFutilityReachesDepthEightWithTheImprovingMargin() {
        Searcher s = atPlyOne();
        int eval = Evaluator.evaluate(s.pos[1]);
        int beta = eval - 80 * 7; // depth 8, improving: margin 80 x 7
        assertEquals(eval, s.searchNode(1, 8, beta - 1, beta, Searcher.CUT), "cut at once with the static eval");
        assertEquals(1, s.nodes());

        Searcher deeper = atPlyOne();
        deeper.searchNode(1, 9, beta - 1, beta, Searcher.CUT);
        assertTrue(deeper.nodes() > 1, "no reverse futility at depth 9");

        Searcher narrower = atPlyOne();
        narrower.searchNode(1, 8, beta, beta + 1, Searcher.CUT);
        assertTrue(narrower.nodes() > 1, "one centipawn short of the margin: searched");
    }

    @Test
    void futilityOfQuietMovesReachesDepthSix() {
        Position p = Position.fromFen(FEN);
        Searcher s = SearcherAt.root(p, new TranspositionTable(1), true, true);
        int quiet = MoveGen.parseUci(p, "d2d3");
        int alpha = 100 + 90 * 6; // eval 0: 0 + 100 + 90 x 6 <= alpha at depth 6
        assertEquals(Searcher.PRUNED, s.searchMove(0, quiet, 1, 6, alpha, alpha + 1, Searcher.CUT, 0, false, 0, Searcher.NO_ORDER, null));
        assertNotEquals(Searcher.PRUNED, s.searchMove(0, quiet, 1, 6, alpha - 1, alpha, Searcher.CUT, 0, false, 0, Searcher.NO_ORDER, null),
                "one centipawn inside the margin: searched");
        assertNotEquals(Searcher.PRUNED, s.searchMove(0, quiet, 1, 7, 2000, 2001, Searcher.CUT, 0, false, 0, Searcher.NO_ORDER, null),
                "no futility at depth 7");
    }
}
