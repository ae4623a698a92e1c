package gacrux.uci;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** LogConfigurator: a log line says which thread wrote it, and goes to stderr (stdout belongs to UCI). */
class LogFormatTest {
    @Test
    void aLogLineNamesItsThreadOnStderr() throws Exception {
        PrintStream err = System.err, out = System.out;
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream(), outBytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
        System.setOut(new PrintStream(outBytes, true, StandardCharsets.UTF_8));
        try {
            Thread t = new Thread(() -> org.slf4j.LoggerFactory.getLogger("gacrux.logformat").warn("a line from a worker"),
                    "gacrux-test-worker-3");
            t.start();
            t.join();
        } finally {
            System.setErr(err);
            System.setOut(out);
        }
        String logged = errBytes.toString(StandardCharsets.UTF_8);
        assertTrue(logged.contains("[gacrux-test-worker-3] WARN") && logged.contains("a line from a worker"), logged);
        assertTrue(outBytes.toString(StandardCharsets.UTF_8).isEmpty(), "stdout: " + outBytes);
    }
}
