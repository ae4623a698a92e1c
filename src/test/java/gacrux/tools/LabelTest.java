package gacrux.tools;

import gacrux.board.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code label}: positions scored by a UCI engine (Gacrux itself, as a child process: the tests need no other
 * engine), from white's side, in file order on several processes; bad input and a missing engine are clear errors.
 */
class LabelTest {
    @TempDir Path dir;

    /** White a queen up (white to move, then black to move), black a queen up, and a back-rank mate in one (Rd8#). */
    static final String WHITE_UP = "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1";
    static final String WHITE_UP_BLACK_TO_MOVE = "4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1";
    static final String BLACK_UP = "4k3/3q4/8/8/8/8/8/4K3 w - - 0 1";
    static final String MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1";

    record Run(int code, String out, String err) {}

    static Run run(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = Label.run(args, new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Run(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    static String gacrux() {
        return System.getProperty("java.home") + "/bin/java -Xmx256m -cp " + System.getProperty("java.class.path") + " gacrux.tools.Main";
    }

    static int cp(String line) {
        String[] t = line.split(" ");
        assertEquals("cp", t[t.length - 2], line);
        return Integer.parseInt(t[t.length - 1]);
    }

    @Test
    void scoresFromWhitesSideInFileOrder() throws Exception {
        Path data = dir.resolve("d.txt"), out = dir.resolve("l.txt");
        List<String> in = List.of(WHITE_UP + " [1.0]", WHITE_UP_BLACK_TO_MOVE + " [1.0]", BLACK_UP + " [0.0]",
                MATE_IN_ONE + " [1.0]", "# a comment", BLACK_UP + " [0.5] cp 7");
        Files.write(data, in);
        Run r = run("--data", data.toString(), "--out", out.toString(), "--engine", gacrux(), "--go", "depth 4",
                "--threads", "2", "--hash", "4");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("labelled 5 positions"), r.out());
        List<String> lines = Files.readAllLines(out);
        assertEquals(5, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith(WHITE_UP + " [1.0] cp "), lines.get(0));
        assertTrue(cp(lines.get(0)) > 600, lines.get(0));
        assertTrue(cp(lines.get(1)) > 600, "white's view with black to move: " + lines.get(1));
        assertTrue(cp(lines.get(2)) < -600, lines.get(2));
        assertEquals(Label.MATE_CP, cp(lines.get(3)), lines.get(3));
        assertTrue(lines.get(4).startsWith(BLACK_UP + " [0.5] cp "), "an old label is replaced: " + lines.get(4));
        assertEquals(1, lines.get(4).split(" cp ").length - 1, lines.get(4));
    }

    @Test
    void badInputIsAClearErrorAndWritesNothing() throws Exception {
        Path data = dir.resolve("d.txt"), out = dir.resolve("l.txt");
        Files.write(data, List.of(Position.START_FEN + " [0.5]"));
        Run noEngine = run("--data", data.toString(), "--out", out.toString(), "--engine", dir.resolve("no-such-engine").toString());
        assertEquals(1, noEngine.code());
        assertTrue(noEngine.err().contains("cannot start engine"), noEngine.err());
        assertFalse(Files.exists(out), "nothing written");

        Run notUci = run("--data", data.toString(), "--out", out.toString(), "--engine", "true");
        assertEquals(1, notUci.code());
        assertTrue(notUci.err().contains("engine 'true' ended (exit 0)"), notUci.err());
        assertFalse(Files.exists(out), "nothing written");

        Run badGo = run("--data", data.toString(), "--out", out.toString(), "--engine", "x", "--go", "infinite");
        assertEquals(2, badGo.code());
        assertTrue(badGo.err().contains("--go must be"), badGo.err());
        Run missing = run("--data", data.toString(), "--engine", "x");
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("--out FILE is required"), missing.err());

        Files.write(data, List.of(Position.START_FEN + " [0.5]", "not a fen [1.0]"));
        Run badFen = run("--data", data.toString(), "--out", out.toString(), "--engine", "x");
        assertEquals(2, badFen.code());
        assertTrue(badFen.err().contains("line 2: bad FEN"), badFen.err());
    }
}
