package gacrux.search;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/** The neural evaluation: the incremental accumulators equal fresh sums, colour symmetry, and the file checks. */
public class NnueTest {
    static final String[] FENS = {
            Position.START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    };

    /** A random net of the trainer's format (floats), h hidden units. */
    public static byte[] randomNetBytes(int h, long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(bytes);
        d.writeInt(Nnue.MAGIC);
        d.writeInt(h);
        for (int i = 0; i < Nnue.INPUTS * h; i++) d.writeFloat((float) (r.nextDouble() - 0.5) * 0.4f);
        for (int i = 0; i < h; i++) d.writeFloat((float) r.nextDouble() * 0.6f);
        for (int i = 0; i < 2 * h; i++) d.writeFloat((float) (r.nextDouble() - 0.5) * 2f);
        d.writeFloat(0.05f);
        return bytes.toByteArray();
    }

    static Nnue randomNet(int h, long seed) throws IOException {
        return Nnue.read(new ByteArrayInputStream(randomNetBytes(h, seed)));
    }

    /**
     * Random walks down and up a stack of positions, as a search visits them (children, siblings, plies skipped
     * without an evaluation, a jump to another game as a helper taking over a split point): each evaluation by the
     * stack equals the net's fresh sum.
     */
    @Test
    void incrementalEqualsFreshSums() throws IOException {
        Nnue net = randomNet(32, 1);
        NnueStack stack = new NnueStack(net, 64);
        SplittableRandom r = new SplittableRandom(7);
        Position[] pos = new Position[64];
        for (int i = 0; i < 64; i++) pos[i] = new Position();
        int[] moves = new int[MoveGen.MAX_MOVES];
        int checked = 0;
        for (int walk = 0; walk < 40; walk++) {
            pos[0].copyFrom(Position.fromFen(FENS[walk % FENS.length]));
            int ply = 0;
            for (int step = 0; step < 300; step++) {
                if (r.nextInt(4) != 0) { // evaluate most nodes, skip some (in check, cache hits, cutoffs first)
                    assertEquals(net.evaluate(pos[ply]), stack.evaluate(pos[ply], ply), pos[ply].toFen());
                    checked++;
                }
                int n = MoveGen.legal(pos[ply], moves, 0);
                if (n == 0 || ply == 62 || r.nextInt(5) == 0) { // back up one or more plies, then a sibling
                    ply = r.nextInt(ply + 1);
                    continue;
                }
                pos[ply + 1].copyFrom(pos[ply]);
                pos[ply + 1].makeMove(moves[r.nextInt(n)]);
                ply++;
            }
        }
        assertTrue(checked > 5000, "checked " + checked);
        assertTrue(stack.updates > 10 * stack.refreshes, "mostly updates expected: " + stack.updates + " updates, " + stack.refreshes + " refreshes");
    }

    /** The same position with colours swapped and the board flipped is the same evaluation for the side to move. */
    @Test
    void colourSymmetry() throws IOException {
        Nnue net = randomNet(16, 3);
        for (String fen : FENS) {
            Position p = Position.fromFen(fen);
            assertEquals(net.evaluate(p), net.evaluate(p.mirrored()), fen);
        }
        int a = net.evaluate(Position.fromFen(FENS[1])), b = net.evaluate(Position.fromFen(FENS[1].replace(" w ", " b ")));
        assertNotEquals(a, b, "the side to move's accumulator comes first: the two sides' views differ");
    }

    /** A net of constant values: every weight w1, every first-layer bias b1, output weights w2 and bias b2. */
    static byte[] constantNet(int h, float w1, float b1, float w2, float b2) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(bytes);
        d.writeInt(Nnue.MAGIC);
        d.writeInt(h);
        for (int i = 0; i < Nnue.INPUTS * h; i++) d.writeFloat(w1);
        for (int i = 0; i < h; i++) d.writeFloat(b1);
        for (int i = 0; i < 2 * h; i++) d.writeFloat(w2);
        d.writeFloat(b2);
        return bytes.toByteArray();
    }

    /** The largest output a readable net can give is clamped short of the mate scores and the hash's 16 bits. */
    @Test
    void evaluationIsBounded() throws IOException {
        Position p = Position.startPos();
        Nnue high = Nnue.read(new ByteArrayInputStream(constantNet(16, 0, 1.98f, 1.98f, 1.98f)));
        Nnue low = Nnue.read(new ByteArrayInputStream(constantNet(16, 0, 1.98f, -1.98f, -1.98f)));
        assertEquals(Nnue.MAX_EVAL, high.evaluate(p));
        assertEquals(-Nnue.MAX_EVAL, low.evaluate(p));
        assertTrue(Nnue.MAX_EVAL < Score.MATE_BOUND && Nnue.MAX_EVAL < Short.MAX_VALUE);
    }

    /**
     * A searcher takes up the configured net at its next evaluation, on its own thread, and drops the cached
     * hand-crafted scores; configured back, the hand-crafted evaluation returns.
     */
    @Test
    void searcherSwitchesEvaluationWhenConfigured() throws IOException {
        Nnue net = randomNet(16, 4);
        Searcher s = new Searcher(new TranspositionTable(1));
        Position p = Position.fromFen(FENS[1]);
        s.pos[3].copyFrom(p);
        assertEquals(Evaluator.evaluate(p), s.evaluate(s.pos[3], 3));
        s.configure(new Searcher.Config(true, true, 1, net));
        assertEquals(net.evaluate(p), s.evaluate(s.pos[3], 3), "the cached hand-crafted score was kept");
        s.configure(Searcher.Config.DEFAULT);
        assertEquals(Evaluator.evaluate(p), s.evaluate(s.pos[3], 3));
        assertNotEquals(Evaluator.evaluate(p), net.evaluate(p), "the test needs the two evaluations to differ");
    }

    @Test
    void badFilesAreClearErrors() throws IOException {
        byte[] good = randomNetBytes(8, 5);
        IOException e = assertThrows(IOException.class, () -> Nnue.read(new ByteArrayInputStream(new byte[] {1, 2, 3, 4, 0, 0, 0, 8})));
        assertTrue(e.getMessage().contains("magic"), e.getMessage());
        e = assertThrows(IOException.class, () -> Nnue.read(new ByteArrayInputStream(java.util.Arrays.copyOf(good, good.length - 3))));
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
        for (float bad : new float[] {Float.NaN, Float.POSITIVE_INFINITY, 2.5f, -3f}) {
            e = assertThrows(IOException.class, () -> Nnue.read(new ByteArrayInputStream(constantNet(4, 0.1f, 0.1f, bad, 0))));
            assertTrue(e.getMessage().contains("beyond"), e.getMessage());
        }
        e = assertThrows(IOException.class, () -> Nnue.read(new ByteArrayInputStream(java.util.Arrays.copyOf(good, good.length + 4))));
        assertTrue(e.getMessage().contains("trailing"), e.getMessage());
        byte[] wide = good.clone();
        wide[7] = (byte) 200; // hidden size 200
        e = assertThrows(IOException.class, () -> Nnue.read(new ByteArrayInputStream(wide)));
        assertTrue(e.getMessage().contains("hidden"), e.getMessage());
    }

    /** A searcher given a net evaluates with it: another tree than the hand-crafted evaluation's, a legal best move. */
    @Test
    void searcherUsesTheNet() throws IOException {
        Bench.Result hce = Bench.run(6, null, s -> { }, () -> false);
        Bench.Result nn = Bench.run(6, randomNet(16, 9), s -> { }, () -> false);
        assertNotEquals(hce.nodes(), nn.nodes());
        assertEquals(nn.nodes(), Bench.run(6, randomNet(16, 9), s -> { }, () -> false).nodes(), "deterministic with a net too");
    }
}
