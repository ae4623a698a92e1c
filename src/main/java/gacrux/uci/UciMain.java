package gacrux.uci;

import akka.actor.typed.ActorSystem;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The stdin reader. It parses each line and tells the engine actor; it answers {@code uci} itself so the
 * handshake never waits for the actor system, which starts on a background thread meanwhile. The only
 * place the reader waits for the system is the first command that needs the engine (isready in practice).
 */
public final class UciMain {
    private UciMain() {}

    /** After quit, the longest wait for the engine to shut down before returning anyway. */
    static final long QUIT_BOUND_MS = 400;

    /** Reads commands until quit or end of input; returns the process exit code. */
    public static int run(InputStream in, PrintStream stdout) {
        return run(in, stdout, gacrux.search.DtsConfig.DEFAULT);
    }

    /** The same, with the parallel search configured by dts (tests inject faults this way). */
    public static int run(InputStream in, PrintStream stdout, gacrux.search.DtsConfig dts) {
        return run(in, stdout, dts, null, null);
    }

    /**
     * The same, joining the cluster of clusterSeeds ({@code HOST:PORT,...}; null: none) at start, listening on
     * clusterBind ({@code HOST[:PORT]}; null: chosen from the seeds). docs/cluster.md.
     */
    public static int run(InputStream in, PrintStream stdout, gacrux.search.DtsConfig dts, String clusterSeeds,
                          String clusterBind) {
        return run(in, stdout, dts, clusterSeeds, clusterBind, 0);
    }

    /**
     * The same, first warming the JIT for up to warmUpMs of wall time (0: not at all; the engine process's default
     * is {@link gacrux.search.WarmUp#DEFAULT_MS}, tests in one long-lived JVM need none). The warm-up runs on its
     * own thread beside the actor system's start, from the first instant; every command but {@code uci} waits for
     * it, so the first {@code readyok} (and any {@code go}) comes after it, and {@code quit} cuts it short.
     */
    public static int run(InputStream in, PrintStream stdout, gacrux.search.DtsConfig dts, String clusterSeeds,
                          String clusterBind, long warmUpMs) {
        UciOutput out = new UciOutput(stdout);
        UciEngine.ClusterSetup cluster = new UciEngine.ClusterSetup(clusterSeeds, clusterBind, new CompletableFuture<>());
        CompletableFuture<ActorSystem<UciEngine.Command>> system = new CompletableFuture<>();
        CompletableFuture<Void> exiting = new CompletableFuture<>();
        Thread starter = new Thread(() -> {
            try {
                // Initialise logging before Akka's threads log concurrently (else SLF4J replays and says so).
                gacrux.uci.LogConfigurator.startLogging();
                // Search threads: the most DTS workers plus the serial search's one.
                system.complete(ActorSystem.create(UciEngine.create(out, exiting, dts, cluster), "gacrux",
                        gacrux.dts.DtsSearch.systemConfig(EngineOptions.MAX_THREADS + 1)));
            } catch (Throwable t) {
                system.completeExceptionally(t);
            }
        }, "gacrux-start");
        starter.setDaemon(true);
        starter.start();

        java.util.concurrent.atomic.AtomicBoolean warmUpStop = new java.util.concurrent.atomic.AtomicBoolean();
        CompletableFuture<Void> warmUp = new CompletableFuture<>();
        if (warmUpMs > 0) {
            Thread warmer = new Thread(() -> {
                gacrux.search.WarmUp.Result r = gacrux.search.WarmUp.run(warmUpMs, warmUpStop::get);
                warmUp.complete(null);
                // Logged once logging is set up (the start thread does that before the actor system).
                system.thenRun(() -> org.slf4j.LoggerFactory.getLogger(UciMain.class).debug(
                        "JIT warm-up: {} searches, {} nodes, {} ms", r.searches(), r.nodes(), r.ms()));
            }, "gacrux-warm-up");
            warmer.setDaemon(true);
            warmer.start();
        } else {
            warmUp.complete(null);
        }

        boolean quit = false;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                out.logInput(line);
                List<String> warnings = new ArrayList<>(0);
                UciEngine.Command c = UciParser.parse(line, warnings::add);
                if (c == null) continue;
                if (c instanceof UciEngine.UciHello) {
                    EngineOptions.printUci(out);
                    continue;
                }
                if (c instanceof UciEngine.Quit) warmUpStop.set(true);
                warmUp.join();
                // Through the actor, so a warning is printed after the output of the commands before its line.
                for (String w : warnings) system.join().tell(new UciEngine.Warning(w));
                system.join().tell(c);
                if (c instanceof UciEngine.Quit) {
                    quit = true;
                    break;
                }
            }
        } catch (IOException e) {
            out.info("input error: " + e.getMessage());
        }
        warmUpStop.set(true); // end of input during the warm-up: nothing left to warm for
        ActorSystem<UciEngine.Command> sys;
        try {
            sys = system.join();
        } catch (Exception e) {
            out.info("engine failed to start: " + e.getMessage());
            out.close();
            return 1;
        }
        if (!quit) sys.tell(new UciEngine.Quit(true));
        try {
            // End of input lets the pending work finish first (a search with a limit prints its bestmove,
            // docs/uci.md), so the wait for the engine's decision to exit is open-ended; after an explicit quit
            // it is not awaited. Then the process ends within QUIT_BOUND_MS even if a worker is stalled in its
            // handler (the actor system cannot terminate until it returns; Main's System.exit ends it).
            if (!quit) CompletableFuture.anyOf(exiting, sys.getWhenTerminated().toCompletableFuture()).get(1, TimeUnit.DAYS);
            sys.getWhenTerminated().toCompletableFuture().get(QUIT_BOUND_MS, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            org.slf4j.LoggerFactory.getLogger(UciMain.class).warn(
                    "quit: the actor system did not terminate within {} ms (a search stalled in its handler, or a slow "
                    + "shutdown on a loaded machine); exiting anyway", QUIT_BOUND_MS);
        } catch (Exception e) {
            out.info("shutdown: " + e.getMessage());
        }
        try {
            // A cluster member leaves gracefully first (the others see it leave, not crash); at once without one.
            cluster.left().get(SearchService.LEAVE_BOUND.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            org.slf4j.LoggerFactory.getLogger(UciMain.class).warn("quit: leaving the cluster took too long; exiting anyway");
        }
        out.close();
        return 0;
    }
}
