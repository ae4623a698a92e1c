package gacrux.cluster;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.DispatcherSelector;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.receptionist.Receptionist;
import akka.actor.typed.receptionist.ServiceKey;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.Perft;
import gacrux.dts.DtsSearch;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.Searcher;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;

import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * A worker node's one actor (the {@code node} command): registered with the Receptionist under {@link #KEY}, it
 * takes one remote task at a time and searches it with this machine's search, serial or DTS over its threads
 * (level 1). It answers every task exactly once (result, aborted, busy or error): the master counts a node idle
 * again when its answer arrives. An Abort stops the task's search through its control's stop flag.
 */
public final class WorkerNode extends AbstractBehavior<WorkerNode.Command> {
    public static final ServiceKey<Command> KEY = ServiceKey.create(Command.class, "gacrux-search-worker");

    public sealed interface Command permits Task, Abort, PerftTask, Finished {}

    /**
     * One child node to search (Coordinator.submit): the root as FEN (X-FEN or Shredder-FEN with chess960) and the
     * move path to the node, the game's keys since the root's last irreversible move (repetition), the iteration
     * depth (check extensions), the node's depth, window and type (its side's view), the search switches.
     * (searchId, taskId) key the answer; a task id is never reused, so it is also the task's generation.
     */
    public record Task(long searchId, long taskId, String fen, boolean chess960, long[] keys, int[] path,
                       int rootDepth, int depth, int alpha, int beta, int nodeType, boolean useTT, boolean pruning,
                       ActorRef<Coordinator.Command> replyTo) implements Command, ClusterMessage {}

    /** The master no longer wants task taskId (a cutoff at its node, stop, or the search's end). */
    public record Abort(long searchId, long taskId) implements Command, ClusterMessage {}

    /** Perft of the position after path from fen, to depth (parallel perft across nodes). */
    public record PerftTask(long taskId, String fen, boolean chess960, int[] path, int depth,
                            ActorRef<Coordinator.Command> replyTo) implements Command, ClusterMessage {}

    /** From this node's search thread: the task is answered, the node is idle again. Local only. */
    private record Finished(long taskId) implements Command {}

    /**
     * How a node searches: its threads (1: serial), its table, and a fault injector for tests: the result of a task
     * of depth &ge; replyDelayMinDepth is held replyDelayMs (so a test can kill the node while it holds work).
     */
    public record Settings(int threads, int hashMb, long replyDelayMs, int replyDelayMinDepth) {
        public Settings(int threads, int hashMb) { this(threads, hashMb, 0, 0); }
    }

    private final Settings settings;
    private final Executor executor;
    private final Searcher searcher;
    private final DtsSearch dts;
    private final String name;
    /** For the search threads' logging (an ActorContext belongs to the actor's own thread). */
    private final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(WorkerNode.class);
    private long busyWith = -1;
    private SearchControl running;
    /** Set by Abort: ends the fault injector's hold too (the control is stopped anyway when a search ends). */
    private java.util.concurrent.atomic.AtomicBoolean abortRequested;

    public static Behavior<Command> create(Settings settings) {
        return Behaviors.setup(ctx -> new WorkerNode(ctx, settings));
    }

    private WorkerNode(ActorContext<Command> ctx, Settings settings) {
        super(ctx);
        this.settings = settings;
        this.executor = ctx.getSystem().dispatchers().lookup(DispatcherSelector.fromConfig("gacrux.search-dispatcher"));
        TranspositionTable tt = new TranspositionTable(settings.hashMb());
        this.searcher = new Searcher(tt);
        this.dts = settings.threads() > 1 ? DtsSearch.spawn(ctx, "dts", tt, settings.threads(), Searcher.Config.DEFAULT) : null;
        this.name = ctx.getSystem().address().toString();
        ctx.getSystem().receptionist().tell(Receptionist.register(KEY, ctx.getSelf()));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Task.class, this::onTask)
                .onMessage(Abort.class, this::onAbort)
                .onMessage(PerftTask.class, this::onPerft)
                .onMessage(Finished.class, f -> {
                    if (f.taskId() == busyWith) {
                        busyWith = -1;
                        running = null;
                    }
                    return this;
                })
                .build();
    }

    private Behavior<Command> onTask(Task t) {
        if (busyWith >= 0) {
            t.replyTo().tell(new Coordinator.Result(t.searchId(), t.taskId(), Coordinator.Result.BUSY, 0, new int[0], 0, name));
            return this;
        }
        Position root;
        try {
            root = Position.fromFen(t.fen(), t.chess960());
            replay(root, t.path());
        } catch (RuntimeException e) {
            log.warn("task {} rejected: {}", t.taskId(), e.getMessage());
            t.replyTo().tell(new Coordinator.Result(t.searchId(), t.taskId(), Coordinator.Result.ERROR, 0, new int[0], 0, name));
            return this;
        }
        t.replyTo().tell(new Coordinator.Accepted(t.taskId(), name));
        SearchLimits limits = SearchLimits.infiniteSearch();
        SearchControl control = new SearchControl(limits, new TimeManager(limits, 0, 0));
        busyWith = t.taskId();
        running = control;
        java.util.concurrent.atomic.AtomicBoolean aborted = new java.util.concurrent.atomic.AtomicBoolean();
        abortRequested = aborted;
        ActorRef<Command> self = getContext().getSelf();
        Searcher.Config config = new Searcher.Config(t.useTT(), t.pruning(), 1);
        Consumer<Searcher> job = s -> {
            Coordinator.Result r;
            try {
                Searcher.TaskOutcome o = s.searchTask(root, t.keys(), t.path(), t.rootDepth(), t.depth(), t.alpha(),
                        t.beta(), t.nodeType(), control);
                r = new Coordinator.Result(t.searchId(), t.taskId(), o.stopped() ? Coordinator.Result.ABORTED
                        : Coordinator.Result.OK, o.score(), o.pv(), o.nodes(), name);
            } catch (Throwable e) {
                log.warn("task {} failed: {}", t.taskId(), e.toString());
                r = new Coordinator.Result(t.searchId(), t.taskId(), Coordinator.Result.ERROR, 0, new int[0], 0, name);
            } finally {
                control.stop(); // ends the DTS epoch: the helpers leave their idle loops
            }
            // Fault injector (tests): hold the answer, so a node can be killed while it holds work.
            if (settings.replyDelayMs() > 0 && r.status() == Coordinator.Result.OK && t.depth() >= settings.replyDelayMinDepth()) {
                long until = System.nanoTime() + settings.replyDelayMs() * 1_000_000;
                while (System.nanoTime() < until && !aborted.get()) java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
            }
            // Idle here before the master can hear it: its next task must not find this node still busy.
            self.tell(new Finished(t.taskId()));
            t.replyTo().tell(r);
        };
        if (dts != null) {
            dts.configure(config);
            dts.searchJob(control, job);
        } else {
            searcher.configure(config);
            executor.execute(() -> job.accept(searcher));
        }
        return this;
    }

    /**
     * The position at the end of path from root, checking every step: a legal move, or 0 for a null move (the task's
     * node may lie below a null-move search) from a position not in check. A bad path throws IllegalArgumentException.
     */
    public static Position replay(Position root, int[] path) {
        Position p = root.copy();
        int[] scratch = new int[MoveGen.MAX_MOVES];
        for (int m : path) {
            if (m == gacrux.board.Move.NONE && !p.inCheck()) p.makeNullMove();
            else if (m != gacrux.board.Move.NONE && MoveGen.isLegal(p, m, scratch)) p.makeMove(m);
            else throw new IllegalArgumentException("illegal move in path: " + gacrux.board.Move.toUci(m)
                    + " (path " + java.util.Arrays.toString(path) + ")");
        }
        return p;
    }

    private Behavior<Command> onAbort(Abort a) {
        if (a.taskId() == busyWith && running != null) {
            abortRequested.set(true);
            running.stop();
        }
        return this;
    }

    private Behavior<Command> onPerft(PerftTask t) {
        if (busyWith >= 0) {
            t.replyTo().tell(new Coordinator.PerftResult(t.taskId(), -1, name));
            return this;
        }
        busyWith = t.taskId();
        ActorRef<Command> self = getContext().getSelf();
        executor.execute(() -> {
            long count = -1;
            try {
                Position p = replay(Position.fromFen(t.fen(), t.chess960()), t.path());
                count = dts != null ? dts.perft(p, t.depth()) : new Perft().perft(p, t.depth());
            } catch (Throwable e) {
                log.warn("perft task {} failed: {}", t.taskId(), e.toString());
            }
            self.tell(new Finished(t.taskId()));
            t.replyTo().tell(new Coordinator.PerftResult(t.taskId(), count, name));
        });
        return this;
    }
}
