package gacrux.tools;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import java.io.PrintStream;
import java.util.Locale;

/**
 * {@code startup-stages}: the stages between the JVM's start and a running actor system, timed one after the
 * other in the order the engine's start thread takes them (gacrux.uci.UciMain): Logback's set-up, Akka's
 * configuration (Typesafe Config parses reference.conf; DtsSearch.systemConfig trims it), and ActorSystem.create
 * (here with an empty guardian: the system's own start). Prints one line for {@code startup --stages} to read:
 * {@code stages main EPOCH_MS logging MS config MS system MS}, where EPOCH_MS is the wall clock when Main.main
 * began, so the caller can tell how long the JVM took to reach it. Nothing else is printed to stdout.
 */
final class StartupStages {
    private StartupStages() {}

    static int run(long mainEpochMs, PrintStream out) {
        long t0 = System.nanoTime();
        gacrux.uci.LogConfigurator.startLogging();
        long t1 = System.nanoTime();
        com.typesafe.config.Config config = gacrux.dts.DtsSearch.systemConfig(gacrux.uci.EngineOptions.MAX_THREADS + 1);
        long t2 = System.nanoTime();
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "gacrux-startup-stages", config);
        long t3 = System.nanoTime();
        out.printf(Locale.ROOT, "stages main %d logging %.1f config %.1f system %.1f%n", mainEpochMs,
                (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6);
        out.flush();
        system.terminate();
        return 0;
    }
}
