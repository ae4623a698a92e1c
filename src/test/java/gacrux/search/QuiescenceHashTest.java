package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;

/**
 * The hash table at quiescence nodes: a node stores its result at depth 0, a bound from an earlier search ends a
 * null-window node before any move, a PV window is always searched, and an entry of the main search is read but
 * never overwritten by the shallower quiescence result.
 */
class QuiescenceHashTest {
    /** Black to move with captures on d4 (exd4, Nxd4). */
    static final String FEN = "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3";

    static Searcher at(TranspositionTable tt, boolean useTT, Position p) {
        return SearcherAt.root(p, tt, useTT, true);
    }

    @Test
    void storesItsResultAtDepthZero() {
        TranspositionTable tt = new TranspositionTable(1);
        Position p = Position.fromFen(FEN);
        int v = at(tt, true, p).qsearch(0, -Score.INFINITE, Score.INFINITE);
        long e = tt.probe(p.key());
        assertNotEquals(0, e, "no entry for the quiescence node");
        assertEquals(0, TranspositionTable.depth(e));
        assertEquals(TranspositionTable.EXACT, TranspositionTable.bound(e), "an open window gives an exact score");
        assertEquals(v, TranspositionTable.score(e));
    }

    @Test
    void aBoundEndsANullWindowNodeButNotAPvNode() {
        TranspositionTable tt = new TranspositionTable(1);
        Position p = Position.fromFen(FEN);
        int capture = MoveGen.parseUci(p, "e5d4");
        tt.store(p.key(), capture, 777, 0, TranspositionTable.LOWER);
        Searcher s = at(tt, true, p);
        assertEquals(777, s.qsearch(0, 100, 101), "the lower bound 777 >= beta ends the node");
        assertEquals(1, s.nodes(), "no move searched below a hash cutoff");

        // A PV window searches the node's moves (the bound, above the evaluation, is its stand pat: see below).
        Searcher wide = at(tt, true, p);
        int v = wide.qsearch(0, 100, 900);
        assertTrue(wide.nodes() > 1, "a PV window searches the node: " + v);
    }

    @Test
    void standPatTakesTheHashScoreWhereItsBoundSaysTheTrueScoreLiesBeyondTheEvaluation() {
        Position p = Position.startPos();   // no captures: quiescence returns its stand pat
        int eval = Evaluator.evaluate(p);
        int[][] cases = { // bound, stored score, expected stand pat
            {TranspositionTable.LOWER, eval + 300, eval + 300},
            {TranspositionTable.UPPER, eval - 300, eval - 300},
            {TranspositionTable.EXACT, eval + 120, eval + 120},
            {TranspositionTable.LOWER, eval - 300, eval},       // a lower bound below the evaluation says nothing
            {TranspositionTable.UPPER, eval + 300, eval},       // nor an upper bound above it
            {TranspositionTable.LOWER, Score.MATE - 10, eval},  // nor a mate score
        };
        for (int[] c : cases) {
            TranspositionTable tt = new TranspositionTable(1);
            tt.store(p.key(), 0, c[1], 6, c[0]);
            assertEquals(c[2], at(tt, true, p).qsearch(0, -Score.INFINITE, Score.INFINITE),
                    "bound " + c[0] + " score " + c[1]);
            assertEquals(eval, SearcherAt.root(p, tt, true, false).qsearch(0, -Score.INFINITE, Score.INFINITE),
                    "pruning off: the evaluation alone");
        }
    }

    @Test
    void aMainSearchEntryIsReadNotOverwritten() {
        TranspositionTable tt = new TranspositionTable(1);
        Position p = Position.fromFen(FEN);
        int capture = MoveGen.parseUci(p, "c6d4");
        tt.store(p.key(), capture, 55, 6, TranspositionTable.UPPER);
        at(tt, true, p).qsearch(0, -Score.INFINITE, Score.INFINITE);
        long e = tt.probe(p.key());
        assertEquals(6, TranspositionTable.depth(e));
        assertEquals(55, TranspositionTable.score(e));
        assertEquals(capture, TranspositionTable.move(e));
    }

    @Test
    void offWithoutTheHashTable() {
        TranspositionTable tt = new TranspositionTable(1);
        Position p = Position.fromFen(FEN);
        tt.store(p.key(), 0, 777, 0, TranspositionTable.LOWER);
        Searcher s = at(tt, false, p);
        assertNotEquals(777, s.qsearch(0, 100, 101), "Config.useTT off: no hash cutoff");
        tt.clear();
        at(tt, false, p).qsearch(0, -Score.INFINITE, Score.INFINITE);
        assertEquals(0, tt.probe(p.key()), "Config.useTT off: nothing stored");
    }
}
