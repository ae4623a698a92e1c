package gacrux.tools;

import gacrux.dts.ProtocolChecker;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** explain: deterministic with one worker; with two, a real story whose trace file passes the checker. */
class ExplainCommandTest {
    static final String FEN = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

    private static String run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = ExplainCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void oneWorkerIsDeterministic() {
        String a = run("--fen", FEN, "--depth", "5", "--threads", "1");
        String b = run("--fen", FEN, "--depth", "5", "--threads", "1");
        assertEquals(a, b);
        assertTrue(a.contains("With one worker there is no parallel search"), a);
        assertTrue(a.contains("Result: bestmove "), a);
        assertTrue(a.contains("Protocol check: all 1 events follow the DTS rules."), a);
    }

    @Test
    void twoWorkersTellTheProtocolStory() throws Exception {
        Path f = Files.createTempFile("gacrux-explain", ".jsonl");
        try {
            // Worker 1 is idle from the start and no node of iterations 1-3 is deep enough to split; in iteration 4
            // it chooses a node of worker 0's path and asks for it: a Choose, a Split, a hand-off and an Unsplit by
            // worker 0 are certain.
            // (Depth 12: long enough that worker 1's thread is surely running before the search ends, under load too;
            // depth 10 took only 245 ms after the sixth Texel run and once ended, under a loaded verify, before
            // worker 1's first Choose.
            // --verbose: the short story stops after its first events, and when worker 1 keeps asking, the first
            // Unsplit can come after them.)
            String s = run("--fen", FEN, "--depth", "12", "--threads", "2", "--verbose", "--protocol-trace", f.toString());
            assertTrue(s.contains("HELP: worker 1 is idle"), s);
            assertTrue(s.contains("Choose: worker 1 asks worker 0 to split at ply "), s);
            assertTrue(s.contains("candidates"), s);
            assertTrue(s.contains("Split: worker 0, asked for a split, makes its node at ply "), s);
            assertTrue(s.contains("Hand-off: worker 0, the owner of block #"), s);
            assertTrue(s.contains("Unsplit: worker 0, the owner"), s);
            assertTrue(s.contains("Protocol check: all "), s);
            assertEquals(java.util.List.of(), ProtocolChecker.check(ProtocolChecker.read(f)));
        } finally {
            Files.deleteIfExists(f);
        }
    }
}
