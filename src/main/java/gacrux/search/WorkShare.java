package gacrux.search;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * EXchess-style work sharing for Lazy SMP (Dan Homan, 2013): per worker and ply, one hash of (position key,
 * move, depth) that the worker is searching right now at a PV node of that ply, 0 when none. Before searching
 * a later move at a PV node, a worker looks at the same ply of the other workers; if one of them is already
 * searching that move of that position at that depth, the move is deferred to the end of the move list.
 * Transpositions (the same position at another ply) are not detected, by design: the collisions that matter
 * are the workers walking the same PV.
 *
 * Concurrency: each slot is written only by its worker and read racily by the others (opaque accesses: a
 * stale read only makes a deferral wrong, never a search result).
 */
public final class WorkShare {
    /** Plies tracked per worker (PV nodes deeper than this are not shared). */
    static final int PLIES = 64;

    private final int workers;
    private final AtomicLongArray slots;
    private final long[] deferred;

    public WorkShare(int workers) {
        this.workers = workers;
        this.slots = new AtomicLongArray(workers * PLIES);
        this.deferred = new long[workers];
    }

    public int workers() { return workers; }

    /** The nonzero hash of (key, move, depth). */
    static long hash(long key, int move, int depth) {
        long h = key ^ ((((long) move) << 8 | (depth & 0xff)) * 0x9E3779B97F4A7C15L);
        return h == 0 ? 1 : h;
    }

    /** Worker starts searching h at ply (0: it left the move). */
    void publish(int worker, int ply, long h) {
        if (ply < PLIES) slots.setOpaque(worker * PLIES + ply, h);
    }

    /** Whether another worker is searching h at the same ply. */
    boolean busyElsewhere(int worker, int ply, long h) {
        if (ply >= PLIES) return false;
        for (int w = 0; w < workers; w++)
            if (w != worker && slots.getOpaque(w * PLIES + ply) == h) return true;
        return false;
    }

    /** The move ordering score of a deferred move: below every real score, so it comes last, and never deferred again. */
    static final int DEFERRED = Integer.MIN_VALUE;

    /**
     * At a PV node of ply (position key, remaining depth), with the moves list[i..n) still to search ordered by
     * scores: the move to search next is the best-scored one (brought to index i); a later move (i &gt; 0) that
     * another worker is searching right now is deferred instead (its score becomes DEFERRED, so it comes last;
     * it is deferred once, so every move is still searched, and the last remaining move is never deferred).
     * Publishes and returns the move chosen; the caller publishes 0 when it is done with it.
     */
    int choose(int worker, int ply, long key, int depth, int[] list, int[] scores, int i, int n) {
        int m = Searcher.pickBest(list, scores, i, n);
        while (i > 0 && scores[i] != DEFERRED && i + 1 < n && busyElsewhere(worker, ply, hash(key, m, depth))) {
            scores[i] = DEFERRED;
            deferred[worker]++;
            m = Searcher.pickBest(list, scores, i, n);
        }
        publish(worker, ply, hash(key, m, depth));
        return m;
    }

    /** Moves deferred since creation, all workers (each counter written by its worker only; read racily). */
    public long deferrals() {
        long d = 0;
        for (long x : deferred) d += x;
        return d;
    }

    /** Clears every slot (between searches). */
    public void clear() {
        for (int i = 0; i < slots.length(); i++) slots.setOpaque(i, 0);
    }
}
