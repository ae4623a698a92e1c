package gacrux.tools;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** {@code perft DEPTH [--fen FEN] [--chess960] [--divide] [--threads N]} from the command line, and its usage text. */
class PerftCommandTest {
    static final String SUITE_0 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    static final String CORNERS = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

    /** Each option with arguments that work; the usage must name every one of them. */
    static final List<List<String>> OPTIONS = List.of(
            List.of("--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            List.of("--divide"),
            List.of("--threads", "2"),
            List.of("--chess960"));

    record Run(int code, String out, String err) {}

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = PerftCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void everyAcceptedOptionIsInBothUsageTexts() {
        String mainPerftLine = Main.usageText().lines().filter(l -> l.contains("gacrux.jar perft ")).findFirst().orElseThrow();
        String ownUsage = run("--bogus").err();
        for (List<String> option : OPTIONS) {
            List<String> args = new java.util.ArrayList<>(List.of("2"));
            args.addAll(option);
            Run r = run(args.toArray(String[]::new));
            assertEquals(0, r.code(), option + ": " + r.err());
            assertTrue(r.out().contains("Nodes: 400"), option + ": " + r.out());
            assertTrue(mainPerftLine.contains(option.get(0)), "Main's usage omits " + option.get(0) + ": " + mainPerftLine);
            assertTrue(ownUsage.contains(option.get(0)), "perft's usage omits " + option.get(0) + ": " + ownUsage);
        }
    }

    @Test
    void chess960FlagReadsTheFenAsChess960() {
        Run r = run("3", "--fen", SUITE_0, "--chess960");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Nodes: 12189"), r.out());

        Run std = run("3", "--fen", SUITE_0);
        assertEquals(2, std.code());
        assertTrue(std.err().startsWith("perft: bad FEN: castling right 'H'") && std.err().contains("--chess960"),
                std.err());
        assertTrue(std.err().contains("usage: perft DEPTH [--fen FEN] [--chess960] [--divide] [--threads N]"));
    }

    @Test
    void divideWritesCastlingAsTheModeDoes() {
        Run c960 = run("1", "--chess960", "--divide", "--fen", CORNERS);
        assertTrue(c960.out().contains("e1h1: 1") && c960.out().contains("e1a1: 1"), c960.out());
        assertFalse(c960.out().contains("e1g1"), c960.out());
        Run std = run("1", "--divide", "--fen", CORNERS);
        assertTrue(std.out().contains("e1g1: 1") && std.out().contains("e1c1: 1"), std.out());
        assertFalse(std.out().contains("e1h1"), std.out());
        assertTrue(c960.out().contains("Nodes: 26") && std.out().contains("Nodes: 26"));
    }
}
