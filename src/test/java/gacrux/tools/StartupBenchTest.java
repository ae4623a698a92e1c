package gacrux.tools;

import gacrux.uci.EngineProcess;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/** The start-up measurement (docs/startup.md): it starts real engines and reports their times; bad arguments exit 2. */
class StartupBenchTest {
    static final String ENGINE = System.getProperty("java.home") + "/bin/java -cp " + EngineProcess.childClasspath()
            + " gacrux.tools.Main";

    @Test
    void timesUciokReadyokAResizeAndQuitOfRealStarts() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = StartupBench.run(new String[] {"--runs", "2", "--cmd", ENGINE, "--hash", "64"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, text + err);
        assertTrue(text.startsWith("startup: 2 fresh starts per command, alternating; load average "), text);
        List<String> lines = text.lines().toList();
        assertEquals(ENGINE, lines.get(2), text);
        String t = " *\\d+ / +\\d+";
        assertTrue(Pattern.matches("  uciok" + t + "   readyok" + t + "   Hash 64 -> readyok" + t
                + "   quit during resize -> exit" + t, lines.get(3)), lines.get(3));
    }

    @Test
    void stagesSplitTheStartOfRealJvms() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = StartupBench.run(new String[] {"--stages", "--runs", "2", "--cmd", ENGINE},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, text + err);
        List<String> lines = text.lines().toList();
        assertEquals(ENGINE, lines.get(2), text);
        String t = " \\d+ / \\d+";
        assertTrue(Pattern.matches("  JVM to main" + t + "  Logback" + t + "  Akka config" + t + "  ActorSystem.create" + t
                + "  total" + t, lines.get(3)), lines.get(3));
        // The actor system's start is real work: tens of milliseconds at least, on any machine.
        var m = Pattern.compile("ActorSystem.create (\\d+) /").matcher(lines.get(3));
        assertTrue(m.find());
        assertTrue(Integer.parseInt(m.group(1)) >= 10, lines.get(3));
    }

    @Test
    void badArgumentsExitTwoWithTheUsage() {
        for (String[] args : List.of(new String[] {"--runs"}, new String[] {"--runs", "0"}, new String[] {"--hash", "x"},
                new String[] {"--cmd", " "}, new String[] {"extra"},
                new String[] {"--stages", "--hash", "64"})) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = StartupBench.run(args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(2, code, String.join(" ", args));
            assertTrue(err.toString(StandardCharsets.UTF_8).contains(StartupBench.USAGE), err.toString(StandardCharsets.UTF_8));
        }
    }
}
