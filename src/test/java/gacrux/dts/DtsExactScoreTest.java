package gacrux.dts;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import gacrux.search.Searcher;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The strongest check of a parallel alpha-beta: with the TT off and no pruning that depends on search
 * history, the root score at a fixed depth is the minimax value, so DTS with any number of workers must
 * return exactly the serial score. Run on many positions with 2..8 workers (more workers than cores makes
 * races likelier).
 */
class DtsExactScoreTest {
    static final ActorTestKit kit = ActorTestKit.create();
    static final Searcher.Config EXACT = new Searcher.Config(false, false, 1);

    @AfterAll
    static void shutdown() { kit.shutdownTestKit(); }

    static List<Position> positions(int count, long seed) {
        Random rnd = new Random(seed);
        List<Position> out = new ArrayList<>();
        String[] starts = {Position.START_FEN,
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"};
        int[] moves = new int[MoveGen.MAX_MOVES];
        while (out.size() < count) {
            Position start = Position.fromFen(starts[rnd.nextInt(starts.length)]);
            Position p = StressSupport.randomWalk(start, rnd.nextInt(12), rnd);
            if (MoveGen.legal(p, moves, 0) > 0) out.add(p);
        }
        return out;
    }

    static int serialScore(Position p, int depth) {
        Searcher s = new Searcher(new TranspositionTable(1), EXACT);
        SearchLimits l = SearchLimits.depth(depth);
        return s.think(p, new long[0], new SearchControl(l, new TimeManager(l, 0, 0)), x -> { }).score();
    }

    @Test
    void parallelRootScoreEqualsSerialExactly() throws Exception {
        runExactComparison();
    }

    private void runExactComparison() throws Exception {
        List<Position> ps = positions(250, 42);
        DtsHarness[] harness = new DtsHarness[9];
        // Split down to 2 plies from the tips: many more blocks per search, so many more chances for a race.
        for (int t = 2; t <= 8; t++)
            harness[t] = new DtsHarness(kit, t, EXACT, gacrux.search.DtsConfig.DEFAULT.withMinSplitDepth(2), "exact-" + t);
        Random rnd = new Random(7);
        int runs = 0;
        long splits = 0;
        for (Position p : ps) {
            int depth = 4;
            int serial = serialScore(p, depth);
            for (int k = 0; k < 4; k++) {
                int t = 2 + rnd.nextInt(7);
                SearchResult r = harness[t].search(p, SearchLimits.depth(depth), null);
                assertEquals(serial, r.score(), "threads " + t + " fen " + p.toFen());
                assertTrue(MoveGen.isLegal(p, r.bestMove(), new int[MoveGen.MAX_MOVES]), Move.toUci(r.bestMove()));
                assertTrue(harness[t].poolDrained(), "blocks left in use after search, threads " + t);
                runs++;
            }
        }
        long helped = 0;
        for (int t = 2; t <= 8; t++) {
            splits += harness[t].dts.splits();
            helped += harness[t].dts.helperMoves();
        }
        assertEquals(1000, runs);
        assertTrue(splits > 1000, "the parallel search must actually split; splits = " + splits);
        // Splits alone prove nothing: the owner could search every move of its blocks itself.
        assertTrue(helped > 1000, "helpers must search moves at other workers' blocks; helper moves = " + helped);
    }
}
