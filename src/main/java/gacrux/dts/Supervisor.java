package gacrux.dts;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.DispatcherSelector;
import akka.actor.typed.SupervisorStrategy;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.javadsl.TimerScheduler;
import gacrux.search.SearchControl;
import gacrux.search.Searcher;
import gacrux.search.SplitBlock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The DTS root supervisor: owns the worker actors, the search epoch and the clock, and keeps the protocol's
 * record. At the start of a search it sends RunRoot to worker 0 and Seek (HELP for the whole search) to every
 * other worker; from then on the steps happen in memory between the workers (a Split request in the owner's
 * slot, the block handed off into the helper's slot: docs/dts-protocol.md) and arrive here as records: Help,
 * SplitOffered, Joined, Merged, Unsplit. Nobody waits for the supervisor inside a search.
 *
 * Late messages are normal: a record of an earlier epoch is counted as late (and in the totals: it is the record
 * of a step that happened, and batching sends a worker's last records after its search ended); a RootDone of an
 * earlier epoch changes nothing; a Join message for a
 * block that has since been closed or recycled is refused by the block's generation check in the worker.
 */
public final class Supervisor extends AbstractBehavior<Supervisor.Command> {

    public sealed interface Command permits StartSearch, StartLazy, Record, Records, RootDone, ClockTick, GetStats {}

    /** The records of steps the workers took in memory: counted, never acted on. */
    public sealed interface Record extends Command permits Help, Step {}

    /** A record of a block's step, stamped with its search's epoch (an earlier one's is late). */
    public sealed interface Step extends Record permits SplitOffered, Joined, Merged, Unsplit {
        long epoch();
    }

    /** Start epoch: worker 0 runs rootJob; everyone else is idle and seeks work (Worker.Seek). */
    public record StartSearch(SearchControl control, Consumer<Searcher> rootJob) implements Command {}
    /**
     * Start a Lazy SMP epoch: worker 0 runs rootJob, every other worker runs helperJob (the same iterative
     * deepening, result discarded), all on the shared TT with the work-sharing table; no splits.
     */
    public record StartLazy(SearchControl control, Consumer<Searcher> rootJob, Consumer<Searcher> helperJob)
            implements Command {}
    /** HELP: worker is idle and looking for work (a record). stale: a Join message found its block gone. */
    public record Help(int worker, boolean stale) implements Record {}
    /** Split: owner opened block (a record; the block reached its helpers in memory). */
    public record SplitOffered(SplitBlock block, int generation, int owner, long epoch) implements Step {}
    /** Join: worker attached to the block (a record: by hand-off, its own choice, or a Join message). */
    public record Joined(int blockId, int generation, int worker, long epoch) implements Step {}
    /** Merge: a helper left the block. */
    public record Merged(int blockId, int generation, int worker, long epoch) implements Step {}
    /** Unsplit: the owner closed the block and backed its value up. */
    public record Unsplit(int blockId, int generation, int owner, long epoch) implements Step {}
    /**
     * A worker's records in the order it took the steps (Help, SplitOffered, Joined, Merged, Unsplit), sent as one
     * message when it goes idle, ends a job or has a full batch: each is handled as if it had come alone.
     */
    public record Records(java.util.List<Record> records) implements Command {}
    /** Worker 0 finished the root search and printed bestmove. */
    public record RootDone(long epoch) implements Command {}
    record ClockTick(long epoch) implements Command {}
    public record GetStats(ActorRef<Stats> replyTo) implements Command {}

    /** Counters of the protocol since the supervisor started (joins: Joined records; idleWorkers: right now). */
    public record Stats(long searches, long splits, long joins, long helps, long staleJoins, long merges, long unsplits,
                        long lateMessages, int blocksInUse, int idleWorkers, boolean searching) {}

    private static final Duration TICK = Duration.ofMillis(5);

    private final DtsShared shared;
    private final List<ActorRef<Worker.Command>> workers = new ArrayList<>();
    private final TimerScheduler<Command> timers;
    private SearchControl control;
    private boolean searching;
    private long searches, splits, joins, helps, staleJoins, merges, unsplits, late;

    static Behavior<Command> create(DtsShared shared) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(t -> new Supervisor(ctx, t, shared)));
    }

    private Supervisor(ActorContext<Command> ctx, TimerScheduler<Command> timers, DtsShared shared) {
        super(ctx);
        this.timers = timers;
        this.shared = shared;
        shared.supervisor = ctx.getSelf();
        int n = shared.searchers.length;
        for (int i = 0; i < n; i++) {
            shared.searchers[i].attach(shared.hookFor(i), i, false);
            workers.add(ctx.spawn(supervisedWorker(i, ctx.getSelf()), "worker-" + i,
                    DispatcherSelector.fromConfig("gacrux.search-dispatcher")));
        }
    }

    /**
     * A worker whose handler throws is restarted with the same Searcher and mailbox (Akka typed would stop it
     * by default, and every later message to it would be lost). A failed RunRoot still reported RootDone (in
     * finally), so the epoch stays right; the search released the blocks it owned before the exception left it
     * (Searcher.releaseOwnBlocks), and Merged from the block it helped at.
     */
    private Behavior<Worker.Command> supervisedWorker(int i, ActorRef<Command> self) {
        return Behaviors.supervise(Behaviors.<Worker.Command>setup(c -> {
                    shared.workerStarts.incrementAndGet(i);
                    return Worker.create(i, shared.searchers[i], self, shared);
                }))
                .onFailure(SupervisorStrategy.restart());
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(StartSearch.class, this::onStart)
                .onMessage(StartLazy.class, this::onStartLazy)
                .onMessage(Records.class, r -> {
                    for (Record c : r.records()) onRecord(c);
                    return this;
                })
                .onMessage(Record.class, this::onRecord)
                .onMessage(RootDone.class, this::onRootDone)
                .onMessage(ClockTick.class, this::onTick)
                .onMessage(GetStats.class, m -> {
                    m.replyTo().tell(new Stats(searches, splits, joins, helps, staleJoins, merges, unsplits, late,
                            shared.blocksInUse(), shared.idleWorkers(), searching));
                    return this;
                })
                .build();
    }

    /**
     * One record of a step the workers took in memory: counted, those of an earlier epoch also as late. A record only
     * counts (it changes no state), and the totals stay exact although a worker's last batch of a search may
     * arrive after the next one began (DtsShared.flush at the end of its Seek).
     */
    private Behavior<Command> onRecord(Record c) {
        if (c instanceof Help h) {
            helps++;
            if (h.stale()) staleJoins++;
            return this;
        }
        if (((Step) c).epoch() != shared.epoch) late++;
        if (c instanceof SplitOffered) splits++;
        else if (c instanceof Joined) joins++;
        else if (c instanceof Merged) merges++;
        else unsplits++;
        return this;
    }

    private Behavior<Command> onStartLazy(StartLazy s) {
        shared.epoch++;
        searches++;
        control = s.control();
        searching = true;
        shared.lazy = true;
        for (gacrux.search.Searcher w : shared.searchers) w.resetNodes();
        shared.workShare.clear();
        for (int i = 0; i < workers.size(); i++) {
            shared.lazyRunning.incrementAndGet();
            workers.get(i).tell(new Worker.RunLazy(shared.epoch, control, i == 0 ? s.rootJob() : s.helperJob(),
                    shared.workShare, shared.lazyRunning));
        }
        timers.startTimerWithFixedDelay("clock", new ClockTick(shared.epoch), TICK);
        return this;
    }

    private Behavior<Command> onStart(StartSearch s) {
        shared.lazy = false;
        shared.epoch++;
        searches++;
        control = s.control();
        searching = true;
        for (gacrux.search.Searcher w : shared.searchers) w.resetNodes();
        workers.get(0).tell(new Worker.RunRoot(shared.epoch, s.rootJob()));
        // Everyone else is idle from the start: HELP for the whole search (they return when it is stopped).
        for (int i = 1; i < workers.size(); i++) workers.get(i).tell(new Worker.Seek(shared.epoch, control));
        timers.startTimerWithFixedDelay("clock", new ClockTick(shared.epoch), TICK);
        return this;
    }

    private Behavior<Command> onRootDone(RootDone d) {
        if (d.epoch() != shared.epoch) {
            late++;
            return this;
        }
        searching = false;
        control.stop(); // the seeking workers return to their mailboxes
        timers.cancel("clock");
        return this;
    }

    /** Only the supervisor checks the clock: helpers never stop themselves (the node limit: every worker polls it). */
    private Behavior<Command> onTick(ClockTick t) {
        if (!searching || t.epoch() != shared.epoch) return this;
        if (control.time.hardExpired()) control.stop();
        long limit = control.limits.nodes();
        if (limit > 0 && shared.totalNodes() >= limit) control.stop();
        return this;
    }
}
