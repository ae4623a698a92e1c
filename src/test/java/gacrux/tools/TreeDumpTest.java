package gacrux.tools;

import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.Evaluator;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import gacrux.search.Searcher;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;
import gacrux.search.TreeDump;
import gacrux.tools.TreeDumps.Parsed;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static gacrux.tools.TreeDumps.FEN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The TREEDUMP trace written by {@code treedump}: grammar, tree consistency, determinism, DTS, SIGKILL. */
class TreeDumpTest {
    static Path dir;
    static Path serial;
    static String serialSummary;

    @BeforeAll
    static void dumpOnce() throws Exception {
        dir = Files.createTempDirectory("gacrux-treedump");
        serial = dir.resolve("serial.log");
        serialSummary = TreeDumps.dump("--fen", FEN, "--depth", "5", "--out", serial.toString());
    }

    @AfterAll
    static void cleanUp() {
        TreeDumps.deleteTree(dir);
    }

    @Test
    void theTestJvmDoesNotTrace() {
        assertFalse(TreeDump.ON, "the property is unset in the test JVM, so the switch is off");
    }

    @Test
    void everyLineParsesAndEveryMoveHasItsParentResult() throws Exception {
        List<Parsed> lines = TreeDumps.parseAll(serial);
        assertEquals(TreeDumps.summary(serialSummary, "lines"), lines.size(), "the summary counts the lines written");
        Set<String> results = new HashSet<>();
        for (Parsed p : lines) if (!p.move()) results.add(p.path());
        for (Parsed p : lines) {
            if (!p.move()) continue;
            int cut = p.path().lastIndexOf(' ');
            String parent = cut < 0 ? "" : p.path().substring(0, cut);
            assertTrue(results.contains(parent), "line " + p.lineNo() + ": no RESULT for the parent of " + p.path());
        }
    }

    @Test
    void fieldsAgreeWithTheActs() throws Exception {
        Map<String, Integer> acts = new HashMap<>();
        for (Parsed p : TreeDumps.parseAll(serial)) {
            if (!p.move()) continue;
            String kind = p.group(5), act = p.group(6), r = p.group(7), ext = p.group(8), score = p.group(9);
            acts.merge(act, 1, Integer::sum);
            String where = "line " + p.lineNo() + " " + p.path();
            org.junit.jupiter.api.Assertions.assertNotNull(TreeDump.Act.of(act), where + ": an act the format names");
            org.junit.jupiter.api.Assertions.assertDoesNotThrow(() -> TreeDump.Kind.valueOf(kind), where + ": a kind the format names");
            boolean pruned = act.equals("LMP") || act.equals("FP-QUIET") || act.equals("HIST-PRUNE")
                    || act.equals("SEE-CAP") || act.equals("SEE-QUIET");
            assertEquals(pruned, score.equals("SKIPPED"), where + ": SKIPPED exactly for pruned moves");
            assertEquals(act.equals("NMP"), p.path().endsWith("0000"), where + ": the null move is 0000");
            assertEquals(act.equals("NMP"), kind.equals("NULL"), where);
            assertEquals(act.startsWith("LMR") || act.equals("NMP") || act.equals("PROBCUT"), !r.equals("0.00"),
                    where + ": r only for LMR, NMP, PROBCUT");
            assertEquals(act.equals("PROBCUT"), kind.equals("PROBCUT"), where);
            assertEquals(act.equals("EXT"), ext.equals("1.00"), where + ": ext only for EXT");
            if (act.equals("SEE-CAP")) assertEquals("CAP", kind, where);
            if (act.equals("LMP") || act.equals("FP-QUIET") || act.equals("HIST-PRUNE") || act.equals("SEE-QUIET"))
                assertEquals("QUIET", kind, where);
            if (act.equals("HIST-PRUNE")) assertTrue(Double.parseDouble(p.group(2)) <= 3, where + ": history pruning at depth <= 3");
        }
        // The decisions this position really takes at depth 5 (at depth 4 it takes no LMP since the sixth Texel run).
        for (String a : List.of("FULL", "LMR", "EXT", "NMP", "LMP", "FP-QUIET", "SEE-CAP", "SEE-QUIET"))
            assertTrue(acts.containsKey(a), "no act=" + a + " in " + acts);
    }

    @Test
    void latePruningWaitsHalfAsLongWhereTheNodeIsNotImproving() throws Exception {
        // Per node, the moves searched (not pruned, not the null move) before each LMP line: at least half of
        // 3 + depth², and below 3 + depth² somewhere (a node that is not improving). A RESULT line ends a node's visit.
        Map<String, Integer> searched = new HashMap<>();
        int early = 0, lmp = 0;
        for (Parsed p : TreeDumps.parseAll(serial)) {
            if (!p.move()) { searched.remove(p.path()); continue; }
            if (p.group(5).equals("NULL")) continue;
            int cut = p.path().lastIndexOf(' ');
            String parent = cut < 0 ? "" : p.path().substring(0, cut);
            int before = searched.getOrDefault(parent, 0);
            int d = (int) Double.parseDouble(p.group(2));
            if (p.group(6).equals("LMP")) {
                lmp++;
                assertTrue(before >= (3 + d * d) / 2, "line " + p.lineNo() + ": LMP after " + before + " moves at depth " + d);
                if (before < 3 + d * d) early++;
            }
            if (!p.group(9).equals("SKIPPED")) searched.merge(parent, 1, Integer::sum);
        }
        assertTrue(early > 0 && early < lmp, early + " of " + lmp + " LMP lines before 3 + depth² moves");
    }

    @Test
    void everyPathIsATruePositionAndEvalIsItsStaticEval() throws Exception {
        for (Parsed p : TreeDumps.parseAll(serial)) {
            Position pos = TreeDumps.replay(FEN, p.path());
            if (!p.move()) assertEquals(Evaluator.evaluate(pos), Integer.parseInt(p.group(5)), "line " + p.lineNo());
        }
    }

    @Test
    void rootMovesOfTheLastIterationAreTheLegalMoves() throws Exception {
        List<Parsed> lines = TreeDumps.parseAll(serial);
        Parsed last = lines.get(lines.size() - 1);
        assertTrue(!last.move() && last.path().isEmpty() && last.group(6).equals("EXACT"),
                "the dump ends with the root's exact RESULT: " + last.m().group());
        // The last iteration's root searches: the first at depth 5, each after a fail high a ply shallower, back to 5
        // after a fail low (Searcher.iterate's aspiration loop); the last one inside its window.
        int first = 0;
        while (!(lines.get(first).path().isEmpty() && !lines.get(first).move() && lines.get(first).group(2).equals("5.00")))
            first++;
        int depthNow = 5;
        for (Parsed p : lines.subList(first, lines.size())) {
            if (p.move() || !p.path().isEmpty()) continue;
            assertEquals(depthNow + ".00", p.group(2), "line " + p.lineNo() + ": the root's search depth");
            if (p.group(6).equals("LOWER")) {
                if (!gacrux.search.Score.isMate(Integer.parseInt(p.group(7)))) depthNow = Math.max(1, depthNow - 1);
            }
            else if (p.group(6).equals("UPPER")) depthNow = 5;
            else assertEquals(last, p, "line " + p.lineNo() + ": an exact root result before the last");
        }
        int start = lines.size() - 2;
        while (start >= 0 && !(lines.get(start).path().isEmpty())) start--; // the previous iteration's root RESULT
        List<String> searched = new ArrayList<>(), pruned = new ArrayList<>();
        for (Parsed p : lines.subList(start + 1, lines.size() - 1)) {
            if (!p.move() || p.path().contains(" ")) continue;
            (p.group(9).equals("SKIPPED") ? pruned : searched).add(p.path());
        }
        Position root = Position.fromFen(FEN);
        int[] list = new int[MoveGen.MAX_MOVES];
        int n = MoveGen.legal(root, list, 0);
        Set<String> legal = new TreeSet<>();
        for (int i = 0; i < n; i++) legal.add(Move.toUci(list[i]));
        Set<String> expected = new TreeSet<>(legal);
        expected.removeAll(pruned);
        assertEquals(searched.size(), new HashSet<>(searched).size(), "each root move once: " + searched);
        assertEquals(expected, new TreeSet<>(searched));
    }

    @Test
    void tracingDoesNotChangeTheSearch() {
        Position root = Position.fromFen(FEN);
        SearchLimits limits = SearchLimits.depth(5);
        SearchResult r = new Searcher(new TranspositionTable(TreeDumpCommand.TT_MB)).think(root, new long[0],
                new SearchControl(limits, new TimeManager(limits, root.sideToMove(), 0)), x -> { });
        assertEquals(r.nodes(), TreeDumps.summary(serialSummary, "nodes"), "nodes with tracing on and off");
        assertTrue(serialSummary.startsWith("bestmove " + Move.toUci(r.bestMove()) + " "), serialSummary);
    }

    @Test
    void theSameDumpTwiceIsIdentical() throws Exception {
        Path again = dir.resolve("again.log");
        TreeDumps.dump("--fen", FEN, "--depth", "5", "--out", again.toString());
        assertEquals(-1, Files.mismatch(serial, again), "single-threaded dumps differ");
    }

    /**
     * With two DTS workers and interior splits, every line is whole and names a true position: a helper's paths
     * start with its block's path, which the eval check catches (eval is recomputed from the searcher's own
     * position at that ply, so a wrong path prefix gives the eval of another position).
     */
    @Test
    void twoThreadDumpNamesTruePositions() throws Exception {
        Path log = dir.resolve("dts.log");
        String summary = TreeDumps.dump("--fen", FEN, "--depth", "6", "--threads", "2", "--out", log.toString());
        assertTrue(TreeDumps.summary(summary, "splits") > 1, "the search split: " + summary);
        List<Parsed> lines = TreeDumps.parseAll(log);
        assertTrue(lines.size() > 1000, summary);
        for (Parsed p : lines) {
            Position pos = TreeDumps.replay(FEN, p.path());
            if (!p.move()) assertEquals(Evaluator.evaluate(pos), Integer.parseInt(p.group(5)), "line " + p.lineNo());
        }
    }

    @Test
    void sigkillMidSearchLeavesOnlyWholeLines() throws Exception {
        Path log = dir.resolve("killed.log");
        Process p = TreeDumps.start("--fen", FEN, "--depth", "60", "--threads", "2", "--out", log.toString());
        try {
            long end = System.nanoTime() + 30_000_000_000L;
            while (System.nanoTime() < end && (!Files.exists(log) || Files.size(log) < 1_000_000)) Thread.sleep(20);
            assertTrue(p.isAlive(), "still searching when killed");
        } finally {
            p.destroyForcibly(); // SIGKILL
            p.waitFor();
        }
        byte[] bytes = Files.readAllBytes(log);
        assertTrue(bytes.length >= 1_000_000, "the log grew to " + bytes.length + " bytes");
        assertEquals('\n', bytes[bytes.length - 1], "the last line is whole");
        for (Parsed line : TreeDumps.parseAll(log)) TreeDumps.replay(FEN, line.path());
    }
}
