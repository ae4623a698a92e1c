package gacrux.dts;

import akka.actor.testkit.typed.javadsl.BehaviorTestKit;
import akka.actor.testkit.typed.javadsl.TestInbox;
import gacrux.board.Position;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import gacrux.search.Searcher;
import gacrux.search.SplitBlock;
import gacrux.search.SplitHook;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;

import java.util.SplittableRandom;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

/**
 * DTS on N simulated processors, deterministically (issue 5, "Beyond two cores"): the real Supervisor and
 * Worker behaviors and the real Searcher/SplitBlock code, but only one worker runs at a time.
 *
 * <p>How. Each worker is a Java thread with its own Searcher, its actor behavior run synchronously by Akka's
 * {@link BehaviorTestKit} (so a tell only queues the message and nothing runs behind the simulator's back).
 * A baton passes between the threads: the holder runs one <em>slice</em> of L nodes (L drawn from the seed,
 * mean {@code quantum}), then, at its next "is help wanted?" poll, gives the baton up. Between two slices the
 * simulator delivers the supervisor's mail (HELP, Split offers, Merge, Unsplit: the supervisor acts at once,
 * its Joins reach the idle workers' inboxes) and hands the baton to the worker whose virtual clock is furthest
 * behind (ties: the lowest id). A worker's clock advances by the nodes it searched in a slice; a worker with
 * nothing to do (an empty mailbox, or an owner at Unsplit whose helpers still search: {@link SplitHook#pause})
 * spends the rest of its slice idle, and that idle quantum advances its clock as well.
 *
 * <p>So the search's virtual time (worker 0's clock when the root search returns) is nodes searched plus idle
 * quanta, on N processors that never interfere, and the result does not depend on this machine's cores, load
 * or JIT. The same seed gives the same interleaving, hence the same nodes, time and move; one worker never
 * splits, so N=1 is the serial search, node for node.
 *
 * <p>Latency. Every hop from one worker to another costs {@code latency} virtual nodes: a split request written
 * at virtual time t is seen by its owner from t + latency on, the owner's answer (the hand-off) likewise, so a
 * design that only works when hops are free is not rewarded. On top of that a worker that waits gives its
 * processor up for the rest of its slice, as a parked thread does.
 *
 * <p>Every simulated search is traced and its trace checked, event by event, by {@link ProtocolChecker}: a
 * violation fails the search (an IllegalStateException naming it), so races found here replay from their seed.
 *
 * <p>What it leaves out (docs/benchmarks.md): memory and cache contention, the cost of an atomic, and the OS.
 */
public final class ScalingSimulator {

    /** One simulated search: virtual time = busy + idle of worker 0's timeline; totals are over all workers. */
    public record Result(int workers, long virtualTime, long nodes, long busy, long idle, long splits, int bestMove,
                         int score, long lastIterationTime, long lastIterationNodes, long traceEvents) {}

    private final int workers;
    private final int quantum;
    private final long seed;
    private final long latency;
    private final TranspositionTable tt;
    private final Searcher.Config config;
    private final gacrux.search.DtsConfig dts;

    /** workers simulated processors sharing tt; slices of quantum nodes on average, drawn from seed; no latency. */
    public ScalingSimulator(int workers, int quantum, long seed, TranspositionTable tt, Searcher.Config config) {
        this(workers, quantum, seed, 0, tt, config, gacrux.search.DtsConfig.DEFAULT);
    }

    /** ... and every hop between workers charged latency virtual nodes, with the DTS configuration dts. */
    public ScalingSimulator(int workers, int quantum, long seed, long latency, TranspositionTable tt,
                            Searcher.Config config, gacrux.search.DtsConfig dts) {
        if (workers < 1) throw new IllegalArgumentException("workers must be at least 1");
        if (quantum < 1) throw new IllegalArgumentException("quantum must be at least 1 node");
        if (latency < 0) throw new IllegalArgumentException("latency must be at least 0 nodes");
        this.workers = workers;
        this.quantum = quantum;
        this.seed = seed;
        this.latency = latency;
        this.tt = tt;
        this.config = config;
        this.dts = dts;
    }

    /** Searches root to depth from a cleared TT and fresh workers; blocks until the simulated search ends. */
    public Result search(Position root, int depth) {
        tt.clear();
        tt.newSearch();
        return new Run(root, depth).go();
    }

    /** Thrown into a simulated worker's thread to unwind it when the simulation is over (never escapes). */
    private static final class Shutdown extends Error {
        Shutdown() { super(null, null, false, false); }
    }

    /** The state of one simulated search. Every field is touched only by the baton holder (Semaphore hand-off). */
    private final class Run {
        final Position root;
        final int depth;
        final SplittableRandom rnd = new SplittableRandom(seed);
        final Sim[] sims = new Sim[workers];
        final Semaphore done = new Semaphore(0);
        BehaviorTestKit<Supervisor.Command> supervisor;
        DtsShared shared;
        SearchResult result;
        Throwable failure;
        boolean over;
        long idleInARow;
        final ProtocolChecker.Online checker = new ProtocolChecker.Online();
        final java.util.List<long[]> iterationEnds = new java.util.ArrayList<>();

        Run(Position root, int depth) {
            this.root = root;
            this.depth = depth;
        }

        Result go() {
            Searcher[] searchers = new Searcher[workers];
            for (int i = 0; i < workers; i++) searchers[i] = new Searcher(tt, config);
            shared = new DtsShared(workers, searchers, dts);
            supervisor = BehaviorTestKit.create(Supervisor.create(shared));
            for (int i = 0; i < workers; i++) {
                TestInbox<Worker.Command> inbox = supervisor.childInbox("worker-" + i);
                sims[i] = new Sim(i, searchers[i], inbox, supervisor.childTestKit(inbox.getRef()));
                // The supervisor attached the real hook; the simulator's wraps it to take the baton away.
                searchers[i].attach(sims[i].hook(shared.hookFor(i)), i, false);
                Sim sim = sims[i];
                searchers[i].onMove(sim::tick);
            }
            SearchLimits limits = SearchLimits.depth(depth);
            SearchControl control = new SearchControl(limits, new TimeManager(limits, root.sideToMove(), 0));
            control.withTrace(new gacrux.search.ProtocolTrace(checker));
            Consumer<Searcher> rootJob = s -> {
                try {
                    result = s.think(root, new long[0], control, line -> {
                        // The last completed iteration's share of the search: its virtual time and nodes.
                        if (!line.startsWith("info depth ") || line.contains("bound") || line.contains("currmove")) return;
                        iterationEnds.add(new long[] {sims[0].now(), shared.totalNodes()});
                    });
                } finally {
                    control.stop(); // end of epoch, as DtsSearch.start does
                }
            };
            supervisor.run(new Supervisor.StartSearch(control, rootJob));
            for (Sim s : sims) s.thread.start();
            Sim first = schedule();
            first.go.release();
            done.acquireUninterruptibly();
            for (Sim s : sims) {
                try {
                    s.thread.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while the simulated workers shut down", e);
                }
            }
            if (failure != null) throw new IllegalStateException("simulated worker failed: " + failure, failure);
            if (result == null) throw new IllegalStateException("the simulated root search failed (see the log)");
            java.util.List<ProtocolChecker.Violation> violations = checker.finish();
            if (!violations.isEmpty())
                throw new IllegalStateException(violations.size() + " protocol violations (seed " + seed + ", " + workers
                        + " workers, quantum " + quantum + "), first: " + violations.get(0));
            // Splits as the supervisor counted them (the Split offers it handled), as smpbench has always reported.
            TestInbox<Supervisor.Stats> stats = TestInbox.create();
            supervisor.run(new Supervisor.GetStats(stats.getRef()));
            long splits = stats.receiveMessage().splits();
            long nodes = 0, busy = 0, idle = 0;
            for (Sim s : sims) {
                nodes += s.searcher.nodes();
                busy += s.busy;
                idle += s.idle;
            }
            long lastTime = sims[0].clock, lastNodes = nodes;
            if (iterationEnds.size() >= 2) { // the last iteration: from the end of the one before to the end
                long[] before = iterationEnds.get(iterationEnds.size() - 2);
                lastTime = sims[0].clock - before[0];
                lastNodes = nodes - before[1];
            }
            return new Result(workers, sims[0].clock, nodes, busy, idle, splits, result.bestMove(), result.score(),
                    lastTime, lastNodes, checker.events());
        }

        /**
         * Between slices: the supervisor handles its mail, then the worker furthest behind in virtual time gets
         * the next slice, of a length drawn from the seed.
         */
        Sim schedule() {
            TestInbox<Supervisor.Command> mail = supervisor.selfInbox();
            while (true) {
                while (mail.hasMessages()) supervisor.run(mail.receiveMessage());
                Sim next = sims[0];
                for (Sim s : sims) if (s.clock < next.clock) next = s;
                long length = quantum / 2 + rnd.nextInt(quantum + 1);
                if (next.waitingForMail && !next.inbox.hasMessages()) {
                    // An idle processor with an empty mailbox would only spend the slice idle: charge it without
                    // waking its thread (the same accounting, far fewer thread switches at 16 or 32 workers).
                    next.clock += length;
                    next.idle += length;
                    if (++idleInARow > 1_000_000L * workers)
                        throw new IllegalStateException("every simulated worker is idle and nothing is in flight");
                    continue;
                }
                idleInARow = 0;
                next.startSlice(length);
                return next;
            }
        }

        /** The holder's slice is over: pass the baton (perhaps to itself) and wait until it comes back. */
        void yieldFrom(Sim me) {
            if (over) throw new Shutdown(); // unwinding after the end: the baton is nobody's any more
            Sim next = schedule();
            if (next != me) {
                next.go.release();
                me.go.acquireUninterruptibly();
            }
            if (over) throw new Shutdown();
        }

        /** Worker 0's root search returned (or a worker failed): wake everyone to unwind, then the caller. */
        void finish() {
            over = true;
            for (Sim s : sims) s.go.release();
            done.release();
        }

        /** One simulated processor: a worker actor's behavior, its searcher, its clock. */
        final class Sim implements Runnable {
            final int id;
            final Searcher searcher;
            final TestInbox<Worker.Command> inbox;
            final BehaviorTestKit<Worker.Command> actor;
            final Semaphore go = new Semaphore(0);
            final Thread thread;
            long clock, busy, idle;
            /** Parked in the idle loop (not inside a handler): the scheduler may charge its idle slices itself. */
            boolean waitingForMail;
            long sliceNodes0, sliceLength;

            Sim(int id, Searcher searcher, TestInbox<Worker.Command> inbox, BehaviorTestKit<Worker.Command> actor) {
                this.id = id;
                this.searcher = searcher;
                this.inbox = inbox;
                this.actor = actor;
                this.thread = new Thread(this, "sim-worker-" + id);
                thread.setDaemon(true); // never keeps the JVM alive, whatever happens
            }

            void startSlice(long length) {
                sliceNodes0 = searcher.nodes();
                sliceLength = length;
            }

            /** Charges the nodes searched in this slice and, if idleRest, the rest of the slice as idle. */
            void endSlice(boolean idleRest) {
                long used = searcher.nodes() - sliceNodes0;
                clock += used;
                busy += used;
                if (idleRest && used < sliceLength) {
                    clock += sliceLength - used;
                    idle += sliceLength - used;
                }
                sliceNodes0 = searcher.nodes();
            }

            @Override
            public void run() {
                go.acquireUninterruptibly();
                try {
                    while (!over) {
                        Worker.Command m = inbox.hasMessages() ? inbox.receiveMessage() : null;
                        if (m == null) { // an idle processor waiting for a Join: an idle quantum
                            endSlice(true);
                            waitingForMail = true;
                            yieldFrom(this);
                            waitingForMail = false;
                            continue;
                        }
                        actor.run(m);
                        if (m instanceof Worker.RunRoot) { // the search is over when the root returns
                            endSlice(false);
                            finish();
                            return;
                        }
                    }
                } catch (Shutdown e) {
                    // the simulation ended while this worker held a slice in its recursion: unwound
                } catch (Throwable t) {
                    if (!over) {
                        failure = t;
                        finish();
                    }
                }
            }

            /** The virtual time of this worker now (its clock plus the nodes of the slice so far). */
            long now() { return clock + (searcher.nodes() - sliceNodes0); }

            /** After every move: the slice is over once its nodes are searched (the processor goes to another). */
            void tick() {
                if (over) throw new Shutdown();
                if (searcher.nodes() - sliceNodes0 >= sliceLength) {
                    endSlice(false);
                    yieldFrom(Sim.this);
                }
            }

            /** The real hook, with this processor's virtual clock, the hop latency, and waiting as giving up the slice. */
            SplitHook hook(SplitHook real) {
                return new SplitHook() {
                    @Override public void pause(int spins) {
                        if (over) throw new Shutdown();
                        endSlice(true);
                        yieldFrom(Sim.this);
                    }

                    @Override public long now() { return Sim.this.now(); }
                    @Override public long latency() { return latency; }
                    @Override public gacrux.search.DtsConfig config() { return real.config(); }
                    @Override public gacrux.search.WorkerSlot slot(int w) { return real.slot(w); }
                    @Override public Searcher searcher(int w) { return real.searcher(w); }
                    @Override public int workers() { return real.workers(); }
                    @Override public SplitBlock acquire() { return real.acquire(); }
                    @Override public void offered(SplitBlock b, int generation) { real.offered(b, generation); }
                    @Override public void unsplit(SplitBlock b, int generation) { real.unsplit(b, generation); }
                    @Override public void help(boolean stale) { real.help(stale); }
                    @Override public void joined(SplitBlock b, int generation) { real.joined(b, generation); }
                    @Override public void merged(SplitBlock b, int generation) { real.merged(b, generation); }
                    @Override public void signalAbort(SplitBlock b) { real.signalAbort(b); }
                    @Override public SplitBlock[] pool() { return real.pool(); }
                    @Override public int openVersion() { return real.openVersion(); }
                    @Override public long totalNodes() { return real.totalNodes(); }
                };
            }
        }
    }
}
