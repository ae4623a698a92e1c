package gacrux.search;

import gacrux.board.Position;

import static gacrux.board.Bitboards.*;
import static gacrux.board.Piece.*;

/**
 * Hand-written static evaluation, in centipawns from the side to move's point of view.
 *
 * <p>Every term is computed by the same code for both colours on "relative" squares (a square seen from
 * its owner's side, {@code sq ^ 56} for black), summed as white minus black, tapered between a midgame and
 * an endgame score by the remaining non-pawn material, optionally scaled down for drawish material, and
 * finally negated when black is to move. Because no term looks at a colour in any other way, and Java's
 * integer division truncates towards zero (so {@code (-x) / n == -(x / n)}), the result is exactly
 * colour-symmetric: {@code evaluate(p) == evaluate(p.mirrored())}.
 *
 * <p>{@link #evaluate} allocates nothing: it reads the position's bitboards and static tables only.
 * The values were chosen by hand from general chess knowledge; see docs/evaluation.md.
 */
public final class Evaluator {
    private Evaluator() {}

    /**
     * Simple piece values for move ordering and SEE, indexed by piece type (index 0 = none).
     * The king is given a large value (20000) so that "capturing" with it sorts last as an attacker and
     * any exchange that would lose it is never considered profitable; it is never added to material.
     */
    public static final int[] PIECE_VALUE = {0, 100, 320, 330, 500, 950, 20000};

    /** Material actually used by the evaluation, midgame and endgame, by piece type. */
    static final int[] MG_VALUE = {0, 85, 325, 340, 480, 990, 0};
    static final int[] EG_VALUE = {0, 105, 300, 320, 525, 945, 0};

    /** Game-phase weight per piece type; the sum is 24 with all pieces on the board. */
    static final int[] PHASE_WEIGHT = {0, 0, 1, 1, 2, 4, 0};
    static final int MAX_PHASE = 24;

    static final int TEMPO = 10;

    // Pawn structure (penalties are positive numbers, subtracted).
    static final int DOUBLED_MG = 10, DOUBLED_EG = 20;
    static final int ISOLATED_MG = 12, ISOLATED_EG = 15;
    static final int BACKWARD_MG = 8, BACKWARD_EG = 10;
    static final int SUPPORTED_MG = 5, SUPPORTED_EG = 6;
    static final int PHALANX_MG = 4, PHALANX_EG = 4;
    /** Passed-pawn bonus by relative rank (0 = first rank). */
    static final int[] PASSED_MG = {0, 5, 8, 14, 28, 48, 75, 0};
    static final int[] PASSED_EG = {0, 10, 15, 28, 50, 85, 135, 0};

    // Pieces.
    static final int BISHOP_PAIR_MG = 30, BISHOP_PAIR_EG = 50;
    static final int ROOK_OPEN_MG = 25, ROOK_OPEN_EG = 10;
    static final int ROOK_SEMI_MG = 12, ROOK_SEMI_EG = 8;

    /** Mobility: bonus per safe square above (penalty below) a typical count, by piece type. */
    static final int[] MOB_MG = {0, 0, 4, 5, 2, 1, 0};
    static final int[] MOB_EG = {0, 0, 4, 5, 4, 2, 0};
    static final int[] MOB_CENTER = {0, 0, 4, 6, 6, 12, 0};

    // King safety.
    /** Attack units per attacked king-zone square, by attacker type. */
    static final int[] KING_ATTACK_WEIGHT = {0, 0, 2, 2, 3, 5, 0};
    static final int KING_DANGER_MAX = 450;
    static final int SHIELD_NEAR = 12, SHIELD_FAR = 6, SHIELD_OPEN_FILE = 15;

    /** Squares of one colour: a1 is dark, so this is the dark-square set. */
    static final long DARK_SQUARES = 0xAA55AA55AA55AA55L;

    /**
     * Piece-square tables written from white's point of view as seen on a diagram: the first row of each
     * is the 8th rank, a-file first. They are converted to square order (a1 = 0) in the static block.
     */
    private static final int[] PAWN_MG_T = {
          0,   0,   0,   0,   0,   0,   0,   0,
         30,  35,  40,  45,  45,  40,  35,  30,
         10,  12,  18,  26,  26,  18,  12,  10,
          2,   4,   8,  20,  20,   8,   4,   2,
          0,   0,   4,  16,  16,   2,  -4,  -6,
          2,   2,   4,   6,   6,   0,   0,   2,
          4,   4,   2,  -8,  -8,   4,   6,   4,
          0,   0,   0,   0,   0,   0,   0,   0};
    private static final int[] PAWN_EG_T = {
          0,   0,   0,   0,   0,   0,   0,   0,
         35,  35,  30,  30,  30,  30,  35,  35,
         20,  20,  18,  15,  15,  18,  20,  20,
         10,  10,   8,   6,   6,   8,  10,  10,
          4,   4,   2,   0,   0,   2,   4,   4,
          0,   0,   0,  -2,  -2,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0};
    private static final int[] KNIGHT_MG_T = {
        -50, -30, -20, -15, -15, -20, -30, -50,
        -30, -10,   0,   5,   5,   0, -10, -30,
        -20,   5,  15,  20,  20,  15,   5, -20,
        -15,   5,  15,  25,  25,  15,   5, -15,
        -15,   0,  12,  20,  20,  12,   0, -15,
        -20,   0,  10,  10,  10,  10,   0, -20,
        -30, -15,   0,   5,   5,   0, -15, -30,
        -50, -30, -20, -20, -20, -20, -30, -50};
    private static final int[] KNIGHT_EG_T = {
        -40, -25, -15, -10, -10, -15, -25, -40,
        -25, -10,  -2,   2,   2,  -2, -10, -25,
        -15,  -2,   8,  12,  12,   8,  -2, -15,
        -10,   2,  12,  18,  18,  12,   2, -10,
        -10,   2,  12,  18,  18,  12,   2, -10,
        -15,  -2,   8,  12,  12,   8,  -2, -15,
        -25, -10,  -2,   2,   2,  -2, -10, -25,
        -40, -25, -15, -10, -10, -15, -25, -40};
    private static final int[] BISHOP_MG_T = {
        -15,  -8, -10, -10, -10, -10,  -8, -15,
         -8,   4,   0,   0,   0,   0,   4,  -8,
         -6,   6,   8,   8,   8,   8,   6,  -6,
         -4,   4,  10,  12,  12,  10,   4,  -4,
         -4,   8,  10,  12,  12,  10,   8,  -4,
         -2,   8,   8,   8,   8,   8,   8,  -2,
         -6,  12,   4,   4,   4,   4,  12,  -6,
        -15,  -6, -12,  -8,  -8, -12,  -6, -15};
    private static final int[] BISHOP_EG_T = {
        -12,  -8,  -6,  -4,  -4,  -6,  -8, -12,
         -8,  -2,   0,   2,   2,   0,  -2,  -8,
         -6,   0,   4,   6,   6,   4,   0,  -6,
         -4,   2,   6,   8,   8,   6,   2,  -4,
         -4,   2,   6,   8,   8,   6,   2,  -4,
         -6,   0,   4,   6,   6,   4,   0,  -6,
         -8,  -2,   0,   2,   2,   0,  -2,  -8,
        -12,  -8,  -6,  -4,  -4,  -6,  -8, -12};
    private static final int[] ROOK_MG_T = {
          8,  10,  12,  14,  14,  12,  10,   8,
         18,  20,  22,  24,  24,  22,  20,  18,
          0,   2,   4,   6,   6,   4,   2,   0,
         -4,   0,   2,   4,   4,   2,   0,  -4,
         -6,  -2,   0,   2,   2,   0,  -2,  -6,
         -8,  -4,   0,   0,   0,   0,  -4,  -8,
        -10,  -6,  -2,   0,   0,  -2,  -6, -10,
         -4,  -2,   2,   8,   8,   4,  -2,  -4};
    private static final int[] ROOK_EG_T = {
          6,   6,   6,   6,   6,   6,   6,   6,
         10,  10,  10,  10,  10,  10,  10,  10,
          4,   4,   4,   4,   4,   4,   4,   4,
          2,   2,   2,   2,   2,   2,   2,   2,
          0,   0,   0,   0,   0,   0,   0,   0,
         -2,  -2,  -2,  -2,  -2,  -2,  -2,  -2,
         -4,  -4,  -4,  -4,  -4,  -4,  -4,  -4,
         -4,  -2,   0,   0,   0,   0,  -2,  -4};
    private static final int[] QUEEN_MG_T = {
        -12,  -8,  -6,  -4,  -4,  -6,  -8, -12,
         -8,  -4,   0,   0,   0,   0,  -4,  -8,
         -6,   0,   2,   2,   2,   2,   0,  -6,
         -4,   0,   2,   4,   4,   2,   0,  -4,
         -4,   0,   2,   4,   4,   2,   0,  -4,
         -6,   2,   2,   2,   2,   2,   0,  -6,
         -8,   0,   2,   2,   2,   0,   0,  -8,
        -12,  -8,  -4,   2,  -4,  -8,  -8, -12};
    private static final int[] QUEEN_EG_T = {
        -16, -10,  -8,  -6,  -6,  -8, -10, -16,
        -10,  -4,   0,   2,   2,   0,  -4, -10,
         -8,   0,   6,   8,   8,   6,   0,  -8,
         -6,   2,   8,  12,  12,   8,   2,  -6,
         -6,   2,   8,  12,  12,   8,   2,  -6,
         -8,   0,   6,   8,   8,   6,   0,  -8,
        -10,  -4,   0,   2,   2,   0,  -4, -10,
        -16, -10,  -8,  -6,  -6,  -8, -10, -16};
    private static final int[] KING_MG_T = {
        -60, -60, -60, -60, -60, -60, -60, -60,
        -50, -50, -50, -50, -50, -50, -50, -50,
        -40, -40, -45, -50, -50, -45, -40, -40,
        -35, -35, -40, -45, -45, -40, -35, -35,
        -30, -30, -35, -40, -40, -35, -30, -30,
        -20, -20, -25, -30, -30, -25, -20, -20,
          0,   0, -10, -20, -20, -10,   0,   0,
         15,  25,   8, -10,  -5,   5,  30,  20};
    private static final int[] KING_EG_T = {
        -50, -35, -25, -20, -20, -25, -35, -50,
        -30, -12,  -2,   4,   4,  -2, -12, -30,
        -25,  -2,  12,  18,  18,  12,  -2, -25,
        -20,   4,  18,  26,  26,  18,   4, -20,
        -20,   4,  18,  26,  26,  18,   4, -20,
        -25,  -2,  12,  18,  18,  12,  -2, -25,
        -30, -12,  -2,   4,   4,  -2, -12, -30,
        -50, -35, -25, -20, -20, -25, -35, -50};

    /** Material + piece-square value, [colour][type][actual square], from that colour's own point of view. */
    static final int[][][] PSQ_MG = new int[2][7][64];
    static final int[][][] PSQ_EG = new int[2][7][64];

    /** Squares in front of a pawn on the same file, [colour][square]. */
    static final long[] FRONT_SPAN_W = new long[64], FRONT_SPAN_B = new long[64];
    /** Squares in front on the same and the adjacent files: no enemy pawn there means passed. */
    static final long[] PASSED_W = new long[64], PASSED_B = new long[64];
    /** Adjacent files, same rank or behind: no own pawn there (and a hostile stop square) means backward. */
    static final long[] BACKWARD_W = new long[64], BACKWARD_B = new long[64];
    /** The two neighbouring files of a file. */
    static final long[] ADJACENT_FILES = new long[8];
    /** King neighbourhood plus one more rank towards the enemy, [colour][king square]. */
    static final long[] KING_ZONE_W = new long[64], KING_ZONE_B = new long[64];
    static final int[][] DISTANCE = new int[64][64];

    static {
        int[][] mgT = {null, PAWN_MG_T, KNIGHT_MG_T, BISHOP_MG_T, ROOK_MG_T, QUEEN_MG_T, KING_MG_T};
        int[][] egT = {null, PAWN_EG_T, KNIGHT_EG_T, BISHOP_EG_T, ROOK_EG_T, QUEEN_EG_T, KING_EG_T};
        for (int t = PAWN; t <= KING; t++) {
            for (int sq = 0; sq < 64; sq++) {
                int diagram = (7 - (sq >> 3)) * 8 + (sq & 7);   // white's view of square sq
                PSQ_MG[WHITE][t][sq] = MG_VALUE[t] + mgT[t][diagram];
                PSQ_EG[WHITE][t][sq] = EG_VALUE[t] + egT[t][diagram];
                PSQ_MG[BLACK][t][sq ^ 56] = PSQ_MG[WHITE][t][sq];
                PSQ_EG[BLACK][t][sq ^ 56] = PSQ_EG[WHITE][t][sq];
            }
        }
        for (int f = 0; f < 8; f++) {
            long adj = 0;
            if (f > 0) adj |= FILE_A << (f - 1);
            if (f < 7) adj |= FILE_A << (f + 1);
            ADJACENT_FILES[f] = adj;
        }
        for (int sq = 0; sq < 64; sq++) {
            int f = sq & 7, r = sq >> 3;
            long file = FILE_A << f;
            long above = r == 7 ? 0 : -1L << (8 * (r + 1));          // ranks strictly above r
            long below = r == 0 ? 0 : -1L >>> (8 * (8 - r));         // ranks strictly below r
            long rank = RANK_1 << (8 * r);
            FRONT_SPAN_W[sq] = file & above;
            FRONT_SPAN_B[sq] = file & below;
            PASSED_W[sq] = (file | ADJACENT_FILES[f]) & above;
            PASSED_B[sq] = (file | ADJACENT_FILES[f]) & below;
            BACKWARD_W[sq] = ADJACENT_FILES[f] & (below | rank);
            BACKWARD_B[sq] = ADJACENT_FILES[f] & (above | rank);
            long ring = KING_ATTACKS[sq] | (1L << sq);
            KING_ZONE_W[sq] = ring | (ring << 8);
            KING_ZONE_B[sq] = ring | (ring >>> 8);
            for (int o = 0; o < 64; o++) {
                DISTANCE[sq][o] = Math.max(Math.abs(f - (o & 7)), Math.abs(r - (o >> 3)));
            }
        }
    }

    /** Static evaluation in centipawns, positive when the side to move stands better. Allocation-free. */
    public static int evaluate(Position p) {
        final long occ = p.occupied();
        final long wPawns = p.pieces(WHITE, PAWN), bPawns = p.pieces(BLACK, PAWN);
        final long allPawns = wPawns | bPawns;
        // Squares attacked by each side's pawns.
        final long wPawnAtt = ((wPawns & ~FILE_A) << 7) | ((wPawns & ~FILE_H) << 9);
        final long bPawnAtt = ((bPawns & ~FILE_A) >>> 9) | ((bPawns & ~FILE_H) >>> 7);
        final int wKing = p.kingSquare(WHITE), bKing = p.kingSquare(BLACK);

        int mg = 0, eg = 0, phase = 0;
        int wNpm = 0, bNpm = 0;   // non-pawn material in PIECE_VALUE units, for draw scaling

        for (int c = WHITE; c <= BLACK; c++) {
            final int them = c ^ 1;
            final long own = p.occupancy(c);
            final long ownPawns = c == WHITE ? wPawns : bPawns;
            final long theirPawns = c == WHITE ? bPawns : wPawns;
            final long mobilityArea = ~own & ~(c == WHITE ? bPawnAtt : wPawnAtt);
            final int ownKing = c == WHITE ? wKing : bKing;
            final int theirKing = c == WHITE ? bKing : wKing;
            final long theirZone = c == WHITE ? KING_ZONE_B[bKing] : KING_ZONE_W[wKing];
            final int[][] psqMg = PSQ_MG[c], psqEg = PSQ_EG[c];
            int m = 0, e = 0, npm = 0;
            int attackers = 0, attackUnits = 0;

            // ---- pawns ----
            for (long b = ownPawns; b != 0; b &= b - 1) {
                int sq = Long.numberOfTrailingZeros(b);
                m += psqMg[PAWN][sq];
                e += psqEg[PAWN][sq];
                int f = sq & 7;
                int relRank = c == WHITE ? sq >> 3 : 7 - (sq >> 3);
                long front = c == WHITE ? FRONT_SPAN_W[sq] : FRONT_SPAN_B[sq];
                boolean blockedByOwn = (ownPawns & front) != 0;
                if (blockedByOwn) { m -= DOUBLED_MG; e -= DOUBLED_EG; }
                if ((PAWN_ATTACKS[them][sq] & ownPawns) != 0) { m += SUPPORTED_MG; e += SUPPORTED_EG; }
                if ((ownPawns & ADJACENT_FILES[f] & (RANK_1 << (sq & 56))) != 0) { m += PHALANX_MG; e += PHALANX_EG; }
                boolean passed = !blockedByOwn
                        && (theirPawns & (c == WHITE ? PASSED_W[sq] : PASSED_B[sq])) == 0;
                if ((ownPawns & ADJACENT_FILES[f]) == 0) {
                    m -= ISOLATED_MG;
                    e -= ISOLATED_EG;
                } else if (!passed && relRank < 6
                        && (ownPawns & (c == WHITE ? BACKWARD_W[sq] : BACKWARD_B[sq])) == 0
                        && (PAWN_ATTACKS[c][c == WHITE ? sq + 8 : sq - 8] & theirPawns) != 0) {
                    m -= BACKWARD_MG;
                    e -= BACKWARD_EG;
                }
                if (passed) {
                    int stop = c == WHITE ? sq + 8 : sq - 8;
                    int pm = PASSED_MG[relRank], pe = PASSED_EG[relRank];
                    if ((occ & (1L << stop)) != 0) pe -= pe / 4;
                    if (relRank >= 3) {
                        // Endgame race: the defending king should be near the stop square, ours near too.
                        int w = relRank - 2;
                        pe += w * (4 * DISTANCE[theirKing][stop] - 2 * DISTANCE[ownKing][stop]);
                    }
                    m += pm;
                    e += pe;
                }
            }

            // ---- knights ----
            for (long b = p.pieces(c, KNIGHT); b != 0; b &= b - 1) {
                int sq = Long.numberOfTrailingZeros(b);
                m += psqMg[KNIGHT][sq];
                e += psqEg[KNIGHT][sq];
                npm += PIECE_VALUE[KNIGHT];
                phase += 1;
                long att = KNIGHT_ATTACKS[sq];
                int mob = Long.bitCount(att & mobilityArea) - MOB_CENTER[KNIGHT];
                m += mob * MOB_MG[KNIGHT];
                e += mob * MOB_EG[KNIGHT];
                long z = att & theirZone;
                if (z != 0) { attackers++; attackUnits += KING_ATTACK_WEIGHT[KNIGHT] * Long.bitCount(z); }
            }

            // ---- bishops ----
            long bishops = p.pieces(c, BISHOP);
            if ((bishops & (bishops - 1)) != 0) { m += BISHOP_PAIR_MG; e += BISHOP_PAIR_EG; }
            for (long b = bishops; b != 0; b &= b - 1) {
                int sq = Long.numberOfTrailingZeros(b);
                m += psqMg[BISHOP][sq];
                e += psqEg[BISHOP][sq];
                npm += PIECE_VALUE[BISHOP];
                phase += 1;
                long att = bishopAttacks(sq, occ);
                int mob = Long.bitCount(att & mobilityArea) - MOB_CENTER[BISHOP];
                m += mob * MOB_MG[BISHOP];
                e += mob * MOB_EG[BISHOP];
                long z = att & theirZone;
                if (z != 0) { attackers++; attackUnits += KING_ATTACK_WEIGHT[BISHOP] * Long.bitCount(z); }
            }

            // ---- rooks ----
            for (long b = p.pieces(c, ROOK); b != 0; b &= b - 1) {
                int sq = Long.numberOfTrailingZeros(b);
                m += psqMg[ROOK][sq];
                e += psqEg[ROOK][sq];
                npm += PIECE_VALUE[ROOK];
                phase += 2;
                long file = FILE_A << (sq & 7);
                if ((allPawns & file) == 0) { m += ROOK_OPEN_MG; e += ROOK_OPEN_EG; }
                else if ((ownPawns & file) == 0) { m += ROOK_SEMI_MG; e += ROOK_SEMI_EG; }
                long att = rookAttacks(sq, occ);
                int mob = Long.bitCount(att & mobilityArea) - MOB_CENTER[ROOK];
                m += mob * MOB_MG[ROOK];
                e += mob * MOB_EG[ROOK];
                long z = att & theirZone;
                if (z != 0) { attackers++; attackUnits += KING_ATTACK_WEIGHT[ROOK] * Long.bitCount(z); }
            }

            // ---- queens ----
            for (long b = p.pieces(c, QUEEN); b != 0; b &= b - 1) {
                int sq = Long.numberOfTrailingZeros(b);
                m += psqMg[QUEEN][sq];
                e += psqEg[QUEEN][sq];
                npm += PIECE_VALUE[QUEEN];
                phase += 4;
                long att = rookAttacks(sq, occ) | bishopAttacks(sq, occ);
                int mob = Long.bitCount(att & mobilityArea) - MOB_CENTER[QUEEN];
                m += mob * MOB_MG[QUEEN];
                e += mob * MOB_EG[QUEEN];
                long z = att & theirZone;
                if (z != 0) { attackers++; attackUnits += KING_ATTACK_WEIGHT[QUEEN] * Long.bitCount(z); }
            }

            // ---- king: placement, pawn shield (midgame only) ----
            m += psqMg[KING][ownKing];
            e += psqEg[KING][ownKing];
            int kf = ownKing & 7;
            int kRel = c == WHITE ? ownKing >> 3 : 7 - (ownKing >> 3);
            if (kRel <= 1 && (kf <= 2 || kf >= 5)) {
                int nearRank = kRel + 1, farRank = kRel + 2;
                long near = RANK_1 << (8 * (c == WHITE ? nearRank : 7 - nearRank));
                long far = RANK_1 << (8 * (c == WHITE ? farRank : 7 - farRank));
                int center = kf < 1 ? 1 : (kf > 6 ? 6 : kf);
                for (int f = center - 1; f <= center + 1; f++) {
                    long filePawns = ownPawns & (FILE_A << f);
                    if ((filePawns & near) != 0) m += SHIELD_NEAR;
                    else if ((filePawns & far) != 0) m += SHIELD_FAR;
                    else if (filePawns == 0) m -= SHIELD_OPEN_FILE;
                }
            }

            // ---- our pressure on their king zone (midgame only, so it fades with the phase) ----
            if (attackers >= 2) {
                int danger = attackUnits * attackUnits / 5;
                m += Math.min(danger, KING_DANGER_MAX);
            }

            if (c == WHITE) { mg += m; eg += e; wNpm = npm; }
            else { mg -= m; eg -= e; bNpm = npm; }
        }

        if (phase > MAX_PHASE) phase = MAX_PHASE;
        int score = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
        score += p.sideToMove() == WHITE ? TEMPO : -TEMPO;

        // ---- drawish material ----
        if (score != 0) {
            int strong = score > 0 ? WHITE : BLACK;
            long strongPawns = strong == WHITE ? wPawns : bPawns;
            int sNpm = strong == WHITE ? wNpm : bNpm;
            int wkNpm = strong == WHITE ? bNpm : wNpm;
            int scale = 64;
            if (strongPawns == 0) {
                if (sNpm < PIECE_VALUE[ROOK]) scale = 0;                        // lone minor (or nothing): cannot mate
                else if (sNpm == 2 * PIECE_VALUE[KNIGHT] && wkNpm == 0
                        && Long.bitCount(p.pieces(strong, KNIGHT)) == 2) scale = 4;  // two knights cannot force mate
                else if (sNpm - wkNpm <= PIECE_VALUE[BISHOP]) scale = 16;        // up a minor or less, no pawns
            } else if (wNpm == PIECE_VALUE[BISHOP] && bNpm == PIECE_VALUE[BISHOP]) {
                long wb = p.pieces(WHITE, BISHOP), bb = p.pieces(BLACK, BISHOP);
                if (((wb & DARK_SQUARES) != 0) != ((bb & DARK_SQUARES) != 0)) scale = 32; // opposite-coloured bishops
            }
            if (scale != 64) score = score * scale / 64;
        }
        return p.sideToMove() == WHITE ? score : -score;
    }
}
