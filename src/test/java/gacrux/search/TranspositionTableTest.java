package gacrux.search;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/** The segmented table: sizes, entries in every segment, parallel clear, and an abandoned resize. */
class TranspositionTableTest {
    @Test
    void theEntryKeepsTheNodesPvMarkBesideEveryOtherField() {
        TranspositionTable tt = new TranspositionTable(1);
        long key = 0x9E3779B97F4A7C15L;
        for (boolean pv : new boolean[] {true, false}) {
            tt.store(key, 0x7FFFFF, -32000, 254, TranspositionTable.LOWER, pv);
            long data = tt.probe(key);
            assertEquals(pv, TranspositionTable.pv(data));
            assertEquals(0x7FFFFF, TranspositionTable.move(data));
            assertEquals(-32000, TranspositionTable.score(data));
            assertEquals(254, TranspositionTable.depth(data));
            assertEquals(TranspositionTable.LOWER, TranspositionTable.bound(data));
        }
        tt.store(key, 1, 0, 3, TranspositionTable.EXACT);
        assertFalse(TranspositionTable.pv(tt.probe(key)), "the five-argument store marks no PV");
    }

    @Test
    void aMultiSegmentTableStoresAndClearsInEverySegment() {
        TranspositionTable tt = new TranspositionTable(1);
        assertEquals(128, tt.resize(192, 3, () -> false), "rounded down to a power of two");
        assertEquals(128, tt.sizeMb());
        long buckets = (128L << 20) / 64, perSegment = (1L << TranspositionTable.SEGMENT_SHIFT) / 8;
        assertEquals(2, buckets / perSegment, "128 MiB is two 64 MiB segments");
        long[] inBuckets = {0, 1, perSegment - 1, perSegment, perSegment + 12345, buckets - 1};
        for (long b : inBuckets) {
            tt.store(keyInBucket(b), 0x1234, 77, 5, TranspositionTable.EXACT);
            long data = tt.probe(keyInBucket(b));
            assertEquals(77, TranspositionTable.score(data), "bucket " + b);
            assertEquals(0x1234, TranspositionTable.move(data), "bucket " + b);
        }
        assertTrue(tt.clear(2, () -> false));
        for (long b : inBuckets) assertEquals(0, tt.probe(keyInBucket(b)), "cleared, bucket " + b);
    }

    /** A key whose bucket is b: the index is (key >>> 16 ^ key) & mask, and high bits are masked away. */
    static long keyInBucket(long b) {
        return 0x5AL << 40 | (b ^ (b >>> 16));
    }

    @Test
    void anAbandonedResizeLeavesAUsableOneMiBTable() {
        TranspositionTable tt = new TranspositionTable(1);
        AtomicInteger polls = new AtomicInteger();
        assertEquals(-1, tt.resize(256, 2, () -> polls.incrementAndGet() > 1));
        assertEquals(1, tt.sizeMb());
        tt.store(42, 0, 5, 1, TranspositionTable.LOWER);
        assertEquals(5, TranspositionTable.score(tt.probe(42)));
    }

    @Test
    void aRequestAboveTheHeapIsCutToWhatTheJvmCanGive() {
        TranspositionTable tt = new TranspositionTable(1);
        int got = tt.resize(32768, 2, () -> false);
        assertTrue(got >= 1 && ((long) got << 20) <= Runtime.getRuntime().maxMemory() && Integer.bitCount(got) == 1, "got " + got);
        tt.resize(1);
    }
}
