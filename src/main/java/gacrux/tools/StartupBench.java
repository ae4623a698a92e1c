package gacrux.tools;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * {@code startup [--runs N] [--cmd "COMMAND"]... [--hash MB | --stages]}: starts the engine N times per command (commands
 * alternate, so machine load hits them alike), sends {@code uci} and {@code isready} at once and times, from the
 * process start, the arrival of {@code uciok} and {@code readyok}; prints median and p95 (nearest rank) per
 * command with the load average before and after. With {@code --hash MB} it also times
 * {@code setoption name Hash value MB} + {@code isready} to {@code readyok}, and, in a second fresh start,
 * {@code quit} sent 100 ms into that resize to the process's exit. Without --cmd: this jar under the running java, and the launcher
 * scripts/gacrux (class-data sharing, docs/startup.md) when it sits beside this jar's target directory.
 * With {@code --stages} each start runs {@code COMMAND startup-stages} instead (StartupStages): where the time to
 * a running actor system goes, stage by stage (JVM to main, Logback, Akka's configuration, ActorSystem.create).
 */
final class StartupBench {
    private StartupBench() {}

    static final String USAGE = "startup [--runs N] [--cmd \"COMMAND\"]... [--hash MB | --stages]";

    static int run(String[] args, PrintStream out, PrintStream err) {
        int runs = 20, hash = 0;
        boolean stages = false;
        List<List<String>> cmds = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--runs", "--hash" -> {
                    if (i + 1 >= args.length) return usage(err, args[i] + " needs a number");
                    int v;
                    try {
                        v = Integer.parseInt(args[++i]);
                    } catch (NumberFormatException e) {
                        return usage(err, args[i - 1] + " needs a number, got '" + args[i] + "'");
                    }
                    if (v < 1) return usage(err, args[i - 1] + " must be at least 1");
                    if (args[i - 1].equals("--runs")) runs = v; else hash = v;
                }
                case "--stages" -> stages = true;
                case "--cmd" -> {
                    if (i + 1 >= args.length || args[i + 1].isBlank()) return usage(err, "--cmd needs a command");
                    cmds.add(List.of(args[++i].trim().split("\\s+")));
                }
                default -> { return usage(err, "unexpected argument '" + args[i] + "'"); }
            }
        }
        if (stages && hash > 0) return usage(err, "--stages and --hash do not go together");
        if (cmds.isEmpty()) cmds = defaultCommands();
        if (cmds.isEmpty()) return usage(err, "not run from a jar: give --cmd");
        if (stages) return stages(cmds, runs, out, err);
        double loadBefore = load();
        Sample[][] samples = new Sample[cmds.size()][runs];
        for (int r = 0; r < runs; r++)
            for (int c = 0; c < cmds.size(); c++) {
                try {
                    samples[c][r] = once(cmds.get(c), hash);
                } catch (IOException | InterruptedException | IllegalStateException e) {
                    err.println("startup: " + String.join(" ", cmds.get(c)) + ": " + e.getMessage());
                    return 1;
                }
            }
        double loadAfter = load();
        out.printf(Locale.ROOT, "startup: %d fresh starts per command, alternating; load average %.2f before, %.2f after, %d cores%n",
                runs, loadBefore, loadAfter, Runtime.getRuntime().availableProcessors());
        out.println("times in ms from process start: median / p95");
        for (int c = 0; c < cmds.size(); c++) {
            Sample[] s = samples[c];
            out.printf(Locale.ROOT, "%s%n  uciok %s   readyok %s", String.join(" ", cmds.get(c)),
                    stats(s, x -> x.uciok), stats(s, x -> x.readyok));
            if (hash > 0) out.printf(Locale.ROOT, "   Hash %d -> readyok %s   quit during resize -> exit %s",
                    hash, stats(s, x -> x.hash), stats(s, x -> x.quit));
            out.println();
        }
        return 0;
    }

    /** COMMAND startup-stages, runs times per command (alternating): medians and p95 of each stage. */
    private static int stages(List<List<String>> cmds, int runs, PrintStream out, PrintStream err) {
        String[] names = {"JVM to main", "Logback", "Akka config", "ActorSystem.create", "total"};
        double loadBefore = load();
        double[][][] t = new double[cmds.size()][names.length][runs];
        for (int r = 0; r < runs; r++)
            for (int c = 0; c < cmds.size(); c++) {
                List<String> cmd = new ArrayList<>(cmds.get(c));
                cmd.add("startup-stages");
                try {
                    long start = System.currentTimeMillis();
                    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                    String line;
                    try (BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                        line = lines.readLine();
                    }
                    if (!p.waitFor(30, TimeUnit.SECONDS)) {
                        p.destroyForcibly();
                        throw new IllegalStateException("no exit 30 s after its stages");
                    }
                    String[] f = line == null ? new String[0] : line.trim().split("\\s+");
                    if (f.length != 9 || !f[0].equals("stages"))
                        throw new IllegalStateException("expected a 'stages main ...' line, got '" + line + "'");
                    t[c][0][r] = Long.parseLong(f[2]) - start;
                    for (int s = 1; s <= 3; s++) t[c][s][r] = Double.parseDouble(f[2 + 2 * s]);
                    t[c][4][r] = t[c][0][r] + t[c][1][r] + t[c][2][r] + t[c][3][r];
                } catch (IOException | InterruptedException | RuntimeException e) {
                    err.println("startup: " + String.join(" ", cmd) + ": " + e.getMessage());
                    return 1;
                }
            }
        out.printf(Locale.ROOT, "startup --stages: %d fresh starts per command, alternating; load average %.2f before, %.2f after, %d cores%n",
                runs, loadBefore, load(), Runtime.getRuntime().availableProcessors());
        out.println("ms per stage, in the order the engine's start thread takes them: median / p95");
        for (int c = 0; c < cmds.size(); c++) {
            out.println(String.join(" ", cmds.get(c)));
            StringBuilder b = new StringBuilder();
            for (int s = 0; s < names.length; s++) {
                double[] m = medianP95(t[c][s]);
                b.append(String.format(Locale.ROOT, "  %s %.0f / %.0f", names[s], m[0], m[1]));
            }
            out.println(b);
        }
        return 0;
    }

    record Sample(long uciok, long readyok, long hash, long quit) {}

    private static Sample once(List<String> cmd, int hash) throws IOException, InterruptedException {
        long[] times = session(cmd, hash, false);
        long quitMs = hash > 0 ? session(cmd, hash, true)[2] : -1;
        return new Sample(times[0], times[1], times[2], quitMs);
    }

    /**
     * One fresh start: uci and isready at once, the times to uciok and readyok; then, with hash > 0, either the
     * time of a resize to readyok, or (quitDuringResize) the time from a quit sent 100 ms into the resize to
     * the process's exit. Each resize is the process's first, as a GUI's is.
     */
    private static long[] session(List<String> cmd, int hash, boolean quitDuringResize) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            Writer in = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8);
            BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            in.write("uci\nisready\n");
            in.flush();
            long uciok = waitFor(lines, "uciok", t0), readyok = waitFor(lines, "readyok", t0), last = -1;
            if (hash > 0) {
                long t1 = System.nanoTime();
                in.write("setoption name Hash value " + hash + "\n" + (quitDuringResize ? "" : "isready\n"));
                in.flush();
                if (quitDuringResize) Thread.sleep(100);
                else last = waitFor(lines, "readyok", t1);
            }
            long t2 = System.nanoTime();
            in.write("quit\n");
            in.flush();
            if (!p.waitFor(30, TimeUnit.SECONDS)) throw new IllegalStateException("no exit 30 s after quit");
            if (quitDuringResize) last = (System.nanoTime() - t2) / 1_000_000;
            return new long[] {uciok, readyok, last};
        } finally {
            p.destroyForcibly();
        }
    }

    /** Milliseconds from t0 until the line arrives; throws if the output ends first. */
    private static long waitFor(BufferedReader lines, String want, long t0) throws IOException {
        for (String l; (l = lines.readLine()) != null; )
            if (l.equals(want)) return (System.nanoTime() - t0) / 1_000_000;
        throw new IllegalStateException("output ended before " + want);
    }

    private static String stats(Sample[] s, java.util.function.ToLongFunction<Sample> f) {
        double[] m = medianP95(Arrays.stream(s).mapToLong(f).asDoubleStream().toArray());
        return String.format(Locale.ROOT, "%4.0f / %4d", m[0], (long) m[1]);
    }

    /** Median and p95 (nearest rank: the 19th of 20 sorted values) of v. */
    private static double[] medianP95(double[] v) {
        double[] x = v.clone();
        Arrays.sort(x);
        int n = x.length;
        return new double[] {n % 2 == 1 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2, x[(int) Math.ceil(0.95 * n) - 1]};
    }

    /** This jar under the running java; the launcher too if this is X/target/gacrux.jar and X/scripts/gacrux exists. */
    private static List<List<String>> defaultCommands() {
        List<List<String>> cmds = new ArrayList<>();
        Path jar;
        try {
            jar = Path.of(StartupBench.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (Exception e) {
            return cmds;
        }
        if (!Files.isRegularFile(jar)) return cmds;
        String java = ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + "/bin/java");
        cmds.add(List.of(java, "-jar", jar.toString()));
        Path launcher = jar.toAbsolutePath().getParent().resolveSibling("scripts").resolve("gacrux");
        if (File.separatorChar == '/' && Files.isExecutable(launcher)) cmds.add(List.of(launcher.toString()));
        return cmds;
    }

    /** The 1-minute load average (negative where the OS does not say). */
    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static int usage(PrintStream err, String why) {
        err.println("startup: " + why + " (usage: " + USAGE + ")");
        return 2;
    }
}
