package gacrux.search;

/**
 * The hand-off's latencies, measured by one worker in the real engine (docs/benchmarks.md): from becoming idle to
 * its first move searched at a block, and the two parts of a hand-off, from its split request to the owner's
 * answer and from the answer to its first move. Each is a ring of the last {@link #SIZE} values in nanoseconds.
 * Written by the worker's own thread only; read between searches (smpbench drains them).
 */
public final class Latencies {
    public static final int IDLE_TO_MOVE = 0, REQUEST_TO_ANSWER = 1, ANSWER_TO_MOVE = 2;
    static final int SIZE = 1 << 14;
    private final long[][] rings = new long[3][SIZE];
    private final long[] counts = new long[3];

    void add(int kind, long nanos) {
        rings[kind][(int) (counts[kind]++ & (SIZE - 1))] = nanos;
    }

    /** The values of kind measured since the last drain (at most SIZE, the latest), and forgets them. */
    public long[] drain(int kind) {
        int n = (int) Math.min(counts[kind], SIZE);
        long[] out = java.util.Arrays.copyOf(rings[kind], n);
        counts[kind] = 0;
        return out;
    }
}
