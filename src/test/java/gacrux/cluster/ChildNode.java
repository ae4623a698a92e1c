package gacrux.cluster;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A worker node in a child JVM ({@code gacrux.tools.Main node ...} on the test classpath), its stdout watched for
 * the ready line and its stderr kept for the failure message.
 */
final class ChildNode implements AutoCloseable {
    final Process process;
    final int port;
    final CompletableFuture<String> ready = new CompletableFuture<>();
    final StringBuffer log = new StringBuffer();

    ChildNode(int port, String seeds, String... extra) throws IOException {
        this.port = port;
        List<String> cmd = new ArrayList<>(List.of(
                System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
                "-Xmx192m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                "gacrux.tools.Main", "node", "--port", String.valueOf(port), "--seed", seeds,
                "--stable-after", "2s", "--heartbeat", "500ms", "--heartbeat-pause", "2s"));
        cmd.addAll(List.of(extra));
        process = new ProcessBuilder(cmd).start();
        Thread out = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    log.append("out: ").append(line).append('\n');
                    if (line.startsWith("node ready ")) ready.complete(line.substring("node ready ".length()).split(" ")[0]);
                }
            } catch (IOException ignored) {
            }
            ready.completeExceptionally(new IllegalStateException("node on port " + port + " ended before ready:\n" + log));
        }, "node-" + port + "-out");
        Thread err = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) log.append("err: ").append(line).append('\n');
            } catch (IOException ignored) {
            }
        }, "node-" + port + "-err");
        out.setDaemon(true);
        err.setDaemon(true);
        out.start();
        err.start();
    }

    String awaitReady(long seconds) throws Exception {
        return ready.get(seconds, TimeUnit.SECONDS);
    }

    String address() { return "akka://gacrux@127.0.0.1:" + port; }

    void quit() throws IOException {
        OutputStream in = process.getOutputStream();
        in.write("quit\n".getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
