package gacrux.search;

import gacrux.board.MoveGen;
import gacrux.board.Piece;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

class EvaluatorTest {

    static List<String> suiteFens() throws Exception {
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                EvaluatorTest.class.getResourceAsStream("/perft.epd"), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) continue;
                out.add(line.split(";")[0].trim());
            }
        }
        return out;
    }

    /** Positions from seeded random playouts (deterministic), including late endgames. */
    static List<Position> playoutPositions(int games, int maxPlies, long seed) {
        List<Position> out = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] moves = new int[MoveGen.MAX_MOVES];
        for (int g = 0; g < games; g++) {
            Position p = Position.startPos();
            for (int ply = 0; ply < maxPlies; ply++) {
                int n = MoveGen.legal(p, moves, 0);
                if (n == 0) break;
                p = p.copy();
                p.makeMove(moves[rnd.nextInt(n)]);
                out.add(p);
            }
        }
        return out;
    }

    static void assertSymmetric(Position p) {
        Position m = p.mirrored();
        assertEquals(Evaluator.evaluate(p), Evaluator.evaluate(m), () -> "asymmetric: " + p.toFen() + " vs " + m.toFen());
        assertEquals(Evaluator.evaluate(p), Evaluator.evaluate(m.mirrored()), () -> "double mirror: " + p.toFen());
    }

    @Test
    void symmetricOnPerftSuite() throws Exception {
        List<String> fens = suiteFens();
        assertTrue(fens.size() > 100);
        for (String fen : fens) assertSymmetric(Position.fromFen(fen));
    }

    @Test
    void symmetricOnRandomPlayouts() {
        List<Position> ps = playoutPositions(300, 300, 0x5EEDL);
        assertTrue(ps.size() > 10_000);
        for (Position p : ps) assertSymmetric(p);
    }

    @Test
    void startPositionIsNearlyEqual() {
        int s = Evaluator.evaluate(Position.startPos());
        assertTrue(Math.abs(s) <= 30, "start eval " + s);
        Position black = Position.fromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assertEquals(s, Evaluator.evaluate(black), "start position value should not depend on who moves");
    }

    @Test
    void upAQueenIsWinning() {
        // White is missing nothing, black has no queen.
        String w = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        String b = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
        assertTrue(Evaluator.evaluate(Position.fromFen(w)) > 700);
        assertTrue(Evaluator.evaluate(Position.fromFen(b)) < -700);
        // And the same from black's side (black has the extra queen).
        String b2 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1";
        String w2 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
        assertTrue(Evaluator.evaluate(Position.fromFen(b2)) > 700);
        assertTrue(Evaluator.evaluate(Position.fromFen(w2)) < -700);
        // Endgame: KQ vs K.
        assertTrue(Evaluator.evaluate(Position.fromFen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")) > 700);
        assertTrue(Evaluator.evaluate(Position.fromFen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1")) < -700);
    }

    @Test
    void advancedPassedPawnIsWorthMore() {
        int on7 = Evaluator.evaluate(Position.fromFen("7k/P7/8/8/8/8/8/7K w - - 0 1"));
        int on3 = Evaluator.evaluate(Position.fromFen("7k/8/8/8/8/P7/8/7K w - - 0 1"));
        assertTrue(on7 > on3, on7 + " vs " + on3);
        // With pieces on the board too, and for black.
        int b7 = Evaluator.evaluate(Position.fromFen("r5k1/5ppp/8/8/8/8/p4PPP/R5K1 b - - 0 1"));
        int b3 = Evaluator.evaluate(Position.fromFen("r5k1/5ppp/8/8/8/p7/5PPP/R5K1 b - - 0 1"));
        assertTrue(b7 > b3, b7 + " vs " + b3);
    }

    @Test
    void intactKingShieldBeatsBrokenShieldInMidgame() {
        String intact = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1";
        String broken = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P1PP/2N2N2/PPPP1P2/R1BQ1RK1 w - - 0 1";
        int a = Evaluator.evaluate(Position.fromFen(intact));
        int b = Evaluator.evaluate(Position.fromFen(broken));
        assertTrue(a > b, a + " vs " + b);
        // Same comparison for black's king (mirrored positions), from black's side.
        int ma = Evaluator.evaluate(Position.fromFen(intact).mirrored());
        int mb = Evaluator.evaluate(Position.fromFen(broken).mirrored());
        assertTrue(ma > mb, ma + " vs " + mb);
        // A king with the g-pawn gone entirely (and material otherwise equal: black has lost a pawn too).
        String gone = "r1bq1rk1/ppp2ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1P1P/R1BQ1RK1 w - - 0 1";
        String away = "r1bq1rk1/ppp2ppp/2n2n2/2b1p3/2B1P3/2N2N2/1PPP1PPP/R1BQ1RK1 w - - 0 1";
        int g = Evaluator.evaluate(Position.fromFen(gone));
        int w = Evaluator.evaluate(Position.fromFen(away));
        assertTrue(w > g, w + " vs " + g);
    }

    /**
     * What the named weight groups add to evaluate(p), white's view: evaluate() minus the tuner's model of it with those
     * weights zeroed (EvalTraceTest holds the model to evaluate() within rounding). Switching a term off in
     * evaluate() makes this 0; the mirrored position must give exactly the negation.
     */
    static double contribution(Position p, String... groups) {
        double c = contributionOneSide(p, groups);
        assertEquals(-c, contributionOneSide(p.mirrored(), groups), 1e-6, () -> "mirrored " + p.toFen());
        return c;
    }

    private static double contributionOneSide(Position p, String... groups) {
        int[] w = EvalTrace.currentWeights();
        for (String name : groups) {
            EvalTrace.Group g = EvalTrace.GROUPS.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
            java.util.Arrays.fill(w, g.offset(), g.offset() + g.length(), 0);
        }
        int e = Evaluator.evaluate(p);
        return (p.sideToMove() == Piece.WHITE ? e : -e) - EvalTrace.modelEval(p, new EvalTrace.Scratch(), w);
    }

    @Test
    void pawnStormAgainstTheKingCosts() {
        // Black's g- and h-pawns on the 4th rank: against a king on g1 they are a storm, against one on b1 they are not.
        // (Compared by the storm's own share: the eighth run left the 4th rank at 5 cp a pawn, about what the king
        // squares and the other king terms differ by between g1 and b1, so the whole evaluations tie.)
        String stormed = "3rr1k1/pppbbp2/8/8/6pp/8/PPPBBPPP/3RR1K1 w - - 0 1";
        String away = "3rr1k1/pppbbp2/8/8/6pp/8/PPPBBPPP/1K1RR3 w - - 0 1";
        double a = contribution(Position.fromFen(stormed), "STORM_MG", "STORM_BLOCKED_MG");
        double b = contribution(Position.fromFen(away), "STORM_MG", "STORM_BLOCKED_MG");
        assertTrue(a < -2 && Math.abs(b) < 1, a + " vs " + b + " (b: rounding only)");
        // Storm pawns on g3 and h3 (the tuned weights are largest there; one rank further the blocked ones are ~2 cp):
        // with nothing in front of them, and held by white pawns on g2 and h2, still a lever, less of a threat.
        double free = contribution(Position.fromFen("3rr1k1/pppbbp2/8/8/8/6pp/PPPBBP2/3RR1K1 w - - 0 1"),
                "STORM_MG", "STORM_BLOCKED_MG");
        double blocked = contribution(Position.fromFen("3rr1k1/pppbbp2/8/8/8/6pp/PPPBBPPP/3RR1K1 w - - 0 1"),
                "STORM_MG", "STORM_BLOCKED_MG");
        assertTrue(free < blocked && blocked < -2, free + " vs " + blocked);
    }

    @Test
    void openAndHalfOpenFilesAtTheKingCost() {
        // g-file open (no pawn at all) at white's king; black's king on b8 behind its a-, b- and c-pawns.
        assertTrue(contribution(Position.fromFen("1k1rr3/pppbbp1p/8/8/8/8/PPPBBP1P/3RR1K1 w - - 0 1"),
                "KING_OPEN_FILE_MG") < -5);
        // f- and g-files without a white pawn, black's pawns still on them.
        assertTrue(contribution(Position.fromFen("1k1rr3/pppbbppp/8/8/8/8/PPPBB2P/3RR1K1 w - - 0 1"),
                "KING_SEMI_OWN_MG") < -5);
    }

    @Test
    void uncastledKingInTheCentreCostsWhileQueensAreOn() {
        String italian = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQ - 0 1";
        assertTrue(contribution(Position.fromFen(italian), "KING_CENTER_MG") < -5);
        String noQueens = "r1b2rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1B1K2R w KQ - 0 1";
        assertEquals(0, contribution(Position.fromFen(noQueens), "KING_CENTER_MG"), 1.5);
    }

    @Test
    void rookShutInByAWalkedKingCosts() {
        assertTrue(contribution(Position.fromFen("r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1K1R w - - 0 1"),
                "KING_TRAPPED_ROOK_MG") < -20);
        assertEquals(0, contribution(Position.fromFen("r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1"),
                "KING_TRAPPED_ROOK_MG"), 1.5);
    }

    @Test
    void safeChecksCountOnlyWhenUnguarded() {
        // The knight on c6 can check from e7, which nothing of black's guards ... (minor pieces that give no check
        // on either side, so the midgame weight counts: the knight's endgame weight is small)
        assertTrue(contribution(Position.fromFen("nb4k1/5ppp/2N5/8/8/8/1B3PPP/1N4K1 w - - 0 1"), "SAFE_CHECK_MG", "SAFE_CHECK_EG") > 4);
        // ... until a bishop on f8 does.
        assertEquals(0, contribution(Position.fromFen("nb3bk1/5ppp/2N5/8/8/8/1B3PPP/1N4K1 w - - 0 1"), "SAFE_CHECK_MG", "SAFE_CHECK_EG"), 1.5);
    }

    @Test
    void drawishMaterialIsScaledDown() {
        assertEquals(0, Evaluator.evaluate(Position.fromFen("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1")));
        assertTrue(Math.abs(Evaluator.evaluate(Position.fromFen("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"))) <= 10);
        assertTrue(Evaluator.evaluate(Position.fromFen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")) > 400);
        int krkb = Evaluator.evaluate(Position.fromFen("4kb2/8/8/8/8/8/8/R3K3 w - - 0 1"));
        assertTrue(krkb < 100 && krkb >= 0, "KRKB " + krkb);
    }

    /** Opposite-coloured bishops alone: a quarter of the score without a passer, an eighth more per passer of the strong side. */
    @Test
    void oppositeBishopsScaleByTheStrongSidesPassers() {
        int b = Evaluator.PIECE_VALUE[Piece.BISHOP];
        // a pawn up, every white pawn held by a black one (a4/a5, g4/g5, f4 beside g5): no passer
        Position none = Position.fromFen("7k/8/8/p1b3p1/P1B2PP1/8/8/6K1 w - - 0 1");
        assertEquals(16, Evaluator.drawScale(none, Piece.WHITE, b, b));
        // d4, e4 and h2 passed (black's only pawn is on a5)
        Position three = Position.fromFen("7k/8/8/p1b5/P1BPP3/8/7P/6K1 w - - 0 1");
        assertEquals(40, Evaluator.drawScale(three, Piece.WHITE, b, b));
        // the same pawns with a knight each: not a pure opposite-bishop ending, unscaled
        Position knights = Position.fromFen("4nk2/8/8/p1b5/P1BPP3/8/7P/4N1K1 w - - 0 1");
        int n = Evaluator.PIECE_VALUE[Piece.KNIGHT];
        assertEquals(64, Evaluator.drawScale(knights, Piece.WHITE, b + n, b + n));
        assertTrue(Evaluator.evaluate(three) > 2 * Math.abs(Evaluator.evaluate(none)), "passers should keep winning chances");
    }

    @Test
    void pieceValuesForOrdering() {
        int[] v = Evaluator.PIECE_VALUE;
        assertEquals(7, v.length);
        assertEquals(0, v[0]);
        assertTrue(v[Piece.PAWN] < v[Piece.KNIGHT] && v[Piece.KNIGHT] <= v[Piece.BISHOP]
                && v[Piece.BISHOP] < v[Piece.ROOK] && v[Piece.ROOK] < v[Piece.QUEEN] && v[Piece.QUEEN] < v[Piece.KING]);
    }

    @Test
    void evaluateAllocatesNothing() {
        List<Position> list = playoutPositions(20, 200, 42);
        Position[] ps = list.toArray(new Position[0]);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeAllocationMeasurable(mx);
        long sink = 0;
        for (int i = 0; i < 300_000; i++) sink += Evaluator.evaluate(ps[i % ps.length]);
        long before = mx.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 100_000; i++) sink += Evaluator.evaluate(ps[i % ps.length]);
        long after = mx.getCurrentThreadAllocatedBytes();
        assertTrue(after - before < 1000, "allocated " + (after - before) + " bytes (sink " + sink + ")");
    }

    private static void assumeAllocationMeasurable(com.sun.management.ThreadMXBean mx) {
        assertTrue(mx.isThreadAllocatedMemorySupported(), "thread allocation accounting unsupported");
        if (!mx.isThreadAllocatedMemoryEnabled()) mx.setThreadAllocatedMemoryEnabled(true);
    }
}
