package gacrux.tools;

import gacrux.search.EvalTrace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * {@code tune}: Texel tuning of the evaluation's weights on positions labelled with game results (as written by
 * {@code datagen}: {@code FEN [1.0]}, white's result, any value in [0, 1] accepted).
 *
 * <p>First K is fitted: the scale of {@code sigmoid(s) = 1 / (1 + 10^(-K s / 400))} that minimises the mean
 * squared error between sigmoid(evaluation) and the result with the current weights. Then, with K fixed, the
 * error (plus an L2 pull of each weight towards its current value, {@code --lambda}) is minimised over all of
 * {@link EvalTrace}'s weights by full-batch gradient descent (Adam) on the
 * coefficient trace: the evaluation is linear in those weights, so the gradient is exact and one pass over the
 * data per step. One block of 1000 consecutive positions in ten (other games, mostly) is held out and its loss reported too, so
 * over-fitting shows. At the end
 * each piece-square table's mean is moved into its piece's material (the same evaluation, readable tables),
 * the weights are rounded, and the loss of the rounded weights is reported with the Java source of the new
 * weight block, written to {@code --out} or pasted into Evaluator.java by {@code --apply}.
 */
final class Tune {
    private Tune() {}

    static final double LN10_400 = Math.log(10) / 400;
    /**
     * Held-out positions come in blocks of this many consecutive lines (one block in ten), so they are mostly
     * from other games than the training positions: positions of one game are alike and share its result.
     */
    static final int HOLDOUT_BLOCK = 1000;
    /**
     * Default L2 pull of every weight towards its current value (loss units per centipawn squared): with a few
     * thousand games, weights of rarely seen features (a queen's corner square) would otherwise fit the noise.
     */
    static final double DEFAULT_LAMBDA = 1e-6;

    record Options(Path data, int iterations, Path out, Path apply, double rate, int threads, double lambda, double tableLambda,
                   double blend, java.util.Set<String> freeze, double k) {}

    /**
     * The labelled samples, split into training and held-out sets. A score (white's centipawns from {@code label}'s
     * engine) is NaN where the line has none.
     */
    record Data(List<EvalTrace.Sample> train, double[] trainResult, List<EvalTrace.Sample> test, double[] testResult,
                double[] trainScore, double[] testScore) {
        Data(List<EvalTrace.Sample> train, double[] trainResult, List<EvalTrace.Sample> test, double[] testResult) {
            this(train, trainResult, test, testResult, nans(train.size()), nans(test.size()));
        }

        private static double[] nans(int n) {
            double[] a = new double[n];
            java.util.Arrays.fill(a, Double.NaN);
            return a;
        }
    }

    /** The outcome of a run: K, losses, and the rounded weights. */
    record Result(double k, double lossBefore, double lossAfter, double testBefore, double testAfter, int[] weights) {}

    static String usage() {
        return "usage: tune --data FILE [--iterations N] [--out FILE] [--apply src/main/java/gacrux/search/Evaluator.java] [--rate R] [--lambda L] [--table-lambda L] [--threads T] [--blend W] [--freeze GROUP,...] [--k K]";
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("tune: " + e.getMessage());
            err.println(usage());
            return 2;
        }
        long t0 = System.nanoTime();
        Data data;
        try {
            data = load(o.data());
        } catch (IOException | IllegalArgumentException e) {
            err.println("tune: " + e.getMessage());
            return 2;
        }
        out.printf("positions: %d training, %d held out (loaded in %.1f s)%n", data.train().size(), data.test().size(),
                (System.nanoTime() - t0) / 1e9);
        Data target = data;
        if (o.blend() > 0) {
            try {
                target = blended(data, o.blend(), out);
            } catch (IllegalArgumentException e) {
                err.println("tune: " + e.getMessage());
                return 2;
            }
        }
        Result r = tune(target, o.iterations(), o.rate(), o.lambda(), o.tableLambda(), o.threads(), o.freeze(), o.k(), err);
        out.printf("K = %.4f%n", r.k());
        out.printf("loss before: %.6f (held out %.6f)%n", r.lossBefore(), r.testBefore());
        out.printf("loss after:  %.6f (held out %.6f), rounded weights, %d iterations, %.1f s%n",
                r.lossAfter(), r.testAfter(), o.iterations(), (System.nanoTime() - t0) / 1e9);
        if (target != data) {
            // The blended target is what was fitted; against the game results alone (K refitted for each) the
            // held-out loss is comparable with an unblended run's.
            double[] before = toDouble(EvalTrace.currentWeights()), after = toDouble(r.weights());
            double kb = fitK(data.train(), data.trainResult(), before), ka = fitK(data.train(), data.trainResult(), after);
            out.printf("against the game results alone: held out %.6f (K %.4f) before, %.6f (K %.4f) after%n",
                    loss(data.test(), data.testResult(), kb, before), kb, loss(data.test(), data.testResult(), ka, after), ka);
        }
        String source = EvalTrace.javaSource(r.weights());
        try {
            if (o.out() != null) Files.writeString(o.out(), source, StandardCharsets.UTF_8);
            if (o.apply() != null) {
                String text = Files.readString(o.apply(), StandardCharsets.UTF_8);
                Files.writeString(o.apply(), EvalTrace.applyTo(text, r.weights()), StandardCharsets.UTF_8);
                out.println("weights written into " + o.apply());
            }
        } catch (IOException | IllegalArgumentException e) {
            err.println("tune: " + e.getMessage());
            return 1;
        }
        if (o.out() == null && o.apply() == null) out.print(source);
        return 0;
    }

    static Options parse(String[] args) {
        Path data = null, outFile = null, apply = null;
        int iterations = 2000, threads = 1;
        double rate = 1.0, lambda = DEFAULT_LAMBDA, tableLambda = -1, blend = 0;
        java.util.Set<String> freeze = java.util.Set.of();
        double k = Double.NaN;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (i + 1 >= args.length) throw new IllegalArgumentException("missing value after " + a);
            String v = args[++i];
            try {
                switch (a) {
                    case "--data" -> data = Path.of(v);
                    case "--iterations" -> iterations = Integer.parseInt(v);
                    case "--out" -> outFile = Path.of(v);
                    case "--apply" -> apply = Path.of(v);
                    case "--rate" -> rate = Double.parseDouble(v);
                    case "--threads" -> threads = Integer.parseInt(v);
                    case "--lambda" -> lambda = Double.parseDouble(v);
                    case "--table-lambda" -> tableLambda = Double.parseDouble(v);
                    case "--blend" -> blend = Double.parseDouble(v);
                    case "--freeze" -> freeze = freezeSet(v);
                    case "--k" -> k = Double.parseDouble(v);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(a + " needs a number, got '" + v + "'");
            }
        }
        if (data == null) throw new IllegalArgumentException("--data FILE is required");
        if (iterations < 0) throw new IllegalArgumentException("--iterations must be >= 0");
        if (!(rate > 0)) throw new IllegalArgumentException("--rate must be > 0");
        if (threads < 1 || threads > 256) throw new IllegalArgumentException("--threads must be 1..256");
        if (!(lambda >= 0)) throw new IllegalArgumentException("--lambda must be >= 0");
        if (!(blend >= 0 && blend <= 1)) throw new IllegalArgumentException("--blend must be in [0, 1]");
        if (!Double.isNaN(k) && !(k > 0 && k < 100)) throw new IllegalArgumentException("--k must be in (0, 100)");
        if (tableLambda < 0) tableLambda = lambda;
        return new Options(data, iterations, outFile, apply, rate, threads, lambda, tableLambda, blend, freeze, k);
    }

    /**
     * The weight groups named in a comma-separated list (EvalTrace's names, e.g. RESTRICTED_MG,RESTRICTED_EG), held at
     * their current values: an ablation tunes everything else as usual and shows what the held groups were worth.
     */
    static java.util.Set<String> freezeSet(String list) {
        java.util.Set<String> known = new java.util.HashSet<>();
        for (EvalTrace.Group g : EvalTrace.GROUPS) known.add(g.name());
        java.util.Set<String> set = new java.util.LinkedHashSet<>();
        for (String name : list.split(",")) {
            String n = name.trim();
            if (!known.contains(n)) throw new IllegalArgumentException("--freeze: no weight group named '" + n + "'");
            set.add(n);
        }
        // The final normalisation moves each table's mean into its piece's material, so a table or the material
        // stays as it was only when all of them are held (each held table's mean is then the one an earlier
        // normalisation left, under half a centipawn, and rounds away).
        java.util.List<String> block = materialAndTables();
        if (block.stream().anyMatch(set::contains) && !set.containsAll(block))
            throw new IllegalArgumentException("--freeze: the piece-square tables and MG_VALUE/EG_VALUE are held all together"
                    + " or not at all (table means move into material at the end)");
        return set;
    }

    /** The groups the final normalisation couples: every piece-square table and the material values. */
    static java.util.List<String> materialAndTables() {
        java.util.List<String> names = new java.util.ArrayList<>(List.of("MG_VALUE", "EG_VALUE"));
        for (EvalTrace.Group g : EvalTrace.GROUPS) if (g.table()) names.add(g.name());
        return names;
    }

    /** Reads FEN [result] lines; a bad line is an error naming the file and line. One block in ten goes to the test set. */
    static Data load(Path file) throws IOException {
        if (!Files.isRegularFile(file)) throw new IOException("data file not found: " + file);
        List<EvalTrace.Sample> train = new ArrayList<>(), test = new ArrayList<>();
        List<Double> trainR = new ArrayList<>(), testR = new ArrayList<>(), trainS = new ArrayList<>(), testS = new ArrayList<>();
        EvalTrace.Scratch scratch = new EvalTrace.Scratch();
        int[] current = EvalTrace.currentWeights();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int lineNo = 0, kept = 0;
            while ((line = r.readLine()) != null) {
                lineNo++;
                line = line.trim();
                if (line.isEmpty() || line.startsWith("#")) continue;
                DataLine d = DataLine.parse(file, lineNo, line);
                double result = d.result(), score = d.score();
                EvalTrace.Sample s = EvalTrace.sample(d.position(), scratch, current);
                if (kept++ / HOLDOUT_BLOCK % 10 == 9) { test.add(s); testR.add(result); testS.add(score); }
                else { train.add(s); trainR.add(result); trainS.add(score); }
            }
        }
        if (train.isEmpty()) throw new IllegalArgumentException("no positions in " + file);
        return new Data(train, trainR.stream().mapToDouble(Double::doubleValue).toArray(),
                test, testR.stream().mapToDouble(Double::doubleValue).toArray(),
                trainS.stream().mapToDouble(Double::doubleValue).toArray(), testS.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /**
     * The data with each result replaced by (1 - w) result + w sigmoid(K' score): the labelling engine's score as an
     * expected result, K' fitted so that its scores predict the training results best (its own scale, whatever its
     * centipawn means). Every position needs a score.
     */
    static Data blended(Data d, double w, PrintStream out) {
        for (double[] a : new double[][] {d.trainScore(), d.testScore()})
            for (double x : a) if (Double.isNaN(x)) throw new IllegalArgumentException("--blend needs every line scored ('FEN [result] cp N', see label)");
        double k = fitK(d.trainScore(), d.trainResult());
        double lossScore = 0;
        for (int i = 0; i < d.testScore().length; i++) {
            double e = d.testResult()[i] - sigmoid(k, d.testScore()[i]);
            lossScore += e * e;
        }
        out.printf("blend %.2f: the engine's scores predict the results with K' = %.4f, held-out loss %.6f%n", w, k,
                lossScore / Math.max(1, d.testScore().length));
        return new Data(d.train(), mix(d.trainResult(), d.trainScore(), k, w), d.test(), mix(d.testResult(), d.testScore(), k, w),
                d.trainScore(), d.testScore());
    }

    private static double[] mix(double[] result, double[] score, double k, double w) {
        double[] t = new double[result.length];
        for (int i = 0; i < t.length; i++) t[i] = (1 - w) * result[i] + w * sigmoid(k, score[i]);
        return t;
    }

    static double[] toDouble(int[] w) {
        double[] d = new double[w.length];
        for (int i = 0; i < w.length; i++) d[i] = w[i];
        return d;
    }

    static double sigmoid(double k, double eval) {
        return 1 / (1 + Math.exp(-k * LN10_400 * eval));
    }

    /** Mean squared error of sigmoid(K * eval) against the results. */
    static double loss(List<EvalTrace.Sample> s, double[] result, double k, double[] w) {
        if (s.isEmpty()) return Double.NaN;
        double sum = 0;
        for (int i = 0; i < s.size(); i++) {
            double d = result[i] - sigmoid(k, s.get(i).eval(w));
            sum += d * d;
        }
        return sum / s.size();
    }

    /** The K minimising the loss at weights w: golden-section search on [0.05, 5]. */
    static double fitK(List<EvalTrace.Sample> s, double[] result, double[] w) {
        double[] evals = new double[s.size()];
        for (int i = 0; i < evals.length; i++) evals[i] = s.get(i).eval(w);
        return fitK(evals, result);
    }

    /** The K minimising the mean squared error of sigmoid(K * eval) against the results. */
    static double fitK(double[] evals, double[] result) {
        java.util.function.DoubleUnaryOperator f = k -> {
            double sum = 0;
            for (int i = 0; i < evals.length; i++) {
                double d = result[i] - sigmoid(k, evals[i]);
                sum += d * d;
            }
            return sum;
        };
        double a = 0.05, b = 5, g = (Math.sqrt(5) - 1) / 2;
        double c = b - g * (b - a), d = a + g * (b - a), fc = f.applyAsDouble(c), fd = f.applyAsDouble(d);
        for (int it = 0; it < 60; it++) {
            if (fc < fd) { b = d; d = c; fd = fc; c = b - g * (b - a); fc = f.applyAsDouble(c); }
            else { a = c; c = d; fc = fd; d = a + g * (b - a); fd = f.applyAsDouble(d); }
        }
        return (a + b) / 2;
    }

    /** Fits K, then runs the given number of Adam steps over the tuned weights; returns the rounded weights. */
    static Result tune(Data data, int iterations, double rate, double lambda, int threads, PrintStream log) {
        return tune(data, iterations, rate, lambda, lambda, threads, java.util.Set.of(), Double.NaN, log);
    }

    /**
     * As above, with its own L2 pull for the piece-square tables (many weights, each seen rarely), the named groups
     * held, and K given (fixedK; NaN: fitted at the current weights). A given K keeps the evaluation's scale from one
     * run to the next: K fitted at other starting weights (a term started away from 0, say) would rescale every weight.
     */
    static Result tune(Data data, int iterations, double rate, double lambda, double tableLambda, int threads,
                       java.util.Set<String> freeze, double fixedK, PrintStream log) {
        List<EvalTrace.Sample> s = data.train();
        double[] result = data.trainResult();
        int[] start = EvalTrace.currentWeights();
        boolean[] mask = EvalTrace.tunedMask();
        for (EvalTrace.Group g : EvalTrace.GROUPS)
            if (freeze.contains(g.name())) java.util.Arrays.fill(mask, g.offset(), g.offset() + g.length(), false);
        int n = start.length;
        double[] pull = new double[n];
        for (EvalTrace.Group g : EvalTrace.GROUPS)
            for (int i = 0; i < g.length(); i++) pull[g.offset() + i] = g.table() ? tableLambda : lambda;
        double[] w = toDouble(start);
        double k = Double.isNaN(fixedK) ? fitK(s, result, w) : fixedK;
        double before = loss(s, result, k, w), testBefore = loss(data.test(), data.testResult(), k, w);
        log.printf("tune: K = %.4f (%s), loss %.6f%n", k, Double.isNaN(fixedK) ? "fitted" : "given", before);

        int chunks = Math.max(1, Math.min(threads * 4, s.size() / 1000 + 1));
        double[][] grads = new double[chunks][n];
        double[] m = new double[n], v = new double[n];
        final double b1 = 0.9, b2 = 0.999, eps = 1e-8;
        java.util.concurrent.ForkJoinPool pool = threads > 1 ? new java.util.concurrent.ForkJoinPool(threads) : null;
        try {
            for (int it = 1; it <= iterations; it++) {
                final double[] wf = w;
                Runnable pass = () -> IntStream.range(0, chunks).parallel().forEach(ch -> {
                    double[] gr = grads[ch];
                    java.util.Arrays.fill(gr, 0);
                    int lo = (int) ((long) s.size() * ch / chunks), hi = (int) ((long) s.size() * (ch + 1) / chunks);
                    for (int i = lo; i < hi; i++) {
                        EvalTrace.Sample x = s.get(i);
                        double sg = sigmoid(k, x.eval(wf));
                        double dE = -2 * (result[i] - sg) * sg * (1 - sg) * k * LN10_400;
                        int[] idx = x.idx();
                        float[] coef = x.coef();
                        for (int j = 0; j < idx.length; j++) gr[idx[j]] += dE * coef[j];
                    }
                });
                if (pool != null) pool.submit(pass).join();  // chunk sums are added in order: deterministic
                else sequentialPass(s, result, k, w, grads);
                double c1 = 1 - Math.pow(b1, it), c2 = 1 - Math.pow(b2, it);
                for (int j = 0; j < n; j++) {
                    if (!mask[j]) continue;
                    double gj = 0;
                    for (double[] gr : grads) gj += gr[j];
                    gj = gj / s.size() + 2 * pull[j] * (w[j] - start[j]);
                    m[j] = b1 * m[j] + (1 - b1) * gj;
                    v[j] = b2 * v[j] + (1 - b2) * gj * gj;
                    w[j] -= rate * (m[j] / c1) / (Math.sqrt(v[j] / c2) + eps);
                }
                if (it % 100 == 0 || it == iterations)
                    log.printf("tune: iteration %d, loss %.6f, held out %.6f%n", it, loss(s, result, k, w),
                            loss(data.test(), data.testResult(), k, w));
            }
        } finally {
            if (pool != null) pool.shutdown();
        }
        int[] rounded = normalizeAndRound(w);
        double[] rw = toDouble(rounded);
        return new Result(k, before, loss(s, result, k, rw), testBefore, loss(data.test(), data.testResult(), k, rw), rounded);
    }

    private static void sequentialPass(List<EvalTrace.Sample> s, double[] result, double k, double[] w, double[][] grads) {
        int chunks = grads.length;
        for (int ch = 0; ch < chunks; ch++) {
            double[] gr = grads[ch];
            java.util.Arrays.fill(gr, 0);
            int lo = (int) ((long) s.size() * ch / chunks), hi = (int) ((long) s.size() * (ch + 1) / chunks);
            for (int i = lo; i < hi; i++) {
                EvalTrace.Sample x = s.get(i);
                double sg = sigmoid(k, x.eval(w));
                double dE = -2 * (result[i] - sg) * sg * (1 - sg) * k * LN10_400;
                int[] idx = x.idx();
                float[] coef = x.coef();
                for (int j = 0; j < idx.length; j++) gr[idx[j]] += dE * coef[j];
            }
        }
    }

    /**
     * Moves each piece-square table's mean (over the squares its piece can stand on) into the piece's material,
     * which leaves every evaluation unchanged (the king's mean cancels between the sides), then rounds.
     */
    static int[] normalizeAndRound(double[] w) {
        double[] x = w.clone();
        for (EvalTrace.Group g : EvalTrace.GROUPS) {
            if (!g.table()) continue;
            boolean pawn = g.name().startsWith("PAWN"), king = g.name().startsWith("KING");
            int lo = pawn ? 8 : 0, hi = pawn ? 56 : 64;
            double mean = 0;
            for (int i = lo; i < hi; i++) mean += x[g.offset() + i];
            mean /= hi - lo;
            for (int i = lo; i < hi; i++) x[g.offset() + i] -= mean;
            if (!king) {
                String material = g.kind() == EvalTrace.MG ? "MG_VALUE" : "EG_VALUE";
                int type = List.of("PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN").indexOf(g.name().substring(0, g.name().indexOf('_'))) + 1;
                for (EvalTrace.Group mg : EvalTrace.GROUPS) if (mg.name().equals(material)) x[mg.offset() + type] += mean;
            }
        }
        int[] r = new int[x.length];
        for (int i = 0; i < x.length; i++) r[i] = (int) Math.round(x[i]);
        return r;
    }
}
