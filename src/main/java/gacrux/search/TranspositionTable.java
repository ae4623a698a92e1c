package gacrux.search;

/**
 * Shared, lockless transposition table.
 *
 * Concurrency discipline: any number of threads read and write entries without locks. Each entry is two
 * longs, {@code key ^ data} and {@code data}; a reader accepts an entry only if the XOR of the two words
 * gives back its key, so an entry torn by two racing writers (or a torn 64-bit write) reads as a miss,
 * never as another position's data (Hyatt and Mann's lockless hashing). A hit still gives only a hint:
 * the search re-checks a hash move against the legal moves before playing it.
 *
 * Layout: buckets of four entries (eight longs, one 64-byte cache line), a power-of-two number of buckets.
 * Replacement: same key first, else the entry with the lowest depth, where entries from older searches
 * count as 8 plies shallower per search of age (depth-preferred with aging).
 */
public final class TranspositionTable {
    public static final int EXACT = 3, LOWER = 1, UPPER = 2;
    private static final int WAYS = 4;

    // data word: move (23 bits) | score+32768 (16) | depth+1 (8) | bound (2) | age (6)
    private static final int MOVE_BITS = 23;
    private static final long MOVE_MASK = (1L << MOVE_BITS) - 1;

    private long[] table;
    private long bucketMask;
    /** Written only by the owner of the TT (the engine actor) between searches; read by searchers. */
    private volatile int age;
    private int sizeMb;

    public TranspositionTable(int sizeMb) {
        resize(sizeMb);
    }

    /**
     * Resizes to the largest power of two of buckets that fits in sizeMb MiB. If the JVM cannot give the
     * memory, halves the request until it can. Returns the size in MiB actually allocated.
     */
    public int resize(int requestedMb) {
        int mb = Math.max(1, requestedMb);
        table = null; // let the old table go before allocating the new one
        while (true) {
            long bytes = (long) mb << 20;
            long buckets = Long.highestOneBit(Math.max(1, bytes / 64));
            try {
                if (buckets * 8 > Integer.MAX_VALUE - 16) {
                    mb /= 2;
                    continue;
                }
                table = new long[(int) (buckets * 8)];
                bucketMask = buckets - 1;
                sizeMb = (int) (buckets * 64 >> 20);
                if (sizeMb == 0) sizeMb = 1;
                return sizeMb;
            } catch (OutOfMemoryError e) {
                if (mb <= 1) throw e;
                mb /= 2;
            }
        }
    }

    public int sizeMb() { return sizeMb; }

    public void clear() {
        java.util.Arrays.fill(table, 0L);
        age = 0;
    }

    /** Called once per search by the TT's owner before the search starts. */
    public void newSearch() {
        age = (age + 1) & 63;
    }

    private int bucketIndex(long key) {
        return (int) ((key >>> 16 ^ key) & bucketMask) << 3;
    }

    /** Returns the data word for key, or 0 when absent. Decode with the static accessors. */
    public long probe(long key) {
        long[] t = table;
        int base = bucketIndex(key);
        for (int i = 0; i < WAYS * 2; i += 2) {
            long data = t[base + i + 1];
            if ((t[base + i] ^ data) == key && data != 0) return data;
        }
        return 0;
    }

    public void store(long key, int move, int score, int depth, int bound) {
        long[] t = table;
        int base = bucketIndex(key);
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
                | ((long) a & 63) << (MOVE_BITS + 26);
        t[victim] = key ^ data;
        t[victim + 1] = data;
    }

    public static int move(long data) { return (int) (data & MOVE_MASK); }
    public static int score(long data) { return (int) ((data >>> MOVE_BITS) & 0xFFFF) - 32768; }
    public static int depth(long data) { return (int) ((data >>> (MOVE_BITS + 16)) & 0xFF) - 1; }
    public static int bound(long data) { return (int) ((data >>> (MOVE_BITS + 24)) & 3); }
    public static int age(long data) { return (int) ((data >>> (MOVE_BITS + 26)) & 63); }

    /** Permille of sampled entries written in the current search (UCI hashfull). */
    public int hashfull() {
        int used = 0, a = age;
        int samples = Math.min(1000, table.length / 2);
        for (int i = 0; i < samples; i++) {
            long data = table[2 * i + 1];
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
