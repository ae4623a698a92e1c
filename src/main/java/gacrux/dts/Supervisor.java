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
import gacrux.search.ProtocolTrace;
import gacrux.search.SearchControl;
import gacrux.search.Searcher;
import gacrux.search.SplitBlock;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The DTS root supervisor: owns the worker actors, the idle set, the search epoch and the clock.
 * HELP arrives here; Split offers leave here as Joins; Merge and Unsplit are reported here.
 *
 * Late messages are normal: a SplitOffered, Merged or Unsplit of an earlier epoch is counted and dropped,
 * a Join for a block that has since been closed or recycled is refused by the block's generation check in
 * the worker, which then says HELP again.
 */
public final class Supervisor extends AbstractBehavior<Supervisor.Command> {

    public sealed interface Command permits StartSearch, StartLazy, Help, SplitOffered, Merged, Unsplit, RootDone, ClockTick,
            GetStats {}

    /** Start epoch: worker 0 runs rootJob; everyone else is idle. */
    public record StartSearch(SearchControl control, Consumer<Searcher> rootJob) implements Command {}
    /**
     * Start a Lazy SMP epoch: worker 0 runs rootJob, every other worker runs helperJob (the same iterative
     * deepening, result discarded), all on the shared TT with the work-sharing table; no splits.
     */
    public record StartLazy(SearchControl control, Consumer<Searcher> rootJob, Consumer<Searcher> helperJob)
            implements Command {}
    /** HELP: worker is idle. stale: its Join found the block gone. */
    public record Help(int worker, boolean stale) implements Command {}
    /** Split: owner opened block (claimed idle workers for it). block == null returns the claim. */
    public record SplitOffered(SplitBlock block, int generation, int claimed, int owner, long epoch) implements Command {}
    /** Merge: a helper left the block. */
    public record Merged(int blockId, int generation, int worker, long epoch) implements Command {}
    /** Unsplit: the owner closed the block and backed its value up. */
    public record Unsplit(int blockId, int generation, int owner, long epoch) implements Command {}
    /** Worker 0 finished the root search and printed bestmove. */
    public record RootDone(long epoch) implements Command {}
    record ClockTick(long epoch) implements Command {}
    public record GetStats(ActorRef<Stats> replyTo) implements Command {}

    /** Counters of the protocol since the supervisor started. */
    public record Stats(long searches, long splits, long joinsSent, long staleJoins, long merges, long unsplits,
                        long lateMessages, int blocksInUse, int idleCounter, boolean searching) {}

    private static final Duration TICK = Duration.ofMillis(5);

    private final DtsShared shared;
    private final List<ActorRef<Worker.Command>> workers = new ArrayList<>();
    private final ArrayDeque<Integer> idleQueue = new ArrayDeque<>();
    private final boolean[] isIdle;
    /**
     * Joins sent to each worker that it has not yet answered with Help (every Join gets exactly one Help).
     * A worker is idle only when this is 0: a late Help (answering an older Join, even of an earlier epoch)
     * must not mark a worker idle that still has a newer Join in its mailbox, or it would be promised to two
     * splits at once.
     */
    private final int[] pendingJoins;
    private final TimerScheduler<Command> timers;
    private SearchControl control;
    private boolean searching;
    private long searches, splits, joinsSent, staleJoins, merges, unsplits, late;

    static Behavior<Command> create(DtsShared shared) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(t -> new Supervisor(ctx, t, shared)));
    }

    private Supervisor(ActorContext<Command> ctx, TimerScheduler<Command> timers, DtsShared shared) {
        super(ctx);
        this.timers = timers;
        this.shared = shared;
        shared.supervisor = ctx.getSelf();
        int n = shared.searchers.length;
        isIdle = new boolean[n];
        pendingJoins = new int[n];
        for (int i = 0; i < n; i++) {
            shared.searchers[i].attach(shared.hookFor(i), i, false);
            workers.add(ctx.spawn(supervisedWorker(i, ctx.getSelf()), "worker-" + i,
                    DispatcherSelector.fromConfig("gacrux.search-dispatcher")));
        }
    }

    /**
     * A worker whose handler throws is restarted with the same Searcher and mailbox (Akka typed would stop it
     * by default, and every later Join to it would be lost). Its failed Join still answered Help and a failed
     * RunRoot still reported RootDone (both in finally), so pendingJoins and the epoch stay right; the search
     * released the blocks it owned before the exception left it (Searcher.releaseOwnBlocks).
     */
    private Behavior<Worker.Command> supervisedWorker(int i, ActorRef<Command> self) {
        return Behaviors.supervise(Behaviors.<Worker.Command>setup(c -> {
                    shared.workerStarts.incrementAndGet(i);
                    return Worker.create(i, shared.searchers[i], self, shared.busyNanos, shared.pool);
                }))
                .onFailure(SupervisorStrategy.restart());
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(StartSearch.class, this::onStart)
                .onMessage(StartLazy.class, this::onStartLazy)
                .onMessage(Help.class, this::onHelp)
                .onMessage(SplitOffered.class, this::onSplitOffered)
                .onMessage(Merged.class, m -> { if (m.epoch() == shared.epoch) merges++; else late++; return this; })
                .onMessage(Unsplit.class, m -> { if (m.epoch() == shared.epoch) unsplits++; else late++; return this; })
                .onMessage(RootDone.class, this::onRootDone)
                .onMessage(ClockTick.class, this::onTick)
                .onMessage(GetStats.class, m -> {
                    m.replyTo().tell(new Stats(searches, splits, joinsSent, staleJoins, merges, unsplits, late,
                            shared.blocksInUse(), shared.idle.get(), searching));
                    return this;
                })
                .build();
    }

    private Behavior<Command> onStartLazy(StartLazy s) {
        shared.epoch++;
        searches++;
        control = s.control();
        searching = true;
        shared.lazy = true;
        for (gacrux.search.Searcher w : shared.searchers) w.resetNodes();
        // Nobody is idle in a lazy epoch: no HELP is raised, so nobody splits.
        idleQueue.clear();
        java.util.Arrays.fill(isIdle, false);
        shared.idle.set(0);
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
        // Everyone but worker 0 starts idle: HELP is raised for all of them at once.
        idleQueue.clear();
        java.util.Arrays.fill(isIdle, false);
        for (int i = 1; i < workers.size(); i++) {
            if (pendingJoins[i] > 0) continue; // idle once it has answered its last Join
            idleQueue.add(i);
            isIdle[i] = true;
        }
        shared.idle.set(idleQueue.size());
        ProtocolTrace trace = control.trace();
        if (trace != null)
            for (int w : idleQueue) trace.record(ProtocolTrace.HELP, w, null, -1, 0, -1, -1, "idle at the start");
        workers.get(0).tell(new Worker.RunRoot(shared.epoch, s.rootJob()));
        timers.startTimerWithFixedDelay("clock", new ClockTick(shared.epoch), TICK);
        return this;
    }

    private Behavior<Command> onHelp(Help h) {
        if (h.stale()) staleJoins++;
        int w = h.worker();
        if (pendingJoins[w] > 0) pendingJoins[w]--;
        if (pendingJoins[w] > 0) return this; // a newer Join is still in its mailbox: busy, not idle
        if (w == 0 || isIdle[w]) return this; // duplicate HELP: already idle
        isIdle[w] = true;
        idleQueue.add(w);
        if (searching && !shared.lazy) {
            shared.idle.incrementAndGet();
            ProtocolTrace trace = control.trace();
            if (trace != null)
                trace.record(ProtocolTrace.HELP, w, null, -1, 0, -1, -1, h.stale() ? "its Join was stale" : null);
        }
        return this;
    }

    private Behavior<Command> onSplitOffered(SplitOffered s) {
        if (s.epoch() != shared.epoch || !searching) {
            late++; // the owner finds no helper and closes the block itself
            return this;
        }
        if (s.block() == null) {
            shared.idle.addAndGet(s.claimed()); // the owner could not get a block: give the claim back
            return this;
        }
        splits++;
        int sent = 0;
        while (sent < s.claimed() && !idleQueue.isEmpty()) {
            int w = idleQueue.poll();
            isIdle[w] = false;
            pendingJoins[w]++;
            ProtocolTrace trace = control.trace(); // traced before the tell, so it precedes the answer
            if (trace != null)
                trace.record(ProtocolTrace.JOIN_SENT, w, s.block(), s.generation(), 0, -1, -1, "to worker " + w + " for worker " + s.owner());
            workers.get(w).tell(new Worker.Join(s.block(), s.generation(), s.epoch()));
            sent++;
        }
        joinsSent += sent;
        return this;
    }

    private Behavior<Command> onRootDone(RootDone d) {
        if (d.epoch() != shared.epoch) {
            late++;
            return this;
        }
        searching = false;
        shared.idle.set(0);
        timers.cancel("clock");
        return this;
    }

    /** Only the supervisor checks the clock (and the node limit): helpers never stop themselves. */
    private Behavior<Command> onTick(ClockTick t) {
        if (!searching || t.epoch() != shared.epoch) return this;
        if (control.time.hardExpired()) control.stop();
        long limit = control.limits.nodes();
        if (limit > 0 && shared.totalNodes() >= limit) control.stop();
        return this;
    }
}
