package gacrux.dts;

import akka.actor.typed.ActorRef;
import gacrux.search.DtsConfig;
import gacrux.search.Searcher;
import gacrux.search.SplitBlock;
import gacrux.search.SplitHook;
import gacrux.search.WorkerSlot;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What the workers of one DTS engine share besides the TT: the split block pool, each worker's slot (its
 * memory mailbox: split requests, hand-offs, abort signals), the search epoch, and each worker's searcher.
 *
 * Concurrency: the pool is split into one segment per worker ({@link #PER_WORKER} blocks): a worker takes
 * blocks only from its own segment (CAS on {@link #inUse}, so an abandoned block returned by its last helper is
 * safe too), and no two workers scan the same slots to split. {@link #openVersion} is bumped at every Split so
 * idle workers rescan the pool only when something opened. {@link #epoch} is written by the supervisor only.
 */
final class DtsShared {
    /** Blocks per worker: a worker's own open blocks all lie on its current path, one per ply at most. */
    static final int PER_WORKER = 24;

    final DtsConfig config;
    final SplitBlock[] pool;
    final AtomicIntegerArray inUse;
    final WorkerSlot[] slots;
    final Searcher[] searchers;
    final AtomicInteger openVersion = new AtomicInteger();
    /** Per worker: nanoseconds inside RunRoot, Seek or Join handlers (written by that worker, read by benchmarks). */
    final AtomicLongArray busyNanos;
    /** Per worker: how often its behavior was (re)started; above 1 after a failure (supervision restart). */
    final AtomicIntegerArray workerStarts;
    volatile long epoch;
    /** Lazy SMP: the work-sharing table, whether the current epoch is lazy, and the workers still running. */
    final gacrux.search.WorkShare workShare;
    volatile boolean lazy;
    final AtomicInteger lazyRunning = new AtomicInteger();
    volatile ActorRef<Supervisor.Command> supervisor;

    DtsShared(int workers, Searcher[] searchers) {
        this(workers, searchers, DtsConfig.DEFAULT);
    }

    DtsShared(int workers, Searcher[] searchers, DtsConfig config) {
        this.config = config;
        this.searchers = searchers;
        this.busyNanos = new AtomicLongArray(workers);
        this.workerStarts = new AtomicIntegerArray(workers);
        this.workShare = new gacrux.search.WorkShare(workers);
        this.pool = new SplitBlock[workers * PER_WORKER];
        for (int i = 0; i < pool.length; i++) pool[i] = new SplitBlock(i);
        this.inUse = new AtomicIntegerArray(pool.length);
        this.slots = new WorkerSlot[workers];
        for (int i = 0; i < workers; i++) slots[i] = new WorkerSlot(i);
        @SuppressWarnings("unchecked")
        java.util.ArrayList<Supervisor.Record>[] o = new java.util.ArrayList[workers];
        for (int i = 0; i < workers; i++) o[i] = new java.util.ArrayList<>(BATCH);
        this.outbox = o;
    }

    long totalNodes() {
        long n = 0;
        for (Searcher s : searchers) n += s.nodes();
        return n;
    }

    int blocksInUse() {
        int n = 0;
        for (int i = 0; i < pool.length; i++) n += inUse.get(i);
        return n;
    }

    int idleWorkers() {
        int n = 0;
        for (WorkerSlot s : slots) if (s.idle()) n++;
        return n;
    }

    /**
     * Abort: every worker that took part in b, or in an open block below b, gets a signal in its own slot. A
     * worker that attaches below b after this scan read its block's members sees b's flag itself at its next
     * Select (SplitBlock.members). Per abort, not per node: the pool scan is off the hot path.
     */
    void signalAbort(SplitBlock b) {
        signalMembers(b.members.get());
        for (SplitBlock c : pool) if (c != b && c.isOpen() && c.under(b)) signalMembers(c.members.get());
    }

    private void signalMembers(long members) {
        for (int w = 0; w < slots.length; w++) if ((members & (1L << Math.min(w, 63))) != 0) slots[w].signalAbort();
    }

    private void tell(Supervisor.Command c) {
        ActorRef<Supervisor.Command> s = supervisor;
        if (s != null) s.tell(c);
    }

    /**
     * Records a worker keeps before sending (docs/dts-protocol.md, "Records, batched"). Every record is still a
     * typed message to the supervisor, but they travel in batches: one {@code tell} wakes a dispatcher thread,
     * and on two cores that thread takes its time from a searching worker (measured: sending each record as it
     * happened cost DTS about 6% of its nodes per second at 2 threads, docs/benchmarks.md). A worker sends its
     * batch when it goes idle (HELP: then its own core is free), when a job ends, and when the batch is full.
     * Owned by the worker: the array index is the worker id, and only that worker's own jobs (run inside its actor's
     * handlers) add and send. Akka orders one actor's handlers (happens-before), whichever pool thread runs them.
     */
    static final int BATCH = 32;
    private final java.util.ArrayList<Supervisor.Record>[] outbox;

    private void record(int workerId, Supervisor.Record c) {
        java.util.ArrayList<Supervisor.Record> box = outbox[workerId];
        box.add(c);
        if (box.size() >= BATCH) flush(workerId);
    }

    /** Sends worker's pending records as one message (that worker only; Worker calls it when a job ends). */
    void flush(int workerId) {
        java.util.ArrayList<Supervisor.Record> box = outbox[workerId];
        if (box.isEmpty()) return;
        tell(new Supervisor.Records(java.util.List.copyOf(box)));
        box.clear();
    }

    /** The split hook of one worker: the search's only window onto the parallel layer. */
    SplitHook hookFor(int workerId) {
        return new SplitHook() {
            @Override public DtsConfig config() { return config; }

            @Override public WorkerSlot slot(int w) { return slots[w]; }

            @Override public Searcher searcher(int w) { return searchers[w]; }

            @Override public int workers() { return slots.length; }

            @Override public SplitBlock acquire() {
                int from = workerId * PER_WORKER;
                for (int i = from; i < from + PER_WORKER; i++)
                    if (inUse.get(i) == 0 && inUse.compareAndSet(i, 0, 1)) return pool[i];
                return null;
            }

            @Override public void offered(SplitBlock block, int generation) {
                openVersion.incrementAndGet();
                record(workerId, new Supervisor.SplitOffered(block, generation, workerId, epoch));
            }

            @Override public void unsplit(SplitBlock block, int generation) {
                // Traced before the slot is freed: after that the block may be reopened by anyone.
                gacrux.search.ProtocolTrace t = block.control == null ? null : block.control.trace();
                if (t != null) {
                    long best = block.best.get(); // the value the owner backs up
                    t.record(gacrux.search.ProtocolTrace.UNSPLIT, workerId, block, generation, SplitBlock.move(best), -1,
                            SplitBlock.score(best), null);
                }
                inUse.set(block.id, 0);
                record(workerId, new Supervisor.Unsplit(block.id, generation, workerId, epoch));
            }

            @Override public void help(boolean stale) {
                record(workerId, new Supervisor.Help(workerId, stale));
                flush(workerId); // idle: this worker's core is free for the dispatcher
            }

            @Override public void joined(SplitBlock block, int generation) {
                record(workerId, new Supervisor.Joined(block.id, generation, workerId, epoch));
            }

            @Override public void merged(SplitBlock block, int generation) {
                record(workerId, new Supervisor.Merged(block.id, generation, workerId, epoch));
            }

            @Override public void signalAbort(SplitBlock block) { DtsShared.this.signalAbort(block); }

            @Override public SplitBlock[] pool() { return pool; }

            @Override public int openVersion() { return openVersion.get(); }

            @Override public long totalNodes() { return DtsShared.this.totalNodes(); }
        };
    }
}
