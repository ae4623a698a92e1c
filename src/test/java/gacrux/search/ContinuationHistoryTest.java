package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;

/**
 * Continuation history: a quiet cutoff is remembered for the opponent's move it answered (counter-move history) and
 * for our own move before that (follow-up history), not everywhere; both order the quiets, reduce them less or more,
 * and prune at the last plies a quiet move that failed low after that very move.
 */
class ContinuationHistoryTest {
    private static int score(Searcher s, Position p, int ply, int m) {
        int[] list = {m}, scores = new int[1];
        s.scoreMoves(p, ply, list, scores, 1, 0);
        return scores[0];
    }

    /** Ply 2 after 1. e4 e5 (white to move), with the path moves set as the search sets them. */
    private static Searcher afterE4E5(Position[] out) {
        Position start = Position.startPos(false);
        Searcher s = SearcherAt.root(start, true);
        int e4 = MoveGen.parseUci(start, "e2e4");
        Position p1 = start.copy();
        p1.makeMove(e4);
        int e5 = MoveGen.parseUci(p1, "e7e5");
        Position p2 = p1.copy();
        p2.makeMove(e5);
        s.currentMove[0] = e4;
        s.currentMove[1] = e5;
        out[0] = p2;
        return s;
    }

    @Test
    void aCutoffRaisesTheMoveAfterTheSameMovesOnly() {
        Position[] p = new Position[1];
        Searcher s = afterE4E5(p);
        int nf3 = MoveGen.parseUci(p[0], "g1f3"), nc3 = MoveGen.parseUci(p[0], "b1c3");
        s.rewardQuiet(2, p[0].sideToMove(), nf3, 8, new int[] {nc3}, 1, null);
        s.killers[2][0] = s.killers[2][1] = 0; // compare the histories, not the killer slot
        s.counterMoves[s.counterSlot(p[0].sideToMove(), 2)] = 0;
        int both = score(s, p[0], 2, nf3);
        int e5 = s.currentMove[1];
        s.currentMove[1] = MoveGen.parseUci(Position.fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), "d7d5");
        int followUpOnly = score(s, p[0], 2, nf3);
        s.currentMove[1] = 0; // after a null move: no counter row; the follow-up row (our e4) stays
        int afterNull = score(s, p[0], 2, nf3);
        s.currentMove[0] = 0;
        int plain = score(s, p[0], 2, nf3);
        assertTrue(both > followUpOnly, both + " vs " + followUpOnly);
        assertEquals(followUpOnly, afterNull);
        assertTrue(afterNull > plain, afterNull + " vs " + plain);
        assertTrue(plain > 0, "the plain history still rewards the move everywhere");
        s.currentMove[0] = MoveGen.parseUci(Position.startPos(false), "e2e4");
        s.currentMove[1] = e5;
        assertTrue(score(s, p[0], 2, nc3) < -plain, "the quiet tried before it lost in all three tables");
        s.clearHeuristics();
        assertEquals(0, score(s, p[0], 2, nf3), "clearHeuristics forgets all three");
    }

    @Test
    void aMoveThatFailedAfterTheOpponentsMoveIsPrunedAtTheLastPlies() {
        Position[] p = new Position[1];
        Searcher s = afterE4E5(p);
        int a3 = MoveGen.parseUci(p[0], "a2a3");
        int side = p[0].sideToMove();
        int cBase = s.contBase(Searcher.COUNTER, 2, side);
        s.improving[2] = false;
        assertFalse(s.historyPrunes(p[0], 2, a3, 3), "no record");
        s.contHist[Searcher.COUNTER][cBase + 0 * 64 + 16] = -1; // a pawn (type 1) to a3 (16)
        assertTrue(s.historyPrunes(p[0], 2, a3, 3), "failed after e5, not improving: limit 0");
        assertFalse(s.historyPrunes(p[0], 2, a3, 4), "only to depth 3");
        s.improving[2] = true;
        assertFalse(s.historyPrunes(p[0], 2, a3, 2), "improving: limit -1000");
        s.contHist[Searcher.COUNTER][cBase + 16] = -1001;
        assertTrue(s.historyPrunes(p[0], 2, a3, 2));
        assertFalse(s.historyPrunes(p[0], 2, a3, 3), "improving: only to depth 2");
        s.killers[2][0] = a3;
        assertFalse(s.historyPrunes(p[0], 2, a3, 2), "never a killer");
        s.killers[2][0] = 0;
        s.contHist[Searcher.COUNTER][cBase + 16] = 0;
        int fBase = s.contBase(Searcher.FOLLOW_UP, 2, side);
        s.improving[2] = false;
        s.contHist[Searcher.FOLLOW_UP][fBase + 16] = -2000;
        assertFalse(s.historyPrunes(p[0], 2, a3, 3), "follow-up limit -2000 (strict)");
        s.contHist[Searcher.FOLLOW_UP][fBase + 16] = -2001;
        assertTrue(s.historyPrunes(p[0], 2, a3, 3));
    }

    @Test
    void goodContinuationHistoryReducesLess() {
        Position[] p = new Position[1];
        Searcher s = afterE4E5(p);
        int a3 = MoveGen.parseUci(p[0], "a2a3");
        int side = p[0].sideToMove();
        s.improving[2] = true;
        int base = s.reduction(p[0], 2, a3, 10, 10, 9, Searcher.ALL, true, false, false, Searcher.NO_ORDER);
        s.contHist[Searcher.COUNTER][s.contBase(Searcher.COUNTER, 2, side) + 16] = 9000;
        s.contHist[Searcher.FOLLOW_UP][s.contBase(Searcher.FOLLOW_UP, 2, side) + 16] = 9000;
        assertEquals(base - 2, s.reduction(p[0], 2, a3, 10, 10, 9, Searcher.ALL, true, false, false, Searcher.NO_ORDER));
        assertEquals(base - 2, s.reduction(p[0], 2, a3, 10, 10, 9, Searcher.ALL, true, false, false, 18000 + 9000),
                "the ordering score, when given, is the history read");
        assertEquals(base, s.reduction(p[0], 2, a3, 10, 10, 9, Searcher.ALL, true, false, false, 0),
                "(an ordering score of 0: no change, the tables not read)");
        assertEquals(base - 2, s.reduction(p[0], 2, a3, 10, 10, 9, Searcher.ALL, true, false, false, 900_000_000),
                "a killer's ordering score is no history: looked up");
    }

    /**
     * Kiwipete as ply 2 after the path 1. e4 e5 (only the path moves' movers and squares matter), with history,
     * both continuation rows, the killers and the counter move filled from a seed.
     */
    private static Searcher seededAtPlyTwo(long seed) {
        Position start = Position.startPos(false);
        Position p = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        Searcher s = SearcherAt.root(p, true);
        s.currentMove[0] = MoveGen.parseUci(start, "e2e4");
        Position p1 = start.copy();
        p1.makeMove(s.currentMove[0]);
        s.currentMove[1] = MoveGen.parseUci(p1, "e7e5");
        s.pos[2].copyFrom(p);
        java.util.Random r = new java.util.Random(seed);
        int side = p.sideToMove();
        int[] list = new int[MoveGen.MAX_MOVES];
        int n = MoveGen.legal(p, list, 0);
        int cBase = s.contBase(Searcher.COUNTER, 2, side), fBase = s.contBase(Searcher.FOLLOW_UP, 2, side);
        java.util.List<Integer> quiets = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            int m = list[i];
            if (gacrux.board.Move.isTactical(m)) continue;
            quiets.add(m);
            s.history[side][m & 4095] = r.nextInt(4001) - 2000; // ties are rare, never all equal
            s.contHist[Searcher.COUNTER][cBase + (gacrux.board.Move.mover(m) - 1) * 64 + gacrux.board.Move.to(m)] =
                    (short) (r.nextInt(4001) - 2000);
            s.contHist[Searcher.FOLLOW_UP][fBase + (gacrux.board.Move.mover(m) - 1) * 64 + gacrux.board.Move.to(m)] =
                    (short) (r.nextInt(4001) - 2000);
        }
        java.util.Collections.shuffle(quiets, r);
        s.killers[2][0] = quiets.get(0);
        s.killers[2][1] = quiets.get(1);
        s.counterMoves[s.counterSlot(side, 2)] = quiets.get(2);
        return s;
    }

    /** The order of the moves of ply 2 as the serial loop picks them: eager scores and pickBest, or deferred and next. */
    private static int[] pickOrder(Searcher s, boolean deferred, int[] unscoredAfterFirst) {
        int[] list = s.moves[2], scores = s.moveScores[2];
        int n = MoveGen.legal(s.pos[2], list, 0);
        s.scoreMoves(s.pos[2], 2, list, scores, n, 0, deferred);
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = deferred ? s.next(2, list, scores, i, n) : Searcher.pickBest(list, scores, i, n);
            if (i == 0) unscoredAfterFirst[0] = (int) java.util.Arrays.stream(scores, 0, n)
                    .filter(x -> x == Searcher.QUIET_UNSCORED).count();
        }
        return order;
    }

    /**
     * Quiet moves scored when the first of them is reached (the serial loop) come in exactly the order scoring them
     * all at once gives, as long as no history changes in between: the winning captures, the killers and the counter
     * move first, untouched by the deferral; then the quiets by history.
     */
    @Test
    void deferredQuietScoresPickTheSameOrderAsEagerOnes() {
        for (long seed = 1; seed <= 5; seed++) {
            int[] unscored = new int[1];
            int[] eager = pickOrder(seededAtPlyTwo(seed), false, unscored);
            assertEquals(0, unscored[0]);
            int[] deferred = pickOrder(seededAtPlyTwo(seed), true, unscored);
            assertTrue(unscored[0] > 20, "the first pick reads no quiet history: " + unscored[0]);
            assertArrayEquals(eager, deferred, "seed " + seed);
        }
    }

    /** A Split hands the remaining moves over in the serial order: the quiets not yet reached are scored first. */
    @Test
    void aSplitOrdersTheQuietsNotYetScored() {
        Searcher s = seededAtPlyTwo(7);
        int[] unscored = new int[1];
        int[] eager = pickOrder(seededAtPlyTwo(7), false, unscored);
        SplitBlock[] pool = {new SplitBlock(0)};
        Searcher[] searchers = {s};
        WorkerSlot[] slots = {new WorkerSlot(0)};
        s.attach(new TestHook(pool, searchers, slots, 0, new java.util.concurrent.atomic.AtomicReference<>()), 0, true);
        int[] list = s.moves[2], scores = s.moveScores[2];
        int n = MoveGen.legal(s.pos[2], list, 0);
        s.scoreMoves(s.pos[2], 2, list, scores, n, 0, true);
        s.openFrame(2, 6, -100, 100, n, true);
        assertEquals(eager[0], s.next(2, list, scores, s.nextAt[2]++, n));
        SplitBlock b = Split.openBlock(s, 2);
        assertNotNull(b);
        assertEquals(n - 1, b.moveCount);
        assertArrayEquals(java.util.Arrays.copyOfRange(eager, 1, n), java.util.Arrays.copyOf(b.moves, n - 1));
    }

    /**
     * Quiet moves skipped past the late-move count before their history was looked up are ranked when a later move
     * cuts off: only those at or above the cutting move are punished, as when every quiet was scored at once.
     */
    @Test
    void aCutOffRanksTheSkippedQuietsThatWereNeverScored() {
        Position p = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        Searcher s = SearcherAt.root(p, true); // ply 0: no continuation rows, the history alone
        int side = p.sideToMove();
        int above = MoveGen.parseUci(p, "a2a3"), below = MoveGen.parseUci(p, "g2g3"), cut = MoveGen.parseUci(p, "a1b1");
        s.history[side][above & 4095] = 100;
        s.history[side][below & 4095] = 50;
        int[] list = {above, below, cut}, ranks = {Searcher.QUIET_UNSCORED, Searcher.QUIET_UNSCORED, 70};
        s.rewardQuiet(0, side, cut, 4, list, 2, ranks);
        assertTrue(s.history[side][above & 4095] < 100, "ranked above the cut: punished");
        assertEquals(50, s.history[side][below & 4095], "ranked below it: as if not yet tried");
    }
}
