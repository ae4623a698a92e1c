package gacrux.uci;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * A UCI engine under test, talked to line by line. Either a child JVM running {@code gacrux.tools.Main} on the
 * test classpath (so it works before {@code package} has built the jar), or {@link UciMain#run} on a thread of
 * this JVM with piped streams (much faster to start, for the stress test).
 *
 * A reader thread moves every stdout line into a queue; {@link #waitFor} consumes the queue up to the first
 * matching line and fails with the whole transcript when the timeout passes or stdout ends first.
 */
public final class EngineProcess implements AutoCloseable {
    /** What a UCI engine may print on stdout: protocol lines, perft divide lines, and the bench/perft totals. */
    static final Pattern UCI_LINE = Pattern.compile(
            "(id (name|author) .+|option name .+|uciok|readyok|info .+|bestmove \\S+( ponder \\S+)?"
            + "|[a-h][1-8][a-h][1-8][nbrq]?: \\d+|Nodes searched: \\d+|Nodes: \\d+|)");

    private static final String EOF = new String("<eof>");

    private final Process process;          // null in-process
    private final Thread engineThread;      // null for a child process
    private final AtomicInteger inProcessExit = new AtomicInteger(Integer.MIN_VALUE);
    private final Writer stdin;
    private final OutputStream stdinBytes;
    private final BlockingQueue<String> queue = new LinkedBlockingQueue<>();
    private final List<String> stdout = new ArrayList<>();
    private final List<String> stderr = new ArrayList<>();
    private final StringBuilder transcript = new StringBuilder();
    private final Thread stdoutReader, stderrReader;
    private volatile boolean stdoutEnded;

    private EngineProcess(Process process, Thread engineThread, OutputStream toEngine, InputStream fromEngine,
                          InputStream errors) {
        this.process = process;
        this.engineThread = engineThread;
        this.stdinBytes = toEngine;
        this.stdin = new OutputStreamWriter(toEngine, StandardCharsets.UTF_8);
        this.stdoutReader = pump(fromEngine, "engine-stdout", line -> {
            synchronized (this) {
                stdout.add(line);
                transcript.append("< ").append(line).append('\n');
            }
            queue.add(line);
        }, () -> {
            stdoutEnded = true;
            queue.add(EOF);
        });
        this.stderrReader = errors == null ? null : pump(errors, "engine-stderr", line -> {
            synchronized (this) {
                stderr.add(line);
                transcript.append("E ").append(line).append('\n');
            }
        }, () -> { });
    }

    /** A child JVM: {@code java -cp <test classpath> gacrux.tools.Main}. */
    static EngineProcess start() {
        return start(List.of());
    }

    /** A child JVM with extra JVM options (e.g. {@code -Xmx256m}) before the main class. */
    static EngineProcess start(List<String> jvmOptions) {
        String java = System.getProperty("java.home") + "/bin/java";
        List<String> cmd = new ArrayList<>(List.of(java, "-XX:+UseSerialGC"));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", childClasspath(), "gacrux.tools.Main"));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        try {
            Process p = pb.start();
            return new EngineProcess(p, null, p.getOutputStream(), p.getInputStream(), p.getErrorStream());
        } catch (IOException e) {
            throw new AssertionError("cannot start the engine: " + e, e);
        }
    }

    private static String classpath;

    /**
     * The test classpath with its directories (target/classes, target/test-classes) copied once to a private
     * temporary directory: a child JVM loads classes lazily, and a concurrent build in the same checkout
     * (mvn clean, recompiling) must not pull class files from under a running engine. Jars are stable.
     */
    public static synchronized String childClasspath() {
        if (classpath != null) return classpath;
        try {
            Path root = Files.createTempDirectory("gacrux-cp");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(root)));
            List<String> entries = new ArrayList<>();
            int i = 0;
            for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
                Path src = Path.of(entry);
                if (!Files.isDirectory(src)) {
                    entries.add(entry);
                    continue;
                }
                Path dst = root.resolve("dir" + i++);
                try (Stream<Path> walk = Files.walk(src)) {
                    for (Path f : (Iterable<Path>) walk::iterator) {
                        Path to = dst.resolve(src.relativize(f).toString());
                        if (Files.isDirectory(f)) Files.createDirectories(to);
                        else Files.copy(f, to, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
                entries.add(dst.toString());
            }
            classpath = String.join(File.pathSeparator, entries);
            return classpath;
        } catch (IOException e) {
            throw new AssertionError("cannot copy the classpath: " + e, e);
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // best effort
        }
    }

    /** {@link UciMain#run} on a thread of this JVM, stdin and stdout through pipes. No separate stderr. */
    static EngineProcess inProcess() {
        return inProcess(gacrux.search.DtsConfig.DEFAULT);
    }

    /** The same, with the parallel search configured by dts (fault injection). */
    static EngineProcess inProcess(gacrux.search.DtsConfig dts) {
        try {
            Pipe in = Pipe.open(), out = Pipe.open();
            InputStream engineIn = Channels.newInputStream(in.source());
            PrintStream engineOut = new PrintStream(Channels.newOutputStream(out.sink()), true, StandardCharsets.UTF_8);
            EngineProcess[] self = new EngineProcess[1];
            Thread t = new Thread(() -> {
                int code = UciMain.run(engineIn, engineOut, dts);
                self[0].inProcessExit.set(code);
                engineOut.close(); // ends the stdout reader
            }, "engine-in-process");
            t.setDaemon(true);
            self[0] = new EngineProcess(null, t, Channels.newOutputStream(in.sink()),
                    Channels.newInputStream(out.source()), null);
            t.start();
            return self[0];
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static Thread pump(InputStream s, String name, java.util.function.Consumer<String> each, Runnable end) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(s, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) each.accept(line);
            } catch (IOException ignored) {
                // the stream ends when the engine exits
            } finally {
                end.run();
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    void send(String line) {
        synchronized (this) {
            transcript.append("> ").append(line).append('\n');
        }
        try {
            stdin.write(line);
            stdin.write('\n');
            stdin.flush();
        } catch (IOException e) {
            fail("cannot send '" + line + "': " + e + "\n" + transcript());
        }
    }

    /**
     * Sends one line as raw bytes (invalid UTF-8 allowed; it must hold no line break). The transcript shows
     * at most 200 characters of it, control characters escaped.
     */
    void sendRaw(byte[] line) {
        String shown = new String(line, 0, Math.min(line.length, 200), StandardCharsets.UTF_8)
                .replaceAll("\\p{Cntrl}", "?") + (line.length > 200 ? "... (" + line.length + " bytes)" : "");
        synchronized (this) {
            transcript.append("> ").append(shown).append('\n');
        }
        try {
            stdin.flush();
            stdinBytes.write(line);
            stdinBytes.write('\n');
            stdinBytes.flush();
        } catch (IOException e) {
            fail("cannot send a line of " + line.length + " bytes: " + e + "\n" + transcript());
        }
    }

    /** Consumes stdout lines up to and including the first one matching; returns it. */
    String waitFor(Predicate<String> p, Duration timeout) {
        List<String> all = waitForAll(p, timeout);
        return all.get(all.size() - 1);
    }

    /** Consumes stdout lines up to and including the first one matching; returns all of them (the match last). */
    List<String> waitForAll(Predicate<String> p, Duration timeout) {
        List<String> got = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            String line;
            try {
                line = left <= 0 ? null : queue.poll(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted\n" + transcript());
            }
            if (line == null) fail("no matching line within " + timeout.toMillis() + " ms; transcript:\n" + transcript());
            if (line == EOF) {
                queue.add(EOF);
                fail("stdout ended before a matching line; transcript:\n" + transcript());
            }
            got.add(line);
            if (p.test(line)) return got;
        }
    }

    String waitFor(String prefix, Duration timeout) {
        return waitFor(l -> l.startsWith(prefix), timeout);
    }

    /** Lines not yet consumed by waitFor (without blocking). */
    List<String> drain() {
        List<String> got = new ArrayList<>();
        String l;
        while ((l = queue.peek()) != null && l != EOF) got.add(queue.poll());
        return got;
    }

    void closeStdin() {
        synchronized (this) {
            transcript.append("> <close stdin>\n");
        }
        try {
            stdin.close();
        } catch (IOException ignored) {
            // already closed: the engine exited
        }
    }

    /** Waits for the engine to exit and its stdout to be read to the end; returns the exit code. */
    int waitForExit(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            if (process != null) {
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                    fail("engine did not exit within " + timeout.toMillis() + " ms; transcript:\n" + transcript());
                }
            } else {
                engineThread.join(Math.max(1, timeout.toMillis()));
                if (engineThread.isAlive())
                    fail("engine did not exit within " + timeout.toMillis() + " ms; transcript:\n" + transcript());
            }
            stdoutReader.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000) + 1000);
            if (stderrReader != null) stderrReader.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        if (!stdoutEnded) fail("stdout still open after exit; transcript:\n" + transcript());
        return process != null ? process.exitValue() : inProcessExit.get();
    }

    boolean isAlive() {
        return process != null ? process.isAlive() : engineThread.isAlive();
    }

    synchronized List<String> stdoutLines() { return List.copyOf(stdout); }

    synchronized List<String> stderrLines() { return List.copyOf(stderr); }

    synchronized String transcript() {
        String t = transcript.toString();
        return t.length() <= 20_000 ? t : "...\n" + t.substring(t.length() - 20_000);
    }

    /** Every stdout line is a UCI line; nothing written to stderr leaked into stdout. */
    void assertCleanOutput() {
        List<String> out = stdoutLines();
        for (String l : out)
            if (!UCI_LINE.matcher(l).matches()) fail("not a UCI line: '" + l + "'; transcript:\n" + transcript());
        for (String e : stderrLines())
            if (!e.isBlank() && out.contains(e)) fail("stderr line on stdout: '" + e + "'");
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) process.destroyForcibly();
        if (process == null && engineThread.isAlive()) closeStdin(); // the daemon thread ends with the JVM anyway
    }
}
