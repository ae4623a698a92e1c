package gacrux.board;

/** Zobrist keys from a fixed-seed generator: keys, and so bench and TT behaviour, are the same on every run. */
public final class Zobrist {
    private Zobrist() {}

    public static final long[][] PIECE_SQ = new long[16][64];
    public static final long[] CASTLING = new long[16];
    public static final long[] EP_FILE = new long[8];
    public static final long SIDE;

    private static long state = 0x2545F4914F6CDD1DL;

    static {
        for (int p = 0; p < 16; p++)
            for (int sq = 0; sq < 64; sq++) PIECE_SQ[p][sq] = next();
        for (int i = 0; i < 16; i++) CASTLING[i] = next();
        for (int i = 0; i < 8; i++) EP_FILE[i] = next();
        SIDE = next();
    }

    /** SplitMix64. */
    private static long next() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
