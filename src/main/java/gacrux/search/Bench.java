package gacrux.search;

import gacrux.board.Position;

import java.util.List;
import java.util.function.Consumer;

/**
 * The bench: a fixed list of positions, each searched single-threaded to a fixed depth with a fresh
 * transposition table and fresh killers/history. No decision depends on the clock, so the total node count
 * is the same on every run and every machine: the search's fingerprint.
 */
public final class Bench {
    private Bench() {}

    public static final int DEFAULT_DEPTH = 11;
    public static final int TT_MB = 16;

    public static final List<String> POSITIONS = List.of(
            Position.START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r2q1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 9",
            "2r3k1/pp3ppp/2n1b3/q2pP3/3P4/P1PB1N2/5PPP/R2Q1RK1 b - - 0 18",
            "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2NB4/PPPQ2PP/2KR3R w - - 2 14",
            "8/8/1p2k1p1/3p3p/1p1P1P1P/1P2PK2/8/8 w - - 0 40",
            "6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 45",
            "2kr3r/pp1q1ppp/2n1bn2/2bpp3/4P3/2PP1N2/PPBN1PPP/R1BQR1K1 w - - 0 11",
            "3r1rk1/p4ppp/1qp1b3/2b1P3/2B5/2N2Q2/PP3PPP/R4RK1 w - - 0 17");

    public record Result(long nodes, long timeNs) {
        public long nps() { return nodes * 1_000_000_000L / Math.max(1, timeNs); }
    }

    public static Result run(int depth, Consumer<String> perPosition) {
        return run(depth, perPosition, () -> false);
    }

    /**
     * As {@link #run(int, Consumer)}, but stoppable: stop is polled by the search (through a per-position
     * control's node poll) and between positions. A stopped bench returns null: a partial count is no
     * fingerprint.
     */
    public static Result run(int depth, Consumer<String> perPosition, java.util.function.BooleanSupplier stop) {
        return run(depth, null, perPosition, stop);
    }

    /** As above, evaluating with net (null: the hand-crafted evaluation, the fingerprint's). */
    public static Result run(int depth, Nnue net, Consumer<String> perPosition, java.util.function.BooleanSupplier stop) {
        TranspositionTable tt = new TranspositionTable(TT_MB);
        Searcher searcher = new Searcher(tt, new Searcher.Config(true, true, 1, net));
        long total = 0, t0 = System.nanoTime();
        int i = 0;
        for (String fen : POSITIONS) {
            if (stop.getAsBoolean()) return null;
            tt.clear();
            searcher.clearHeuristics();
            Position p = Position.fromFen(fen);
            SearchLimits limits = SearchLimits.depth(depth);
            SearchControl control = new SearchControl(limits, new TimeManager(limits, p.sideToMove(), 0), stop);
            SearchResult r = searcher.think(p, new long[0], control, line -> { });
            if (control.stopped()) return null;
            total += r.nodes();
            perPosition.accept(String.format("position %2d: %10d nodes  bestmove %s  score %s",
                    ++i, r.nodes(), gacrux.board.Move.toUci(r.bestMove()), Score.uci(r.score())));
        }
        return new Result(total, System.nanoTime() - t0);
    }
}
