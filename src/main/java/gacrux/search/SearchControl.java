package gacrux.search;

/**
 * What every searcher of one {@code go} shares: the stop flag and the limits. One instance per search.
 *
 * Concurrency: {@code stop} is a volatile flag, set by anyone (UCI stop, the clock, a limit reached), never
 * cleared; every searcher polls it at every node. Everything else is final.
 */
public final class SearchControl {
    private volatile boolean stop;
    public final SearchLimits limits;
    public final TimeManager time;

    /** An outside stop request polled with the clock (bench's stop); never null. */
    private final java.util.function.BooleanSupplier external;

    public SearchControl(SearchLimits limits, TimeManager time) {
        this(limits, time, null);
    }

    public SearchControl(SearchLimits limits, TimeManager time, java.util.function.BooleanSupplier external) {
        this.limits = limits;
        this.time = time;
        this.external = external;
    }

    public boolean stopped() { return stop; }

    /** Called with the clock check (every Searcher.POLL_MASK + 1 nodes): turns an outside stop request into the stop flag. */
    public void pollExternal() {
        if (external != null && external.getAsBoolean()) stop = true;
    }

    public void stop() {
        ProtocolTrace t = trace;
        if (t != null && !stop) t.record(ProtocolTrace.STOP, -1, null, -1, 0, -1, -1, null);
        stop = true;
    }

    /** The DTS protocol trace of this search, or null (off, the default). Set before the search starts. */
    private volatile ProtocolTrace trace;

    public ProtocolTrace trace() { return trace; }

    public SearchControl withTrace(ProtocolTrace trace) {
        this.trace = trace;
        return this;
    }

    /**
     * The best move and ponder move of the root's last completed iteration (0 before the first), one volatile
     * long so the pair is read whole: written by the root search only, read by the UCI side's stop watchdog,
     * which answers with it if the root worker itself is stalled (docs/reliability.md, "stop bound").
     */
    private volatile long bestSoFar;

    public void publishBest(int move, int ponder) { bestSoFar = ((long) move << 32) | (ponder & 0xffffffffL); }

    public int bestSoFar() { return (int) (bestSoFar >>> 32); }

    public int ponderSoFar() { return (int) bestSoFar; }

    /** Search with no limits at all, for tests and tools. */
    public static SearchControl unlimited() {
        SearchLimits l = SearchLimits.infiniteSearch();
        return new SearchControl(l, new TimeManager(l, 0, 0));
    }
}
