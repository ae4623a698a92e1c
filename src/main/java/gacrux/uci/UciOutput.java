package gacrux.uci;

import java.io.PrintStream;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The one writer of stdout. Any thread (reader, engine actor, search) enqueues whole lines; a single
 * daemon thread prints them in enqueue order and flushes after each, so lines never interleave and a
 * slow GUI never blocks the search while it holds anything.
 */
public final class UciOutput {
    private static final String EOF_MARK = new String("<eof>");
    private final LinkedBlockingQueue<String> queue = new LinkedBlockingQueue<>();
    private final PrintStream out;
    private final Thread thread;
    private volatile boolean closed;

    public UciOutput(PrintStream out) {
        this.out = out;
        this.thread = new Thread(this::loop, "uci-output");
        thread.setDaemon(true);
        thread.start();
    }

    public void println(String line) {
        if (!closed) queue.add(line);
    }

    public void info(String text) {
        println("info string " + text.replace('\n', ' ').replace('\r', ' '));
    }

    private void loop() {
        try {
            while (true) {
                String line = queue.take();
                if (line == EOF_MARK) break;
                out.println(line);
                if (queue.isEmpty()) out.flush();
            }
        } catch (InterruptedException ignored) {
            Thread.currentThread().interrupt();
        } finally {
            out.flush();
        }
    }

    /** Prints everything already enqueued, then stops accepting lines. */
    public void close() {
        if (closed) return;
        queue.add(EOF_MARK);
        closed = true;
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
