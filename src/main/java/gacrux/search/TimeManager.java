package gacrux.search;

/**
 * Turns a go's clock into a soft limit (don't start another iteration past it) and a hard limit
 * (stop the search now). Ponder searches have no limits until {@link #ponderHit()} starts the clock.
 *
 * Concurrency: written by the UCI side only through ponderHit (a volatile start time and flag);
 * read by the thread that polls the clock.
 */
public final class TimeManager {
    /** Clock kept out of a timed move's plan: room for lags outside the search (scheduler, JIT, GC). */
    public static final long LAG_RESERVE_MS = 300;

    private final long softMs, hardMs;
    private final boolean timed;
    private volatile long startNs;
    private volatile boolean pondering;

    public TimeManager(SearchLimits l, int side, int moveOverheadMs) {
        this.startNs = System.nanoTime();
        this.pondering = l.ponder();
        if (l.movetime() > 0) {
            long t = Math.max(1, l.movetime() - moveOverheadMs);
            softMs = hardMs = t;
            timed = true;
        } else if (l.wtime() != 0 || l.btime() != 0) {
            long left = side == 0 ? l.wtime() : l.btime();
            long inc = Math.max(0, side == 0 ? l.winc() : l.binc());
            long avail = Math.max(1, left - moveOverheadMs);
            // The reserve is kept out of the plan: the clock settles where a move costs about the increment
            // (usable ~ 7.5 x inc with mtg 30), so without it that level sits near zero at bullet controls
            // and one 200 ms scheduler or JIT lag on a loaded machine forfeits the game (issue 8's soak).
            // Below the reserve an eighth of the clock is still planned, so moves get faster, not instant.
            long usable = Math.max(avail - LAG_RESERVE_MS, avail / 8);
            int mtg = l.movestogo() > 0 ? Math.min(l.movestogo(), 40) : 30;
            long soft = usable / mtg + inc * 3 / 4;
            long hard = Math.min((long) (usable * (mtg == 1 ? 0.75 : 0.35)), soft * 4);
            hardMs = Math.max(1, hard);
            softMs = Math.max(1, Math.min(soft, hardMs));
            timed = true;
        } else {
            softMs = hardMs = Long.MAX_VALUE;
            timed = false;
        }
    }

    public void ponderHit() {
        startNs = System.nanoTime();
        pondering = false;
    }

    public boolean pondering() { return pondering; }

    public long elapsedMs() { return (System.nanoTime() - startNs) / 1_000_000; }

    public boolean hardExpired() {
        return timed && !pondering && elapsedMs() >= hardMs;
    }

    /** At the end of an iteration: is another iteration unlikely to finish in time? */
    public boolean softExpired() {
        return timed && !pondering && elapsedMs() >= softMs / 2;
    }

    public long softMs() { return softMs; }
    public long hardMs() { return hardMs; }
}
