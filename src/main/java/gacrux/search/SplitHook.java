package gacrux.search;

/**
 * The search's one window onto the parallel layer: who else is searching, where split blocks come from, and
 * the protocol records (messages) that each step leaves. Implemented by gacrux.dts (actors, messages); the
 * search itself knows nothing of actors. All methods are called from the searching thread and never block.
 *
 * <p>The per-node facts do not go through here: a worker reads its own {@link WorkerSlot} (split requests,
 * abort signals) and the blocks' atomics directly.
 */
public interface SplitHook {
    /** The DTS configuration of this engine. */
    DtsConfig config();

    /** Worker w's slot (w = this worker: its own). */
    WorkerSlot slot(int w);

    /** Worker w's searcher: its published path is read (racily) by idle workers choosing a split node. */
    Searcher searcher(int w);

    /** How many workers this engine has. */
    int workers();

    /** A free block of this worker's own part of the pool, or null when it is exhausted (then do not split). */
    SplitBlock acquire();

    /** Split: the block is open. Records SplitOffered and tells the idle workers that watch for open blocks. */
    void offered(SplitBlock block, int generation);

    /** Unsplit: the block is closed and back in the pool. */
    void unsplit(SplitBlock block, int generation);

    /** HELP: this worker is idle and looking for work (a record for the supervisor; nobody waits for it). */
    void help(boolean stale);

    /** Join: this worker attached to block, by hand-off, its own choice or a message (a record for the supervisor). */
    void joined(SplitBlock block, int generation);

    /** Merge: this helper left block (a record for the supervisor). */
    void merged(SplitBlock block, int generation);

    /** Abort: block failed high (or was aborted): every worker under it is signalled through its slot. */
    void signalAbort(SplitBlock block);

    /** The whole pool (idle workers look for open blocks with moves left). */
    SplitBlock[] pool();

    /** Bumped every time a block opens: an idle worker rescans the pool only when it moved. */
    int openVersion();

    /** Nodes of every worker of this search (for info lines and the node limit). */
    long totalNodes();

    /**
     * Nothing to do for now (idle, or an owner at Unsplit whose helpers still search): wait a little (spins counts
     * the calls of this wait). How to wait is the parallel layer's business: the real workers spin, then park
     * (an answer unparks them); the scaling simulator hands the processor to another worker and counts idle time.
     */
    default void pause(int spins) {
        // A short spin (a few microseconds), then parks in 20 us steps: on a loaded machine a spinning thread takes
        // a core from a searching one, and an answer unparks us anyway (the wake-up costs about 22 us here, median:
        // docs/benchmarks.md; a longer spin would trade CPU for part of that, not measured yet).
        if (spins < 100) Thread.onSpinWait();
        else java.util.concurrent.locks.LockSupport.parkNanos(20_000);
    }

    /**
     * The simulator's virtual time of this worker (0 on real hardware) and the latency of one hop between
     * workers in virtual nodes (0 on real hardware, where the hardware charges it): a request or answer written
     * at {@code now()} is seen by its reader from {@code now() + latency()} on.
     */
    default long now() { return 0; }

    default long latency() { return 0; }
}
