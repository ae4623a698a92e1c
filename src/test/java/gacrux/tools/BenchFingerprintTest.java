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
    static final String FINGERPRINT = "Nodes: 918533";
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

    @Test
    void theDocsQuoteTheFingerprint() throws IOException {
        for (String doc : QUOTED_IN)
            assertTrue(Files.readString(Path.of(doc)).contains("`" + FINGERPRINT + "`"),
                    doc + " no longer quotes `" + FINGERPRINT + "`: update it or BenchFingerprintTest.QUOTED_IN");
        assertTrue(Files.readString(Path.of("docs/strength.md")).contains("Current bench fingerprint (`java -jar target/gacrux.jar bench`): `"
                + FINGERPRINT + "`"), "docs/strength.md must name the current fingerprint as current");
    }
}
