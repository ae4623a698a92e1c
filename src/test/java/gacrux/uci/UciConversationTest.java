package gacrux.uci;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Whole conversations with the engine as a child JVM (stdin/stdout exactly as a GUI sees them). Each test
 * ends by closing stdin, expecting exit code 0, and checking that every stdout line is a UCI line.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class UciConversationTest {
    static final Duration START = Duration.ofSeconds(30);
    static final Duration SEARCH = Duration.ofSeconds(30);
    static final Duration SHORT = Duration.ofSeconds(10);

    static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    static final String MATE_IN_2 = "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1"; // h5a5
    static final String MATED = "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1";
    static final String STALEMATED = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";

    static Position at(String fen, String... moves) {
        Position p = fen == null ? Position.startPos() : Position.fromFen(fen);
        for (String m : moves) {
            Position next = p.copy();
            next.makeMove(MoveGen.parseUci(p, m));
            p = next;
        }
        return p;
    }

    /** The bestmove (and its ponder move, if any) are legal where the engine was asked to search. */
    static void assertLegalBestmove(String line, Position p, String transcript) {
        String[] t = line.split(" ");
        assertEquals("bestmove", t[0], line);
        int m;
        try {
            m = MoveGen.parseUci(p, t[1]);
        } catch (IllegalArgumentException e) {
            throw new AssertionError("'" + line + "' is not legal in " + p.toFen() + "\n" + transcript, e);
        }
        if (t.length > 2) {
            assertEquals(4, t.length, line);
            assertEquals("ponder", t[2], line);
            Position after = p.copy();
            after.makeMove(m);
            assertDoesNotThrow(() -> MoveGen.parseUci(after, t[3]), () -> "ponder move of '" + line + "' not legal");
        }
    }

    static long count(List<String> lines, String prefix) {
        return lines.stream().filter(l -> l.startsWith(prefix)).count();
    }

    /** Close stdin, expect exit 0 and clean output. */
    static void finish(EngineProcess e) {
        e.closeStdin();
        assertEquals(0, e.waitForExit(SHORT), e::transcript);
        e.assertCleanOutput();
    }

    @Test
    void handshakeListsIdOptionsAndAnswersIsReady() {
        try (EngineProcess e = EngineProcess.start()) {
            e.send("uci");
            List<String> hello = e.waitForAll(l -> l.equals("uciok"), START);
            assertTrue(hello.get(0).startsWith("id name Gacrux"), hello::toString);
            assertTrue(hello.stream().anyMatch(l -> l.startsWith("id author ")), hello::toString);
            for (String opt : List.of("Hash type spin", "Threads type spin", "Clear Hash type button",
                    "Ponder type check", "Move Overhead type spin", "MultiPV type spin"))
                assertTrue(hello.stream().anyMatch(l -> (l + " ").startsWith("option name " + opt + " ")),
                        () -> "option " + opt + " missing: " + hello);
            e.send("isready");
            e.waitFor(l -> l.equals("readyok"), START);
            finish(e);
        }
    }

    @Test
    void badOptionValuesAreReportedAndTheEngineStaysUsable() {
        // A small heap: Hash 999999 is clamped to 32768 and then cut to what the JVM can give, which with the
        // default heap (a quarter of the machine's memory) is seconds of allocation, too long for SHORT under load.
        try (EngineProcess e = EngineProcess.start(List.of("-Xmx1g"))) {
            e.send("uci");
            e.waitFor("uciok", START);
            e.send("setoption name Hash value 999999");
            String clamped = e.waitFor("info string", START);
            assertTrue(clamped.contains("Hash") && clamped.contains("clamped"), clamped);
            e.send("isready");
            e.waitFor(l -> l.equals("readyok"), SHORT);

            e.send("setoption name Hash value lots");
            String nan = e.waitFor("info string", SHORT);
            assertTrue(nan.contains("not a number") && nan.contains("unchanged"), nan);
            e.send("setoption name Threads value -3");
            assertTrue(e.waitFor("info string", SHORT).contains("clamped to 1"));
            e.send("setoption name No Such Option value 3");
            String unknown = e.waitFor("info string", SHORT);
            assertTrue(unknown.contains("unknown option") && unknown.contains("No Such Option"), unknown);
            e.send("setoption name Move Overhead value 10");   // valid: silent
            e.send("setoption name Clear Hash");
            e.send("setoption name Ponder value true");
            e.send("isready");
            List<String> quiet = e.waitForAll(l -> l.equals("readyok"), SHORT);
            assertEquals(List.of("readyok"), quiet, "valid options print nothing");

            e.send("position startpos");
            e.send("go depth 3");
            assertLegalBestmove(e.waitFor("bestmove", SEARCH), at(null), e.transcript());
            finish(e);
        }
    }

    /** The GUI's "printf 'position startpos\ngo depth 8\n' | engine": the search must finish before exit. */
    @RepeatedTest(5)
    void endOfInputLetsAFiniteSearchFinish() {
        try (EngineProcess e = EngineProcess.start()) {
            e.send("position startpos");
            e.send("go depth 8");
            e.closeStdin();
            e.waitFor("info depth 8 ", SEARCH);
            assertLegalBestmove(e.waitFor("bestmove", SEARCH), at(null), e.transcript());
            assertEquals(0, e.waitForExit(SHORT), e::transcript);
            assertEquals(1, count(e.stdoutLines(), "bestmove"), e::transcript);
            e.assertCleanOutput();
        }
    }

    @Test
    void endOfInputStopsAnInfiniteSearchAndAnswersIt() {
        try (EngineProcess e = EngineProcess.start()) {
            e.send("position startpos moves e2e4");
            e.send("go infinite");
            e.send("isready");
            e.waitFor(l -> l.equals("readyok"), START);
            e.closeStdin();
            assertLegalBestmove(e.waitFor("bestmove", SHORT), at(null, "e2e4"), e.transcript());
            assertEquals(0, e.waitForExit(SHORT), e::transcript);
            e.assertCleanOutput();
        }
    }

    /** Commands sent while a search runs, then end of input: each go is still answered, in order. */
    @Test
    void endOfInputRunsTheCommandsQueuedBehindASearch() {
        try (EngineProcess e = EngineProcess.start()) {
            e.send("position startpos");
            e.send("go depth 6");
            e.send("position startpos moves d2d4 g8f6");
            e.send("go depth 5");
            e.send("position fen " + KIWIPETE);
            e.send("go nodes 3000");
            e.closeStdin();
            assertEquals(0, e.waitForExit(SEARCH), e::transcript);
            List<String> best = e.stdoutLines().stream().filter(l -> l.startsWith("bestmove")).toList();
            assertEquals(3, best.size(), e::transcript);
            assertLegalBestmove(best.get(0), at(null), e.transcript());
            assertLegalBestmove(best.get(1), at(null, "d2d4", "g8f6"), e.transcript());
            assertLegalBestmove(best.get(2), at(KIWIPETE), e.transcript());
            e.assertCleanOutput();
        }
    }

    @Test
    void everyLimitKindGivesExactlyOneLegalBestmove() throws InterruptedException {
        try (EngineProcess e = EngineProcess.start()) {
            e.send("uci");
            e.waitFor("uciok", START);
            e.send("isready");
            e.waitFor(l -> l.equals("readyok"), START);
            int gos = 0;
            String[][] finite = {
                    {null, "go depth 5"},
                    {KIWIPETE, "go nodes 20000"},
                    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "go movetime 200"},
                    {null, "go wtime 3000 btime 3000 winc 100 binc 100"},
                    {KIWIPETE, "go wtime 2000 btime 2000 movestogo 3"},
                    {"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", "go btime 500 binc 0 wtime 100000"},
                    {null, "go depth 3 searchmoves a2a3 h2h4"},
            };
            for (String[] c : finite) {
                e.send(c[0] == null ? "position startpos" : "position fen " + c[0]);
                e.send(c[1]);
                gos++;
                List<String> lines = e.waitForAll(l -> l.startsWith("bestmove"), SEARCH);
                String best = lines.get(lines.size() - 1);
                assertLegalBestmove(best, at(c[0]), e.transcript());
                if (c[1].contains("searchmoves"))
                    assertTrue(best.startsWith("bestmove a2a3") || best.startsWith("bestmove h2h4"), best);
                if (c[1].startsWith("go depth 5")) assertTrue(lines.stream().anyMatch(l -> l.startsWith("info depth 5 ")));
                assertOneBestmove(e);
            }

            e.send("position fen " + MATE_IN_2);
            e.send("go mate 2");
            gos++;
            List<String> mate = e.waitForAll(l -> l.startsWith("bestmove"), SEARCH);
            assertTrue(mate.stream().anyMatch(l -> l.contains(" score mate 2 ")), mate::toString);
            assertEquals("bestmove h5a5", mate.get(mate.size() - 1).split(" ponder")[0]);
            assertOneBestmove(e);

            // infinite + stop; ponder + ponderhit; ponder + stop: no bestmove before the GUI says so.
            String[][] waiting = {
                    {"go infinite", "stop"},
                    {"go ponder wtime 1000 btime 1000", "ponderhit"},
                    {"go ponder wtime 60000 btime 60000", "stop"},
                    {"go ponder infinite", "ponderhit", "stop"},
            };
            for (String[] w : waiting) {
                e.send("position startpos moves g1f3");
                e.send(w[0]);
                gos++;
                e.waitFor("info depth 1 ", SEARCH);
                Thread.sleep(300);
                for (int i = 1; i < w.length; i++) {
                    assertEquals(0, count(e.drain(), "bestmove"), () -> w[0] + ": bestmove before " + w[1]
                            + "\n" + e.transcript());
                    e.send(w[i]);
                    if (i + 1 < w.length) Thread.sleep(300);
                }
                assertLegalBestmove(e.waitFor("bestmove", SEARCH), at(null, "g1f3"), e.transcript());
                assertOneBestmove(e);
            }
            assertEquals(gos, count(e.stdoutLines(), "bestmove"), e::transcript);
            finish(e);
        }
    }

    /** After a bestmove, isready is answered with no second bestmove in between. */
    private static void assertOneBestmove(EngineProcess e) {
        e.send("isready");
        List<String> after = e.waitForAll(l -> l.equals("readyok"), SHORT);
        assertEquals(0, count(after, "bestmove"), e::transcript);
    }

    @Test
    void stopDuringInfiniteIsAnsweredQuickly() throws InterruptedException {
        try (EngineProcess e = EngineProcess.start()) {
            for (int i = 0; i < 3; i++) {
                e.send("position fen " + KIWIPETE);
                e.send("go infinite");
                e.waitFor("info depth", START);
                Thread.sleep(200 * i);
                long t0 = System.nanoTime();
                e.send("stop");
                String best = e.waitFor("bestmove", SHORT);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(ms < 1000, "bestmove " + ms + " ms after stop");
                assertLegalBestmove(best, at(KIWIPETE), e.transcript());
            }
            // stop at once, before the search has printed anything
            e.send("go infinite");
            e.send("stop");
            assertLegalBestmove(e.waitFor("bestmove", SHORT), at(KIWIPETE), e.transcript());
            e.send("stop"); // a stop with no search is harmless
            e.send("isready");
            e.waitFor(l -> l.equals("readyok"), SHORT);
            assertEquals(4, count(e.stdoutLines(), "bestmove"));
            finish(e);
        }
    }

    /**
     * stop (or ponderhit) sent right after a go that is still queued behind a running search belongs to that
     * go: it must not be spent on the old search, or the queued go infinite never ends.
     */
    @Test
    void stopAfterAQueuedGoStopsThatGo() {
        try (EngineProcess e = EngineProcess.start()) {
            e.send("position startpos");
            e.send("go depth 60");
            e.waitFor("info depth 1 ", START);
            e.send("position startpos moves e2e4");
            e.send("go infinite");
            e.send("stop");
            assertLegalBestmove(e.waitFor("bestmove", SHORT), at(null), e.transcript());
            assertLegalBestmove(e.waitFor("bestmove", SHORT), at(null, "e2e4"), e.transcript());

            e.send("go depth 60");
            e.waitFor("info depth 1 ", START);
            e.send("position startpos moves d2d4");
            e.send("go ponder wtime 500 btime 500");
            e.send("ponderhit");
            assertLegalBestmove(e.waitFor("bestmove", SHORT), at(null, "e2e4"), e.transcript());
            assertLegalBestmove(e.waitFor("bestmove", SHORT), at(null, "d2d4"), e.transcript());
            e.send("isready");
            e.waitFor(l -> l.equals("readyok"), SHORT);
            assertEquals(4, count(e.stdoutLines(), "bestmove"), e::transcript);
            finish(e);
        }
    }

    @Test
    void checkmatedAndStalematedSidesAnswerNullMove() {
        try (EngineProcess e = EngineProcess.start()) {
            for (String fen : List.of(MATED, STALEMATED)) {
                for (String go : List.of("go depth 5", "go infinite", "go wtime 1000 btime 1000")) {
                    e.send("position fen " + fen);
                    e.send(go);
                    if (go.equals("go infinite")) e.send("stop");
                    assertEquals("bestmove 0000", e.waitFor("bestmove", START));
                }
            }
            finish(e);
        }
    }

    @Test
    void badFenAndIllegalMovesKeepThePreviousPosition() {
        try (EngineProcess e = EngineProcess.start()) {
            String prev = at(null, "e2e4", "c7c5").toFen();
            e.send("position startpos moves e2e4 c7c5");
            e.send("d");
            assertEquals("info string fen " + prev, stripKey(e.waitFor("info string fen", START)));
            for (String bad : List.of(
                    "position fen this is not a fen",
                    "position fen 8/8/8/8/8/8/8/8 w - - 0 1",                        // no kings
                    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                    "position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    "position startpos moves e2e4 e7e5 e1e3",                       // illegal third move
                    "position startpos moves e2e5",
                    "position startpos moves e2e4 zz99",
                    "position fen " + KIWIPETE + " moves e1g1 e8c8 a1a8")) {
                e.send(bad);
                String info = e.waitFor("info string", SHORT);
                assertTrue(info.contains("invalid") || info.contains("FEN") || info.contains("position"), info);
                e.send("d");
                assertEquals("info string fen " + prev, stripKey(e.waitFor("info string fen", SHORT)),
                        () -> "after '" + bad + "'\n" + e.transcript());
            }
            e.send("go depth 4");
            assertLegalBestmove(e.waitFor("bestmove", SEARCH), at(null, "e2e4", "c7c5"), e.transcript());
            finish(e);
        }
    }

    private static String stripKey(String d) {
        int k = d.indexOf(" key ");
        return k < 0 ? d : d.substring(0, k);
    }

    @Test
    void unknownCommandsAndBlankLinesAreHarmless() {
        try (EngineProcess e = EngineProcess.start()) {
            e.send("xyzzy plugh");
            assertEquals("info string unknown command: xyzzy plugh", e.waitFor("info string", START));
            e.send("");
            e.send("   \t  ");
            e.send("go depth 2 frobnicate");
            assertTrue(e.waitFor("info string", SHORT).contains("frobnicate"));
            assertLegalBestmove(e.waitFor("bestmove", SEARCH), at(null), e.transcript());
            e.send("go perft 2");
            assertEquals("Nodes searched: 400", e.waitFor("Nodes searched", SEARCH));
            e.send("isready");
            e.waitFor(l -> l.equals("readyok"), SHORT);
            finish(e);
        }
    }

    @Test
    void quitDuringASearchExitsWithinTwoSeconds() {
        try (EngineProcess e = EngineProcess.start()) {
            e.send("position fen " + KIWIPETE);
            e.send("go infinite");
            e.waitFor("info depth 3", START);
            long t0 = System.nanoTime();
            e.send("quit");
            int code = e.waitForExit(Duration.ofSeconds(10));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(0, code, e::transcript);
            assertTrue(ms < 2000, "exit took " + ms + " ms after quit");
            e.assertCleanOutput();
        }
    }

    @Test
    void quitWithADepthSearchRunningDoesNotWaitForIt() {
        try (EngineProcess e = EngineProcess.start()) {
            e.send("position startpos");
            e.send("go depth 60");
            e.waitFor("info depth 2", START);
            long t0 = System.nanoTime();
            e.send("quit");
            assertEquals(0, e.waitForExit(Duration.ofSeconds(10)), e::transcript);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < 2000, "exit took " + ms + " ms after quit");
            e.assertCleanOutput();
        }
    }
}
