package gacrux.uci;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Option SMP over UCI: listed, reported at go and in d, Lazy searched by two workers gives one legal bestmove and
 * only the main worker's info.
 */
class LazySmpUciTest {
    static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void lazySmpWithTwoThreadsAnswersOneLegalBestmove() {
        try (EngineProcess e = EngineProcess.inProcess()) {
            e.send("uci");
            List<String> hello = e.waitForAll(l -> l.equals("uciok"), WAIT);
            assertTrue(hello.contains("option name SMP type combo default DTS var DTS var Lazy"), e::transcript);
            e.send("setoption name SMP value Fast");
            assertTrue(e.waitFor("info string", WAIT).contains("SMP needs DTS or Lazy"), e::transcript);
            e.send("setoption name SMP value Lazy");
            e.send("setoption name Threads value 2");
            e.send("position startpos moves e2e4 e7e5");
            e.send("go depth 8");
            List<String> lines = e.waitForAll(l -> l.startsWith("bestmove"), WAIT);
            // The mode in force is observable: an engine that ignored SMP would say DTS here.
            assertEquals("info string search Lazy SMP, 2 threads", lines.get(0), e::transcript);
            e.send("d");
            assertTrue(e.waitFor("info string options", WAIT).endsWith(" Threads=2 Ponder=false Move Overhead=30 MultiPV=1 UCI_Chess960=false SMP=Lazy"),
                    e::transcript);
            UciConversationTest.assertLegalBestmove(lines.get(lines.size() - 1),
                    UciConversationTest.at(null, "e2e4", "e7e5"), e.transcript());
            // Worker 0's iterative deepening alone: each completed depth 1..8 reported once, in order (a helper's
            // lines, odd helpers starting at depth 2, would repeat depths).
            List<Integer> depths = lines.stream()
                    .filter(l -> l.startsWith("info depth ") && l.contains(" multipv ") && !l.contains("bound"))
                    .map(l -> Integer.parseInt(l.split(" ")[2])).toList();
            assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8), depths, e::transcript);
            // Back to DTS on the same workers, same game.
            e.send("setoption name SMP value DTS");
            e.send("go depth 6");
            assertEquals("info string search DTS, 2 threads", e.waitFor("info string search", WAIT), e::transcript);
            UciConversationTest.assertLegalBestmove(e.waitFor("bestmove", WAIT),
                    UciConversationTest.at(null, "e2e4", "e7e5"), e.transcript());
            UciConversationTest.finish(e);
            assertEquals(2, UciConversationTest.count(e.stdoutLines(), "bestmove"), e::transcript);
        }
    }
}
