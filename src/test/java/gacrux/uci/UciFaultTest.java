package gacrux.uci;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static gacrux.uci.UciConversationTest.KIWIPETE;
import static gacrux.uci.UciConversationTest.assertLegalBestmove;
import static gacrux.uci.UciConversationTest.at;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Resource faults at the UCI level (issue 8, "Faults"): a Hash the JVM cannot give, Threads above the limit,
 * and quit / end of input during a multi-threaded (DTS) search.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class UciFaultTest {
    static final Duration START = Duration.ofSeconds(30);
    static final Duration SEARCH = Duration.ofSeconds(30);
    static final Duration SHORT = Duration.ofSeconds(10);

    /**
     * A child JVM with a 256 MiB heap asked for a 4 GiB table: it says so in an info string, keeps a smaller
     * table (reported by the next line), never dies of OutOfMemoryError, and still searches.
     */
    @Test
    void hashLargerThanTheHeapGivesASmallerTableAndKeepsRunning() {
        try (EngineProcess e = EngineProcess.start(List.of("-Xmx256m"))) {
            e.send("uci");
            e.waitFor("uciok", START);
            e.send("isready");
            e.waitFor(l -> l.equals("readyok"), START);
            Pattern used = Pattern.compile("info string Hash (\\d+) MiB is more than the JVM can give; using (\\d+) MiB");
            for (String mb : List.of("4096", "32768", "1024")) {
                e.send("setoption name Hash value " + mb);
                String info = e.waitFor("info string Hash", SHORT);
                Matcher m = used.matcher(info);
                assertTrue(m.matches(), () -> info + "\n" + e.transcript());
                assertEquals(mb, m.group(1));
                int got = Integer.parseInt(m.group(2));
                System.out.printf("UciFaultTest: -Xmx256m, Hash %s -> %d MiB%n", mb, got);
                assertTrue(got >= 1 && got <= 256, info);
                e.send("isready");
                e.waitFor(l -> l.equals("readyok"), SHORT);
                e.send("position fen " + KIWIPETE);
                e.send("go depth 5");
                assertLegalBestmove(e.waitFor("bestmove", SEARCH), at(KIWIPETE), e.transcript());
            }
            // Not a power of two: rounded down, and not blamed on the JVM.
            e.send("setoption name Hash value 100");
            assertEquals("info string Hash 100 MiB rounded down to 64 MiB (the table is a power of two)",
                    e.waitFor("info string", SHORT));
            e.send("d");
            assertTrue(e.waitFor("info string options", SHORT).contains("Hash=64 "), e::transcript);
            e.waitFor("info string fen", SHORT);
            // A size that fits is taken silently.
            e.send("setoption name Hash value 8");
            e.send("isready");
            assertEquals(List.of("readyok"), e.waitForAll(l -> l.equals("readyok"), SHORT), e::transcript);
            UciConversationTest.finish(e);
            assertTrue(e.stderrLines().stream().noneMatch(l -> l.contains("OutOfMemoryError")), e::transcript);
        }
    }

    @Test
    void threadsAboveTheLimitAreClampedWithAMessageAndSearch() {
        try (EngineProcess e = EngineProcess.start()) {
            e.send("uci");
            e.waitFor("uciok", START);
            for (String v : List.of("100000", "99999999999999999999999", String.valueOf(EngineOptions.MAX_THREADS + 1))) {
                e.send("setoption name Threads value " + v);
                assertEquals("info string option Threads value " + v + " out of range 1.." + EngineOptions.MAX_THREADS
                        + "; clamped to " + EngineOptions.MAX_THREADS, e.waitFor("info string", START));
            }
            e.send("position startpos moves e2e4");
            e.send("go depth 6");
            assertLegalBestmove(e.waitFor("bestmove", SEARCH), at(null, "e2e4"), e.transcript());
            e.send("setoption name Threads value 0");
            assertTrue(e.waitFor("info string", SHORT).endsWith("clamped to 1"));
            e.send("go nodes 5000");
            assertLegalBestmove(e.waitFor("bestmove", SEARCH), at(null, "e2e4"), e.transcript());
            UciConversationTest.finish(e);
        }
    }

    /**
     * quit, or the end of input, during a 4-thread go infinite: the child JVM exits with status 0 within one
     * second of the command (measured from the write to the process's exit).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"quit", "eof", "quit-queued"})
    void quitOrEndOfInputDuringAMultiThreadedSearchExitsWithinOneSecond(String how) {
        try (EngineProcess e = EngineProcess.start()) {
            e.send("setoption name Threads value 4");
            e.send("position fen " + KIWIPETE);
            e.send("go infinite");
            e.waitFor("info depth 6", START);
            long t0;
            if (how.equals("quit-queued")) {
                // a state-changing command pending behind the search, then quit: the pending one is dropped. The
                // three lines go in one write, so quit reaches the engine while the preempted search is still
                // stopping (sent one by one on a loaded machine, the preempted search could end and the pending
                // go start before quit was read: then two bestmoves are right, and this test flaked).
                t0 = System.nanoTime();
                e.sendRaw("position startpos\ngo depth 40\nquit".getBytes(StandardCharsets.UTF_8));
            } else {
                t0 = System.nanoTime();
                if (how.equals("eof")) e.closeStdin();
                else e.send("quit");
            }
            int code = e.waitForExit(Duration.ofSeconds(10));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(0, code, e::transcript);
            assertTrue(ms < 1000, () -> how + ": exit took " + ms + " ms\n" + e.transcript());
            System.out.printf("UciFaultTest: child JVM, Threads 4, %s -> exit 0 in %d ms%n", how, ms);
            // One bestmove per search at most. quit-queued: if quit was read before the preempted search ended,
            // the pending go was dropped (one search, one bestmove at most); if the search ended first, between the
            // reader's go and quit (two search threads per core can hold the reader off that long), the pending go
            // had already started its own search, which quit then ends: two searches, two bestmoves are right.
            long searches = e.stdoutLines().stream().filter(l -> l.startsWith("info string search")).count();
            long bestmoves = e.stdoutLines().stream().filter(l -> l.startsWith("bestmove")).count();
            assertTrue(searches <= (how.equals("quit-queued") ? 2 : 1), e::transcript);
            assertTrue(bestmoves <= searches, e::transcript);
            if (how.equals("eof"))
                assertLegalBestmove(e.waitFor("bestmove", SHORT), at(KIWIPETE), e.transcript());
            e.assertCleanOutput();
        }
    }

    /** go perft ends at once on stop and on quit (it used to run to the end, hours for perft 20). */
    @Test
    void perftStopsOnStopAndOnQuit() {
        try (EngineProcess e = EngineProcess.inProcess()) {
            e.send("go perft 20");
            e.send("isready");
            e.waitFor(l -> l.equals("readyok"), START);
            long t0 = System.nanoTime();
            e.send("stop");
            assertTrue(e.waitFor("info string perft", SHORT).startsWith("info string perft 20 stopped after "));
            e.send("go perft 3");
            assertEquals("Nodes searched: 8902", e.waitFor("Nodes searched", SHORT), "whole after a stopped one");
            // A state-changing command behind a perft waits for it; only stop and quit cut it short.
            e.send("go perft 4");
            e.send("position startpos moves e2e4");
            e.send("go perft 2");
            assertEquals("Nodes searched: 197281", e.waitFor("Nodes searched", SHORT));
            assertEquals("Nodes searched: 600", e.waitFor("Nodes searched", SHORT));
            e.send("go perft 20");
            e.send("quit");
            assertEquals(0, e.waitForExit(SHORT), e::transcript);
            assertTrue((System.nanoTime() - t0) / 1_000_000 < 5000, e::transcript);
            e.assertCleanOutput();
        }
    }

    /**
     * The same in-process: {@link UciMain#run} returns 0 within a second of quit / end of input, and every
     * thread it started (actor system, search dispatcher, DTS workers, output writer) has ended.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"quit", "eof"})
    void noThreadIsLeftRunningAfterQuitOrEndOfInput(String how) throws InterruptedException {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        try (EngineProcess e = EngineProcess.inProcess()) {
            e.send("setoption name Threads value 4");
            e.send("position fen " + KIWIPETE);
            e.send("go infinite");
            e.waitFor("info depth 6", START);
            long t0 = System.nanoTime();
            if (how.equals("eof")) e.closeStdin();
            else e.send("quit");
            assertEquals(0, e.waitForExit(Duration.ofSeconds(10)), e::transcript);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < 1000, () -> how + ": run returned " + ms + " ms after the command\n" + e.transcript());
            System.out.printf("UciFaultTest: in-process, Threads 4, %s -> run returned 0 in %d ms%n", how, ms);
            e.assertCleanOutput();
        }
        // Threads of this test's harness (the pumps) and of the JVM are not the engine's.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        Set<String> left;
        do {
            left = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> !before.contains(t) && t.isAlive())
                    .filter(t -> !t.getName().startsWith("engine-"))
                    .map(t -> t.getName() + (t.isDaemon() ? " (daemon)" : ""))
                    .collect(Collectors.toSet());
            if (left.isEmpty()) break;
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        assertEquals(Set.of(), left, "threads still running 1 s after UciMain.run returned");
    }
}
