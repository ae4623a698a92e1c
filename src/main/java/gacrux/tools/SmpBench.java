package gacrux.tools;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import gacrux.board.FenException;
import gacrux.board.Position;
import gacrux.dts.DtsSearch;
import gacrux.search.DtsConfig;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import gacrux.search.Searcher;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code smpbench [--threads 1,2,4] [--depth D] [--positions FILE] [--tt MB]}: time to depth of the parallel
 * search against the serial one, on the same positions in the same run. For each thread count and position:
 * time, nodes, nps; then per thread count: speedup (time at 1 / time at N), search overhead (nodes at N /
 * nodes at 1 - 1), nps scaling, and the idle share (worker time not spent searching).
 * Every search starts with a cleared TT and fresh killers/history, so runs are comparable.
 * {@code --protocol-trace PREFIX} writes each timed parallel search's DTS protocol trace to
 * PREFIX-&lt;threads&gt;t-pos&lt;NN&gt;.jsonl and checks it with gacrux.dts.ProtocolChecker (exit 1 if one breaks a rule);
 * {@code --svg PREFIX} draws each as a timeline (TimelineSvg), PREFIX-&lt;threads&gt;t-pos&lt;NN&gt;.svg.
 * {@code --mode dts,lazy} (default dts) measures each parallel mode at each thread count above 1 (DTS, and Lazy
 * SMP on the same kind of workers), all against the same serial run, position by position in the same run;
 * only DTS searches are traced.
 * {@code --movetime MS}: fixed time instead of fixed depth. Every configuration searches each position for MS
 * ms (stopped from outside, like a GUI's stop); the table gives the mean depth completed and the share of
 * positions whose best move equals that of a reference serial search to {@code --depth} (run first).
 * {@code --simulate 2,4,8,16,32 [--quantum NODES] [--seed S] [--plot FILE.svg] [--real-runs K | --no-real]}: DTS on that many
 * simulated processors, deterministically (see ScalingStudy and gacrux.dts.ScalingSimulator).
 */
final class SmpBench {
    /** Every option the parser below accepts (Main's usage text prints it too; SmpBenchTest checks both). */
    static final String USAGE = "smpbench [--threads 1,2,4] [--depth D] [--positions FILE] [--tt MB]"
            + " [--protocol-trace PREFIX] [--svg PREFIX] [--mode dts,lazy] [--movetime MS]"
            + " | smpbench --simulate 2,4,8,16,32,64 [--latency NODES] [--quantum NODES] [--seed S] [--plot FILE.svg]"
            + " [--real-runs K | --no-real] [--depth D] [--positions FILE] [--tt MB]"
            + " | smpbench --simulate W --nodes 2,4 [--net-latency 60,600] [--cluster-split-depth 6,8,10] [--cluster-below-root] [--latency NODES]"
            + " [--quantum NODES] [--seed S] [--depth D] [--positions FILE] [--tt MB];"
            + " tuning: [--min-split-depth D] [--max-helpers N] [--no-idle-choice] [--no-helpful-master]"
            + " [--no-fresh-bounds]";

    private SmpBench() {}

    /** Middlegame positions of the Bratko-Kopec test (facts: positions from a public test suite). */
    static final List<String> POSITIONS = List.of(
            "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
            "3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1",
            "2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - 0 1",
            "rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - 0 1",
            "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
            "2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - - 0 1",
            "1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - - 0 1",
            "4b3/p3kp2/6p1/3pP2p/2pP1P2/4K1P1/P3N2P/8 w - - 0 1",
            "2kr1bnr/pbpq4/2n1pp2/3p3p/3P1P1B/2N2N1Q/PPP3PP/2KR1B1R w - - 0 1",
            "3rr1k1/pp3pp1/1qn2np1/8/3p4/PP1R1P2/2P1NQPP/R1B3K1 b - - 0 1",
            "2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1",
            "r3r1k1/ppqb1ppp/8/4p1NQ/8/2P5/PP3PPP/R3R1K1 b - - 0 1",
            "r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1",
            "rnb2r1k/pp2p2p/2pp2p1/q2P1p2/8/1Pb2NP1/PB2PPBP/R2Q1RK1 w - - 0 1",
            "2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 w - - 0 1",
            "r1bqkb1r/4npp1/p1p4p/1p1pP1B1/8/1B6/PPPN1PPP/R2Q1RK1 w kq - 0 1",
            "r2q1rk1/1ppnbppp/p2p1nb1/3Pp3/2P1P1P1/2N2N1P/PPB1QP2/R1B2RK1 b - - 0 1",
            "r1bq1rk1/pp2ppbp/2np2p1/2n5/P3PP2/N1P2N2/1PB3PP/R1B1QRK1 b - - 0 1",
            "3rr3/2pq2pk/p2p1pnp/8/2QBPP2/1P6/P5PP/4RRK1 b - - 0 1",
            "r4k2/pb2bp1r/1p1qp2p/3pNp2/3P1P2/2N3P1/PPP1Q2P/2KRR3 w - - 0 1");

    record Row(long timeNs, long nodes) {}

    /** CPU time of the whole process so far (all threads), or 0 where the JVM cannot say. */
    static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean b ? Math.max(0, b.getProcessCpuTime()) : 0;
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return runWith(args, out, err);
    }

    private static int runWith(String[] args, PrintStream out, PrintStream err) {
        int[] threads = {1, 2};
        int depth = -1, ttMb = 64;
        long latency = -1;
        DtsConfig dtsConfig = DtsConfig.DEFAULT;
        List<String> fens = POSITIONS;
        String tracePrefix = null, svgPrefix = null;
        String[] modes = {"dts"};
        long movetime = 0;
        int[] simulate = null;
        int[] clusterNodes = null, clusterSplitDepths = null;
        long[] netLatencies = null;
        boolean belowRoot = false;
        int quantum = 100;
        long seed = 1;
        String plot = null;
        int realRuns = 1;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--threads" -> {
                        String[] t = args[++i].split(",");
                        threads = new int[t.length];
                        for (int k = 0; k < t.length; k++) threads[k] = Integer.parseInt(t[k].trim());
                    }
                    case "--depth" -> depth = Integer.parseInt(args[++i]);
                    case "--tt" -> ttMb = Integer.parseInt(args[++i]);
                    case "--positions" -> fens = readPositions(Path.of(args[++i]));
                    case "--protocol-trace" -> tracePrefix = args[++i];
                    case "--svg" -> svgPrefix = args[++i];
                    case "--movetime" -> movetime = Long.parseLong(args[++i]);
                    case "--simulate" -> {
                        String[] t = args[++i].split(",");
                        simulate = new int[t.length];
                        for (int k = 0; k < t.length; k++) simulate[k] = Integer.parseInt(t[k].trim());
                    }
                    case "--quantum" -> quantum = Integer.parseInt(args[++i]);
                    case "--seed" -> seed = Long.parseLong(args[++i]);
                    case "--plot" -> plot = args[++i];
                    case "--no-real" -> realRuns = 0;
                    case "--real-runs" -> realRuns = Integer.parseInt(args[++i]);
                    // DTS tuning values and switches for experiments (this run's DtsConfig; the engine's is the default)
                    case "--min-split-depth" -> dtsConfig = dtsConfig.withMinSplitDepth(Integer.parseInt(args[++i]));
                    case "--max-helpers" -> dtsConfig = dtsConfig.withMaxHelpers(Integer.parseInt(args[++i]));
                    case "--no-idle-choice" -> dtsConfig = dtsConfig.withIdleChooses(false);
                    case "--no-helpful-master" -> dtsConfig = dtsConfig.withHelpfulMaster(false);
                    case "--no-fresh-bounds" -> dtsConfig = dtsConfig.withFreshBounds(false);
                    case "--latency" -> latency = Long.parseLong(args[++i]);
                    case "--nodes" -> clusterNodes = intList(args[++i]);
                    case "--cluster-below-root" -> belowRoot = true;
                    case "--cluster-split-depth" -> clusterSplitDepths = intList(args[++i]);
                    case "--net-latency" -> netLatencies = java.util.Arrays.stream(intList(args[++i])).asLongStream().toArray();
                    case "--mode" -> {
                        modes = args[++i].toLowerCase(java.util.Locale.ROOT).split(",");
                        for (String m : modes)
                            if (!m.equals("dts") && !m.equals("lazy"))
                                throw new IllegalArgumentException("mode must be dts or lazy, not '" + m + "'");
                    }
                    default -> throw new IllegalArgumentException("unknown argument '" + args[i] + "'");
                }
            }
            for (int t : threads) if (t < 1 || t > 64) throw new IllegalArgumentException("threads must be 1..64");
            // The simulator's default is deeper: its trees at depth 13 are far smaller than the paper's.
            if (depth == -1) depth = simulate != null ? ScalingStudy.DEFAULT_DEPTH : 11;
            if (depth < 1 || depth > 40) throw new IllegalArgumentException("depth must be 1..40");
            java.util.Set<String> given = new java.util.HashSet<>(java.util.Arrays.asList(args));
            java.util.List<String> realOnly = java.util.List.of("--threads", "--mode", "--movetime", "--protocol-trace", "--svg");
            java.util.List<String> simOnly = java.util.List.of("--quantum", "--seed", "--plot", "--no-real", "--real-runs",
                    "--latency", "--nodes", "--net-latency", "--cluster-split-depth", "--cluster-below-root");
            for (String o : simulate != null ? realOnly : simOnly)
                if (given.contains(o))
                    throw new IllegalArgumentException(o + (simulate != null ? " does not apply to --simulate" : " needs --simulate"));
            if (simulate != null)
                for (int n : simulate) if (n < 1 || n > 64) throw new IllegalArgumentException("simulated workers must be 1..64");
            if (realRuns < 0 || realRuns > 100) throw new IllegalArgumentException("real-runs must be 0..100");
            if (quantum < 1 || quantum > 1_000_000) throw new IllegalArgumentException("quantum must be 1..1000000 nodes");
            if (ttMb < 1) throw new IllegalArgumentException("tt must be at least 1 MB");
            if (latency < -1 || latency > 1_000_000) throw new IllegalArgumentException("latency must be 0..1000000 nodes");
            if (clusterNodes == null && (netLatencies != null || clusterSplitDepths != null || belowRoot))
                throw new IllegalArgumentException("--net-latency, --cluster-split-depth and --cluster-below-root need --nodes");
            if (clusterNodes != null) {
                if (simulate.length != 1) throw new IllegalArgumentException("--nodes takes one --simulate worker count (per machine)");
                if (given.contains("--plot")) throw new IllegalArgumentException("--plot does not apply to --nodes");
                for (int m : clusterNodes) if (m < 1 || m > 16) throw new IllegalArgumentException("machines must be 1..16");
                if (netLatencies != null)
                    for (long l : netLatencies) if (l < 0 || l > 10_000_000) throw new IllegalArgumentException("net latency must be 0..10000000 nodes");
                if (clusterSplitDepths != null)
                    for (int d : clusterSplitDepths) if (d < 1 || d > 40) throw new IllegalArgumentException("cluster split depth must be 1..40");
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            err.println("smpbench: missing value after " + args[args.length - 1]);
            return 2;
        } catch (IllegalArgumentException | IOException e) {
            err.println("smpbench: " + e.getMessage() + " (usage: " + USAGE + ")");
            return 2;
        }
        List<Position> positions = new ArrayList<>();
        for (String f : fens) {
            try {
                positions.add(Position.fromFen(f));
            } catch (FenException e) {
                err.println("smpbench: bad FEN '" + f + "': " + e.getMessage());
                return 2;
            }
        }
        if (simulate != null) {
            String missing = simulatorMissing(SmpBench.class.getClassLoader());
            if (missing != null) {
                err.println("smpbench: " + missing);
                return 2;
            }
        }
        if (clusterNodes != null)
            return ClusterStudy.run(out, positions, depth, ttMb, simulate[0], clusterNodes, netLatencies,
                    clusterSplitDepths, belowRoot, quantum, seed, latency >= 0 ? latency : ScalingStudy.DEFAULT_LATENCY, dtsConfig);
        if (simulate != null)
            return ScalingStudy.run(out, err, positions, depth, ttMb, simulate, quantum, seed, plot, realRuns, latency,
                    dtsConfig);
        int maxThreads = 1;
        for (int t : threads) maxThreads = Math.max(maxThreads, t);
        // The configurations measured: each thread count once per mode, a single thread once (the serial search).
        List<Integer> cfgT = new ArrayList<>();
        List<Boolean> cfgL = new ArrayList<>();
        for (int t : threads) {
            if (t == 1) { cfgT.add(1); cfgL.add(false); continue; }
            for (String m : modes) { cfgT.add(t); cfgL.add(m.equals("lazy")); }
        }
        int[] cfgThreads = cfgT.stream().mapToInt(Integer::intValue).toArray();
        boolean[] lazy = new boolean[cfgThreads.length];
        String[] label = new String[cfgThreads.length];
        for (int ci = 0; ci < lazy.length; ci++) {
            lazy[ci] = cfgL.get(ci);
            label[ci] = cfgThreads[ci] == 1 ? "serial" : lazy[ci] ? "lazy" : "dts";
        }
        threads = cfgThreads;
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "smpbench", DtsSearch.systemConfig(maxThreads));
        try {
            TranspositionTable tt = new TranspositionTable(ttMb);
            Row[][] rows = new Row[threads.length][positions.size()];
            double[] idleShare = new double[threads.length];
            DtsSearch[] dts = new DtsSearch[threads.length];
            int traces = 0, badTraces = 0;
            Searcher serial = new Searcher(tt);
            for (int ti = 0; ti < threads.length; ti++)
                if (threads[ti] > 1)
                    dts[ti] = DtsSearch.spawn(system, "smp-" + ti, tt, threads[ti], Searcher.Config.DEFAULT, dtsConfig);
            // (Each mode gets its own workers, so the busy and wait counters below are per configuration.)
            // Warm-up: the JIT compiles the search before anything is timed, so the first configuration measured
            // is not penalised for running cold.
            int warmDepth = Math.min(depth, 8);
            for (int ti = 0; ti < threads.length; ti++)
                for (Position p : positions) runOne(dts[ti], lazy[ti], serial, tt, p, warmDepth, null);
            if (movetime > 0) return fixedTime(out, positions, depth, movetime, threads, lazy, label, dts, serial, tt);
            long[] busy0 = new long[threads.length], wait0 = new long[threads.length], wall = new long[threads.length];
            // The whole process's CPU time around each timed search (workers, dispatcher, JIT, GC): how many cores
            // a configuration kept busy, and its nodes per CPU-second (docs/benchmarks.md, "Where the cores go").
            long[] cpu = new long[threads.length];
            for (int ti = 0; ti < threads.length; ti++)
                if (dts[ti] != null) {
                    busy0[ti] = dts[ti].busyNanos();
                    wait0[ti] = dts[ti].waitNanos();
                    for (int k = 0; k < 3; k++) dts[ti].drainLatencies(k); // the warm-up's are not counted
                }
            // Interleaved: each position is searched by every configuration in turn, so a burst of load on this
            // shared machine hits all configurations alike.
            out.printf("depth %d, %d positions, threads %s, modes %s%n", depth, positions.size(),
                    java.util.Arrays.toString(threads), String.join(",", modes));
            for (int pi = 0; pi < positions.size(); pi++) {
                StringBuilder line = new StringBuilder(String.format("  pos %2d", pi + 1));
                for (int ti = 0; ti < threads.length; ti++) {
                    boolean traced = (tracePrefix != null || svgPrefix != null) && dts[ti] != null && !lazy[ti];
                    String file = tracePrefix == null ? null
                            : String.format("%s-%dt-pos%02d.jsonl", tracePrefix, threads[ti], pi + 1);
                    gacrux.search.ProtocolTrace trace = traced ? new gacrux.search.ProtocolTrace(svgPrefix != null, file) : null;
                    long cpu0 = processCpuNanos();
                    Row r = runOne(dts[ti], lazy[ti], serial, tt, positions.get(pi), depth, trace);
                    cpu[ti] += processCpuNanos() - cpu0;
                    if (trace != null) {
                        List<gacrux.search.ProtocolTrace.Event> events = file != null
                                ? gacrux.dts.ProtocolChecker.read(Path.of(file)) : trace.events();
                        List<gacrux.dts.ProtocolChecker.Violation> v = gacrux.dts.ProtocolChecker.check(events);
                        if (svgPrefix != null)
                            Files.writeString(Path.of(String.format("%s-%dt-pos%02d.svg", svgPrefix, threads[ti], pi + 1)),
                                    TimelineSvg.render(events, threads[ti], String.format("smpbench: position %d, depth %d, %d workers",
                                            pi + 1, depth, threads[ti])));
                        traces++;
                        if (!v.isEmpty()) {
                            badTraces++;
                            err.println("smpbench: " + trace + " breaks the DTS protocol: " + v);
                        }
                    }
                    rows[ti][pi] = r;
                    wall[ti] += r.timeNs();
                    line.append(String.format("  | %s %d thr %7.3f s %10d nodes", label[ti], threads[ti], r.timeNs() / 1e9,
                            r.nodes()));
                }
                out.println(line);
            }
            for (int ti = 0; ti < threads.length; ti++) {
                if (dts[ti] == null) continue;
                long busy = dts[ti].busyNanos() - busy0[ti], waited = dts[ti].waitNanos() - wait0[ti];
                idleShare[ti] = 1.0 - (double) (busy - waited) / ((double) wall[ti] * threads[ti]);
            }
            if (traces > 0)
                err.printf("smpbench: %d parallel searches traced (%s%s; tracing slows the timed searches),"
                        + " %d break the DTS rules%n", traces, tracePrefix == null ? "" : tracePrefix + "-*.jsonl ",
                        svgPrefix == null ? "" : svgPrefix + "-*.svg", badTraces);
            out.println();
            out.println("mode    threads     time(s)      nodes        nps   speedup  overhead  nps-scaling  idle");
            long t1 = 0, n1 = 0;
            for (Row r : rows[0]) { t1 += r.timeNs(); n1 += r.nodes(); }
            for (int ti = 0; ti < threads.length; ti++) {
                long tn = 0, nn = 0;
                for (Row r : rows[ti]) { tn += r.timeNs(); nn += r.nodes(); }
                double nps = nn * 1e9 / tn, nps1 = n1 * 1e9 / t1;
                out.printf("%-6s  %7d  %10.3f  %10d  %9.0f  %8.2f  %+7.1f%%  %11.2f  %4.1f%%%n", label[ti], threads[ti],
                        tn / 1e9, nn, nps,
                        (double) t1 / tn, 100.0 * ((double) nn / n1 - 1), nps / nps1, 100 * idleShare[ti]);
            }
            if (cpu[0] > 0) {
                double perCpu1 = n1 * 1e9 / cpu[0];
                for (int ti = 0; ti < threads.length; ti++) {
                    long nn = 0;
                    for (Row r : rows[ti]) nn += r.nodes();
                    out.printf("cpu: %s %d thr: %.2f cores busy, %.0f nodes per cpu-second (%.2f of serial)%n", label[ti],
                            threads[ti], (double) cpu[ti] / wall[ti], nn * 1e9 / cpu[ti], nn * 1e9 / cpu[ti] / perCpu1);
                }
            }
            // DTS: from "idle" to the first move searched at a block (the hand-off), in microseconds and in the
            // nodes one worker searches meanwhile (at the serial search's speed in this run).
            double serialNps = n1 * 1e9 / t1;
            String[] what = {"idle -> first move at a block", "  of which: split request -> owner's answer",
                    "  and: answer -> first move (the hand-off)"};
            for (int ti = 0; ti < threads.length; ti++) {
                if (dts[ti] == null || lazy[ti]) continue;
                for (int k = 0; k < 3; k++) {
                    long[] lat = dts[ti].drainLatencies(k);
                    if (lat.length == 0) continue;
                    java.util.Arrays.sort(lat);
                    double med = lat[lat.length / 2] / 1e3, p99 = lat[Math.min(lat.length - 1, (int) (lat.length * 0.99))] / 1e3;
                    out.printf("dts threads %d: %s: median %.1f us (%.0f nodes), p99 %.1f us (%.0f nodes), %d samples%n",
                            threads[ti], what[k], med, med * serialNps / 1e6, p99, p99 * serialNps / 1e6, lat.length);
                }
            }
            // Per-position speedup medians are steadier than totals on a noisy machine.
            for (int ti = 1; ti < threads.length; ti++) {
                double[] sp = new double[positions.size()];
                for (int pi = 0; pi < sp.length; pi++) sp[pi] = (double) rows[0][pi].timeNs() / rows[ti][pi].timeNs();
                java.util.Arrays.sort(sp);
                out.printf("%s threads %d: median per-position speedup %.2f%n", label[ti], threads[ti], sp[sp.length / 2]);
            }
            return badTraces == 0 ? 0 : 1;
        } catch (Exception e) {
            err.println("smpbench: failed: " + e);
            return 1;
        } finally {
            system.terminate();
        }
    }

    /**
     * --movetime: a reference serial search to depth per position, then every configuration for ms per position
     * (interleaved), reporting the mean depth completed, nps, and the share of best moves equal to the reference.
     */
    private static int fixedTime(PrintStream out, List<Position> positions, int depth, long ms, int[] threads,
                                 boolean[] lazy, String[] label, DtsSearch[] dts, Searcher serial,
                                 TranspositionTable tt) throws Exception {
        int[] ref = new int[positions.size()];
        for (int pi = 0; pi < ref.length; pi++)
            ref[pi] = search(null, false, serial, tt, positions.get(pi), SearchLimits.depth(depth), 0).bestMove();
        out.printf("movetime %d ms, %d positions, reference: serial search to depth %d%n", ms, positions.size(), depth);
        long[] depthSum = new long[threads.length], nodes = new long[threads.length], time = new long[threads.length];
        int[] agree = new int[threads.length];
        for (int pi = 0; pi < positions.size(); pi++) {
            StringBuilder line = new StringBuilder(String.format("  pos %2d ref %s", pi + 1, gacrux.board.Move.toUci(ref[pi])));
            for (int ti = 0; ti < threads.length; ti++) {
                long t0 = System.nanoTime();
                SearchResult r = search(dts[ti], lazy[ti], serial, tt, positions.get(pi), SearchLimits.infiniteSearch(), ms);
                time[ti] += System.nanoTime() - t0;
                depthSum[ti] += r.depth();
                nodes[ti] += r.nodes();
                if (r.bestMove() == ref[pi]) agree[ti]++;
                line.append(String.format("  | %s %d thr d%-2d %s", label[ti], threads[ti], r.depth(),
                        gacrux.board.Move.toUci(r.bestMove())));
            }
            out.println(line);
        }
        out.println();
        out.println("mode    threads  mean depth        nps  nps-scaling  best = reference");
        for (int ti = 0; ti < threads.length; ti++) {
            double nps = nodes[ti] * 1e9 / time[ti], nps0 = nodes[0] * 1e9 / time[0];
            out.printf("%-6s  %7d  %10.2f  %9.0f  %11.2f  %5.1f%% (%d/%d)%n", label[ti], threads[ti],
                    (double) depthSum[ti] / positions.size(), nps, nps / nps0, 100.0 * agree[ti] / positions.size(),
                    agree[ti], positions.size());
        }
        return 0;
    }

    /** One search from a cleared TT and fresh killers/history; stopped from outside after stopAfterMs if &gt; 0. */
    private static SearchResult search(DtsSearch dts, boolean lazy, Searcher serial, TranspositionTable tt, Position p,
                                       SearchLimits limits, long stopAfterMs) throws Exception {
        tt.clear();
        tt.newSearch();
        SearchControl control = new SearchControl(limits, new TimeManager(limits, p.sideToMove(), 0));
        java.util.concurrent.ScheduledExecutorService timer = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
        try {
            if (stopAfterMs > 0) timer.schedule(control::stop, stopAfterMs, TimeUnit.MILLISECONDS);
            if (dts == null) {
                serial.clearHeuristics();
                return serial.think(p, new long[0], control, x -> { });
            }
            dts.clearHeuristics();
            SearchResult r = dts.start(p, control, lazy).get(30, TimeUnit.MINUTES);
            while (lazy && dts.lazyRunning() > 0) java.util.concurrent.locks.LockSupport.parkNanos(100_000);
            return r;
        } finally {
            timer.shutdownNow();
        }
    }

    /** One time-to-depth search from a cleared TT and fresh killers/history. */
    static Row runOne(DtsSearch dts, boolean lazy, Searcher serial, TranspositionTable tt, Position p, int depth,
                              gacrux.search.ProtocolTrace trace) throws Exception {
        tt.clear();
        tt.newSearch();
        SearchLimits limits = SearchLimits.depth(depth);
        SearchControl control = new SearchControl(limits, new TimeManager(limits, p.sideToMove(), 0));
        control.withTrace(trace);
        long t0 = System.nanoTime();
        SearchResult r;
        if (dts == null) {
            serial.clearHeuristics();
            r = serial.think(p, new long[0], control, x -> { });
        } else {
            dts.clearHeuristics();
            r = dts.start(p, control, lazy).get(30, TimeUnit.MINUTES);
            long t1 = System.nanoTime();
            // Lazy helpers see the stop at their next node; the next search (and its TT clear) waits for them.
            while (lazy && dts.lazyRunning() > 0) java.util.concurrent.locks.LockSupport.parkNanos(100_000);
            if (trace != null) trace.close();
            return new Row(t1 - t0, r.nodes());
        }
        if (trace != null) trace.close();
        return new Row(System.nanoTime() - t0, r.nodes());
    }

    static List<String> readPositions(Path file) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            line = line.trim();
            if (line.isEmpty() || line.startsWith("#")) continue;
            String[] f = line.split("\\s+");
            if (f.length < 4) throw new IOException("not a FEN/EPD line: " + line);
            // EPD lines carry 4 FEN fields then operations; FEN lines carry 6.
            boolean counters = f.length >= 6 && f[4].matches("\\d+") && f[5].matches("\\d+");
            out.add(String.join(" ", java.util.Arrays.copyOfRange(f, 0, counters ? 6 : 4)) + (counters ? "" : " 0 1"));
        }
        if (out.isEmpty()) throw new IOException("no positions in " + file);
        return out;
    }

    private static int[] intList(String v) {
        String[] t = v.split(",");
        int[] r = new int[t.length];
        for (int k = 0; k < t.length; k++) r[k] = Integer.parseInt(t[k].trim());
        return r;
    }

    /**
     * The simulator drives the real Supervisor and Worker behaviors through Akka's BehaviorTestKit, which the
     * engine jar (gacrux.jar) leaves out: it ships in target/gacrux-tools.jar, built beside it. Returns what to tell
     * the user when the test kit is not on the class path, or null when the simulator can run.
     */
    static String simulatorMissing(ClassLoader loader) {
        try {
            Class.forName("akka.actor.testkit.typed.javadsl.BehaviorTestKit", false, loader);
            return null;
        } catch (ClassNotFoundException | LinkageError e) {
            return "--simulate runs the real actors under Akka's BehaviorTestKit, which gacrux.jar leaves out;"
                    + " run it from target/gacrux-tools.jar (built beside gacrux.jar by mvn package):"
                    + " java -jar target/gacrux-tools.jar smpbench --simulate ...";
        }
    }
}
