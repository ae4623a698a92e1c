package gacrux.uci;

import gacrux.search.Nnue;

import java.util.Locale;

/**
 * The UCI options and their values. Owned by the engine actor; a search gets an immutable {@link Snapshot}.
 * Out-of-range numbers are clamped with an {@code info string} saying so; unknown options and unusable
 * values are reported and change nothing.
 */
public final class EngineOptions {
    /** 4 per core, and at most 64: a DTS worker has one bit in each split-request word (WorkerSlot). */
    public static final int MAX_THREADS = Math.min(gacrux.search.WorkerSlot.MAX_WORKERS, Runtime.getRuntime().availableProcessors() * 4);
    public static final int MAX_HASH = 32768;

    /** What a setoption changed, for the actor to act on. */
    public enum Change { NONE, HASH, CLEAR_HASH, OTHER, CHESS960, CLUSTER }

    /** lazySmp: option SMP is Lazy (every worker runs the whole iterative deepening) rather than DTS. */
    /** net: the neural evaluation EvalFile loaded, null for the hand-crafted one (immutable, shared by every worker). */
    public record Snapshot(int threads, int multiPv, int moveOverheadMs, boolean ponder, boolean lazySmp, Nnue net) {}

    private final UciOutput out;
    private int hashMb = 16;
    private int threads = 1;
    private boolean ponder = false;
    private int moveOverhead = 30;
    private int multiPv = 1;
    private boolean lazySmp = false;
    private boolean chess960 = false;
    /** Seeds of the cluster to use (HOST:PORT,...), "" = none (docs/cluster.md). */
    private String cluster = "";
    private int clusterSplitDepth = gacrux.cluster.ClusterSettings.DEFAULT_SPLIT_DEPTH;
    /** EvalFile: the net file in use ("" = the hand-crafted evaluation) and the net read from it. */
    private String evalFile = "";
    private Nnue net;
    /** Debug Log File as last set ("" = none); the log itself is the output thread's (UciOutput.debugLog). */
    private String debugLogFile = "";

    public EngineOptions(UciOutput out) {
        this.out = out;
    }

    public static void printUci(UciOutput out) {
        out.println("id name Gacrux 0.1");
        out.println("id author the Gacrux developers");
        out.println("option name Hash type spin default 16 min 1 max " + MAX_HASH);
        out.println("option name Threads type spin default 1 min 1 max " + MAX_THREADS);
        out.println("option name Clear Hash type button");
        out.println("option name Ponder type check default false");
        out.println("option name Move Overhead type spin default 30 min 0 max 5000");
        out.println("option name MultiPV type spin default 1 min 1 max 256");
        out.println("option name SMP type combo default DTS var DTS var Lazy");
        out.println("option name UCI_Chess960 type check default false");
        out.println("option name Cluster type string default <empty>");
        out.println("option name EvalFile type string default <empty>");
        out.println("option name Debug Log File type string default <empty>");
        out.println("option name Cluster Split Depth type spin default " + gacrux.cluster.ClusterSettings.DEFAULT_SPLIT_DEPTH
                + " min 2 max 40");
        out.println("uciok");
    }

    public int hashMb() { return hashMb; }
    public boolean ponder() { return ponder; }
    public int threads() { return threads; }
    /** UCI_Chess960: FENs are read and printed with Chess960 castling, castling moves written king-takes-rook. */
    public boolean chess960() { return chess960; }

    void setHashActual(int mb) { hashMb = mb; }

    public String cluster() { return cluster; }
    public int clusterSplitDepth() { return clusterSplitDepth; }
    /** The cluster in force after a setoption (the old value is kept when the new one is rejected). */
    void setClusterActual(String seeds) { cluster = seeds; }

    public Snapshot snapshot() { return new Snapshot(threads, multiPv, moveOverhead, ponder, lazySmp, net); }

    /** The current values, for {@code d}: {@code Hash=16 Threads=1 Ponder=false Move Overhead=30 MultiPV=1 UCI_Chess960=false SMP=DTS}. */
    public String describe() {
        return "Hash=" + hashMb + " Threads=" + threads + " Ponder=" + ponder + " Move Overhead=" + moveOverhead
                + " MultiPV=" + multiPv + " UCI_Chess960=" + chess960 + " SMP=" + (lazySmp ? "Lazy" : "DTS")
                + (cluster.isEmpty() ? "" : " Cluster=" + cluster + " Cluster Split Depth=" + clusterSplitDepth)
                + (net == null ? "" : " EvalFile=" + evalFile)
                + (debugLogFile.isEmpty() ? "" : " Debug Log File=" + debugLogFile);
    }

    public Change set(String name, String value) {
        String key = name.toLowerCase(Locale.ROOT);
        switch (key) {
            case "clear hash" -> { return Change.CLEAR_HASH; }
            case "hash" -> {
                Integer v = spin(name, value, 1, MAX_HASH);
                if (v == null) return Change.NONE;
                hashMb = v;
                return Change.HASH;
            }
            case "threads" -> {
                Integer v = spin(name, value, 1, MAX_THREADS);
                if (v == null) return Change.NONE;
                threads = v;
                return Change.OTHER;
            }
            case "move overhead" -> {
                Integer v = spin(name, value, 0, 5000);
                if (v == null) return Change.NONE;
                moveOverhead = v;
                return Change.OTHER;
            }
            case "multipv" -> {
                Integer v = spin(name, value, 1, 256);
                if (v == null) return Change.NONE;
                multiPv = v;
                return Change.OTHER;
            }
            case "smp" -> {
                if (value != null && value.trim().equalsIgnoreCase("dts")) lazySmp = false;
                else if (value != null && value.trim().equalsIgnoreCase("lazy")) lazySmp = true;
                else {
                    out.info("option SMP needs DTS or Lazy; unchanged");
                    return Change.NONE;
                }
                return Change.OTHER;
            }
            case "uci_chess960" -> {
                Boolean b = check(name, value);
                if (b == null) return Change.NONE;
                chess960 = b;
                return Change.CHESS960;
            }
            case "cluster" -> {
                // Checked and applied by the engine (SearchService.setCluster); kept only if it is good.
                return Change.CLUSTER;
            }
            case "cluster split depth" -> {
                Integer v = spin(name, value, 2, 40);
                if (v == null) return Change.NONE;
                clusterSplitDepth = v;
                return Change.CLUSTER;
            }
            case "evalfile" -> {
                // A net from nnue-train (docs/nnue.md); empty or <empty>: back to the hand-crafted evaluation.
                String f = value == null ? "" : value.trim();
                if (f.isEmpty() || f.equals("<empty>")) {
                    net = null;
                    evalFile = "";
                    out.info("evaluation: hand-crafted");
                    return Change.CLEAR_HASH; // the table's scores were the other evaluation's
                }
                java.nio.file.Path path;
                try {
                    path = java.nio.file.Path.of(f);
                } catch (java.nio.file.InvalidPathException e) {
                    out.info("option EvalFile: not a file name '" + UciParser.truncate(f) + "'; unchanged");
                    return Change.NONE;
                }
                if (!java.nio.file.Files.isRegularFile(path)) {
                    out.info("option EvalFile: no such file '" + UciParser.truncate(f) + "'; unchanged");
                    return Change.NONE;
                }
                try {
                    net = Nnue.read(path);
                    evalFile = f;
                    out.info("evaluation: net " + UciParser.truncate(f) + ", " + net.hidden() + " hidden units");
                    return Change.CLEAR_HASH;
                } catch (java.io.IOException | RuntimeException e) {
                    out.info("option EvalFile: cannot read net '" + UciParser.truncate(f) + "': " + e.getMessage() + "; unchanged");
                    return Change.NONE;
                }
            }
            case "debug log file" -> {
                // Every UCI line in and out, stamped (docs/uci.md); the output thread writes it.
                String f = value == null ? "" : value.trim();
                if (f.equals("<empty>")) f = "";
                if (out.debugLog(f)) debugLogFile = f;
                return Change.NONE;
            }
            case "ponder" -> {
                Boolean b = check(name, value);
                if (b == null) return Change.NONE;
                ponder = b;
                return Change.OTHER;
            }
            default -> {
                out.info("unknown option '" + UciParser.truncate(name) + "' ignored");
                return Change.NONE;
            }
        }
    }

    private Integer spin(String name, String value, int min, int max) {
        if (value == null || value.isEmpty()) {
            out.info("option " + name + " needs a value; unchanged");
            return null;
        }
        long v;
        try {
            v = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            // A number too long for a long is still clearly "too big" or "too small".
            if (value.trim().matches("-?\\d+")) v = value.trim().startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;
            else {
                out.info("option " + name + " value '" + UciParser.truncate(value) + "' is not a number; unchanged");
                return null;
            }
        }
        if (v < min || v > max) {
            long c = Math.max(min, Math.min(max, v));
            out.info("option " + name + " value " + UciParser.truncate(value) + " out of range " + min + ".." + max
                    + "; clamped to " + c);
            v = c;
        }
        return (int) v;
    }

    private Boolean check(String name, String value) {
        if (value != null && value.equalsIgnoreCase("true")) return true;
        if (value != null && value.equalsIgnoreCase("false")) return false;
        out.info("option " + name + " needs true or false; unchanged");
        return null;
    }
}
