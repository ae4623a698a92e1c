package gacrux.tools;

import java.util.Arrays;

/** Command-line entry point: with no arguments Gacrux speaks UCI on stdin/stdout. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        final long mainEpochMs = System.currentTimeMillis(); // for startup-stages: when the JVM reached main
        String clusterSeeds = null, clusterBind = null;
        long warmUpMs = gacrux.search.WarmUp.DEFAULT_MS;
        boolean uci = args.length == 0;
        // The UCI engine's flags: --protocol-trace FILE, --cluster HOST:PORT,..., --cluster-bind HOST[:PORT],
        // --warm-up MS.
        while (args.length >= 2 && (args[0].equals("--protocol-trace") || args[0].equals("--cluster")
                || args[0].equals("--cluster-bind") || args[0].equals("--warm-up"))) {
            // --protocol-trace: every parallel search's DTS protocol trace appended to a JSON-lines file.
            if (args[0].equals("--protocol-trace")) System.setProperty("gacrux.protocol-trace", args[1]);
            else if (args[0].equals("--cluster")) clusterSeeds = args[1];
            else if (args[0].equals("--warm-up")) {
                warmUpMs = warmUpMs(args[1]);
                if (warmUpMs < 0) {
                    System.err.println("--warm-up takes milliseconds from 0 to " + MAX_WARM_UP_MS + ", not '" + args[1] + "'");
                    System.exit(2);
                }
            }
            else clusterBind = args[1];
            args = Arrays.copyOfRange(args, 2, args.length);
            uci = args.length == 0;
        }
        if (uci) {
            System.exit(gacrux.uci.UciMain.run(System.in, System.out, gacrux.search.DtsConfig.DEFAULT, clusterSeeds,
                    clusterBind, warmUpMs));
            return;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        int code = switch (args[0]) {
            case "perft" -> PerftCommand.run(rest, System.out, System.err);
            case "bench" -> BenchCommand.run(rest, System.out, System.err);
            case "smpbench" -> SmpBench.run(rest, System.out, System.err);
            case "treedump" -> TreeDumpCommand.run(rest, System.out, System.err);
            case "treediff" -> TreeDiff.run(rest, System.out, System.err);
            case "explain" -> ExplainCommand.run(rest, System.out, System.err);
            case "startup" -> StartupBench.run(rest, System.out, System.err);
            case "startup-stages" -> StartupStages.run(mainEpochMs, System.out);
            case "node" -> NodeCommand.run(rest, System.out, System.err);
            case "datagen" -> Datagen.run(rest, System.out, System.err);
            case "tune" -> Tune.run(rest, System.out, System.err);
            case "label" -> Label.run(rest, System.out, System.err);
            case "pgn-data" -> PgnData.run(rest, System.out, System.err);
            case "nnue-train" -> NnueTrain.run(rest, System.out, System.err);
            case "help", "--help", "-h" -> { usage(); yield 0; }
            default -> { System.err.println("unknown command '" + args[0] + "'"); usage(); yield 2; }
        };
        System.out.flush();
        System.exit(code);
    }

    /** The longest --warm-up: a GUI waits for the first readyok that long (match runners allow 20-30 s). */
    static final long MAX_WARM_UP_MS = 10_000;

    /** --warm-up's value in milliseconds, or -1 if it is not a whole number from 0 to MAX_WARM_UP_MS. */
    static long warmUpMs(String v) {
        try {
            long ms = Long.parseLong(v);
            return ms >= 0 && ms <= MAX_WARM_UP_MS ? ms : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static void usage() {
        System.err.println(usageText());
    }

    static String usageText() {
        return """
                usage: java -jar gacrux.jar                      UCI engine on stdin/stdout
                       java -jar gacrux.jar --protocol-trace FILE  the same, appending each parallel search's DTS trace to FILE
                       java -jar gacrux.jar --cluster HOST:PORT,... [--cluster-bind HOST[:PORT]]  the same, using a cluster's worker nodes
                       java -jar gacrux.jar --warm-up MS           the same, warming the JIT for MS ms before the first readyok (default 1000, 0: off)
                       java -jar gacrux.jar perft DEPTH [--fen FEN] [--chess960] [--divide] [--threads N]
                       java -jar gacrux.jar bench [DEPTH] [--net FILE]
                       java -jar gacrux.jar %s
                       java -jar gacrux.jar treedump [--fen FEN] --depth N [--out FILE] [--threads N]
                       java -jar gacrux.jar treediff A.log B.log [--limit N]
                       java -jar gacrux.jar startup [--runs N] [--cmd "COMMAND"]... [--hash MB | --stages]
                       java -jar gacrux.jar node --port P [--host H] [--seed HOST:PORT,...] [--threads N] [--hash MB] [--stable-after 7s]
                       java -jar gacrux.jar datagen --games N --nodes K --seed S --out FILE [--threads T] [--openings FILE] [--random-plies R] [--scores]
                       java -jar gacrux.jar label --data FILE --out FILE --engine COMMAND [--go "depth 8"] [--threads T] [--hash MB]
                       java -jar gacrux.jar pgn-data --pgn FILE [--pgn FILE ...] --out FILE [--scores] [--min-ply N]
                       java -jar gacrux.jar tune --data FILE [--iterations N] [--out FILE] [--apply Evaluator.java] [--blend W]
                       java -jar gacrux.jar nnue-train --data FILE[,FILE...] --out FILE [--hidden H] [--epochs E] [--blend W] [--mirror] [--threads T]
                       java -jar gacrux.jar explain [--fen FEN] [--depth D] [--threads N] [--verbose] [--protocol-trace FILE] [--svg FILE]"""
                .formatted(SmpBench.USAGE.replace(" | smpbench", "\n       java -jar gacrux-tools.jar smpbench"));
    }
}
