package gacrux.tools;

import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ReferenceConf: the jar's reference.conf, stripped and with its includes inlined, means what Akka's files mean. */
class ReferenceConfTest {
    private static String text(URL u) throws IOException {
        try (InputStream s = u.openStream()) {
            return new String(s.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String classpathConf(String name) throws IOException {
        URL u = ReferenceConfTest.class.getClassLoader().getResource(name + ".conf");
        return u == null ? null : text(u);
    }

    /** Every reference.conf on the classpath (Akka's modules, ssl-config...): same config before and after. */
    @Test
    void strippedAkkaReferencesParseToTheSameConfig() throws IOException {
        List<URL> refs = Collections.list(getClass().getClassLoader().getResources("reference.conf"));
        assertTrue(refs.stream().anyMatch(u -> u.toString().contains("akka-actor_")), "akka-actor's reference.conf: " + refs);
        for (URL u : refs) {
            String original = text(u), stripped = ReferenceConf.strip(original, ReferenceConfTest::classpathConf);
            // the original's include is looked up on the classpath, as when Akka loads reference.conf
            com.typesafe.config.ConfigParseOptions classpath = com.typesafe.config.ConfigParseOptions.defaults()
                    .setClassLoader(getClass().getClassLoader());
            assertEquals(ConfigFactory.parseString(original, classpath).root(), ConfigFactory.parseString(stripped).root(),
                    u.toString());
            if (u.toString().contains("akka-actor_")) {
                assertTrue(stripped.length() < original.length() / 2, "stripped " + stripped.length() + " of " + original.length());
                assertTrue(!stripped.contains("include") && stripped.contains("akka.version"), "include inlined");
            }
        }
    }

    @Test
    void refusesWhatItCannotStripSafely() {
        assertThrows(IllegalArgumentException.class, () -> ReferenceConf.strip("a = \"\"\"\n# kept\n\"\"\"\n", n -> null));
        assertThrows(IllegalArgumentException.class, () -> ReferenceConf.strip("include \"missing\"\n", n -> null));
        assertThrows(IllegalArgumentException.class, () -> ReferenceConf.strip("a {\n  include \"x\"\n}\n", n -> "b = 1"));
    }

    /** The build step on a small jar: only reference.conf changes; entries, their order and times stay. */
    @Test
    void rewritesOnlyTheReferenceConfOfAJar(@TempDir Path dir) throws IOException {
        Path jar = dir.resolve("x.jar");
        String[][] entries = {{"META-INF/MANIFEST.MF", "Manifest-Version: 1.0\n"},
                {"reference.conf", "# a comment\n\ninclude \"version\"\na {\n  // another\n  b = 1 # kept\n}\n"},
                {"version.conf", "v = 2\n"}, {"z/Other.class", "bytes"}};
        long time = 1_764_547_200_000L; // 2025-12-01T00:00:00Z
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(jar))) {
            for (String[] e : entries) {
                ZipEntry z = new ZipEntry(e[0]);
                z.setTime(time);
                out.putNextEntry(z);
                out.write(e[1].getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        ReferenceConf.main(new String[] {jar.toString()});
        try (ZipFile z = new ZipFile(jar.toFile())) {
            List<String> names = new ArrayList<>();
            z.stream().forEach(e -> names.add(e.getName()));
            assertEquals(List.of("META-INF/MANIFEST.MF", "reference.conf", "version.conf", "z/Other.class"), names);
            for (String[] e : entries) {
                ZipEntry ze = z.getEntry(e[0]);
                assertEquals(time, ze.getTime(), e[0]);
                String content = new String(z.getInputStream(ze).readAllBytes(), StandardCharsets.UTF_8);
                assertEquals(e[0].equals("reference.conf") ? "v = 2\na {\n  b = 1 # kept\n}\n" : e[1], content, e[0]);
            }
        }
    }
}
