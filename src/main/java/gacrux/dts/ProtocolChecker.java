package gacrux.dts;

import gacrux.search.ProtocolTrace;
import gacrux.search.ProtocolTrace.Event;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks that one search's protocol trace ({@link ProtocolTrace}) follows the DTS protocol. The rules, each
 * with the name a violation reports (docs/dts-protocol.md, "The protocol checker"):
 * <ul>
 * <li>{@value #JOIN_NOT_OFFERED}, {@value #JOIN_AFTER_UNSPLIT}: a Join attaches only to a block of that
 *     generation that was offered (Split) and is still live (not yet Unsplit).</li>
 * <li>{@value #SELECT_NOT_LIVE}: no Select on a block (generation) that was not offered or is already Unsplit.</li>
 * <li>{@value #UNSPLIT_BEFORE_MERGE}, {@value #MISSING_MERGE}: every helper that joined a block Merges, and
 *     before the block's Unsplit.</li>
 * <li>{@value #NEVER_UNSPLIT}, {@value #DOUBLE_UNSPLIT}, {@value #UNSPLIT_NOT_OFFERED}, {@value #DOUBLE_SPLIT}:
 *     every block offered is Unsplit exactly once.</li>
 * <li>{@value #MOVE_SELECTED_TWICE}: each move index of a block is selected at most once.</li>
 * <li>{@value #BESTMOVE_COUNT}: exactly one bestmove per search.</li>
 * </ul>
 * Events are taken in {@code seq} order, the order the recorder saw them (see ProtocolTrace for why that is
 * the protocol's order). Refused Joins, HELP, Join messages sent, Share, abort and Stop are not constrained.
 */
public final class ProtocolChecker {
    private ProtocolChecker() {}

    public static final String JOIN_NOT_OFFERED = "join-not-offered";
    public static final String JOIN_AFTER_UNSPLIT = "join-after-unsplit";
    public static final String SELECT_NOT_LIVE = "select-not-live";
    public static final String UNSPLIT_BEFORE_MERGE = "unsplit-before-merge";
    public static final String MISSING_MERGE = "missing-merge";
    public static final String NEVER_UNSPLIT = "never-unsplit";
    public static final String DOUBLE_UNSPLIT = "double-unsplit";
    public static final String UNSPLIT_NOT_OFFERED = "unsplit-not-offered";
    public static final String DOUBLE_SPLIT = "double-split";
    public static final String MOVE_SELECTED_TWICE = "move-selected-twice";
    public static final String BESTMOVE_COUNT = "bestmove-count";

    /** One broken rule: its name, the event that broke it (seq; -1 for the whole trace) and what happened. */
    public record Violation(String rule, long seq, String message) {
        @Override public String toString() { return rule + " at seq " + seq + ": " + message; }
    }

    private record Key(int block, int gen) {
        @Override public String toString() { return "#" + block + "/g" + gen; }
    }

    private static final class BlockState {
        boolean offered, unsplit;
        int unsplits;
        final Map<Integer, Integer> helpersIn = new HashMap<>(); // worker -> joins not yet merged
        final Set<Integer> selected = new HashSet<>();
    }

    /** All violations of the rules in the trace (empty: the run followed the protocol). */
    public static List<Violation> check(List<Event> trace) {
        List<Event> events = new ArrayList<>(trace);
        events.sort(Comparator.comparingLong(Event::seq));
        Online c = new Online();
        for (Event e : events) c.accept(e);
        return c.finish();
    }

    /**
     * The same rules, one event at a time in protocol order (a ProtocolTrace listener): keeps only the blocks
     * still live, so it can check searches too long to keep their traces (the scaling simulator checks every
     * simulated search this way).
     */
    public static final class Online implements java.util.function.Consumer<Event> {
        private final List<Violation> out = new ArrayList<>();
        private final Map<Key, BlockState> blocks = new HashMap<>();
        private int bestmoves;
        private long events;
        /** 1 for a root search; 0 for a remote task's search, which answers with a result message instead. */
        private final int expectedBestmoves;

        public Online() { this(1); }

        private Online(int expectedBestmoves) { this.expectedBestmoves = expectedBestmoves; }

        /** For the search of one remote task (issue 14): the same rules, but no bestmove. */
        public static Online forTask() { return new Online(0); }

        @Override
        public void accept(Event e) {
            events++;
            Key k = new Key(e.block(), e.gen());
            switch (e.type()) {
                case SPLIT -> {
                    BlockState b = blocks.computeIfAbsent(k, x -> new BlockState());
                    if (b.offered) out.add(new Violation(DOUBLE_SPLIT, e.seq(), "block " + k + " offered twice"));
                    b.offered = true;
                }
                case JOIN -> {
                    BlockState b = blocks.get(k);
                    if (b == null || !b.offered) {
                        out.add(new Violation(JOIN_NOT_OFFERED, e.seq(), "worker " + e.worker() + " joined " + k
                                + ", which was never offered"));
                        b = blocks.computeIfAbsent(k, x -> new BlockState());
                    } else if (b.unsplit) {
                        out.add(new Violation(JOIN_AFTER_UNSPLIT, e.seq(), "worker " + e.worker() + " joined " + k
                                + " after its Unsplit"));
                    }
                    b.helpersIn.merge(e.worker(), 1, Integer::sum);
                }
                case SELECT -> {
                    BlockState b = blocks.get(k);
                    if (b == null || !b.offered || b.unsplit) {
                        out.add(new Violation(SELECT_NOT_LIVE, e.seq(), "worker " + e.worker() + " selected move "
                                + e.index() + " of " + k + (b != null && b.unsplit ? " after its Unsplit" : ", never offered")));
                        if (b == null) return;
                    }
                    if (!b.selected.add(e.index()))
                        out.add(new Violation(MOVE_SELECTED_TWICE, e.seq(), "move index " + e.index() + " of " + k
                                + " selected again, by worker " + e.worker()));
                }
                case MERGE -> {
                    BlockState b = blocks.get(k);
                    if (b != null) b.helpersIn.computeIfPresent(e.worker(), (w, n) -> n > 1 ? n - 1 : null);
                }
                case UNSPLIT -> {
                    BlockState b = blocks.get(k);
                    if (b == null || !b.offered) {
                        out.add(new Violation(UNSPLIT_NOT_OFFERED, e.seq(), "Unsplit of " + k + ", never offered"));
                        return;
                    }
                    if (b.unsplit) out.add(new Violation(DOUBLE_UNSPLIT, e.seq(), k + " unsplit twice"));
                    if (!b.helpersIn.isEmpty() && !b.unsplit)
                        out.add(new Violation(UNSPLIT_BEFORE_MERGE, e.seq(), k + " unsplit while helpers "
                                + b.helpersIn.keySet() + " had not merged"));
                    b.unsplit = true;
                    b.unsplits++;
                    // A generation is offered once: once unsplit with no helper left, only a repeat could follow,
                    // so keep a small tombstone instead of its Select set.
                    if (b.helpersIn.isEmpty()) b.selected.clear();
                }
                case BESTMOVE -> bestmoves++;
                default -> { }
            }
        }

        /** Events seen so far. */
        public long events() { return events; }

        /** The violations, including those only the end of the trace reveals (never Unsplit, missing Merge). */
        public List<Violation> finish() {
            List<Violation> all = new ArrayList<>(out);
            for (Map.Entry<Key, BlockState> en : blocks.entrySet()) {
                BlockState b = en.getValue();
                if (b.offered && !b.unsplit)
                    all.add(new Violation(NEVER_UNSPLIT, -1, "block " + en.getKey() + " offered but never unsplit"));
                if (!b.helpersIn.isEmpty() && !b.unsplit)
                    all.add(new Violation(MISSING_MERGE, -1, "helpers " + b.helpersIn.keySet() + " of " + en.getKey()
                            + " never merged"));
                else if (!b.helpersIn.isEmpty() && !reported(all, UNSPLIT_BEFORE_MERGE, en.getKey()))
                    all.add(new Violation(MISSING_MERGE, -1, "helpers " + b.helpersIn.keySet() + " of " + en.getKey()
                            + " never merged"));
            }
            if (bestmoves != expectedBestmoves)
                all.add(new Violation(BESTMOVE_COUNT, -1, bestmoves + " bestmove events (" + expectedBestmoves
                        + " per search expected)"));
            return all;
        }
    }

    private static boolean reported(List<Violation> out, String rule, Key k) {
        for (Violation v : out) if (v.rule().equals(rule) && v.message().startsWith(k + " ")) return true;
        return false;
    }

    private static ProtocolTrace.Type type(String name) throws IOException {
        try {
            return ProtocolTrace.Type.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new IOException("unknown event type \"" + name + "\" in the trace");
        }
    }

    /** Reads a JSON-lines trace written by {@link ProtocolTrace} (one flat object per line). */
    public static List<Event> read(Path file) throws IOException {
        List<Event> events = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) continue;
            Map<String, String> f = parseFlat(line);
            events.add(new Event(num(f, "seq"), num(f, "t"), type(f.getOrDefault("ev", "")), (int) num(f, "w"),
                    (int) num(f, "blk"), (int) num(f, "gen"), (int) num(f, "ply"), (int) num(f, "depth"),
                    f.getOrDefault("nt", ""), (int) num(f, "left"), (int) num(f, "alpha"), (int) num(f, "beta"),
                    f.getOrDefault("move", ""), (int) num(f, "idx"), (int) num(f, "score"), f.getOrDefault("note", "")));
        }
        return events;
    }

    private static long num(Map<String, String> f, String k) {
        String v = f.get(k);
        return v == null ? -1 : Long.parseLong(v);
    }

    /** A flat JSON object of strings and integers (what ProtocolTrace writes), as key -> raw value. */
    static Map<String, String> parseFlat(String line) {
        Map<String, String> m = new HashMap<>();
        int i = line.indexOf('{') + 1;
        int n = line.length();
        while (i < n) {
            while (i < n && (line.charAt(i) == ',' || Character.isWhitespace(line.charAt(i)))) i++;
            if (i >= n || line.charAt(i) == '}') break;
            if (line.charAt(i) != '"') throw new IllegalArgumentException("bad trace line: " + line);
            int ke = line.indexOf('"', i + 1);
            String key = line.substring(i + 1, ke);
            i = line.indexOf(':', ke) + 1;
            while (Character.isWhitespace(line.charAt(i))) i++;
            if (line.charAt(i) == '"') {
                StringBuilder sb = new StringBuilder();
                i++;
                while (line.charAt(i) != '"') {
                    char c = line.charAt(i++);
                    if (c == '\\') c = line.charAt(i++);
                    sb.append(c);
                }
                i++;
                m.put(key, sb.toString());
            } else {
                int s = i;
                while (i < n && line.charAt(i) != ',' && line.charAt(i) != '}') i++;
                m.put(key, line.substring(s, i).trim());
            }
        }
        return m;
    }
}
