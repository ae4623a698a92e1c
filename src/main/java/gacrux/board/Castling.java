package gacrux.board;

import static gacrux.board.Piece.*;

/**
 * Where castling starts and ends in one game: the king's and each castling rook's home squares, decided once
 * when a FEN is read, so the move generator and {@code makeMove} only look up precomputed squares and masks.
 * Immutable and shared by reference between a position and its copies (a copy costs one field).
 *
 * Right i (bit {@code 1 << i} of {@link Position#castlingRights()}): 0 white h-side (K), 1 white a-side (Q),
 * 2 black h-side (k), 3 black a-side (q). In Chess960 "h-side" means the rook is on a file above the king's.
 * Whatever the start, castling ends as in chess: king on the g- or c-file, rook on the f- or d-file.
 *
 * The castling move is encoded with the king's square as from and, as UCI writes it, the king's destination
 * as to in standard chess ({@code e1g1}), the castling rook's square in Chess960 ({@code e1h1}, "king takes
 * own rook"), so {@link Move#toUci} needs no mode.
 */
public final class Castling {
    /** Standard chess: king on e1/e8, rooks on the corners. */
    public static final Castling STANDARD = new Castling(false, new int[]{4, 60}, new int[]{7, 0, 63, 56});

    /** Chess960 mode: castling moves are written king-takes-rook, FEN castling fields in Shredder form. */
    final boolean chess960;
    /** Per colour, the king's home square (-1: no castling right of that colour). */
    final int[] kingFrom = new int[2];
    /** Per right: the rook's home square (-1: no such right), and where king and rook end. */
    final int[] rookFrom = new int[4], kingTo = new int[4], rookTo = new int[4];
    /** Per right: squares that must be empty (between king and its destination, rook and its destination). */
    final long[] empty = new long[4];
    /** Per right: squares the king passes or lands on, which must not be attacked (with king and rook lifted). */
    final long[] kingPath = new long[4];
    /** Per right: king and rook, lifted off the board for the attack test. */
    final long[] lifted = new long[4];
    /** Per right: the castling move as generated. */
    final int[] move = new int[4];
    /** Rights kept when a move starts on or reaches a square: a king's or castling rook's home square clears them. */
    final int[] keep = new int[64];

    /** kingSq per colour and rookSq per right, -1 where none. */
    Castling(boolean chess960, int[] kingSq, int[] rookSq) {
        this.chess960 = chess960;
        java.util.Arrays.fill(keep, 15);
        for (int c = 0; c < 2; c++) {
            kingFrom[c] = kingSq[c];
            if (kingSq[c] >= 0) keep[kingSq[c]] &= ~(3 << (2 * c));
        }
        for (int i = 0; i < 4; i++) {
            int rf = rookSq[i];
            rookFrom[i] = rf;
            if (rf < 0) continue;
            int back = (i >> 1) == WHITE ? 0 : 56;
            boolean hSide = (i & 1) == 0;
            int kf = kingSq[i >> 1], kt = back + (hSide ? 6 : 2), rt = back + (hSide ? 5 : 3);
            kingTo[i] = kt;
            rookTo[i] = rt;
            long k = 1L << kf, r = 1L << rf;
            kingPath[i] = span(kf, kt) & ~k | (1L << kt);
            empty[i] = (span(kf, kt) | span(rf, rt)) & ~(k | r);
            lifted[i] = k | r;
            move[i] = Move.make(kf, chess960 ? rf : kt, KING, 0, 0, Move.CASTLE);
            keep[rf] &= ~(1 << i);
        }
    }

    /** The squares from a to b on one rank, both included. */
    private static long span(int a, int b) {
        long s = 0;
        for (int sq = Math.min(a, b); sq <= Math.max(a, b); sq++) s |= 1L << sq;
        return s;
    }

    public boolean chess960() { return chess960; }

    /** The home square of the castling rook of right i (0..3), -1 if the game has no such right. */
    public int rookSquare(int right) { return rookFrom[right]; }

    /** The same castling with colours swapped and the board flipped (for {@link Position#mirrored}). */
    Castling mirrored() {
        if (this == STANDARD) return this;
        int[] k = {flip(kingFrom[1]), flip(kingFrom[0])};
        int[] r = {flip(rookFrom[2]), flip(rookFrom[3]), flip(rookFrom[0]), flip(rookFrom[1])};
        return new Castling(chess960, k, r);
    }

    private static int flip(int sq) { return sq < 0 ? sq : sq ^ 56; }

    /** Right index (0..3) of a castling move by colour us: the h-side when it goes to a higher square. */
    static int rightOf(int us, int from, int to) {
        return (us << 1) | (to > from ? 0 : 1);
    }
}
