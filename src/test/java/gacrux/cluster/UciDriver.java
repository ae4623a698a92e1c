package gacrux.cluster;

import gacrux.uci.UciMain;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/** The UCI engine on a thread of this JVM (UciMain.run with pipes), for the cluster tests: send lines, wait for lines. */
final class UciDriver implements AutoCloseable {
    private final PrintStream toEngine;
    final List<String> lines = new CopyOnWriteArrayList<>();
    final Thread engine;
    volatile int exit = Integer.MIN_VALUE;

    UciDriver(String clusterSeeds) throws IOException {
        PipedOutputStream in = new PipedOutputStream();
        PipedInputStream engineIn = new PipedInputStream(in, 1 << 16);
        PipedOutputStream engineOut = new PipedOutputStream();
        PipedInputStream out = new PipedInputStream(engineOut, 1 << 16);
        toEngine = new PrintStream(in, true, StandardCharsets.UTF_8);
        PrintStream stdout = new PrintStream(engineOut, true, StandardCharsets.UTF_8);
        engine = new Thread(() -> {
            exit = UciMain.run(engineIn, stdout, gacrux.search.DtsConfig.DEFAULT, clusterSeeds, null);
            stdout.close();
        }, "uci-under-test");
        engine.start();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(out, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) lines.add(line);
            } catch (IOException ignored) {
            }
        }, "uci-reader");
        reader.setDaemon(true);
        reader.start();
    }

    void send(String line) { toEngine.println(line); }

    /** The first line from index from on that matches, waiting up to seconds; fails with the transcript. */
    String waitFor(Predicate<String> p, int from, long seconds) throws InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < end) {
            for (int i = from; i < lines.size(); i++) if (p.test(lines.get(i))) return lines.get(i);
            Thread.sleep(10);
        }
        throw new AssertionError("no such line within " + seconds + " s; transcript:\n" + String.join("\n", lines));
    }

    @Override
    public void close() throws InterruptedException {
        send("quit");
        engine.join(15_000);
    }
}
