package gacrux.search;

import gacrux.board.Position;
import org.junit.jupiter.api.Test;

import static gacrux.board.Piece.*;
import static gacrux.search.PieceTermsTest.contributes;
import static gacrux.search.PieceTermsTest.count;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The terms added for the twelfth tuning run: what a piece can reach next move (a slider's square from which it would
 * attack their queen, an outpost square a knight or bishop attacks), the enemy pawns on a bishop's diagonals, and a
 * passed pawn's whole path. Each is found where it applies and not where it does not by the tuner's trace (mirrored by
 * {@link PieceTermsTest#count}); EvalTraceTest checks that Evaluator computes the same.
 */
class ReachAndPathTermsTest {

    @Test
    void evaluateCarriesEachTerm() {
        // Full material (the midgame weights count in full): the d2 bishop and the f3 knight both reach g5, on the d8
        // queen's diagonal.
        contributes("rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPB1PPP/RN1QKB1R w KQkq - 0 1",
                new String[] {"SLIDER_ON_QUEEN_MG", "SLIDER_ON_QUEEN_EG"}, 0);
        contributes("r1bqkb1r/pp3ppp/2n2n2/8/4P3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 1",
                new String[] {"REACHABLE_OUTPOST_MG", "REACHABLE_OUTPOST_EG"}, KNIGHT);
        // The b2 bishop sees e5 and g7 on its long diagonal, the g2 bishop d5 and b7 (through d5) on its own.
        contributes("rn1qk1nr/ppp2ppp/8/3pp3/8/8/PBPPPPBP/RN1QK1NR w KQkq - 0 1",
                new String[] {"BISHOP_XRAY_PAWNS_MG", "BISHOP_XRAY_PAWNS_EG"}, 0);
        contributes("k7/8/8/4P3/8/8/8/4K3 w - - 0 1", new String[] {"PASSED_SAFE_PATH_MG", "PASSED_SAFE_PATH_EG"}, 0);
    }

    @Test
    void sliderOnQueenCountsSafeSquaresWeAttackTwice() {
        // d6: on the queen's file, reached by the d1 rook and by the h6 rook (the king on a1 stays out of it).
        assertEquals(1, count("3qk3/8/7R/8/8/8/8/K2R4 w - - 0 1", "SLIDER_ON_QUEEN_MG", 0));
        assertEquals(0, count("3qk3/4p3/7R/8/8/8/8/K2R4 w - - 0 1", "SLIDER_ON_QUEEN_MG", 0), "the e7 pawn guards d6");
        assertEquals(0, count("3qk3/8/8/8/8/8/8/K2R4 w - - 0 1", "SLIDER_ON_QUEEN_MG", 0), "attacked once only");
        // f6: on the queen's diagonal, reached by the d4 bishop, attacked twice with the g4 knight.
        assertEquals(1, count("3qk3/8/8/8/3B2N1/8/8/4K3 w - - 0 1", "SLIDER_ON_QUEEN_MG", 0));
        assertEquals(1, count("rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPB1PPP/RN1QKB1R w KQkq - 0 1", "SLIDER_ON_QUEEN_MG", 0));
        // The h6 rook and the d4 bishop both reach b6 and f6, on her diagonals: each counts once (the bishop would attack
        // from there); d6, on her file, only the rook reaches.
        assertEquals(2, count("3qk3/8/7R/8/3B4/8/8/4K3 w - - 0 1", "SLIDER_ON_QUEEN_MG", 0));
    }

    @Test
    void reachableOutpostsAreSquaresNotPieces() {
        // The c3 knight attacks d5, guarded by the e4 pawn, with no black pawn on the c or e file ahead of it.
        assertEquals(1, count("4k3/pp3ppp/8/8/4P3/2N5/PPP2PPP/4K3 w - - 0 1", "REACHABLE_OUTPOST_MG", KNIGHT));
        assertEquals(1, count("r1bqkb1r/pp3ppp/2n2n2/8/4P3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 1", "REACHABLE_OUTPOST_MG", KNIGHT));
        assertEquals(0, count("4k3/ppp2ppp/8/8/4P3/2N5/PP3PPP/4K3 w - - 0 1", "REACHABLE_OUTPOST_MG", KNIGHT), "c7 can chase");
        // On d5 the knight holds the outpost itself: OUTPOST, not REACHABLE_OUTPOST.
        assertEquals(0, count("4k3/pp3ppp/8/3N4/4P3/8/PPP2PPP/4K3 w - - 0 1", "REACHABLE_OUTPOST_MG", KNIGHT));
        assertEquals(1, count("4k3/pp3ppp/8/3N4/4P3/8/PPP2PPP/4K3 w - - 0 1", "OUTPOST_MG", KNIGHT));
        // A bishop on b3 attacks d5 (and c4, which no pawn of ours guards).
        assertEquals(1, count("4k3/pp3ppp/8/8/4P3/1B6/PPP2PPP/4K3 w - - 0 1", "REACHABLE_OUTPOST_MG", BISHOP));
    }

    @Test
    void bishopXrayPawnsSeeThroughEverything() {
        assertEquals(-2, count("4k3/8/8/6p1/8/p7/8/2B1K3 w - - 0 1", "BISHOP_XRAY_PAWNS_MG", 0));
        assertEquals(-4, count("rn1qk1nr/ppp2ppp/8/3pp3/8/8/PBPPPPBP/RN1QK1NR w KQkq - 0 1", "BISHOP_XRAY_PAWNS_MG", 0));
        // Our own d2 and b2 pawns stand in the way: the lines are still there (the pawns may move).
        assertEquals(-2, count("4k3/8/8/6p1/8/p7/1P1P4/2B1K3 w - - 0 1", "BISHOP_XRAY_PAWNS_MG", 0));
        assertEquals(0, count("4k3/8/8/5p2/8/p7/8/3BK3 w - - 0 1", "BISHOP_XRAY_PAWNS_MG", 0), "f5 and a3 are off d1's diagonals");
    }

    @Test
    void passedPawnWithASafePath() {
        // e5: e6, e7 and e8 hold nothing of black's and black attacks none of them; (rank - 2) = 2.
        assertEquals(2, count("k7/8/8/4P3/8/8/8/4K3 w - - 0 1", "PASSED_SAFE_PATH_MG", 0));
        assertEquals(0, count("3k4/8/8/4P3/8/8/8/4K3 w - - 0 1", "PASSED_SAFE_PATH_MG", 0), "the d8 king attacks e7 and e8");
        assertEquals(0, count("k7/8/r7/4P3/8/8/8/4K3 w - - 0 1", "PASSED_SAFE_PATH_MG", 0), "the a6 rook attacks e6");
        assertEquals(0, count("k3n3/8/8/4P3/8/8/8/4K3 w - - 0 1", "PASSED_SAFE_PATH_MG", 0), "a knight on e8");
        assertEquals(1, count("k7/8/8/8/4P3/8/8/4K3 w - - 0 1", "PASSED_SAFE_PATH_MG", 0), "from the 4th rank, (rank - 2) = 1");
        assertEquals(0, count("k7/8/8/8/8/4P3/8/4K3 w - - 0 1", "PASSED_SAFE_PATH_MG", 0), "the 3rd rank does not count");
    }
}
