package gacrux.tools;

import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.See;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static gacrux.board.Piece.*;
import static org.junit.jupiter.api.Assertions.*;

/** {@code datagen}: deterministic for a seed (whatever the thread count), and every line a legal, quiet position. */
class DatagenTest {
    static final List<String> OPENINGS = List.of(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
            "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
            "rnbqkb1r/pppppp1p/5np1/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3");

    @TempDir Path dir;

    record Run(int code, String out, String err) {}

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = Datagen.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    Path openings() throws Exception {
        Path f = dir.resolve("openings.epd");
        Files.write(f, OPENINGS);
        return f;
    }

    List<String> generate(String name, long seed, int threads) throws Exception {
        Path out = dir.resolve(name);
        Run r = run("--games", "6", "--nodes", "400", "--seed", Long.toString(seed), "--threads", Integer.toString(threads),
                "--openings", openings().toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("games 6"), r.out());
        return Files.readAllLines(out);
    }

    @Test
    void sameSeedSameData_anyThreadCount() throws Exception {
        List<String> a = generate("a.txt", 7, 1), b = generate("b.txt", 7, 1), c = generate("c.txt", 7, 2);
        assertTrue(a.size() > 50, "a few hundred-node games give dozens of positions, got " + a.size());
        assertTrue(a.equals(b), "same seed, same thread count: the data differ");
        assertTrue(a.equals(c), "same seed, 2 threads instead of 1: the data differ");
        assertFalse(a.equals(generate("d.txt", 8, 1)), "another seed should give other games");
    }

    @Test
    void everyPositionIsLegalQuietAndLabelled() throws Exception {
        List<String> lines = generate("q.txt", 3, 1);
        int[] moves = new int[MoveGen.MAX_MOVES];
        Set<String> results = new java.util.HashSet<>();
        for (String line : lines) {
            assertTrue(line.matches(".* \\[(1\\.0|0\\.5|0\\.0)\\]"), line);
            results.add(line.substring(line.lastIndexOf('[')));
            Position p = Position.fromFen(line.substring(0, line.lastIndexOf('[')).trim());
            assertFalse(p.inCheck(), "side to move in check: " + line);
            assertFalse(p.isAttacked(p.kingSquare(p.sideToMove() ^ 1), p.sideToMove()), "illegal (king capturable): " + line);
            assertTrue(MoveGen.legal(p, moves, 0) > 0, "game over already: " + line);
            int n = MoveGen.tactical(p, moves, 0);
            for (int i = 0; i < n; i++)
                assertFalse(Move.promo(moves[i]) != 0 || See.ge(p, moves[i], 1),
                        () -> "not quiet, " + line + " has a winning tactical move");
            assertTrue(p.fullmoveNumber() >= 3, line);
        }
    }

    @Test
    void scoresFlagAddsTheSearchScoreAndChangesNothingElse() throws Exception {
        List<String> plain = generate("plain.txt", 5, 1);
        Path out = dir.resolve("scored.txt");
        Run r = run("--games", "6", "--nodes", "400", "--seed", "5", "--threads", "2", "--scores",
                "--openings", openings().toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        List<String> scored = Files.readAllLines(out);
        assertEquals(plain.size(), scored.size());
        int nonZero = 0;
        for (int i = 0; i < scored.size(); i++) {
            String line = scored.get(i);
            assertTrue(line.matches(".* \\[(1\\.0|0\\.5|0\\.0)\\] cp -?\\d+"), line);
            assertEquals(plain.get(i), line.substring(0, line.lastIndexOf(" cp ")), "the flag changed the games");
            DataLine d = DataLine.parse(out, i + 1, line); // the format label writes and tune reads
            assertTrue(Math.abs(d.score()) < gacrux.search.Score.MATE_BOUND, "a mate score was kept: " + line);
            if (d.score() != 0) nonZero++;
        }
        assertTrue(nonZero > scored.size() / 2, "scores should mostly be non-zero, got " + nonZero + " of " + scored.size());
        // White's score, whoever moves: where the static evaluation is clear, black-to-move lines agree with it in sign
        // once both are taken from white's side (a score left from the side to move's view would mostly disagree).
        int clear = 0, agree = 0;
        for (int i = 0; i < scored.size(); i++) {
            DataLine d = DataLine.parse(out, i + 1, scored.get(i));
            if (d.position().sideToMove() != BLACK) continue;
            int whiteEval = -gacrux.search.Evaluator.evaluate(d.position());
            if (Math.abs(whiteEval) < 150 || d.score() == 0) continue;
            clear++;
            if (Math.signum(whiteEval) == Math.signum(d.score())) agree++;
        }
        assertTrue(clear >= 10 && agree >= 0.8 * clear, agree + " of " + clear + " clear black-to-move lines agree in sign");
    }

    @Test
    void gamesEndWithSensibleAdjudication() throws Exception {
        Position p = Position.fromFen("8/8/4k3/8/8/3NK3/8/8 w - - 0 60");
        assertTrue(Datagen.insufficient(p), "KNK cannot be won");
        assertFalse(Datagen.insufficient(Position.fromFen("8/8/4k3/8/8/3RK3/8/8 w - - 0 60")));
        assertFalse(Datagen.insufficient(Position.fromFen("8/8/4k3/8/8/2BNK3/8/8 w - - 0 60")));
        assertFalse(Datagen.insufficient(Position.fromFen("8/8/4k3/8/4P3/4K3/8/8 w - - 0 60")));
    }

    @Test
    void badInputIsAClearError() throws Exception {
        Run missing = run("--games", "1", "--nodes", "100", "--seed", "1", "--out", dir.resolve("x").toString(),
                "--openings", dir.resolve("nope.epd").toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("openings file not found"), missing.err());

        Path bad = dir.resolve("bad.epd");
        Files.write(bad, List.of(OPENINGS.get(0), "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1"));
        Run badFen = run("--games", "1", "--nodes", "100", "--seed", "1", "--out", dir.resolve("y").toString(),
                "--openings", bad.toString());
        assertEquals(2, badFen.code());
        assertTrue(badFen.err().contains("line 2: bad FEN"), badFen.err());

        Run noGames = run("--nodes", "100", "--out", dir.resolve("z").toString());
        assertEquals(2, noGames.code());
        assertTrue(noGames.err().contains("--games"), noGames.err());
        Run notNumber = run("--games", "many", "--nodes", "100", "--out", dir.resolve("z").toString());
        assertEquals(2, notNumber.code());
        assertTrue(notNumber.err().contains("needs a number"), notNumber.err());
    }
}
