package gacrux.search;

import gacrux.board.Position;
import org.junit.jupiter.api.Test;

import static gacrux.board.Piece.*;
import static gacrux.search.PieceTermsTest.contributes;
import static gacrux.search.PieceTermsTest.count;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The terms added for the eighth tuning run (connected pawns by rank, a bishop on a long diagonal, weak pawns, space):
 * each is found where it applies and not where it does not, identically by Evaluator and by the tuner's trace
 * (written apart), colour-symmetrically ({@link PieceTermsTest#count} checks the mirror), and evaluate() carries it.
 */
class CentreAndPawnTermsTest {

    /** The French advance after 3.e5: white's chain d4-e5 against black's d5-e6, all pieces on the board. */
    static final String FRENCH = "rnbqkbnr/ppp2ppp/4p3/3pP3/3P4/8/PPP2PPP/RNBQKBNR b KQkq - 0 3";

    @Test
    void evaluateCarriesEachTerm() {
        contributes("4k3/8/3PP3/8/8/8/8/4K3 w - - 0 1", new String[] {"CONNECTED_MG", "CONNECTED_EG"}, 5);
        contributes("rnbqkbnr/pppppppp/8/8/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 1", "BISHOP_LONG_DIAGONAL_MG", 0);
        contributes("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", new String[] {"WEAK_PAWN_MG", "WEAK_PAWN_EG"}, 0);
        contributes(FRENCH, "SPACE_MG", 0);
    }

    @Test
    void connectedPawnsByTheirRelativeRank() {
        // d6 and e6 side by side: two connected pawns on the 6th rank (relative rank 5).
        assertEquals(2, count("4k3/8/3PP3/8/8/8/8/4K3 w - - 0 1", "CONNECTED_MG", 5));
        // e4 guards d5: d5 is connected (rank index 4), e4 is neither supported nor beside a pawn.
        assertEquals(1, count("4k3/8/8/3P4/4P3/8/8/4K3 w - - 0 1", "CONNECTED_MG", 4));
        assertEquals(0, count("4k3/8/8/3P4/4P3/8/8/4K3 w - - 0 1", "CONNECTED_MG", 3));
        // Two files apart: not connected.
        assertEquals(0, count("4k3/8/8/8/3P1P2/8/8/4K3 w - - 0 1", "CONNECTED_MG", 3));
    }

    @Test
    void bishopOnALongDiagonalSeesTheCentreThroughThePawns() {
        assertEquals(1, count("rnbqkbnr/pppppppp/8/8/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 1", "BISHOP_LONG_DIAGONAL_MG", 0));
        // Its own pawn on f3 blocks it.
        assertEquals(0, count("rnbqkbnr/pppppppp/8/8/8/5PP1/PPPPP1BP/RNBQK1NR w KQkq - 0 1", "BISHOP_LONG_DIAGONAL_MG", 0));
        // A piece does not block it (pawns only): the knight on f3.
        assertEquals(1, count("rnbqkbnr/pppppppp/8/8/8/5NP1/PPPPPPBP/RNBQK2R w KQkq - 0 1", "BISHOP_LONG_DIAGONAL_MG", 0));
        // c4 sees d5 but is not on a long diagonal.
        assertEquals(0, count("rnbqkbnr/pppppppp/8/8/2B5/4P3/PPPP1PPP/RNBQK1NR w KQkq - 0 1", "BISHOP_LONG_DIAGONAL_MG", 0));
    }

    @Test
    void weakPawnIsAttackedAndWhollyUndefended() {
        assertEquals(1, count("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "WEAK_PAWN_MG", 0));
        // c6 guards d5.
        assertEquals(0, count("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "WEAK_PAWN_MG", 0));
        // A knight on f6 guards d5 too: a piece defends as well as a pawn.
        assertEquals(0, count("4k3/8/5n2/3p4/8/8/8/3RK3 w - - 0 1", "WEAK_PAWN_MG", 0));
    }

    @Test
    void spaceCountsSafeCentreSquaresWeightedByPieces() {
        Position p = Position.fromFen(FRENCH);
        long w = p.pieces(WHITE, PAWN), b = p.pieces(BLACK, PAWN);
        long wAtt = ((w & ~0x0101010101010101L) << 7) | ((w & ~0x8080808080808080L) << 9);
        long bAtt = ((b & ~0x0101010101010101L) >>> 9) | ((b & ~0x8080808080808080L) >>> 7);
        // White: d2 e2 c3 d3 e3 f3 f4 safe (c4 and e4 are hit by d5, c2 f2 d4 are its pawns), d2 d3 e2 e3 behind
        // its pawns and unattacked: 11; 16 pieces - 3 + 2 blocked pawns = 15, squared 225.
        assertEquals(11 * 225, Evaluator.space(p, WHITE, w, b, bAtt, 0));
        // Black: d7 e7 c6 f5 safe (c5 e5 d6 f6 are hit by white's pawns), d7 e7 behind its pawns: 6 x 225.
        assertEquals(6 * 225, Evaluator.space(p, BLACK, b, w, wAtt, 0));
        assertEquals((11 * 225 - 6 * 225) / 64.0, count(FRENCH, "SPACE_MG", 0), 1e-9);
        // With the queens and rooks off (non-pawn material below three quarters of the start's) it does not count.
        assertEquals(0, count("1nb1kbn1/ppp2ppp/4p3/3pP3/3P4/8/PPP2PPP/1NB1KBN1 b - - 0 3", "SPACE_MG", 0));
    }
}
