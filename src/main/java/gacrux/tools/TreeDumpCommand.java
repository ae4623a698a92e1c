package gacrux.tools;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import gacrux.board.FenException;
import gacrux.board.Move;
import gacrux.board.Position;
import gacrux.dts.DtsSearch;
import gacrux.search.Score;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import gacrux.search.Searcher;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;
import gacrux.search.TreeDump;

import java.io.PrintStream;
import java.util.concurrent.CompletableFuture;

/**
 * {@code treedump [--fen FEN] --depth N [--out FILE] [--threads N]}: one search to a fixed depth from a fresh
 * transposition table and fresh killers/history, with the TREEDUMP trace written to FILE (default
 * {@code treedump.log} in the working directory). Prints one summary line on stdout.
 *
 * <p>The trace switch is a {@code static final} read once when {@link TreeDump} is first used, so this command
 * sets {@code gacrux.treedump} before anything touches the search classes.
 */
final class TreeDumpCommand {
    private TreeDumpCommand() {}

    static final int TT_MB = 16;
    private static final String USAGE = "usage: treedump [--fen FEN] --depth N [--out FILE] [--threads N]";

    static int run(String[] args, PrintStream out, PrintStream err) {
        String fen = Position.START_FEN, file = null;
        int depth = 0, threads = 1;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--fen" -> fen = args[++i];
                    case "--depth" -> depth = Integer.parseInt(args[++i]);
                    case "--out" -> file = args[++i];
                    case "--threads" -> threads = Integer.parseInt(args[++i]);
                    default -> throw new IllegalArgumentException("unknown argument '" + args[i] + "'");
                }
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            err.println("treedump: missing value after " + args[args.length - 1] + " (" + USAGE + ")");
            return 2;
        } catch (IllegalArgumentException e) {
            err.println("treedump: " + e.getMessage() + " (" + USAGE + ")");
            return 2;
        }
        if (depth < 1 || depth > 60) {
            err.println("treedump: --depth 1..60 is required (" + USAGE + ")");
            return 2;
        }
        if (threads < 1 || threads > 64) {
            err.println("treedump: threads must be 1..64");
            return 2;
        }
        String configured = System.getProperty(TreeDump.PROPERTY);
        if (configured != null && !configured.isBlank()) {
            if (file != null && !file.equals(configured.trim())) {
                err.println("treedump: -D" + TreeDump.PROPERTY + "=" + configured + " and --out " + file + " disagree");
                return 2;
            }
            file = configured.trim();
        }
        if (file == null) file = "treedump.log";
        Position root;
        try {
            root = Position.fromFen(fen);
        } catch (FenException e) {
            err.println("treedump: bad FEN '" + fen + "': " + e.getMessage());
            return 2;
        }
        System.setProperty(TreeDump.PROPERTY, file); // before TreeDump's initialiser reads it
        if (!TreeDump.ON || !file.equals(TreeDump.path())) {
            err.println("treedump: tracing was set up before the command ran (" + TreeDump.path() + ")");
            return 1;
        }

        TranspositionTable tt = new TranspositionTable(TT_MB);
        SearchLimits limits = SearchLimits.depth(depth);
        SearchControl control = new SearchControl(limits, new TimeManager(limits, root.sideToMove(), 0));
        SearchResult r;
        long splits = 0;
        if (threads == 1) {
            r = new Searcher(tt).think(root, new long[0], control, err::println);
        } else {
            ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "treedump");
            try {
                DtsSearch dts = DtsSearch.spawn(system, "dts", tt, threads, Searcher.Config.DEFAULT);
                CompletableFuture<SearchResult> f = new CompletableFuture<>();
                dts.search(control, s -> {
                    try {
                        f.complete(s.think(root, new long[0], control, err::println));
                    } catch (Throwable t) {
                        f.completeExceptionally(t);
                    } finally {
                        control.stop(); // end of epoch: the supervisor stops raising HELP
                    }
                });
                r = f.join();
                splits = dts.splits();
            } finally {
                system.terminate();
            }
        }
        out.println("bestmove " + Move.toUci(r.bestMove()) + " score " + Score.uci(r.score()) + " depth " + r.depth()
                + " nodes " + r.nodes() + " threads " + threads + " splits " + splits + " lines " + TreeDump.lines()
                + " file " + file);
        return 0;
    }
}
