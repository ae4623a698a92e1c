package gacrux.search;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class AspirationWindowTest {
    @Test
    void theWindowStartsNarrowAndWidensByHalfPlusFiveToTheFullWindowAfterTenFails() {
        int[] seen = new int[11];
        int d = Searcher.ASPIRATION_DELTA;
        int fails = 0;
        while (d <= 1000) { seen[fails++] = d; d = Searcher.widen(d); }
        assertEquals(10, fails, "fails before the full window");
        assertArrayEquals(new int[] {12, 23, 39, 63, 99, 153, 234, 356, 539, 813, 0}, seen);
    }
}
