package gacrux.tools;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** The entry point's own flags: --warm-up takes whole milliseconds from 0 (off) to MAX_WARM_UP_MS, nothing else. */
class MainTest {
    @Test
    void warmUpTakesWholeMillisecondsInItsRange() {
        assertEquals(0, Main.warmUpMs("0"));
        assertEquals(1000, Main.warmUpMs("1000"));
        assertEquals(Main.MAX_WARM_UP_MS, Main.warmUpMs(Long.toString(Main.MAX_WARM_UP_MS)));
        for (String bad : new String[] {"-1", "x", "", "1.5", Long.toString(Main.MAX_WARM_UP_MS + 1), "99999999999999999999"})
            assertEquals(-1, Main.warmUpMs(bad), "'" + bad + "'");
        assertTrue(Main.usageText().contains("--warm-up MS"), Main.usageText());
    }
}
