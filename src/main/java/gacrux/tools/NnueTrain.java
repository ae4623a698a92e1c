package gacrux.tools;

import gacrux.board.Position;
import gacrux.search.Evaluator;
import gacrux.search.Nnue;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code nnue-train}: fits the network {@link Nnue} evaluates with, (768 → H) × 2 → 1 with a squared clipped ReLU,
 * to the data {@code datagen} and {@code label} write ({@code FEN [result] cp N}), and reports the hand-crafted
 * evaluation's loss on the same target and the same held-out positions beside the net's: the figure that says
 * whether a net is worth a match.
 *
 * <p>The target is tune's: the game result, or with {@code --blend W} the result blended with the score on the line
 * ((1 − W) result + W sigmoid(K' score), K' fitted so the scores predict the training results best). The loss is
 * the mean squared error of sigmoid(K eval) against it, where K is the one that fits the hand-crafted evaluation
 * best: so the net's centipawns are on the hand-crafted scale, which the search's margins were tuned for. The held-
 * out positions are tune's (one block of {@link Tune#HOLDOUT_BLOCK} lines in ten). Training is Adam over shuffled
 * mini-batches, gradients summed over {@code --threads} threads in a fixed order, so a seed gives the same net.
 */
final class NnueTrain {
    private NnueTrain() {}

    /** Every weight and bias stays where the engine's 16-bit quantization holds it (Nnue.read checks the same). */
    static final float CLIP = Nnue.CLIP;

    record Options(List<Path> data, Path out, int hidden, int epochs, double lr, double decay, int batch, int threads,
                   double blend, long seed, boolean mirror) {}

    static String usage() {
        return "usage: nnue-train --data FILE[,FILE...] --out FILE [--hidden H] [--epochs E] [--lr R] [--decay D] [--batch B] [--threads T] [--blend W] [--seed S] [--mirror]";
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("nnue-train: " + e.getMessage());
            err.println(usage());
            return 2;
        }
        long t0 = System.nanoTime();
        Set train = new Set(), test = new Set();
        try {
            for (Path f : o.data()) {
                train.source = test.source = (byte) o.data().indexOf(f);
                load(f, train, test, o.mirror());
            }
        } catch (IOException | IllegalArgumentException e) {
            err.println("nnue-train: " + e.getMessage());
            return 2;
        }
        if (train.n == 0 || test.n == 0) {
            err.println("nnue-train: too few positions (" + train.n + " training, " + test.n + " held out; one block of "
                    + Tune.HOLDOUT_BLOCK + " in ten is held out)");
            return 2;
        }
        out.printf("positions: %d training%s, %d held out (loaded in %.1f s)%n", train.originals, train.n > train.originals
                ? " (+ " + (train.n - train.originals) + " mirrored)" : "", test.n, (System.nanoTime() - t0) / 1e9);
        if (o.blend() > 0) {
            if (train.hasNaNScore() || test.hasNaNScore()) {
                err.println("nnue-train: --blend needs every line scored ('FEN [result] cp N', see datagen --scores and label)");
                return 2;
            }
            // K' per file: files scored by different engines (datagen --scores, label) each get their own scale.
            double[] kk = new double[o.data().size()];
            for (int f = 0; f < kk.length; f++) {
                if (train.ofSource(train.score, f).length == 0) {
                    err.println("nnue-train: " + o.data().get(f) + " has no training positions to fit its score scale on");
                    return 2;
                }
                kk[f] = Tune.fitK(train.ofSource(train.score, f), train.ofSource(train.result, f));
                out.printf("target: results blended with the scores, W %.2f, K' %.4f for %s%n", o.blend(), kk[f], o.data().get(f));
            }
            train.blend(o.blend(), kk);
            test.blend(o.blend(), kk);
        } else {
            train.blend(0, null);
            test.blend(0, null);
        }
        double k = Tune.fitK(train.originals(train.hce), train.whiteTarget());
        double ks = k * Tune.LN10_400 * Nnue.SCALE;
        out.printf("hand-crafted evaluation: K %.4f, loss %.6f, held out %.6f%n", k, hceLoss(train, k), hceLoss(test, k));
        Net net = new Net(o.hidden(), new SplittableRandom(o.seed()));
        out.printf("net %d hidden: held out %.6f before training%n", o.hidden(), net.loss(test, ks));
        ExecutorService pool = Executors.newFixedThreadPool(o.threads(), r -> {
            Thread t = new Thread(r, "nnue-train");
            t.setDaemon(true);
            return t;
        });
        try {
            train(net, train, test, o, ks, pool, out, t0);
        } catch (Exception e) {
            err.println("nnue-train: " + e);
            return 1;
        } finally {
            pool.shutdownNow();
        }
        try {
            net.save(o.out());
        } catch (IOException e) {
            err.println("nnue-train: cannot write " + o.out() + ": " + e.getMessage());
            return 1;
        }
        out.println("net written to " + o.out());
        return 0;
    }

    static Options parse(String[] args) {
        List<Path> data = new ArrayList<>();
        Path out = null;
        int hidden = 128, epochs = 30, batch = 16384, threads = 1;
        double lr = 1e-3, decay = 0.95, blend = 0;
        long seed = 1;
        boolean mirror = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--mirror")) { mirror = true; continue; }
            if (i + 1 >= args.length) throw new IllegalArgumentException("missing value after " + a);
            String v = args[++i];
            try {
                switch (a) {
                    case "--data" -> { for (String f : v.split(",")) data.add(Path.of(f)); }
                    case "--out" -> out = Path.of(v);
                    case "--hidden" -> hidden = Integer.parseInt(v);
                    case "--epochs" -> epochs = Integer.parseInt(v);
                    case "--lr" -> lr = Double.parseDouble(v);
                    case "--decay" -> decay = Double.parseDouble(v);
                    case "--batch" -> batch = Integer.parseInt(v);
                    case "--threads" -> threads = Integer.parseInt(v);
                    case "--blend" -> blend = Double.parseDouble(v);
                    case "--seed" -> seed = Long.parseLong(v);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(a + " needs a number, got '" + v + "'");
            }
        }
        if (data.isEmpty()) throw new IllegalArgumentException("--data FILE is required");
        if (data.size() > 100) throw new IllegalArgumentException("--data: at most 100 files");
        if (new java.util.HashSet<>(data).size() < data.size()) throw new IllegalArgumentException("--data names a file twice");
        if (out == null) throw new IllegalArgumentException("--out FILE is required");
        if (hidden < 1 || hidden > Nnue.MAX_HIDDEN) throw new IllegalArgumentException("--hidden must be 1.." + Nnue.MAX_HIDDEN);
        if (epochs < 1) throw new IllegalArgumentException("--epochs must be at least 1");
        if (!(lr > 0 && lr < 1)) throw new IllegalArgumentException("--lr must be in (0, 1)");
        if (!(decay > 0 && decay <= 1)) throw new IllegalArgumentException("--decay must be in (0, 1]");
        if (batch < 1) throw new IllegalArgumentException("--batch must be at least 1");
        if (threads < 1 || threads > 256) throw new IllegalArgumentException("--threads must be 1..256");
        if (!(blend >= 0 && blend <= 1)) throw new IllegalArgumentException("--blend must be in [0, 1]");
        return new Options(data, out, hidden, epochs, lr, decay, batch, threads, blend, seed, mirror);
    }

    /**
     * Reads one data file; its held-out blocks are tune's for that file (counted from its first line). With mirror, each
     * training position without castling rights is added a second time with its files mirrored (a to h): the same
     * game in every respect, so the same target, and twice the positions where the data are thinnest.
     */
    static void load(Path file, Set train, Set test, boolean mirror) throws IOException {
        if (!Files.isRegularFile(file)) throw new IOException("data file not found: " + file);
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int lineNo = 0, index = -1;
            while ((line = r.readLine()) != null) {
                lineNo++;
                line = line.trim();
                if (line.isEmpty() || line.startsWith("#")) continue;
                DataLine d = DataLine.parse(file, lineNo, line);
                index++;
                if (index / Tune.HOLDOUT_BLOCK % 10 == 9) test.add(d.position(), d.result(), d.score(), false);
                else {
                    train.add(d.position(), d.result(), d.score(), false);
                    if (mirror && d.position().castlingRights() == 0) train.add(d.position(), d.result(), d.score(), true);
                }
            }
        }
    }

    /** The hand-crafted evaluation's loss over the positions as read (not their mirrored copies). */
    static double hceLoss(Set s, double k) {
        double sum = 0;
        for (int i = 0; i < s.n; i++) {
            if (s.mirrored[i]) continue;
            double d = Tune.sigmoid(k, s.hce[i]) - s.whiteTarget[i];
            sum += d * d;
        }
        return sum / s.originals;
    }

    static void train(Net net, Set train, Set test, Options o, double ks, ExecutorService pool, PrintStream out, long t0)
            throws Exception {
        int threads = o.threads();
        Adam adam = new Adam(net.params());
        Grad[] grads = new Grad[threads];
        for (int t = 0; t < threads; t++) grads[t] = new Grad(net);
        int[] order = new int[train.n];
        for (int i = 0; i < order.length; i++) order[i] = i;
        SplittableRandom rnd = new SplittableRandom(o.seed() + 1);
        double lr = o.lr();
        for (int e = 1; e <= o.epochs(); e++) {
            for (int i = order.length - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1), x = order[i];
                order[i] = order[j];
                order[j] = x;
            }
            double sum = 0;
            for (int b0 = 0; b0 < order.length; b0 += o.batch()) {
                int b1 = Math.min(order.length, b0 + o.batch()), per = (b1 - b0 + threads - 1) / threads;
                List<Future<?>> fs = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int from = Math.min(b1, b0 + t * per), to = Math.min(b1, from + per);
                    Grad g = grads[t];
                    fs.add(pool.submit(() -> {
                        g.clear();
                        for (int i = from; i < to; i++) g.loss += g.accumulate(train, order[i], ks);
                    }));
                }
                for (Future<?> f : fs) f.get();
                for (int t = 1; t < threads; t++) grads[0].addFrom(grads[t]);
                for (Grad g : grads) sum += g.loss;
                adam.step(grads[0].params(), lr, 1.0 / (b1 - b0));
                net.clip();
            }
            out.printf("epoch %d: lr %.2e, loss %.6f%s, held out %.6f (%.0f s)%n", e, lr, sum / train.n,
                    train.n > train.originals ? " (mirrored copies included)" : "", net.loss(test, ks),
                    (System.nanoTime() - t0) / 1e9);
            lr *= o.decay();
        }
    }

    /** Positions as white-perspective feature lists (black's are derived), with results, scores and targets. */
    static final class Set {
        short[] feat = new short[1 << 16];
        int[] start = new int[1025];
        byte[] stm = new byte[1024];
        /** A training position's file-mirrored copy (--mirror): no hand-crafted evaluation, left out of K and its loss. */
        boolean[] mirrored = new boolean[1024];
        /** The data file (index in --data) each position came from; source: the one being read. */
        byte[] from = new byte[1024];
        byte source;
        int originals;
        double[] result = new double[1024], score = new double[1024], hce = new double[1024];
        /** White's target, then the side to move's (what the net predicts). */
        float[] whiteTarget = new float[0], target = new float[0]; // made by blend(), once every position is read
        int n;

        void add(Position p, double whiteResult, double whiteScore, boolean mirror) {
            if (n + 1 >= stm.length) grow();
            int k = start[n];
            if (k + 64 > feat.length) feat = Arrays.copyOf(feat, feat.length * 2);
            for (int sq = 0; sq < 64; sq++) {
                int pc = p.pieceAt(sq);
                if (pc != 0) feat[k++] = (short) Nnue.feature(0, pc, mirror ? sq ^ 7 : sq);
            }
            stm[n] = (byte) p.sideToMove();
            result[n] = whiteResult;
            score[n] = whiteScore;
            mirrored[n] = mirror;
            from[n] = source;
            if (mirror) hce[n] = Double.NaN;
            else {
                int e = Evaluator.evaluate(p);
                hce[n] = p.sideToMove() == 0 ? e : -e;
                originals++;
            }
            start[++n] = k;
        }

        private void grow() {
            int c = stm.length * 2;
            start = Arrays.copyOf(start, c + 1);
            stm = Arrays.copyOf(stm, c);
            result = Arrays.copyOf(result, c);
            score = Arrays.copyOf(score, c);
            hce = Arrays.copyOf(hce, c);
            mirrored = Arrays.copyOf(mirrored, c);
            from = Arrays.copyOf(from, c);
        }

        boolean hasNaNScore() {
            for (int i = 0; i < n; i++) if (Double.isNaN(score[i])) return true;
            return false;
        }

        /** The targets: results, or with w > 0 blended with the scores, kk[file] their scale. */
        void blend(double w, double[] kk) {
            whiteTarget = new float[n];
            target = new float[n];
            for (int i = 0; i < n; i++) {
                double t = w > 0 ? (1 - w) * result[i] + w * Tune.sigmoid(kk[from[i]], score[i]) : result[i];
                whiteTarget[i] = (float) t;
                target[i] = (float) (stm[i] == 0 ? t : 1 - t);
            }
        }

        /** a's entries for the positions read from file f, without the mirrored copies. */
        double[] ofSource(double[] a, int f) {
            int c = 0;
            for (int i = 0; i < n; i++) if (!mirrored[i] && from[i] == f) c++;
            double[] t = new double[c];
            for (int i = 0, j = 0; i < n; i++) if (!mirrored[i] && from[i] == f) t[j++] = a[i];
            return t;
        }

        /** a's entries for the positions as read, without the mirrored copies. */
        double[] originals(double[] a) {
            double[] t = new double[originals];
            for (int i = 0, j = 0; i < n; i++) if (!mirrored[i]) t[j++] = a[i];
            return t;
        }

        double[] whiteTarget() {
            double[] t = new double[n];
            for (int i = 0; i < n; i++) t[i] = whiteTarget[i];
            return originals(t);
        }
    }

    static double sigmoid(double x) { return 1 / (1 + Math.exp(-x)); }

    /** Float parameters: w1[768 × H] row per feature, b1[H], w2[2H] (side to move first), b2; eval = output × 400. */
    static final class Net {
        final int h;
        final float[] w1, b1, w2, b2;

        Net(int h, SplittableRandom r) {
            this.h = h;
            w1 = new float[Nnue.INPUTS * h];
            b1 = new float[h];
            w2 = new float[2 * h];
            b2 = new float[1];
            double a = 1 / Math.sqrt(32); // about 32 pieces: a first-layer sum of spread about 0.6
            for (int i = 0; i < w1.length; i++) w1[i] = (float) ((r.nextDouble() * 2 - 1) * a);
            double c = 1 / Math.sqrt(2 * h);
            for (int i = 0; i < w2.length; i++) w2[i] = (float) ((r.nextDouble() * 2 - 1) * c);
        }

        float[][] params() { return new float[][] {w1, b1, w2, b2}; }

        void clip() {
            for (float[] a : params()) for (int i = 0; i < a.length; i++) a[i] = Math.max(-CLIP, Math.min(CLIP, a[i]));
        }

        double loss(Set s, double ks) {
            float[] us = new float[h], them = new float[h];
            double sum = 0;
            for (int i = 0; i < s.n; i++) {
                double d = sigmoid(ks * forward(s, i, us, them)) - s.target[i];
                sum += d * d;
            }
            return sum / s.n;
        }

        /** Fills the two first-layer sums and returns the output (× 400: centipawns for the side to move). */
        double forward(Set s, int i, float[] us, float[] them) {
            System.arraycopy(b1, 0, us, 0, h);
            System.arraycopy(b1, 0, them, 0, h);
            boolean white = s.stm[i] == 0;
            for (int k = s.start[i]; k < s.start[i + 1]; k++) {
                int fw = s.feat[k], fb = Nnue.otherPerspective(fw);
                int ou = (white ? fw : fb) * h, ot = (white ? fb : fw) * h;
                for (int j = 0; j < h; j++) {
                    us[j] += w1[ou + j];
                    them[j] += w1[ot + j];
                }
            }
            double o = b2[0];
            for (int j = 0; j < h; j++) {
                float a = Math.max(0, Math.min(1, us[j])), b = Math.max(0, Math.min(1, them[j]));
                o += w2[j] * a * a + w2[h + j] * b * b;
            }
            return o;
        }

        /** The format Nnue.read reads: magic, H, then the float arrays (big-endian). */
        void save(Path f) throws IOException {
            try (DataOutputStream d = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(f)))) {
                d.writeInt(Nnue.MAGIC);
                d.writeInt(h);
                for (float[] a : params()) for (float x : a) d.writeFloat(x);
            }
        }
    }

    /** One thread's gradient over its part of a batch; first-layer rows are cleared only where touched. */
    static final class Grad {
        final Net net;
        final float[] w1, b1, w2, b2, us, them, dus, dthem;
        final boolean[] touched = new boolean[Nnue.INPUTS];
        double loss;

        Grad(Net n) {
            net = n;
            w1 = new float[n.w1.length];
            b1 = new float[n.h];
            w2 = new float[2 * n.h];
            b2 = new float[1];
            us = new float[n.h];
            them = new float[n.h];
            dus = new float[n.h];
            dthem = new float[n.h];
        }

        float[][] params() { return new float[][] {w1, b1, w2, b2}; }

        void clear() {
            int h = net.h;
            for (int f = 0; f < Nnue.INPUTS; f++)
                if (touched[f]) {
                    Arrays.fill(w1, f * h, f * h + h, 0);
                    touched[f] = false;
                }
            Arrays.fill(b1, 0);
            Arrays.fill(w2, 0);
            b2[0] = 0;
            loss = 0;
        }

        void addFrom(Grad o) {
            int h = net.h;
            for (int f = 0; f < Nnue.INPUTS; f++)
                if (o.touched[f]) {
                    touched[f] = true;
                    for (int j = f * h; j < f * h + h; j++) w1[j] += o.w1[j];
                }
            for (int j = 0; j < b1.length; j++) b1[j] += o.b1[j];
            for (int j = 0; j < w2.length; j++) w2[j] += o.w2[j];
            b2[0] += o.b2[0];
        }

        /** Adds position i's gradient of the squared error; returns the squared error. */
        double accumulate(Set s, int i, double ks) {
            int h = net.h;
            double o = net.forward(s, i, us, them);
            double p = sigmoid(ks * o), e = p - s.target[i];
            float g = (float) (2 * e * p * (1 - p) * ks);
            b2[0] += g;
            float[] nw2 = net.w2;
            for (int j = 0; j < h; j++) {
                float a = us[j], b = them[j];
                float ca = Math.max(0, Math.min(1, a)), cb = Math.max(0, Math.min(1, b));
                w2[j] += g * ca * ca;
                w2[h + j] += g * cb * cb;
                dus[j] = a > 0 && a < 1 ? g * nw2[j] * 2 * a : 0;
                dthem[j] = b > 0 && b < 1 ? g * nw2[h + j] * 2 * b : 0;
                b1[j] += dus[j] + dthem[j];
            }
            boolean white = s.stm[i] == 0;
            for (int k = s.start[i]; k < s.start[i + 1]; k++) {
                int fw = s.feat[k], fb = Nnue.otherPerspective(fw);
                int fu = white ? fw : fb, ft = white ? fb : fw;
                touched[fu] = true;
                touched[ft] = true;
                int ou = fu * h, ot = ft * h;
                for (int j = 0; j < h; j++) {
                    w1[ou + j] += dus[j];
                    w1[ot + j] += dthem[j];
                }
            }
            return e * e;
        }
    }

    /** Adam (Kingma and Ba) over the dense parameter arrays. */
    static final class Adam {
        final float[][] p, m, v;
        int t;

        Adam(float[][] p) {
            this.p = p;
            m = new float[p.length][];
            v = new float[p.length][];
            for (int i = 0; i < p.length; i++) {
                m[i] = new float[p[i].length];
                v[i] = new float[p[i].length];
            }
        }

        void step(float[][] g, double lr, double scale) {
            t++;
            double b1 = 0.9, b2 = 0.999, c1 = 1 - Math.pow(b1, t), c2 = 1 - Math.pow(b2, t);
            for (int a = 0; a < p.length; a++) {
                float[] pa = p[a], ma = m[a], va = v[a], ga = g[a];
                for (int i = 0; i < pa.length; i++) {
                    double gi = ga[i] * scale;
                    ma[i] = (float) (b1 * ma[i] + (1 - b1) * gi);
                    va[i] = (float) (b2 * va[i] + (1 - b2) * gi * gi);
                    pa[i] -= (float) (lr * (ma[i] / c1) / (Math.sqrt(va[i] / c2) + 1e-8));
                }
            }
        }
    }
}
