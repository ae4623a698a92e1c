package gacrux.search;

import gacrux.board.Move;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * TREEDUMP: a path-keyed, line-oriented trace of the full-width search (docs/treedump-format.md).
 *
 * <p>Off unless the JVM starts with {@code -Dgacrux.treedump=PATH} (or the {@code treedump} command sets the
 * property before this class is first used). {@link #ON} is read once, in this class's initialiser, into a
 * {@code static final} field: the JIT treats it as a constant, so every {@code if (TreeDump.ON)} in the search
 * is removed from compiled code when tracing is off, the JVM's equivalent of a compile-time flag.
 *
 * <p>Each line is formatted in the calling searcher's own buffer and written with one {@code write} call on an
 * unbuffered file under a lock: lines of several DTS workers never interleave, and a killed process leaves only
 * whole lines (the file's last byte is always a newline). Nothing is written to stdout.
 */
public final class TreeDump {
    private TreeDump() {}

    public static final String PROPERTY = "gacrux.treedump";

    /** A MOVE line's {@code kind}: how the move came to be searched at its node (docs/treedump-format.md). */
    public enum Kind {
        FIRST, HASH, CAP, QUIET, NULL, PROBCUT;
        /** The token written to the file. */
        public String token() { return name(); }
    }

    /** A MOVE line's {@code act}: what the search did with the move (searched how, or pruned by which rule). */
    public enum Act {
        FULL("FULL"), LMR("LMR"), LMR_RESEARCH("LMR-RESEARCH"), EXT("EXT"), NMP("NMP"),
        SEE_CAP("SEE-CAP"), SEE_QUIET("SEE-QUIET"), LMP("LMP"), FP_QUIET("FP-QUIET"), HIST_PRUNE("HIST-PRUNE"), PROBCUT("PROBCUT");
        private final String token;
        Act(String token) { this.token = token; }
        /** The token written to the file (the format's spelling, with hyphens). */
        public String token() { return token; }
        /** The act a file's token names, or null. */
        public static Act of(String token) {
            for (Act a : values()) if (a.token.equals(token)) return a;
            return null;
        }
    }
    /** The value written for the score of a move that was pruned without being searched. */
    public static final int SKIPPED = Integer.MIN_VALUE;

    private static final String PATH = configuredPath();
    /** Tracing on: the property was set to a non-blank path when this class was initialised. */
    public static final boolean ON = PATH != null;
    private static final FileOutputStream OUT = ON ? open(PATH) : null;
    private static long lines;
    private static boolean failed = OUT == null;

    private static String configuredPath() {
        String s = System.getProperty(PROPERTY);
        return s == null || s.isBlank() ? null : s.trim();
    }

    private static FileOutputStream open(String path) {
        try {
            return new FileOutputStream(path, false);
        } catch (IOException e) {
            System.err.println("treedump: cannot open " + path + ": " + e.getMessage() + " (no trace is written)");
            return null;
        }
    }

    /** The file being written, or null when tracing is off. */
    public static String path() { return PATH; }

    /** Lines written so far. */
    public static synchronized long lines() { return lines; }

    /** A buffer for one searcher's lines (null when tracing is off, so a searcher allocates nothing). */
    static StringBuilder newBuffer() { return ON ? new StringBuilder(256) : null; }

    /**
     * {@code MOVE}: the move path[ply] of the node reached by path[0..ply-1]. Depth, alpha and beta are the
     * node's; score is the move's score from the node's side, or {@link #SKIPPED}.
     */
    static void move(StringBuilder sb, int[] path, int ply, int depth, int alpha, int beta, Kind kind, Act act,
                     int r, int ext, int score) {
        sb.setLength(0);
        sb.append("MOVE path=\"");
        appendPath(sb, path, ply + 1);
        sb.append("\" depth=");
        plies(sb, depth);
        sb.append(" alpha=").append(alpha).append(" beta=").append(beta).append(" kind=").append(kind.token())
          .append(" act=").append(act.token()).append(" r=");
        plies(sb, r);
        sb.append(" ext=");
        plies(sb, ext);
        sb.append(" score=");
        if (score == SKIPPED) sb.append("SKIPPED");
        else sb.append(score);
        emit(sb);
    }

    /** {@code RESULT}: the node reached by path[0..ply-1], its original window, static eval and score. */
    static void result(StringBuilder sb, int[] path, int ply, int depth, int alpha, int beta, int eval, int score) {
        sb.setLength(0);
        sb.append("RESULT path=\"");
        appendPath(sb, path, ply);
        sb.append("\" depth=");
        plies(sb, depth);
        sb.append(" alpha=").append(alpha).append(" beta=").append(beta).append(" eval=").append(eval)
          .append(" bound=").append(score >= beta ? "LOWER" : score <= alpha ? "UPPER" : "EXACT")
          .append(" score=").append(score);
        emit(sb);
    }

    private static void appendPath(StringBuilder sb, int[] path, int n) {
        for (int i = 0; i < n; i++) {
            if (i > 0) sb.append(' ');
            sb.append(Move.toUci(path[i])); // the null move is 0000
        }
    }

    /** Whole plies as a float with two decimals (Gacrux's depths are integral). */
    private static void plies(StringBuilder sb, int n) {
        sb.append(n).append(".00");
    }

    private static synchronized void emit(StringBuilder sb) {
        if (failed) return;
        sb.append('\n');
        try {
            OUT.write(sb.toString().getBytes(StandardCharsets.US_ASCII));
            lines++;
        } catch (IOException e) {
            failed = true;
            System.err.println("treedump: write failed: " + e.getMessage() + " (trace stopped)");
        }
    }
}
