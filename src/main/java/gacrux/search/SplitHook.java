package gacrux.search;

/**
 * The one narrow question the search asks the parallel layer: is help wanted, and if I split, who takes
 * the block? Implemented by gacrux.dts (actors, messages); the search itself knows nothing of actors.
 * All methods are called from the searching thread and must not block.
 */
public interface SplitHook {
    /** HELP, as the busy worker sees it: polled at every node, so one volatile read. */
    boolean helpWanted();

    /** Claims up to max idle workers for a split; 0 means none (another worker was faster). */
    int claimHelpers(int max);

    /** A free block from the pool, or null when the pool is exhausted (then do not split). */
    SplitBlock acquire();

    /** Split: the block is open; tell the supervisor so it sends Join to the claimed helpers. */
    void offered(SplitBlock block, int generation, int claimed);

    /** Unsplit: the block is closed and back in the pool. */
    void unsplit(SplitBlock block, int generation);

    /** Blocks that are open right now (the owner's "helpful master" looks among them for work below its own). */
    SplitBlock[] pool();

    /** Nodes of every worker of this search (for info lines and the node limit). */
    long totalNodes();

    /**
     * An owner at Unsplit has nothing to help with until a helper Merges: wait a little (spins counts the calls
     * of this wait). How to wait is the parallel layer's business: the real workers spin, then park; the
     * scaling simulator hands the processor to another worker and counts an idle quantum.
     */
    default void pause(int spins) {
        if (spins < 100) Thread.onSpinWait();
        else java.util.concurrent.locks.LockSupport.parkNanos(20_000);
    }
}
