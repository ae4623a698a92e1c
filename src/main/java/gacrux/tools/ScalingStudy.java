package gacrux.tools;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import gacrux.board.Position;
import gacrux.dts.DtsSearch;
import gacrux.dts.ScalingSimulator;
import gacrux.search.DtsConfig;
import gacrux.search.Searcher;
import gacrux.search.TranspositionTable;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code smpbench --simulate 2,4,8,16,32}: DTS beyond this machine's cores, on the deterministic scaling
 * simulator (gacrux.dts.ScalingSimulator), against the serial search (the simulator at one worker) on the same
 * positions; then, unless {@code --no-real}, the real two-thread DTS search timed on this machine on the same
 * positions ({@code --real-runs K} times, the median run reported), so that the simulator's two-worker figures
 * can be checked against a measurement.
 * {@code --plot FILE.svg} draws the speedup curve next to the DTS paper's and the ideal.
 */
final class ScalingStudy {
    private ScalingStudy() {}

    /** Cray Blitz DTS speedups at 1, 2, 4, 8, 16 processors (Hyatt, Suter, Nelson 1989; in the DTS paper). */
    static final int[] PAPER_N = {1, 2, 4, 8, 16};
    static final double[] PAPER = {1.0, 2.0, 3.7, 6.6, 11.1};
    /** EXchess Lazy SMP at 2 and 4 threads (docs/benchmarks.md gives the source). */
    static final int[] LAZY_N = {1, 2, 4};
    static final double[] LAZY = {1.0, 1.65, 2.5};

    /** The default depth of --simulate: at 13 the trees are far smaller than the paper's (docs/benchmarks.md). */
    static final int DEFAULT_DEPTH = 15;
    /**
     * The default hop latency in virtual nodes: one hop of the real engine's hand-off at 2 threads on this kind of
     * machine, measured by `smpbench --threads 1,2` (split request to the owner's answer, median 26-36 us; answer
     * to the helper's first move, median 22-24 us: DEFAULT_LATENCY_US per hop, docs/benchmarks.md) times the
     * serial search's speed in those runs (SERIAL_NPS), rounded up.
     */
    static final double DEFAULT_LATENCY_US = 25, SERIAL_NPS = 1.2e6;
    static final long DEFAULT_LATENCY = (long) Math.ceil(DEFAULT_LATENCY_US * SERIAL_NPS / 1e6);

    /** Per worker count: summed virtual time, nodes, idle, splits and the per-position speedups. */
    record Row(int workers, long time, long nodes, long busy, long idle, long splits, double medianSpeedup,
               long lastTime, long lastNodes) {}

    /**
     * Where the idle time falls: all workers' time (busy + idle) summed by the root worker's place in its iteration
     * when it was charged (Searcher.youngBrothersPhase), as a share of the whole, and the idle share within each.
     * The eldest-brother chain is YBW's serial part: nothing on the root worker's path may be split yet.
     */
    static void printPhases(PrintStream out, int[] ns, ScalingSimulator.Result[][] r) {
        out.println("where the time goes, by the root worker's place in its iteration (share of all workers' time,"
                + " idle share within it):");
        out.println("workers   eldest-brother chain   rest of first root move   later root moves");
        for (int ni = 0; ni < ns.length; ni++) {
            if (ns[ni] == 1) continue;
            long[] busy = new long[Searcher.PHASES], idle = new long[Searcher.PHASES];
            long all = 0;
            for (ScalingSimulator.Result x : r[ni])
                for (int ph = 0; ph < Searcher.PHASES; ph++) {
                    busy[ph] += x.phaseBusy().get(ph);
                    idle[ph] += x.phaseIdle().get(ph);
                    all += x.phaseBusy().get(ph) + x.phaseIdle().get(ph);
                }
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%7d", ns[ni]));
            for (int ph = 0; ph < Searcher.PHASES; ph++) {
                long t = busy[ph] + idle[ph];
                line.append(String.format(Locale.ROOT, "   %5.1f%% (idle %5.1f%%)   ", 100.0 * t / Math.max(1, all),
                        100.0 * idle[ph] / Math.max(1, t)));
            }
            out.println(line.toString().stripTrailing());
        }
    }

    /**
     * The waste at blocks that failed high, per worker count, as a share of its nodes and of its overhead over the
     * serial search (r[0], one worker): moves cut short there, and moves after the cut searched to their end.
     */
    static void printWaste(PrintStream out, int[] ns, ScalingSimulator.Result[][] r) {
        out.println("waste at blocks that failed high: moves cut short there or above, and moves after the first fail"
                + " high searched to their end (share of the overhead):");
        for (int ni = 0; ni < ns.length; ni++) {
            if (ns[ni] == 1) continue;
            long cut = 0, after = 0, nodes = 0, serial = 0;
            for (int pi = 0; pi < r[ni].length; pi++) {
                cut += r[ni][pi].cutShortNodes();
                after += r[ni][pi].finishedAfterCutNodes();
                nodes += r[ni][pi].nodes();
                serial += r[0][pi].nodes();
            }
            long ovh = nodes - serial;
            out.printf(Locale.ROOT, "%7d   cut short %5.1f%% of the nodes (%s of the overhead), finished after the"
                    + " cut %5.1f%% (%s)%n", ns[ni], 100.0 * cut / Math.max(1, nodes), shareOfOverhead(cut, ovh, serial),
                    100.0 * after / Math.max(1, nodes), shareOfOverhead(after, ovh, serial));
        }
    }

    /**
     * part as a share of the overhead, or "n/a" where the parallel trees are no bigger than the serial ones by more
     * than 1% (a share of a near-zero or negative overhead says nothing: 2,560,500% was printed once).
     */
    static String shareOfOverhead(long part, long overhead, long serial) {
        if (overhead <= serial / 100) return "  n/a";
        return String.format(Locale.ROOT, "%5.1f%%", 100.0 * part / overhead);
    }

    /**
     * Where the parallel tree outgrows the serial one: nodes by ply from the root summed over the positions, the
     * serial search's (r[0]) and, per worker count, that count's as a multiple of the serial and the share of its
     * extra nodes found at that ply. A multiple above 1 already at ply 1 means extra root moves or root
     * re-searches; one near 1 there that grows with the ply puts the extra nodes in subtrees below blocks deeper
     * in the tree (docs/benchmarks.md, "Where the parallel tree grows").
     */
    static void printNodesByPly(PrintStream out, int[] ns, ScalingSimulator.Result[][] r) {
        int plies = 0;
        long[][] byPly = new long[ns.length][];
        long[] total = new long[ns.length];
        for (int ni = 0; ni < ns.length; ni++) {
            byPly[ni] = new long[r[ni][0].nodesByPly().size()];
            for (ScalingSimulator.Result x : r[ni])
                for (int p = 0; p < byPly[ni].length; p++) byPly[ni][p] += x.nodesByPly().get(p);
            for (int p = 0; p < byPly[ni].length; p++) {
                total[ni] += byPly[ni][p];
                if (byPly[ni][p] > 0) plies = Math.max(plies, p + 1);
            }
        }
        out.println("nodes by ply from the root: the serial search's, and per worker count its nodes there as a multiple"
                + " of the serial (share of its extra nodes at that ply):");
        StringBuilder head = new StringBuilder("    ply        serial");
        for (int ni = 1; ni < ns.length; ni++) head.append(String.format(Locale.ROOT, "   %16s", ns[ni] + " workers"));
        out.println(head);
        for (int p = 0; p < plies; p++) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%7d  %12d", p, byPly[0][p]));
            for (int ni = 1; ni < ns.length; ni++) {
                long extra = Math.max(1, total[ni] - total[0]);
                line.append(byPly[0][p] == 0 ? String.format(Locale.ROOT, "   %7s", "-")
                        : String.format(Locale.ROOT, "   %6.2fx", (double) byPly[ni][p] / byPly[0][p]));
                line.append(String.format(Locale.ROOT, " (%5.1f%%)", 100.0 * (byPly[ni][p] - byPly[0][p]) / extra));
            }
            out.println(line);
        }
    }

    static int run(PrintStream out, PrintStream err, List<Position> positions, int depth, int ttMb, int[] simulate,
                   int quantum, long seed, String plot, int realRuns, long latencyOption, DtsConfig dts) {
        boolean real = realRuns > 0;
        int[] ns = withOne(simulate);
        long latency = latencyOption >= 0 ? latencyOption : DEFAULT_LATENCY;
        TranspositionTable tt = new TranspositionTable(ttMb);
        out.printf(Locale.ROOT, "simulated DTS: depth %d, %d positions, workers %s, quantum %d nodes (mean), seed %d,"
                        + " minSplitDepth %d, maxHelpersPerBlock %d%s%s%s%n", depth, positions.size(), Arrays.toString(ns),
                quantum, seed, dts.minSplitDepth(), dts.maxHelpersPerBlock(), dts.idleChooses() ? "" : ", no idle choice",
                dts.helpfulMaster() ? "" : ", no helpful master", dts.freshBounds() ? "" : ", no fresh bounds");
        out.printf(Locale.ROOT, "latency charged per hop between workers: %d nodes%s%n", latency, latencyOption >= 0
                ? " (--latency)" : String.format(Locale.ROOT, " (default: %.0f us measured x %.1f M serial nps)",
                DEFAULT_LATENCY_US, SERIAL_NPS / 1e6));
        ScalingSimulator.Result[][] r = new ScalingSimulator.Result[ns.length][positions.size()];
        long started = System.nanoTime();
        for (int pi = 0; pi < positions.size(); pi++) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  pos %2d", pi + 1));
            for (int ni = 0; ni < ns.length; ni++) {
                r[ni][pi] = new ScalingSimulator(ns[ni], quantum, seed, latency, tt, Searcher.Config.DEFAULT, dts)
                        .search(positions.get(pi), depth);
                line.append(String.format(Locale.ROOT, "  | %2d: %9d t", ns[ni], r[ni][pi].virtualTime()));
            }
            out.println(line);
        }
        Row[] rows = new Row[ns.length];
        for (int ni = 0; ni < ns.length; ni++) {
            long t = 0, n = 0, busy = 0, idle = 0, splits = 0, lt = 0, ln = 0;
            double[] sp = new double[positions.size()];
            for (int pi = 0; pi < positions.size(); pi++) {
                ScalingSimulator.Result x = r[ni][pi];
                t += x.virtualTime(); n += x.nodes(); busy += x.busy(); idle += x.idle(); splits += x.splits();
                lt += x.lastIterationTime(); ln += x.lastIterationNodes();
                sp[pi] = (double) r[0][pi].virtualTime() / x.virtualTime();
            }
            Arrays.sort(sp);
            rows[ni] = new Row(ns[ni], t, n, busy, idle, splits, sp[sp.length / 2], lt, ln);
        }
        out.println();
        out.println("(virtual time t = nodes searched + idle on the longest timeline; 1 worker = the serial search;"
                + " last: the last iteration alone; every search's protocol trace checked)");
        out.println("workers   virtual time        nodes  speedup  median   last  overhead  last-ovh  nps-scaling   idle"
                + "    splits  paper");
        Row base = rows[0];
        for (Row x : rows) {
            out.printf(Locale.ROOT, "%7d  %13d  %11d  %7.2f  %6.2f  %5.2f  %+7.1f%%  %+7.1f%%  %11.2f  %5.1f%%  %8d  %s%n",
                    x.workers(), x.time(), x.nodes(), speedup(base, x), x.medianSpeedup(),
                    (double) base.lastTime() / x.lastTime(), 100.0 * ((double) x.nodes() / base.nodes() - 1),
                    100.0 * ((double) x.lastNodes() / base.lastNodes() - 1),
                    (double) x.nodes() / x.time() / ((double) base.nodes() / base.time()),
                    100.0 * x.idle() / Math.max(1, x.busy() + x.idle()), x.splits(), paper(x.workers()));
        }
        printPhases(out, ns, r);
        printWaste(out, ns, r);
        printNodesByPly(out, ns, r);
        out.printf(Locale.ROOT, "(simulation took %.1f s of this machine's time)%n", (System.nanoTime() - started) / 1e9);
        double[] measured = null;
        if (real) {
            try {
                measured = measureTwoThreads(out, positions, depth, ttMb, realRuns, dts);
            } catch (Exception e) {
                err.println("smpbench: the real two-thread run failed: " + e);
                return 1;
            }
            int i2 = indexOf(ns, 2);
            if (i2 >= 0) {
                Row s = rows[i2];
                out.printf(Locale.ROOT, "two workers, simulated vs real (%s): speedup %.2f vs %.2f, overhead %+.1f%% vs %+.1f%%,"
                                + " nps scaling %.2f vs %.2f%n", realRuns == 1 ? "one run" : "median of " + realRuns + " runs",
                        speedup(base, s), measured[0],
                        100.0 * ((double) s.nodes() / base.nodes() - 1), measured[1],
                        (double) s.nodes() / s.time() / ((double) base.nodes() / base.time()), measured[2]);
            }
        }
        if (plot != null) {
            try {
                Files.writeString(Path.of(plot), plot(rows, measured, depth, positions.size(), quantum, seed));
                out.println("plot written to " + plot);
            } catch (IOException e) {
                err.println("smpbench: cannot write " + plot + ": " + e.getMessage());
                return 1;
            }
        }
        return 0;
    }

    private static int[] withOne(int[] simulate) {
        int[] ns = Arrays.stream(simulate).distinct().sorted().toArray();
        if (ns[0] == 1) return ns;
        int[] w = new int[ns.length + 1];
        w[0] = 1;
        System.arraycopy(ns, 0, w, 1, ns.length);
        return w;
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) if (a[i] == v) return i;
        return -1;
    }

    static double speedup(Row base, Row x) { return (double) base.time() / x.time(); }

    private static String paper(int n) {
        int i = indexOf(PAPER_N, n);
        return i < 0 ? "" : String.format(Locale.ROOT, "%.1f", PAPER[i]);
    }

    /**
     * The real thing on this machine: serial and two-thread DTS time to depth, interleaved position by position
     * after a warm-up. Returns {speedup, overhead %, nps scaling}.
     */
    private static double[] measureTwoThreads(PrintStream out, List<Position> positions, int depth, int ttMb,
                                              int realRuns, DtsConfig config) throws Exception {
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "scaling", DtsSearch.systemConfig(2));
        try {
            TranspositionTable tt = new TranspositionTable(ttMb);
            Searcher serial = new Searcher(tt);
            DtsSearch dts = DtsSearch.spawn(system, "smp-2", tt, 2, Searcher.Config.DEFAULT, config);
            for (Position p : positions) {
                SmpBench.runOne(null, false, serial, tt, p, Math.min(depth, 8), null);
                SmpBench.runOne(dts, false, serial, tt, p, Math.min(depth, 8), null);
            }
            double[][] runs = new double[realRuns][];
            for (int k = 0; k < realRuns; k++) {
                long t1 = 0, n1 = 0, t2 = 0, n2 = 0;
                for (Position p : positions) {
                    SmpBench.Row a = SmpBench.runOne(null, false, serial, tt, p, depth, null);
                    SmpBench.Row b = SmpBench.runOne(dts, false, serial, tt, p, depth, null);
                    t1 += a.timeNs(); n1 += a.nodes(); t2 += b.timeNs(); n2 += b.nodes();
                }
                double speedup = (double) t1 / t2, overhead = 100.0 * ((double) n2 / n1 - 1);
                double npsScaling = ((double) n2 / t2) / ((double) n1 / t1);
                out.printf(Locale.ROOT, "real run %d, this machine (%d cores): serial %.3f s, DTS 2 threads %.3f s:"
                                + " speedup %.2f, overhead %+.1f%%, nps scaling %.2f%n", k + 1,
                        Runtime.getRuntime().availableProcessors(), t1 / 1e9, t2 / 1e9, speedup, overhead, npsScaling);
                runs[k] = new double[] {speedup, overhead, npsScaling};
            }
            // The run with the median speedup stands for all (its overhead and nps scaling belong to it).
            Arrays.sort(runs, java.util.Comparator.comparingDouble(r -> r[0]));
            return runs[realRuns / 2];
        } finally {
            system.terminate();
        }
    }

    // ---- the plot: speedup against processors, both on log2 axes ----

    private static final int W = 760, H = 520, L = 70, R = 200, T = 50, B = 60;

    static String plot(Row[] rows, double[] measured, int depth, int positions, int quantum, long seed) {
        int maxN = 1;
        for (Row x : rows) maxN = Math.max(maxN, x.workers());
        maxN = Math.max(maxN, 16);
        double top = log2(maxN);
        java.util.function.DoubleUnaryOperator px = n -> L + (W - L - R) * log2(n) / top;
        java.util.function.DoubleUnaryOperator py = s -> H - B - (H - T - B) * log2(Math.max(s, 1)) / top;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "font-family=\"sans-serif\" font-size=\"12\">%n", W, H));
        s.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", W, H));
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"22\" font-size=\"15\">DTS speedup (time to depth %d,"
                + " %d positions): simulated Gacrux vs Cray Blitz</text>%n", L, depth, positions));
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"38\" fill=\"#555\">simulator: one worker at a time,"
                + " slices of %d nodes (mean), seed %d; log2 axes</text>%n", L, quantum, seed));
        for (int n = 1; n <= maxN; n *= 2) { // grid
            double x = px.applyAsDouble(n), y = py.applyAsDouble(n);
            s.append(line(x, T, x, H - B, "#ddd", 1, null)).append(line(L, y, W - R, y, "#ddd", 1, null));
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>%n", x, H - B + 18, n));
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d</text>%n", L - 8, y + 4, n));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">processors (workers)</text>%n",
                (L + W - R) / 2, H - 18));
        s.append(String.format(Locale.ROOT, "<text transform=\"translate(20,%d) rotate(-90)\" text-anchor=\"middle\">"
                + "speedup</text>%n", (T + H - B) / 2));
        s.append(line(px.applyAsDouble(1), py.applyAsDouble(1), px.applyAsDouble(maxN), py.applyAsDouble(maxN), "#999", 1.5, "6,4"));
        double[] simN = new double[rows.length], simS = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            simN[i] = rows[i].workers();
            simS[i] = speedup(rows[0], rows[i]);
        }
        s.append(series(px, py, toD(PAPER_N), PAPER, "#d62728", "3,0"));
        s.append(series(px, py, toD(LAZY_N), LAZY, "#2ca02c", "4,3"));
        s.append(series(px, py, simN, simS, "#1f77b4", "3,0"));
        for (int i = 0; i < rows.length; i++)
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#1f77b4\">%.2f</text>%n",
                    px.applyAsDouble(simN[i]) + 6, py.applyAsDouble(simS[i]) + 16, simS[i]));
        if (measured != null) {
            double x = px.applyAsDouble(2), y = py.applyAsDouble(measured[0]);
            s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"#ff7f0e\"/>%n",
                    x - 5, y - 5));
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#ff7f0e\">%.2f</text>%n", x - 40, y - 8, measured[0]));
        }
        int ly = T + 10, lx = W - R + 16;
        String[][] legend = {
                {"#999", "ideal (speedup = N)"}, {"#d62728", "Cray Blitz DTS (paper)"},
                {"#2ca02c", "EXchess Lazy SMP"}, {"#1f77b4", "Gacrux DTS, simulated"},
                {"#ff7f0e", measured != null ? "Gacrux DTS, real 2 cores" : null}};
        for (String[] e : legend) {
            if (e[1] == null) continue;
            s.append(line(lx, ly, lx + 22, ly, e[0], 2.5, e[0].equals("#999") ? "6,4" : null));
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n", lx + 28, ly + 4, e[1]));
            ly += 20;
        }
        s.append("</svg>\n");
        return s.toString();
    }

    private static double[] toD(int[] a) { return Arrays.stream(a).asDoubleStream().toArray(); }

    private static double log2(double v) { return Math.log(v) / Math.log(2); }

    private static String line(double x1, double y1, double x2, double y2, String color, double w, String dash) {
        return String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                + "stroke-width=\"%.1f\"%s/>%n", x1, y1, x2, y2, color, w, dash == null ? "" : " stroke-dasharray=\"" + dash + "\"");
    }

    private static String series(java.util.function.DoubleUnaryOperator px, java.util.function.DoubleUnaryOperator py,
                                 double[] n, double[] sp, String color, String dash) {
        StringBuilder s = new StringBuilder("<polyline fill=\"none\" stroke=\"" + color + "\" stroke-width=\"2.5\""
                + " stroke-dasharray=\"" + dash + "\" points=\"");
        for (int i = 0; i < n.length; i++)
            s.append(String.format(Locale.ROOT, "%.1f,%.1f ", px.applyAsDouble(n[i]), py.applyAsDouble(sp[i])));
        s.append("\"/>\n");
        for (int i = 0; i < n.length; i++)
            s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>%n",
                    px.applyAsDouble(n[i]), py.applyAsDouble(sp[i]), color));
        return s.toString();
    }
}
