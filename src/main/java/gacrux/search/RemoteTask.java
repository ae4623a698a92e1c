package gacrux.search;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * One move handed to another machine, as its owner sees it. The state moves once, by CAS, from OUT to DONE (a
 * result arrived), FAILED (its node was lost or never acknowledged: the owner searches the move itself) or
 * ABORTED (the owner no longer wants it). Whoever loses the CAS is dropped: a result that arrives after its task
 * was failed and searched again is never merged (as a stale Join to a reused block fails its attach).
 */
public final class RemoteTask {
    public static final int OUT = 0, DONE = 1, FAILED = 2, ABORTED = 3;

    public final long id;
    /** The owner's ply and move (the task's node is the child after move). */
    public final int ply, move;
    /** Where it went (for logs and stats). */
    public final String node;
    /**
     * The owner's alpha when it handed the move out (its side's view; the task is a scout, a null window there).
     * Written by the owner right after submit, read only by the owner (RemoteSplit.merge).
     */
    public int alpha;
    private final AtomicInteger state = new AtomicInteger(OUT);
    // Written before the DONE CAS, read by the owner after it saw DONE (the CAS publishes them).
    private int score;
    private int[] pv = new int[0];
    private long nodes;
    /** When the task was failed (System.nanoTime()), for the time from a node's loss to the local re-search. */
    private volatile long failedAt;

    public RemoteTask(long id, int ply, int move, String node) {
        this.id = id;
        this.ply = ply;
        this.move = move;
        this.node = node;
    }

    public int state() { return state.get(); }

    /** A result: score and pv from the task node's side. False when the task was no longer OUT (dropped). */
    public boolean complete(int score, int[] pv, long nodes) {
        if (state.get() != OUT) return false;
        this.score = score;
        this.pv = pv;
        this.nodes = nodes;
        return state.compareAndSet(OUT, DONE);
    }

    /** Its node is lost: the owner searches the move itself. False when it was already done or aborted. */
    public boolean fail() {
        failedAt = System.nanoTime();
        return state.compareAndSet(OUT, FAILED);
    }

    public boolean abort() { return state.compareAndSet(OUT, ABORTED); }

    public int score() { return score; }
    public int[] pv() { return pv; }
    public long nodes() { return nodes; }
    public long failedAt() { return failedAt; }

    @Override
    public String toString() { return "task " + id + " (ply " + ply + ") on " + node + " state " + state.get(); }
}
