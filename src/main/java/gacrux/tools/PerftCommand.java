package gacrux.tools;

import gacrux.board.FenException;
import gacrux.board.Position;

import java.io.PrintStream;

/** {@code perft DEPTH [--fen FEN] [--divide]}: exit 0 on success, 2 on bad arguments. */
final class PerftCommand {
    private PerftCommand() {}

    static int run(String[] args, PrintStream out, PrintStream err) {
        Integer depth = null;
        String fen = Position.START_FEN;
        boolean divide = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--divide" -> divide = true;
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
            pos = Position.fromFen(fen);
        } catch (FenException e) {
            return usage(err, "bad FEN: " + e.getMessage());
        }
        Perft perft = new Perft();
        long t0 = System.nanoTime();
        long nodes = divide ? perft.divide(pos, depth, out::println) : perft.perft(pos, depth);
        long ns = Math.max(1, System.nanoTime() - t0);
        if (divide) out.println();
        out.println("Nodes: " + nodes);
        out.printf("Time: %.3f s%n", ns / 1e9);
        out.printf("NPS: %.1f Mnodes/s%n", nodes * 1e3 / ns);
        return 0;
    }

    private static int usage(PrintStream err, String why) {
        err.println("perft: " + why + " (usage: perft DEPTH [--fen FEN] [--divide])");
        return 2;
    }
}
