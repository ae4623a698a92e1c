package gacrux.uci;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Option Debug Log File: every line read and written goes to the file with a time stamp, in the order the engine
 * handled them; a file that cannot be opened changes nothing; empty closes the log.
 */
class DebugLogFileTest {
    static final Duration WAIT = Duration.ofSeconds(30);
    static final Pattern LINE = Pattern.compile("\\d\\d:\\d\\d:\\d\\d\\.\\d{6} [<>] .+");

    static List<String> read(Path f) throws Exception {
        return Files.readAllLines(f);
    }

    static int indexOf(List<String> log, String suffix, int from) {
        for (int i = Math.max(0, from); i < log.size(); i++) if (log.get(i).endsWith(suffix) || log.get(i).contains(suffix + "   [queued")) return i;
        return -1;
    }

    @Test
    void theTrafficIsLoggedWithStampsAndABadFileChangesNothing(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("uci.log");
        try (EngineProcess e = EngineProcess.inProcess()) {
            e.send("uci");
            assertTrue(e.waitForAll(l -> l.equals("uciok"), WAIT).contains("option name Debug Log File type string default <empty>"), e::transcript);
            e.send("setoption name Debug Log File value " + f);
            e.send("d"); // the reader may read a line or two before the engine actor has opened the log
            assertTrue(e.waitFor("info string options", WAIT).endsWith(" Debug Log File=" + f), e::transcript);
            e.send("isready");
            e.waitFor("readyok", WAIT);
            e.send("position startpos moves e2e4");
            e.send("go depth 4");
            String best = e.waitFor("bestmove", WAIT);

            e.send("setoption name Debug Log File value " + dir.resolve("no/such/dir/x.log"));
            assertTrue(e.waitFor("info string option Debug Log File", WAIT).contains("cannot open"), e::transcript);
            e.send("d");
            assertTrue(e.waitFor("info string options", WAIT).endsWith(" Debug Log File=" + f), e::transcript);
            e.send("isready");
            e.waitFor("readyok", WAIT);

            e.send("setoption name Debug Log File value <empty>");
            e.send("d"); // answered by the engine actor after the setoption: the log is closed by then
            assertFalse(e.waitFor("info string options", WAIT).contains("Debug Log File"), e::transcript);
            e.send("isready");
            e.waitFor("readyok", WAIT);

            List<String> log = read(f);
            for (String l : log) assertTrue(LINE.matcher(l).matches(), "not a stamped line: " + l);
            int ready = indexOf(log, "> isready", 0);
            int readyOk = indexOf(log, "< readyok", ready);
            int go = indexOf(log, "> go depth 4", readyOk);
            int bestmove = indexOf(log, "< " + best, go);
            assertTrue(ready >= 0 && readyOk > ready && go > readyOk && bestmove > go, String.join("\n", log));
            assertTrue(indexOf(log, "> position startpos moves e2e4", ready) > 0, "the position was not logged");
            assertTrue(log.subList(bestmove, log.size()).stream().anyMatch(l -> l.contains("< info string option Debug Log File: cannot open")),
                    "the rejected file's message, in the old log");
            int secondReady = indexOf(log, "> isready", bestmove);
            assertTrue(secondReady > bestmove, "the log in use stayed after the rejected file");
            assertTrue(indexOf(log, "> setoption name Debug Log File value <empty>", secondReady) > secondReady);
            assertEquals(2, log.stream().filter(l -> l.endsWith("> isready")).count(), "nothing logged after the log was closed");
        }
    }
}
