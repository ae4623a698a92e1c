package gacrux.dts;

import akka.actor.typed.ActorRef;
import gacrux.search.Searcher;
import gacrux.search.SplitBlock;
import gacrux.search.SplitHook;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What the workers of one DTS engine share besides the TT: the split block pool, the "help wanted" signal,
 * the search epoch, and each worker's searcher (for the node total).
 *
 * Concurrency: {@link #idle} counts idle workers not yet promised to a split. The supervisor increments it
 * when a worker says HELP; a splitting worker takes helpers from it with CAS (so an idle worker is promised
 * to at most one split); busy workers poll it at every node (HELP as a shared atomic, since a busy worker
 * does not read its mailbox). Pool slots are taken and returned with CAS on {@link #inUse}. {@link #epoch}
 * is written by the supervisor only.
 */
final class DtsShared {
    final SplitBlock[] pool;
    final AtomicIntegerArray inUse;
    final AtomicInteger idle = new AtomicInteger();
    final Searcher[] searchers;
    /** Per worker: nanoseconds inside RunRoot or Join handlers (written by that worker, read by benchmarks). */
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
        this.searchers = searchers;
        this.busyNanos = new AtomicLongArray(workers);
        this.workerStarts = new AtomicIntegerArray(workers);
        this.workShare = new gacrux.search.WorkShare(workers);
        this.pool = new SplitBlock[Math.max(16, workers * 16)];
        for (int i = 0; i < pool.length; i++) pool[i] = new SplitBlock(i);
        this.inUse = new AtomicIntegerArray(pool.length);
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

    /** The split hook of one worker: the search's only window onto the parallel layer. */
    SplitHook hookFor(int workerId) {
        return new SplitHook() {
            // In a lazy epoch nobody splits (idle stays 0 there anyway; lazy is read only if it is not).
            @Override public boolean helpWanted() { return idle.get() > 0 && !lazy; }

            @Override public int claimHelpers(int max) {
                while (true) {
                    int v = idle.get();
                    if (v <= 0) return 0;
                    int take = Math.min(v, max);
                    if (idle.compareAndSet(v, v - take)) return take;
                }
            }

            @Override public SplitBlock acquire() {
                for (int i = 0; i < pool.length; i++)
                    if (inUse.get(i) == 0 && inUse.compareAndSet(i, 0, 1)) return pool[i];
                return null;
            }

            @Override public void offered(SplitBlock block, int generation, int claimed) {
                supervisor.tell(new Supervisor.SplitOffered(block, generation, claimed, workerId, epoch));
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
                supervisor.tell(new Supervisor.Unsplit(block.id, generation, workerId, epoch));
            }

            @Override public SplitBlock[] pool() { return pool; }

            @Override public long totalNodes() { return DtsShared.this.totalNodes(); }
        };
    }
}
