package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Searcher's evaluation cache returns exactly what Evaluator.evaluate does, hits and slot collisions included. */
class EvalCacheTest {
    @Test
    void cachedEvaluationEqualsTheEvaluatorOnRandomGames() {
        Searcher s = new Searcher(new TranspositionTable(1));
        SplittableRandom rnd = new SplittableRandom(7);
        int[] list = new int[MoveGen.MAX_MOVES];
        int positions = 0;
        // 400 random games of up to 120 plies: about 40,000 positions in a 32,768-slot cache, so slots are shared
        // by different positions; each is evaluated twice (the second a hit, unless another position took the slot).
        for (int g = 0; g < 400; g++) {
            Position p = Position.fromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
            for (int ply = 0; ply < 120; ply++) {
                int n = MoveGen.legal(p, list, 0);
                if (n == 0) break;
                int want = Evaluator.evaluate(p);
                assertEquals(want, s.evaluate(p, 0));
                assertEquals(want, s.evaluate(p, 0));
                positions++;
                Position next = new Position();
                next.copyFrom(p);
                next.makeMove(list[rnd.nextInt(n)]);
                p = next;
            }
        }
        assertTrue(positions > 32_768, "too few positions to share slots: " + positions);
    }
}
