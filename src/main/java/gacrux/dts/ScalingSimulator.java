package gacrux.dts;

import akka.actor.testkit.typed.javadsl.BehaviorTestKit;
import akka.actor.testkit.typed.javadsl.TestInbox;
import gacrux.board.Position;
import gacrux.search.RemoteTask;
import gacrux.search.RemoteWork;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import gacrux.search.Searcher;
import gacrux.search.SplitBlock;
import gacrux.search.SplitHook;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;

import java.util.PriorityQueue;
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
 * <p>Machines (issue 14). With {@link Cluster#nodes()} &gt; 1 it simulates several machines of {@code workers}
 * processors each, on one virtual clock and one baton: machine 0 runs the root search, and its root worker hands
 * single moves at remaining depth &ge; {@link Cluster#splitDepth()} to idle machines through a simulated
 * {@link RemoteWork} (distributed Young Brothers Wait, as gacrux.cluster does over Akka Cluster). A task reaches
 * its machine {@link Cluster#netLatency()} virtual nodes after it was sent, is searched there by that machine's
 * own DTS (its own supervisor, workers and transposition table: machines share no memory) with
 * {@link Searcher#searchTask}, and its result reaches the master one network latency after the search ended; an
 * Abort likewise. One task per machine at a time, as gacrux.cluster.ClusterWork hands them out.
 *
 * <p>What it leaves out (docs/benchmarks.md): memory and cache contention, the cost of an atomic, and the OS.
 */
public final class ScalingSimulator {

    /**
     * One simulated search: virtual time = busy + idle of the root worker's timeline; totals are over all workers
     * of all machines. remoteSent/remoteMerged: moves handed to other machines and results merged; remoteNodes: the
     * nodes those machines searched (part of nodes). phaseBusy/phaseIdle: busy and idle of all workers by where the
     * root worker stood when they were charged (Searcher.youngBrothersPhase: the eldest-brother chain, the rest of
     * the first root move, the later root moves), so the idle time can be placed in the iteration. cutShortNodes:
     * nodes of moves at blocks that a fail high at or above the block cut short (Searcher.cutShortNodes, all
     * workers); finishedAfterCutNodes: moves at such blocks after the first fail high, in the serial order,
     * searched to their end all the same (Searcher.finishedAfterCutNodes). Together: the waste at blocks that failed high.
     * nodesByPly: the master machine's nodes by ply from the root (Searcher.nodesByPly, all its workers; index = ply).
     */
    public record Result(int workers, long virtualTime, long nodes, long busy, long idle, long splits, int bestMove,
                         int score, long lastIterationTime, long lastIterationNodes, long traceEvents,
                         long remoteSent, long remoteMerged, long remoteNodes, java.util.List<Long> phaseBusy,
                         java.util.List<Long> phaseIdle, long cutShortNodes,
                         long finishedAfterCutNodes, java.util.List<Long> nodesByPly) {}

    /**
     * The cluster level: nodes machines of the simulator's workers each; every message between machines costs
     * netLatency virtual nodes; root moves go to other machines from remaining depth splitDepth on, and with
     * belowRoot the moves of deeper nodes of the root worker's path too (RemoteWork.belowRoot).
     */
    public record Cluster(int nodes, long netLatency, int splitDepth, boolean belowRoot) {
        public static final Cluster NONE = new Cluster(1, 0, Integer.MAX_VALUE);

        public Cluster(int nodes, long netLatency, int splitDepth) { this(nodes, netLatency, splitDepth, false); }

        public Cluster {
            if (nodes < 1) throw new IllegalArgumentException("nodes must be at least 1");
            if (netLatency < 0) throw new IllegalArgumentException("network latency must be at least 0 nodes");
            if (splitDepth < 1) throw new IllegalArgumentException("cluster split depth must be at least 1");
        }
    }

    private final int workers;
    private final int quantum;
    private final long seed;
    private final long latency;
    private final TranspositionTable tt;
    private final Searcher.Config config;
    private final gacrux.search.DtsConfig dts;
    private final Cluster cluster;
    /** The other machines' tables, made once (a table is large) and cleared before every search. */
    private TranspositionTable[] remoteTables = new TranspositionTable[0];

    /** workers simulated processors sharing tt; slices of quantum nodes on average, drawn from seed; no latency. */
    public ScalingSimulator(int workers, int quantum, long seed, TranspositionTable tt, Searcher.Config config) {
        this(workers, quantum, seed, 0, tt, config, gacrux.search.DtsConfig.DEFAULT);
    }

    /** ... and every hop between workers charged latency virtual nodes, with the DTS configuration dts. */
    public ScalingSimulator(int workers, int quantum, long seed, long latency, TranspositionTable tt,
                            Searcher.Config config, gacrux.search.DtsConfig dts) {
        this(workers, quantum, seed, latency, tt, config, dts, Cluster.NONE);
    }

    /** ... on cluster.nodes() machines of workers processors each (tt is machine 0's table). */
    public ScalingSimulator(int workers, int quantum, long seed, long latency, TranspositionTable tt,
                            Searcher.Config config, gacrux.search.DtsConfig dts, Cluster cluster) {
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
        this.cluster = cluster;
    }

    /** Searches root to depth from cleared TTs and fresh workers; blocks until the simulated search ends. */
    public Result search(Position root, int depth) {
        tt.clear();
        tt.newSearch();
        if (remoteTables.length != cluster.nodes() - 1) {
            remoteTables = new TranspositionTable[cluster.nodes() - 1];
            for (int k = 0; k < remoteTables.length; k++) remoteTables[k] = new TranspositionTable(tt.sizeMb());
        }
        for (TranspositionTable t : remoteTables) {
            t.clear();
            t.newSearch();
        }
        return new Run(root, depth).go();
    }

    /** Thrown into a simulated worker's thread to unwind it when the simulation is over (never escapes). */
    private static final class Shutdown extends Error {
        Shutdown() { super(null, null, false, false); }
    }

    /** Something that happens at a virtual time on another machine: a task or an Abort arrives, a result comes back. */
    private record Event(long time, long seq, Runnable action) {}

    /** The state of one simulated search. Every field is touched only by the baton holder (Semaphore hand-off). */
    private final class Run {
        final Position root;
        final int depth;
        final SplittableRandom rnd = new SplittableRandom(seed);
        final Machine[] machines = new Machine[cluster.nodes()];
        /** Every simulated processor of every machine. */
        final Sim[] sims = new Sim[workers * cluster.nodes()];
        final Semaphore done = new Semaphore(0);
        final PriorityQueue<Event> events = new PriorityQueue<>(java.util.Comparator.comparingLong(Event::time)
                .thenComparingLong(Event::seq));
        long eventSeq;
        Machine master;
        SearchResult result;
        Throwable failure;
        boolean over;
        long idleInARow;
        final java.util.List<long[]> iterationEnds = new java.util.ArrayList<>();
        long remoteSent, taskIds;
        final long[] phaseBusy = new long[Searcher.PHASES], phaseIdle = new long[Searcher.PHASES];

        Run(Position root, int depth) {
            this.root = root;
            this.depth = depth;
        }

        Result go() {
            for (int k = 0; k < machines.length; k++) machines[k] = new Machine(k, k == 0 ? tt : remoteTables[k - 1]);
            master = machines[0];
            if (machines.length > 1) master.searchers[0].remote(new SimRemote());
            SearchLimits limits = SearchLimits.depth(depth);
            SearchControl control = new SearchControl(limits, new TimeManager(limits, root.sideToMove(), 0));
            master.checker = new ProtocolChecker.Online();
            control.withTrace(new gacrux.search.ProtocolTrace(master.checker));
            Consumer<Searcher> rootJob = s -> {
                try {
                    result = s.think(root, new long[0], control, line -> {
                        // The last completed iteration's share of the search: its virtual time and nodes.
                        if (!line.startsWith("info depth ") || line.contains("bound") || line.contains("currmove")) return;
                        iterationEnds.add(new long[] {master.sims[0].now(), totalNodes()});
                    });
                } finally {
                    control.stop(); // end of epoch, as DtsSearch.start does
                }
            };
            master.supervisor.run(new Supervisor.StartSearch(control, rootJob));
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
            long events = 0;
            for (Machine m : machines) {
                // A machine still searching an aborted task when the root returned has an unfinished trace: not checked.
                if (m != master && m.running) continue;
                if (m.checker != null) {
                    check(m);
                    events += m.checkedEvents;
                }
            }
            // Splits as the supervisor counted them (the Split offers it handled), as smpbench has always reported.
            long splits = 0;
            for (Machine m : machines) {
                TestInbox<Supervisor.Stats> stats = TestInbox.create();
                m.supervisor.run(new Supervisor.GetStats(stats.getRef()));
                splits += stats.receiveMessage().splits();
            }
            long nodes = totalNodes(), busy = 0, idle = 0, remoteNodes = 0;
            for (Sim s : sims) {
                busy += s.busy;
                idle += s.idle;
            }
            for (Machine m : machines) if (m != master) remoteNodes += m.nodes();
            long cutShort = 0, afterCut = 0;
            for (Machine m : machines)
                for (Searcher s : m.searchers) {
                    cutShort += s.cutShortNodes();
                    afterCut += s.finishedAfterCutNodes();
                }
            long[] byPly = new long[master.searchers[0].nodesByPly().length];
            for (Searcher s : master.searchers)
                for (int p = 0; p < byPly.length; p++) byPly[p] += s.nodesByPly()[p];
            Sim rootSim = master.sims[0];
            long lastTime = rootSim.clock, lastNodes = nodes;
            if (iterationEnds.size() >= 2) { // the last iteration: from the end of the one before to the end
                long[] before = iterationEnds.get(iterationEnds.size() - 2);
                lastTime = rootSim.clock - before[0];
                lastNodes = nodes - before[1];
            }
            return new Result(workers, rootSim.clock, nodes, busy, idle, splits, result.bestMove(), result.score(),
                    lastTime, lastNodes, events, remoteSent, master.searchers[0].remoteMerged(), remoteNodes,
                    java.util.Arrays.stream(phaseBusy).boxed().toList(),
                    java.util.Arrays.stream(phaseIdle).boxed().toList(), cutShort, afterCut,
                    java.util.Arrays.stream(byPly).boxed().toList());
        }

        /** Nodes searched so far by every machine (the master's workers' counters, the others' per task). */
        long totalNodes() {
            long n = 0;
            for (Machine m : machines) n += m.nodes();
            return n;
        }

        void check(Machine m) {
            java.util.List<ProtocolChecker.Violation> violations = m.checker.finish();
            m.checkedEvents += m.checker.events();
            m.checker = null;
            if (!violations.isEmpty())
                throw new IllegalStateException(violations.size() + " protocol violations (seed " + seed + ", " + workers
                        + " workers, quantum " + quantum + (machines.length > 1 ? ", machine " + m.index : "")
                        + "), first: " + violations.get(0));
        }

        void at(long time, Runnable action) { events.add(new Event(time, eventSeq++, action)); }

        /**
         * Between slices: the supervisors handle their mail, messages between machines that are due arrive, then
         * the processor furthest behind in virtual time gets the next slice, of a length drawn from the seed.
         */
        Sim schedule() {
            while (true) {
                for (Machine m : machines) {
                    TestInbox<Supervisor.Command> mail = m.supervisor.selfInbox();
                    while (mail.hasMessages()) m.supervisor.run(mail.receiveMessage());
                }
                Sim next = sims[0];
                for (Sim s : sims) if (s.clock < next.clock) next = s;
                if (!events.isEmpty() && events.peek().time() <= next.clock) {
                    events.poll().action().run(); // may post mail: look again
                    continue;
                }
                long length = quantum / 2 + rnd.nextInt(quantum + 1);
                if (next.waitingForMail && !next.inbox.hasMessages()) {
                    // An idle processor with an empty mailbox would only spend the slice idle: charge it without
                    // waking its thread (the same accounting, far fewer thread switches at 16 or 32 workers).
                    next.clock += length;
                    next.idle += length;
                    phaseIdle[phase()] += length;
                    if (++idleInARow > 1_000_000L * sims.length)
                        throw new IllegalStateException("every simulated worker is idle and nothing is in flight");
                    continue;
                }
                idleInARow = 0;
                next.startSlice(length);
                return next;
            }
        }

        /** Where the root worker stands in its iteration (between slices: nobody is searching). */
        int phase() { return master.searchers[0].youngBrothersPhase(); }

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

        /** The root search returned (or a worker failed): wake everyone to unwind, then the caller. */
        void finish() {
            over = true;
            for (Sim s : sims) s.go.release();
            done.release();
        }

        /** One simulated machine: its own supervisor, workers, searchers and table. */
        final class Machine {
            final int index;
            final Searcher[] searchers = new Searcher[workers];
            final DtsShared shared;
            final BehaviorTestKit<Supervisor.Command> supervisor;
            final Sim[] sims = new Sim[workers];
            ProtocolChecker.Online checker;
            long checkedEvents;
            // The remote task this machine holds (machines other than 0). free: as the master sees it.
            boolean free = true, running;
            long tasks, nodesBefore;
            RemoteTask task;
            SearchControl control;
            Searcher.TaskOutcome outcome;

            Machine(int index, TranspositionTable table) {
                this.index = index;
                for (int i = 0; i < workers; i++) {
                    searchers[i] = new Searcher(table, config);
                    searchers[i].countNodesByPly();
                }
                shared = new DtsShared(workers, searchers, dts);
                supervisor = BehaviorTestKit.create(Supervisor.create(shared));
                for (int i = 0; i < workers; i++) {
                    TestInbox<Worker.Command> inbox = supervisor.childInbox("worker-" + i);
                    Sim sim = new Sim(this, i, searchers[i], inbox, supervisor.childTestKit(inbox.getRef()));
                    sims[i] = sim;
                    Run.this.sims[index * workers + i] = sim;
                    // The supervisor attached the real hook; the simulator's wraps it to take the baton away.
                    searchers[i].attach(sim.hook(shared.hookFor(i)), i, false);
                    searchers[i].onMove(sim::tick);
                }
            }

            /** Its nodes in this simulated search (a supervisor resets the workers' counters at every task). */
            long nodes() { return nodesBefore + shared.totalNodes(); }

            /** A task arrives: this machine's DTS searches its node, as gacrux.cluster.WorkerNode does. */
            void start(RemoteTask t, RemoteWork.Spec spec) {
                if (checker != null) check(this); // the previous task's trace, now that its helpers have left
                nodesBefore += shared.totalNodes();
                task = t;
                running = true;
                outcome = null;
                SearchLimits limits = SearchLimits.infiniteSearch();
                SearchControl c = new SearchControl(limits, new TimeManager(limits, 0, 0));
                control = c;
                checker = ProtocolChecker.Online.forTask();
                c.withTrace(new gacrux.search.ProtocolTrace(checker));
                supervisor.run(new Supervisor.StartSearch(c, s -> {
                    try {
                        outcome = s.searchTask(spec.root(), spec.gameKeys(), spec.path(), spec.rootDepth(),
                                spec.depth(), spec.alpha(), spec.beta(), spec.nodeType(), c);
                    } finally {
                        c.stop(); // ends the DTS epoch: the helpers leave their idle loops
                    }
                }));
                if (t.state() == RemoteTask.ABORTED) c.stop(); // aborted on its way here: answer at once
            }

            /** Its root worker finished the task: the answer reaches the master one network latency from now. */
            void taskDone(long now) {
                running = false;
                RemoteTask t = task;
                Searcher.TaskOutcome o = outcome;
                at(now + cluster.netLatency(), () -> {
                    if (o != null && !o.stopped()) t.complete(o.score(), o.pv(), o.nodes()); // false if aborted: dropped
                    free = true;
                });
            }
        }

        /** The master's window onto the other machines: hands a move to the least-used free machine. */
        final class SimRemote implements RemoteWork {
            @Override public int minDepth() { return cluster.splitDepth(); }

            @Override public boolean belowRoot() { return cluster.belowRoot(); }

            @Override public boolean idle() {
                for (int k = 1; k < machines.length; k++) if (machines[k].free) return true;
                return false;
            }

            @Override public RemoteTask submit(Spec spec, int ply, int move) {
                Machine to = null;
                for (int k = 1; k < machines.length; k++)
                    if (machines[k].free && (to == null || machines[k].tasks < to.tasks)) to = machines[k];
                if (to == null) return null;
                Machine m = to;
                m.free = false;
                m.tasks++;
                remoteSent++;
                RemoteTask t = new RemoteTask(++taskIds, ply, move, "machine-" + m.index);
                // The wire carries the root position, not a reference to the master's board.
                Spec copy = new Spec(spec.root().copy(), spec.gameKeys().clone(), spec.path().clone(), spec.rootDepth(),
                        spec.depth(), spec.alpha(), spec.beta(), spec.nodeType(), spec.useTT(), spec.pruning());
                at(master.sims[0].now() + cluster.netLatency(), () -> m.start(t, copy));
                holder.put(t, m);
                return t;
            }

            @Override public void abort(RemoteTask t) {
                Machine m = holder.get(t);
                if (m == null || !t.abort()) return;
                at(master.sims[0].now() + cluster.netLatency(), () -> {
                    if (m.task == t && m.running) m.control.stop();
                });
            }

            @Override public void await(int waits) {
                // The root worker waits for remote moves: its processor is idle until the next slice.
                Sim me = master.sims[0];
                if (over) throw new Shutdown();
                me.endSlice(true);
                yieldFrom(me);
            }

            private final java.util.Map<RemoteTask, Machine> holder = new java.util.IdentityHashMap<>();
        }

        /** One simulated processor: a worker actor's behavior, its searcher, its clock. */
        final class Sim implements Runnable {
            final Machine machine;
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

            Sim(Machine machine, int id, Searcher searcher, TestInbox<Worker.Command> inbox,
                BehaviorTestKit<Worker.Command> actor) {
                this.machine = machine;
                this.id = id;
                this.searcher = searcher;
                this.inbox = inbox;
                this.actor = actor;
                this.thread = new Thread(this, "sim-" + (cluster.nodes() > 1 ? "m" + machine.index + "-" : "")
                        + "worker-" + id);
                thread.setDaemon(true); // never keeps the JVM alive, whatever happens
            }
            void startSlice(long length) {
                sliceNodes0 = searcher.nodes();
                sliceLength = length;
            }

            /** Charges the nodes searched in this slice and, if idleRest, the rest of the slice as idle. */
            void endSlice(boolean idleRest) {
                long used = searcher.nodes() - sliceNodes0;
                int phase = phase();
                clock += used;
                busy += used;
                phaseBusy[phase] += used;
                if (idleRest && used < sliceLength) {
                    clock += sliceLength - used;
                    idle += sliceLength - used;
                    phaseIdle[phase] += sliceLength - used;
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
                        if (m instanceof Worker.RunRoot) {
                            endSlice(false);
                            if (machine == master) { // the search is over when the root returns
                                finish();
                                return;
                            }
                            machine.taskDone(now()); // another machine's task is answered; it idles again
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
