package gacrux.dts;

import static org.junit.jupiter.api.Assertions.fail;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;

import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * What the DTS stress tests share: random positions, and the wait for one search's result with
 * a stop at a random time, a backstop stop, and a watchdog that fails the test if the result has not come a
 * bounded time after the stop.
 */
final class StressSupport {
    private StressSupport() {}

    /** The result, when the search was stopped (0: never), and whether only the backstop stopped it. */
    record Waited(SearchResult result, long stoppedAtNs, boolean backstopped) {}

    /**
     * Waits for result. The search is stopped stopAfterMs after now (if that is ≥ 0) or, failing that, at the
     * backstop; once stopped it must answer within watchdogMs, else the test fails with diagnostics().
     */
    static Waited await(CompletableFuture<SearchResult> result, SearchControl control, ScheduledExecutorService timer,
                        long startNs, long stopAfterMs, long backstopMs, long watchdogMs, Supplier<String> diagnostics)
            throws Exception {
        AtomicLong stoppedAt = new AtomicLong();
        Runnable stop = () -> {
            stoppedAt.compareAndSet(0, System.nanoTime());
            control.stop();
        };
        if (stopAfterMs >= 0) timer.schedule(stop, stopAfterMs, TimeUnit.MILLISECONDS);
        long backstop = startNs + TimeUnit.MILLISECONDS.toNanos(backstopMs);
        SearchResult r = null;
        boolean backstopped = false;
        // Wait for the result; once the search has been stopped (by us, or by the backstop), the watchdog runs.
        while (r == null) {
            long now = System.nanoTime();
            long stopNs = stoppedAt.get();
            if (stopNs == 0 && now >= backstop) {
                backstopped = !result.isDone();
                stop.run();
                stopNs = stoppedAt.get();
            }
            long deadline = stopNs != 0 ? stopNs + TimeUnit.MILLISECONDS.toNanos(watchdogMs) : backstop;
            long waitNs = Math.max(1, Math.min(deadline - now, TimeUnit.MILLISECONDS.toNanos(50)));
            try {
                r = result.get(waitNs, TimeUnit.NANOSECONDS);
            } catch (TimeoutException te) {
                if (stopNs != 0 && System.nanoTime() >= deadline) {
                    String msg = "watchdog: " + diagnostics.get();
                    System.err.println(msg);
                    fail(msg);
                }
            }
        }
        return new Waited(r, stoppedAt.get(), backstopped);
    }

    /** Engines with 2..8 workers (index = workers; 0 and 1 unused), each with its own 8 MB TT. */
    static DtsSearch[] engines(akka.actor.typed.ActorSystem<?> system, String prefix) {
        return engines(system, prefix, gacrux.search.DtsConfig.DEFAULT);
    }

    static DtsSearch[] engines(akka.actor.typed.ActorSystem<?> system, String prefix, gacrux.search.DtsConfig config) {
        DtsSearch[] engines = new DtsSearch[9];
        for (int t = 2; t <= 8; t++)
            engines[t] = DtsSearch.spawn(system, prefix + "-" + t, new gacrux.search.TranspositionTable(8), t,
                    gacrux.search.Searcher.Config.DEFAULT, config);
        return engines;
    }

    /** A daemon thread for the stop timers. */
    static ScheduledExecutorService stopper(String name) {
        return java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
            Thread th = new Thread(r, name);
            th.setDaemon(true);
            return th;
        });
    }

    /** A random search: limits, and when to stop it from outside (-1: never; then its limit or the backstop). */
    record Plan(SearchLimits limits, long stopAfterMs) {}

    /** A depth, nodes or infinite search; a finite one is stopped early in stopTenths of 10 cases. */
    static Plan randomPlan(Random rnd, int stopTenths) {
        switch (rnd.nextInt(3)) {
            case 0 -> {
                SearchLimits limits = SearchLimits.depth(3 + rnd.nextInt(6));
                return new Plan(limits, rnd.nextInt(10) < stopTenths ? rnd.nextInt(31) : -1);
            }
            case 1 -> {
                SearchLimits limits = new SearchLimits(0, 1_000 + rnd.nextInt(200_000), 0, 0, 0, 0, 0, 0, 0, false,
                        false, List.of(), 0);
                return new Plan(limits, rnd.nextInt(10) < stopTenths ? rnd.nextInt(31) : -1);
            }
            default -> {
                return new Plan(SearchLimits.infiniteSearch(), rnd.nextInt(31));
            }
        }
    }

    /** One of fens (the last two, which have no legal move, only now and then), a few random plies on. */
    static Position randomPosition(Random rnd, List<String> fens) {
        int k = rnd.nextInt(20) == 0 ? fens.size() - 1 - rnd.nextInt(2) : rnd.nextInt(fens.size() - 2);
        return randomWalk(Position.fromFen(fens.get(k)), rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(24), rnd);
    }

    /** p after up to plies random legal moves (fewer if a side has none). */
    static Position randomWalk(Position p, int plies, Random rnd) {
        int[] moves = new int[MoveGen.MAX_MOVES];
        for (int i = 0; i < plies; i++) {
            int n = MoveGen.legal(p, moves, 0);
            if (n == 0) break;
            Position c = p.copy();
            c.makeMove(moves[rnd.nextInt(n)]);
            p = c;
        }
        return p;
    }
}
