package gacrux.uci;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/** docs/uci.md: at most 10,000 commands wait behind a job; the one past that is dropped with an info string. */
class PendingBoundTest {
    static final String DROPPED = "info string too many commands during a search; dropped: Display";

    @Test
    void theCommandPastTenThousandPendingIsDroppedAndSaysSo() {
        try (EngineProcess e = EngineProcess.inProcess()) {
            // go perft 7 runs for many seconds, and a state-changing command behind perft waits (does not stop it).
            e.send("go perft 7");
            for (int i = 0; i < 10_001; i++) e.send("d");
            e.waitFor(l -> l.equals(DROPPED), Duration.ofSeconds(30));
            e.send("quit");
            assertEquals(0, e.waitForExit(Duration.ofSeconds(20)), e::transcript);
            assertEquals(1, e.stdoutLines().stream().filter(DROPPED::equals).count(), "exactly one dropped");
            // quit dropped the 10,000 pending ones: none of them printed.
            assertTrue(e.stdoutLines().stream().noneMatch(l -> l.startsWith("info string fen ")), "pending d applied after quit");
        }
    }
}
