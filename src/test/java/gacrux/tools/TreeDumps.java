package gacrux.tools;

import gacrux.board.MoveGen;
import gacrux.board.Position;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Test support for TREEDUMP: runs {@code treedump} in a child JVM (the trace switch is a static final read once
 * per JVM, so the test JVM itself never traces), and checks lines against the exact grammar Gacrux writes.
 */
final class TreeDumps {
    private TreeDumps() {}

    /** A middlegame with captures, checks and quiet moves to prune (bench position 6). */
    static final String FEN = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

    private static final String MOVE_TEXT = "(?:[a-h][1-8][a-h][1-8][nbrq]?|0000)";
    private static final String PATH = MOVE_TEXT + "(?: " + MOVE_TEXT + ")*";
    private static final String FLOAT = "\\d+\\.\\d\\d";
    static final Pattern MOVE = Pattern.compile("MOVE path=\"(" + PATH + ")\" depth=(" + FLOAT + ") alpha=(-?\\d+)"
            + " beta=(-?\\d+) kind=(FIRST|HASH|CAP|QUIET|NULL|PROBCUT) act=(FULL|LMR|LMR-RESEARCH|EXT|LMP|FP-QUIET|HIST-PRUNE|SEE-CAP|SEE-QUIET|NMP|PROBCUT)"
            + " r=(" + FLOAT + ") ext=(" + FLOAT + ") score=(-?\\d+|SKIPPED)");
    static final Pattern RESULT = Pattern.compile("RESULT path=\"((?:" + PATH + ")?)\" depth=(" + FLOAT + ")"
            + " alpha=(-?\\d+) beta=(-?\\d+) eval=(-?\\d+) bound=(EXACT|LOWER|UPPER) score=(-?\\d+)");

    /** A line that matched the grammar: kind MOVE or RESULT, the path, and the regex groups. */
    record Parsed(int lineNo, boolean move, String path, Matcher m) {
        String group(int i) { return m.group(i); }
    }

    static Parsed parse(int lineNo, String line) {
        Matcher m = MOVE.matcher(line);
        if (m.matches()) return new Parsed(lineNo, true, m.group(1), m);
        m = RESULT.matcher(line);
        if (m.matches()) return new Parsed(lineNo, false, m.group(1), m);
        fail("line " + lineNo + " does not follow the grammar: " + line);
        return null;
    }

    static List<Parsed> parseAll(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        List<Parsed> out = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) out.add(parse(i + 1, lines.get(i)));
        return out;
    }

    /** Plays a path from the FEN; every move must be legal, a null move only when not in check. */
    static Position replay(String fen, String path) {
        Position p = Position.fromFen(fen);
        if (path.isEmpty()) return p;
        for (String mv : path.split(" ")) {
            Position next = p.copy();
            if (mv.equals("0000")) {
                assertTrue(!p.inCheck(), "null move while in check in path \"" + path + "\"");
                next.makeNullMove();
            } else {
                next.makeMove(MoveGen.parseUci(p, mv)); // throws if the move is not legal there
            }
            p = next;
        }
        return p;
    }

    /** {@code java ... gacrux.tools.Main treedump ARGS} in a child JVM; returns its stdout summary line. */
    static String dump(String... args) throws Exception {
        Process p = start(args);
        String out = new String(p.getInputStream().readAllBytes());
        String err = new String(p.getErrorStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "treedump did not finish");
        assertEquals(0, p.exitValue(), "treedump failed: " + err);
        return out.strip();
    }

    /** The child JVM, started (stdout and stderr left for the caller). */
    static Process start(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(System.getProperty("java.home") + "/bin/java",
                "-XX:+UseSerialGC", "-cp", gacrux.uci.EngineProcess.childClasspath(), "gacrux.tools.Main", "treedump"));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).start();
    }

    /** A field of the summary line, e.g. nodes or splits. */
    static long summary(String line, String field) {
        Matcher m = Pattern.compile("\\b" + field + " (\\d+)").matcher(line);
        assertTrue(m.find(), "no '" + field + "' in " + line);
        return Long.parseLong(m.group(1));
    }

    static void deleteTree(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // best effort
        }
    }
}
