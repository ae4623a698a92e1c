package gacrux.tools;

import gacrux.board.MoveGen;
import gacrux.board.Piece;
import gacrux.board.Position;
import gacrux.search.Nnue;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code nnue-train}: it learns (held-out loss falls), the engine's integer net computes what the trainer's float
 * net does, a seed gives the same net, and bad input is a clear error.
 */
class NnueTrainTest {
    @TempDir static Path dir;
    static Path data;
    static final int[] VALUE = {0, 100, 300, 300, 500, 900, 0};

    record Run(int code, String out, String err) {}

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = NnueTrain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** White's material minus black's, in centipawns. */
    static int material(Position p) {
        int s = 0;
        for (int sq = 0; sq < 64; sq++) {
            int pc = p.pieceAt(sq);
            if (pc != 0) s += Piece.color(pc) == Piece.WHITE ? VALUE[Piece.type(pc)] : -VALUE[Piece.type(pc)];
        }
        return s;
    }

    /** 12,000 positions of random games, each scored by its material balance and given a result drawn from it. */
    @BeforeAll
    static void writeData() throws Exception {
        SplittableRandom r = new SplittableRandom(11);
        int[] moves = new int[MoveGen.MAX_MOVES];
        List<String> lines = new ArrayList<>();
        while (lines.size() < 12_000) {
            Position p = Position.startPos();
            for (int ply = 0; ply < 120; ply++) {
                int n = MoveGen.legal(p, moves, 0);
                if (n == 0) break;
                p.makeMove(moves[r.nextInt(n)]);
                if (ply >= 6 && ply % 8 < 2) { // a few positions per game, either side to move: many games
                    int m = material(p);
                    boolean whiteWins = r.nextDouble() < 1 / (1 + Math.exp(-m / 150.0));
                    lines.add(p.toFen() + " [" + (whiteWins ? "1.0" : "0.0") + "] cp " + m);
                }
            }
        }
        data = dir.resolve("data.txt");
        Files.write(data, lines);
    }

    static double figure(String out, String pattern) {
        Matcher m = Pattern.compile(pattern).matcher(out);
        assertTrue(m.find(), "no '" + pattern + "' in:\n" + out);
        return Double.parseDouble(m.group(1));
    }

    @Test
    void learnsAndTheEngineComputesWhatTheTrainerDoes() throws Exception {
        Path net = dir.resolve("a.net");
        Run r = run("--data", data.toString(), "--out", net.toString(), "--hidden", "8", "--epochs", "8", "--batch", "256",
                "--blend", "0.5", "--threads", "2", "--lr", "0.01");
        assertEquals(0, r.code(), r.err());
        double before = figure(r.out(), "held out (\\d+\\.\\d+) before training");
        double after = figure(r.out(), "epoch 8: .* held out (\\d+\\.\\d+)");
        assertTrue(after < before / 2, "held-out loss " + before + " -> " + after + "\n" + r.out());

        // The same positions through the trainer's float net and the engine's integer one.
        NnueTrain.Net f = readFloat(net);
        Nnue q;
        try (InputStream in = Files.newInputStream(net)) {
            q = Nnue.read(in);
        }
        NnueTrain.Set s = new NnueTrain.Set();
        List<String> lines = Files.readAllLines(data).subList(0, 300);
        for (String line : lines) s.add(Position.fromFen(line.substring(0, line.lastIndexOf('[')).trim()), 0.5, 0, false);
        float[] us = new float[8], them = new float[8];
        int whiteToMove = 0;
        for (int i = 0; i < s.n; i++) if (s.stm[i] == 0) whiteToMove++;
        assertTrue(whiteToMove > 50 && whiteToMove < s.n - 50, "both sides to move compared: " + whiteToMove + " of " + s.n);
        // Rounding the output weights to 1/64 moves the output by up to 400 / 128 cp per hidden unit and side.
        int worst = 0;
        double sum = 0;
        for (int i = 0; i < s.n; i++) {
            Position p = Position.fromFen(lines.get(i).substring(0, lines.get(i).lastIndexOf('[')).trim());
            int want = (int) Math.round(f.forward(s, i, us, them) * Nnue.SCALE), err = Math.abs(q.evaluate(p) - want);
            worst = Math.max(worst, err);
            sum += err;
        }
        assertTrue(worst <= 2 * 8 * 400 / 128, "quantization error up to " + worst + " cp");
        assertTrue(sum / s.n <= 8, "mean quantization error " + sum / s.n + " cp");

        // It learnt material: a queen up is good for the side that has it, whoever moves.
        int up = q.evaluate(Position.fromFen("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"));
        int down = q.evaluate(Position.fromFen("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"));
        assertTrue(up > 200 && down < -200, "queen up: " + up + " (white to move), " + down + " (black to move)");
    }

    /** --mirror adds a position without castling rights again as its a-to-h mirror image: the mirror's own features. */
    @Test
    void mirrorAddsTheFileMirroredPosition() throws Exception {
        String fen = "r4rk1/1pp2ppp/p1n5/3qp3/8/1BP2N2/PP3PPP/R2Q1RK1 b - - 0 14";
        String[] f = fen.split(" ");
        StringBuilder board = new StringBuilder();
        for (String rank : f[0].split("/")) board.append(board.length() > 0 ? "/" : "").append(new StringBuilder(rank).reverse());
        NnueTrain.Set s = new NnueTrain.Set();
        s.add(Position.fromFen(fen), 0.5, 0, true);
        s.add(Position.fromFen(board + fen.substring(f[0].length())), 0.5, 0, false);
        int[] a = new int[s.start[1]], b = new int[s.start[2] - s.start[1]];
        for (int i = 0; i < a.length; i++) a[i] = s.feat[i];
        for (int i = 0; i < b.length; i++) b[i] = s.feat[s.start[1] + i];
        java.util.Arrays.sort(a);
        java.util.Arrays.sort(b);
        assertArrayEquals(b, a);
        assertEquals(1, s.originals, "the mirrored copy is not counted as a position read");

        Run r = run("--data", data.toString(), "--out", dir.resolve("m.net").toString(), "--hidden", "4", "--epochs", "1", "--mirror");
        assertEquals(0, r.code(), r.err());
        assertTrue(figure(r.out(), "\\(\\+ (\\d+) mirrored\\)") > 1000, r.out());
    }

    /** Files scored on different scales (two engines' centipawns) each get their own K' in the blended target. */
    @Test
    void eachFileGetsItsOwnScoreScale() throws Exception {
        Path tripled = dir.resolve("tripled.txt");
        Files.write(tripled, Files.readAllLines(data).stream().map(l -> {
            int at = l.lastIndexOf(" cp ");
            return l.substring(0, at) + " cp " + 3 * Integer.parseInt(l.substring(at + 4));
        }).toList());
        Run r = run("--data", data + "," + tripled, "--out", dir.resolve("k.net").toString(), "--hidden", "4", "--epochs", "1", "--blend", "0.5");
        assertEquals(0, r.code(), r.err());
        double k1 = figure(r.out(), "K' (\\d+\\.\\d+) for .*data.txt"), k3 = figure(r.out(), "K' (\\d+\\.\\d+) for .*tripled.txt");
        assertEquals(3, k1 / k3, 0.1, r.out());
    }

    /** Held-out blocks are counted in each file from its first line, as tune counts them. */
    @Test
    void heldOutBlocksPerFile() throws Exception {
        Path part = dir.resolve("part.txt"), empty = dir.resolve("empty.txt");
        Files.write(part, Files.readAllLines(data).subList(0, 9500));
        Files.write(empty, List.of("# nothing"));
        Run r = run("--data", part + "," + data, "--out", dir.resolve("h.net").toString(), "--hidden", "4", "--epochs", "1");
        assertEquals(0, r.code(), r.err());
        assertEquals(500 + 1000, figure(r.out(), ", (\\d+) held out"), r.out());
        r = run("--data", data + "," + empty, "--out", dir.resolve("e.net").toString(), "--epochs", "1", "--blend", "0.5");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("empty.txt has no training positions"), r.err());
    }

    @Test
    void sameSeedSameNet() throws Exception {
        Path a = dir.resolve("s1.net"), b = dir.resolve("s2.net"), c = dir.resolve("s3.net");
        for (Path[] pr : new Path[][] {{a, null}, {b, null}}) {
            Run r = run("--data", data.toString(), "--out", pr[0].toString(), "--hidden", "4", "--epochs", "1", "--batch", "512", "--threads", "2", "--seed", "5");
            assertEquals(0, r.code(), r.err());
        }
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
        Run r = run("--data", data.toString(), "--out", c.toString(), "--hidden", "4", "--epochs", "1", "--batch", "512", "--threads", "2", "--seed", "6");
        assertEquals(0, r.code(), r.err());
        assertFalse(java.util.Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(c)), "another seed, another net");
    }

    @Test
    void badInputIsAClearError() throws Exception {
        Path out = dir.resolve("x.net");
        Run r = run("--data", dir.resolve("nope.txt").toString(), "--out", out.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("data file not found"), r.err());
        r = run("--data", data.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--out"), r.err());
        r = run("--data", data.toString(), "--out", out.toString(), "--hidden", "999");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--hidden"), r.err());
        Path unscored = dir.resolve("unscored.txt");
        Files.write(unscored, Files.readAllLines(data).stream().map(l -> l.substring(0, l.lastIndexOf(" cp "))).toList());
        r = run("--data", unscored.toString(), "--out", out.toString(), "--blend", "0.5", "--epochs", "1");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--blend needs every line scored"), r.err());
        Path small = dir.resolve("small.txt");
        Files.write(small, Files.readAllLines(data).subList(0, 500));
        r = run("--data", small.toString(), "--out", out.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("too few positions"), r.err());
        assertFalse(Files.exists(out), "no net is written after an error");
    }

    /** The trainer's file read back into its float net. */
    static NnueTrain.Net readFloat(Path f) throws Exception {
        try (java.io.DataInputStream d = new java.io.DataInputStream(new java.io.BufferedInputStream(Files.newInputStream(f)))) {
            assertEquals(Nnue.MAGIC, d.readInt());
            int h = d.readInt();
            NnueTrain.Net n = new NnueTrain.Net(h, new SplittableRandom(0));
            for (float[] a : n.params()) for (int i = 0; i < a.length; i++) a[i] = d.readFloat();
            return n;
        }
    }
}
