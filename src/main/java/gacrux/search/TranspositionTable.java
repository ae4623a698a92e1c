package gacrux.search;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;

/**
 * Shared, lockless transposition table.
 *
 * Concurrency discipline: any number of threads read and write entries without locks. Each entry is two
 * longs, {@code key ^ data} and {@code data}; a reader accepts an entry only if the XOR of the two words
 * gives back its key, so an entry torn by two racing writers (or a torn 64-bit write) reads as a miss,
 * never as another position's data (Hyatt and Mann's lockless hashing). A hit still gives only a hint:
 * the search re-checks a hash move against the legal moves before playing it.
 *
 * Layout: buckets of four entries (eight longs, one 64-byte cache line), a power-of-two number of buckets,
 * stored in segments of at most 64 MiB (one array each; a table of up to 64 MiB is one segment). Segments
 * let a resize or clear run on several threads: the JVM zeroes a new array, page by page, in the thread that
 * allocates it, and that zeroing is what a large resize costs. They also bound how long one allocation runs,
 * so a resize can be abandoned between segments (quit) and the JVM reaches a safepoint soon.
 * Replacement: same key first, else the entry with the lowest depth, where entries from older searches
 * count as 8 plies shallower per search of age (depth-preferred with aging).
 */
public final class TranspositionTable {
    public static final int EXACT = 3, LOWER = 1, UPPER = 2;
    private static final int WAYS = 4;

    // data word: move (23 bits) | score+32768 (16) | depth+1 (8) | bound (2) | age (6) | pv (1)
    private static final int MOVE_BITS = 23;
    private static final long MOVE_MASK = (1L << MOVE_BITS) - 1;

    /** Longs per full segment: 2^23, 64 MiB. */
    static final int SEGMENT_SHIFT = 23;
    private static final long SEGMENT_MASK = (1L << SEGMENT_SHIFT) - 1;
    /**
     * Longs before a segment's first bucket. A long[]'s elements start 16 bytes into the object, and a segment of a
     * megabyte or more is a humongous object that G1 starts on a region boundary: six longs (48 bytes) more put every
     * bucket on a 64-byte cache line of its own, so a probe that reads all four entries touches one line, not two.
     */
    static final int PAD = 6;

    private long[][] segments;
    private long bucketMask;
    /** Written only by the owner of the TT (the engine actor) between searches; read by searchers. */
    private volatile int age;
    private int sizeMb;

    public TranspositionTable(int sizeMb) {
        resize(sizeMb);
    }

    /** {@link #resize(int, int, BooleanSupplier)} on the calling thread alone. */
    public int resize(int requestedMb) {
        return resize(requestedMb, 1, () -> false);
    }

    /**
     * Resizes to the largest power of two of buckets that fits in requestedMb MiB, allocating (and so zeroing)
     * the segments on up to {@code threads} threads, the calling one included. If the JVM cannot give the
     * memory, halves the request until it can. Returns the size in MiB allocated, or -1 if {@code abort} said
     * stop (it is polled between segments); the table is then 1 MiB. No search may run meanwhile.
     */
    public int resize(int requestedMb, int threads, BooleanSupplier abort) {
        int mb = Math.max(1, requestedMb);
        segments = null; // let the old table go before allocating the new one
        // A table larger than the heap can never be allocated: skip those attempts (each would fill the heap first).
        while (mb > 1 && ((long) mb << 20) > Runtime.getRuntime().maxMemory()) mb /= 2;
        while (true) {
            long buckets = Long.highestOneBit(Math.max(1, ((long) mb << 20) / 64));
            long longs = buckets * 8;
            int n = (int) ((longs + SEGMENT_MASK) >>> SEGMENT_SHIFT);
            int last = (int) (longs - ((long) (n - 1) << SEGMENT_SHIFT));
            long[][] segs = new long[n][];
            try {
                boolean done = forEachSegment(n, threads, abort, i -> segs[i] = new long[PAD + (i == n - 1 ? last : 1 << SEGMENT_SHIFT)]);
                if (!done) {
                    install(new long[][] {new long[PAD + (1 << 17)]}, 1 << 14); // 1 MiB
                    return -1;
                }
                install(segs, buckets);
                return sizeMb;
            } catch (OutOfMemoryError e) {
                java.util.Arrays.fill(segs, null);
                if (mb <= 1) throw e;
                mb /= 2;
            }
        }
    }

    private void install(long[][] segs, long buckets) {
        segments = segs;
        bucketMask = buckets - 1;
        sizeMb = (int) Math.max(1, buckets * 64 >> 20);
    }

    public int sizeMb() { return sizeMb; }

    /** Empties every entry, on the calling thread alone. */
    public void clear() {
        clear(1, () -> false);
    }

    /**
     * Empties every entry, up to {@code threads} threads filling segments in parallel. Returns false if
     * {@code abort} said stop (polled between segments; the table is then partly cleared, which is still a
     * valid table). No search may run meanwhile.
     */
    public boolean clear(int threads, BooleanSupplier abort) {
        long[][] segs = segments;
        boolean done = forEachSegment(segs.length, threads, abort, i -> java.util.Arrays.fill(segs[i], 0L));
        age = 0;
        return done;
    }

    /**
     * Test-only fault injection: a pause after each segment (-Dgacrux.test.ttSegmentDelayMs=N), so a test can
     * make a resize last seconds and tell a quit that ends the process promptly from one that waits for the
     * resize, even on a loaded machine.
     * Read once; 0 (no pause) unless set.
     */
    private static final long SEGMENT_DELAY_MS = Long.getLong("gacrux.test.ttSegmentDelayMs", 0L);

    /**
     * Runs job(i) for every segment index i below n on up to {@code threads} threads (the caller one of them,
     * the others short-lived daemons), each taking the next index until none is left or abort says stop.
     * Returns false if aborted. An error in any thread (OutOfMemoryError) is rethrown here once all have ended.
     */
    private static boolean forEachSegment(int n, int threads, BooleanSupplier abort, IntConsumer job) {
        AtomicInteger next = new AtomicInteger();
        AtomicBoolean stopped = new AtomicBoolean(), aborted = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable work = () -> {
            try {
                for (int i; !stopped.get() && (i = next.getAndIncrement()) < n; ) {
                    if (abort.getAsBoolean()) {
                        aborted.set(true);
                        stopped.set(true);
                        return;
                    }
                    job.accept(i);
                    if (SEGMENT_DELAY_MS > 0) Thread.sleep(SEGMENT_DELAY_MS);
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                stopped.set(true);
            }
        };
        Thread[] helpers = new Thread[Math.max(0, Math.min(threads, n) - 1)];
        for (int k = 0; k < helpers.length; k++) {
            helpers[k] = new Thread(work, "gacrux-tt-" + (k + 1));
            helpers[k].setDaemon(true);
            helpers[k].start();
        }
        work.run();
        boolean interrupted = false;
        for (Thread h : helpers) {
            while (h.isAlive()) {
                try {
                    h.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        Throwable t = failure.get();
        if (t instanceof Error e) throw e;
        if (t instanceof RuntimeException e) throw e;
        return !aborted.get();
    }

    /** Called once per search by the TT's owner before the search starts. */
    public void newSearch() {
        age = (age + 1) & 63;
    }

    /** The bucket's first long in the whole table (the segment is its high bits, the offset its low bits). */
    private long bucketIndex(long key) {
        return ((key >>> 16 ^ key) & bucketMask) << 3;
    }

    /** Returns the data word for key, or 0 when absent. Decode with the static accessors. */
    public long probe(long key) {
        long index = bucketIndex(key);
        long[] t = segments[(int) (index >>> SEGMENT_SHIFT)];
        int base = PAD + (int) (index & SEGMENT_MASK);
        for (int i = 0; i < WAYS * 2; i += 2) {
            long data = t[base + i + 1];
            if ((t[base + i] ^ data) == key && data != 0) return data;
        }
        return 0;
    }

    /** {@link #store(long, int, int, int, int, boolean)} of a node never on a principal variation. */
    public void store(long key, int move, int score, int depth, int bound) {
        store(key, move, score, depth, bound, false);
    }

    /**
     * Stores a search's result for key. pv: the node is, or has been, on a principal variation (the search's
     * ttPv), read back by {@link #pv(long)}.
     */
    public void store(long key, int move, int score, int depth, int bound, boolean pv) {
        long index = bucketIndex(key);
        long[] t = segments[(int) (index >>> SEGMENT_SHIFT)];
        int base = PAD + (int) (index & SEGMENT_MASK);
        int a = age;
        int victim = base;
        int worst = Integer.MAX_VALUE;
        for (int i = 0; i < WAYS * 2; i += 2) {
            long data = t[base + i + 1];
            long k = t[base + i] ^ data;
            if (data == 0 || k == key) {
                victim = base + i;
                if (k == key && data != 0) {
                    // Keep a deeper exact-ish entry from this search unless the new one is exact.
                    if (move == 0) move = move(data);
                    if (bound != EXACT && depth(data) > depth + 2 && age(data) == a) return;
                }
                break;
            }
            int stale = (a - age(data)) & 63;
            int value = depth(data) - 8 * stale;
            if (value < worst) {
                worst = value;
                victim = base + i;
            }
        }
        long data = (move & MOVE_MASK)
                | ((long) (score + 32768) & 0xFFFF) << MOVE_BITS
                | ((long) (Math.max(-1, Math.min(254, depth)) + 1) & 0xFF) << (MOVE_BITS + 16)
                | ((long) bound & 3) << (MOVE_BITS + 24)
                | ((long) a & 63) << (MOVE_BITS + 26)
                | (pv ? 1L << (MOVE_BITS + 32) : 0L);
        t[victim] = key ^ data;
        t[victim + 1] = data;
    }

    public static int move(long data) { return (int) (data & MOVE_MASK); }
    public static int score(long data) { return (int) ((data >>> MOVE_BITS) & 0xFFFF) - 32768; }
    public static int depth(long data) { return (int) ((data >>> (MOVE_BITS + 16)) & 0xFF) - 1; }
    public static int bound(long data) { return (int) ((data >>> (MOVE_BITS + 24)) & 3); }
    public static int age(long data) { return (int) ((data >>> (MOVE_BITS + 26)) & 63); }
    public static boolean pv(long data) { return ((data >>> (MOVE_BITS + 32)) & 1) != 0; }

    /** Permille of sampled entries written in the current search (UCI hashfull). */
    public int hashfull() {
        int used = 0, a = age;
        long[] first = segments[0];
        int samples = Math.min(1000, (first.length - PAD) / 2);
        for (int i = 0; i < samples; i++) {
            long data = first[PAD + 2 * i + 1];
            if (data != 0 && age(data) == a) used++;
        }
        return samples == 0 ? 0 : used * 1000 / samples;
    }

    /** Mate scores are stored relative to the node, not the root, so they stay true at any ply. */
    public static int toTT(int score, int ply) {
        if (score >= Score.MATE_BOUND) return score + ply;
        if (score <= -Score.MATE_BOUND) return score - ply;
        return score;
    }

    public static int fromTT(int score, int ply) {
        if (score >= Score.MATE_BOUND) return score - ply;
        if (score <= -Score.MATE_BOUND) return score + ply;
        return score;
    }
}
