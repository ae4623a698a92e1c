package gacrux.search;

import gacrux.board.MoveGen;
import gacrux.board.Position;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A DTS split block (Hyatt, "The DTS high-performance parallel tree search algorithm", §2.4): one node of a
 * busy worker's tree made shareable, so idle workers can search its remaining moves. Blocks are made once,
 * in a pool, and recycled; the generation number tells a live block from a recycled one.
 *
 * Who writes what (the concurrency discipline of every field):
 * <ul>
 * <li>position, keys, moves, depth, ply, nodeType, beta, alpha0, path, parent, control, owner: written by
 *     the owner while the block is closed, published by the volatile write of {@link #state} that opens it;
 *     read-only while open.</li>
 * <li>{@link #next}: Select. Anyone, one atomic increment per claimed move; a move index is claimed once.</li>
 * <li>{@link #best}: Share. Anyone, CAS on (score, move) packed in one long; alpha is max(alpha0, best).</li>
 * <li>pv/pvLength: written by the thread whose Share won, under the block's monitor (once per improvement,
 *     not per node); read by the owner after Unsplit.</li>
 * <li>{@link #aborted}: set once (fail high at this block, or stop), never cleared while open.</li>
 * <li>{@link #state}: generation | open bit | helper count, changed only by CAS: attach (Join), detach
 *     (Merge), close (Unsplit), so a helper can never attach to a block that has been closed or reused.</li>
 * <li>{@link #members}: one bit per worker that took part in this generation (owner at open, each helper at
 *     attach; never cleared while open): who to signal when the block is aborted. OR by CAS.</li>
 * </ul>
 */
public final class SplitBlock {
    private static final long OPEN = 1L << 16;
    private static final long COUNT_MASK = 0xFFFFL;

    public final int id;
    public final Position position = new Position();
    public final long[] keys = new long[2048 + Score.MAX_PLY + 8];
    public int keyCount;
    public int rootKeyIndex;
    public final int[] moves = new int[MoveGen.MAX_MOVES];
    public int moveCount;
    /** Moves searched at this node before the split (for LMR move numbering). */
    public int searchedBefore;
    public int depth, ply, nodeType, beta, alpha0, staticEval;
    /** The iteration's depth at the root (the check-extension cap depends on it). */
    public int rootDepth;
    public boolean inCheck;
    /** The owner's improving flag at the split node, and its static evaluation one ply up. */
    public boolean improving;
    /** The owner's node has a capture (or promotion) as its hash move: quiet moves are reduced one ply more. */
    public boolean ttCapture;
    /** The owner's node is or was on a principal variation (Searcher.ttPvAt): late quiet moves reduced one ply less. */
    public boolean ttPv;
    public int staticEvalUp1;
    /** The owner's evaluation for the pruning rules at the split node (Searcher.evalAt: corrected by the hash bound). */
    public int pruneEval;
    public final int[] path = new int[Score.MAX_PLY + 8];
    /**
     * The owner's killer moves at the plies below the split (two per ply, indexed 2·ply, 2·ply+1), copied at the
     * Split: a helper starts its subtree with them instead of its own killers from elsewhere in the tree
     * (Crafty does the same). Written by the owner before open(), read by helpers after attach().
     */
    public final int[] killers = new int[2 * (Score.MAX_PLY + 8)];
    public int pathLength;
    /** The innermost block above this one in the tree (abort propagates down this chain). */
    public SplitBlock parent;
    public SearchControl control;
    public int owner;

    /** Perft through the same machinery: the block counts leaves instead of backing up a score. */
    public boolean perft;
    /** Perft: leaves counted below the block's moves by everyone who Selected them (summed, not maxed). */
    public final AtomicLong perftCount = new AtomicLong();

    public final AtomicInteger next = new AtomicInteger();
    public final AtomicLong best = new AtomicLong();
    public volatile boolean aborted;
    /**
     * The waste count (Searcher.finishedAfterCutNodes): nodes of each move searched to its end here, written by the
     * worker that Selected it before it Shares; the index of the first move, in the serial order, that failed high
     * (MAX_VALUE: none). Read by the owner once the last helper has Merged (the close's CAS orders them).
     */
    final long[] moveNodes = new long[MoveGen.MAX_MOVES];
    final AtomicInteger firstFailHigh = new AtomicInteger(Integer.MAX_VALUE);
    /**
     * The workers that took part in this generation, a bit each (workers 63 and above share bit 63): the ones
     * an abort signals. Set by the owner at open and by each helper at attach, after its CAS; the helper then
     * reads the chain's abort flags once (Select), the aborter writes the flag and then reads this: one of the
     * two sees the other (both are volatile), so no helper misses an abort.
     */
    public final AtomicLong members = new AtomicLong();
    /**
     * The owner stopped waiting for its helpers (stop, or its own failure) and left while some were still
     * attached: the last helper to Merge closes the block and returns it to the pool (see {@link #detach}).
     * Set once per generation, only with {@link #aborted}; reset by {@link #prepare}.
     */
    volatile boolean abandoned;
    /** generation << 17 | open << 16 | helpers. */
    public final AtomicLong state = new AtomicLong();
    final int[] pv = new int[Score.MAX_PLY + 8];
    int pvLength;

    public SplitBlock(int id) {
        this.id = id;
    }

    public static long pack(int score, int move) {
        return ((long) (score + 65536) << 32) | (move & 0xFFFFFFFFL);
    }

    public static int score(long packed) { return (int) (packed >>> 32) - 65536; }
    public static int move(long packed) { return (int) packed; }

    public int generation() { return (int) (state.get() >>> 17); }
    public boolean isOpen() { return (state.get() & OPEN) != 0; }
    public int helpers() { return (int) (state.get() & COUNT_MASK); }

    /** Select: claims the next unsearched move; -1 when none is left. */
    public int select() {
        int i = next.getAndIncrement();
        return i < moveCount ? i : -1;
    }

    public boolean hasMovesLeft() { return next.get() < moveCount; }

    public int alpha() { return Math.max(alpha0, score(best.get())); }

    /**
     * Share: publishes a searched move's score if it improves the block's best. Returns true when it did.
     * A score at or above beta aborts the block: everyone below it stops at their next node.
     */
    public boolean share(int score, int move, int[] childPv, int childPvLength) {
        long mine = pack(score, move);
        while (true) {
            long cur = best.get();
            if (score <= score(cur)) return false;
            if (best.compareAndSet(cur, mine)) break;
        }
        synchronized (this) {
            if (best.get() == mine) {
                pv[0] = move;
                System.arraycopy(childPv, 0, pv, 1, childPvLength);
                pvLength = childPvLength + 1;
            }
        }
        if (score >= beta) aborted = true;
        return true;
    }

    /** The chain of blocks from this one up: is any of them aborted? */
    public boolean chainAborted() {
        for (SplitBlock b = this; b != null; b = b.parent) if (b.aborted) return true;
        return false;
    }

    /** Bounded walk: another worker's blocks may be recycled while we read their links. */
    private static final int MAX_CHAIN = 256;

    /** This block or one above it aborted; bounded, as attach may read a chain being recycled. */
    private boolean chainAbortedBounded() {
        int steps = 0;
        for (SplitBlock b = this; b != null && steps < MAX_CHAIN; b = b.parent, steps++) if (b.aborted) return true;
        return false;
    }

    /** Is `ancestor` this block or above it? */
    public boolean under(SplitBlock ancestor) {
        int steps = 0;
        for (SplitBlock b = this; b != null && steps < MAX_CHAIN; b = b.parent, steps++) if (b == ancestor) return true;
        return false;
    }

    // ---- state transitions (CAS only) ----

    /** Owner, before filling: the block must be closed and free. Fields may then be written. */
    void prepare(int bestScore, int bestMove) {
        next.set(0);
        perftCount.set(0);
        members.set(0);
        best.set(pack(bestScore, bestMove));
        aborted = false;
        abandoned = false;
        pvLength = 0;
        java.util.Arrays.fill(moveNodes, 0);
        firstFailHigh.set(Integer.MAX_VALUE);
    }

    /** Owner: opens the block with the owner counted as a participant. Returns the new generation. */
    int open() {
        members.set(bit(owner));
        long s = state.get();
        int gen = (int) (s >>> 17) + 1;
        state.set(((long) gen << 17) | OPEN);
        return gen;
    }

    static long bit(int worker) { return 1L << Math.min(worker, 63); }

    /** Join, with no cap on the helpers (tests). */
    public boolean attach(int generation) { return attach(generation, 63, Integer.MAX_VALUE); }

    /**
     * Join: a helper attaches if the block is still open, of that generation, with moves left, fewer than
     * maxHelpers helpers, and neither it nor a block above it is aborted.
     */
    public boolean attach(int generation, int worker, int maxHelpers) {
        while (true) {
            long s = state.get();
            // The whole chain, not only this block: below a block that failed high (or was abandoned) the owner
            // has stopped selecting and waits at Unsplit; helpers re-attaching there (and selecting nothing, as
            // they see the abort at once) could keep the helper count from ever reaching 0: a livelock.
            if ((s & OPEN) == 0 || (int) (s >>> 17) != generation || !hasMovesLeft() || chainAbortedBounded()
                    || (s & COUNT_MASK) >= maxHelpers) return false;
            if (state.compareAndSet(s, s + 1)) break;
        }
        long b = bit(worker);
        while (true) {
            long m = members.get();
            if ((m & b) != 0 || members.compareAndSet(m, m | b)) return true;
        }
    }

    /**
     * Merge: a helper leaves. Returns true when the owner has abandoned the block and this was the last
     * helper: the caller has then closed it and must return it to the pool (Unsplit on the owner's behalf).
     * Decrement-then-read here against abandon's write-then-read: at least one side sees the other, and the
     * close is a CAS, so exactly one of them returns the block.
     */
    public boolean detach() {
        long s = state.decrementAndGet();
        return (s & COUNT_MASK) == 0 && abandoned && closeIfIdle();
    }

    /** Closes the block if it is open with no helper attached; true only for the caller whose CAS closed it. */
    boolean closeIfIdle() {
        while (true) {
            long s = state.get();
            if ((s & OPEN) == 0 || (s & COUNT_MASK) != 0) return false;
            if (state.compareAndSet(s, s & ~OPEN)) return true;
        }
    }

    /**
     * The owner gives up waiting for its helpers: the block is aborted (no new Join, helpers stop at their
     * next node) and abandoned. Returns true if no helper was left, so the owner closed it itself and returns
     * it to the pool as usual; false: the slot stays taken until the last helper Merges (never reused while
     * a helper is attached).
     */
    boolean abandon() {
        aborted = true;
        abandoned = true;
        return closeIfIdle();
    }

    public boolean isAbandoned() { return abandoned; }

    /** Unsplit: the owner closes the block once no helper is attached. False while helpers remain. */
    boolean tryClose() {
        long s = state.get();
        if ((s & OPEN) == 0) return true;
        if ((s & COUNT_MASK) != 0) return false;
        return state.compareAndSet(s, s & ~OPEN);
    }

    int pvLength() { return pvLength; }
    int[] pv() { return pv; }
}
