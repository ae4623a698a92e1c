package gacrux.search;

import org.junit.jupiter.api.Test;

import static gacrux.board.Piece.*;
import static gacrux.search.PieceTermsTest.contributes;
import static gacrux.search.PieceTermsTest.count;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The terms added for the ninth tuning run (shelter by file and rank, candidate passers, the minors' distance to
 * their king, a weak queen, bishops against rammed pawns, knight-on-queen squares, minors and rooks against
 * pawn-undefended pawns and minors): each is found where it applies
 * and not where it does not, identically by Evaluator and by the tuner's trace (written apart), colour-symmetrically
 * ({@link PieceTermsTest#count} checks the mirror), and evaluate() carries it.
 */
class SafetyAndStructureTermsTest {

    @Test
    void evaluateCarriesEachTerm() {
        // King e2 behind d3 and e3: two centre files (edge distance 3) with their pawn on the 3rd rank.
        contributes("rnbqkbnr/pppppppp/8/8/8/3PP3/PPP1KPPP/RNBQ1BNR w kq - 0 1", "SHELTER_MG", 3 * 8 + 2);
        contributes("4k3/8/1p4p1/8/1PP3PP/8/8/4K3 w - - 0 1", new String[] {"CANDIDATE_MG", "CANDIDATE_EG"}, 3);
        // Bishops (the twelfth run left the knight's distance at 0/0 in both phases).
        contributes("rnbqkbnr/pppppppp/B6B/8/8/8/PPPPPPPP/RN1QK1NR w KQkq - 0 1",
                new String[] {"KING_PROTECTOR_MG", "KING_PROTECTOR_EG"}, BISHOP);
        // The g4 bishop pins e2 against the queen.
        contributes("rn1qkbnr/ppp1pppp/8/3p4/6b1/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "WEAK_QUEEN_MG", 0);
        contributes("4k3/8/8/8/4p3/4P3/8/2B1K3 w - - 0 1", new String[] {"BISHOP_RAMMED_MG", "BISHOP_RAMMED_EG"}, 0);
        contributes("rnb1kbnr/pppppppp/8/8/3q4/8/PPPP2PP/RNBQKBNR w KQkq - 0 1", "KNIGHT_ON_QUEEN_MG", 0);
        contributes("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", new String[] {"THREAT_ROOK_MG", "THREAT_ROOK_EG"}, PAWN);
        // Pawns on both wings and white a pawn up: with one pawn each, complexity (eleventh run) holds this ending at 0.
        contributes("4k3/p4ppp/2n5/8/8/5B2/PP3PPP/4K3 w - - 0 1", new String[] {"THREAT_MINOR_MG", "THREAT_MINOR_EG"}, KNIGHT);
    }

    @Test
    void minorsAndRooksThreatenWhatNoPawnDefends() {
        assertEquals(1, count("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "THREAT_ROOK_MG", PAWN));
        // c6 defends d5.
        assertEquals(0, count("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "THREAT_ROOK_MG", PAWN));
        assertEquals(1, count("4k3/8/2n5/8/8/5B2/8/4K3 w - - 0 1", "THREAT_MINOR_MG", KNIGHT));
        assertEquals(0, count("4k3/1p6/2n5/8/8/5B2/8/4K3 w - - 0 1", "THREAT_MINOR_MG", KNIGHT));
        // A rook or queen counts whatever defends it (the older entries).
        assertEquals(1, count("4k3/1p6/2r5/8/8/5B2/8/4K3 w - - 0 1", "THREAT_MINOR_MG", ROOK));
    }

    @Test
    void shelterByTheFilesEdgeDistanceAndThePawnsRank() {
        // White king g1 behind f2 g2 h3: f (edge 2) rank 1, g (edge 1) rank 1, h (edge 0) rank 2. Black king g8, no pawns.
        String fen = "6k1/8/8/8/8/7P/5PP1/6K1 w - - 0 1";
        assertEquals(1, count(fen, "SHELTER_MG", 2 * 8 + 1));
        assertEquals(1, count(fen, "SHELTER_MG", 1 * 8 + 1));
        assertEquals(1, count(fen, "SHELTER_MG", 0 * 8 + 2));
        assertEquals(-1, count(fen, "SHELTER_MG", 1 * 8));
        // A pawn behind the king shelters nothing: king g3, pawn g2 counts as no pawn (black's a7 b7 shelter its a8 king).
        String behind = "k7/pp6/8/8/8/6K1/6P1/8 w - - 0 1";
        assertEquals(1, count(behind, "SHELTER_MG", 1 * 8));
        assertEquals(-1, count(behind, "SHELTER_MG", 1 * 8 + 1));
        assertEquals(0, count("k7/pp6/8/8/8/8/6P1/6K1 w - - 0 1", "SHELTER_MG", 1 * 8 + 1));
    }

    @Test
    void candidatePasserHasAsManyHelpersAsSentries() {
        // c4 with b4 beside it against b6: one helper, one sentry.
        assertEquals(1, count("4k3/8/1p6/8/1PP5/8/8/4K3 w - - 0 1", "CANDIDATE_MG", 3));
        // Without b4: no helper.
        assertEquals(0, count("4k3/8/1p6/8/2P5/8/8/4K3 w - - 0 1", "CANDIDATE_MG", 3));
        // A pawn in front on its own file: not a candidate (c6 blocks c4's file).
        assertEquals(0, count("4k3/8/1pp5/8/1PP5/8/8/4K3 w - - 0 1", "CANDIDATE_MG", 3));
        // A passed pawn is not also a candidate.
        assertEquals(0, count("4k3/8/8/8/2P5/8/8/4K3 w - - 0 1", "CANDIDATE_MG", 3));
    }

    @Test
    void minorsPayForTheirDistanceFromTheirKing() {
        assertEquals(-4, count("4k3/8/8/8/8/8/8/N3K3 w - - 0 1", "KING_PROTECTOR_MG", KNIGHT));
        assertEquals(-5, count("k7/8/8/7B/8/8/8/2K5 w - - 0 1", "KING_PROTECTOR_EG", BISHOP));
    }

    @Test
    void weakQueenHasOnePieceBetweenItAndASniper() {
        assertEquals(-1, count("3rk3/8/8/8/8/8/3N4/3QK3 w - - 0 1", "WEAK_QUEEN_MG", 0));
        // Attacked outright (nothing between): a threat, not this term; two pieces between: neither.
        assertEquals(0, count("3rk3/8/8/8/8/8/8/3QK3 w - - 0 1", "WEAK_QUEEN_MG", 0));
        assertEquals(0, count("3rk3/8/8/8/3P4/8/3N4/3QK3 w - - 0 1", "WEAK_QUEEN_MG", 0));
        // A bishop behind a pawn on the diagonal; a rook on a diagonal is no sniper.
        assertEquals(-1, count("4k3/8/8/8/8/5b2/4P3/3QK3 w - - 0 1", "WEAK_QUEEN_MG", 0));
        assertEquals(0, count("4k3/8/8/8/8/5r2/4P3/3QK3 w - - 0 1", "WEAK_QUEEN_MG", 0));
    }

    @Test
    void bishopCountsItsRammedPawnsOfItsColour() {
        // Bishop c1 (dark), pawn e3 (dark) blocked by e4.
        assertEquals(-1, count("4k3/8/8/8/4p3/4P3/8/2B1K3 w - - 0 1", "BISHOP_RAMMED_EG", 0));
        assertEquals(0, count("4k3/8/8/8/8/4P3/8/2B1K3 w - - 0 1", "BISHOP_RAMMED_EG", 0));
        // Pawn d3 (light) blocked by d4: not the dark bishop's colour.
        assertEquals(0, count("4k3/8/8/8/3p4/3P4/8/2B1K3 w - - 0 1", "BISHOP_RAMMED_EG", 0));
    }

    @Test
    void knightOnQueenCountsSafeSquares() {
        // Knight g1 reaches e2 and f3, both a knight's jump from the queen on d4, neither guarded by black.
        assertEquals(2, count("4k3/8/8/8/3q4/8/8/4K1N1 w - - 0 1", "KNIGHT_ON_QUEEN_MG", 0));
        // d3 guards e2.
        assertEquals(1, count("4k3/8/8/8/3q4/3p4/8/4K1N1 w - - 0 1", "KNIGHT_ON_QUEEN_MG", 0));
        // Two queens: not counted.
        assertEquals(0, count("4k3/8/8/8/3q4/8/8/q3K1N1 w - - 0 1", "KNIGHT_ON_QUEEN_MG", 0));
    }
}
