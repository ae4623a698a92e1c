package gacrux.tools;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import gacrux.board.FenException;
import gacrux.board.Move;
import gacrux.board.Position;
import gacrux.dts.DtsSearch;
import gacrux.dts.ProtocolChecker;
import gacrux.search.ProtocolTrace;
import gacrux.search.ProtocolTrace.Event;
import gacrux.search.Score;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import gacrux.search.Searcher;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;

import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * {@code explain}: runs a small real search and tells its DTS protocol story in plain sentences, each event
 * named by its step in Hyatt's paper (HELP, Split, Join, Select, Share, Merge, Unsplit). Short by default (the
 * first {@value #SHORT_EVENTS} events and a summary), every event with {@code --verbose}. The story is told from
 * the protocol trace (gacrux.search.ProtocolTrace), which {@code --protocol-trace FILE} also writes as JSON
 * lines; the run is checked by gacrux.dts.ProtocolChecker and the verdict printed last. {@code --svg FILE} draws
 * the run as a timeline (TimelineSvg).
 */
public final class ExplainCommand {
    private ExplainCommand() {}

    static final int SHORT_EVENTS = 40;
    private static final int TT_MB = 16;

    public static int run(String[] args, PrintStream out, PrintStream err) {
        String fen = Position.START_FEN, traceFile = null, svgFile = null;
        int depth = 6, threads = 2;
        boolean verbose = false;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--fen" -> fen = args[++i];
                    case "--depth" -> depth = Integer.parseInt(args[++i]);
                    case "--threads" -> threads = Integer.parseInt(args[++i]);
                    case "--verbose" -> verbose = true;
                    case "--protocol-trace" -> traceFile = args[++i];
                    case "--svg" -> svgFile = args[++i];
                    default -> {
                        err.println("explain: unknown argument '" + args[i] + "'");
                        return 2;
                    }
                }
            }
        } catch (ArrayIndexOutOfBoundsException | NumberFormatException e) {
            err.println("usage: explain [--fen FEN] [--depth D] [--threads N] [--verbose] [--protocol-trace FILE] [--svg FILE]");
            return 2;
        }
        if (depth < 1 || depth > 30 || threads < 1 || threads > 64) {
            err.println("explain: depth must be 1..30 and threads 1..64");
            return 2;
        }
        Position root;
        try {
            root = Position.fromFen(fen);
        } catch (FenException e) {
            err.println("explain: bad FEN '" + fen + "': " + e.getMessage());
            return 2;
        }
        SearchLimits limits = SearchLimits.depth(depth);
        SearchControl control = new SearchControl(limits, new TimeManager(limits, root.sideToMove(), 0));
        TranspositionTable tt = new TranspositionTable(TT_MB);
        out.println("Position " + fen);
        out.println("Search to depth " + depth + " with " + threads + (threads == 1 ? " worker." : " workers."));
        SearchResult r;
        ProtocolTrace trace;
        if (threads == 1) {
            if ((trace = newTrace(traceFile, err)) == null) return 1;
            control.withTrace(trace);
            r = new Searcher(tt).think(root, new long[0], control, line -> { });
            out.println("With one worker there is no parallel search: nobody is idle, so there is no HELP, no Split,");
            out.println("no Join. The plain serial alpha-beta search visits the tree alone.");
        } else {
            ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "explain", DtsSearch.systemConfig(threads));
            try {
                DtsSearch dts = DtsSearch.spawn(system, "dts", tt, threads, Searcher.Config.DEFAULT);
                // Made now, so that its clock starts with the search, not with the actor system.
                if ((trace = newTrace(traceFile, err)) == null) return 1;
                control.withTrace(trace);
                CompletableFuture<SearchResult> f = new CompletableFuture<>();
                dts.search(control, s -> {
                    try {
                        f.complete(s.think(root, new long[0], control, line -> { }));
                    } catch (Throwable t) {
                        f.completeExceptionally(t);
                    } finally {
                        control.stop(); // end of epoch: the supervisor stops raising HELP
                    }
                });
                r = f.join();
            } finally {
                system.terminate();
            }
            out.println("Worker 0 searches the root; the others start idle. Times are since the search started.");
            out.println();
        }
        trace.close();
        List<Event> events = trace.events();
        narrate(events, verbose, threads > 1, out);
        out.println();
        out.println("Result: bestmove " + Move.toUci(r.bestMove()) + ", score " + Score.uci(r.score()) + ", depth "
                + r.depth() + ".");
        List<ProtocolChecker.Violation> v = ProtocolChecker.check(events);
        out.println(v.isEmpty() ? "Protocol check: all " + events.size() + " events follow the DTS rules."
                : "Protocol check FAILED: " + v);
        if (traceFile != null) err.println("explain: protocol trace written to " + traceFile);
        if (svgFile != null) {
            try {
                java.nio.file.Files.writeString(java.nio.file.Path.of(svgFile), TimelineSvg.render(events, threads,
                        "explain: depth " + depth + ", " + threads + " workers, " + fen));
                err.println("explain: timeline written to " + svgFile);
            } catch (IOException e) {
                err.println("explain: cannot write " + svgFile + ": " + e.getMessage());
                return 1;
            }
        }
        return v.isEmpty() ? 0 : 1;
    }

    private static ProtocolTrace newTrace(String file, PrintStream err) {
        try {
            return new ProtocolTrace(true, file);
        } catch (IOException e) {
            err.println("explain: cannot write " + file + ": " + e.getMessage());
            return null;
        }
    }

    /** The story: one sentence per event (the first SHORT_EVENTS unless verbose), then a summary. */
    static void narrate(List<Event> events, boolean verbose, boolean times, PrintStream out) {
        int shown = 0, hidden = 0;
        java.util.Set<ProtocolTrace.Type> told = java.util.EnumSet.noneOf(ProtocolTrace.Type.class);
        // Short form: the Selects of one worker at one block, up to the next other event, make one sentence.
        Map<String, List<Event>> selects = new LinkedHashMap<>();
        for (Event e : events) {
            if (e.type().equals(ProtocolTrace.BESTMOVE)) continue; // told in the result line
            if (!verbose && shown >= SHORT_EVENTS) {
                hidden++;
                continue;
            }
            if (!verbose && e.type().equals(ProtocolTrace.SELECT)) {
                selects.computeIfAbsent(e.worker() + "#" + e.block() + "/" + e.gen(), k -> new java.util.ArrayList<>()).add(e);
                continue;
            }
            for (List<Event> group : selects.values()) {
                print(out, times, group.get(0), selectGroup(group) + (told.add(ProtocolTrace.SELECT) ? EXPLAIN_SELECT : ""));
                shown++;
            }
            selects.clear();
            String s = sentence(e);
            if (s == null) continue;
            if (told.add(e.type())) s += explanation(e.type());
            print(out, times, e, s);
            shown++;
        }
        for (List<Event> group : selects.values()) print(out, times, group.get(0), selectGroup(group));
        if (hidden > 0) out.println("... " + hidden + " more events (--verbose tells them all).");
        Map<ProtocolTrace.Type, Integer> counts = new LinkedHashMap<>();
        for (ProtocolTrace.Type t : List.of(ProtocolTrace.HELP, ProtocolTrace.SPLIT, ProtocolTrace.JOIN, ProtocolTrace.JOIN_REFUSED,
                ProtocolTrace.SELECT, ProtocolTrace.SHARE, ProtocolTrace.ABORT, ProtocolTrace.MERGE, ProtocolTrace.UNSPLIT))
            counts.put(t, 0);
        Map<Integer, Integer> selectsBy = new TreeMap<>();
        for (Event e : events) {
            counts.computeIfPresent(e.type(), (k, n) -> n + 1);
            if (e.type().equals(ProtocolTrace.SELECT)) selectsBy.merge(e.worker(), 1, Integer::sum);
        }
        if (counts.get(ProtocolTrace.SPLIT) == 0) return;
        out.println();
        out.println("In all: " + counts.get(ProtocolTrace.HELP) + " HELP, " + counts.get(ProtocolTrace.SPLIT) + " Split, "
                + counts.get(ProtocolTrace.JOIN) + " Join (" + counts.get(ProtocolTrace.JOIN_REFUSED) + " refused), "
                + counts.get(ProtocolTrace.SELECT) + " Select, " + counts.get(ProtocolTrace.SHARE) + " Share, "
                + counts.get(ProtocolTrace.ABORT) + " abort, " + counts.get(ProtocolTrace.MERGE) + " Merge, "
                + counts.get(ProtocolTrace.UNSPLIT) + " Unsplit.");
        StringBuilder sb = new StringBuilder("Moves selected at split blocks, by worker:");
        selectsBy.forEach((w, n) -> sb.append(" worker ").append(w).append(' ').append(n).append(','));
        sb.setLength(sb.length() - 1);
        out.println(sb.append('.'));
    }

    private static void print(PrintStream out, boolean times, Event e, String s) {
        out.println((times ? String.format("%9.3f ms  ", e.micros() / 1000.0) : "") + s);
    }

    private static final String EXPLAIN_SELECT = " (Each Select is one atomic increment of the block's move counter,"
            + " so no move is searched twice.)";

    private static String selectGroup(List<Event> g) {
        Event e = g.get(0);
        if (g.size() == 1) return sentence(e);
        StringBuilder sb = new StringBuilder("Select: worker " + e.worker() + " takes " + g.size() + " moves in turn at block #"
                + e.block() + ":");
        for (Event x : g) sb.append(' ').append(x.move());
        return sb.append(" (window [").append(e.alpha()).append(", ").append(e.beta()).append("] at the first).").toString();
    }

    /** Said once, after the first event of each kind: what the step is for. */
    private static String explanation(ProtocolTrace.Type type) {
        return switch (type) {
            case HELP -> " An idle worker does not wait to be given work: it joins an open block, or"
                    + " reads every busy worker's published path and chooses the node to split itself (Choose).";
            case CHOOSE -> " The request is one bit in the owner's slot, which the owner reads after every"
                    + " move (a busy worker never reads its mailbox); the requester spins on its own slot for the answer.";
            case SPLIT -> " The block holds a copy of the node (position, remaining moves, window) that"
                    + " other workers can search from.";
            case JOIN_SENT -> " The owner attaches the requester to the block itself and writes the block"
                    + " into the requester's slot: no message and no thread hop between idle and work.";
            case JOIN -> " It copies the block's position and searches moves from it as if the node were"
                    + " its own.";
            case SHARE -> " (One compare-and-set on the block's best score.)";
            case UNSPLIT -> " Gacrux's owner always backs the value up itself: its Java stack holds the"
                    + " rest of that search.";
            default -> "";
        };
    }

    private static String block(Event e) {
        return "block #" + e.block() + " (generation " + e.gen() + ")";
    }

    private static String node(Event e) {
        return "ply " + e.ply() + ", remaining depth " + e.depth() + ", " + e.nodeType() + " node";
    }

    /** One plain sentence for an event; null for none. */
    static String sentence(Event e) {
        int w = e.worker();
        return switch (e.type()) {
            case HELP -> "HELP: worker " + w + " is idle and asks for work"
                    + (e.note().isEmpty() ? " (it finished what it was given)." : " (" + e.note() + ").");
            case CHOOSE -> "Choose: worker " + w + " " + e.note() + ".";
            case SPLIT -> "Split: worker " + w + ", asked for a split, makes its node at " + node(e) + ", with "
                    + e.left() + (e.left() == 1 ? " move left" : " moves left") + " and window [" + e.alpha() + ", " + e.beta() + "]: " + why(e)
                    + " It becomes " + block(e) + " (" + e.note() + ").";
            case JOIN_SENT -> "Hand-off: worker " + w + ", the owner of block #" + e.block() + ", gives it to "
                    + e.note().replace("hand-off to ", "") + ".";
            case JOIN -> "Join: worker " + w + " attaches to " + block(e) + " at " + node(e) + "; "
                    + e.left() + " moves are left (" + via(e.note()) + ").";
            case JOIN_REFUSED -> "Join refused: worker " + w + " came too late for block #" + e.block()
                    + " generation " + e.gen() + " (closed, reused or out of moves); a late message is normal ("
                    + via(e.note()) + ").";
            case SELECT -> "Select: worker " + w + " takes move " + e.move() + " (number " + (e.index() + 1)
                    + " of the block) at block #" + e.block() + ", searching it with window [" + e.alpha() + ", "
                    + e.beta() + "].";
            case SHARE -> "Share: worker " + w + " found " + e.move() + " worth " + e.score()
                    + " at block #" + e.block() + ", better than anything before: the block's alpha is now " + e.alpha()
                    + " for every worker at its next Select.";
            case ABORT -> "Abort: at block #" + e.block() + " " + e.move() + " scored " + e.score()
                    + " >= beta " + e.beta() + ", a fail high: the remaining moves are not needed, and every worker"
                    + " below the block stops at its next node.";
            case MERGE -> "Merge: worker " + w + " finds no move left at block #" + e.block()
                    + " and detaches; its results are already shared.";
            case UNSPLIT -> "Unsplit: worker " + w + ", the owner, has no move left at block #" + e.block()
                    + "; no helper is attached any more, so it closes the block and backs up the value "
                    + (e.move().isEmpty() ? e.score() + " (no move improved alpha)" : e.score() + " (move " + e.move() + ")")
                    + " into its own search at ply " + e.ply() + ".";
            case STOP -> "Stop: the search is over (depth reached, or stopped); everyone polls the flag.";
            default -> null;
        };
    }

    private static String via(String note) {
        if (note.startsWith("Join message")) return "sent to it by the supervisor";
        if (note.startsWith("hand-off")) return "handed over by its owner through memory, " + note;
        if (note.startsWith("chose")) return "it chose the block itself, the open block with the most depth";
        if (note.startsWith("helpful master")) return "a helpful master: an owner waiting at Unsplit helps below its block";
        return note;
    }

    private static String why(Event e) {
        String type = switch (e.nodeType()) {
            case "PV" -> e.ply() == 0 ? "the root, a PV node whose first move is searched (young brothers wait)"
                    : "a PV node whose first move is searched (young brothers wait)";
            case "ALL" -> "an ALL node (or a CUT node that failed to cut twice): every move must be searched anyway,"
                    + " so sharing them wastes nothing";
            default -> "a " + e.nodeType() + " node";
        };
        return "the node with the most work left of those the idle workers could choose (remaining depth first,"
                + " then ALL before PV nodes, then moves left); " + type + ".";
    }
}
