package gacrux.tools;

import org.junit.jupiter.api.Test;

import static gacrux.tools.ScalingStudy.shareOfOverhead;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ScalingStudyTest {
    @Test
    void aShareOfTheOverheadIsPrintedOnlyWhereThereIsAnOverhead() {
        assertEquals(" 25.0%", shareOfOverhead(250, 1000, 10_000));
        assertEquals("  n/a", shareOfOverhead(250, 0, 10_000), "no extra nodes");
        assertEquals("  n/a", shareOfOverhead(250, -400, 10_000), "a parallel tree smaller than the serial one");
        assertEquals("  n/a", shareOfOverhead(250, 100, 10_000), "1% of the serial tree: noise, not an overhead");
        assertEquals("250.0%", shareOfOverhead(250, 100, 1_000), "a cut-short share may exceed the overhead it is part of");
    }
}
