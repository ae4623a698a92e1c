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

    public sealed interface Command permits RunRoot, Join, RunLazy {}

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

    /** Join the block of that generation (sent by the supervisor after a Split). */
    public record Join(SplitBlock block, int generation, long epoch) implements Command {}

    /** A worker whose busy time is not recorded (tests that drive a worker directly). */
    static Behavior<Command> create(int id, Searcher searcher, ActorRef<Supervisor.Command> supervisor) {
        return create(id, searcher, supervisor, new AtomicLongArray(id + 1), new SplitBlock[0]);
    }

    /** busy: per-worker nanoseconds spent inside a search (root or helping), for the idle share. */
    static Behavior<Command> create(int id, Searcher searcher, ActorRef<Supervisor.Command> supervisor,
                                    AtomicLongArray busy, SplitBlock[] pool) {
        return Behaviors.receive(Command.class)
                .onMessage(RunRoot.class, m -> {
                    long t0 = System.nanoTime();
                    try {
                        m.job().accept(searcher);
                    } finally {
                        busy.addAndGet(id, System.nanoTime() - t0);
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
                .onMessage(Join.class, m -> {
                    long t0 = System.nanoTime();
                    boolean joined = false;
                    try {
                        joined = searcher.join(m.block(), m.generation());
                        if (joined) supervisor.tell(new Supervisor.Merged(m.block().id, m.generation(), id, m.epoch()));
                        // Before saying HELP, look for work at the open blocks ourselves (the idle processor
                        // chooses); a Join often arrives after its block ran out of moves.
                        searcher.helpAnywhere(pool);
                    } finally {
                        busy.addAndGet(id, System.nanoTime() - t0);
                        // Idle again (or the Join was stale: the block was gone): HELP. Always, even if the
                        // search threw, or the supervisor would wait for this worker's answer forever.
                        supervisor.tell(new Supervisor.Help(id, !joined));
                    }
                    return Behaviors.same();
                })
                .build();
    }
}
