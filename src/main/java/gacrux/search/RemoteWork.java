package gacrux.search;

import gacrux.board.Position;

/**
 * The search's window onto other machines (issue 14, docs/cluster.md): the second level of the parallel search,
 * distributed Young Brothers Wait above the local DTS. At the root (and, with {@link #belowRoot()}, at deeper
 * nodes of its own path) with remaining depth &ge; {@link #minDepth()}, after the first move, the root worker hands
 * single moves to idle remote nodes as scouts (a null window at its alpha) and goes on with the others; it merges
 * each result like a move it searched itself, searches a move again itself when its scout failed high below beta or
 * its node was lost, and aborts the outstanding ones on a cutoff. Implemented by gacrux.cluster; the search knows nothing of actors or the
 * wire. Called only from the searching thread, and never blocks.
 */
public interface RemoteWork {
    /** The least remaining depth of a node whose moves may go to another machine (a remote task must be worth a round trip). */
    int minDepth();

    /**
     * Whether moves of nodes below the root may go out too (the root worker's own path, after each node's first
     * move). Off by default: the scaling simulator measured it slower at every machine and worker count tried, since
     * a frame with moves out may no longer be split locally and its owner waits for them (docs/benchmarks.md).
     */
    default boolean belowRoot() { return false; }

    /** Whether some remote node is idle right now (a racy hint; {@link #submit} decides). */
    boolean idle();

    /**
     * Sends the child node of spec to an idle remote node; null when none took it (the move stays local).
     * ply and move are the owner's, kept in the returned task for the merge.
     */
    RemoteTask submit(Spec spec, int ply, int move);

    /** The owner no longer wants t (cutoff, stop): tell its node to stop; whatever it answers is dropped. */
    void abort(RemoteTask t);

    /**
     * The owner has searched all its local moves at a node and waits for remote ones (waits: how many times in a
     * row). A real cluster spins briefly, then parks; the scaling simulator gives the simulated processor up.
     */
    default void await(int waits) {
        if (waits < 100) Thread.onSpinWait();
        else java.util.concurrent.locks.LockSupport.parkNanos(50_000);
    }

    /**
     * What a remote node needs to search one child node exactly as the owner would have: the root position (not a
     * copied board) and the move path to the node, the game's keys before the root (repetition), the iteration's
     * depth (the check extension depends on it), and the node's depth, window (its own side's view) and type.
     */
    record Spec(Position root, long[] gameKeys, int[] path, int rootDepth, int depth, int alpha, int beta,
                int nodeType, boolean useTT, boolean pruning) {}
}
