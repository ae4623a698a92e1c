package gacrux.uci;

import gacrux.search.DtsConfig;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/**
 * UciMain's JIT warm-up (docs/startup.md): uciok does not wait for it, the first readyok does, and quit cuts it short.
 * In-process through streams: the reader reads isready only after uci's answer, so the times are the warm-up's.
 */
class UciMainWarmUpTest {
    /** Records when the first line containing each watched word was written. */
    private static final class Stamps extends OutputStream {
        final long t0 = System.nanoTime();
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        volatile long uciokMs = -1, readyokMs = -1;

        @Override
        public synchronized void write(int b) {
            bytes.write(b);
            String s = bytes.toString(StandardCharsets.UTF_8);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            if (uciokMs < 0 && s.contains("uciok")) uciokMs = ms;
            if (readyokMs < 0 && s.contains("readyok")) readyokMs = ms;
        }
    }

    private static int run(String input, Stamps out, long warmUpMs) {
        return UciMain.run(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), new PrintStream(out, true),
                DtsConfig.DEFAULT, null, null, warmUpMs);
    }

    @Test
    void firstReadyokWaitsForTheWarmUpAndUciokDoesNot() {
        Stamps out = new Stamps();
        assertEquals(0, run("uci\nisready\nquit\n", out, 1500));
        assertTrue(out.uciokMs >= 0 && out.uciokMs < 1000, "uciok at " + out.uciokMs + " ms");
        assertTrue(out.readyokMs >= 1500, "readyok at " + out.readyokMs + " ms, before the 1500 ms warm-up ended");
    }

    @Test
    void quitCutsTheWarmUpShort() {
        Stamps out = new Stamps();
        long t0 = System.nanoTime();
        assertEquals(0, assertTimeoutPreemptively(Duration.ofSeconds(20), () -> run("quit\n", out, 60_000)));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms < 10_000, "quit during a 60 s warm-up took " + ms + " ms");
    }
}
