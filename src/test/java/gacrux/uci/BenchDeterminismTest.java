package gacrux.uci;

import gacrux.search.Bench;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/** The bench node count is the search's fingerprint: the same on every run, and the same through UCI. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BenchDeterminismTest {

    @Test
    void benchAtDepth7GivesTheSameNodeCountTwice() {
        long a = Bench.run(7, s -> { }).nodes();
        long b = Bench.run(7, s -> { }).nodes();
        assertTrue(a > 0);
        assertEquals(a, b, "bench 7 node count differs between runs");
    }

    @Test
    void benchCommandPrintsTheSameNodesAsBenchRun() {
        long expected = Bench.run(5, s -> { }).nodes();
        try (EngineProcess e = EngineProcess.inProcess()) {
            e.send("position startpos moves e2e4"); // the engine's state must not leak into the bench
            e.send("go depth 4");
            e.waitFor("bestmove", Duration.ofSeconds(20));
            e.send("bench 5");
            String nodes = e.waitFor("Nodes: ", Duration.ofSeconds(40));
            assertEquals("Nodes: " + expected, nodes);
            e.send("isready");
            e.waitFor(l -> l.equals("readyok"), Duration.ofSeconds(20));
            e.closeStdin();
            assertEquals(0, e.waitForExit(Duration.ofSeconds(20)));
            e.assertCleanOutput();
        }
    }
}
