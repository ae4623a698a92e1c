package gacrux.tools;

import gacrux.board.FenException;
import gacrux.board.Position;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import gacrux.dts.DtsSearch;
import gacrux.search.Perft;
import gacrux.search.Searcher;
import gacrux.search.TranspositionTable;

import java.io.PrintStream;

/** {@code perft DEPTH [--fen FEN] [--chess960] [--divide] [--threads N]}: exit 0 on success, 2 on bad arguments. */
final class PerftCommand {
    private PerftCommand() {}

    static int run(String[] args, PrintStream out, PrintStream err) {
        Integer depth = null;
        String fen = Position.START_FEN;
        boolean divide = false, chess960 = false;
        int threads = 1;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--divide" -> divide = true;
                case "--chess960" -> chess960 = true;
                case "--threads" -> {
                    if (i + 1 >= args.length) return usage(err, "--threads needs a number");
                    try {
                        threads = Integer.parseInt(args[++i]);
                    } catch (NumberFormatException e) {
                        return usage(err, "threads must be a number, got '" + args[i] + "'");
                    }
                    if (threads < 1 || threads > 64) return usage(err, "threads must be 1..64");
                }
                case "--fen" -> {
                    if (i + 1 >= args.length) return usage(err, "--fen needs a FEN");
                    fen = args[++i];
                }
                default -> {
                    if (depth != null) return usage(err, "unexpected argument '" + args[i] + "'");
                    try {
                        depth = Integer.parseInt(args[i]);
                    } catch (NumberFormatException e) {
                        return usage(err, "depth must be a number, got '" + args[i] + "'");
                    }
                }
            }
        }
        if (depth == null) return usage(err, "missing DEPTH");
        if (depth < 1 || depth > 20) return usage(err, "depth must be 1..20, got " + depth);
        Position pos;
        try {
            pos = Position.fromFen(fen, chess960);
        } catch (FenException e) {
            return usage(err, "bad FEN: " + e.getMessage());
        }
        if (threads > 1 && divide) return usage(err, "--divide runs single-threaded; drop --threads");
        long t0 = System.nanoTime();
        long nodes;
        long startupNs = 0;
        if (threads > 1) {
            // The DTS split machinery (Split, Select, Merge, Unsplit) with summed leaf counts.
            ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "perft", DtsSearch.systemConfig(threads));
            try {
                DtsSearch dts = DtsSearch.spawn(system, "dts", new TranspositionTable(1), threads, Searcher.Config.DEFAULT);
                startupNs = System.nanoTime() - t0; // the actor system's start is not perft time
                nodes = dts.perft(pos, depth);
            } finally {
                system.terminate();
            }
        } else {
            Perft perft = new Perft();
            nodes = divide ? perft.divide(pos, depth, out::println) : perft.perft(pos, depth);
        }
        long ns = Math.max(1, System.nanoTime() - t0 - startupNs);
        if (divide) out.println();
        out.println("Nodes: " + nodes);
        out.printf("Time: %.3f s%n", ns / 1e9);
        out.printf("NPS: %.1f Mnodes/s%n", nodes * 1e3 / ns);
        return 0;
    }

    private static int usage(PrintStream err, String why) {
        err.println("perft: " + why + " (usage: perft DEPTH [--fen FEN] [--chess960] [--divide] [--threads N])");
        return 2;
    }
}
