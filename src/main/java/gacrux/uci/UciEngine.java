package gacrux.uci;

import akka.actor.typed.Behavior;
import akka.actor.typed.DispatcherSelector;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import gacrux.board.FenException;
import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.SearchLimits;
import gacrux.search.TranspositionTable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The engine actor: the one owner of the engine's state (position and game history, options, the
 * transposition table, the running search). The stdin reader only parses lines and tells this actor.
 *
 * A {@code go} hands the search a snapshot (a copy of the position and of the history keys) and runs it
 * off this actor, on the search dispatcher. While it runs, {@code stop} and {@code ponderhit} only flip
 * atomics of the running search; {@code isready} is answered at once (but waits for a hash table resize or
 * clear, which also run off this actor); every command that would change the
 * state (position, ucinewgame, setoption, another go, bench) first stops the search and is kept pending, then
 * replayed in arrival order once the search has printed its bestmove; a stop or ponderhit that arrives behind
 * pending commands waits with them, so it reaches the go it followed. So the next go always searches the
 * position sent before it. No command is dropped unless MAX_PENDING are already waiting (then it is, with an
 * info string). No lock is shared with the reader or the search.
 */
public final class UciEngine extends AbstractBehavior<UciEngine.Command> {

    /**
     * Messages of the engine actor: the UCI commands {@link UciParser} makes of input lines, and the search's
     * reports. All of them are the records below.
     */
    public sealed interface Command permits UciHello, IsReady, NewGame, Stop, PonderHit, Quit, Debug, Display,
            SetOption, SetPosition, Go, Bench, Unknown, Warning, SearchFinished, SearchAnswered {}

    /** {@code uci}: the reader answers this one itself, without waiting for the actor system. */
    public record UciHello() implements Command {}

    public record IsReady() implements Command {}
    public record NewGame() implements Command {}
    public record Stop() implements Command {}
    public record PonderHit() implements Command {}
    /** endOfInput: stdin closed; a search with a limit may finish first. */
    public record Quit(boolean endOfInput) implements Command {}
    public record Debug(boolean on) implements Command {}
    public record Display() implements Command {}
    public record SetOption(String name, String value) implements Command {}
    /** fen == null means the start position. */
    public record SetPosition(String fen, List<String> moves) implements Command {}
    public record Go(SearchLimits limits) implements Command {}
    public record Bench(int depth) implements Command {}
    /** A line that is not a command; the engine prints {@code info string} with the text. */
    public record Unknown(String text) implements Command {}
    /** A parser warning about the line that follows it (printed in order with the engine's other output). */
    public record Warning(String text) implements Command {}
    /** From the search task when its bestmove has been printed. */
    record SearchFinished(long id) implements Command {}
    /** From the stop watchdog: it printed bestmove for search id, whose root worker is stalled. */
    record SearchAnswered(long id) implements Command {}

    private final UciOutput out;
    /**
     * Commands that arrived while a search ran and must wait for its bestmove, in arrival order. Non-empty only
     * while a search runs; its head is a state-changing command (or the end of input) the search was stopped for.
     * (A plain deque rather than Akka's StashBuffer: replay must know which commands came before a stop.)
     */
    private final ArrayDeque<Command> pending = new ArrayDeque<>();
    private static final int MAX_PENDING = 10_000;
    private final Executor searchExecutor;
    private final EngineOptions options;
    private final SearchService service;

    private Position position = Position.startPos();
    /** Keys of the positions before the current one, oldest first (for repetition draws). */
    private long[] history = new long[0];
    private boolean debug;

    private SearchService.Running running;
    private long searchId;
    private boolean quitting;

    public static Behavior<Command> create(UciOutput out) {
        return create(out, new CompletableFuture<>());
    }

    /** exiting completes when the engine decides to exit (quit, or the end of input once its work is done). */
    public static Behavior<Command> create(UciOutput out, CompletableFuture<Void> exiting) {
        return create(out, exiting, gacrux.search.DtsConfig.DEFAULT);
    }

    /** ... with the parallel search configured by dts (the engine's default, or a test's). */
    public static Behavior<Command> create(UciOutput out, CompletableFuture<Void> exiting, gacrux.search.DtsConfig dts) {
        return create(out, exiting, dts, ClusterSetup.none());
    }

    /**
     * The cluster from the command line ({@code --cluster SEEDS}, {@code --cluster-bind HOST[:PORT]}; seeds null: none
     * at start, setoption name Cluster may still set one); left completes when the engine has left its cluster at
     * quit (at once when it has none), so the process does not exit before the others saw it leave.
     */
    public record ClusterSetup(String seeds, String bind, CompletableFuture<Void> left) {
        public static ClusterSetup none() { return new ClusterSetup(null, null, new CompletableFuture<>()); }
    }

    public static Behavior<Command> create(UciOutput out, CompletableFuture<Void> exiting, gacrux.search.DtsConfig dts,
                                           ClusterSetup cluster) {
        return Behaviors.setup(ctx -> {
            UciEngine e = new UciEngine(ctx, out, exiting, dts);
            e.clusterLeft = cluster.left();
            e.service.clusterBind(cluster.bind());
            if (cluster.seeds() != null) ctx.getSelf().tell(new SetOption("Cluster", cluster.seeds()));
            return e;
        });
    }

    private CompletableFuture<Void> clusterLeft = new CompletableFuture<>();

    private final CompletableFuture<Void> exiting;

    private UciEngine(ActorContext<Command> ctx, UciOutput out, CompletableFuture<Void> exiting,
                      gacrux.search.DtsConfig dts) {
        super(ctx);
        this.out = out;
        this.exiting = exiting;
        this.searchExecutor = ctx.getSystem().dispatchers().lookup(DispatcherSelector.fromConfig("gacrux.search-dispatcher"));
        this.options = new EngineOptions(out);
        this.service = new SearchService(new TranspositionTable(options.hashMb()), out, searchExecutor, ctx, dts);
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(IsReady.class, this::onIsReady)
                .onMessage(Stop.class, this::onStop)
                .onMessage(PonderHit.class, this::onPonderHit)
                .onMessage(Debug.class, m -> { debug = m.on(); return this; })
                .onMessage(Unknown.class, m -> { out.info("unknown command: " + m.text()); return this; })
                .onMessage(Warning.class, m -> { out.info(m.text()); return this; })
                .onMessage(SearchFinished.class, this::onSearchFinished)
                .onMessage(SearchAnswered.class, this::onSearchAnswered)
                .onMessage(Quit.class, this::onQuit)
                .onAnyMessage(this::stateChanging)
                .build();
    }

    /**
     * readyok at once, even during a search, except while the hash table is being resized or cleared (or such a
     * command waits): then isready waits in order, so its readyok says the table is there.
     */
    private Behavior<Command> onIsReady(IsReady m) {
        if (running != null && (running.holdsReady()
                || pending.stream().anyMatch(c -> c instanceof SetOption || c instanceof NewGame))) keep(m);
        else out.println("readyok");
        return this;
    }

    /*
     * stop and ponderhit act on the search started by the go before them. If commands are pending, that go is
     * among them (or there is none and the running search is already stopped): keep the order.
     */
    private Behavior<Command> onStop(Stop m) {
        if (!pending.isEmpty()) keep(m);
        else if (running != null) running.stop();
        return this;
    }

    private Behavior<Command> onPonderHit(PonderHit m) {
        if (!pending.isEmpty()) keep(m);
        else if (running != null) running.ponderHit();
        return this;
    }

    private void keep(Command m) {
        if (pending.size() >= MAX_PENDING) out.info("too many commands during a search; dropped: " + m.getClass().getSimpleName());
        else pending.add(m);
    }

    /** Commands that must not overlap a search: stop it, keep the command, apply after the bestmove. */
    private Behavior<Command> stateChanging(Command m) {
        if (running != null) {
            running.preempt();
            keep(m);
            return this;
        }
        apply(m);
        return this;
    }

    private void apply(Command m) {
        if (quitting) return;
        if (m instanceof SetOption s) onSetOption(s);
        else if (m instanceof NewGame) onNewGame();
        else if (m instanceof SetPosition s) onSetPosition(s);
        else if (m instanceof Go g) onGo(g.limits());
        else if (m instanceof Bench b) running = service.bench(b.depth(), nextId(), this::finished);
        else if (m instanceof Display) {
            out.info("options " + options.describe());
            out.info("fen " + position.toFen() + " key " + Long.toHexString(position.key()));
        }
    }

    private long nextId() { return ++searchId; }

    private void finished(long id) { getContext().getSelf().tell(new SearchFinished(id)); }

    private void onSetOption(SetOption s) {
        EngineOptions.Change c = options.set(s.name(), s.value());
        if (c == EngineOptions.Change.HASH) {
            // Off this actor, so stop and quit are not held up; options take the size it got when it is done.
            running = service.resizeTable(options.hashMb(), tableThreads(), nextId(), this::finished);
        } else if (c == EngineOptions.Change.CLEAR_HASH) {
            running = service.clearTable(tableThreads(), nextId(), this::finished);
        } else if (c == EngineOptions.Change.CHESS960) {
            onChess960();
        } else if (c == EngineOptions.Change.CLUSTER && s.name().trim().equalsIgnoreCase("cluster")) {
            String v = s.value() == null ? "" : s.value().trim();
            if (v.equals("<empty>")) v = "";
            // The cluster in force already: no leave and join again (a failed or pending start may be retried).
            if (v.equals(options.cluster()) && (v.isEmpty() || service.clusterOn())) return;
            String error = service.setCluster(v, options.clusterSplitDepth());
            if (error != null) out.info("option Cluster: " + error + "; unchanged");
            else options.setClusterActual(v);
        } else if (c == EngineOptions.Change.CLUSTER) {
            service.setClusterSplitDepth(options.clusterSplitDepth());
        } else if (c == EngineOptions.Change.OTHER) {
            service.setThreads(options.threads());
        }
    }

    /**
     * Threads that allocate or clear the hash table: the search threads, and at least one per core, since
     * nothing else of the engine runs meanwhile (a GUI usually sends Hash before Threads).
     */
    private int tableThreads() {
        return Math.max(options.threads(), Runtime.getRuntime().availableProcessors());
    }

    private void onNewGame() {
        service.clearHeuristics();
        position = Position.startPos(options.chess960());
        history = new long[0];
        running = service.clearTable(tableThreads(), nextId(), this::finished);
    }

    /**
     * UCI_Chess960 changed: the current position is read again in the new mode (same squares and keys, castling
     * now written the new way). A Chess960 position whose castling standard chess cannot express is replaced by
     * the start position, with an info string.
     */
    private void onChess960() {
        if (position.isChess960() == options.chess960()) return;
        try {
            position = Position.fromFen(position.toFen(), options.chess960());
        } catch (FenException e) {
            position = Position.startPos(options.chess960());
            history = new long[0];
            out.info("UCI_Chess960 off: the position's castling is Chess960 only, so it is now the start position ("
                    + UciParser.truncate(e.getMessage(), 300) + ")");
        }
    }

    private void onSetPosition(SetPosition s) {
        Position p;
        try {
            p = s.fen() == null ? Position.startPos(options.chess960()) : Position.fromFen(s.fen(), options.chess960());
        } catch (FenException e) {
            out.info("invalid FEN (position unchanged): " + UciParser.truncate(e.getMessage(), 300));
            return;
        }
        long[] keys = new long[s.moves().size()];
        int n = 0;
        for (String text : s.moves()) {
            int m;
            try {
                m = MoveGen.parseUci(p, text);
            } catch (IllegalArgumentException e) {
                out.info("invalid move (position unchanged): " + UciParser.truncate(e.getMessage()));
                return;
            }
            keys[n++] = p.key();
            Position next = p.copy();
            next.makeMove(m);
            p = next;
        }
        position = p;
        history = Arrays.copyOf(keys, n);
        if (debug) out.info("position " + position.toFen());
    }

    private void onGo(SearchLimits go) {
        List<String> bad = new ArrayList<>(), good = new ArrayList<>();
        for (String sm : go.searchmoves()) {
            try {
                MoveGen.parseUci(position, sm);
                good.add(sm);
            } catch (IllegalArgumentException e) {
                bad.add(sm);
            }
        }
        // Really ignored: searching only illegal moves would answer bestmove 0000 in a live position.
        SearchLimits limits = bad.isEmpty() ? go : new SearchLimits(go.depth(), go.nodes(), go.movetime(), go.wtime(),
                go.btime(), go.winc(), go.binc(), go.movestogo(), go.mate(), go.infinite(), go.ponder(),
                List.copyOf(good), go.perft());
        if (!bad.isEmpty()) out.info("searchmoves not legal here, ignored: " + String.join(" ", bad)
                + (good.isEmpty() ? " (searching all moves)" : ""));
        if (limits.perft() > 0) {
            running = service.perft(position.copy(), limits.perft(), nextId(), this::finished);
            return;
        }
        if (limits.ponder() && !options.ponder() && debug) out.info("go ponder without Ponder option set");
        EngineOptions.Snapshot opts = options.snapshot();
        running = service.search(position.copy(), history.clone(), limits, opts, nextId(),
                this::finished, id -> getContext().getSelf().tell(new SearchAnswered(id)));
    }

    /**
     * The watchdog answered for a search whose root worker is stalled. Its job still owns the searcher, so
     * the next command waits for it, except the exit: after quit, or at the end of input with nothing else
     * pending, there is nothing left to wait for (System.exit ends the stalled thread).
     */
    private Behavior<Command> onSearchAnswered(SearchAnswered a) {
        if (running == null || a.id() != running.id()) return this;
        if (quitting || (pending.size() == 1 && pending.peek() instanceof Quit)) return terminate();
        return this;
    }

    private Behavior<Command> onSearchFinished(SearchFinished f) {
        if (running == null || f.id() != running.id()) return this; // a late report of an old search
        running = null;
        options.setHashActual(service.tt().sizeMb()); // after a resize: the size it got
        if (quitting) return terminate();
        return replay();
    }

    /**
     * Applies the pending commands in order until one starts a search. The stops and ponderhits right behind
     * that go are its own: applied to it at once. A state-changing command behind it stops it and waits.
     */
    private Behavior<Command> replay() {
        while (!pending.isEmpty()) {
            Command c = pending.peek();
            if (running == null) {
                pending.poll();
                if (c instanceof Quit) return terminate();
                if (c instanceof IsReady) out.println("readyok");
                else if (!(c instanceof Stop) && !(c instanceof PonderHit)) apply(c);
            } else if (c instanceof IsReady && !running.holdsReady()) {
                pending.poll();
                out.println("readyok");
            } else if (c instanceof Stop) {
                pending.poll();
                running.stop();
            } else if (c instanceof PonderHit) {
                pending.poll();
                running.ponderHit();
            } else {
                if (c instanceof Quit) {
                    if (!running.finite()) running.stop();
                } else {
                    running.preempt();
                }
                break;
            }
        }
        return this;
    }

    private Behavior<Command> onQuit(Quit q) {
        if (running == null) return terminate();
        if (q.endOfInput() && pending.size() < MAX_PENDING) {
            // End of input: the commands pending before it (a position and go sent while a search ran) still
            // run, in order; a search with a limit may finish and print its bestmove, an infinite or ponder
            // search is stopped. The end comes last, after the search any of them starts.
            if (!running.finite()) running.stop();
            pending.add(q);
            return this;
        }
        // quit stops the search (or abandons a hash table job) at once; the commands pending behind it are dropped.
        quitting = true;
        pending.clear();
        running.quit();
        return this;
    }

    private Behavior<Command> terminate() {
        // quit leaves the cluster gracefully (bounded), off this actor; UciMain waits for it before the process exits.
        CompletableFuture<Void> left = clusterLeft;
        if (service.clusterOn()) {
            Thread t = new Thread(() -> {
                service.leaveCluster();
                left.complete(null);
            }, "gacrux-cluster-leave");
            t.setDaemon(true);
            t.start();
        } else {
            left.complete(null);
        }
        exiting.complete(null);
        getContext().getSystem().terminate();
        return Behaviors.stopped();
    }
}
