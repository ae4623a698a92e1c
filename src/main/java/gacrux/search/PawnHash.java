package gacrux.search;

/**
 * The pawn-structure part of the evaluation, remembered by the two pawn sets it depends on.
 *
 * <p>A search meets few pawn structures and each of them millions of times (pawns move rarely, pieces often), so
 * the per-pawn loop (doubled, supported, phalanx, isolated, backward, and which pawns are passed) is worth computing
 * once per structure. An entry keeps both pawn bitboards themselves, not a hash of them, so a hit is exact: the
 * evaluation with the table is bit for bit the evaluation without it, and bench's fingerprint does not move.
 *
 * <p>Ownership: one table per {@link Searcher}, written and read by that searcher's thread alone (a DTS helper has
 * its own), so it needs no atomics. Direct-mapped, {@code 1 << BITS} entries of four longs (128 KiB in all): white's
 * pawns, black's pawns, the passed pawns of both sides, and the packed score.
 */
public final class PawnHash {
    static final int BITS = 12;
    private final long[] slots = new long[4 << BITS];

    /**
     * A 64-bit hash of a pawn structure, best in its high bits: the index of this table and of the search's
     * correction history ({@code Searcher.pawnIndex}) are its top bits.
     */
    static long hash(long wPawns, long bPawns) {
        long h = wPawns * 0x9E3779B97F4A7C15L ^ bPawns * 0xC2B2AE3D27D4EB4FL;
        return h ^ (h >>> 29);
    }

    /** Index of the entry for these pawns (whether or not it holds them). */
    static int slot(long wPawns, long bPawns) {
        return (int) (hash(wPawns, bPawns) >>> (64 - BITS)) << 2;
    }

    /**
     * The entry index for these pawns, computed and stored on a miss. Never a false hit: the pawn
     * sets are compared, and an empty slot (both zero) is only "found" for a position without pawns, whose
     * structure score and passed set are zero, which is what an empty slot holds.
     */
    int probe(long wPawns, long bPawns) {
        int i = slot(wPawns, bPawns);
        if (slots[i] != wPawns || slots[i + 1] != bPawns) {
            slots[i] = wPawns;
            slots[i + 1] = bPawns;
            slots[i + 2] = Evaluator.passedPawns(wPawns, bPawns);
            slots[i + 3] = Evaluator.pawnStructure(wPawns, bPawns, slots[i + 2]);
        }
        return i;
    }

    long passed(int i) { return slots[i + 2]; }

    /** {@link Evaluator#pawnStructure}'s packed (midgame, endgame) score, white minus black. */
    long score(int i) { return slots[i + 3]; }
}
