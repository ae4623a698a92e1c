package gacrux.board;

/** Piece codes: type in the low 3 bits, colour in bit 3 (white 1..6, black 9..14, 0 = empty). */
public final class Piece {
    private Piece() {}

    public static final int WHITE = 0, BLACK = 1;
    public static final int NONE = 0, PAWN = 1, KNIGHT = 2, BISHOP = 3, ROOK = 4, QUEEN = 5, KING = 6;

    public static int make(int color, int type) { return (color << 3) | type; }
    public static int type(int piece) { return piece & 7; }
    public static int color(int piece) { return piece >>> 3; }

    private static final String LETTERS = " PNBRQK  pnbrqk";

    public static char letter(int piece) { return LETTERS.charAt(piece); }

    /** FEN letter to piece code, or -1. */
    public static int fromLetter(char c) {
        int i = LETTERS.indexOf(c);
        return (c == ' ' || i < 0) ? -1 : i;
    }
}
