package gacrux.uci;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The one writer of stdout. Any thread (reader, engine actor, search) enqueues whole lines; a single
 * daemon thread prints them in enqueue order and flushes after each, so lines never interleave and a
 * slow GUI never blocks the search while it holds anything.
 *
 * <p>The same thread owns the debug log (option {@code Debug Log File}, docs/uci.md): every line read and written,
 * stamped with the wall time (UTC, microseconds) at which the reader read it or this thread wrote it, and an output
 * line that waited a millisecond or more in the queue says how long. The reader's lines reach the log through
 * the same queue, so nothing but the queue is shared with the reader or a search.
 */
public final class UciOutput {
    private static final int OUT = 0, IN = 1, SWITCH_LOG = 2, EOF = 3;
    /** A line for stdout, a line read (for the log only), a new log (null: none), or the end; queued in order. */
    private record Entry(int kind, String text, long nanos, Writer log) {}
    /** nanoTime to wall-clock nanoseconds: stamps taken by nanoTime on any thread, printed as UTC time of day. */
    private static final long WALL_OFFSET_NS = System.currentTimeMillis() * 1_000_000L - System.nanoTime();
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSS");

    private final LinkedBlockingQueue<Entry> queue = new LinkedBlockingQueue<>();
    private final PrintStream out;
    private final Thread thread;
    private volatile boolean closed;
    /** Whether a debug log is (about to be) open: read by the reader before it queues a line it read. */
    private volatile boolean logging;
    /** The debug log: owned by the output thread alone (handed over through the queue). */
    private Writer log;

    public UciOutput(PrintStream out) {
        this.out = out;
        this.thread = new Thread(this::loop, "uci-output");
        thread.setDaemon(true);
        thread.start();
    }

    public void println(String line) {
        if (!closed) queue.add(new Entry(OUT, line, System.nanoTime(), null));
    }

    public void info(String text) {
        println("info string " + text.replace('\n', ' ').replace('\r', ' '));
    }

    /** A line the reader read, for the debug log (nothing when no log is open). */
    public void logInput(String line) {
        if (logging && !closed) queue.add(new Entry(IN, line, System.nanoTime(), null));
    }

    /**
     * Option Debug Log File (EngineOptions has turned UCI's {@code <empty>} into ""): appends the traffic to file
     * from now on; "" closes the log. A file that cannot be opened is an info string, and the log in use (or none)
     * stays: false.
     */
    public boolean debugLog(String f) {
        if (f.isEmpty()) {
            logging = false;
            queue.add(new Entry(SWITCH_LOG, null, 0, null));
            return true;
        }
        Writer w;
        try {
            w = Files.newBufferedWriter(Path.of(f), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException | RuntimeException e) {
            info("option Debug Log File: cannot open '" + UciParser.truncate(f) + "': " + e + "; unchanged");
            return false;
        }
        logging = true;
        queue.add(new Entry(SWITCH_LOG, null, 0, w));
        return true;
    }

    private void loop() {
        try {
            while (true) {
                Entry e = queue.take();
                if (e.kind == EOF) break;
                if (e.kind == SWITCH_LOG) {
                    closeLog();
                    log = e.log;
                    continue;
                }
                if (e.kind == OUT) {
                    out.println(e.text);
                    if (queue.isEmpty()) out.flush();
                }
                if (log != null) writeLog(e);
            }
        } catch (InterruptedException ignored) {
            Thread.currentThread().interrupt();
        } finally {
            out.flush();
            closeLog();
        }
    }

    private void writeLog(Entry e) {
        try {
            if (e.kind == IN) {
                log.write(stamp(e.nanos) + " > " + e.text + "\n");
            } else {
                long now = System.nanoTime();
                long waitedUs = (now - e.nanos) / 1000;
                log.write(stamp(now) + " < " + e.text
                        + (waitedUs >= 1000 ? "   [queued " + waitedUs / 1000 + "." + waitedUs % 1000 / 100 + " ms]" : "") + "\n");
            }
            if (queue.isEmpty()) log.flush();
        } catch (IOException x) {
            Writer dead = log;
            log = null;
            logging = false;
            try { dead.close(); } catch (IOException ignored) { }
            out.println("info string debug log closed: " + x.getMessage());
            out.flush();
        }
    }

    private void closeLog() {
        if (log == null) return;
        try {
            log.close();
        } catch (IOException ignored) {
            // nothing left to tell it
        }
        log = null;
    }

    private static String stamp(long nanos) {
        long wall = WALL_OFFSET_NS + nanos;
        return LocalTime.ofNanoOfDay(Math.floorMod(wall, 86_400_000_000_000L)).format(STAMP);
    }

    /** Prints everything already enqueued, then stops accepting lines. */
    public void close() {
        if (closed) return;
        queue.add(new Entry(EOF, null, 0, null));
        closed = true;
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
