package gacrux.tools;

import gacrux.board.Position;
import gacrux.dts.ScalingSimulator;
import gacrux.search.DtsConfig;
import gacrux.search.Searcher;
import gacrux.search.TranspositionTable;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code smpbench --simulate W --nodes 2,4 [--net-latency 60,600] [--cluster-split-depth 6,8,10]} (issue 14): the
 * two-level search on the scaling simulator. Machines of W simulated workers each; machine 0 runs the root search
 * and hands single moves at remaining depth &ge; the split depth to the others (distributed Young Brothers Wait, as
 * gacrux.cluster does), every message between machines charged the network latency in virtual nodes. Prints, for
 * every machine count, latency and split depth, the speedup against the serial search and against one machine of
 * W workers, the overhead, the idle share, and how much went to other machines; then the best split depth at each
 * latency and machine count.
 */
final class ClusterStudy {
    private ClusterStudy() {}

    /** The default network latencies: 50 and 500 us (a LAN hop, a slow or loaded one) at the serial search's speed. */
    static final double[] DEFAULT_NET_US = {50, 500};
    static final int[] DEFAULT_SPLIT_DEPTHS = {6, 8, 10};

    record Row(int machines, long netLatency, int splitDepth, long time, long nodes, long busy, long idle,
               long sent, long merged, long remoteNodes, double median) {}

    static int run(PrintStream out, List<Position> positions, int depth, int ttMb, int workers, int[] machines,
                   long[] netLatencies, int[] splitDepths, boolean belowRoot, int quantum, long seed, long latency,
                   DtsConfig dts) {
        if (netLatencies == null) {
            netLatencies = new long[DEFAULT_NET_US.length];
            for (int k = 0; k < netLatencies.length; k++)
                netLatencies[k] = (long) Math.ceil(DEFAULT_NET_US[k] * ScalingStudy.SERIAL_NPS / 1e6);
        }
        if (splitDepths == null) splitDepths = DEFAULT_SPLIT_DEPTHS;
        out.printf(Locale.ROOT, "simulated cluster: depth %d, %d positions, %d workers per machine, machines %s, quantum %d"
                        + " nodes (mean), seed %d, minSplitDepth %d; %s%n", depth, positions.size(), workers,
                Arrays.toString(machines), quantum, seed, dts.minSplitDepth(), belowRoot
                        ? "moves of the root and of deeper nodes of the root worker's path go out"
                        : "root moves go out");
        out.printf(Locale.ROOT, "latency per hop inside a machine: %d nodes; per message between machines: %s nodes"
                        + " (%s us at %.1f M serial nps); cluster split depths %s%n", latency, Arrays.toString(netLatencies),
                Arrays.toString(Arrays.stream(netLatencies).mapToObj(n -> String.format(Locale.ROOT, "%.0f",
                        n * 1e6 / ScalingStudy.SERIAL_NPS)).toArray()), ScalingStudy.SERIAL_NPS / 1e6,
                Arrays.toString(splitDepths));
        TranspositionTable tt = new TranspositionTable(ttMb);
        List<ScalingSimulator.Cluster> configs = new ArrayList<>();
        configs.add(ScalingSimulator.Cluster.NONE); // serial: 1 x 1 (index 0 runs one worker)
        configs.add(ScalingSimulator.Cluster.NONE); // one machine: 1 x W
        for (int m : machines)
            if (m > 1)
                for (long net : netLatencies)
                    for (int d : splitDepths) configs.add(new ScalingSimulator.Cluster(m, net, d, belowRoot));
        long[][] times = new long[configs.size()][positions.size()];
        Row[] rows = new Row[configs.size()];
        long started = System.nanoTime();
        long[] t = new long[configs.size()], n = new long[configs.size()], busy = new long[configs.size()],
                idle = new long[configs.size()], sent = new long[configs.size()], merged = new long[configs.size()],
                remote = new long[configs.size()];
        for (int pi = 0; pi < positions.size(); pi++) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  pos %2d", pi + 1));
            for (int ci = 0; ci < configs.size(); ci++) {
                ScalingSimulator.Cluster c = configs.get(ci);
                int w = ci == 0 ? 1 : workers;
                ScalingSimulator.Result r = new ScalingSimulator(w, quantum, seed, latency, tt, Searcher.Config.DEFAULT,
                        dts, c).search(positions.get(pi), depth);
                times[ci][pi] = r.virtualTime();
                t[ci] += r.virtualTime(); n[ci] += r.nodes(); busy[ci] += r.busy(); idle[ci] += r.idle();
                sent[ci] += r.remoteSent(); merged[ci] += r.remoteMerged(); remote[ci] += r.remoteNodes();
                line.append(String.format(Locale.ROOT, " | %s: %d t", label(c, w), r.virtualTime()));
            }
            out.println(line);
        }
        for (int ci = 0; ci < configs.size(); ci++) {
            double[] sp = new double[positions.size()];
            for (int pi = 0; pi < positions.size(); pi++) sp[pi] = (double) times[0][pi] / times[ci][pi];
            Arrays.sort(sp);
            ScalingSimulator.Cluster c = configs.get(ci);
            rows[ci] = new Row(c.nodes(), c.netLatency(), c.splitDepth(), t[ci], n[ci], busy[ci], idle[ci], sent[ci],
                    merged[ci], remote[ci], sp[sp.length / 2]);
        }
        out.println();
        out.println("(speedup: serial virtual time / this one's; vs 1xW: against one machine of the same workers;"
                + " remote: tasks sent / results merged, share of all nodes searched on other machines)");
        out.println("machines x workers  net-lat  split  virtual time        nodes  speedup  median  vs 1xW  overhead"
                + "   idle  remote tasks  merged  remote nodes");
        for (int ci = 0; ci < rows.length; ci++) {
            Row x = rows[ci];
            int w = ci == 0 ? 1 : workers;
            out.printf(Locale.ROOT, "%18s  %7s  %5s  %12d  %11d  %7.2f  %6.2f  %6.2f  %+7.1f%%  %5.1f%%  %12d  %6d  %11.1f%%%n",
                    x.machines() + " x " + w, x.machines() > 1 ? Long.toString(x.netLatency()) : "-",
                    x.machines() > 1 ? Integer.toString(x.splitDepth()) : "-", x.time(), x.nodes(),
                    (double) rows[0].time() / x.time(), x.median(), (double) rows[1].time() / x.time(),
                    100.0 * ((double) x.nodes() / rows[0].nodes() - 1), 100.0 * x.idle() / Math.max(1, x.busy() + x.idle()),
                    x.sent(), x.merged(), 100.0 * x.remoteNodes() / Math.max(1, x.nodes()));
        }
        for (int m : machines) {
            if (m <= 1) continue;
            for (long net : netLatencies) {
                Row best = null;
                for (Row x : rows)
                    if (x.machines() == m && x.netLatency() == net && (best == null || x.time() < best.time())) best = x;
                if (best != null)
                    out.printf(Locale.ROOT, "best split depth for %d x %d at %d nodes per message: %d (%.2f x one machine)%n",
                            m, workers, net, best.splitDepth(), (double) rows[1].time() / best.time());
            }
        }
        out.printf(Locale.ROOT, "(simulation took %.1f s of this machine's time)%n", (System.nanoTime() - started) / 1e9);
        return 0;
    }

    private static String label(ScalingSimulator.Cluster c, int w) {
        return c.nodes() == 1 ? "1x" + w : c.nodes() + "x" + w + "/" + c.netLatency() + "/" + c.splitDepth();
    }
}
