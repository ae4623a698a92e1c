package gacrux.tools;


import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code label}: scores every position of a {@code datagen} file with an external UCI engine, for
 * {@code tune --blend}. Each line {@code FEN [result]} becomes {@code FEN [result] cp S}, S the engine's score
 * from white's side (a mate: ±{@link #MATE_CP}), at the search limit {@code --go} (default {@code depth 8}).
 *
 * <p>The game result says who won in the end, a few dozen moves later; a stronger engine's score says how good the
 * position is now. Blending the two (Texel tuning with a teacher's evaluation) gives the tuner a far less noisy
 * target per position than the result alone.
 *
 * <p>With {@code --threads T} the engine runs as T processes; position i goes to process i mod T, in file order,
 * so the same file, engine, limit and T give the same labels (an engine's hash table carries over between its
 * positions, so the assignment matters). Each process gets {@code setoption name Threads value 1}, and
 * {@code Hash} when given. Nothing is written unless every position was labelled.
 */
final class Label {
    private Label() {}

    /** The score written for a mate (either distance): beyond any evaluation the tuner fits. */
    static final int MATE_CP = 2000;
    /** An engine that says nothing for this long about one position is taken as hung. */
    static final long ANSWER_TIMEOUT_MS = 60_000;

    record Options(Path data, Path out, List<String> engine, String go, int threads, int hash, int limit) {}

    static String usage() {
        return "usage: label --data FILE --out FILE --engine COMMAND [--go \"depth 8\"] [--threads T] [--hash MB] [--positions N]";
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("label: " + e.getMessage());
            err.println(usage());
            return 2;
        }
        List<String> lines = new ArrayList<>();
        List<String> fens = new ArrayList<>();
        try {
            read(o, lines, fens);
        } catch (IOException | IllegalArgumentException e) {
            err.println("label: " + e.getMessage());
            return 2;
        }
        long t0 = System.nanoTime();
        int[] cp = new int[fens.size()];
        try {
            label(o, fens, cp, err);
        } catch (IOException e) {
            err.println("label: " + e.getMessage());
            return 1;
        }
        try (BufferedWriter w = Files.newBufferedWriter(o.out(), StandardCharsets.UTF_8)) {
            for (int i = 0; i < lines.size(); i++) {
                w.write(lines.get(i));
                w.write(" cp ");
                w.write(Integer.toString(cp[i]));
                w.newLine();
            }
        } catch (IOException e) {
            err.println("label: cannot write " + o.out() + ": " + e.getMessage());
            return 1;
        }
        out.printf("labelled %d positions with '%s' (go %s, %d processes) in %.1f s%n", fens.size(),
                String.join(" ", o.engine()), o.go(), o.threads(), (System.nanoTime() - t0) / 1e9);
        return 0;
    }

    static Options parse(String[] args) {
        Path data = null, outFile = null;
        List<String> engine = null;
        String go = "depth 8";
        int threads = 1, hash = 0, limit = Integer.MAX_VALUE;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (i + 1 >= args.length) throw new IllegalArgumentException("missing value after " + a);
            String v = args[++i];
            try {
                switch (a) {
                    case "--data" -> data = Path.of(v);
                    case "--out" -> outFile = Path.of(v);
                    case "--engine" -> engine = List.of(v.trim().split("\\s+"));
                    case "--go" -> go = v.trim();
                    case "--threads" -> threads = Integer.parseInt(v);
                    case "--hash" -> hash = Integer.parseInt(v);
                    case "--positions" -> limit = Integer.parseInt(v);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(a + " needs a number, got '" + v + "'");
            }
        }
        if (data == null) throw new IllegalArgumentException("--data FILE is required");
        if (outFile == null) throw new IllegalArgumentException("--out FILE is required");
        if (engine == null || engine.get(0).isEmpty()) throw new IllegalArgumentException("--engine COMMAND is required");
        if (!go.matches("(depth|nodes|movetime) [1-9]\\d{0,9}"))
            throw new IllegalArgumentException("--go must be 'depth N', 'nodes N' or 'movetime MS', got '" + go + "'");
        if (threads < 1 || threads > 64) throw new IllegalArgumentException("--threads must be 1..64");
        if (hash < 0 || hash > 65536) throw new IllegalArgumentException("--hash must be 0..65536 (0: the engine's default)");
        if (limit < 1) throw new IllegalArgumentException("--positions must be >= 1");
        return new Options(data, outFile, engine, go, threads, hash, limit);
    }

    /** The data lines (without a previous label) and their FENs; a bad line is an error naming the file and line. */
    static void read(Options o, List<String> lines, List<String> fens) throws IOException {
        if (!Files.isRegularFile(o.data())) throw new IOException("data file not found: " + o.data());
        try (BufferedReader r = Files.newBufferedReader(o.data(), StandardCharsets.UTF_8)) {
            String line;
            int lineNo = 0;
            while ((line = r.readLine()) != null && fens.size() < o.limit()) {
                lineNo++;
                line = line.trim();
                if (line.isEmpty() || line.startsWith("#")) continue;
                DataLine d = DataLine.parse(o.data(), lineNo, line);
                lines.add(d.head());
                fens.add(d.fen());
            }
        }
        if (fens.isEmpty()) throw new IllegalArgumentException("no positions in " + o.data());
    }

    /** Labels fens into cp (white's view) on o.threads() engine processes; the first failure is thrown. */
    static void label(Options o, List<String> fens, int[] cp, PrintStream err) throws IOException {
        AtomicReference<IOException> failure = new AtomicReference<>();
        AtomicLong done = new AtomicLong();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < o.threads(); t++) {
            final int first = t;
            Thread w = new Thread(() -> {
                try (Engine e = new Engine(o)) {
                    for (int i = first; i < fens.size() && failure.get() == null; i += o.threads()) {
                        cp[i] = e.score(fens.get(i));
                        long d = done.incrementAndGet();
                        if (d % 10_000 == 0) err.printf("label: %d/%d positions%n", d, fens.size());
                    }
                } catch (IOException ex) {
                    failure.compareAndSet(null, ex);
                } catch (RuntimeException ex) { // an answer that does not parse: no label is better than a wrong one
                    failure.compareAndSet(null, new IOException("engine answer not understood: " + ex, ex));
                }
            }, "label-" + t);
            workers.add(w);
            w.start();
        }
        for (Thread w : workers) {
            try {
                w.join();
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted");
            }
        }
        if (failure.get() != null) throw failure.get();
    }

    /** Kills an engine that stays silent too long (daemon: never keeps the JVM alive). */
    static final java.util.concurrent.ScheduledExecutorService TIMER =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "label-timeout");
                t.setDaemon(true);
                return t;
            });

    /** One engine process, driven over UCI. */
    static final class Engine implements AutoCloseable {
        final Process process;
        final BufferedReader in;
        final BufferedWriter outW;
        final String go;
        final String name;

        Engine(Options o) throws IOException {
            name = String.join(" ", o.engine());
            try {
                process = new ProcessBuilder(o.engine()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            } catch (IOException e) {
                throw new IOException("cannot start engine '" + name + "': " + e.getMessage());
            }
            in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            outW = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
            go = o.go();
            send("uci");
            await("uciok");
            send("setoption name Threads value 1");
            if (o.hash() > 0) send("setoption name Hash value " + o.hash());
            send("isready");
            await("readyok");
        }

        void send(String s) throws IOException {
            try {
                outW.write(s);
                outW.newLine();
                outW.flush();
            } catch (IOException e) { // a broken pipe: say which engine and how it ended
                throw new IOException("engine '" + name + "' ended (exit " + exitCode() + ") before '" + s + "'");
            }
        }

        /** Reads lines until one starts with prefix; the last main-line score seen before it goes to lastScore. */
        String await(String prefix) throws IOException {
            // A silent engine would block readLine for ever: past the timeout the process is killed, which ends it.
            java.util.concurrent.ScheduledFuture<?> kill = TIMER.schedule(process::destroyForcibly, ANSWER_TIMEOUT_MS,
                    TimeUnit.MILLISECONDS);
            try {
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.startsWith(prefix)) return line;
                    if (line.startsWith("info ")) noteScore(line);
                }
            } finally {
                kill.cancel(false);
            }
            throw new IOException("engine '" + name + "' ended (exit " + exitCode() + ") while waiting for '" + prefix
                    + "' (it is killed after " + ANSWER_TIMEOUT_MS + " ms without one)");
        }

        private Integer lastScore;

        void noteScore(String line) {
            String[] t = line.split(" ");
            int multipv = 1;
            Integer score = null;
            boolean bound = false;
            for (int k = 1; k < t.length - 1; k++) {
                switch (t[k]) {
                    case "multipv" -> multipv = Integer.parseInt(t[k + 1]);
                    case "lowerbound", "upperbound" -> bound = true;
                    case "score" -> {
                        if (k + 2 < t.length) {
                            int v = Integer.parseInt(t[k + 2]);
                            if (t[k + 1].equals("cp")) score = v;
                            else if (t[k + 1].equals("mate")) score = v > 0 ? MATE_CP : -MATE_CP;
                        }
                    }
                    case "pv", "string" -> k = t.length;
                    default -> { }
                }
            }
            if (score != null && multipv == 1 && !bound) lastScore = score;
        }

        /** The engine's score of the position, white's view. */
        int score(String fen) throws IOException {
            lastScore = null;
            send("position fen " + fen);
            send("go " + go);
            await("bestmove");
            if (lastScore == null) throw new IOException("engine '" + name + "' gave no score for " + fen);
            boolean black = fen.split(" ")[1].equals("b");
            return black ? -lastScore : lastScore;
        }

        int exitCode() {
            try {
                return process.waitFor(1, TimeUnit.SECONDS) ? process.exitValue() : -1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }

        @Override
        public void close() {
            try {
                send("quit");
            } catch (IOException ignored) {
                // already gone
            }
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
    }
}
