package gacrux.search;

import org.junit.jupiter.api.Test;

import static gacrux.board.Piece.*;
import static gacrux.search.PieceTermsTest.contributes;
import static gacrux.search.PieceTermsTest.count;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The terms added for the tenth tuning run: what double attacks restrict and win (restricted squares, the king's
 * threats, pieces attacked twice), x-rays on the king zone, rooks on a queen's file, the king's flank (attacks on it,
 * no pawns on it) and weak unopposed pawns. Each is found where it applies and
 * not where it does not by the tuner's trace, which counts attackers square by square where Evaluator keeps a
 * bitboard of the squares attacked twice; {@link PieceTermsTest#count} checks the mirror. EvalTraceTest checks that
 * Evaluator computes the same counts.
 */
class DoubleAttackAndPawnTermsTest {

    @Test
    void evaluateCarriesEachTerm() {
        contributes("2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 12",
                new String[] {"RESTRICTED_MG", "RESTRICTED_EG"}, 0);
        contributes("4k3/pp6/8/8/8/8/3n3P/4K3 w - - 0 1", new String[] {"THREAT_KING_MG", "THREAT_KING_EG"}, 0);
        // d5 (Rd1, Bb3) and e5 (Re1, Nf3), each defended by a rook.
        contributes("3rr1k1/pp6/8/3nn3/8/1B3N2/PP6/3RR1K1 w - - 0 1", new String[] {"DOUBLE_ATTACKED_MG", "DOUBLE_ATTACKED_EG"}, 0);
        // The d3 bishop sees h7 through its own e4 knight.
        contributes("r1bq1rk1/ppp2ppp/2n2n2/3p4/4N3/3BPN2/PPPQ1PPP/R1B1K2R w KQ - 0 9", "KING_RING_XRAY_MG", BISHOP);
        contributes("r2q1rk1/ppp2ppp/2n2n2/8/8/2N2N2/PPPR1PPP/3R2K1 w - - 0 1", new String[] {"ROOK_QUEEN_FILE_MG", "ROOK_QUEEN_FILE_EG"}, 0);
        contributes("4k3/p7/8/8/8/8/P6P/4K3 w - - 0 1", new String[] {"WEAK_UNOPPOSED_MG", "WEAK_UNOPPOSED_EG"}, 0);
        contributes("1k6/1p6/8/8/8/8/P7/6K1 w - - 0 1", new String[] {"PAWNLESS_FLANK_MG", "PAWNLESS_FLANK_EG"}, 0);
        contributes("r2q1rk1/1b2bppp/p1n1pn2/1p6/3P4/P1NBPN2/1P3PPP/R1BQ1RK1 w - - 0 12", "FLANK_ATTACK_MG", 0);
    }

    @Test
    void restrictedSquaresAreThoseTheyDoNotStronglyProtect() {
        // The d1 rook and the f4 knight both reach d3 and d5; c2 guards d3 with a pawn, so only white counts it.
        assertEquals(1, count("7k/8/8/8/5n2/8/2P5/K2R4 w - - 0 1", "RESTRICTED_MG", 0));
        assertEquals(0, count("7k/8/8/8/5n2/8/8/K2R4 w - - 0 1", "RESTRICTED_EG", 0));
    }

    @Test
    void theKingThreatensWhatIsNotStronglyProtected() {
        assertEquals(1, count("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", "THREAT_KING_MG", 0));
        // Guarded by a pawn: strongly protected.
        assertEquals(0, count("4k3/8/8/8/8/2p5/3n4/4K3 w - - 0 1", "THREAT_KING_MG", 0));
        // Guarded once by a rook, attacked once by the king: not strongly protected.
        assertEquals(1, count("3rk3/8/8/8/8/8/3n4/4K3 w - - 0 1", "THREAT_KING_EG", 0));
    }

    @Test
    void aPieceAttackedTwiceAndDefendedWithoutAPawn() {
        // d5 attacked by the d1 rook and the f4 knight, defended by the d8 rook.
        assertEquals(1, count("3rk3/8/8/3n4/5N2/8/8/3RK3 w - - 0 1", "DOUBLE_ATTACKED_MG", 0));
        assertEquals(0, count("3rk3/8/4p3/3n4/5N2/8/8/3RK3 w - - 0 1", "DOUBLE_ATTACKED_MG", 0), "a pawn defends it");
        assertEquals(0, count("3rk3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "DOUBLE_ATTACKED_EG", 0), "attacked once");
        // Not defended at all: the hanging term's, not this one's.
        assertEquals(0, count("4k3/8/8/3n4/5N2/8/8/3RK3 w - - 0 1", "DOUBLE_ATTACKED_MG", 0));
    }

    @Test
    void xRaysOnTheKingZone() {
        // The g1 rook's file crosses g8's zone behind its own g2 pawn.
        assertEquals(1, count("6k1/8/8/8/8/8/6P1/K5R1 w - - 0 1", "KING_RING_XRAY_MG", ROOK));
        assertEquals(0, count("6k1/8/8/8/8/8/8/K4R2 w - - 0 1", "KING_RING_XRAY_MG", ROOK), "a direct attack instead");
        // b1's diagonal to h7 is blocked by the d3 knight, not by a pawn.
        assertEquals(1, count("6k1/8/8/8/8/3N4/8/KB6 w - - 0 1", "KING_RING_XRAY_MG", BISHOP));
        assertEquals(0, count("6k1/8/8/8/8/3P4/8/KB6 w - - 0 1", "KING_RING_XRAY_MG", BISHOP), "a pawn blocks");
    }

    @Test
    void rookOnAQueensFile() {
        assertEquals(1, count("3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", "ROOK_QUEEN_FILE_MG", 0));
        assertEquals(1, count("4k3/8/8/8/8/8/3Q4/3RK3 w - - 0 1", "ROOK_QUEEN_FILE_EG", 0));
        assertEquals(0, count("4qk2/8/8/8/8/8/8/3RK3 w - - 0 1", "ROOK_QUEEN_FILE_MG", 0));
    }

    @Test
    void weakUnopposedPawns() {
        // h2 isolated with no black pawn ahead; a2 and a7 oppose each other.
        assertEquals(-1, count("4k3/p7/8/8/8/8/P6P/4K3 w - - 0 1", "WEAK_UNOPPOSED_MG", 0));
        // d2 backward (e4 guards d3), no black pawn on the d-file.
        assertEquals(-1, count("4k3/8/8/8/4p3/4P3/3P4/4K3 w - - 0 1", "WEAK_UNOPPOSED_EG", 0));
        assertEquals(0, count("4k3/3p4/8/8/4p3/4P3/3P4/4K3 w - - 0 1", "WEAK_UNOPPOSED_EG", 0), "d7 opposes d2");
    }

    @Test
    void pawnlessFlank() {
        // White's king on g1 (flank e-h) with pawns only on a-c; black's king on b8 (flank a-d) has a2 and b7.
        assertEquals(-1, count("1k6/1p6/8/8/8/8/P7/6K1 w - - 0 1", "PAWNLESS_FLANK_EG", 0));
        assertEquals(0, count("1k6/1p6/8/8/8/8/P5P1/6K1 w - - 0 1", "PAWNLESS_FLANK_MG", 0));
        // The h-file king's flank is f-h: an e-file pawn does not cover it.
        assertEquals(-1, count("1k6/1p6/8/8/8/8/P3P3/7K w - - 0 1", "PAWNLESS_FLANK_MG", 0));
    }

    @Test
    void flankAttacksCountOnceAndAgainWhenDoubled() {
        // White's king g1: flank e-h, camp ranks 1-5. Black's h7 queen attacks h5 h4 h3 h2 down the file and f5 e4 on
        // its diagonal there: 6 squares (white attacks nothing on black's a-c flank).
        assertEquals(-6, count("k7/7q/8/8/8/8/7P/6K1 w - - 0 1", "FLANK_ATTACK_MG", 0));
        // A d8 bishop adds g5 and attacks h4 a second time: 7 squares, one of them twice.
        assertEquals(-8, count("k2b4/7q/8/8/8/8/7P/6K1 w - - 0 1", "FLANK_ATTACK_MG", 0));
        // A rook behind the queen on the h-file adds nothing: attacks are direct.
        assertEquals(-6, count("k6r/7q/8/8/8/8/7P/6K1 w - - 0 1", "FLANK_ATTACK_MG", 0));
    }}
