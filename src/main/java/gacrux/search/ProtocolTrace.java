package gacrux.search;

import gacrux.board.Move;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The DTS protocol trace (docs/dts-protocol.md, "The protocol trace"): one event per protocol step (HELP,
 * Split, Join, Select, Share, abort, Merge, Unsplit, Stop, bestmove) of one search, with the time since the
 * search started, the worker, the block (id and generation) and the node's facts.
 *
 * <p>Off by default: a search traces only when its {@link SearchControl} carries a recorder (set by
 * {@code explain}, {@code --protocol-trace FILE}, the tests, or by the DTS layer when the Logback logger
 * {@value #LOGGER} is at DEBUG). Events are per split, per Select and per message, never per node, so "off" costs
 * one null check per event.
 *
 * <p>Thread-safe: {@link #record} takes the recorder's lock, numbers the event (its {@code seq} is the order the
 * protocol happened in: every event is recorded before the step that could make a later one possible, e.g. a
 * Merge before the helper detaches, an Unsplit before the block goes back to the pool), keeps it in memory if
 * asked, logs it, and writes it to the JSON-lines file as one whole line with one unbuffered {@code write}.
 */
public final class ProtocolTrace {
    public static final String LOGGER = "gacrux.dts.protocol";
    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

    /** Event types: the paper's steps and the messages around them (the name is what the JSON lines carry). */
    public enum Type { HELP, SPLIT, JOIN_SENT, JOIN, JOIN_REFUSED, CHOOSE, SELECT, SHARE, ABORT, MERGE, UNSPLIT, STOP, BESTMOVE }

    /** Short names for the recording sites ({@code ProtocolTrace.SPLIT}); switches name the constants bare. */
    public static final Type HELP = Type.HELP, SPLIT = Type.SPLIT, JOIN_SENT = Type.JOIN_SENT, JOIN = Type.JOIN,
            JOIN_REFUSED = Type.JOIN_REFUSED, CHOOSE = Type.CHOOSE, SELECT = Type.SELECT, SHARE = Type.SHARE,
            ABORT = Type.ABORT, MERGE = Type.MERGE, UNSPLIT = Type.UNSPLIT, STOP = Type.STOP, BESTMOVE = Type.BESTMOVE;

    /**
     * One protocol event. Fields that do not apply are -1 (numbers) or "" (strings). alpha/beta are the block's
     * window at the moment (alpha includes shared results); left is the block's moves not yet selected.
     */
    public record Event(long seq, long micros, Type type, int worker, int block, int gen, int ply, int depth,
                        String nodeType, int left, int alpha, int beta, String move, int index, int score, String note) {

        public String toJson() {
            return "{\"seq\":" + seq + ",\"t\":" + micros + ",\"ev\":\"" + type + "\",\"w\":" + worker + ",\"blk\":"
                    + block + ",\"gen\":" + gen + ",\"ply\":" + ply + ",\"depth\":" + depth + ",\"nt\":\"" + nodeType
                    + "\",\"left\":" + left + ",\"alpha\":" + alpha + ",\"beta\":" + beta + ",\"move\":\"" + move
                    + "\",\"idx\":" + index + ",\"score\":" + score + ",\"note\":\"" + escape(note) + "\"}";
        }

        /** A human-readable line (the Logback form). */
        public String toText() {
            StringBuilder sb = new StringBuilder(96);
            sb.append(String.format("%9dus w%-2d %-12s", micros, worker, type));
            if (block >= 0) {
                sb.append(" #").append(block).append("/g").append(gen).append(" ply ").append(ply).append(" d ")
                  .append(depth).append(' ').append(nodeType).append(" left ").append(left)
                  .append(" [").append(alpha).append(',').append(beta).append(']');
            }
            if (!move.isEmpty()) sb.append(" move ").append(move);
            if (index >= 0) sb.append(" idx ").append(index);
            if (score != -1 && (type.equals(SHARE) || type.equals(ABORT) || type.equals(UNSPLIT) || type.equals(BESTMOVE)))
                sb.append(" score ").append(score);
            if (!note.isEmpty()) sb.append(" (").append(note).append(')');
            return sb.toString();
        }

        private static String escape(String s) {
            return s.replace("\\", "\\\\").replace("\"", "\\\"");
        }
    }

    private final long startNs = System.nanoTime();
    private final boolean keep;
    private final boolean log = LOG.isDebugEnabled();
    private final FileOutputStream out;
    private final List<Event> events = new ArrayList<>();
    private long seq;
    private boolean failed, closed;

    /**
     * keep: hold every event in memory (for {@link #events()}, the checker and {@code explain});
     * jsonFile: also write JSON lines there (null: no file).
     */
    public ProtocolTrace(boolean keep, String jsonFile) throws IOException {
        this(keep, jsonFile, false);
    }

    /** append: add to the file (the UCI engine's --protocol-trace keeps every search of a session). */
    public ProtocolTrace(boolean keep, String jsonFile, boolean append) throws IOException {
        this.keep = keep;
        this.out = jsonFile == null ? null : new FileOutputStream(jsonFile, append);
        this.listener = null;
    }

    /** A recorder that hands every event, in protocol order, to listener and keeps nothing (an online check). */
    public ProtocolTrace(java.util.function.Consumer<Event> listener) {
        this.keep = false;
        this.out = null;
        this.listener = listener;
    }

    private final java.util.function.Consumer<Event> listener;

    /** A log-only recorder when the protocol logger is at DEBUG, else null (tracing off). */
    public static ProtocolTrace forLogging() {
        if (!LOG.isDebugEnabled()) return null;
        try {
            return new ProtocolTrace(false, null);
        } catch (IOException e) {
            throw new AssertionError(e); // no file: cannot happen
        }
    }

    public static String nodeTypeName(int t) {
        return switch (t) {
            case Searcher.PV -> "PV";
            case Searcher.CUT -> "CUT";
            case Searcher.ALL -> "ALL";
            default -> "";
        };
    }

    /** An event about block b (its facts are read now), or about no block (b == null). */
    public void record(Type type, int worker, SplitBlock b, int gen, int move, int index, int score, String note) {
        int blk = -1, ply = -1, depth = -1, left = -1, alpha = -1, beta = -1;
        String nt = "";
        if (b != null) {
            blk = b.id;
            ply = b.ply;
            depth = b.depth;
            nt = nodeTypeName(b.nodeType);
            left = Math.max(0, b.moveCount - b.next.get());
            alpha = b.alpha();
            beta = b.beta;
        }
        String mv = move == 0 ? "" : Move.toUci(move);
        long micros = (System.nanoTime() - startNs) / 1000;
        synchronized (this) {
            if (closed) return;
            Event e = new Event(seq++, micros, type, worker, blk, gen, ply, depth, nt, left, alpha, beta, mv, index,
                    score, note == null ? "" : note);
            if (keep) events.add(e);
            if (listener != null) listener.accept(e);
            if (log) LOG.debug(e.toText());
            if (out != null && !failed) {
                try {
                    out.write((e.toJson() + "\n").getBytes(StandardCharsets.UTF_8));
                } catch (IOException ex) {
                    failed = true;
                    System.err.println("protocol trace: write failed: " + ex.getMessage() + " (trace stopped)");
                }
            }
        }
    }

    /** The events recorded so far, in protocol order (empty unless the recorder keeps them). */
    public synchronized List<Event> events() {
        return new ArrayList<>(events);
    }

    /**
     * Ends the trace: events after this (a late, refused Join of a finished search) are dropped, so the file
     * and {@link #events()} hold the same events. Closes the file.
     */
    public synchronized void close() {
        closed = true;
        if (out == null || failed) return;
        failed = true;
        try {
            out.close();
        } catch (IOException e) {
            System.err.println("protocol trace: close failed: " + e.getMessage());
        }
    }
}
