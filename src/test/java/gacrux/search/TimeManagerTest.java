package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;

class TimeManagerTest {
    private static SearchLimits clock(long wtime, long btime, long inc, int movestogo) {
        return SearchLimits.clock(wtime, btime, inc, inc, movestogo);
    }

    @Test
    void movetimeIsBothLimitsLessTheOverhead() {
        SearchLimits l = new SearchLimits(0, 0, 1000, 0, 0, 0, 0, 0, 0, false, false, List.of(), 0);
        TimeManager t = new TimeManager(l, 0, 30);
        assertEquals(970, t.softMs());
        assertEquals(970, t.hardMs());
    }

    /** go movetime is "search exactly x mseconds": no iteration cut-off at 0.6 of it, only the hard limit. */
    @Test
    void movetimeIsSearchedToTheEnd() throws InterruptedException {
        SearchLimits l = new SearchLimits(0, 0, 100, 0, 0, 0, 0, 0, 0, false, false, List.of(), 0);
        TimeManager t = new TimeManager(l, 0, 0);
        Thread.sleep(70); // past 0.6 x 100 ms, where a clock's soft limit would stop iterating
        assertFalse(t.softExpired(1.0));
        assertFalse(t.softExpired(0.5));
    }

    @Test
    void usesTheClockOfTheSideToMove() {
        TimeManager white = new TimeManager(clock(60_000, 1_000, 0, 0), 0, 30);
        TimeManager black = new TimeManager(clock(60_000, 1_000, 0, 0), 1, 30);
        assertTrue(white.hardMs() > black.hardMs() * 10);
    }

    @Test
    void neverPlansIntoTheLagReserve() {
        for (long left = 1; left <= 20_000; left += 7) {
            for (long inc : new long[] {0, 10, 100}) {
                for (int mtg : new int[] {0, 1, 5, 40}) {
                    TimeManager t = new TimeManager(clock(left, left, inc, mtg), 0, 30);
                    assertTrue(t.softMs() >= 1 && t.softMs() <= t.hardMs(), "left " + left);
                    long avail = Math.max(1, left - 30);
                    // a move may end at the hard limit: it leaves the reserve (or 7/8 of a short clock) untouched
                    long untouched = Math.min(TimeManager.LAG_RESERVE_MS, avail * 7 / 8);
                    assertTrue(t.hardMs() <= Math.max(1, avail - untouched),
                            "left " + left + " inc " + inc + " mtg " + mtg + " hard " + t.hardMs());
                }
            }
        }
    }

    /**
     * A 1+0.01 game played at the soft limit every move (about what the search spends): the clock must settle
     * well above the lag reserve's order of magnitude, not near zero, so a lag of a few hundred ms is survivable.
     */
    @Test
    void bulletClockSettlesAboveTheReserve() {
        long lowest = play(1_000, 10, 300, 1.0, false).lowest();
        assertTrue(lowest >= TimeManager.LAG_RESERVE_MS, "clock fell to " + lowest + " ms");
    }

    /**
     * Sudden death at 5+0.05, the same clock on the board: up to move 16 the plan is the fixed 25 moves (and the move
     * number unknown plans so), then each later move gets a larger share, twice the opening's from move 42 on;
     * movestogo from the GUI overrides it.
     */
    @Test
    void laterMovesGetALargerShareOfTheSameClock() {
        SearchLimits l = clock(3_000, 3_000, 50, 0);
        long opening = new TimeManager(l, 0, 30, 16).softMs(), late = new TimeManager(l, 0, 30, 42).softMs();
        assertTrue(late > opening * 17 / 10, "move 16: " + opening + " ms, move 42: " + late);
        assertEquals(opening, new TimeManager(l, 0, 30, 1).softMs());
        assertEquals(opening, new TimeManager(l, 0, 30).softMs());
        assertEquals(late, new TimeManager(l, 0, 30, 200).softMs());
        for (int move = 1; move < 50; move++)
            assertTrue(new TimeManager(l, 0, 30, move).softMs() <= new TimeManager(l, 0, 30, move + 1).softMs());
        assertTrue(new TimeManager(l, 0, 30, 17).softMs() < new TimeManager(l, 0, 30, 30).softMs());
        SearchLimits fixed = clock(3_000, 3_000, 50, 20);
        assertEquals(new TimeManager(fixed, 0, 30, 1).softMs(), new TimeManager(fixed, 0, 30, 42).softMs());
    }

    /** What a game leaves: the time each move took (index = move number), the clock at the end and its lowest. */
    private record Game(long[] spent, long left, long lowest) {}

    /**
     * A sudden-death game in which every move takes {@code share} of the soft limit (0.77 is what the search spends,
     * docs/strength.md's model; 1.0 the most it plans), with or without the game's move numbers.
     */
    private static Game play(long clockMs, long incMs, int moves, double share, boolean moveNumbers) {
        long[] spent = new long[moves + 1];
        double left = clockMs;
        long lowest = clockMs;
        for (int move = 1; move <= moves; move++) {
            SearchLimits l = clock((long) left, (long) left, incMs, 0);
            TimeManager t = moveNumbers ? new TimeManager(l, 0, 30, move) : new TimeManager(l, 0, 30);
            double s = share * t.softMs();
            spent[move] = (long) s;
            left = left - s + incMs;
            lowest = Math.min(lowest, (long) left);
        }
        return new Game(spent, (long) left, lowest);
    }

    /**
     * The point of the plan: moves 21-50 of a 5+0.05 game get at least a fifth more time than with the fixed 25, the
     * first 16 the same, and the game reaches move 60 with at least half a second less left unused (but not under 0.5 s).
     */
    @Test
    void theMiddlegameSpendsTheClockThePlanOf25LeftUnused() {
        Game late = play(5_000, 50, 60, 0.77, true), fixed = play(5_000, 50, 60, 0.77, false);
        long lateMid = 0, fixedMid = 0;
        for (int move = 21; move <= 50; move++) {
            lateMid += late.spent()[move];
            fixedMid += fixed.spent()[move];
        }
        assertTrue(lateMid > fixedMid * 12 / 10, lateMid + " ms against " + fixedMid);
        for (int move = 1; move <= 16; move++) assertEquals(fixed.spent()[move], late.spent()[move], "move " + move);
        assertTrue(late.left() < fixed.left() - 500, "left at move 60: " + late.left() + " ms against " + fixed.left());
        assertTrue(late.left() > 500, "left at move 60: " + late.left() + " ms");
    }

    /**
     * A 1+0.01 game played at the soft limit every move, move numbers counted: the clock still settles above the lag
     * reserve, within 100 ms of where the fixed plan settles.
     */
    @Test
    void theLatePlanKeepsTheBulletClockAboveTheReserve() {
        long lowestWith = play(1_000, 10, 300, 1.0, true).lowest(), lowestWithout = play(1_000, 10, 300, 1.0, false).lowest();
        assertTrue(lowestWith >= TimeManager.LAG_RESERVE_MS, "clock fell to " + lowestWith + " ms");
        assertTrue(lowestWith >= lowestWithout - 100, lowestWith + " ms against " + lowestWithout);
    }

    @Test
    void untimedSearchHasNoLimit() {
        TimeManager t = new TimeManager(SearchLimits.infiniteSearch(), 0, 30);
        assertFalse(t.hardExpired());
        assertFalse(t.softExpired());
    }

    @Test
    void ponderStartsTheClockAtPonderhit() {
        SearchLimits l = new SearchLimits(0, 0, 1, 0, 0, 0, 0, 0, 0, false, true, List.of(), 0);
        TimeManager t = new TimeManager(l, 0, 0);
        assertTrue(t.pondering());
        assertFalse(t.hardExpired());
        t.ponderHit();
        assertFalse(t.pondering());
    }

    @Test
    void anUnsettledSearchMayIterateLongerThanASettledOne() {
        double changedAndFalling = TimeManager.stabilityScale(0, 80);
        double settledAndRising = TimeManager.stabilityScale(10, -40);
        double neutral = TimeManager.stabilityScale(5, 0);
        assertEquals(1.25 * 1.4, changedAndFalling, 1e-9);
        assertEquals(0.75 * 0.85, settledAndRising, 1e-9);
        assertEquals(1.0, neutral, 1e-9);
        // bounded both ways, whatever the counts
        assertEquals(1.25 * 1.5, TimeManager.stabilityScale(-3, 5000), 1e-9);
        assertEquals(0.75 * 0.85, TimeManager.stabilityScale(400, -5000), 1e-9);
    }

    @Test
    void theScaleMovesTheIterationCutOff() {
        TimeManager t = new TimeManager(clock(60_000, 60_000, 0, 0), 0, 30);
        assertTrue(t.softExpired(0.0), "a zero scale stops at once");
        assertFalse(t.softExpired(1.0), "a fresh search has time for another iteration");
        // the cut-off never passes the hard limit: with an absurd scale it is the hard limit (a 40 ms clock: 1 ms)
        TimeManager mt = new TimeManager(clock(40, 40, 0, 0), 0, 0);
        assertEquals(1, mt.hardMs());
        long until = System.nanoTime() + 50_000_000L;
        while (mt.elapsedMs() < mt.hardMs() && System.nanoTime() < until) Thread.onSpinWait();
        assertTrue(mt.softExpired(1e9));
    }

    @Test
    void suddenDeathSharesTheClockOverTwentyFiveMoves() {
        TimeManager t = new TimeManager(clock(60_000, 60_000, 0, 0), 0, 0);
        assertEquals((60_000 - TimeManager.LAG_RESERVE_MS) / 25, t.softMs());
    }
}
