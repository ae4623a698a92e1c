package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;

/**
 * Three rules of the node around the move loop: the evaluation the pruning rules judge a node by is corrected by
 * the hash entry's bound; the quiet move that last refuted the opponent's move is tried after the killers (the
 * counter-move heuristic); a check that loses material by exchange is not extended.
 */
class SearchRefinementsTest {
    static final String FEN = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

    /** A searcher with the hash table on whose ply 1 is FEN after e1g1 (improving there: no node two plies up). */
    static Searcher atPlyOne(TranspositionTable tt) {
        Searcher s = SearcherAt.plyOneAfter(Position.fromFen(FEN), "e1g1", tt, true);
        s.rootDepth = 10;
        return s;
    }

    @Test
    void aLowerBoundAboveTheEvaluationIsWhatReverseFutilityJudges() {
        TranspositionTable tt = new TranspositionTable(1);
        Searcher s = atPlyOne(tt);
        int eval = Evaluator.evaluate(s.pos[1]);
        // A shallow lower bound 600 above the static evaluation: no hash cutoff at depth 8, but the node is worth it.
        tt.store(s.pos[1].key(), 0, TranspositionTable.toTT(eval + 600, 1), 1, TranspositionTable.LOWER);
        int beta = eval + 600 - 80 * 7; // reverse futility at depth 8, improving: margin 80 x 7 from the corrected eval
        assertEquals(eval + 600, s.searchNode(1, 8, beta - 1, beta, Searcher.CUT), "cut with the hash bound");
        assertEquals(1, s.nodes());
        assertEquals(eval + 600, s.evalAt[1]);
        assertEquals(eval, s.staticEval[1], "improving still compares the position's own evaluation");
    }

    @Test
    void aBoundOnTheWrongSideOfTheEvaluationIsNotUsed() {
        TranspositionTable tt = new TranspositionTable(1);
        Searcher s = atPlyOne(tt);
        int eval = Evaluator.evaluate(s.pos[1]);
        tt.store(s.pos[1].key(), 0, TranspositionTable.toTT(eval + 600, 1), 1, TranspositionTable.UPPER);
        int beta = eval + 40;
        s.searchNode(1, 8, beta - 1, beta, Searcher.CUT);
        assertEquals(eval, s.evalAt[1], "an upper bound above the evaluation says nothing new");
        assertTrue(s.nodes() > 1, "no reverse futility from the raw evaluation");

        Searcher t = atPlyOne(tt);
        tt.clear();
        tt.store(t.pos[1].key(), 0, TranspositionTable.toTT(eval - 600, 1), 1, TranspositionTable.UPPER);
        t.searchNode(1, 2, eval - 51, eval - 50, Searcher.CUT); // deeper than the entry: no hash cutoff
        assertEquals(eval - 600, t.evalAt[1], "an upper bound below the evaluation lowers it");
    }

    @Test
    void theCounterMoveComesRightAfterTheKillers() {
        Searcher s = atPlyOne(new TranspositionTable(1));
        Position p = s.pos[1]; // black to move, after e1g1
        int counter = MoveGen.parseUci(p, "d7d6");
        s.rewardQuiet(1, p.sideToMove(), counter, 5, s.moves[1], 0, null);
        int killer = MoveGen.parseUci(p, "a7a6");
        s.killers[1][0] = killer;
        s.killers[1][1] = 0;
        int busy = MoveGen.parseUci(p, "h7h6");
        s.history[p.sideToMove()][busy & 4095] = 10_000; // a quiet move with a far better history than the counter's
        int n = MoveGen.legal(p, s.moves[1], 0);
        s.scoreMoves(p, 1, s.moves[1], s.moveScores[1], n, 0);
        int counterScore = scoreOf(s, n, counter), killerScore = scoreOf(s, n, killer);
        assertTrue(counterScore < killerScore, "after the killer");
        for (int i = 0; i < n; i++) {
            int m = s.moves[1][i];
            if (m != counter && m != killer && !gacrux.board.Move.isTactical(m))
                assertTrue(s.moveScores[1][i] < counterScore, "before every other quiet move: " + gacrux.board.Move.toUci(m));
        }

        // After another move of the opponent it is one quiet move among the others, ordered by its history.
        Position root = s.pos[0];
        s.currentMove[0] = MoveGen.parseUci(root, "b1c3");
        s.scoreMoves(p, 1, s.moves[1], s.moveScores[1], n, 0);
        assertEquals(s.history[p.sideToMove()][counter & 4095], scoreOf(s, n, counter));
    }

    private static int scoreOf(Searcher s, int n, int m) {
        for (int i = 0; i < n; i++) if (s.moves[1][i] == m) return s.moveScores[1][i];
        throw new AssertionError("not generated: " + gacrux.board.Move.toUci(m));
    }

    @Test
    void aCheckThatLosesTheCheckingPieceIsNotExtended() {
        Position p = Position.fromFen("3r2k1/8/8/8/8/8/8/3Q2K1 w - - 0 1");
        Searcher s = SearcherAt.root(p, new TranspositionTable(1), false, true);
        s.rootDepth = 10;
        int lost = MoveGen.parseUci(p, "d1d5"), safe = MoveGen.parseUci(p, "d1g4");
        assertEquals(0, s.extension(p, 1, lost, 1, true), "Qd5+ drops the queen to the rook");
        assertEquals(1, s.extension(p, 1, safe, 1, true));
        assertEquals(0, s.extension(p, 20, safe, 1, true), "none beyond twice the iteration's depth");

        Searcher mate = SearcherAt.root(p, new TranspositionTable(1), false, false);
        mate.rootDepth = 10;
        assertEquals(1, mate.extension(p, 1, lost, 1, true), "a mate search (pruning off) extends every check");
    }
}
