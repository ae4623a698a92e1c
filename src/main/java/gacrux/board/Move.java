package gacrux.board;

/**
 * A move packed in an int, so move lists are plain int arrays and nothing is allocated per node.
 * <pre>
 * bits  0..5   from square
 * bits  6..11  to square (castling: the king's destination in standard chess, e1g1; the castling
 *               rook's square in Chess960, e1h1; see {@link Castling})
 * bits 12..14  promotion piece type (0 = none)
 * bits 15..16  kind: 0 normal, 1 castling, 2 en passant, 3 double pawn push
 * bits 17..19  moving piece type
 * bits 20..22  captured piece type (0 = none; PAWN for en passant)
 * </pre>
 * 0 is "no move" (a1a1 is never legal). The null move is written 0000 in UCI.
 */
public final class Move {
    private Move() {}

    public static final int NONE = 0;
    public static final int NORMAL = 0, CASTLE = 1, EN_PASSANT = 2, DOUBLE_PUSH = 3;

    public static int make(int from, int to, int mover, int captured, int promo, int kind) {
        return from | (to << 6) | (promo << 12) | (kind << 15) | (mover << 17) | (captured << 20);
    }

    public static int from(int m) { return m & 63; }
    public static int to(int m) { return (m >>> 6) & 63; }
    public static int promo(int m) { return (m >>> 12) & 7; }
    public static int kind(int m) { return (m >>> 15) & 3; }
    public static int mover(int m) { return (m >>> 17) & 7; }
    public static int captured(int m) { return (m >>> 20) & 7; }
    public static boolean isCapture(int m) { return captured(m) != 0; }
    /** Captures and promotions: the moves quiescence looks at. */
    public static boolean isTactical(int m) { return (m & ((7 << 20) | (7 << 12))) != 0; }

    public static String toUci(int m) {
        if (m == NONE) return "0000";
        String s = Bitboards.squareName(from(m)) + Bitboards.squareName(to(m));
        if (promo(m) != 0) s += "nbrq".charAt(promo(m) - Piece.KNIGHT);
        return s;
    }
}
