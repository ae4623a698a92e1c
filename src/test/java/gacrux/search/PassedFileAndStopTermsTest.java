package gacrux.search;

import org.junit.jupiter.api.Test;

import static gacrux.search.PieceTermsTest.contributes;
import static gacrux.search.PieceTermsTest.count;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Two passed-pawn terms: a passer's file (its distance from the nearer edge, so that an outside passer counts as
 * such) and a stop square we attack (the square in front of an advanced passer, attacked by one of our pawns or pieces, so
 * that a blockader must first be exchanged off). Counted by the tuner's trace ({@link PieceTermsTest#count});
 * EvalTraceTest checks that Evaluator computes the same.
 */
class PassedFileAndStopTermsTest {

    @Test
    void evaluateCarriesEachTerm() {
        // The c5 and d5 passers are 2 and 3 files from the edge; the h6 rook attacks d6, the d5 passer's stop square.
        contributes("k7/8/8/2PP4/8/8/8/4K3 w - - 0 1", new String[] {"PASSED_FILE_MG", "PASSED_FILE_EG"}, 0);
        contributes("k7/8/7R/3P4/8/8/8/4K3 w - - 0 1", new String[] {"PASSED_DEFENDED_STOP_MG", "PASSED_DEFENDED_STOP_EG"}, 0);
    }

    @Test
    void passerFileIsTheDistanceFromTheNearerEdge() {
        assertEquals(0, count("k7/8/8/P7/8/8/8/4K3 w - - 0 1", "PASSED_FILE_MG", 0), "a-file");
        assertEquals(-1, count("k7/8/8/6P1/8/8/8/4K3 w - - 0 1", "PASSED_FILE_MG", 0), "g-file, subtracted");
        assertEquals(-3, count("k7/8/8/4P3/8/8/8/4K3 w - - 0 1", "PASSED_FILE_MG", 0), "e-file");
        assertEquals(2, count("k7/8/8/8/2p5/8/8/7K w - - 0 1", "PASSED_FILE_MG", 0), "a black c-file passer counts for black");
        assertEquals(0, count("k7/8/3p4/4P3/8/8/8/4K3 w - - 0 1", "PASSED_FILE_MG", 0), "neither pawn is passed");
    }

    @Test
    void defendedStopSquareCountsPerRank() {
        assertEquals(2, count("k7/8/7R/3P4/8/8/8/4K3 w - - 0 1", "PASSED_DEFENDED_STOP_MG", 0), "d5: (rank - 2) = 2, ranks from 0");
        assertEquals(0, count("k7/8/8/3P4/8/8/8/3RK3 w - - 0 1", "PASSED_DEFENDED_STOP_MG", 0),
                "a rook behind the passer sees the pawn, not its stop square");
        assertEquals(0, count("k7/8/8/3P4/8/8/8/4K3 w - - 0 1", "PASSED_DEFENDED_STOP_MG", 0), "nothing attacks d6");
        assertEquals(4, count("k7/3P1N2/8/8/8/8/8/4K3 w - - 0 1", "PASSED_DEFENDED_STOP_MG", 0), "the f7 knight holds d8");
        assertEquals(0, count("k7/8/8/8/7R/3P4/8/4K3 w - - 0 1", "PASSED_DEFENDED_STOP_MG", 0), "the 3rd rank does not count");
        assertEquals(-2, count("K7/8/8/8/4pk2/8/8/8 w - - 0 1", "PASSED_DEFENDED_STOP_MG", 0), "black's e4 passer, e3 held by its king");
    }
}
