package gacrux.dts;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import gacrux.board.Position;
import gacrux.search.Searcher;
import gacrux.search.TranspositionTable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Parallel perft through the same split machinery as the search (Split, Select, Merge, Unsplit, helpful
 * master) equals the reference counts of the suite: any move claimed twice or lost shows as a wrong count.
 */
class DtsPerftTest {
    static final ActorTestKit kit = ActorTestKit.create();

    @AfterAll
    static void shutdown() { kit.shutdownTestKit(); }

    @Test
    void parallelPerftMatchesTheSuite() throws Exception {
        {
            DtsSearch[] dts = new DtsSearch[5];
            for (int t = 2; t <= 4; t++) // split near the leaves too: thousands of blocks
                dts[t] = DtsSearch.spawn(kit.system(), "perft-" + t, new TranspositionTable(1), t, Searcher.Config.DEFAULT,
                        gacrux.search.DtsConfig.DEFAULT.withMinSplitDepth(2));
            int checked = 0;
            long splitsBefore = dts[2].splits() + dts[3].splits() + dts[4].splits();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(
                    getClass().getResourceAsStream("/perft.epd"), StandardCharsets.UTF_8))) {
                String line;
                int index = 0;
                while ((line = r.readLine()) != null) {
                    if (line.isBlank() || line.startsWith("#")) continue;
                    String[] parts = line.split(";");
                    Position p = Position.fromFen(parts[0].trim());
                    // The deepest depth of each position whose count stays under 300k nodes.
                    int depth = 0;
                    long expected = 0;
                    for (int i = 1; i < parts.length; i++) {
                        String[] dn = parts[i].trim().split("\\s+");
                        long n = Long.parseLong(dn[1]);
                        if (n <= 300_000) { depth = Integer.parseInt(dn[0].substring(1)); expected = n; }
                    }
                    if (depth < 3) continue;
                    int t = 2 + (index++ % 3);
                    assertEquals(expected, dts[t].perft(p, depth), parts[0] + " depth " + depth + " threads " + t);
                    checked++;
                }
            }
            long splits = dts[2].splits() + dts[3].splits() + dts[4].splits() - splitsBefore;
            long helped = dts[2].helperMoves() + dts[3].helperMoves() + dts[4].helperMoves();
            assertTrue(checked >= 100, "positions checked: " + checked);
            assertTrue(splits > 100, "perft must split; splits = " + splits);
            assertTrue(helped > 100, "helpers must count moves at other workers' blocks; helper moves = " + helped);
            for (int t = 2; t <= 4; t++) assertEquals(0, dts[t].blocksInUse(), "blocks left in use, threads " + t);
        }
    }
}
