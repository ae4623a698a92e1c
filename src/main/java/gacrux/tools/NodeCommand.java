package gacrux.tools;

import gacrux.cluster.ClusterNode;
import gacrux.cluster.ClusterSettings;
import gacrux.cluster.WorkerNode;
import gacrux.dts.DtsSearch;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * {@code node --port P [--host H] [--seed HOST:PORT,...] [--threads N] [--hash MB] [--stable-after 7s]
 * [--heartbeat 1s] [--heartbeat-pause 3s]}: a worker node of a Gacrux cluster (docs/cluster.md). Without --seed
 * the node is its own seed (the first node). Prints one ready line to stdout once it is Up in the cluster; reads
 * stdin for {@code quit}, which leaves the cluster gracefully (end of input does not: a node may run detached).
 */
final class NodeCommand {
    private NodeCommand() {}

    static int run(String[] args, PrintStream out, PrintStream err) {
        String host = "127.0.0.1";
        Integer port = null;
        List<ClusterSettings.HostPort> seeds = null;
        int threads = 1, hash = 16;
        long replyDelay = 0;
        int replyDelayMinDepth = 0;
        Duration stable = ClusterSettings.DEFAULT_STABLE_AFTER, beat = Duration.ofSeconds(1), pause = Duration.ofSeconds(3);
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (i + 1 >= args.length) throw new IllegalArgumentException(a + " needs a value");
                String v = args[++i];
                switch (a) {
                    case "--host" -> host = v;
                    case "--port" -> port = ClusterSettings.parsePort(v);
                    case "--seed" -> seeds = ClusterSettings.parseSeeds(v);
                    case "--threads" -> threads = positive(a, v, 64);
                    case "--hash" -> hash = positive(a, v, 32768);
                    case "--stable-after" -> stable = ClusterSettings.parseDuration(v);
                    case "--heartbeat" -> beat = ClusterSettings.parseDuration(v);
                    case "--heartbeat-pause" -> pause = ClusterSettings.parseDuration(v);
                    // Fault injector for tests: hold each result this long, so a node can be killed holding work.
                    case "--reply-delay-ms" -> replyDelay = Long.parseLong(v);
                    case "--reply-delay-min-depth" -> replyDelayMinDepth = Integer.parseInt(v);
                    default -> throw new IllegalArgumentException("unknown flag " + a);
                }
            }
            if (port == null) throw new IllegalArgumentException("--port P is required");
        } catch (IllegalArgumentException e) {
            err.println("node: " + e.getMessage());
            err.println("usage: java -jar gacrux.jar node --port P [--host H] [--seed HOST:PORT,...] [--threads N] [--hash MB] [--stable-after 7s]");
            return 2;
        }
        if (seeds == null) seeds = List.of(new ClusterSettings.HostPort(host, port));
        ClusterSettings settings = ClusterSettings.of(host, port, seeds).withTimings(stable, beat, pause);
        ClusterNode node;
        try {
            node = ClusterNode.worker(settings, new WorkerNode.Settings(threads, hash, replyDelay, replyDelayMinDepth),
                    DtsSearch.systemConfig(threads + 2));
        } catch (Exception e) {
            err.println("node: cannot start on " + host + ":" + port + ": " + e.getMessage());
            return 1;
        }
        int nThreads = threads;
        node.up().thenAccept(addr -> {
            out.println("node ready " + addr + " threads " + nThreads);
            out.flush();
        });
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.trim().equals("quit")) {
                        node.leave(Duration.ofSeconds(10));
                        return;
                    }
                }
            } catch (Exception ignored) {
                // stdin gone: the node keeps running until killed or told to quit
            }
        }, "node-stdin");
        reader.setDaemon(true);
        reader.start();
        node.system().getWhenTerminated().toCompletableFuture().join();
        return 0;
    }

    private static int positive(String flag, String v, int max) {
        int n;
        try {
            n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(flag + " '" + v + "' is not a number");
        }
        if (n < 1 || n > max) throw new IllegalArgumentException(flag + " must be 1.." + max);
        return n;
    }
}
