package gacrux;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/architecture.md: the six packages are layers and every dependency points down. This reads the main
 * sources (comments and string literals stripped) and lists every reference to a package above the file's own.
 */
class LayeringTest {
    /** Bottom first, as drawn in docs/architecture.md. */
    static final List<String> LAYERS = List.of("board", "search", "dts", "cluster", "uci", "tools");
    static final Pattern REF = Pattern.compile("\\bgacrux\\.(" + String.join("|", LAYERS) + ")\\b");

    @Test
    void everyDependencyPointsDown() throws IOException {
        Path root = Path.of("src/main/java/gacrux");
        List<String> upward = new ArrayList<>();
        for (String pkg : LAYERS) {
            int level = LAYERS.indexOf(pkg);
            try (Stream<Path> files = Files.list(root.resolve(pkg))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    Matcher m = REF.matcher(code(Files.readString(f)));
                    while (m.find())
                        if (LAYERS.indexOf(m.group(1)) > level) upward.add(pkg + "/" + f.getFileName() + " -> gacrux." + m.group(1));
                }
            }
        }
        assertEquals(List.of(), upward, "dependencies pointing up (docs/architecture.md draws the layers)");
    }

    /** The source without comments and string, text-block or char literals (a logger name is not a dependency). */
    static String code(String src) {
        StringBuilder sb = new StringBuilder(src.length());
        int i = 0, n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (src.startsWith("//", i)) {
                while (i < n && src.charAt(i) != '\n') i++;
            } else if (src.startsWith("/*", i)) {
                int end = src.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (src.startsWith("\"\"\"", i)) {
                int end = src.indexOf("\"\"\"", i + 3);
                while (end > 0 && src.charAt(end - 1) == '\\') end = src.indexOf("\"\"\"", end + 1);
                i = end < 0 ? n : end + 3;
            } else if (c == '"' || c == '\'') {
                i++;
                while (i < n && src.charAt(i) != c) i += src.charAt(i) == '\\' ? 2 : 1;
                i++;
            } else {
                sb.append(c);
                i++;
                continue;
            }
            sb.append(' '); // what was skipped still separates the tokens around it
        }
        return sb.toString();
    }
}
