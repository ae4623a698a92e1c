package gacrux.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JitOptionsTest {
    private static final Optional<String> JAVA = Optional.of("/jdk/bin/java");
    private static final String JAR = "/opt/gacrux.jar";

    private static Optional<List<String>> relaunch(String mark, Map<String, String> env, String classPath, String command,
                                                   String... args) {
        return JitOptions.relaunchCommand(mark, env, classPath, command, JAVA, Optional.of(args));
    }

    @Test
    void aJarLaunchWithoutTheOptionsIsRelaunchedWithThemAndEverythingElseAsItWas() {
        Optional<List<String>> cmd = relaunch(null, Map.of(), JAR, JAR + " bench 9", "-Xmx1g", "-jar", JAR, "bench", "9");
        assertEquals(List.of("/jdk/bin/java", "-XX:PerMethodTrapLimit=0", "-Dgacrux.jit=relaunch", "-Xmx1g", "-jar", JAR,
                "bench", "9"), cmd.orElseThrow());
    }

    @Test
    void noRelaunchWhereTheOptionsAreChosenOrTheLaunchIsNotAJar() {
        assertTrue(relaunch("script", Map.of(), JAR, JAR, "-jar", JAR).isEmpty(), "launched with them (the mark)");
        assertTrue(relaunch(null, Map.of("GACRUX_NO_RELAUNCH", "1"), JAR, JAR, "-jar", JAR).isEmpty(), "switched off");
        assertTrue(relaunch(null, Map.of(), JAR, JAR, "-XX:PerMethodTrapLimit=7", "-jar", JAR).isEmpty(), "the user's value");
        assertTrue(relaunch(null, Map.of(), "/a/classes:/b/x.jar", "gacrux.tools.Main bench",
                "-cp", "/a/classes:/b/x.jar", "gacrux.tools.Main", "bench").isEmpty(), "a class-path launch (tests, tools)");
        assertTrue(JitOptions.relaunchCommand(null, Map.of(), JAR, JAR, JAVA, Optional.empty()).isEmpty(),
                "no command line to repeat: run here");
        assertEquals(Optional.of("-XX:PerMethodTrapLimit=0"), relaunch(null, Map.of(), JAR, JAR,
                "-jar", JAR, "-XX:PerMethodTrapLimit=7").map(c -> c.get(1)), "a program argument is not a JVM option");
    }

    /** A real java -jar: a jar holding only a manifest that points at the test's class path. */
    @Test
    void javaDashJarRunsTheProgramInAChildJvmWithTheOptions(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("launch.jar");
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "gacrux.tools.Main");
        List<String> urls = new ArrayList<>();
        for (String e : gacrux.uci.EngineProcess.childClasspath().split(File.pathSeparator))
            urls.add(Path.of(e).toUri().toString());
        mf.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", urls));
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), mf)) { /* the manifest alone */ }

        assertEquals("PerMethodTrapLimit=0 launched-by=relaunch", run(jar, Map.of()));
        assertTrue(run(jar, Map.of("GACRUX_NO_RELAUNCH", "1")).endsWith("launched-by=none"));
    }

    private static String run(Path jar, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(System.getProperty("java.home") + "/bin/java", "-jar", jar.toString(), "jit");
        pb.environment().remove("GACRUX_NO_RELAUNCH");
        pb.environment().putAll(env);
        Process p = pb.redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
