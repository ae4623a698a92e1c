package gacrux.tools;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * A build step (the pom runs it on target/gacrux.jar after shading, before the class-data-sharing archive is made):
 * rewrites the jar's merged reference.conf without its comment and blank lines, with its top-level
 * {@code include "NAME"} lines replaced by NAME.conf from the same jar. Akka parses this file at every start, in
 * code that still runs in the interpreter then; three quarters of its 70 KB are comments, and the include costs
 * two failed lookups (NAME.json, NAME.properties), each an exception (docs/startup.md). What the file means is
 * unchanged: ReferenceConfTest parses Akka's own files both ways and compares the results.
 *
 * <p>Every other entry is copied in order with its time, so the jar stays reproducible.
 *
 * <pre>java -cp target/classes gacrux.tools.ReferenceConf target/gacrux.jar</pre>
 */
public final class ReferenceConf {
    private ReferenceConf() {}

    static final String ENTRY = "reference.conf";
    private static final Pattern INCLUDE = Pattern.compile("^include\\s+\"([A-Za-z0-9_.-]+)\"\\s*$");
    private static final Pattern COMMENT_OR_BLANK = Pattern.compile("^\\s*(#.*|//.*)?$");

    /** What to put in place of an {@code include "NAME"}: NAME.conf's text, or null if there is none. */
    interface Includes {
        String conf(String name) throws IOException;
    }

    /**
     * The config text without whole-line comments and blank lines, top-level includes inlined. Refuses text with
     * triple-quoted strings (a comment-like line inside one would be content) and includes it cannot inline.
     */
    static String strip(String text, Includes includes) throws IOException {
        if (text.contains("\"\"\"")) throw new IllegalArgumentException("triple-quoted strings: not stripped");
        StringBuilder out = new StringBuilder(text.length() / 3);
        for (String line : text.split("\n", -1)) {
            if (COMMENT_OR_BLANK.matcher(line).matches()) continue;
            Matcher inc = INCLUDE.matcher(line);
            if (inc.matches()) {
                String included = includes.conf(inc.group(1));
                if (included == null) throw new IllegalArgumentException("cannot inline " + line.trim());
                out.append(strip(included, includes));
                continue;
            }
            if (line.trim().startsWith("include ")) throw new IllegalArgumentException("cannot inline " + line.trim());
            out.append(line).append('\n');
        }
        return out.toString();
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ReferenceConf JAR   (rewrites JAR's reference.conf in place)");
            System.exit(2);
        }
        Path jar = Path.of(args[0]), tmp = jar.resolveSibling(jar.getFileName() + ".tmp");
        int before, after;
        try (ZipFile in = new ZipFile(jar.toFile());
             ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(tmp))) {
            ZipEntry ref = in.getEntry(ENTRY);
            if (ref == null) throw new IOException(jar + " has no " + ENTRY);
            String original = read(in, ref);
            String stripped = strip(original, name -> {
                ZipEntry e = in.getEntry(name + ".conf");
                return e == null ? null : read(in, e);
            });
            before = original.length();
            after = stripped.length();
            for (Enumeration<? extends ZipEntry> es = in.entries(); es.hasMoreElements(); ) {
                ZipEntry e = es.nextElement();
                ZipEntry copy = new ZipEntry(e.getName());
                copy.setTime(e.getTime());
                out.putNextEntry(copy);
                if (e.getName().equals(ENTRY)) out.write(stripped.getBytes(StandardCharsets.UTF_8));
                else try (InputStream s = in.getInputStream(e)) { s.transferTo(out); }
                out.closeEntry();
            }
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING);
        System.out.printf("%s: %s %d -> %d characters%n", jar, ENTRY, before, after);
    }

    private static String read(ZipFile zip, ZipEntry e) throws IOException {
        try (InputStream s = zip.getInputStream(e)) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            s.transferTo(b);
            return b.toString(StandardCharsets.UTF_8);
        }
    }
}
