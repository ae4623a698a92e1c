package gacrux.board;

/**
 * Precomputed attack tables. Squares are 0..63 with a1 = 0, h1 = 7, a8 = 56.
 *
 * Sliders use "fancy" magic bitboards: for each square a mask of the relevant occupancy,
 * a 64-bit multiplier and a shift map the occupancy to an index into one shared attack table.
 * The multipliers were found by the seeded random search in {@link #initMagics} (deterministic, so no
 * magic constants are copied from anywhere). The search takes over half a second in a cold JVM, so its
 * results are stored in {@link #ROOK_FOUND} / {@link #BISHOP_FOUND} and class loading only verifies them
 * while filling the tables; a stored multiplier that failed would fall back to the search.
 * BitboardsTest reruns the search and checks it reproduces the stored values.
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

    /** Diagonal (a1-h8 direction) and anti-diagonal (a8-h1 direction) through each square, edge to edge. */
    static final long[] DIAG = new long[64];
    static final long[] ANTI_DIAG = new long[64];
    /** Per square: mask, magic, shift, offset side by side, so one lookup touches one cache line. */
    private static final long[] ROOK_ENTRY = new long[64 * 4];
    private static final long[] BISHOP_ENTRY = new long[64 * 4];
    /** BETWEEN and LINE flattened to [a * 64 + b] for the move generator's inner loops. */
    static final long[] BETWEEN_FLAT = new long[64 * 64];
    static final long[] LINE_FLAT = new long[64 * 64];

    /** Output of the seeded search (see {@link #searchMagics}), stored for start-up speed. */
    private static final long[] ROOK_FOUND = {
        0x2080002080400010L, 0x00C0002001401000L, 0x2100110008402002L, 0x0880080081041000L, 
        0x0200020020041008L, 0x2300040008010012L, 0x0C00283004008201L, 0x0180010000407A80L, 
        0x0168800080400020L, 0x0010400040201000L, 0x1001002001001048L, 0x1001002408100100L, 
        0x0801000408010012L, 0x4001000209000400L, 0x08A20004C8020001L, 0x2002801145002280L, 
        0x0080860021004200L, 0x001000C009402002L, 0x00B0002004002800L, 0x100A808010020800L, 
        0x8101010008000410L, 0x0244008002000480L, 0x0000040010810208L, 0x2000020000448534L, 
        0x4104400480008033L, 0x0000810100204000L, 0x0440430900200010L, 0x4600240900100100L, 
        0x0060080080040080L, 0x0001000300080400L, 0x0004084400011002L, 0x0023040200008041L, 
        0x0580050043002080L, 0x0400804002802008L, 0x0001002001004010L, 0x1000200901001000L, 
        0x4410800801800C00L, 0xA012003806001004L, 0x0020100104008802L, 0x0004808402000041L, 
        0x0010400170898000L, 0x0080500020004004L, 0x1040408012020020L, 0x8010040008004040L, 
        0x2001080100110004L, 0x0000020004008080L, 0x0021010810040002L, 0x0800008C43020024L, 
        0x0000800021005100L, 0x0070201040008080L, 0x0000D04282006A00L, 0x0010014400080240L, 
        0x0001080110050100L, 0x0012000810240600L, 0x0402000801040200L, 0x028100108A004100L, 
        0x0050800300102045L, 0x8208210040120882L, 0x8010600101183441L, 0x020B000910006045L, 
        0x0241001002480005L, 0x0081000400880241L, 0x0000009008024124L, 0x0048122980410402L
    };
    private static final long[] BISHOP_FOUND = {
        0x0020425028410042L, 0x2060013202004100L, 0x129004108020C000L, 0x0048208020100480L, 
        0x0504042000601140L, 0x0206089208000001L, 0x0020410808402482L, 0x1101041482011001L, 
        0x0000A08810210040L, 0x2028E00C04107141L, 0x1202040820810208L, 0x4022482088200001L, 
        0x04080C1420E80464L, 0x80108C9004A00014L, 0x0012050801900800L, 0x0410C42201242000L, 
        0x000A024008082080L, 0x008210D010020880L, 0x0890000101002100L, 0x1108000C82004000L, 
        0x4001008820080000L, 0x090100A808980400L, 0x2004004900880466L, 0x1902000C4900C800L, 
        0x0482420010900200L, 0x0408200002420208L, 0x00A0880910164090L, 0x0084080000202040L, 
        0x8284040000410040L, 0x800082000B013080L, 0x4402008002181140L, 0x4200420440410400L, 
        0x1001209070200406L, 0x645404C410023000L, 0x0000414040180211L, 0x2004020080080080L, 
        0x4004064200040108L, 0x2080A10100021000L, 0x0009480080010C01L, 0x5008020084004044L, 
        0x020A096008082160L, 0x6822009220202820L, 0x000D222208014044L, 0x0418004200800802L, 
        0x0400120202020410L, 0x0C02542802000521L, 0x722108088D004082L, 0x4842009400800101L, 
        0x0014008208202880L, 0x00A20100C2100002L, 0x6500C10080900200L, 0x0000100042088008L, 
        0x1B4081401041080CL, 0x0082450890310040L, 0x8010A04811085000L, 0x0094102A20510004L, 
        0x1000110101504000L, 0x0018004400880802L, 0x04001221A4022202L, 0x0808010800420202L, 
        0x0082000040450100L, 0x00004C0810814209L, 0x1200206001410100L, 0x0220010102140048L
    };
    static final long ROOK_SEED = 0x9E3779B97F4A7C15L, BISHOP_SEED = 0xD1B54A32D192ED03L;

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
        initMagics(ROOK_DIRS, ROOK_MASK, ROOK_MAGIC, ROOK_SHIFT, ROOK_OFFSET, ROOK_TABLE, ROOK_SEED, ROOK_FOUND);
        initMagics(BISHOP_DIRS, BISHOP_MASK, BISHOP_MAGIC, BISHOP_SHIFT, BISHOP_OFFSET, BISHOP_TABLE, BISHOP_SEED, BISHOP_FOUND);
        for (int a = 0; a < 64; a++)
            for (int b = 0; b < 64; b++) {
                if ((a >> 3) - (a & 7) == (b >> 3) - (b & 7)) DIAG[a] |= 1L << b;
                if ((a >> 3) + (a & 7) == (b >> 3) + (b & 7)) ANTI_DIAG[a] |= 1L << b;
            }
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

    /** Reruns the seeded search from scratch (no stored values) and returns the multipliers it finds. */
    static long[] searchMagics(boolean rook) {
        long[] magics = new long[64];
        initMagics(rook ? ROOK_DIRS : BISHOP_DIRS, new long[64], magics, new int[64], new int[64],
                new long[rook ? ROOK_TABLE.length : BISHOP_TABLE.length], rook ? ROOK_SEED : BISHOP_SEED, null);
        return magics;
    }

    static long[] storedMagics(boolean rook) { return (rook ? ROOK_FOUND : BISHOP_FOUND).clone(); }

    /**
     * Fills masks, shifts, offsets and the attack table. For each square the stored multiplier (if any) is
     * tried first; otherwise, or if it collides, candidates come from the seeded search.
     */
    private static void initMagics(int[][] dirs, long[] masks, long[] magics, int[] shifts, int[] offsets,
                                   long[] table, long seed, long[] known) {
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
            boolean tryKnown = known != null;
            while (true) {
                long magic;
                if (tryKnown) {
                    magic = known[sq];
                    tryKnown = false;
                } else {
                    // Sparse random candidates (AND of three draws) make good magics likely.
                    rng = xorshift(rng); long a = rng;
                    rng = xorshift(rng); long b = rng;
                    rng = xorshift(rng); long c = rng;
                    magic = a & b & c;
                    if (Long.bitCount((mask * magic) & 0xFF00000000000000L) < 6) continue;
                }
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
