package gacrux.uci;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.Position;
import gacrux.search.SearchLimits;
import org.junit.jupiter.api.Test;

/** A go's clock plan reads the game's move number from the position it searches (tmlate, docs/search.md). */
class SearchServiceClockTest {
    private static final String MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 ";

    private static long soft(int fullmove, int movestogo) {
        SearchLimits clock = SearchLimits.clock(3_000, 3_000, 50, 50, movestogo);
        return SearchService.clockPlan(Position.fromFen(MIDDLEGAME + fullmove), clock, 30).softMs();
    }

    @Test
    void aLaterMoveOfTheSameClockPlansMore() {
        assertTrue(soft(42, 0) > soft(10, 0) * 17 / 10, soft(42, 0) + " ms against " + soft(10, 0));
        assertEquals(soft(1, 0), soft(16, 0));
    }

    @Test
    void theGuisMovesToGoOverridesTheMoveNumber() {
        assertEquals(soft(10, 20), soft(42, 20));
    }
}
