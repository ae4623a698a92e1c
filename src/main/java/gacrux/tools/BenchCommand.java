package gacrux.tools;

import gacrux.search.Bench;
import gacrux.search.Nnue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code bench [DEPTH] [--net FILE]}: prints per-position counts, then the fingerprint {@code Nodes: N}, time and
 * nps. With a net (a file {@code nnue-train} wrote) the search evaluates with it: its own count, and its speed.
 */
final class BenchCommand {
    private BenchCommand() {}

    static final String USAGE = "usage: bench [DEPTH] [--net FILE]";

    static int run(String[] args, PrintStream out, PrintStream err) {
        int depth = Bench.DEFAULT_DEPTH;
        Nnue net = null;
        boolean depthSeen = false;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--net")) {
                if (i + 1 >= args.length) {
                    err.println("bench: --net needs a file (" + USAGE + ")");
                    return 2;
                }
                Path f = Path.of(args[++i]);
                try {
                    net = Nnue.read(f);
                } catch (IOException | RuntimeException e) {
                    err.println("bench: cannot read net " + f + ": " + e.getMessage());
                    return 2;
                }
                continue;
            }
            if (depthSeen) {
                err.println("bench: too many arguments (" + USAGE + ")");
                return 2;
            }
            depthSeen = true;
            try {
                depth = Integer.parseInt(args[i]);
            } catch (NumberFormatException e) {
                err.println("bench: depth must be a number, got '" + args[i] + "'");
                return 2;
            }
            if (depth < 1 || depth > 30) {
                err.println("bench: depth must be 1..30, got " + depth);
                return 2;
            }
        }
        Bench.Result r = Bench.run(depth, net, err::println, () -> false);
        out.println("Nodes: " + r.nodes());
        out.printf("Time: %d ms%n", r.timeNs() / 1_000_000);
        out.println("NPS: " + r.nps());
        return 0;
    }
}
