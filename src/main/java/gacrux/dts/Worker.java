package gacrux.dts;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import gacrux.search.Searcher;
import gacrux.search.SplitBlock;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Consumer;

/**
 * A DTS worker. It reads its mailbox only when idle: inside a search it is in its recursion and learns of
 * HELP, Share and Stop through atomics. Runs on the dedicated search dispatcher (its handlers block).
 */
public final class Worker {
    private Worker() {}

    public sealed interface Command permits RunRoot, Seek, Join, RunLazy {}

    /** Worker 0 only: run the root search (iterative deepening) of epoch. */
    public record RunRoot(long epoch, Consumer<Searcher> job) implements Command {}

    /**
     * Lazy SMP: run job (the whole iterative deepening, think()) with the work-sharing table. Worker 0's job
     * prints bestmove; when it ends, this worker stops the search's control (the helpers stop) and reports
     * RootDone. A helper's job has its result and info lines discarded; it counts itself off running at the end.
     */
    public record RunLazy(long epoch, gacrux.search.SearchControl control, Consumer<Searcher> job,
                          gacrux.search.WorkShare share, java.util.concurrent.atomic.AtomicInteger running)
            implements Command {}

    /**
     * HELP for a whole search: be idle in epoch's search and look for work (Searcher.seek: join open blocks, ask
     * busy workers to split, take hand-offs) until its control is stopped. Sent by the supervisor at the start of
     * a DTS search to every worker but 0; inside it, the worker never returns to its mailbox (a message would
     * need a thread wake-up to reach it; the hand-offs reach it in memory).
     */
    public record Seek(long epoch, gacrux.search.SearchControl control) implements Command {}

    /** Join the block of that generation (a direct Join message: tests, and tools that drive a worker). */
    public record Join(SplitBlock block, int generation, long epoch) implements Command {}

    /**
     * A worker on its own (tests that drive a worker directly with Join messages): its searcher gets a hook of a
     * private DtsShared whose records go to supervisor (epoch 0); its busy time is not recorded.
     */
    static Behavior<Command> create(int id, Searcher searcher, ActorRef<Supervisor.Command> supervisor) {
        Searcher[] all = new Searcher[id + 1];
        for (int i = 0; i < id; i++) all[i] = new Searcher(new gacrux.search.TranspositionTable(1));
        all[id] = searcher;
        DtsShared shared = new DtsShared(id + 1, all);
        shared.supervisor = supervisor;
        searcher.attach(shared.hookFor(id), id, false);
        return create(id, searcher, supervisor, shared);
    }

    /**
     * shared.busyNanos: per-worker nanoseconds spent inside a search (root or helping), for the idle share. When a
     * job ends the worker sends the records it still holds (DtsShared.flush), before RootDone or Help.
     */
    static Behavior<Command> create(int id, Searcher searcher, ActorRef<Supervisor.Command> supervisor,
                                    DtsShared shared) {
        AtomicLongArray busy = shared.busyNanos;
        return Behaviors.receive(Command.class)
                .onMessage(RunRoot.class, m -> {
                    long t0 = System.nanoTime();
                    try {
                        m.job().accept(searcher);
                    } finally {
                        busy.addAndGet(id, System.nanoTime() - t0);
                        shared.flush(id);
                        supervisor.tell(new Supervisor.RootDone(m.epoch()));
                    }
                    return Behaviors.same();
                })
                .onMessage(RunLazy.class, m -> {
                    long t0 = System.nanoTime();
                    searcher.lazy(m.share());
                    try {
                        m.job().accept(searcher);
                    } finally {
                        searcher.lazy(null);
                        busy.addAndGet(id, System.nanoTime() - t0);
                        if (id == 0) {
                            m.control().stop(); // the main worker is done: the helpers stop
                            supervisor.tell(new Supervisor.RootDone(m.epoch()));
                        }
                        m.running().decrementAndGet();
                    }
                    return Behaviors.same();
                })
                .onMessage(Seek.class, m -> {
                    long helped = searcher.helpNanos();
                    try {
                        searcher.seek(m.control());
                    } finally {
                        busy.addAndGet(id, searcher.helpNanos() - helped); // the time at blocks, not the idle time
                        shared.flush(id);
                    }
                    return Behaviors.same();
                })
                .onMessage(Join.class, m -> {
                    long t0 = System.nanoTime();
                    boolean joined = false;
                    try {
                        joined = searcher.join(m.block(), m.generation());
                    } finally {
                        busy.addAndGet(id, System.nanoTime() - t0);
                        shared.flush(id);
                        // Idle again (or the Join was stale: the block was gone): HELP. Always, even if the
                        // search threw, or the supervisor would wait for this worker's answer forever.
                        supervisor.tell(new Supervisor.Help(id, !joined));
                    }
                    return Behaviors.same();
                })
                .build();
    }
}
