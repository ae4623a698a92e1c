package gacrux.tools;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** perft's usage text, in its own error message and in Main's, lists every option the command accepts. */
class PerftCommandTest {
    /** Each option with arguments that work; the usage must name every one of them. */
    static final List<List<String>> OPTIONS = List.of(
            List.of("--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            List.of("--divide"),
            List.of("--threads", "2"));

    @Test
    void everyAcceptedOptionIsInBothUsageTexts() {
        String mainPerftLine = Main.usageText().lines().filter(l -> l.contains("gacrux.jar perft ")).findFirst().orElseThrow();
        String ownUsage = run("--bogus").err;
        for (List<String> option : OPTIONS) {
            List<String> args = new java.util.ArrayList<>(List.of("2"));
            args.addAll(option);
            Result r = run(args.toArray(String[]::new));
            assertEquals(0, r.code, option + ": " + r.err);
            assertTrue(r.out.contains("Nodes: 400"), option + ": " + r.out);
            assertTrue(mainPerftLine.contains(option.get(0)), "Main's usage omits " + option.get(0) + ": " + mainPerftLine);
            assertTrue(ownUsage.contains(option.get(0)), "perft's usage omits " + option.get(0) + ": " + ownUsage);
        }
    }

    record Result(int code, String out, String err) {}

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = PerftCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
