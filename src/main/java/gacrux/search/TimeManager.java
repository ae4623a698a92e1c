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
    /** Moves the clock is shared over when the GUI sends no movestogo (sudden death, increment), up to move 16. */
    static final int DEFAULT_MOVES_TO_GO = 25;
    /** The late plan: from move LATE_FROM on, one move fewer every 2 moves, down to LATE_MOVES_TO_GO. */
    static final int LATE_MOVES_TO_GO = 12, LATE_FROM = 16;

    /**
     * After move 16 the clock is shared over one move fewer every 2 moves, down to 12 from move 42. With a fixed 25
     * the clock drains geometrically: 5+0.05 games spent 0.108 / 0.091 / 0.080 s a move in moves 21-30 / 31-40 /
     * 41-50 (tmlate's SPRT, the fixed plan's side) and ended with 1.3-2.3 s of the 5 unused (the Ethereal 12
     * gauntlet), where self-play showed the moves worth the clock are 20-50 (a front-loaded plan, tmfront5, lost
     * -36). This plan keeps the opening's share and spends the clock that was left over there: +15 / +26 / +18 % in
     * those bands in the same games (docs/strength.md). The clock still tends to the level where a move costs about
     * the increment, a lower one (modelled at 1+0.01: lowest clock 412 ms instead of 503, the reserve 300).
     */
    static int movesToGo(int fullmove) {
        if (fullmove <= LATE_FROM) return DEFAULT_MOVES_TO_GO;
        return Math.max(LATE_MOVES_TO_GO, DEFAULT_MOVES_TO_GO - (fullmove - LATE_FROM) / 2);
    }

    /** Share of the soft limit after which no new iteration starts, before the stability scaling. */
    static final double ITERATION_SHARE = 0.6;

    private final long softMs, hardMs;
    private final boolean timed;
    /** go movetime: UCI's "search exactly x mseconds", so the search runs to the hard limit, no soft stop. */
    private final boolean fixedTime;
    private volatile long startNs;
    private volatile boolean pondering;

    /** A clock plan with the move number unknown (tools, tests): shared over DEFAULT_MOVES_TO_GO moves. */
    public TimeManager(SearchLimits l, int side, int moveOverheadMs) {
        this(l, side, moveOverheadMs, 1);
    }

    /** fullmove: the game's move number at the root (Position.fullmoveNumber), which sets the share of the clock. */
    public TimeManager(SearchLimits l, int side, int moveOverheadMs, int fullmove) {
        this.startNs = System.nanoTime();
        this.pondering = l.ponder();
        if (l.movetime() > 0) {
            long t = Math.max(1, l.movetime() - moveOverheadMs);
            softMs = hardMs = t;
            timed = true;
            fixedTime = true;
        } else if (l.wtime() != 0 || l.btime() != 0) {
            long left = side == 0 ? l.wtime() : l.btime();
            long inc = Math.max(0, side == 0 ? l.winc() : l.binc());
            long avail = Math.max(1, left - moveOverheadMs);
            // The reserve is kept out of the plan: the clock settles where a move costs about the increment
            // (usable ~ 7.5 x inc with mtg 30), so without it that level sits near zero at bullet controls
            // and one 200 ms scheduler or JIT lag on a loaded machine forfeits the game (issue 8's soak).
            // Below the reserve an eighth of the clock is still planned, so moves get faster, not instant.
            long usable = Math.max(avail - LAG_RESERVE_MS, avail / 8);
            int mtg = l.movestogo() > 0 ? Math.min(l.movestogo(), 40) : movesToGo(fullmove);
            long soft = usable / mtg + inc * 3 / 4;
            long hard = Math.min((long) (usable * (mtg == 1 ? 0.75 : 0.35)), soft * 4);
            hardMs = Math.max(1, hard);
            softMs = Math.max(1, Math.min(soft, hardMs));
            timed = true;
            fixedTime = false;
        } else {
            softMs = hardMs = Long.MAX_VALUE;
            timed = false;
            fixedTime = false;
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

    /** At the end of an iteration: is another iteration unlikely to finish in time? (unscaled) */
    public boolean softExpired() {
        return softExpired(1.0);
    }

    /**
     * At the end of an iteration, with the search's own judgement of how settled it is: {@code scale} > 1
     * (best move just changed, score falling) lets the next iteration start later, < 1 stops sooner.
     * Never past the hard limit, which the search polls anyway. Never under go movetime: that time is the move's,
     * to be used to the end (the hard limit stops it), not a budget to save from.
     */
    public boolean softExpired(double scale) {
        return timed && !fixedTime && !pondering && elapsedMs() >= Math.min(hardMs, softMs * ITERATION_SHARE * scale);
    }

    /**
     * How much longer than usual an unsettled search may keep iterating: the best move unchanged over more
     * iterations spends less (1.25 down to 0.75 after ten), a score that fell since the last iteration spends
     * more (up to 1.5 times for a drop of 100 cp), a rising one a little less (down to 0.85).
     * Pure, so each worker's iterative deepening keeps its own counts (no shared state between lazy helpers).
     */
    public static double stabilityScale(int stableIterations, int scoreDrop) {
        double stability = 1.25 - 0.05 * Math.min(10, Math.max(0, stableIterations));
        double drop = Math.max(0.85, Math.min(1.5, 1.0 + scoreDrop / 200.0));
        return stability * drop;
    }

    public long softMs() { return softMs; }
    public long hardMs() { return hardMs; }
}
