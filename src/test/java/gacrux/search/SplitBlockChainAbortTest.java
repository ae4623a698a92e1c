package gacrux.search;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/**
 * attach refuses a block below an aborted block. Found with the protocol trace (DtsProtocolTraceTest, seeds
 * 4 and 6): after a fail high at the root block, a child block's owner stopped selecting and waited at
 * Unsplit while idle workers re-attached to the child (its own aborted flag was false, moves were left),
 * selected nothing since they saw the abort above at once, merged, and attached again: 30,000 to 235,000
 * empty Joins in one search, the helper count almost never 0, and a depth-6 search ran until the test's
 * 3 s backstop stopped it. In package gacrux.search because prepare/open are package-private.
 */
class SplitBlockChainAbortTest {

    @Test
    void attachIsRefusedBelowAnAbortedBlock() {
        SplitBlock root = new SplitBlock(0), child = new SplitBlock(1), grandchild = new SplitBlock(2);
        SplitBlockTest.openBlock(root, 10, -100, 100);
        int g1 = SplitBlockTest.openBlock(child, 10, -100, 100);
        int g2 = SplitBlockTest.openBlock(grandchild, 10, -100, 100);
        child.parent = root;
        grandchild.parent = child;
        assertTrue(grandchild.attach(g2), "nothing aborted: a helper may attach");
        grandchild.detach();

        assertTrue(root.share(150, 1000, new int[0], 0), "a fail high at the root block");
        assertTrue(root.aborted);
        assertFalse(child.aborted, "the child's own flag is not set by an abort above it");
        assertTrue(child.hasMovesLeft());
        assertFalse(child.attach(g1), "the child is below an aborted block");
        assertFalse(grandchild.attach(g2), "two levels below an aborted block");
        assertEquals(0, child.helpers());
        assertEquals(0, grandchild.helpers());
    }

    @Test
    void aCyclicStaleChainDoesNotHangAttach() {
        // A helper may read the parent links of blocks being recycled; attach's walk is bounded.
        SplitBlock a = new SplitBlock(3), b = new SplitBlock(4);
        int ga = SplitBlockTest.openBlock(a, 5, -100, 100);
        SplitBlockTest.openBlock(b, 5, -100, 100);
        a.parent = b;
        b.parent = a;
        assertTrue(a.attach(ga), "no block on the (cyclic) chain is aborted");
    }
}
