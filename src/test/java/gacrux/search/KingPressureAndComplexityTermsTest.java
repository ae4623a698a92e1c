package gacrux.search;

import gacrux.board.Position;
import org.junit.jupiter.api.Test;

import static gacrux.board.Piece.*;
import static gacrux.search.PieceTermsTest.contributes;
import static gacrux.search.PieceTermsTest.count;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The terms added for the eleventh tuning run: unsafe checks and the king zone attacked twice (linear king-danger
 * inputs beside the attack-unit curve) and complexity (how winnable the endgame is). Each is
 * found where it applies and not where it does not by the tuner's trace; EvalTraceTest checks that Evaluator computes
 * the same. Complexity is the one term that is not linear in its weights (it follows the endgame score's sign and never
 * takes it past 0), so its features and the tuner's linearisation are checked here too.
 */
class KingPressureAndComplexityTermsTest {

    @Test
    void evaluateCarriesEachTerm() {
        // All pieces on (the midgame terms count in full): the e4 knight can check from d6 or f6, both guarded.
        contributes("rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1", "UNSAFE_CHECK_MG", 0);
        // The h5 queen and the g5 knight both attack f7 and h7.
        contributes("r1bq1rk1/pppp1ppp/2n2n2/2b1p1NQ/2B1P3/8/PPPP1PPP/RNB1K2R w KQ - 0 1", "KING_ZONE_ATTACKED_TWICE_MG", 0);
        // A pawn up in a pawn ending with pawns on both wings: complexity pushes the endgame score further.
        contributes("6k1/p4ppp/8/8/8/8/PP3PPP/6K1 w - - 0 1", "COMPLEXITY_EG", 0);
        contributes("6k1/p4ppp/8/8/8/8/PP3PPP/6K1 w - - 0 1", "COMPLEXITY_EG", 1);
        contributes("6k1/p4ppp/8/8/8/8/PP3PPP/6K1 w - - 0 1", "COMPLEXITY_EG", 2);
    }

    @Test
    void unsafeChecksAreThoseOnlyFromGuardedSquares() {
        assertEquals(1, count("4k3/4p3/8/8/4N3/8/8/4K3 w - - 0 1", "UNSAFE_CHECK_MG", 0));
        // Without the e7 pawn, d6 and f6 are safe: a safe check, not an unsafe one.
        assertEquals(0, count("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", "UNSAFE_CHECK_MG", 0));
        assertEquals(1, count("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", "SAFE_CHECK_MG", KNIGHT));
        // The rook's a8 is guarded by the c7 knight; with the knight on b5 (not guarding a8) the check is safe.
        assertEquals(1, count("4k3/2n5/8/8/8/8/8/R3K3 w - - 0 1", "UNSAFE_CHECK_MG", 0));
        assertEquals(0, count("4k3/8/8/1n6/8/8/8/R3K3 w - - 0 1", "UNSAFE_CHECK_MG", 0));
        // Both: one count per piece type.
        assertEquals(2, count("4k3/2n1p3/8/8/4N3/8/8/R3K3 w - - 0 1", "UNSAFE_CHECK_MG", 0));
    }

    @Test
    void kingZoneSquaresAttackedTwice() {
        // g6 (in g8's zone) is attacked by both knights.
        assertEquals(1, count("6k1/8/8/4N3/5N2/8/8/6K1 w - - 0 1", "KING_ZONE_ATTACKED_TWICE_MG", 0));
        assertEquals(0, count("6k1/5p2/8/4N3/5N2/8/8/6K1 w - - 0 1", "KING_ZONE_ATTACKED_TWICE_MG", 0), "the f7 pawn guards g6");
        assertEquals(0, count("6k1/8/8/8/5N2/8/8/6K1 w - - 0 1", "KING_ZONE_ATTACKED_TWICE_MG", 0), "attacked once");
    }

    /** Complexity's features as traced (unsigned: the same for a position and its mirror). */
    static double[] complexityFeatures(String fen) {
        EvalTrace.Scratch s = new EvalTrace.Scratch();
        Position p = Position.fromFen(fen);
        EvalTrace.trace(p, s);
        double[] f = new double[6];
        System.arraycopy(s.c, EvalTrace.CX_E, f, 0, 6);
        EvalTrace.trace(p.mirrored(), s);
        for (int i = 0; i < 6; i++) assertEquals(f[i], s.c[EvalTrace.CX_E + i], 1e-9, "mirrored " + fen + " feature " + i);
        return f;
    }

    @Test
    void complexityFeatures() {
        // Pawns a7 and g2 (both passed, one on each wing), no pieces, kings on one file seven ranks apart.
        assertArrayEquals(new double[] {2, 1, 1, 2, -7, 1}, complexityFeatures("4k3/p7/8/8/8/8/6P1/4K3 w - - 0 1"));
        // Pawns on one wing (g3 and g6 block each other: not passed), a knight on, kings four files and six ranks apart.
        assertArrayEquals(new double[] {2, 0, 0, 0, -2, 1}, complexityFeatures("8/7k/6p1/8/8/6P1/2N5/3K4 w - - 0 1"));
    }

    @Test
    void theTunerLinearisesComplexityAtTheEndgameScoresSign() {
        int eg = EvalTrace.GROUPS.stream().filter(g -> g.name().equals("EG_VALUE")).findFirst().orElseThrow().offset() + PAWN;
        int cx = EvalTrace.CX_E + 5;
        int[] w = new int[EvalTrace.SIZE];
        w[eg] = 100;
        w[cx] = -30;
        EvalTrace.Scratch s = new EvalTrace.Scratch();
        s.c[eg] = 1; s.c[cx] = 1;
        EvalTrace.complexity(s, w);
        assertEquals(1, s.c[eg]);
        assertEquals(1, s.c[cx], "white ahead: the constant pulls towards 0 from above");
        s.c[eg] = -1; s.c[cx] = 1;
        EvalTrace.complexity(s, w);
        assertEquals(-1, s.c[cx], "black ahead: the same constant, the other sign");
        w[cx] = -150;
        s.c[eg] = 1; s.c[cx] = 1;
        EvalTrace.complexity(s, w);
        assertEquals(0, s.c[eg], "it would cross 0: the endgame part is 0, whatever its weights");
        assertEquals(0, s.c[cx]);
    }

    @Test
    void complexityStopsAtZeroInEvaluateAsInTheModel() {
        // Among positions from play, some have an endgame score complexity would take past 0. EvalTraceTest checks the
        // model against evaluate() on the same kind of positions; this makes sure the clamp is among what it checks.
        EvalTrace.Scratch s = new EvalTrace.Scratch();
        int[] w = EvalTrace.currentWeights(), kinds = EvalTrace.kinds();
        int clamped = 0;
        for (Position p : EvaluatorTest.playoutPositions(40, 200, 0x5A3L)) {
            EvalTrace.trace(p, s);
            double egPart = 0;
            boolean anyEg = false;
            for (int i = 0; i < EvalTrace.SIZE; i++) if (kinds[i] == EvalTrace.EG && s.c[i] != 0) anyEg = true;
            EvalTrace.complexity(s, w);
            for (int i = 0; i < EvalTrace.SIZE; i++) if (kinds[i] == EvalTrace.EG) egPart += Math.abs(s.c[i]);
            if (anyEg && egPart == 0) clamped++;
            assertEquals(EvalTraceTest.whiteEval(p), EvalTrace.modelEval(p, s, w), 4, p::toFen);   // rounding, as in EvalTraceTest
        }
        assertTrue(clamped > 0, "no position in the sample had its endgame score held at 0");
    }
}
