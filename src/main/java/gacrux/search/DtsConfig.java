package gacrux.search;

/**
 * The DTS tuning values and switches of one engine, passed in (not static fields): the engine uses
 * {@link #DEFAULT}; tests and {@code smpbench} tuning runs make their own. Read by the workers at the start of
 * every job, so one engine's configuration never leaks into another's.
 *
 * @param minSplitDepth      least remaining depth of a split node: below it a block costs more than it shares
 *                           (the thrashing of the paper's §3)
 * @param maxHelpersPerBlock most helpers attached to one block at once (default: no cap)
 * @param abandonAfterNanos  how long a stopped owner waits at Unsplit for a stalled helper before it leaves the
 *                           block to that helper (docs/reliability.md, the stop bound)
 * @param idleChooses        HELP as in the paper: the idle worker picks the split node over every busy worker's
 *                           path (off: it asks any busy worker, which splits at its own best node)
 * @param helpfulMaster      an owner waiting at Unsplit asks its helpers to split for it, and joins
 * @param freshBounds        a move at a block re-reads the block's alpha before each re-search
 * @param injector           fault injection (tests only; null in production): called once per Select
 */
public record DtsConfig(int minSplitDepth, int maxHelpersPerBlock, long abandonAfterNanos, boolean idleChooses,
                        boolean helpfulMaster, boolean freshBounds, Faults.Injector injector) {

    /**
     * No cap on helpers per block: at 16 and 32 simulated workers a cap of 4 (Crafty's) kept the root block, open
     * with tens of moves, to 5 workers, and lifting it gave 9-16% more speedup over 6 seeds at depth 12 and 3 at
     * depth 14, none lost at 8 (docs/benchmarks.md, "Where the idle time falls"). At 2-5 workers it never binds.
     */
    public static final int NO_HELPER_CAP = WorkerSlot.MAX_WORKERS - 1;

    public static final DtsConfig DEFAULT = new DtsConfig(4, NO_HELPER_CAP, 50_000_000L, true, true, true, null);

    public DtsConfig {
        if (minSplitDepth < 1) throw new IllegalArgumentException("minSplitDepth must be at least 1");
        if (maxHelpersPerBlock < 1) throw new IllegalArgumentException("maxHelpersPerBlock must be at least 1");
        if (abandonAfterNanos < 0) throw new IllegalArgumentException("abandonAfterNanos must be >= 0");
    }

    public DtsConfig withMinSplitDepth(int d) {
        return new DtsConfig(d, maxHelpersPerBlock, abandonAfterNanos, idleChooses, helpfulMaster, freshBounds, injector);
    }

    public DtsConfig withMaxHelpers(int h) {
        return new DtsConfig(minSplitDepth, h, abandonAfterNanos, idleChooses, helpfulMaster, freshBounds, injector);
    }

    public DtsConfig withAbandonAfterNanos(long ns) {
        return new DtsConfig(minSplitDepth, maxHelpersPerBlock, ns, idleChooses, helpfulMaster, freshBounds, injector);
    }

    public DtsConfig withIdleChooses(boolean on) {
        return new DtsConfig(minSplitDepth, maxHelpersPerBlock, abandonAfterNanos, on, helpfulMaster, freshBounds, injector);
    }

    public DtsConfig withHelpfulMaster(boolean on) {
        return new DtsConfig(minSplitDepth, maxHelpersPerBlock, abandonAfterNanos, idleChooses, on, freshBounds, injector);
    }

    public DtsConfig withFreshBounds(boolean on) {
        return new DtsConfig(minSplitDepth, maxHelpersPerBlock, abandonAfterNanos, idleChooses, helpfulMaster, on, injector);
    }

    public DtsConfig withInjector(Faults.Injector f) {
        return new DtsConfig(minSplitDepth, maxHelpersPerBlock, abandonAfterNanos, idleChooses, helpfulMaster, freshBounds, f);
    }
}
