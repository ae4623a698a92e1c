package gacrux.tools;

import gacrux.tools.TreeDiff.Difference;
import gacrux.tools.TreeDiff.Group;
import gacrux.tools.TreeDiff.Log;
import gacrux.tools.TreeDiff.Report;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static gacrux.tools.TreeDumps.FEN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** treediff against itself, against a hand-edited copy (exactly the edits), and on another engine's lines. */
class TreeDiffTest {
    static Path dir, log;
    static List<String> lines;

    @BeforeAll
    static void dumpOnce() throws Exception {
        dir = Files.createTempDirectory("gacrux-treediff");
        log = dir.resolve("a.log");
        TreeDumps.dump("--fen", FEN, "--depth", "5", "--out", log.toString());
        lines = Files.readAllLines(log);
    }

    @AfterAll
    static void cleanUp() {
        TreeDumps.deleteTree(dir);
    }

    private static String path(String line) {
        int a = line.indexOf('"'), b = line.indexOf('"', a + 1);
        return line.substring(a + 1, b);
    }

    @Test
    void aLogAgainstItselfHasNoDifferences() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = TreeDiff.run(new String[] {log.toString(), log.toString()}, new PrintStream(out), System.err);
        String text = out.toString();
        assertEquals(0, code, text);
        assertTrue(text.contains("only in A: 0 paths") && text.contains("only in B: 0 paths"), text);
        assertTrue(text.contains("different decision (0,") && text.contains("none: the logs make the same"), text);
    }

    @Test
    void aHandEditedCopyReportsExactlyTheEdits() throws Exception {
        Map<String, Integer> pathUses = new HashMap<>();
        for (String l : lines) {
            String p = path(l);
            for (int i = 0; i <= p.length(); i++) // the path and every prefix of it
                if (i == p.length() || p.charAt(i) == ' ') pathUses.merge(p.substring(0, i), 1, Integer::sum);
        }
        List<String> b = new ArrayList<>(lines);
        int scoreAt = -1, actAt = -1, deleteAt = -1, cosmeticAt = -1;
        for (int i = 0; i < b.size(); i++) {
            String l = b.get(i);
            if (!l.startsWith("MOVE") || !path(l).contains(" ")) continue;
            if (scoreAt < 0 && l.contains(" act=LMR ")) scoreAt = i;
            else if (scoreAt >= 0 && actAt < 0 && l.contains(" act=FULL ")) actAt = i;
            // A pruned leaf (LMP, futility, SEE...) whose path occurs once: deleting it leaves no orphans.
            else if (actAt >= 0 && deleteAt < 0 && l.contains("score=SKIPPED") && pathUses.get(path(l)) == 1) deleteAt = i;
            else if (deleteAt >= 0 && cosmeticAt < 0 && l.contains(" act=FULL ")) cosmeticAt = i;
        }
        assertTrue(cosmeticAt > 0, "the log has the lines the edits need");
        String scorePath = path(b.get(scoreAt)), actPath = path(b.get(actAt)), deleted = path(b.get(deleteAt));
        String deletedAct = b.get(deleteAt).replaceFirst(".* act=(\\S+).*", "$1");
        // 1: a score; 2: an act and its reduction; 3: a cosmetic change (kind, an extra field) that must not count;
        // 4: a line deleted; 5: a line from nowhere, with an act Gacrux never writes.
        String s = b.get(scoreAt);
        int sc = Integer.parseInt(s.substring(s.lastIndexOf('=') + 1));
        b.set(scoreAt, s.substring(0, s.lastIndexOf('=') + 1) + (sc + 7));
        b.set(actAt, b.get(actAt).replace(" act=FULL r=0.00", " act=LMR r=1.00"));
        b.set(cosmeticAt, b.get(cosmeticAt).replaceFirst(" kind=\\S+", " kind=KILLER") + " nodes=17");
        String invented = path(b.get(cosmeticAt)) + " 0000";
        b.add(cosmeticAt + 1, "MOVE path=\"" + invented + "\" depth=0.50 alpha=1 beta=2 kind=NULL act=WEIRD r=0 ext=0 score=3");
        b.remove(deleteAt);

        Report r = TreeDiff.compare(Log.parse("a", lines), Log.parse("b", b));
        assertFalse(r.identical());
        List<String> diffs = new ArrayList<>();
        for (Difference d : r.differences()) diffs.add(d.any().path() + " " + d.fields());
        assertEquals(List.of(scorePath + " [score]", actPath + " [act, r]").stream().sorted().toList(),
                diffs.stream().sorted().toList());
        assertEquals(List.of(deleted + " 1"), r.onlyA().stream().map(g -> g.prefix() + " " + g.paths()).toList());
        assertEquals(List.of(invented + " 1"), r.onlyB().stream().map(g -> g.prefix() + " " + g.paths()).toList());
        assertEquals(scoreAt + 1, r.first().a().lineNo(), "the first divergence is the first edit");
        assertEquals("score", r.first().what());
        assertEquals(1, r.acts().get("WEIRD")[1]);
        assertEquals(r.acts().get("LMR")[0] + 1, r.acts().get("LMR")[1]);
        assertEquals(r.acts().get("FULL")[0] - 1, r.acts().get("FULL")[1]);
        assertEquals(r.acts().get(deletedAct)[0] - 1, r.acts().get(deletedAct)[1], deletedAct);

        Path edited = dir.resolve("b.log");
        Files.write(edited, b);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(1, TreeDiff.run(new String[] {log.toString(), edited.toString()}, new PrintStream(out), System.err));
        String text = out.toString();
        assertTrue(text.matches("(?s).*MOVE \"" + scorePath + "\"( \\(visit \\d+\\))?: score " + sc + " -> " + (sc + 7) + " .*"), text);
        assertTrue(text.matches("(?s).*MOVE \"" + actPath + "\"( \\(visit \\d+\\))?: act FULL -> LMR r 0.00 -> 1.00 .*"), text);
        assertTrue(text.contains("\"" + deleted + "\": 1 path;"), text);
    }

    /** Lines as another engine might write them: extra fields, unknown kinds and acts, fractional depths. */
    @Test
    void toleratesOtherEnginesLines() {
        List<String> a = List.of(
                "# typhoon 2.0 treedump",
                "MOVE path=\"e2e4\" depth=5.50 alpha=-10 beta=10 kind=KILLER act=PROBCUT r=1.5 ext=0 score=12 tt=1",
                "MOVE path=\"e2e4 e7e5\" depth=4.25 alpha=-10 beta=10 kind=COUNTER act=HIST-PRUNE r=0 ext=0 score=SKIPPED",
                "RESULT path=\"e2e4\" depth=4.50 alpha=-10 beta=10 eval=3 bound=EXACT score=-12 ply=1",
                "RESULT path=\"\" depth=5.50 alpha=-10 beta=10 eval=0 bound=EXACT score=12");
        List<String> b = List.of(
                "MOVE path=\"e2e4\"  depth=5.5 alpha=-10 beta=10 kind=CAP act=PROBCUT r=1.50 ext=0.00 score=12",
                "MOVE path=\"e2e4  e7e5\" depth=4.25 alpha=-11 beta=11 kind=QUIET act=HIST-PRUNE r=0.00 ext=0.00 score=SKIPPED",
                "garbage",
                "RESULT path=\"e2e4\" depth=4.50 alpha=-10 beta=10 eval=99 bound=EXACT score=-12",
                "RESULT path=\"\" depth=5.50 alpha=-10 beta=10 eval=0 bound=EXACT score=12");
        Log la = Log.parse("a", a), lb = Log.parse("b", b);
        assertEquals(List.of(1), la.malformed);
        assertEquals(List.of(3), lb.malformed);
        Report r = TreeDiff.compare(la, lb);
        assertTrue(r.identical(), "kind, window, eval, spacing and number format are not decisions");
        assertNull(r.first());
        assertEquals(1, r.acts().get("PROBCUT")[0]);
        assertEquals(1, r.acts().get("HIST-PRUNE")[1]);
        assertEquals(2, r.depths().get(5.5)[0] + r.depths().get(5.5)[1]);
        List<Group> none = List.of();
        assertEquals(none, r.onlyA());
    }
}
