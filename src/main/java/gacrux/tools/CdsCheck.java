package gacrux.tools;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The build's check of the class-data archive (pom.xml, package phase, after CdsTraining made it): runs {@code bench}
 * as scripts/gacrux starts the engine, with the archive mapped ({@code -Xshare:on}) and {@code -XX:+PrintCompilation},
 * and fails the build unless each of the search's hottest methods reached the optimising compiler (tier 4).
 *
 * Why: an archive dumped while the JIT was busy kept {@code Evaluator.evaluate} from ever being compiled in the
 * processes that mapped it (2026-12-07, docs/startup.md "An archive that stopped the JIT"): the launcher searched
 * 5-10 times slower than {@code java -jar}, with no error anywhere. The training now runs interpreted; this check
 * keeps any later change to it honest.
 *
 * <pre>java -cp target/gacrux.jar gacrux.tools.CdsCheck target/gacrux.jsa target/gacrux.jar</pre>
 */
public final class CdsCheck {
    private CdsCheck() {}

    /**
     * Methods every bench run compiles at tier 4 early (evaluate about 0.3 s in, the other two by about 1.5 s of a
     * run of some 3 s on an idle 2-core machine): the evaluation's and the search's core. (qsearch is left out: it is
     * mostly inlined into its callers, and its own tier-4 compile comes late in the run.)
     */
    static final List<String> HOT = List.of(
            "gacrux.search.Evaluator::evaluate",
            "gacrux.search.Searcher::searchNode",
            "gacrux.search.TranspositionTable::probe");

    /** A PrintCompilation line: time, compile id, flags, tier, then the method (holder::name) and its size. */
    private static final Pattern LINE = Pattern.compile("^\\s*\\d+\\s+\\d+\\s+[%sbn! ]*\\s(\\d)\\s+(\\S+::\\S+)\\s");

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: CdsCheck ARCHIVE.jsa ENGINE.jar");
            System.exit(2);
        }
        Path jsa = Path.of(args[0]), jar = Path.of(args[1]);
        if (!Files.isRegularFile(jar)) {
            System.err.println("CdsCheck: no such file: " + jar);
            System.exit(2);
        }
        if (!Files.isRegularFile(jsa)) { // no archive made here: scripts/gacrux starts without one, at full speed
            System.err.println("CdsCheck: no archive " + jsa + " to check");
            return;
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = List.of(java, "-XX:SharedArchiveFile=" + jsa, "-Xshare:on", "-Xbatch", "-XX:+PrintCompilation",
                "-jar", jar.toString(), "bench");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) out.add(line);
        }
        int code = p.waitFor();
        if (code != 0 && String.join("\n", out).contains("shared archive")) {
            // This JVM cannot map it (scripts/gacrux's -Xshare:auto then starts without it, at full speed).
            System.err.println("CdsCheck: " + jsa + " cannot be mapped by this JVM: " + tail(out));
            return;
        }
        if (code != 0) fail("bench with the archive exited with " + code + ": " + tail(out));
        List<String> missing = missing(out);
        if (!missing.isEmpty())
            fail("with " + jsa + " mapped, bench never compiled " + String.join(", ", missing) + " at tier 4: the"
                    + " archive stops the JIT for them (was the training run compiling when it was dumped?)");
        System.err.println("CdsCheck: " + jsa + ": the hot methods reach tier 4 (" + String.join(", ", HOT) + ")");
    }

    /** The HOT methods with no tier-4 compile among PrintCompilation's lines. */
    static List<String> missing(List<String> printCompilation) {
        Set<String> compiled = new LinkedHashSet<>();
        for (String line : printCompilation) {
            Matcher m = LINE.matcher(line);
            if (m.find() && m.group(1).equals("4")) compiled.add(m.group(2));
        }
        List<String> missing = new ArrayList<>();
        for (String h : HOT) if (!compiled.contains(h)) missing.add(h);
        return missing;
    }

    private static String tail(List<String> out) {
        return String.join(" | ", out.subList(Math.max(0, out.size() - 3), out.size()));
    }

    private static void fail(String why) {
        System.err.println("CdsCheck: " + why);
        System.exit(1);
    }
}
