package gacrux.dts;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.AskPattern;
import gacrux.search.DtsConfig;
import gacrux.search.SearchControl;
import gacrux.search.Searcher;
import gacrux.search.TranspositionTable;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * The parallel search as the engine sees it: N workers under one supervisor, sharing a TT. Each worker has
 * its own Searcher (own killers and history); worker 0 runs the root.
 */
public final class DtsSearch {
    private final ActorRef<Supervisor.Command> supervisor;
    private final DtsShared shared;
    private final int threads;

    private DtsSearch(ActorRef<Supervisor.Command> supervisor, DtsShared shared, int threads) {
        this.supervisor = supervisor;
        this.shared = shared;
        this.threads = threads;
    }

    public static DtsSearch spawn(ActorContext<?> ctx, String name, TranspositionTable tt, int threads,
                                  Searcher.Config config) {
        return spawn(ctx, name, tt, threads, config, DtsConfig.DEFAULT);
    }

    public static DtsSearch spawn(ActorContext<?> ctx, String name, TranspositionTable tt, int threads,
                                  Searcher.Config config, DtsConfig dts) {
        DtsShared shared = newShared(tt, threads, config, dts);
        return new DtsSearch(ctx.spawn(Supervisor.create(shared), name), shared, threads);
    }

    public static DtsSearch spawn(ActorSystem<?> system, String name, TranspositionTable tt, int threads,
                                  Searcher.Config config) {
        return spawn(system, name, tt, threads, config, DtsConfig.DEFAULT);
    }

    public static DtsSearch spawn(ActorSystem<?> system, String name, TranspositionTable tt, int threads,
                                  Searcher.Config config, DtsConfig dts) {
        DtsShared shared = newShared(tt, threads, config, dts);
        return new DtsSearch(system.systemActorOf(Supervisor.create(shared), name, akka.actor.typed.Props.empty()),
                shared, threads);
    }

    private static DtsShared newShared(TranspositionTable tt, int threads, Searcher.Config config, DtsConfig dts) {
        Searcher[] s = new Searcher[threads];
        for (int i = 0; i < threads; i++) s[i] = new Searcher(tt, config);
        return new DtsShared(threads, s, dts);
    }

    /** The latencies of kind (gacrux.search.Latencies) every worker measured since the last call, in ns. */
    public long[] drainLatencies(int kind) {
        java.util.List<long[]> all = new java.util.ArrayList<>();
        int n = 0;
        for (Searcher s : shared.searchers) {
            long[] l = s.drainLatencies(kind);
            all.add(l);
            n += l.length;
        }
        long[] out = new long[n];
        int k = 0;
        for (long[] l : all) {
            System.arraycopy(l, 0, out, k, l.length);
            k += l.length;
        }
        return out;
    }

    public int threads() { return threads; }

    /** A counter summed over every worker's searcher. */
    private long sum(java.util.function.ToLongFunction<Searcher> counter) {
        long n = 0;
        for (Searcher s : shared.searchers) n += counter.applyAsLong(s);
        return n;
    }

    /**
     * Actor-system config with the search dispatcher sized to the most workers that will ever run at once
     * (each worker blocks a thread for a whole search; nothing else runs there), on top of application.conf.
     */
    public static com.typesafe.config.Config systemConfig(int searchThreads) {
        // Initialise logging here, before the system's threads log concurrently (else SLF4J replays and says so).
        org.slf4j.LoggerFactory.getILoggerFactory();
        return localOnly(com.typesafe.config.ConfigFactory.parseString(
                "gacrux.search-dispatcher.thread-pool-executor.fixed-pool-size = " + Math.max(1, searchThreads))
                .withFallback(loadConfig()));
    }

    /**
     * What ConfigFactory.load() gives (system properties over application.conf over the reference), without its
     * search for application.json and application.properties: each miss costs an exception, caught, in code
     * that still runs in the interpreter at start-up (docs/startup.md). With -Dconfig.file, -Dconfig.resource or
     * -Dconfig.url set, ConfigFactory.load() itself, which honours them.
     */
    static com.typesafe.config.Config loadConfig() {
        if (System.getProperty("config.file") != null || System.getProperty("config.resource") != null
                || System.getProperty("config.url") != null) return com.typesafe.config.ConfigFactory.load();
        return com.typesafe.config.ConfigFactory.defaultOverrides()
                .withFallback(com.typesafe.config.ConfigFactory.parseResources("application.conf"))
                .withFallback(com.typesafe.config.ConfigFactory.defaultReference())
                .resolve();
    }

    /** Serializers of the modules a local actor system never uses: remoting, cluster, streams, Jackson. */
    private static final java.util.List<String> REMOTE_ONLY = java.util.List.of("akka.remote.", "akka.cluster.",
            "akka.stream.", "akka.serialization.jackson.");

    /**
     * The config with the serializers of the cluster modules switched off. Akka creates every configured serializer
     * when a system starts, and the cluster's jars (issue 14) brought in Jackson's, Artery's and the cluster's: about
     * 1,300 more classes and most of a second more to readyok for an engine that uses no cluster. Removing them is
     * not enough (Akka puts the reference config back under whatever it is given), so each is overridden: the
     * serializer by Akka's NullSerializer, its bindings by "none" (a binding to none is skipped, its class not even
     * loaded). A cluster's config (gacrux.cluster.ClusterSettings) overrides these overrides with the real ones.
     */
    static com.typesafe.config.Config localOnly(com.typesafe.config.Config c) {
        java.util.Set<String> dropped = new java.util.HashSet<>();
        com.typesafe.config.Config out = c;
        for (var e : c.getConfig("akka.actor.serializers").root().unwrapped().entrySet()) {
            if (REMOTE_ONLY.stream().noneMatch(String.valueOf(e.getValue())::startsWith)) continue;
            dropped.add(e.getKey());
            out = out.withValue(com.typesafe.config.ConfigUtil.joinPath("akka", "actor", "serializers", e.getKey()),
                    com.typesafe.config.ConfigValueFactory.fromAnyRef(OffSerializer.class.getName()));
        }
        for (var e : c.getConfig("akka.actor.serialization-bindings").root().unwrapped().entrySet())
            if (dropped.contains(String.valueOf(e.getValue())))
                out = out.withValue(com.typesafe.config.ConfigUtil.joinPath("akka", "actor", "serialization-bindings",
                        e.getKey()), com.typesafe.config.ConfigValueFactory.fromAnyRef("none"));
        // Likewise akka-stream's system materializer, started with every system for Artery's sake.
        java.util.List<String> extensions = c.getStringList("akka.library-extensions").stream()
                .filter(x -> REMOTE_ONLY.stream().noneMatch(x::startsWith)).toList();
        return out.withValue("akka.library-extensions", com.typesafe.config.ConfigValueFactory.fromIterable(extensions));
    }

    public ActorRef<Supervisor.Command> supervisor() { return supervisor; }

    /**
     * For tools and tests: searches root (no game history) in DTS or Lazy mode, printing nothing; the future
     * completes with worker 0's result. The search's control is stopped when the root finishes, which ends the
     * epoch (and a lazy search's helpers).
     */
    public java.util.concurrent.CompletableFuture<gacrux.search.SearchResult> start(gacrux.board.Position root,
                                                                                  SearchControl control, boolean lazy) {
        java.util.concurrent.CompletableFuture<gacrux.search.SearchResult> f = new java.util.concurrent.CompletableFuture<>();
        Consumer<Searcher> job = s -> {
            try {
                f.complete(s.think(root, new long[0], control, x -> { }));
            } catch (Throwable e) {
                f.completeExceptionally(e);
            } finally {
                control.stop();
            }
        };
        if (lazy) searchLazy(control, job, s -> s.think(root, new long[0], control, x -> { }));
        else search(control, job);
        return f;
    }

    /** Starts a search; rootJob runs on worker 0 with its searcher and must print the bestmove. */
    public void search(SearchControl control, Consumer<Searcher> rootJob) {
        // The protocol logger at DEBUG turns the trace on for every parallel search (log lines only).
        if (control.trace() == null) control.withTrace(gacrux.search.ProtocolTrace.forLogging());
        supervisor.tell(new Supervisor.StartSearch(control, rootJob));
    }

    /**
     * Starts a Lazy SMP search on the same workers: rootJob runs on worker 0 and must print the bestmove;
     * helperJob (the same think(), info and result discarded) runs on every other worker. When worker 0's job
     * ends, the control is stopped and the helpers stop.
     */
    public void searchLazy(SearchControl control, Consumer<Searcher> rootJob, Consumer<Searcher> helperJob) {
        supervisor.tell(new Supervisor.StartLazy(control, rootJob, helperJob));
    }

    /** Workers still running a job of a lazy search (0 once every helper has seen the stop). */
    public int lazyRunning() { return shared.lazyRunning.get(); }

    /** Moves deferred by Lazy SMP work sharing, all workers, since creation. */
    public long deferrals() { return shared.workShare.deferrals(); }

    /** Parallel perft through the split machinery; blocks until done. */
    public long perft(gacrux.board.Position root, int depth) {
        gacrux.search.SearchLimits limits = gacrux.search.SearchLimits.infiniteSearch();
        SearchControl control = new SearchControl(limits, new gacrux.search.TimeManager(limits, 0, 0));
        java.util.concurrent.CompletableFuture<Long> result = new java.util.concurrent.CompletableFuture<>();
        search(control, s -> {
            try {
                result.complete(s.perft(root, depth, control));
            } catch (Throwable t) {
                result.completeExceptionally(t);
            } finally {
                control.stop(); // end of epoch: the supervisor stops raising HELP
            }
        });
        return result.join();
    }

    /**
     * The cluster level (issue 14): worker 0, the root worker, may hand moves to other machines through r (null:
     * off). Only worker 0: its own recursion is the one place with the root position and the path at hand.
     */
    public void remote(gacrux.search.RemoteWork r) { shared.searchers[0].remote(r); }

    /** Runs job on worker 0 (with its searcher) while the other workers seek work in it: a remote task (issue 14). */
    public void searchJob(SearchControl control, Consumer<Searcher> job) { search(control, job); }

    public void configure(Searcher.Config config) {
        for (Searcher s : shared.searchers) s.configure(config);
    }

    public void clearHeuristics() {
        for (Searcher s : shared.searchers) s.clearHeuristics();
    }

    /** Worker i's searcher (tests: its help count shows a restarted worker still takes Joins). */
    Searcher searcher(int i) { return shared.searchers[i]; }

    /** How often worker i's actor was started: 1, plus one per supervision restart after a failure. */
    public int workerStarts(int i) { return shared.workerStarts.get(i); }

    /** Blocks owners left to their last helper (stop with a stalled helper, or a failure). */
    public long abandonedBlocks() {
        return sum(Searcher::abandonedBlocks);
    }

    /** Blocks of the pool still in use (0 between searches). */
    public int blocksInUse() { return shared.blocksInUse(); }

    public long totalNodes() { return shared.totalNodes(); }

    /** Nanoseconds all workers together spent inside searches since creation (busy, not idle). */
    public long busyNanos() {
        long n = 0;
        for (int i = 0; i < shared.busyNanos.length(); i++) n += shared.busyNanos.get(i);
        return n;
    }

    /** Nanoseconds owners spent waiting at Unsplit with nothing to help (idle inside a search). */
    public long waitNanos() {
        return sum(Searcher::waitNanos);
    }

    /** Stale steps (refused or withdrawn requests, refused attaches), all workers, since creation. */
    public long staleSteps() {
        return sum(Searcher::staleSteps);
    }

    /** Joins that began after their search was stopped (they Merge at once), all workers, since creation. */
    public long lateJoins() {
        return sum(Searcher::lateJoins);
    }

    /** Helpful-master helps (an owner waiting at Unsplit helping below its block), all workers, since creation. */
    public long masterHelps() {
        return sum(Searcher::masterHelps);
    }

    /** Moves Selected by helpers at other workers' blocks, all workers, since creation. */
    public long helperMoves() {
        return sum(Searcher::helperMoves);
    }

    public long splits() {
        return sum(Searcher::splits);
    }

    public Supervisor.Stats stats(ActorSystem<?> system) {
        return AskPattern.<Supervisor.Command, Supervisor.Stats>ask(supervisor, Supervisor.GetStats::new,
                Duration.ofSeconds(5), system.scheduler()).toCompletableFuture().join();
    }
}
