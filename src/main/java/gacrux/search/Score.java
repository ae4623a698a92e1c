package gacrux.search;

/** Score conventions: centipawns from the side to move; mate in n plies is MATE - n. */
public final class Score {
    private Score() {}

    public static final int INFINITE = 32000;
    public static final int MATE = 31000;
    public static final int MAX_PLY = 128;
    /** Any score at least this large is a forced mate. */
    public static final int MATE_BOUND = MATE - 2 * MAX_PLY;
    public static final int DRAW = 0;

    public static boolean isMate(int score) { return Math.abs(score) >= MATE_BOUND; }

    /** Mate in moves (positive: we mate), UCI convention. */
    public static int mateMoves(int score) {
        return score > 0 ? (MATE - score + 1) / 2 : -(MATE + score) / 2;
    }

    /** The UCI text for a score: "cp 23" or "mate -3". */
    public static String uci(int score) {
        return isMate(score) ? "mate " + mateMoves(score) : "cp " + score;
    }
}
