package gacrux.board;

/**
 * Precomputed attack tables. Squares are 0..63 with a1 = 0, h1 = 7, a8 = 56.
 *
 * Sliders use "fancy" magic bitboards: for each square a mask of the relevant occupancy,
 * a 64-bit multiplier and a shift map the occupancy to an index into one shared attack table.
 * The multipliers are found at class-load time by a seeded random search (deterministic,
 * about 30 ms), so no magic constants are copied from anywhere.
 */
public final class Bitboards {
    private Bitboards() {}

    public static final long FILE_A = 0x0101010101010101L;
    public static final long FILE_H = FILE_A << 7;
    public static final long RANK_1 = 0xFFL;
    public static final long RANK_2 = RANK_1 << 8;
    public static final long RANK_3 = RANK_1 << 16;
    public static final long RANK_4 = RANK_1 << 24;
    public static final long RANK_5 = RANK_1 << 32;
    public static final long RANK_6 = RANK_1 << 40;
    public static final long RANK_7 = RANK_1 << 48;
    public static final long RANK_8 = RANK_1 << 56;

    public static final long[] KNIGHT_ATTACKS = new long[64];
    public static final long[] KING_ATTACKS = new long[64];
    /** PAWN_ATTACKS[color][sq]: squares a pawn of that colour on sq attacks. */
    public static final long[][] PAWN_ATTACKS = new long[2][64];
    /** BETWEEN[a][b]: squares strictly between a and b on a shared line, else 0. */
    public static final long[][] BETWEEN = new long[64][64];
    /** LINE[a][b]: the whole line (edge to edge) through a and b, else 0. */
    public static final long[][] LINE = new long[64][64];

    private static final long[] ROOK_MASK = new long[64];
    private static final long[] BISHOP_MASK = new long[64];
    private static final long[] ROOK_MAGIC = new long[64];
    private static final long[] BISHOP_MAGIC = new long[64];
    private static final int[] ROOK_SHIFT = new int[64];
    private static final int[] BISHOP_SHIFT = new int[64];
    private static final int[] ROOK_OFFSET = new int[64];
    private static final int[] BISHOP_OFFSET = new int[64];
    private static final long[] ROOK_TABLE = new long[102400];
    private static final long[] BISHOP_TABLE = new long[5248];

    /** Per square: mask, magic, shift, offset side by side, so one lookup touches one cache line. */
    private static final long[] ROOK_ENTRY = new long[64 * 4];
    private static final long[] BISHOP_ENTRY = new long[64 * 4];
    /** BETWEEN and LINE flattened to [a * 64 + b] for the move generator's inner loops. */
    static final long[] BETWEEN_FLAT = new long[64 * 64];
    static final long[] LINE_FLAT = new long[64 * 64];

    private static final int[][] ROOK_DIRS = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    private static final int[][] BISHOP_DIRS = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

    static {
        for (int sq = 0; sq < 64; sq++) {
            int f = sq & 7, r = sq >> 3;
            KNIGHT_ATTACKS[sq] = stepAttacks(f, r, new int[][]{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
            KING_ATTACKS[sq] = stepAttacks(f, r, new int[][]{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
            PAWN_ATTACKS[0][sq] = stepAttacks(f, r, new int[][]{{-1, 1}, {1, 1}});
            PAWN_ATTACKS[1][sq] = stepAttacks(f, r, new int[][]{{-1, -1}, {1, -1}});
        }
        initMagics(ROOK_DIRS, ROOK_MASK, ROOK_MAGIC, ROOK_SHIFT, ROOK_OFFSET, ROOK_TABLE, 0x9E3779B97F4A7C15L);
        initMagics(BISHOP_DIRS, BISHOP_MASK, BISHOP_MAGIC, BISHOP_SHIFT, BISHOP_OFFSET, BISHOP_TABLE, 0xD1B54A32D192ED03L);
        for (int sq = 0; sq < 64; sq++) {
            ROOK_ENTRY[4 * sq] = ROOK_MASK[sq];
            ROOK_ENTRY[4 * sq + 1] = ROOK_MAGIC[sq];
            ROOK_ENTRY[4 * sq + 2] = ROOK_SHIFT[sq];
            ROOK_ENTRY[4 * sq + 3] = ROOK_OFFSET[sq];
            BISHOP_ENTRY[4 * sq] = BISHOP_MASK[sq];
            BISHOP_ENTRY[4 * sq + 1] = BISHOP_MAGIC[sq];
            BISHOP_ENTRY[4 * sq + 2] = BISHOP_SHIFT[sq];
            BISHOP_ENTRY[4 * sq + 3] = BISHOP_OFFSET[sq];
        }
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                if (a == b) continue;
                long ba = 1L << b;
                if ((slide(a, 0, ROOK_DIRS) & ba) != 0) {
                    BETWEEN[a][b] = slide(a, ba, ROOK_DIRS) & slide(b, 1L << a, ROOK_DIRS);
                    LINE[a][b] = (slide(a, 0, ROOK_DIRS) & slide(b, 0, ROOK_DIRS)) | (1L << a) | ba;
                } else if ((slide(a, 0, BISHOP_DIRS) & ba) != 0) {
                    BETWEEN[a][b] = slide(a, ba, BISHOP_DIRS) & slide(b, 1L << a, BISHOP_DIRS);
                    LINE[a][b] = (slide(a, 0, BISHOP_DIRS) & slide(b, 0, BISHOP_DIRS)) | (1L << a) | ba;
                }
                BETWEEN_FLAT[a * 64 + b] = BETWEEN[a][b];
                LINE_FLAT[a * 64 + b] = LINE[a][b];
            }
        }
    }

    public static long rookAttacks(int sq, long occ) {
        int i = sq << 2;
        long[] m = ROOK_ENTRY;
        return ROOK_TABLE[(int) m[i + 3] + (int) (((occ & m[i]) * m[i + 1]) >>> m[i + 2])];
    }

    public static long bishopAttacks(int sq, long occ) {
        int i = sq << 2;
        long[] m = BISHOP_ENTRY;
        return BISHOP_TABLE[(int) m[i + 3] + (int) (((occ & m[i]) * m[i + 1]) >>> m[i + 2])];
    }

    public static long queenAttacks(int sq, long occ) {
        return rookAttacks(sq, occ) | bishopAttacks(sq, occ);
    }

    private static long stepAttacks(int f, int r, int[][] steps) {
        long bb = 0;
        for (int[] s : steps) {
            int nf = f + s[0], nr = r + s[1];
            if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8) bb |= 1L << (nr * 8 + nf);
        }
        return bb;
    }

    /** Slow reference slider attacks, used only to build tables and in tests. */
    static long slide(int sq, long occ, int[][] dirs) {
        long bb = 0;
        int f = sq & 7, r = sq >> 3;
        for (int[] d : dirs) {
            int nf = f + d[0], nr = r + d[1];
            while (nf >= 0 && nf < 8 && nr >= 0 && nr < 8) {
                long b = 1L << (nr * 8 + nf);
                bb |= b;
                if ((occ & b) != 0) break;
                nf += d[0];
                nr += d[1];
            }
        }
        return bb;
    }

    static long slowRook(int sq, long occ) { return slide(sq, occ, ROOK_DIRS); }
    static long slowBishop(int sq, long occ) { return slide(sq, occ, BISHOP_DIRS); }

    private static void initMagics(int[][] dirs, long[] masks, long[] magics, int[] shifts, int[] offsets,
                                   long[] table, long seed) {
        long rng = seed;
        int offset = 0;
        long[] occs = new long[4096];
        long[] atts = new long[4096];
        int[] epoch = new int[4096];
        int attempt = 0;
        for (int sq = 0; sq < 64; sq++) {
            int f = sq & 7, r = sq >> 3;
            long edges = ((RANK_1 | RANK_8) & ~(RANK_1 << (8 * r))) | ((FILE_A | FILE_H) & ~(FILE_A << f));
            long mask = slide(sq, 0, dirs) & ~edges;
            int bits = Long.bitCount(mask);
            int size = 1 << bits;
            // Carry-rippler enumeration of every subset of the mask.
            long sub = 0;
            for (int i = 0; i < size; i++) {
                occs[i] = sub;
                atts[i] = slide(sq, sub, dirs);
                sub = (sub - mask) & mask;
            }
            masks[sq] = mask;
            shifts[sq] = 64 - bits;
            offsets[sq] = offset;
            while (true) {
                // Sparse random candidates (AND of three draws) make good magics likely.
                rng = xorshift(rng); long a = rng;
                rng = xorshift(rng); long b = rng;
                rng = xorshift(rng); long c = rng;
                long magic = a & b & c;
                if (Long.bitCount((mask * magic) & 0xFF00000000000000L) < 6) continue;
                attempt++;
                boolean ok = true;
                for (int i = 0; i < size && ok; i++) {
                    int idx = (int) ((occs[i] * magic) >>> shifts[sq]);
                    if (epoch[idx] < attempt) {
                        epoch[idx] = attempt;
                        table[offset + idx] = atts[i];
                    } else if (table[offset + idx] != atts[i]) {
                        ok = false;
                    }
                }
                if (ok) {
                    magics[sq] = magic;
                    break;
                }
            }
            offset += size;
        }
    }

    private static long xorshift(long x) {
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        return x;
    }

    public static String squareName(int sq) {
        return "" + (char) ('a' + (sq & 7)) + (char) ('1' + (sq >> 3));
    }

    /** Parses "e4" to 28; returns -1 for anything else. */
    public static int parseSquare(String s) {
        if (s == null || s.length() != 2) return -1;
        int f = s.charAt(0) - 'a', r = s.charAt(1) - '1';
        if (f < 0 || f > 7 || r < 0 || r > 7) return -1;
        return r * 8 + f;
    }
}
