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

    public SearchControl(SearchLimits limits, TimeManager time) {
        this.limits = limits;
        this.time = time;
    }

    public boolean stopped() { return stop; }

    public void stop() { stop = true; }

    /** Search with no limits at all, for tests and tools. */
    public static SearchControl unlimited() {
        SearchLimits l = SearchLimits.infiniteSearch();
        return new SearchControl(l, new TimeManager(l, 0, 0));
    }
}
