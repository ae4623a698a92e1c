package gacrux.search;

import gacrux.board.Position;

import java.util.function.BooleanSupplier;

/**
 * The JIT warm-up a fresh engine process runs before its first {@code readyok} (docs/startup.md, "JIT warm-up").
 *
 * <p>Why: a cold JVM interprets the search, then compiles it with C1, and only once the profiles are rich enough
 * with C2; each compiled method is thrown away again when a branch its profile never saw is taken (an uncommon
 * trap). A match starts its first game within milliseconds of {@code readyok}, so the process's first moves were
 * searched by that slow engine, on the game's clock: at 1+0.01 with four engines on two cores a process's first
 * games reached depth 3-5 where later ones reached 9-10, and three of 60 games were lost on time in exactly those
 * moves (docs/strength.md, tmfront's gate). A GUI's clock does not run before {@code go}, so the searches that
 * make the JIT compile the search are better run before {@code readyok}.
 *
 * <p>What: timed searches of the bench positions, one after the other, each with a bullet clock
 * ({@link #CLOCK_MS} + {@link #INC_MS}), so the compiled code is profiled on what a game's moves run: iterative
 * deepening stopped by the soft and hard limits, the clock polled, the aspiration loop, every pruning rule.
 * Everything is its own: a small transposition table and a fresh {@link Searcher} with its own history, so
 * nothing of it remains but compiled code (the engine's table, history and the bench's node counts are
 * untouched; {@code WarmUpTest}).
 */
public final class WarmUp {
    private WarmUp() {}

    /** The engine's default budget, in wall milliseconds (Main's {@code --warm-up MS}; 0 turns it off). */
    public static final long DEFAULT_MS = 1000;
    /** Each search's clock: {@code go wtime 1000 winc 10}, a bullet move (soft about 35 ms, hard 140). */
    static final long CLOCK_MS = 1000, INC_MS = 10;
    /** The warm-up's own table: large enough for its searches, small enough to clear in no time. */
    static final int TT_MB = 4;

    /** What a warm-up did: searches started, nodes searched, wall milliseconds. */
    public record Result(int searches, long nodes, long ms) {}

    /**
     * Searches until budgetMs of wall time have passed or stop says so (polled between searches and, through the
     * search's own poll, within them). Never throws: a warm-up that fails has only failed to warm.
     */
    public static Result run(long budgetMs, BooleanSupplier stop) {
        long t0 = System.nanoTime();
        BooleanSupplier over = () -> stop.getAsBoolean() || System.nanoTime() - t0 >= budgetMs * 1_000_000L;
        int searches = 0;
        long nodes = 0;
        try {
            TranspositionTable tt = new TranspositionTable(TT_MB);
            Searcher searcher = new Searcher(tt, new Searcher.Config(true, true, 1, null));
            SearchLimits limits = SearchLimits.clock(CLOCK_MS, CLOCK_MS, INC_MS, INC_MS, 0);
            while (!over.getAsBoolean()) {
                Position p = Position.fromFen(Bench.POSITIONS.get(searches++ % Bench.POSITIONS.size()));
                SearchControl control = new SearchControl(limits, new TimeManager(limits, p.sideToMove(), 0), over);
                nodes += searcher.think(p, new long[0], control, line -> { }).nodes();
            }
        } catch (Throwable t) {
            org.slf4j.LoggerFactory.getLogger(WarmUp.class).warn("JIT warm-up failed (the engine plays on, cold)", t);
        }
        return new Result(searches, nodes, (System.nanoTime() - t0) / 1_000_000);
    }
}
