package gacrux.search;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.*;

/** The EXchess-style work-sharing table of Lazy SMP: deferral order, no move lost, no endless deferral. */
class WorkShareTest {
    static final long KEY = 0x1234_5678_9abc_def0L;

    /** Runs a whole move loop of worker 0 at ply 3 (depth 7) and returns the moves in the order searched. */
    private static int[] loop(WorkShare share, int[] list, int[] scores) {
        int n = list.length;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = share.choose(0, 3, KEY, 7, list, scores, i, n);
            assertEquals(list[i], order[i]);
            share.publish(0, 3, 0);
        }
        return order;
    }

    @Test
    void withNobodyElseBusyTheOrderIsTheScoreOrder() {
        WorkShare share = new WorkShare(2);
        int[] order = loop(share, new int[]{11, 22, 33, 44}, new int[]{5, 40, 10, 30});
        assertArrayEquals(new int[]{22, 44, 33, 11}, order);
        assertEquals(0, share.deferrals());
    }

    @Test
    void aMoveAnotherWorkerSearchesHereIsDeferredToTheEndAndStillSearched() {
        WorkShare share = new WorkShare(3);
        // Worker 2 searches move 44 of this position at ply 3, depth 7; worker 1 searches 33 at another depth.
        share.publish(2, 3, WorkShare.hash(KEY, 44, 7));
        share.publish(1, 3, WorkShare.hash(KEY, 33, 6));
        int[] order = loop(share, new int[]{11, 22, 33, 44}, new int[]{5, 40, 10, 30});
        assertArrayEquals(new int[]{22, 33, 11, 44}, order);
        assertEquals(1, share.deferrals());
    }

    @Test
    void theFirstMoveIsNeverDeferredNorIsTheLastOneLeft() {
        WorkShare share = new WorkShare(2);
        for (int m : new int[]{11, 22}) share.publish(1, 3, WorkShare.hash(KEY, m, 7));
        // Only 22 can be published by worker 1 at a time: the last publish wins.
        int[] order = loop(share, new int[]{11, 22}, new int[]{1, 2});
        assertArrayEquals(new int[]{22, 11}, order, "first move searched first even though busy elsewhere");
        assertEquals(0, share.deferrals());
    }

    @Test
    void everyMoveBusyElsewhereIsDeferredAtMostOnceAndNoneIsLost() {
        int n = 6;
        WorkShare share = new WorkShare(n + 1);
        int[] list = {10, 20, 30, 40, 50, 60};
        int[] scores = {60, 50, 40, 30, 20, 10};
        // Worker k+1 is searching move list[k] here: every move but the first is busy elsewhere.
        for (int k = 0; k < n; k++) share.publish(k + 1, 3, WorkShare.hash(KEY, list[k], 7));
        int[] order = loop(share, list.clone(), scores.clone());
        int[] sorted = order.clone();
        Arrays.sort(sorted);
        assertArrayEquals(list, sorted, "every move searched exactly once");
        assertEquals(10, order[0]);
        assertEquals(n - 1, share.deferrals(), "each move but the first deferred exactly once");
    }

    @Test
    void otherPliesAndPositionsDoNotCollide() {
        WorkShare share = new WorkShare(2);
        share.publish(1, 4, WorkShare.hash(KEY, 44, 7));       // same move, other ply
        share.publish(1, 3, WorkShare.hash(KEY ^ 1, 33, 7));   // other position
        int[] order = loop(share, new int[]{11, 22, 33, 44}, new int[]{5, 40, 10, 30});
        assertArrayEquals(new int[]{22, 44, 33, 11}, order);
        assertEquals(0, share.deferrals());
    }
}
