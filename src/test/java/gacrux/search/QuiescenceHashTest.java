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

        Searcher wide = at(tt, true, p);
        int v = wide.qsearch(0, 100, 900);
        assertTrue(v < 777, "a PV window searches the node: " + v);
        assertTrue(wide.nodes() > 1);
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
