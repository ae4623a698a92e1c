package gacrux.search;

import gacrux.board.Position;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * An efficiently updatable neural evaluation (NNUE): (768 → H) × 2 → 1 with a squared clipped ReLU, the net
 * {@code nnue-train} fits. Immutable once read, so every worker of a parallel search shares one.
 *
 * <p>Inputs, per perspective: one feature per (piece of that side or the other, piece type, square seen from that
 * side: a1 is the perspective's own corner). The first layer is a sum of rows of {@link #w1}, one per piece on the
 * board, kept per perspective in an accumulator that a move changes by a few rows ({@link NnueStack}). The output
 * layer reads the side to move's accumulator first, then the other's.
 *
 * <p>Integers throughout, so the evaluation is the same on every machine: the first layer's weights are scaled by
 * {@link #QA} and rounded to 16 bits, the output weights by {@link #QB}. Activations are clamp(x, 0, QA)², so one
 * term is at most 255 × 255 × 127 and H = 128 (256 terms) still sums within an int.
 */
public final class Nnue {
    public static final int INPUTS = 768, QA = 255, QB = 64, SCALE = 400;
    /** The file's first int: "GXN1". */
    public static final int MAGIC = 0x47584E31;
    public static final int MAX_HIDDEN = 128;
    /** The trainer clips every weight and bias to this, so a net the trainer wrote always reads. */
    public static final float CLIP = 1.98f;
    /** No evaluation beyond this: far from the mate scores and from the hash table's 16-bit score field. */
    public static final int MAX_EVAL = 20_000;

    final int h;
    /** First layer, row per feature: w1[feature * h + j]. */
    final short[] w1;
    final short[] b1;
    /** Output weights: the side to move's h, then the other side's h. */
    final short[] w2;
    /** Output bias, scaled by QA × QB. */
    final int b2;

    private Nnue(int h, short[] w1, short[] b1, short[] w2, int b2) {
        this.h = h;
        this.w1 = w1;
        this.b1 = b1;
        this.w2 = w2;
        this.b2 = b2;
    }

    public int hidden() { return h; }

    /** Reads a net file (see {@link #read(InputStream)}). */
    public static Nnue read(java.nio.file.Path file) throws IOException {
        try (InputStream in = new java.io.BufferedInputStream(java.nio.file.Files.newInputStream(file))) {
            return read(in);
        }
    }

    /**
     * Reads a net in the trainer's format: MAGIC, H, then float32 w1[768 × H], b1[H], w2[2H], b2 (big-endian), and
     * quantizes it. Every value must be finite and within ±{@link #CLIP} (what the trainer writes), which is what
     * keeps the integer sums below in range. A bad file is an IOException saying what is wrong.
     */
    public static Nnue read(InputStream in) throws IOException {
        DataInputStream d = new DataInputStream(in);
        try {
            int magic = d.readInt();
            if (magic != MAGIC) throw new IOException("not a Gacrux net (bad magic number)");
            int h = d.readInt();
            if (h < 1 || h > MAX_HIDDEN) throw new IOException("hidden layer size " + h + " not in 1.." + MAX_HIDDEN);
            short[] w1 = new short[INPUTS * h], b1 = new short[h], w2 = new short[2 * h];
            for (int i = 0; i < w1.length; i++) w1[i] = quantize(d.readFloat(), QA);
            for (int i = 0; i < h; i++) b1[i] = quantize(d.readFloat(), QA);
            for (int i = 0; i < w2.length; i++) w2[i] = quantize(d.readFloat(), QB);
            float b = d.readFloat();
            quantize(b, 1);
            if (d.read() != -1) throw new IOException("trailing bytes after the net (wrong hidden size?)");
            return new Nnue(h, w1, b1, w2, Math.round(b * QA * QB));
        } catch (java.io.EOFException e) {
            throw new IOException("truncated net file");
        }
    }

    /**
     * x × scale rounded, for x finite and within ±CLIP. So an accumulator, the bias and 32 rows, stays within
     * 33 × 505 in 16 bits, and an output term within 255 × 255 × 127.
     */
    private static short quantize(float x, int scale) throws IOException {
        if (!(Math.abs(x) <= CLIP + 1e-6f)) throw new IOException("weight " + x + " not finite or beyond ±" + CLIP);
        return (short) Math.round(x * scale);
    }

    /** The feature of piece code pc (colour bit 3, type 1..6) on sq, seen by perspective (0 white, 1 black). */
    public static int feature(int perspective, int pc, int sq) {
        int relative = (pc >>> 3) ^ perspective;
        return relative * 384 + ((pc & 7) - 1) * 64 + (perspective == 0 ? sq : sq ^ 56);
    }

    /**
     * The same piece's feature from the other perspective: own and other swapped, the board flipped (so
     * otherPerspective(feature(0, pc, sq)) == feature(1, pc, sq)). The trainer stores one perspective and derives
     * the other with this, so the two sides cannot disagree on the indexing.
     */
    public static int otherPerspective(int feature) { return (feature < 384 ? feature + 384 : feature - 384) ^ 56; }

    /** Sets acc to the first layer's output for p from perspective: the bias plus one row per piece. */
    void refresh(Position p, short[] acc, int perspective) {
        System.arraycopy(b1, 0, acc, 0, h);
        for (int sq = 0; sq < 64; sq++) {
            int pc = p.pieceAt(sq);
            if (pc != 0) add(acc, feature(perspective, pc, sq));
        }
    }

    void add(short[] acc, int feature) {
        int o = feature * h;
        for (int j = 0; j < h; j++) acc[j] += w1[o + j];
    }

    void sub(short[] acc, int feature) {
        int o = feature * h;
        for (int j = 0; j < h; j++) acc[j] -= w1[o + j];
    }

    /** The evaluation in centipawns for the side whose accumulator is us. */
    int output(short[] us, short[] them) {
        int s = 0;
        for (int j = 0; j < h; j++) {
            int v = Math.max(0, Math.min(QA, us[j]));
            s += v * w2[j] * v;
        }
        int t = 0;
        for (int j = 0; j < h; j++) {
            int v = Math.max(0, Math.min(QA, them[j]));
            t += v * w2[h + j] * v;
        }
        long sum = (long) s + t;
        long e = (sum / QA + b2) * SCALE / (QA * QB);
        return (int) Math.max(-MAX_EVAL, Math.min(MAX_EVAL, e));
    }

    /** The evaluation of p from scratch, for the side to move (tests and one-off use; the search uses NnueStack). */
    public int evaluate(Position p) {
        short[] white = new short[h], black = new short[h];
        refresh(p, white, 0);
        refresh(p, black, 1);
        return p.sideToMove() == 0 ? output(white, black) : output(black, white);
    }
}
