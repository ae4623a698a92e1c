import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Search speed of several builds in one JVM (scripts/speed-ab.sh): each jar in a class loader of its own (its own
 * classes, its own compiled code), the passes interleaved A B, B A, A B ... so that what the machine does meanwhile
 * (a match beside it, the clock speed) falls on every build alike. Per pass it prints each build's knodes per
 * second of the searching thread's CPU; at the end, over the passes after the warm-up, each build's median and
 * the median of its per-pass ratio to the first build, which is the figure to quote.
 *
 *   java SpeedAb GAMES_FILE NODES PASSES WARMUP CLASSES_DIR A.jar B.jar [C.jar ...]
 */
public class SpeedAb {
    public static void main(String[] a) throws Exception {
        List<String> games = new ArrayList<>();
        for (String l : Files.readAllLines(Path.of(a[0]))) if (l.startsWith("position ")) games.add(l);
        long nodes = Long.parseLong(a[1]);
        int passes = Integer.parseInt(a[2]), warm = Integer.parseInt(a[3]);
        URL classes = Path.of(a[4]).toUri().toURL();
        String[] jars = Arrays.copyOfRange(a, 5, a.length);
        if (games.isEmpty() || jars.length < 2 || warm >= passes) throw new IllegalArgumentException("need games, two jars and passes > warm-up");
        int k = jars.length;
        Method[] pass = new Method[k];
        for (int j = 0; j < k; j++) {
            // Parent: the platform loader, so gacrux.* comes from this jar alone.
            URLClassLoader cl = new URLClassLoader(new URL[] {Path.of(jars[j]).toUri().toURL(), classes}, ClassLoader.getPlatformClassLoader());
            Class<?> c = cl.loadClass("NpsPass");
            c.getMethod("init", List.class).invoke(null, games);
            if (j == 0) System.out.printf("%d games, %d positions, %d nodes each, %d passes (%d warm-up)%n",
                    games.size(), (int) c.getMethod("positions").invoke(null), nodes, passes, warm);
            pass[j] = c.getMethod("pass", long.class);
        }
        double[][] knps = new double[k][passes];
        for (int r = 0; r < passes; r++) {
            StringBuilder line = new StringBuilder("pass " + (r + 1) + ":");
            for (int i = 0; i < k; i++) {
                int j = r % 2 == 0 ? i : k - 1 - i;
                long[] x = (long[]) pass[j].invoke(null, nodes);
                knps[j][r] = x[0] / (x[1] / 1e6);
            }
            for (int j = 0; j < k; j++) line.append(String.format(" %.0f", knps[j][r]));
            System.out.println(line);
        }
        for (int j = 0; j < k; j++) {
            double[] w = Arrays.copyOfRange(knps[j], warm, passes);
            System.out.printf("%s: median %.0f knodes/s (passes %d-%d: min %.0f, max %.0f)%n", jars[j], median(w), warm + 1, passes,
                    Arrays.stream(w).min().getAsDouble(), Arrays.stream(w).max().getAsDouble());
        }
        for (int j = 1; j < k; j++) {
            double[] ratio = new double[passes - warm];
            for (int r = warm; r < passes; r++) ratio[r - warm] = knps[j][r] / knps[0][r];
            System.out.printf("ratio %s / %s: median %.3f (min %.3f, max %.3f)%n", jars[j], jars[0], median(ratio),
                    Arrays.stream(ratio).min().getAsDouble(), Arrays.stream(ratio).max().getAsDouble());
        }
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
