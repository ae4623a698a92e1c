package gacrux.tools;

import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class PgnDataTest {
    /** The Breyer Ruy Lopez, ten moves, as UCI moves (replayed without any SAN) and as the PGN below writes them. */
    static final String[] UCI = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7",
            "f1e1", "b7b5", "a4b3", "d7d6", "c2c3", "e8g8", "h2h3", "c6b8", "d2d4", "b8d7"};
    static final String MOVETEXT = "1. e4 {+0.20/10 0.1s} e5 2. Nf3 Nc6 (2... d6 3. d4 exd4) 3. Bb5 $1 a6 4. Ba4 Nf6\n"
            + "5. O-O {+0.25/12 0.1s} Be7 {-0.31/11 0.1s} 6. Re1 {+M5/9 0.1s} b5 {-0.40/11 0.1s} 7. Bb3 d6 8. c3 O-O\n"
            + "9. h3 Nb8 10. d4 Nbd7 {-0.12/13 0.2s, Draw by adjudication}";

    static int uci(Position p, String uci) {
        int[] moves = new int[MoveGen.MAX_MOVES];
        int n = MoveGen.legal(p, moves, 0);
        for (int i = 0; i < n; i++) if (Move.toUci(moves[i]).equals(uci)) return moves[i];
        throw new AssertionError(uci + " not legal in " + p.toFen());
    }

    /** The positions pgn-data should write for the game above: replayed from UCI, filtered as datagen filters. */
    static List<String> expectedFens(int minPly) {
        Position p = Position.startPos();
        int[] scratch = new int[MoveGen.MAX_MOVES];
        List<String> fens = new ArrayList<>();
        for (int ply = 0; ply < UCI.length; ply++) {
            int m = uci(p, UCI[ply]);
            if (ply >= minPly && ply != 10 && !Move.isTactical(m) && Datagen.quiet(p, scratch)) fens.add(p.toFen());
            p.makeMove(m);
        }
        return fens;
    }

    record Run(int code, List<String> lines, String out, String err) {}

    static Run run(Path dir, String pgn, String... extra) throws Exception {
        Path in = dir.resolve("games.pgn"), out = dir.resolve("out.txt");
        Files.writeString(in, pgn, StandardCharsets.UTF_8);
        List<String> args = new ArrayList<>(List.of("--pgn", in.toString(), "--out", out.toString()));
        args.addAll(List.of(extra));
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = PgnData.run(args.toArray(String[]::new), new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        List<String> lines = Files.exists(out) ? Files.readAllLines(out) : List.of();
        return new Run(code, lines, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    static String game(String result, String fen, String movetext) {
        return "[Event \"match\"]\n[White \"new\"]\n[Black \"old\"]\n[Result \"" + result + "\"]\n"
                + (fen == null ? "" : "[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n") + "\n" + movetext + " " + result + "\n\n";
    }

    @Test
    void writesTheQuietPositionsOfAGameWithItsResult(@TempDir Path dir) throws Exception {
        Run r = run(dir, game("1-0", null, MOVETEXT));
        assertEquals(0, r.code(), r.err());
        List<String> want = expectedFens(8);
        assertFalse(want.isEmpty());
        List<String> got = new ArrayList<>();
        for (String l : r.lines()) {
            assertTrue(l.endsWith(" [1.0]"), l);
            got.add(l.substring(0, l.length() - " [1.0]".length()));
        }
        // The variation's moves, the NAG, the comments and the move numbers are not moves; the mate-scored position
        // (before 6. Re1) is left out; the rest are exactly the replay's.
        assertEquals(want, got);
        assertTrue(r.out().contains("games 1 (skipped 0), positions " + want.size()), r.out());
    }

    @Test
    void minPlyAndScoresInWhitesView(@TempDir Path dir) throws Exception {
        assertEquals(expectedFens(0).size(), run(dir, game("0-1", null, MOVETEXT), "--min-ply", "0").lines().size());
        Run r = run(dir, game("0-1", null, MOVETEXT), "--scores");
        assertEquals(0, r.code(), r.err());
        // Only positions with a score comment, and not the mate: before 5. O-O (white +0.25), 5... Be7 (black
        // -0.31, so white +31), 6... b5 (black -0.40: +40), 10... Nbd7 (black -0.12: +12), where quiet.
        List<String> want = new ArrayList<>();
        Position p = Position.startPos();
        int[] scratch = new int[MoveGen.MAX_MOVES];
        int[] cp = new int[UCI.length];
        java.util.Arrays.fill(cp, Integer.MIN_VALUE);
        cp[8] = 25; cp[9] = 31; cp[11] = 40; cp[19] = 12;
        for (int ply = 0; ply < UCI.length; ply++) {
            int m = uci(p, UCI[ply]);
            if (cp[ply] != Integer.MIN_VALUE && Datagen.quiet(p, scratch)) want.add(p.toFen() + " [0.0] cp " + cp[ply]);
            p.makeMove(m);
        }
        assertFalse(want.isEmpty());
        assertEquals(want, r.lines());
    }

    @Test
    void aPositionSeenBeforeIsNotWrittenAgain(@TempDir Path dir) throws Exception {
        Run r = run(dir, game("1-0", null, MOVETEXT) + game("1/2-1/2", null, MOVETEXT));
        int n = expectedFens(8).size();
        assertEquals(n, r.lines().size());
        assertTrue(r.out().contains("games 2 (skipped 0), positions " + n + " (duplicates left out " + n + ")"), r.out());
    }

    @Test
    void badGamesAreSkippedAndNamedTheRestIsWritten(@TempDir Path dir) throws Exception {
        String illegal = game("1-0", null, "1. e4 e5 2. Ke3 Nc6");
        String noResult = game("*", null, MOVETEXT);
        String badFen = game("1-0", "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1", "1. e4");
        Run r = run(dir, illegal + noResult + badFen + game("1-0", null, MOVETEXT));
        assertEquals(0, r.code());
        assertEquals(expectedFens(8).size(), r.lines().size());
        assertTrue(r.err().contains("'Ke3' is not a legal move"), r.err());
        assertTrue(r.err().contains("result '*'"), r.err());
        assertTrue(r.err().contains("bad FEN"), r.err());
        assertTrue(r.out().contains("games 4 (skipped 3)"), r.out());
    }

    @Test
    void badOptionsAndMissingFilesEndTheRunBeforeWriting(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(e, true, StandardCharsets.UTF_8), out = new PrintStream(new ByteArrayOutputStream());
        Path o = dir.resolve("x.txt");
        assertEquals(2, PgnData.run(new String[]{"--pgn", dir.resolve("none.pgn").toString(), "--out", o.toString()}, out, err));
        assertTrue(e.toString(StandardCharsets.UTF_8).contains("PGN file not found"));
        assertFalse(Files.exists(o));
        assertEquals(2, PgnData.run(new String[]{"--out", o.toString()}, out, err));
        assertEquals(2, PgnData.run(new String[]{"--pgn", "a.pgn", "--out", o.toString(), "--min-ply", "x"}, out, err));
        assertEquals(2, PgnData.run(new String[]{"--pgn", "a.pgn", "--bogus", "1"}, out, err));
        assertFalse(Files.exists(o));
    }

    static String san(String fen, String san) {
        Position p = Position.fromFen(fen);
        int m = PgnData.fromSan(p, san, new int[MoveGen.MAX_MOVES]);
        return m == -1 ? "ambiguous" : Move.toUci(m);
    }

    @Test
    void sanCastlingPromotionEnPassantAndDisambiguation() {
        String castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assertEquals("e1g1", san(castle, "O-O"));
        assertEquals("e1c1", san(castle, "O-O-O+"));
        assertEquals("e1g1", san(castle, "0-0"));
        assertEquals("e8c8", san("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O"));
        assertEquals("e5d6", san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6"));
        String promo = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
        assertEquals("e7d8q", san(promo, "exd8=Q+"));
        assertEquals("e7e8n", san(promo, "e8=N"));
        assertEquals("e7e8q", san(promo, "e8Q"));
        assertEquals("0000", san(promo, "e8"));       // a promotion must name its piece
        String rooks = "7k/8/8/R7/8/8/8/R3K3 w - - 0 1";
        assertEquals("a1a3", san(rooks, "R1a3"));
        assertEquals("a5a3", san(rooks, "R5a3!?"));
        assertEquals("ambiguous", san(rooks, "Ra3"));
        assertEquals("0000", san(rooks, "Qh5"));
        assertEquals("0000", san(rooks, "zz"));
        assertEquals("0000", san(rooks, "Ra9"));
        assertEquals("0000", san(rooks, "Rax3"));
    }

    @Test
    void scoreComments() {
        assertEquals(30, PgnData.moverScore("+0.30/7 0.064s"));
        assertEquals(-125, PgnData.moverScore("-1.25/12 0.5s, Draw by adjudication"));
        assertEquals(Integer.MIN_VALUE, PgnData.moverScore("-M3/8 0.001s"));
        assertNull(PgnData.moverScore("book"));
        assertNull(PgnData.moverScore(null));
    }
}
