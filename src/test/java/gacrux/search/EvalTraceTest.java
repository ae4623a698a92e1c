package gacrux.search;

import gacrux.board.Position;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static gacrux.board.Piece.WHITE;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The tuner's model of the evaluation ({@link EvalTrace}) must be the evaluation: the coefficient trace times the
 * current weights gives evaluate() up to integer rounding (king danger included: its curve is a table of weights
 * too), the trace is colour-symmetric, and Evaluator's weight block is exactly what the generator
 * writes for the current weights (so tuned weights are pasted, not retyped).
 */
class EvalTraceTest {

    static int whiteEval(Position p) {
        int e = Evaluator.evaluate(p);
        return p.sideToMove() == WHITE ? e : -e;
    }

    @Test
    void linearModelReproducesEvaluateUpToRounding() throws Exception {
        List<Position> ps = EvaluatorTest.playoutPositions(150, 200, 0x7ACEL);
        for (String fen : EvaluatorTest.suiteFens()) ps.add(Position.fromFen(fen));
        EvalTrace.Scratch s = new EvalTrace.Scratch();
        int[] w = EvalTrace.currentWeights();
        double worst = 0;
        for (Position p : ps) {
            double model = EvalTrace.modelEval(p, s, w);
            double diff = Math.abs(model - whiteEval(p));
            worst = Math.max(worst, diff);
            // Rounding: the taper and scale divisions, and a quarter of a blocked passer's bonus per pawn.
            assertTrue(diff <= 4, () -> p.toFen() + ": model " + model + " vs evaluate " + whiteEval(p));
        }
        assertTrue(worst > 0, "some rounding is expected; a model equal everywhere would be suspicious");
    }

    @Test
    void sampleReproducesEvaluateAtCurrentWeights() {
        EvalTrace.Scratch s = new EvalTrace.Scratch();
        int[] w = EvalTrace.currentWeights();
        double[] dw = new double[w.length];
        for (int i = 0; i < w.length; i++) dw[i] = w[i];
        for (Position p : EvaluatorTest.playoutPositions(40, 200, 0x5A3L)) {
            EvalTrace.Sample x = EvalTrace.sample(p, s, w);
            assertEquals(whiteEval(p), x.eval(dw), 0.05, p::toFen);
            // The constant is only rounding, never a share of the score.
            assertTrue(Math.abs(x.constant()) <= 4, () -> p.toFen() + " constant " + x.constant());
        }
    }

    @Test
    void traceIsColourSymmetric() {
        EvalTrace.Scratch s = new EvalTrace.Scratch();
        int[] w = EvalTrace.currentWeights();
        for (Position p : EvaluatorTest.playoutPositions(40, 200, 0x51DEL)) {
            double[] a = new double[EvalTrace.SIZE], b = new double[EvalTrace.SIZE];
            EvalTrace.trace(p, s);
            System.arraycopy(s.c, 0, a, 0, a.length);
            EvalTrace.trace(p.mirrored(), s);
            System.arraycopy(s.c, 0, b, 0, b.length);
            for (int i = 0; i < a.length; i++) {
                final int j = i;
                // Complexity's features are the same for both colours: the endgame score's sign is applied later.
                boolean unsigned = i >= EvalTrace.CX_E && i < EvalTrace.CX_E + 6;
                assertEquals(a[i], unsigned ? b[i] : -b[i], 1e-9, () -> p.toFen() + " " + EvalTrace.name(j));
            }
            assertEquals(EvalTrace.modelEval(p, s, w), -EvalTrace.modelEval(p.mirrored(), s, w), 1e-6);
        }
    }

    @Test
    void everyTunedWeightIsSeenByTheTrace() {
        // A weight the trace never counts would be silently left alone by the tuner.
        EvalTrace.Scratch s = new EvalTrace.Scratch();
        boolean[] seen = new boolean[EvalTrace.SIZE];
        for (Position p : EvaluatorTest.playoutPositions(300, 300, 0xC0FFEEL)) {
            EvalTrace.trace(p, s);
            for (int i = 0; i < seen.length; i++) if (s.c[i] != 0) seen[i] = true;
        }
        boolean[] tuned = EvalTrace.tunedMask();
        int unseen = 0;
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < seen.length; i++)
            if (tuned[i] && !seen[i] && !EvalTrace.name(i).startsWith("KING_") && !EvalTrace.name(i).startsWith("PAWN_")) {
                unseen++;
                names.append(EvalTrace.name(i)).append(' ');
            }
        assertEquals(0, unseen, "never traced: " + names);
    }

    @Test
    void mobilityTablesAreAnchoredAtTheTypicalCount() {
        // Free at every count, a piece's mobility entries and its material value could trade a constant.
        boolean[] tuned = EvalTrace.tunedMask();
        for (int t = gacrux.board.Piece.KNIGHT; t <= gacrux.board.Piece.QUEEN; t++) {
            int anchor = Evaluator.MOB_OFFSET[t] + Evaluator.MOB_CENTER[t];
            assertEquals(0, Evaluator.MOBILITY_MG[anchor]);
            assertEquals(0, Evaluator.MOBILITY_EG[anchor]);
            assertFalse(tuned[EvalTrace.MOB_M + anchor] || tuned[EvalTrace.MOB_E + anchor], "anchor of piece " + t);
            assertTrue(tuned[EvalTrace.MOB_M + anchor + 1] && tuned[EvalTrace.MOB_E + anchor - 1], "the other counts of piece " + t);
        }
    }

    @Test
    void evaluatorWeightBlockIsTheGeneratorsOutput() throws Exception {
        String src = Files.readString(Path.of("src/main/java/gacrux/search/Evaluator.java"));
        int b = src.indexOf(EvalTrace.BEGIN), e = src.indexOf(EvalTrace.END);
        assertTrue(b >= 0 && e > b, "Evaluator.java has the weight block markers");
        assertEquals(EvalTrace.javaSource(EvalTrace.currentWeights()), src.substring(b, e + EvalTrace.END.length() + 1));
        assertEquals(src, EvalTrace.applyTo(src, EvalTrace.currentWeights()));
    }
}
