package gacrux.search;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A SplitHook for single-searcher tests of the split machinery: two worker slots, a pool the test gives, no
 * supervisor (records go nowhere), and the fault injector of the test (an AtomicReference the test sets).
 */
class TestHook implements SplitHook {
    final SplitBlock[] pool;
    final Searcher[] searchers;
    final WorkerSlot[] slots;
    final int self;
    final AtomicInteger taken = new AtomicInteger();
    final AtomicReference<Faults.Injector> injected;
    final DtsConfig config;

    TestHook(SplitBlock[] pool, Searcher[] searchers, WorkerSlot[] slots, int self, AtomicReference<Faults.Injector> injected) {
        this.pool = pool;
        this.searchers = searchers;
        this.slots = slots;
        this.self = self;
        this.injected = injected;
        this.config = DtsConfig.DEFAULT.withInjector((w, owner, holds, b) -> {
            Faults.Injector f = injected.get();
            if (f != null) f.atSelect(w, owner, holds, b);
        });
    }

    @Override public DtsConfig config() { return config; }
    @Override public WorkerSlot slot(int w) { return slots[w]; }
    @Override public Searcher searcher(int w) { return searchers[w]; }
    @Override public int workers() { return slots.length; }
    @Override public SplitBlock acquire() { return taken.compareAndSet(0, 1) ? pool[0] : null; }
    @Override public void offered(SplitBlock b, int generation) { }
    @Override public void unsplit(SplitBlock b, int generation) { }
    @Override public void help(boolean stale) { }
    @Override public void joined(SplitBlock b, int generation) { }
    @Override public void merged(SplitBlock b, int generation) { }
    @Override public void signalAbort(SplitBlock b) {
        long m = b.members.get();
        for (int w = 0; w < slots.length; w++) if ((m & (1L << w)) != 0) slots[w].signalAbort();
    }
    @Override public SplitBlock[] pool() { return pool; }
    @Override public int openVersion() { return 0; }
    @Override public long totalNodes() { return searchers[self].nodes(); }
}
