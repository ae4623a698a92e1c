package gacrux.tools;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmpBenchTest {
    @TempDir Path dir;

    private record Out(int code, String out, String err) {}

    private static Out run(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = SmpBench.run(args, new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Out(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    private Path positions() throws Exception {
        Path f = dir.resolve("pos.epd");
        Files.write(f, List.of(SmpBench.POSITIONS.get(0), SmpBench.POSITIONS.get(4), SmpBench.POSITIONS.get(10)));
        return f;
    }

    /** Every option the parser has a case for is in smpbench's own usage and in Main's (the source is the list). */
    @Test
    void everyParsedOptionIsInBothUsageTexts() throws Exception {
        String source = Files.readString(Path.of("src/main/java/gacrux/tools/SmpBench.java"));
        List<String> options = java.util.regex.Pattern.compile("case \"(--[a-z-]+)\"").matcher(source).results()
                .map(m -> m.group(1)).distinct().toList();
        assertTrue(options.size() >= 20, "parser cases found: " + options);
        String ownUsage = run("--bogus").err();
        String mainUsage = Main.usageText();
        for (String option : options) {
            assertTrue(ownUsage.contains(option + " ") || ownUsage.contains(option + "]"), "smpbench's usage omits " + option);
            assertTrue(mainUsage.lines().filter(l -> l.contains(".jar smpbench")).anyMatch(l -> l.contains(option)),
                    "Main's usage omits " + option);
        }
    }

    @Test
    void simulatorNamesTheToolsJarWhenTheTestKitIsMissing() {
        // gacrux.jar leaves the test kit out (scripts/check-jar.sh checks the jar); a loader that sees only the JDK
        // stands for it. The test class path has the kit, so there the simulator runs.
        String missing = SmpBench.simulatorMissing(new ClassLoader(null) {});
        assertNotNull(missing);
        assertTrue(missing.contains("gacrux-tools.jar"), missing);
        assertNull(SmpBench.simulatorMissing(SmpBench.class.getClassLoader()));
    }

    @Test
    void badArgumentsAreRefusedWithUsage() {
        for (String[] bad : new String[][] {{"--simulate", "0"}, {"--simulate", "2,x"}, {"--simulate", "4", "--quantum", "0"},
                {"--threads", "1,99"}, {"--depth", "0"}, {"--mode", "ybwc"}, {"--bogus"}, {"--simulate"},
                {"--min-split-depth", "0"}, {"--max-helpers", "-1"}, {"--min-split-depth", "2", "--depth", "x"},
                {"--simulate", "4", "--threads", "1,2"}, {"--simulate", "4", "--mode", "lazy"}, {"--plot", "x.svg"},
                {"--seed", "3"}, {"--latency", "5"}, {"--simulate", "4", "--latency", "-2"},
                {"--nodes", "2"}, {"--simulate", "2,4", "--nodes", "2"}, {"--simulate", "4", "--nodes", "0"},
                {"--simulate", "4", "--net-latency", "60"}, {"--simulate", "4", "--nodes", "2", "--net-latency", "-1"},
                {"--simulate", "4", "--nodes", "2", "--cluster-split-depth", "0"},
                {"--simulate", "4", "--nodes", "2", "--plot", "x.svg"}}) {
            Out r = run(bad);
            assertEquals(2, r.code(), String.join(" ", bad));
            assertTrue(r.err().startsWith("smpbench: "), r.err());
            assertEquals("", r.out());
        }
    }

    /** The simulator's table is the same on every run (only the line with this machine's time may differ). */
    @Test
    void simulatedScalingIsReproducibleAndPlotted() throws Exception {
        Path pos = positions(), plot = dir.resolve("scaling.svg");
        String[] args = {"--simulate", "2,4,8", "--depth", "7", "--positions", pos.toString(), "--tt", "8", "--no-real",
                "--seed", "3", "--plot", plot.toString()};
        Out a = run(args), b = run(args);
        assertEquals(0, a.code(), a.err());
        assertEquals(withoutTiming(a.out()), withoutTiming(b.out()));
        List<String> rows = a.out().lines().filter(l -> l.matches("\\s+\\d+\\s+\\d+\\s+\\d+\\s+[0-9.]+.*")).toList();
        assertEquals(4, rows.size(), a.out()); // 1 (the serial baseline), 2, 4, 8
        assertTrue(rows.get(0).matches("\\s+1\\s+(\\d+)\\s+\\1\\s+1\\.00\\s+1\\.00\\s+1\\.00\\s+\\+0\\.0%.*"), rows.get(0));
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(plot.toFile());
        assertEquals("svg", doc.getDocumentElement().getNodeName());
        assertTrue(Files.readString(plot).contains("Cray Blitz DTS (paper)"));
    }

    private static String withoutTiming(String s) {
        return s.lines().filter(l -> !l.startsWith("(simulation took")).collect(Collectors.joining("\n"));
    }

    @Test
    void realRunMeasuresEveryModeAgainstTheSerialSearch() throws Exception {
        Out r = run("--threads", "1,2", "--mode", "dts,lazy", "--depth", "6", "--positions", positions().toString(), "--tt", "8");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("serial ")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("dts ")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("lazy ")), r.out());
    }

    @Test
    void simulationComparesTwoWorkersWithTheRealSearch() throws Exception {
        Out r = run("--simulate", "2", "--depth", "6", "--positions", positions().toString(), "--tt", "8");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("two workers, simulated vs real (one run): speedup"), r.out());
    }

    /**
     * The two-level search on the simulator (issue 14): the serial row, one machine, then every machine count x
     * network latency x split depth, reproducibly; moves went to the other machines; the best split depth per latency.
     */
    @Test
    void simulatedClusterIsReproducible() throws Exception {
        String[] args = {"--simulate", "2", "--nodes", "2,3", "--net-latency", "0,100", "--cluster-split-depth", "3,5",
                "--depth", "7", "--positions", positions().toString(), "--tt", "8", "--seed", "5"};
        Out a = run(args), b = run(args);
        assertEquals(0, a.code(), a.err());
        assertEquals(withoutTiming(a.out()), withoutTiming(b.out()));
        List<String> rows = a.out().lines().filter(l -> l.matches("\\s+\\d+ x \\d+\\s+.*")).toList();
        assertEquals(2 + 2 * 2 * 2, rows.size(), a.out());
        assertTrue(rows.get(0).matches("\\s+1 x 1\\s+-\\s+-\\s+(\\d+)\\s+\\1\\s+1\\.00\\s+1\\.00.*"), rows.get(0));
        for (String row : rows.subList(2, rows.size())) {
            String[] f = row.trim().split("\\s+");
            assertTrue(Long.parseLong(f[13]) > 0, "results merged from the other machines: " + row);
        }
        assertEquals(4, a.out().lines().filter(l -> l.startsWith("best split depth for ")).count(), a.out());
    }
}
