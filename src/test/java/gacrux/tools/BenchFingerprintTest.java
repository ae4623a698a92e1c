package gacrux.tools;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The search's fingerprint: {@code java -jar target/gacrux.jar bench} prints it, and docs/strength.md quotes the
 * current one above its SPRT history (older documents quote the one their measurements were made at). A change
 * to the search that changes the count must be deliberate: this test fails, and its message names the document
 * to update along with FINGERPRINT.
 */
class BenchFingerprintTest {
    static final String FINGERPRINT = "Nodes: 743784";
    static final List<String> QUOTED_IN = List.of("docs/strength.md");

    @Test
    void benchPrintsTheFingerprintTheDocsQuote() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = BenchCommand.run(new String[0], new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(0, code);
        String nodes = out.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("Nodes: ")).findFirst().orElse("none");
        assertEquals(FINGERPRINT, nodes, "the bench fingerprint changed: if that is intended, put the new count in "
                + "BenchFingerprintTest.FINGERPRINT and in " + String.join(", ", QUOTED_IN)
                + " (with a line on why it changed)");
    }

    /** bench's arguments: a depth and a net, in either order; a bad net is a one-line error and exit code 2. */
    @Test
    void badArgumentsAreClearErrors(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path junk = dir.resolve("junk.net");
        Files.write(junk, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        String[][] bad = {{"--net"}, {"--net", dir.resolve("missing.net").toString()}, {"--net", junk.toString()}, {"5", "6"}, {"x"}, {"40"}};
        String[] says = {"--net needs a file", "cannot read net", "bad magic", "too many arguments", "must be a number", "1..30"};
        for (int i = 0; i < bad.length; i++) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = BenchCommand.run(bad[i], new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(2, code, String.join(" ", bad[i]));
            assertTrue(err.toString(StandardCharsets.UTF_8).contains(says[i]), err.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void theDocsQuoteTheFingerprint() throws IOException {
        for (String doc : QUOTED_IN)
            assertTrue(Files.readString(Path.of(doc)).contains("`" + FINGERPRINT + "`"),
                    doc + " no longer quotes `" + FINGERPRINT + "`: update it or BenchFingerprintTest.QUOTED_IN");
        assertTrue(Files.readString(Path.of("docs/strength.md")).contains("Current bench fingerprint (`java -jar target/gacrux.jar bench`): `"
                + FINGERPRINT + "`"), "docs/strength.md must name the current fingerprint as current");
    }
}
