package gacrux.search;

import gacrux.board.Position;
import org.junit.jupiter.api.Test;

import static gacrux.board.Piece.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The piece and king terms added for the sixth tuning run (outposts, bishops hemmed in by their own pawns, minors
 * behind pawns, rooks on the 7th, the king's distance to its pawns, weak squares next to the king): each is found
 * where it applies and not where it does not, identically by Evaluator's predicates and by the tuner's trace (which
 * is written apart from them), and colour-symmetrically.
 */
class PieceTermsTest {

    /** The trace's white-minus-black count for element i of the named weight group. */
    static double count(String fen, String group, int i) {
        EvalTrace.Scratch s = new EvalTrace.Scratch();
        Position p = Position.fromFen(fen);
        int at = EvalTrace.GROUPS.stream().filter(g -> g.name().equals(group)).findFirst().orElseThrow().offset() + i;
        EvalTrace.trace(p, s);
        double white = s.c[at];
        EvalTrace.trace(p.mirrored(), s);
        assertEquals(-white, s.c[at], 1e-9, "mirrored " + fen);
        return white;
    }

    /**
     * evaluate() carries the named weight at this position: the tuner's model at the current weights matches it
     * (to rounding), and the same model with that one weight at 0 is at least 4 cp away. Switching a term off in
     * Evaluator alone (or in the trace alone) fails this.
     */
    static void contributes(String fen, String group, int i) {
        contributes(fen, new String[] {group}, i);
    }

    /** The same for a term's weights together (its midgame and endgame halves), element i of each group. */
    static void contributes(String fen, String[] groups, int i) {
        Position p = Position.fromFen(fen);
        EvalTrace.Scratch s = new EvalTrace.Scratch();
        int[] w = EvalTrace.currentWeights();
        double with = EvalTrace.modelEval(p, s, w);
        int[] w0 = w.clone();
        for (String name : groups)
            w0[EvalTrace.GROUPS.stream().filter(g -> g.name().equals(name)).findFirst().orElseThrow().offset() + i] = 0;
        String group = String.join("+", groups);
        double without = EvalTrace.modelEval(p, s, w0);
        assertTrue(Math.abs(with - without) >= 4, group + " adds only " + (with - without) + " at " + fen);
        assertEquals(with, EvalTraceTest.whiteEval(p), 1.5, group + " at " + fen);
    }

    @Test
    void evaluateCarriesEachTerm() {
        contributes("4k3/pp3ppp/8/3N4/4P3/8/PPP2PPP/4K3 w - - 0 1", "OUTPOST_EG", KNIGHT);
        // Five pawns on the bishop's colour: the nineteenth run left the term at 1 per pawn.
        contributes("4k3/8/8/8/4P3/P7/1P1P1P1P/2B1K3 w - - 0 1", "BISHOP_PAWNS_EG", 0);
        contributes("4k3/8/8/3P4/3N4/8/8/4K3 w - - 0 1", "MINOR_BEHIND_PAWN_EG", 0);
        // Three rooks on the seventh with every other piece still on the board (phase 24, all midgame): the
        // nineteenth run left the term at 2 midgame / -1 endgame per rook, so only its midgame half can reach 4 cp.
        contributes("r1bq1rk1/RRR5/2n1bn2/8/8/2N2N2/8/2BQKB2 w - - 0 1",
                new String[] {"ROOK_SEVENTH_MG", "ROOK_SEVENTH_EG"}, 0);
        contributes("4k3/4p3/8/P7/8/7P/8/4K3 w - - 0 1", "KING_PAWN_DISTANCE_EG", 0);
        contributes("r1b2rk1/pp3ppp/2n5/8/8/2N4q/PPP2PPP/R1B2RK1 w - - 0 1", "KING_WEAK_SQUARE_MG", 0);
        contributes("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", "PASSED_FREE_EG", 0);
        contributes("4k3/8/8/1P1P2P1/8/8/8/1R1RK1R1 w - - 0 1",
                new String[] {"ROOK_BEHIND_PASSER_MG", "ROOK_BEHIND_PASSER_EG"}, 0);
    }

    static int sq(String name) { return (name.charAt(1) - '1') * 8 + (name.charAt(0) - 'a'); }

    @Test
    void knightOutpostNeedsAPawnGuardAndNoEnemyPawnThatCanChaseIt() {
        String outpost = "4k3/pp3ppp/8/3N4/4P3/8/PPP2PPP/4K3 w - - 0 1";
        assertEquals(1, count(outpost, "OUTPOST_MG", KNIGHT));
        assertTrue(Evaluator.outpost(WHITE, sq("d5"), 1L << sq("d5"), Position.fromFen(outpost).pieces(BLACK, PAWN)));
        // A black pawn on c7 can come to c6 and chase the knight away.
        String chased = "4k3/ppp2ppp/8/3N4/4P3/8/PPP2PPP/4K3 w - - 0 1";
        assertEquals(0, count(chased, "OUTPOST_MG", KNIGHT));
        assertFalse(Evaluator.outpost(WHITE, sq("d5"), 1L << sq("d5"), Position.fromFen(chased).pieces(BLACK, PAWN)));
        // No pawn guards it.
        assertEquals(0, count("4k3/pp3ppp/8/3N4/8/4P3/PPP2PPP/4K3 w - - 0 1", "OUTPOST_MG", KNIGHT));
        // Its own 3rd rank is not an outpost.
        assertEquals(0, count("4k3/pp3ppp/8/8/8/3N4/PPP1PPPP/4K3 w - - 0 1", "OUTPOST_MG", KNIGHT));
        // A bishop counts in its own slot.
        assertEquals(1, count("4k3/pp3ppp/8/3B4/4P3/8/PPP2PPP/4K3 w - - 0 1", "OUTPOST_MG", BISHOP));
    }

    @Test
    void bishopCountsItsOwnPawnsOnItsColour() {
        // c1 is dark; b2 and d2 are dark, a3 is dark too, e4 is light.
        assertEquals(-3, count("4k3/8/8/8/4P3/P7/1P1P4/2B1K3 w - - 0 1", "BISHOP_PAWNS_MG", 0));
        // The same pawns with a light-squared bishop on f1: only e4.
        assertEquals(-1, count("4k3/8/8/8/4P3/P7/1P1P4/4KB2 w - - 0 1", "BISHOP_PAWNS_MG", 0));
    }

    @Test
    void minorBehindAPawnOfEitherSide() {
        assertEquals(1, count("4k3/8/8/3P4/3N4/8/8/4K3 w - - 0 1", "MINOR_BEHIND_PAWN_MG", 0));
        assertEquals(1, count("4k3/8/8/3p4/3B4/8/8/4K3 w - - 0 1", "MINOR_BEHIND_PAWN_MG", 0));
        assertEquals(0, count("4k3/8/3P4/8/3N4/8/8/4K3 w - - 0 1", "MINOR_BEHIND_PAWN_MG", 0));
        // A minor on the last rank has nothing in front of it (and no shift may wrap around the board).
        assertFalse(Evaluator.behindPawn(WHITE, sq("d8"), -1L));
        assertFalse(Evaluator.behindPawn(BLACK, sq("d1"), -1L));
    }

    @Test
    void rookOnTheSeventhOnlyWithTheKingBehindOrPawnsOnIt() {
        assertEquals(1, count("6k1/3R4/8/8/8/8/8/4K3 w - - 0 1", "ROOK_SEVENTH_MG", 0));
        assertEquals(1, count("8/p2R4/6k1/8/8/8/8/4K3 w - - 0 1", "ROOK_SEVENTH_MG", 0));
        assertEquals(0, count("8/3R4/6k1/8/8/8/8/4K3 w - - 0 1", "ROOK_SEVENTH_MG", 0));
        assertTrue(Evaluator.seventh(WHITE, sq("d7"), sq("g8"), 0));
        assertFalse(Evaluator.seventh(WHITE, sq("d7"), sq("g6"), 0));
    }

    @Test
    void kingDistanceToItsNearestPawn() {
        // White king e1, pawns a5 (distance 4) and h3 (distance 3); black king e8, pawn e7 (distance 1).
        assertEquals(-3 + 1, count("4k3/4p3/8/P7/8/7P/8/4K3 w - - 0 1", "KING_PAWN_DISTANCE_EG", 0));
        assertEquals(3, Evaluator.pawnDistance(sq("e1"), (1L << sq("a5")) | (1L << sq("h3"))));
        // No pawns: no term.
        assertEquals(0, count("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "KING_PAWN_DISTANCE_EG", 0));
    }

    @Test
    void weakSquaresNextToTheKing() {
        // Black's queen on h3 hits g2 and h2 (both guarded by nothing of white's but the king): two weak squares.
        assertEquals(-2, count("6k1/8/8/8/8/7q/5PPP/6K1 w - - 0 1", "KING_WEAK_SQUARE_MG", 0));
        // A white knight on e1 guards g2: one weak square left.
        assertEquals(-1, count("6k1/8/8/8/8/7q/5PPP/4N1K1 w - - 0 1", "KING_WEAK_SQUARE_MG", 0));
    }

    @Test
    void freePassedPawnNeedsAnEmptyUnattackedStopSquare() {
        // White e5 passed (rank 5: weight 2), e6 empty, unguarded by black.
        assertEquals(2, count("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", "PASSED_FREE_EG", 0));
        // A black knight on c5 guards e6.
        assertEquals(0, count("4k3/8/8/2n1P3/8/8/8/4K3 w - - 0 1", "PASSED_FREE_EG", 0));
        // A black bishop stands on e6.
        assertEquals(0, count("4k3/8/4b3/4P3/8/8/8/4K3 w - - 0 1", "PASSED_FREE_EG", 0));
        // On its 3rd rank it is not counted yet.
        assertEquals(0, count("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "PASSED_FREE_EG", 0));
        assertTrue(Evaluator.freePath(sq("e5"), WHITE, 1L << sq("e5"), 0));
        assertFalse(Evaluator.freePath(sq("e5"), WHITE, 1L << sq("e5"), 1L << sq("e6")));
    }

    @Test
    void rookBehindItsPassedPawnWithNothingBetween() {
        assertEquals(1, count("4k3/8/8/1P6/8/8/8/1R2K3 w - - 0 1", "ROOK_BEHIND_PASSER_MG", 0));
        // A knight between them.
        assertEquals(0, count("4k3/8/8/1P6/8/1N6/8/1R2K3 w - - 0 1", "ROOK_BEHIND_PASSER_MG", 0));
        // In front of the pawn is not behind it.
        assertEquals(0, count("1R6/7k/8/1P6/8/8/8/4K3 w - - 0 1", "ROOK_BEHIND_PASSER_MG", 0));
        // Not passed: a black pawn on a6 stands ahead of it on the next file.
        assertEquals(0, count("4k3/8/p7/1P6/8/8/8/1R2K3 w - - 0 1", "ROOK_BEHIND_PASSER_MG", 0));
    }
}
