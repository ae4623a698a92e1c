package gacrux.tools;

import gacrux.search.Bench;

import java.io.PrintStream;

/** {@code bench [DEPTH]}: prints per-position counts, then the fingerprint {@code Nodes: N}, time and nps. */
final class BenchCommand {
    private BenchCommand() {}

    static int run(String[] args, PrintStream out, PrintStream err) {
        int depth = Bench.DEFAULT_DEPTH;
        if (args.length > 1) {
            err.println("bench: too many arguments (usage: bench [DEPTH])");
            return 2;
        }
        if (args.length == 1) {
            try {
                depth = Integer.parseInt(args[0]);
            } catch (NumberFormatException e) {
                err.println("bench: depth must be a number, got '" + args[0] + "'");
                return 2;
            }
            if (depth < 1 || depth > 30) {
                err.println("bench: depth must be 1..30, got " + depth);
                return 2;
            }
        }
        Bench.Result r = Bench.run(depth, err::println);
        out.println("Nodes: " + r.nodes());
        out.printf("Time: %d ms%n", r.timeNs() / 1_000_000);
        out.println("NPS: " + r.nps());
        return 0;
    }
}
