package gacrux.uci;

import gacrux.search.SearchLimits;
import gacrux.uci.UciEngine.Command;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** Pure parsing: one line in, one command (and maybe warnings) out. */
class UciParserTest {
    private final List<String> warnings = new ArrayList<>();

    private Command parse(String line) {
        return UciParser.parse(line, warnings::add);
    }

    private SearchLimits go(String line) {
        Command c = parse(line);
        assertInstanceOf(UciEngine.Go.class, c, line);
        return ((UciEngine.Go) c).limits();
    }

    @Test
    void simpleCommands() {
        assertInstanceOf(UciEngine.UciHello.class, parse("uci"));
        assertInstanceOf(UciEngine.IsReady.class, parse("isready"));
        assertInstanceOf(UciEngine.NewGame.class, parse("ucinewgame"));
        assertInstanceOf(UciEngine.Stop.class, parse("stop"));
        assertInstanceOf(UciEngine.PonderHit.class, parse("ponderhit"));
        assertEquals(new UciEngine.Quit(false), parse("quit"));
        assertEquals(new UciEngine.Debug(true), parse("debug on"));
        assertEquals(new UciEngine.Debug(false), parse("debug off"));
        assertInstanceOf(UciEngine.Display.class, parse("d"));
        assertEquals(new UciEngine.Bench(gacrux.search.Bench.DEFAULT_DEPTH), parse("bench"));
        assertEquals(new UciEngine.Bench(5), parse("bench 5"));
        assertTrue(warnings.isEmpty());
    }

    @Test
    void extraTokensAfterACommandAreIgnored() {
        assertInstanceOf(UciEngine.IsReady.class, parse("isready please?"));
        assertInstanceOf(UciEngine.Stop.class, parse("stop now"));
    }

    @Test
    void blankLinesAreNothingAndWhitespaceIsNormalised() {
        assertNull(parse(""));
        assertNull(parse("   \t \r"));
        assertInstanceOf(UciEngine.IsReady.class, parse("  isready \t\r"));
        assertEquals(new UciEngine.SetPosition(null, List.of("e2e4", "e7e5")),
                parse("position\tstartpos   moves  e2e4 \u0000e7e5"));
    }

    @Test
    void garbageIsUnknown() {
        for (String g : List.of("xyzzy", "UCI", "go_depth 3", "position", "position sideways",
                "position startpos e2e4", "position fen", "position fen moves e2e4", "setoption", "setoption Hash 3",
                "setoption name", "setoption name value 3", "bench deep", "bench 0", "bench 31",
                "\u00e9\u00e8 \ud83d\ude00"))
            assertInstanceOf(UciEngine.Unknown.class, parse(g), g);
        String longLine = "x".repeat(100_000);
        UciEngine.Unknown u = (UciEngine.Unknown) parse(longLine);
        assertTrue(u.text().length() <= 83, "unknown text is truncated for the info string");
        assertEquals("xyzzy plugh", ((UciEngine.Unknown) parse("xyzzy   plugh")).text());
    }

    @Test
    void goWithEveryLimit() {
        SearchLimits l = go("go wtime 60000 btime 59000 winc 1000 binc 900 movestogo 20 depth 12 nodes 500000"
                + " movetime 3000 mate 4");
        assertEquals(60000, l.wtime());
        assertEquals(59000, l.btime());
        assertEquals(1000, l.winc());
        assertEquals(900, l.binc());
        assertEquals(20, l.movestogo());
        assertEquals(12, l.depth());
        assertEquals(500000, l.nodes());
        assertEquals(3000, l.movetime());
        assertEquals(4, l.mate());
        assertFalse(l.infinite());
        assertFalse(l.ponder());
        assertTrue(l.isFinite());
        assertTrue(warnings.isEmpty(), warnings::toString);

        SearchLimits inf = go("go infinite");
        assertTrue(inf.infinite());
        assertFalse(inf.isFinite());
        SearchLimits ponder = go("go ponder wtime 1000 btime 1000");
        assertTrue(ponder.ponder());
        assertFalse(ponder.isFinite(), "a ponder search waits for ponderhit or stop");
        assertEquals(3, go("go perft 3").perft());
        SearchLimits bare = go("go");
        assertEquals(0, bare.depth());
        assertFalse(bare.isFinite());
        assertTrue(warnings.isEmpty(), warnings::toString);
    }

    @Test
    void searchmovesTakesOnlyMoveTokens() {
        SearchLimits l = go("go searchmoves e2e4 d2d4 a7a8q depth 3");
        assertEquals(List.of("e2e4", "d2d4", "a7a8q"), l.searchmoves());
        assertEquals(3, l.depth());
        assertTrue(warnings.isEmpty(), warnings::toString);
        assertEquals(List.of(), go("go searchmoves").searchmoves());
    }

    @Test
    void overflowingNumbersAreWarnedAboutAndTheGoStillComes() {
        SearchLimits l = go("go depth 99999999999999999999 nodes 99999999999999999999 wtime 1000");
        assertEquals(0, l.depth());
        assertEquals(0, l.nodes());
        assertEquals(1000, l.wtime());
        assertEquals(2, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).contains("depth") && warnings.get(0).contains("not a number"), warnings::toString);
        // Within a long but out of range: clamped, not warned
        warnings.clear();
        SearchLimits big = go("go depth 9223372036854775807 movestogo 5000000000 mate 999 perft 64");
        assertEquals(127, big.depth());
        assertEquals(1000, big.movestogo());
        assertEquals(63, big.mate());
        assertEquals(20, big.perft());
        assertTrue(warnings.isEmpty(), warnings::toString);
    }

    @Test
    void negativeAndZeroValuesAreSafe() {
        SearchLimits l = go("go wtime -500 btime 0 winc -10 binc -1 depth -3 nodes -7 movetime -20 movestogo -4 mate -2");
        assertEquals(-1, l.wtime(), "a clock at or below zero: move almost at once");
        assertEquals(-1, l.btime());
        assertEquals(0, l.winc());
        assertEquals(0, l.binc());
        assertEquals(1, l.depth());
        assertEquals(1, l.nodes());
        assertEquals(1, l.movetime());
        assertEquals(0, l.movestogo());
        assertEquals(1, l.mate());
        assertTrue(l.isFinite());
        assertTrue(warnings.isEmpty(), warnings::toString);
    }

    @Test
    void missingAndBadValuesAreWarnings() {
        SearchLimits l = go("go depth");
        assertEquals(0, l.depth());
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).contains("'depth' needs a value"), warnings::toString);

        warnings.clear();
        l = go("go movetime fast nodes 100 wtime");
        assertEquals(0, l.movetime());
        assertEquals(100, l.nodes());
        assertEquals(0, l.wtime());
        assertEquals(2, warnings.size(), warnings::toString);

        warnings.clear();
        l = go("go depth nodes 5");   // 'nodes' is taken as depth's (bad) value, then '5' is unknown
        assertEquals(0, l.nodes());
        assertFalse(warnings.isEmpty());

        warnings.clear();
        go("go sideways depth 2");
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).contains("sideways"), warnings::toString);
    }

    @Test
    void setoptionNamesAndValuesMayHaveSpaces() {
        assertEquals(new UciEngine.SetOption("Move Overhead", "100"), parse("setoption name Move Overhead value 100"));
        assertEquals(new UciEngine.SetOption("Clear Hash", null), parse("setoption name Clear Hash"));
        assertEquals(new UciEngine.SetOption("Hash", "64"), parse("setoption  name   Hash  value  64 "));
        assertEquals(new UciEngine.SetOption("SyzygyPath", "/a b/c d"), parse("setoption name SyzygyPath value /a b/c d"));
        assertEquals(new UciEngine.SetOption("Hash", ""), parse("setoption name Hash value"));
        assertTrue(warnings.isEmpty());
    }

    @Test
    void positionWithFenAndMoves() {
        String fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assertEquals(new UciEngine.SetPosition(fen, List.of()), parse("position fen " + fen));
        assertEquals(new UciEngine.SetPosition(fen, List.of("e1g1", "e8c8")),
                parse("position fen " + fen + " moves e1g1 e8c8"));
        assertEquals(new UciEngine.SetPosition(null, List.of()), parse("position startpos"));
        assertEquals(new UciEngine.SetPosition(null, List.of()), parse("position startpos moves"));
        // The FEN text is passed on as is; the engine validates it (and reports a bad one).
        assertEquals(new UciEngine.SetPosition("this is not a fen", List.of("e2e4")),
                parse("position fen this is not a fen moves e2e4"));
    }
}
