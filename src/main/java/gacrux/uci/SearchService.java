package gacrux.uci;

import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.Bench;
import gacrux.search.Perft;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import gacrux.search.Searcher;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;

import akka.actor.typed.javadsl.ActorContext;
import gacrux.dts.DtsSearch;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * Runs the engine actor's long jobs (search, perft, bench) on the search dispatcher and reports their end.
 *
 * Ownership: the searcher and the TT's age belong to the engine actor while idle; during a job they are
 * handed to the job's thread, and the actor touches only the job's {@link Running} handle (atomics) until
 * the job reports done. Every job prints exactly one final line set (bestmove for a search) before done.
 */
final class SearchService {
    /** A running job as the actor sees it: its id and the two atomics it may flip. */
    interface Running {
        long id();
        void stop();
        void ponderHit();
        /** Whether the job ends by itself (not infinite, not pondering). */
        boolean finite();
        /**
         * A state-changing command arrived behind this job: a search stops for it; perft and bench finish
         * first (only stop and quit cut them short), so a script's perft results are whole.
         */
        default void preempt() { stop(); }
        /** quit: end the job as soon as possible (a hash table job, which stop leaves alone, is abandoned). */
        default void quit() { stop(); }
        /** Whether isready waits for this job (a hash table resize or clear) rather than being answered at once. */
        default boolean holdsReady() { return false; }
    }

    private final TranspositionTable tt;
    private final UciOutput out;
    private final Executor executor;
    private final Searcher searcher;
    private final ActorContext<?> context;
    /** The parallel search, present while Threads > 1; rebuilt when Threads changes. */
    private DtsSearch dts;
    private int dtsGeneration;

    /** The parallel search's configuration (the default in the engine; tests inject faults through it). */
    private final gacrux.search.DtsConfig dtsConfig;

    SearchService(TranspositionTable tt, UciOutput out, Executor executor, ActorContext<?> context,
                  gacrux.search.DtsConfig dtsConfig) {
        this.dtsConfig = dtsConfig;
        this.tt = tt;
        this.out = out;
        this.executor = executor;
        this.context = context;
        this.searcher = new Searcher(tt);
        this.system = context.getSystem();
    }

    /** Called by the engine actor between searches. */
    void setThreads(int threads) {
        if (dts != null && dts.threads() == threads) return;
        if (dts != null) context.stop(dts.supervisor());
        dts = threads > 1 ? DtsSearch.spawn(context, "dts-" + (++dtsGeneration), tt, threads, Searcher.Config.DEFAULT,
                dtsConfig) : null;
    }

    TranspositionTable tt() { return tt; }

    // ---- the cluster level (issue 14, docs/cluster.md) ----

    /** The master end of the cluster this engine uses, or null (none configured, or not started yet). */
    private volatile gacrux.cluster.ClusterNode cluster;
    /** Bumped by every Cluster setoption: a start that finishes after a newer setoption is left at once. */
    private final java.util.concurrent.atomic.AtomicInteger clusterRequest = new java.util.concurrent.atomic.AtomicInteger();
    /** HOST[:PORT] this engine's cluster end listens on ({@code --cluster-bind}); null: chosen from the seeds, any port. */
    private String clusterBind;
    /** How long quit waits for the engine to leave its cluster gracefully. */
    static final java.time.Duration LEAVE_BOUND = java.time.Duration.ofSeconds(3);

    void clusterBind(String bind) { this.clusterBind = bind; }

    /**
     * setoption name Cluster: seeds "" ends the cluster; otherwise the seeds are checked (an error message is returned
     * and nothing changes when they are bad) and a new cluster end starts on a background thread (about a second),
     * replacing the old one. Searches use whoever is reachable when their go starts; until the join, they are local.
     * An unreachable seed never blocks anything: the join retries in the background and says so after 10 s.
     */
    String setCluster(String seedsText, int splitDepth) {
        java.util.List<gacrux.cluster.ClusterSettings.HostPort> seeds = java.util.List.of();
        String host = null;
        int port = 0;
        try {
            if (!seedsText.isEmpty()) {
                seeds = gacrux.cluster.ClusterSettings.parseSeeds(seedsText);
                host = localHostFor(seeds);
                if (clusterBind != null) {
                    int colon = clusterBind.lastIndexOf(':');
                    host = colon < 0 ? clusterBind : clusterBind.substring(0, colon);
                    if (colon >= 0) port = gacrux.cluster.ClusterSettings.parsePort(clusterBind.substring(colon + 1));
                }
            }
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        int request = clusterRequest.incrementAndGet();
        gacrux.cluster.ClusterNode old = cluster;
        cluster = null;
        if (old != null) leaveLater(old);
        if (seeds.isEmpty()) return null;
        gacrux.cluster.ClusterSettings settings = gacrux.cluster.ClusterSettings.of(host, port, seeds).withSplitDepth(splitDepth);
        Thread starter = new Thread(() -> startCluster(settings, request), "gacrux-cluster-start");
        starter.setDaemon(true);
        starter.start();
        return null;
    }

    private void startCluster(gacrux.cluster.ClusterSettings settings, int request) {
        gacrux.cluster.ClusterNode node;
        try {
            node = gacrux.cluster.ClusterNode.master(settings, DtsSearch.systemConfig(1));
        } catch (Throwable t) {
            out.info("cluster: cannot start on " + settings.host() + ":" + settings.port() + ": " + t.getMessage()
                    + " (searching locally)");
            return;
        }
        if (clusterRequest.get() != request) { // a newer setoption came meanwhile
            leaveLater(node);
            return;
        }
        cluster = node;
        node.up().orTimeout(10, java.util.concurrent.TimeUnit.SECONDS).whenComplete((addr, err) -> {
            if (clusterRequest.get() != request) return;
            if (err != null) out.info("cluster: not joined after 10 s (seeds " + settings.seeds()
                    + " unreachable?); searching locally, still trying");
            else out.info("cluster: joined as " + addr);
        });
    }

    /** Loopback seeds: listen on loopback; otherwise on this host's address, which the other machines can reach. */
    private static String localHostFor(java.util.List<gacrux.cluster.ClusterSettings.HostPort> seeds) {
        boolean loopback = seeds.stream().allMatch(h -> h.host().startsWith("127.") || h.host().equals("localhost"));
        if (loopback) return "127.0.0.1";
        try {
            return java.net.InetAddress.getLocalHost().getHostAddress();
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException("cannot find this host's address (use --cluster-bind HOST)");
        }
    }

    private static void leaveLater(gacrux.cluster.ClusterNode node) {
        Thread t = new Thread(() -> node.leave(LEAVE_BOUND), "gacrux-cluster-leave");
        t.setDaemon(true);
        t.start();
    }

    void setClusterSplitDepth(int depth) {
        gacrux.cluster.ClusterNode c = cluster;
        if (c != null) c.work().minDepth(depth);
    }

    /** quit: leave the cluster gracefully, waiting at most LEAVE_BOUND. */
    void leaveCluster() {
        clusterRequest.incrementAndGet();
        gacrux.cluster.ClusterNode c = cluster;
        cluster = null;
        if (c != null) c.leave(LEAVE_BOUND);
    }

    /** Whether a cluster end is running (quit then waits for the leave). */
    boolean clusterOn() { return cluster != null; }

    void clearHeuristics() {
        searcher.clearHeuristics();
        if (dts != null) dts.clearHeuristics();
    }

    /**
     * {@code java -jar gacrux.jar --protocol-trace FILE}: every parallel search of the session appends its DTS
     * protocol trace to FILE as JSON lines (docs/dts-protocol.md). Read once at start-up.
     */
    static final String PROTOCOL_TRACE_FILE = System.getProperty("gacrux.protocol-trace");

    private gacrux.search.ProtocolTrace openTrace() {
        if (PROTOCOL_TRACE_FILE == null) return null;
        try {
            return new gacrux.search.ProtocolTrace(false, PROTOCOL_TRACE_FILE, true);
        } catch (java.io.IOException e) {
            out.info("cannot write protocol trace " + PROTOCOL_TRACE_FILE + ": " + e.getMessage());
            return null;
        }
    }

    /** The go's clock plan: the side to move's clock, and the game's move number, which sets its share. */
    static TimeManager clockPlan(Position root, SearchLimits limits, int moveOverheadMs) {
        return new TimeManager(limits, root.sideToMove(), moveOverheadMs, root.fullmoveNumber());
    }

    /** done: the job ended (its bestmove printed); answered: the stop watchdog printed bestmove for it instead. */
    Running search(Position root, long[] history, SearchLimits limits, EngineOptions.Snapshot opts, long id,
                   LongConsumer done, LongConsumer answered) {
        tt.newSearch();
        TimeManager time = clockPlan(root, limits, opts.moveOverheadMs());
        SearchControl control = new SearchControl(limits, time);
        Searcher.Config config = new Searcher.Config(true, true, opts.multiPv(), opts.net());
        // Exactly one bestmove per go: the root job's, or the watchdog's if the root worker is stalled.
        AtomicBoolean bestmoveOut = new AtomicBoolean();
        // The cluster level: the workers reachable now take part in this search (Lazy SMP stays local).
        gacrux.cluster.ClusterNode clusterNow = cluster;
        gacrux.cluster.ClusterWork work = clusterNow != null && clusterNow.work().peerCount() > 0 && !(dts != null && opts.lazySmp())
                ? clusterNow.work() : null;
        gacrux.cluster.ClusterWork.Stats before = work == null ? null : work.stats();
        if (work != null) work.beginSearch();
        if (dts != null) dts.remote(work);
        else searcher.remote(work);
        Consumer<Searcher> rootJob = s -> {
            int best = Move.NONE, ponder = Move.NONE;
            try {
                SearchResult r = s.think(root, history, control, out::println);
                best = r.bestMove();
                ponder = r.ponderMove();
                // UCI: after go infinite or go ponder, bestmove waits for stop (or ponderhit, then the clock).
                while (!control.stopped() && (limits.infinite() || time.pondering()))
                    LockSupport.parkNanos(1_000_000);
            } catch (Throwable t) {
                out.info("search failed: " + t);
                best = fallbackMove(root, limits);
            } finally {
                if (work != null) {
                    work.endSearch();
                    gacrux.cluster.ClusterWork.Stats st = work.stats();
                    out.info("cluster: " + st.peers() + " workers, " + (st.sent() - before.sent()) + " moves out, "
                            + (st.merged() - before.merged()) + " merged, " + (st.lost() + st.timeouts() + st.failedOther()
                            - before.lost() - before.timeouts() - before.failedOther()) + " searched again here, "
                            + (st.remoteNodes() - before.remoteNodes()) + " remote nodes");
                }
                if (bestmoveOut.compareAndSet(false, true)) printBestmove(best, ponder);
                control.stop(); // release the helpers of a search that ended by itself
                gacrux.search.ProtocolTrace t = control.trace();
                if (t != null && PROTOCOL_TRACE_FILE != null) t.close();
                done.accept(id);
            }
        };
        // Each parallel branch names itself, so a GUI log (and LazySmpUciTest) sees which search really answered.
        if (dts != null && opts.lazySmp()) {
            // Lazy SMP: every other worker runs the same search on the shared TT; its result and info are dropped.
            out.info("search Lazy SMP, " + opts.threads() + " threads");
            dts.configure(config);
            dts.searchLazy(control, rootJob, s -> s.think(root, history, control, line -> { }));
        } else if (dts != null) {
            out.info("search DTS, " + opts.threads() + " threads");
            dts.configure(config);
            gacrux.search.ProtocolTrace trace = openTrace();
            if (trace != null) control.withTrace(trace);
            dts.search(control, rootJob);
        } else {
            searcher.configure(config);
            executor.execute(() -> rootJob.accept(searcher));
        }
        Watchdog watchdog = new Watchdog(root, control, bestmoveOut, () -> answered.accept(id));
        if (!limits.ponder()) watchdog.afterHardLimit(time);
        return new Running() {
            public long id() { return id; }
            public void stop() {
                control.stop();
                watchdog.after(STOP_BOUND_MS, "stop");
            }
            public void ponderHit() {
                time.ponderHit();
                watchdog.afterHardLimit(time);
            }
            public boolean finite() { return limits.isFinite(); }
        };
    }

    /** When the search cannot answer: the first legal move (among searchmoves, if given), or none. */
    private static int fallbackMove(Position root, SearchLimits limits) {
        int[] moves = new int[MoveGen.MAX_MOVES];
        int n = MoveGen.legal(root, moves, 0);
        for (int i = 0; i < n; i++)
            if (limits.searchmoves().isEmpty() || limits.searchmoves().contains(Move.toUci(moves[i]))) return moves[i];
        return n > 0 ? moves[0] : Move.NONE;
    }

    private void printBestmove(int best, int ponder) {
        out.println("bestmove " + Move.toUci(best) + (best != Move.NONE && ponder != Move.NONE
                ? " ponder " + Move.toUci(ponder) : ""));
    }

    /**
     * The stop bound (docs/reliability.md): once a search is told to stop, or its hard time limit has passed,
     * bestmove comes within STOP_BOUND_MS even if the root worker itself is stalled (a helper's stall is
     * already bounded inside DTS: its owner abandons the block). After that the engine answers for the search
     * with the best move of the last completed iteration, and the root's own bestmove, when it comes, is not
     * printed. The engine still waits for the stalled job before it starts the next one (its searcher is busy).
     */
    static final long STOP_BOUND_MS = 250;

    private final akka.actor.typed.ActorSystem<?> system;

    private final class Watchdog {
        final Position root;
        final SearchControl control;
        /** Shared with the root job: whoever sets it prints the one bestmove. */
        final AtomicBoolean bestmoveOut;
        final Runnable onAnswer;

        Watchdog(Position root, SearchControl control, AtomicBoolean bestmoveOut, Runnable onAnswer) {
            this.root = root;
            this.control = control;
            this.bestmoveOut = bestmoveOut;
            this.onAnswer = onAnswer;
        }

        void afterHardLimit(TimeManager time) {
            if (time.hardMs() < Long.MAX_VALUE / 2) after(time.hardMs() + STOP_BOUND_MS, "the time limit");
        }

        void after(long ms, String why) {
            if (bestmoveOut.get()) return;
            system.scheduler().scheduleOnce(java.time.Duration.ofMillis(ms), () -> check(ms, why), system.executionContext());
        }

        private void check(long ms, String why) {
            if (!bestmoveOut.compareAndSet(false, true)) return;
            control.stop();
            int best = control.bestSoFar(), ponder = control.ponderSoFar();
            if (best == Move.NONE) { // not one iteration completed: any legal move beats none
                best = fallbackMove(root, control.limits);
                ponder = Move.NONE;
            }
            out.info("no bestmove from the search " + ms + " ms after " + why
                    + "; answering with its last completed iteration's move");
            printBestmove(best, ponder);
            onAnswer.run();
        }
    }

    Running perft(Position root, int depth, long id, LongConsumer done) {
        AtomicBoolean stop = new AtomicBoolean();
        executor.execute(() -> {
            try {
                long t0 = System.nanoTime();
                Perft perft = new Perft();
                int[] moves = new int[MoveGen.MAX_MOVES];
                int n = MoveGen.legal(root, moves, 0);
                long total = 0;
                int counted = 0;
                for (; counted < n && !stop.get(); counted++) {
                    Position child = root.copy();
                    child.makeMove(moves[counted]);
                    long c = stoppablePerft(perft, child, depth - 1, stop);
                    if (c < 0) break;
                    out.println(Move.toUci(moves[counted]) + ": " + c);
                    total += c;
                }
                long ms = (System.nanoTime() - t0) / 1_000_000;
                if (counted < n) {
                    out.info("perft " + depth + " stopped after " + counted + " of " + n + " root moves, " + ms + " ms");
                } else {
                    out.println("");
                    out.println("Nodes searched: " + total);
                    out.info("perft " + depth + " took " + ms + " ms");
                }
            } catch (Throwable t) {
                out.info("perft failed: " + t);
            } finally {
                done.accept(id);
            }
        });
        return stoppableJob(id, stop);
    }

    /** Below this depth a subtree is counted in one call (well under a second); above it, stop is checked. */
    private static final int PERFT_UNSTOPPABLE_DEPTH = 5;

    /** Perft that checks stop between subtrees of depth PERFT_UNSTOPPABLE_DEPTH; -1 when stopped. */
    private static long stoppablePerft(Perft perft, Position p, int depth, AtomicBoolean stop) {
        if (depth <= PERFT_UNSTOPPABLE_DEPTH) return perft.perft(p, depth);
        int[] moves = new int[MoveGen.MAX_MOVES];
        int n = MoveGen.legal(p, moves, 0);
        long total = 0;
        for (int i = 0; i < n; i++) {
            if (stop.get()) return -1;
            Position child = p.copy();
            child.makeMove(moves[i]);
            long c = stoppablePerft(perft, child, depth - 1, stop);
            if (c < 0) return -1;
            total += c;
        }
        return total;
    }

    Running bench(int depth, long id, LongConsumer done) {
        AtomicBoolean stop = new AtomicBoolean();
        executor.execute(() -> {
            try {
                Bench.Result r = Bench.run(depth, out::info, stop::get);
                if (r == null) {
                    out.info("bench stopped");
                    return;
                }
                out.println("Nodes: " + r.nodes());
                out.info("bench depth " + depth + ": " + r.timeNs() / 1_000_000 + " ms, " + r.nps() + " nps");
            } catch (Throwable t) {
                out.info("bench failed: " + t);
            } finally {
                done.accept(id);
            }
        });
        return stoppableJob(id, stop);
    }

    /**
     * Resizes the hash table to mb MiB on up to {@code threads} threads, off the engine actor, and says so when
     * the request was rounded down or cut to what the JVM can give. stop and state-changing commands leave it
     * to finish (isready waits for it); quit abandons it between segments.
     */
    Running resizeTable(int mb, int threads, long id, LongConsumer done) {
        return tableJob(id, done, "Hash resize", quit -> {
            int got = tt.resize(mb, threads, quit);
            // The table is a power of two: 100 MiB gives 64 without any shortage of memory.
            if (got > 0 && got < Integer.highestOneBit(mb))
                out.info("Hash " + mb + " MiB is more than the JVM can give; using " + got + " MiB");
            else if (got > 0 && got < mb)
                out.info("Hash " + mb + " MiB rounded down to " + got + " MiB (the table is a power of two)");
        });
    }

    /** Empties the hash table on up to {@code threads} threads, off the engine actor; like a resize for stop and quit. */
    Running clearTable(int threads, long id, LongConsumer done) {
        return tableJob(id, done, "Hash clear", quit -> tt.clear(threads, quit));
    }

    private Running tableJob(long id, LongConsumer done, String what, Consumer<java.util.function.BooleanSupplier> job) {
        AtomicBoolean quit = new AtomicBoolean();
        executor.execute(() -> {
            try {
                job.accept(quit::get);
            } catch (Throwable t) {
                out.info(what + " failed: " + t);
            } finally {
                done.accept(id);
            }
        });
        return new Running() {
            public long id() { return id; }
            public void stop() { }
            public void ponderHit() { }
            public boolean finite() { return true; }
            public void preempt() { }
            public void quit() { quit.set(true); }
            public boolean holdsReady() { return true; }
        };
    }

    /** A finite job that stop (and so quit, or the next state-changing command) cuts short. */
    private static Running stoppableJob(long id, AtomicBoolean stop) {
        return new Running() {
            public long id() { return id; }
            public void stop() { stop.set(true); }
            public void ponderHit() { }
            public boolean finite() { return true; }
            public void preempt() { }
        };
    }
}
