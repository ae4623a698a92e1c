package gacrux.uci;

import gacrux.search.NnueTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Option EvalFile over UCI: a net from nnue-train replaces the hand-crafted evaluation in the serial and the DTS
 * search (another tree, legal moves), empty brings the hand-crafted one back (the same tree as before), and a
 * missing or broken file is an info string that changes nothing.
 */
class EvalFileUciTest {
    static final Duration WAIT = Duration.ofSeconds(30);

    /** The node count of a fresh (ucinewgame) search to depth 7 from the start position, and its bestmove checked. */
    static long nodesAtDepth7(EngineProcess e) {
        e.send("ucinewgame");
        e.send("isready");
        e.waitFor("readyok", WAIT);
        e.send("position startpos");
        e.send("go depth 7");
        List<String> lines = e.waitForAll(l -> l.startsWith("bestmove"), WAIT);
        UciConversationTest.assertLegalBestmove(lines.get(lines.size() - 1), UciConversationTest.at(null), e.transcript());
        String last = lines.stream().filter(l -> l.startsWith("info depth 7 ")).reduce((a, b) -> b).orElseThrow();
        String[] t = last.split(" ");
        for (int i = 0; i < t.length - 1; i++) if (t[i].equals("nodes")) return Long.parseLong(t[i + 1]);
        throw new AssertionError("no nodes in " + last);
    }

    @Test
    void aNetReplacesTheHandCraftedEvaluationAndEmptyBringsItBack(@TempDir Path dir) throws Exception {
        Path net = dir.resolve("random.net"), junk = dir.resolve("junk.net");
        Files.write(net, NnueTest.randomNetBytes(16, 9));
        Files.write(junk, new byte[] {1, 2, 3});
        try (EngineProcess e = EngineProcess.inProcess()) {
            e.send("uci");
            assertTrue(e.waitForAll(l -> l.equals("uciok"), WAIT).contains("option name EvalFile type string default <empty>"), e::transcript);
            long handCrafted = nodesAtDepth7(e);

            e.send("setoption name EvalFile value " + dir.resolve("missing.net"));
            assertTrue(e.waitFor("info string option EvalFile", WAIT).contains("no such file"), e::transcript);
            e.send("setoption name EvalFile value " + junk);
            assertTrue(e.waitFor("info string option EvalFile", WAIT).contains("cannot read net"), e::transcript);
            assertEquals(handCrafted, nodesAtDepth7(e), "a rejected file changed the evaluation");

            e.send("setoption name EvalFile value " + net);
            assertTrue(e.waitFor("info string evaluation", WAIT).contains("16 hidden units"), e::transcript);
            long withNet = nodesAtDepth7(e);
            assertNotEquals(handCrafted, withNet, "the net is not used");
            e.send("d");
            assertTrue(e.waitFor("info string options", WAIT).endsWith(" EvalFile=" + net), e::transcript);

            e.send("setoption name Threads value 2"); // the DTS workers get the net too: a legal move, no failure
            e.send("position startpos moves e2e4");
            e.send("go depth 8");
            List<String> lines = e.waitForAll(l -> l.startsWith("bestmove"), WAIT);
            assertTrue(lines.stream().noneMatch(l -> l.contains("search failed")), e::transcript);
            UciConversationTest.assertLegalBestmove(lines.get(lines.size() - 1), UciConversationTest.at(null, "e2e4"), e.transcript());
            e.send("setoption name Threads value 1");

            e.send("setoption name EvalFile value <empty>");
            assertEquals("info string evaluation: hand-crafted", e.waitFor("info string evaluation", WAIT), e::transcript);
            assertEquals(handCrafted, nodesAtDepth7(e), "back to the hand-crafted evaluation, the same tree");
            UciConversationTest.finish(e);
        }
    }
}
