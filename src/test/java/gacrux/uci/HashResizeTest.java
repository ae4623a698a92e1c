package gacrux.uci;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * setoption name Hash runs off the engine actor: isready waits for it and d shows the size it got, and a quit
 * during a large resize ends the process promptly (the resize is abandoned between 64 MiB segments).
 */
class HashResizeTest {
    static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void isreadyWaitsForTheResizeAndDShowsTheSizeGot() {
        try (EngineProcess e = EngineProcess.start(List.of("-Xmx1g"))) {
            e.send("setoption name Hash value 256");
            assertReadyWithHash(e, 256);
            e.send("setoption name Hash value 100");
            assertEquals("info string Hash 100 MiB rounded down to 64 MiB (the table is a power of two)",
                    e.waitFor("info string Hash", WAIT), e::transcript);
            e.send("ucinewgame");
            assertReadyWithHash(e, 64);
            e.send("go depth 5");
            e.waitFor("bestmove", WAIT);
            e.send("quit");
            assertEquals(0, e.waitForExit(WAIT), e::transcript);
            e.assertCleanOutput();
        }
    }

    /** A fresh engine process with these JVM options, past its first readyok. */
    static EngineProcess ready(String... jvmOptions) {
        EngineProcess e = EngineProcess.start(List.of(jvmOptions));
        e.send("isready");
        e.waitFor(l -> l.equals("readyok"), WAIT);
        return e;
    }

    /** isready, then d: the table's size in force once readyok has come. */
    static void assertReadyWithHash(EngineProcess e, int mb) {
        e.send("isready");
        e.waitFor(l -> l.equals("readyok"), WAIT);
        e.send("d");
        assertTrue(e.waitFor("info string options", WAIT).contains("Hash=" + mb + " "), e::transcript);
    }

    @Test
    void theEngineStaysResponsiveDuringAResizeAndQuitEndsItPromptly() throws InterruptedException {
        // Each 64 MiB segment pauses 500 ms (test-only fault injection): a 1 GiB resize lasts 4 s or more on two
        // threads, so a quit that waited for it would take that long whatever the machine's load.
        try (EngineProcess e = ready("-Xmx2g", "-Dgacrux.test.ttSegmentDelayMs=500")) {
            // Allocating 1 GiB takes the better part of a second at least. isready waits for it; a command the
            // engine answers at once (an unknown one) is answered meanwhile, so it comes first. When the resize
            // ran on the engine actor itself, everything waited for it and readyok came first.
            e.send("setoption name Hash value 1024");
            e.send("isready");
            e.send("xyzzy");
            List<String> lines = e.waitForAll(l -> l.equals("readyok"), WAIT);
            assertEquals(List.of("info string unknown command: xyzzy", "readyok"), lines, e::transcript);
            e.send("setoption name Hash value 1");
            e.send("setoption name Hash value 1024");
            Thread.sleep(100); // the resize is under way
            long t0 = System.nanoTime();
            e.send("quit");
            assertEquals(0, e.waitForExit(WAIT), e::transcript);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            // Quit does not wait for the resize: the resize is abandoned at the next segment, and in any case the
            // process exits after the quit bound (400 ms) plus the JVM's exit, with room for load. Tried: with the
            // abandoning switched off the bound alone still ends it in time, so this test guards the exit as a
            // whole; a quit that waited for the resize would take 4 s or more.
            assertTrue(ms < 3000, "quit during a Hash resize took " + ms + " ms\n" + e.transcript());
        }
    }

    /**
     * A go and its stop sent while a resize runs: the engine keeps the go and the stop in order behind the
     * resize, and the stop ends that search (a stop lost during the resize would leave go infinite running
     * until the WAIT runs out). That other commands are answered during a resize is the test above.
     */
    @Test
    void aStopDuringAResizeStopsTheGoQueuedBehindIt() {
        try (EngineProcess e = ready("-Xmx1g")) {
            e.send("setoption name Hash value 512");
            e.send("position startpos moves e2e4");
            e.send("go infinite");
            e.send("stop");
            List<String> lines = e.waitForAll(l -> l.startsWith("bestmove"), WAIT);
            UciConversationTest.assertLegalBestmove(lines.get(lines.size() - 1),
                    UciConversationTest.at(null, "e2e4"), e.transcript());
            assertReadyWithHash(e, 512);
            e.send("quit");
            assertEquals(0, e.waitForExit(WAIT), e::transcript);
        }
    }
}
