package gacrux.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code treediff A.log B.log [--limit N]}: compares two TREEDUMP logs (docs/treedump-format.md), from Gacrux
 * or any engine that writes the format, aligned by path rather than by line number.
 *
 * <p>A line's identity is (MOVE or RESULT, path, n): the n-th line of that kind with that path in the file, so
 * a path visited twice (an LMR re-search, the next iteration) lines up visit by visit. Reports (1) counts per
 * act and per depth, (2) paths in one log only, grouped by their shallowest prefix missing from the other,
 * (3) lines in both whose act, r, ext or score (RESULT: score, bound) differ, and visits one log has and the
 * other lacks, shallowest first, (4) the first divergence in visit order. Unknown kinds and acts and extra
 * fields are accepted; lines that are neither MOVE nor RESULT with a path are counted as malformed and skipped.
 * Exit code 0: no differences, 1: differences, 2: usage or I/O error.
 */
final class TreeDiff {
    private TreeDiff() {}

    private static final String USAGE = "usage: treediff A.log B.log [--limit N]";
    private static final Pattern HEAD = Pattern.compile("^(MOVE|RESULT)\\s+(.*)$");
    private static final Pattern FIELD = Pattern.compile("([A-Za-z_][\\w-]*)=(\"([^\"]*)\"|(\\S*))");
    private static final List<String> MOVE_FIELDS = List.of("act", "r", "ext", "score");
    private static final List<String> RESULT_FIELDS = List.of("score", "bound");

    /** One parsed line. plies: moves in the path; occurrence: earlier lines of the same kind and path. */
    record Line(int lineNo, boolean move, String path, int plies, int occurrence, Map<String, String> fields,
                String raw) {
        String get(String k) { return fields.getOrDefault(k, ""); }
        String key() { return (move ? "M|" : "R|") + path + "#" + occurrence; }
        String label() { return (move ? "MOVE" : "RESULT") + " \"" + path + "\"" + (occurrence > 0 ? " (visit " + (occurrence + 1) + ")" : ""); }
    }

    static final class Log {
        final String name;
        final List<Line> lines = new ArrayList<>();
        final List<Integer> malformed = new ArrayList<>();
        final Map<String, Line> byKey = new HashMap<>();
        /** Every path named by a line, with the first line naming it. */
        final Map<String, Line> firstByPath = new HashMap<>();

        Log(String name) { this.name = name; }

        static Log parse(String name, List<String> text) {
            Log log = new Log(name);
            Map<String, Integer> seen = new HashMap<>();
            int no = 0;
            for (String raw : text) {
                no++;
                Matcher h = HEAD.matcher(raw.strip());
                if (!h.matches()) {
                    if (!raw.isBlank()) log.malformed.add(no);
                    continue;
                }
                Map<String, String> f = new LinkedHashMap<>();
                Matcher m = FIELD.matcher(h.group(2));
                while (m.find()) f.put(m.group(1), m.group(3) != null ? m.group(3) : m.group(4));
                String path = f.get("path");
                if (path == null) {
                    log.malformed.add(no);
                    continue;
                }
                path = path.isBlank() ? "" : String.join(" ", path.strip().split("\\s+"));
                boolean move = h.group(1).equals("MOVE");
                if (move && path.isEmpty()) { // a move line must name its move
                    log.malformed.add(no);
                    continue;
                }
                int plies = path.isEmpty() ? 0 : path.split(" ").length;
                String k0 = (move ? "M|" : "R|") + path;
                int occ = seen.merge(k0, 1, Integer::sum) - 1;
                Line line = new Line(no, move, path, plies, occ, f, raw);
                log.lines.add(line);
                log.byKey.put(line.key(), line);
                log.firstByPath.putIfAbsent(path, line);
            }
            return log;
        }
    }

    /** Paths in one log only whose shallowest missing prefix is `prefix`; otherAtParent: the other log there. */
    record Group(String prefix, int plies, int paths, Line otherAtParent) {}

    /** A visit in both logs whose fields differ (fields), or in one only (a or b null). */
    record Difference(Line a, Line b, List<String> fields) {
        Line any() { return a != null ? a : b; }
    }

    record Divergence(Line a, Line b, String what) {}

    record Report(Log a, Log b, TreeMap<String, long[]> acts, TreeMap<Double, long[]> depths, List<Group> onlyA,
                  List<Group> onlyB, List<Difference> differences, Divergence first) {
        boolean identical() { return onlyA.isEmpty() && onlyB.isEmpty() && differences.isEmpty() && first == null; }
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        List<String> files = new ArrayList<>();
        int limit = 20;
        try {
            for (int i = 0; i < args.length; i++) {
                if (args[i].equals("--limit")) {
                    limit = Integer.parseInt(args[++i]);
                    if (limit < 1) throw new IllegalArgumentException("--limit must be at least 1");
                } else if (args[i].startsWith("--")) {
                    throw new IllegalArgumentException("unknown option '" + args[i] + "'");
                } else {
                    files.add(args[i]);
                }
            }
            if (files.size() != 2) throw new IllegalArgumentException("two logs are needed");
        } catch (ArrayIndexOutOfBoundsException e) {
            err.println("treediff: missing value after --limit (" + USAGE + ")");
            return 2;
        } catch (IllegalArgumentException e) {
            err.println("treediff: " + e.getMessage() + " (" + USAGE + ")");
            return 2;
        }
        Log a, b;
        try {
            a = Log.parse(files.get(0), Files.readAllLines(Path.of(files.get(0)), StandardCharsets.ISO_8859_1));
            b = Log.parse(files.get(1), Files.readAllLines(Path.of(files.get(1)), StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            err.println("treediff: cannot read " + e.getMessage());
            return 2;
        }
        Report r = compare(a, b);
        print(r, limit, out);
        return r.identical() ? 0 : 1;
    }

    static Report compare(Log a, Log b) {
        TreeMap<String, long[]> acts = new TreeMap<>();
        TreeMap<Double, long[]> depths = new TreeMap<>(Comparator.reverseOrder());
        count(a, 0, acts, depths);
        count(b, 1, acts, depths);

        List<Group> onlyA = groups(a, b), onlyB = groups(b, a);

        List<Difference> diffs = new ArrayList<>();
        Set<String> pathsBoth = new HashSet<>(a.firstByPath.keySet());
        pathsBoth.retainAll(b.firstByPath.keySet());
        for (Line x : a.lines) {
            if (!pathsBoth.contains(x.path())) continue;
            Line y = b.byKey.get(x.key());
            if (y == null) diffs.add(new Difference(x, null, List.of("visit")));
            else {
                List<String> f = differingFields(x, y);
                if (!f.isEmpty()) diffs.add(new Difference(x, y, f));
            }
        }
        for (Line y : b.lines)
            if (pathsBoth.contains(y.path()) && !a.byKey.containsKey(y.key()))
                diffs.add(new Difference(null, y, List.of("visit")));
        diffs.sort(Comparator.comparingInt((Difference d) -> d.any().plies())
                .thenComparingInt(d -> d.a() != null ? d.a().lineNo() : Integer.MAX_VALUE)
                .thenComparingInt(d -> d.b() != null ? d.b().lineNo() : Integer.MAX_VALUE));

        Divergence first = null;
        int n = Math.min(a.lines.size(), b.lines.size());
        for (int i = 0; i < n && first == null; i++) {
            Line x = a.lines.get(i), y = b.lines.get(i);
            if (x.move() != y.move() || !x.path().equals(y.path())) first = new Divergence(x, y, "path");
            else {
                List<String> f = differingFields(x, y);
                if (!f.isEmpty()) first = new Divergence(x, y, String.join(", ", f));
            }
        }
        if (first == null && a.lines.size() != b.lines.size())
            first = new Divergence(n < a.lines.size() ? a.lines.get(n) : null, n < b.lines.size() ? b.lines.get(n) : null,
                    "end of " + (n < a.lines.size() ? b.name : a.name));
        return new Report(a, b, acts, depths, onlyA, onlyB, diffs, first);
    }

    private static void count(Log log, int side, TreeMap<String, long[]> acts, TreeMap<Double, long[]> depths) {
        for (Line l : log.lines) {
            if (l.move()) acts.computeIfAbsent(l.get("act"), k -> new long[2])[side]++;
            double d;
            try {
                d = Double.parseDouble(l.get("depth"));
            } catch (NumberFormatException e) {
                d = Double.NaN;
            }
            depths.computeIfAbsent(d, k -> new long[4])[side * 2 + (l.move() ? 0 : 1)]++;
        }
    }

    /** Paths of `log` missing from `other`, grouped by their shallowest prefix that `other` does not name. */
    private static List<Group> groups(Log log, Log other) {
        Map<String, int[]> count = new LinkedHashMap<>();
        for (Line l : log.lines) {
            if (other.firstByPath.containsKey(l.path()) || log.firstByPath.get(l.path()) != l) continue;
            String[] mv = l.path().split(" ");
            String prefix = l.path();
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < mv.length; i++) {
                if (i > 0) sb.append(' ');
                sb.append(mv[i]);
                if (!other.firstByPath.containsKey(sb.toString())) {
                    prefix = sb.toString();
                    break;
                }
            }
            count.computeIfAbsent(prefix, k -> new int[1])[0]++;
        }
        List<Group> out = new ArrayList<>();
        for (Map.Entry<String, int[]> e : count.entrySet()) {
            String p = e.getKey();
            int cut = p.lastIndexOf(' ');
            String parent = cut < 0 ? "" : p.substring(0, cut);
            Line at = firstMoveLine(other, parent);
            out.add(new Group(p, p.split(" ").length, e.getValue()[0], at));
        }
        out.sort(Comparator.comparingInt(Group::plies).thenComparing(Comparator.comparingInt(Group::paths).reversed()));
        return out;
    }

    /** The other log's MOVE line for path (what it did with the parent move), else its RESULT line, else null. */
    private static Line firstMoveLine(Log log, String path) {
        Line m = log.byKey.get("M|" + path + "#0");
        return m != null ? m : log.byKey.get("R|" + path + "#0");
    }

    private static List<String> differingFields(Line x, Line y) {
        List<String> out = new ArrayList<>();
        for (String f : x.move() ? MOVE_FIELDS : RESULT_FIELDS) {
            String u = x.get(f), v = y.get(f);
            if (f.equals("r") || f.equals("ext")) {
                try {
                    if (Double.parseDouble(u) == Double.parseDouble(v)) continue;
                } catch (NumberFormatException e) {
                    // compared as text below
                }
            }
            if (!u.equals(v)) out.add(f);
        }
        return out;
    }

    static void print(Report r, int limit, PrintStream out) {
        out.println("A: " + r.a().name + " (" + r.a().lines.size() + " lines" + malformed(r.a()) + ")");
        out.println("B: " + r.b().name + " (" + r.b().lines.size() + " lines" + malformed(r.b()) + ")");
        out.println();
        out.println("== 1. counts");
        out.printf("%-14s %9s %9s%n", "act", "A", "B");
        for (Map.Entry<String, long[]> e : r.acts().entrySet())
            out.printf("%-14s %9d %9d%n", e.getKey().isEmpty() ? "(none)" : e.getKey(), e.getValue()[0], e.getValue()[1]);
        out.printf("%-14s %9s %9s %9s %9s%n", "depth", "A MOVE", "A RESULT", "B MOVE", "B RESULT");
        for (Map.Entry<Double, long[]> e : r.depths().entrySet()) {
            long[] c = e.getValue();
            out.printf("%-14s %9d %9d %9d %9d%n", e.getKey().isNaN() ? "(none)" : String.format("%.2f", e.getKey()),
                    c[0], c[1], c[2], c[3]);
        }
        out.println();
        out.println("== 2. paths in one log only, by shallowest missing prefix");
        printGroups("A", "B", r.onlyA(), limit, out);
        printGroups("B", "A", r.onlyB(), limit, out);
        out.println();
        out.println("== 3. same path, different decision (" + r.differences().size() + ", shallowest first)");
        int shown = 0;
        for (Difference d : r.differences()) {
            if (shown++ == limit) {
                out.println("  ... " + (r.differences().size() - limit) + " more (--limit)");
                break;
            }
            Line x = d.any();
            if (d.a() == null || d.b() == null) {
                out.println("  " + x.label() + ": only in " + (d.a() != null ? "A" : "B") + " (line " + x.lineNo() + ")");
                continue;
            }
            StringBuilder sb = new StringBuilder("  " + x.label() + ":");
            for (String f : d.fields()) sb.append(' ').append(f).append(' ').append(d.a().get(f)).append(" -> ").append(d.b().get(f));
            sb.append("  (A line ").append(d.a().lineNo()).append(", B line ").append(d.b().lineNo()).append(')');
            out.println(sb);
        }
        if (r.differences().isEmpty()) out.println("  none");
        out.println();
        out.println("== 4. first divergence in visit order");
        Divergence f = r.first();
        if (f == null) out.println("  none: the logs make the same decisions in the same order");
        else {
            out.println("  differs in: " + f.what());
            out.println("  A" + (f.a() == null ? " ends" : " line " + f.a().lineNo() + ": " + f.a().raw()));
            out.println("  B" + (f.b() == null ? " ends" : " line " + f.b().lineNo() + ": " + f.b().raw()));
        }
    }

    private static String malformed(Log log) {
        if (log.malformed.isEmpty()) return "";
        return ", " + log.malformed.size() + " not MOVE/RESULT, skipped (first at line " + log.malformed.get(0) + ")";
    }

    private static void printGroups(String self, String other, List<Group> groups, int limit, PrintStream out) {
        int total = groups.stream().mapToInt(Group::paths).sum();
        out.println("  only in " + self + ": " + total + " paths in " + groups.size() + " groups");
        int shown = 0;
        for (Group g : groups) {
            if (shown++ == limit) {
                out.println("    ... " + (groups.size() - limit) + " more groups (--limit)");
                break;
            }
            Line at = g.otherAtParent();
            String there = at == null ? "" : "; in " + other + " the parent (first visit): " + (at.move()
                    ? "act=" + at.get("act") + " score=" + at.get("score")
                    : "RESULT score=" + at.get("score") + " bound=" + at.get("bound"));
            out.println("    \"" + g.prefix() + "\": " + g.paths() + (g.paths() == 1 ? " path" : " paths") + there);
        }
    }
}
