package gacrux.search;

import gacrux.board.Piece;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** The pawn-structure table changes how fast the evaluation is, never what it says. */
class PawnHashTest {

    private static long pawns(Position p, int colour) { return p.pieces(colour, Piece.PAWN); }

    @Test
    void evaluationWithTheTableEqualsTheEvaluationWithout() {
        PawnHash table = new PawnHash();
        List<Position> ps = EvaluatorTest.playoutPositions(300, 300, 0x9A3EL);
        for (int pass = 0; pass < 2; pass++) {          // the first pass mostly misses, the second mostly hits
            for (Position p : ps) {
                assertEquals(Evaluator.evaluate(p), Evaluator.evaluate(p, table), () -> p.toFen());
            }
        }
    }

    @Test
    void anotherStructureInTheSameSlotIsNotTakenForThisOne() {
        // Two positions with different pawns and the same slot, from playouts.
        Map<Integer, Position> bySlot = new HashMap<>();
        Position a = null, b = null;
        for (Position p : EvaluatorTest.playoutPositions(300, 300, 0x51077L)) {
            Position q = bySlot.putIfAbsent(PawnHash.slot(pawns(p, Piece.WHITE), pawns(p, Piece.BLACK)), p);
            if (q != null && (pawns(q, Piece.WHITE) != pawns(p, Piece.WHITE) || pawns(q, Piece.BLACK) != pawns(p, Piece.BLACK))
                    && Evaluator.pawnStructure(pawns(q, 0), pawns(q, 1), Evaluator.passedPawns(pawns(q, 0), pawns(q, 1)))
                       != Evaluator.pawnStructure(pawns(p, 0), pawns(p, 1), Evaluator.passedPawns(pawns(p, 0), pawns(p, 1)))) {
                a = q;
                b = p;
                break;
            }
        }
        assertNotNull(a, "no two structures with different scores share a slot in 90,000 positions");
        PawnHash table = new PawnHash();
        for (Position p : new Position[] {a, b, a, b}) {
            assertEquals(Evaluator.evaluate(p), Evaluator.evaluate(p, table), p.toFen());
        }
    }

    @Test
    void passedPawnsByTheDefinition() {
        // White a5: no black pawn ahead on a or b, passed. d4: e5 is ahead on a next file, not passed. h3: g7 ahead on
        // the g-file, not passed; h2: its own h3 in front, not passed. Black b4: no white pawn below it on a-c, passed
        // (a5 is behind it for black). e5: d4 ahead, no. g7: h3 and h2 ahead on the h-file, no.
        Position p = Position.fromFen("4k3/6p1/8/P3p3/1p1P4/7P/7P/4K3 w - - 0 1");
        long passed = Evaluator.passedPawns(pawns(p, Piece.WHITE), pawns(p, Piece.BLACK));
        assertEquals(1L << 32 | 1L << 25, passed, () -> Long.toHexString(passed));
    }
}
