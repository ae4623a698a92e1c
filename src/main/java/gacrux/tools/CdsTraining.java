package gacrux.tools;

import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The build's class-data-sharing training run (pom.xml, package phase): {@code java
 * -XX:ArchiveClassesAtExit=target/gacrux.jsa -cp target/gacrux.jar gacrux.tools.CdsTraining} plays a short UCI
 * session through the real engine (handshake, options, a serial and a DTS search, a table clear), so the
 * archive holds the classes a GUI's session loads. scripts/gacrux starts the engine with that archive
 * (docs/startup.md). Prints nothing.
 */
public final class CdsTraining {
    private CdsTraining() {}

    static final String SESSION = """
            uci
            isready
            setoption name Hash value 16
            ucinewgame
            position startpos moves e2e4 e7e5
            go depth 6
            isready
            setoption name Threads value 2
            position startpos moves d2d4
            go depth 6
            isready
            """;

    public static void main(String[] args) {
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        // End of input: the pending searches finish, then the engine exits and the JVM writes the archive.
        int code = gacrux.uci.UciMain.run(new ByteArrayInputStream(SESSION.getBytes(StandardCharsets.UTF_8)), discard);
        System.exit(code);
    }
}
