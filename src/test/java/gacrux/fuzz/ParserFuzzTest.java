package gacrux.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import gacrux.board.FenException;
import gacrux.board.Position;
import gacrux.uci.UciParserAccess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Fuzzing of the FEN parser ({@link Position#fromFen}) and the UCI line parser ({@code UciParser.parse}).
 *
 * <ul>
 * <li>{@code fen} and {@code uciLine} are Jazzer fuzz tests. Under plain {@code mvn verify} they replay the
 * committed corpus in {@code src/test/resources/gacrux/fuzz/ParserFuzzTestInputs/<method>/}; with
 * {@code JAZZER_FUZZ=1} they fuzz, coverage-guided, for {@code maxDuration} (a finding is written to that
 * directory, and becomes a regression input once committed).</li>
 * <li>{@link #seededMutationRun} is the short bounded run CI does every time: a fixed seed, a fixed count of
 * byte-level mutations of the corpus, through the same two checks (deterministic, unlike libFuzzer).</li>
 * </ul>
 * Properties: the FEN parser either returns a position whose FEN parses back to the same FEN, or throws
 * {@link FenException} with a non-empty message — never another exception; the UCI parser never throws, and
 * any position command it yields goes through the FEN check too.
 */
class ParserFuzzTest {
    static final Path CORPUS = Path.of("src/test/resources/gacrux/fuzz/ParserFuzzTestInputs");
    static final int MUTATIONS = Integer.getInteger("gacrux.fuzz.mutations", 100_000);

    @FuzzTest(maxDuration = "60s")
    void fen(byte[] data) {
        checkFen(new String(data, StandardCharsets.UTF_8));
    }

    @FuzzTest(maxDuration = "60s")
    void uciLine(byte[] data) {
        checkUciLine(new String(data, StandardCharsets.UTF_8));
    }

    static void checkFen(String text) {
        Position p;
        try {
            p = Position.fromFen(text);
        } catch (FenException e) {
            assertNotNull(e.getMessage(), "FenException without a message for '" + text + "'");
            assertFalse(e.getMessage().isBlank(), "FenException with an empty message for '" + text + "'");
            return;
        }
        String fen = p.toFen();
        assertEquals(fen, Position.fromFen(fen).toFen(), "FEN does not round-trip: '" + text + "'");
    }

    static void checkUciLine(String line) {
        List<String> warnings = new ArrayList<>();
        String fen = UciParserAccess.parseAndGetFen(line, warnings::add);
        for (String w : warnings) assertFalse(w == null || w.isBlank(), "blank warning for '" + line + "'");
        if (fen != null) checkFen(fen);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void seededMutationRun() throws IOException {
        List<byte[]> fens = corpus("fen"), lines = corpus("uciLine");
        assertTrue(fens.size() >= 20 && lines.size() >= 20, "corpus missing");
        Random rnd = new Random(Long.getLong("gacrux.fuzz.seed", 0xFE11L));
        long t0 = System.nanoTime();
        for (int i = 0; i < MUTATIONS; i++) {
            boolean fen = (i & 1) == 0;
            List<byte[]> pool = fen ? fens : lines;
            byte[] in = mutate(rnd, pool.get(rnd.nextInt(pool.size())), pool.get(rnd.nextInt(pool.size())));
            String text = new String(in, StandardCharsets.UTF_8);
            try {
                if (fen) checkFen(text);
                else checkUciLine(text);
            } catch (Throwable t) {
                throw new AssertionError("input #" + i + " " + Arrays.toString(in) + " = '" + text + "'", t);
            }
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf("ParserFuzzTest: %d mutated inputs in %d ms (%d/s)%n", MUTATIONS, ms,
                MUTATIONS * 1000L / Math.max(1, ms));
    }

    static List<byte[]> corpus(String method) throws IOException {
        try (Stream<Path> files = Files.list(CORPUS.resolve(method))) {
            return files.sorted().map(f -> {
                try {
                    return Files.readAllBytes(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).toList();
        }
    }

    /** One to four mutations: bit flip, delete, insert an interesting byte, duplicate, truncate, splice. */
    static byte[] mutate(Random rnd, byte[] a, byte[] other) {
        byte[] b = a;
        int k = 1 + rnd.nextInt(4);
        byte[] interesting = {' ', '/', '-', '0', '1', '8', '9', 'k', 'K', 'q', 'w', 'b', 'e', 'p', '\t', 0, (byte) 0xFF,
                (byte) 0xC3, (byte) 0x80};
        for (int j = 0; j < k; j++) {
            int at = b.length == 0 ? 0 : rnd.nextInt(b.length);
            switch (rnd.nextInt(6)) {
                case 0 -> { if (b.length > 0) { b = b.clone(); b[at] ^= (byte) (1 << rnd.nextInt(8)); } }
                case 1 -> { if (b.length > 0) b = cat(Arrays.copyOfRange(b, 0, at), Arrays.copyOfRange(b, at + 1, b.length)); }
                case 2 -> b = cat(Arrays.copyOfRange(b, 0, at), new byte[]{interesting[rnd.nextInt(interesting.length)]},
                        Arrays.copyOfRange(b, at, b.length));
                case 3 -> {
                    int to = Math.min(b.length, at + 1 + rnd.nextInt(10));
                    b = cat(Arrays.copyOfRange(b, 0, to), Arrays.copyOfRange(b, at, to), Arrays.copyOfRange(b, to, b.length));
                }
                case 4 -> b = Arrays.copyOfRange(b, 0, at);
                default -> {
                    int from = other.length == 0 ? 0 : rnd.nextInt(other.length);
                    b = cat(Arrays.copyOfRange(b, 0, at), Arrays.copyOfRange(other, from, other.length));
                }
            }
        }
        return b;
    }

    private static byte[] cat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) n += p.length;
        byte[] r = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, r, at, p.length);
            at += p.length;
        }
        return r;
    }
}
