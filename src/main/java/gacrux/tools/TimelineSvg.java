package gacrux.tools;

import gacrux.search.ProtocolTrace;
import gacrux.search.ProtocolTrace.Event;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Draws a protocol trace as an SVG timeline: one lane per worker over time, plus the supervisor's lane on top.
 * A lane shows what its worker does: searching its own tree (worker 0's root search), owning split block #k
 * (from its Split to its Unsplit: selecting moves there, or waiting for helpers), helping at block #k (from Join
 * to Merge), idle. Blocks are labelled with their ply and node type where there is room. Messages are lines
 * between lanes: HELP (a record, worker to supervisor), the split request (dashed, the idle worker to the owner
 * it chose), the hand-off (owner to helper, from the owner's JOIN_SENT to the helper's Join), Merge (helper to
 * the block's owner).
 *
 * <p>The picture is computed from the trace alone: a lane's state is the top of a stack per worker (Split and
 * Join push, Unsplit and Merge pop), so nesting (a helper that splits below the block it joined, an owner
 * helping below its own block) shows the innermost activity.
 */
public final class TimelineSvg {
    private TimelineSvg() {}

    private static final int LEFT = 110, RIGHT = 30, TOP = 84, LANE = 46, BAR = 26, WIDTH = 1400;

    private record Segment(int worker, long from, long to, String kind, String label) {}

    private record Activity(String kind, int block, int gen, String label) {}

    public static String render(List<Event> events, int workers, String title) {
        long end = 1;
        for (Event e : events) end = Math.max(end, e.micros());
        int w = Math.max(workers, 1);
        for (Event e : events) w = Math.max(w, e.worker() + 1);
        final long tEnd = end;
        double plot = WIDTH - LEFT - RIGHT;
        java.util.function.LongToDoubleFunction x = t -> LEFT + plot * t / tEnd;

        List<Segment> segments = new ArrayList<>();
        List<Deque<Activity>> stacks = new ArrayList<>();
        long[] since = new long[w];
        for (int i = 0; i < w; i++) stacks.add(new ArrayDeque<>());
        Map<String, Integer> ownerOf = new HashMap<>();
        StringBuilder arrows = new StringBuilder();
        int laneSup = TOP - LANE + (LANE - BAR) / 2 + BAR / 2; // supervisor lane centre
        java.util.function.IntUnaryOperator laneY = k -> TOP + k * LANE + (LANE - BAR) / 2 + BAR / 2;
        Map<String, Long> joinSentAt = new HashMap<>();
        boolean searchOver = false;
        for (Event e : events) {
            int k = e.worker();
            String key = e.block() + "/" + e.gen();
            switch (e.type()) {
                case SPLIT -> {
                    ownerOf.put(key, k);
                    change(segments, stacks, since, k, e.micros(), searchOver);
                    stacks.get(k).push(new Activity("own", e.block(), e.gen(), "#" + e.block() + " p" + e.ply() + " " + e.nodeType()));
                }
                case UNSPLIT -> {
                    change(segments, stacks, since, k, e.micros(), searchOver);
                    pop(stacks.get(k), e);
                }
                case JOIN -> {
                    change(segments, stacks, since, k, e.micros(), searchOver);
                    stacks.get(k).push(new Activity("help", e.block(), e.gen(), "#" + e.block() + " p" + e.ply() + " " + e.nodeType()));
                    Long sent = joinSentAt.remove(k + ":" + key);
                    Integer owner = ownerOf.get(key);
                    if (sent != null && owner != null) // the hand-off: from the owner's lane to the helper's
                        line(arrows, x.applyAsDouble(sent), laneY.applyAsInt(owner), x.applyAsDouble(e.micros()),
                                laneY.applyAsInt(k), "#2a7", false);
                }
                case MERGE -> {
                    change(segments, stacks, since, k, e.micros(), searchOver);
                    pop(stacks.get(k), e);
                    Integer owner = ownerOf.get(key);
                    if (owner != null && owner != k)
                        line(arrows, x.applyAsDouble(e.micros()), laneY.applyAsInt(k), x.applyAsDouble(e.micros()),
                                laneY.applyAsInt(owner), "#c60", false);
                }
                case HELP -> line(arrows, x.applyAsDouble(e.micros()), laneY.applyAsInt(k),
                        x.applyAsDouble(e.micros()), laneSup, "#999", false);
                case JOIN_SENT -> { // recorded by the owner: "hand-off to worker r (...)"
                    int r = workerIn(e.note(), "hand-off to worker ");
                    if (r >= 0) joinSentAt.put(r + ":" + key, e.micros());
                }
                case CHOOSE -> { // the split request: from the idle worker to the owner it chose
                    int target = workerIn(e.note(), "asks worker ");
                    if (target >= 0 && target < w)
                        line(arrows, x.applyAsDouble(e.micros()), laneY.applyAsInt(k), x.applyAsDouble(e.micros()),
                                laneY.applyAsInt(target), "#888", true);
                }
                case BESTMOVE -> {
                    for (int i = 0; i < w; i++) change(segments, stacks, since, i, e.micros(), false);
                    searchOver = true;
                }
                default -> { }
            }
        }
        if (!searchOver) for (int i = 0; i < w; i++) change(segments, stacks, since, i, tEnd, false);

        StringBuilder sb = new StringBuilder();
        int height = TOP + w * LANE + 110;
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                + " font-family=\"sans-serif\" font-size=\"12\">%n", WIDTH, height, WIDTH, height));
        sb.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", WIDTH, height));
        sb.append("<text x=\"10\" y=\"18\" font-size=\"14\" font-weight=\"bold\">").append(esc(title)).append("</text>\n");
        sb.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\">supervisor</text>%n", laneSup + 4));
        sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#bbb\"/>%n",
                LEFT, laneSup, LEFT + plot, laneSup));
        for (int i = 0; i < w; i++) {
            int y = TOP + i * LANE + (LANE - BAR) / 2;
            sb.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\">worker %d</text>%n", y + BAR / 2 + 4, i));
            sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#f4f4f4\" stroke=\"#ddd\"/>%n",
                    LEFT, y, plot, BAR));
        }
        for (Segment s : segments) {
            if (s.kind().equals("idle") || s.to() <= s.from()) continue;
            double x0 = x.applyAsDouble(s.from()), x1 = x.applyAsDouble(s.to());
            int y = TOP + s.worker() * LANE + (LANE - BAR) / 2;
            String fill = switch (s.kind()) {
                case "root" -> "#6a9fd8";
                case "own" -> "#f0a04b";
                default -> "#7cc47c";
            };
            sb.append(String.format(Locale.ROOT, "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"%s\"><title>worker %d: %s%s, %.3f-%.3f ms</title></rect>%n",
                    x0, y, Math.max(0.6, x1 - x0), BAR, fill, s.worker(), s.kind().equals("own") ? "owns block" : s.kind().equals("help") ? "helps at block" : "searches its own tree",
                    s.label().isEmpty() ? "" : " " + esc(s.label()), s.from() / 1000.0, s.to() / 1000.0));
            if (!s.label().isEmpty() && x1 - x0 > 7.2 * s.label().length())
                sb.append(String.format(Locale.ROOT, "<text x=\"%.2f\" y=\"%d\" font-size=\"11\">%s</text>%n", x0 + 3, y + BAR / 2 + 4, esc(s.label())));
        }
        sb.append(arrows);
        // Time axis.
        int axisY = TOP + w * LANE + 10;
        sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\"/>%n", LEFT, axisY, LEFT + plot, axisY));
        double stepMs = niceStep(tEnd / 1000.0 / 10);
        for (double ms = 0; ms * 1000 <= tEnd; ms += stepMs) {
            double px = x.applyAsDouble((long) (ms * 1000));
            sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\"/>"
                    + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s ms</text>%n", px, axisY, px, axisY + 5, px, axisY + 18, fmt(ms)));
        }
        // Legend.
        int ly = axisY + 45;
        String[][] legend = {{"#6a9fd8", "searching its own tree (root)"}, {"#f0a04b", "owns split block #k (Split .. Unsplit)"},
                {"#7cc47c", "helps at block #k (Join .. Merge)"}, {"#f4f4f4", "idle"}};
        int lx = LEFT;
        for (String[] l : legend) {
            sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"16\" height=\"12\" fill=\"%s\" stroke=\"#999\"/><text x=\"%d\" y=\"%d\">%s</text>%n",
                    lx, ly - 10, l[0], lx + 20, ly, l[1]));
            lx += 40 + 7 * l[1].length();
        }
        ly += 22;
        lx = LEFT;
        String[][] lines = {{"#999", "HELP (record, worker to supervisor)", ""}, {"#888", "split request (idle to owner)", "4,3"},
                {"#2a7", "hand-off (owner to helper)", ""}, {"#c60", "Merge (helper to owner)", ""}};
        for (String[] l : lines) {
            sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/><text x=\"%d\" y=\"%d\">%s</text>%n",
                    lx, ly - 4, lx + 24, ly - 4, l[0], l[2].isEmpty() ? "" : " stroke-dasharray=\"" + l[2] + "\"", lx + 30, ly, l[1]));
            lx += 50 + 7 * l[1].length();
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    /** The worker number after prefix in a trace note, or -1. */
    static int workerIn(String note, String prefix) {
        int i = note.indexOf(prefix);
        if (i < 0) return -1;
        int j = i + prefix.length(), n = 0, d = 0;
        while (j < note.length() && Character.isDigit(note.charAt(j))) {
            n = n * 10 + (note.charAt(j++) - '0');
            d++;
        }
        return d == 0 ? -1 : n;
    }

    /** Closes worker k's current segment at t (its state is about to change). */
    private static void change(List<Segment> segs, List<Deque<Activity>> stacks, long[] since, int k, long t, boolean over) {
        if (over || k < 0 || k >= stacks.size()) return;
        Activity a = stacks.get(k).peek();
        String kind = a == null ? (k == 0 ? "root" : "idle") : a.kind();
        segs.add(new Segment(k, since[k], t, kind, a == null ? "" : a.label()));
        since[k] = t;
    }

    private static void pop(Deque<Activity> stack, Event e) {
        for (var it = stack.iterator(); it.hasNext(); ) {
            Activity a = it.next();
            if (a.block() == e.block() && a.gen() == e.gen()) {
                it.remove();
                return;
            }
        }
    }

    private static void line(StringBuilder sb, double x0, int y0, double x1, int y1, String color, boolean dashed) {
        sb.append(String.format(Locale.ROOT, "<line x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1.2\" stroke-opacity=\"0.8\"%s/>%n",
                x0, y0, x1, y1, color, dashed ? " stroke-dasharray=\"4,3\"" : ""));
        // An arrow head at the receiving end.
        double dx = x1 - x0, dy = y1 - y0, len = Math.max(1e-6, Math.hypot(dx, dy));
        double ux = dx / len, uy = dy / len;
        double bx = x1 - 6 * ux, by = y1 - 6 * uy;
        sb.append(String.format(Locale.ROOT, "<polygon points=\"%.2f,%d %.2f,%.2f %.2f,%.2f\" fill=\"%s\"/>%n",
                x1, y1, bx - 3 * uy, by + 3 * ux, bx + 3 * uy, by - 3 * ux, color));
    }

    private static double niceStep(double raw) {
        if (raw <= 0) return 1;
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5, 10}) if (m * p >= raw) return m * p;
        return 10 * p;
    }

    private static String fmt(double ms) {
        return ms == Math.rint(ms) ? String.valueOf((long) ms) : String.format(Locale.ROOT, "%.2f", ms);
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
