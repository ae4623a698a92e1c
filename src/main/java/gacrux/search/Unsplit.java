package gacrux.search;

import static gacrux.search.Score.*;

/**
 * Merge and Unsplit (§2.7-2.8), the owner's end of a block: it Selects until no move is left, waits until every
 * helper has Merged (helping below its own block meanwhile: the helpful master), closes the block, backs its
 * value up and returns it to the pool. Also the exceptional ends: a stopped owner abandons a block to a stalled
 * helper, and a failing worker releases every block it owns.
 *
 * <p>Static methods over the owner's {@link Searcher}, called only on the owner's thread.
 */
final class Unsplit {
    private Unsplit() {}

    /** The root owner's Select, Unsplit, and the block's result written back into the root move list. */
    static int finishRootBlock(Searcher me, int i, int alphaBefore) {
        SplitBlock b = me.blockAt[0];
        int gen = emptyOwnBlock(me, b, 0);
        long packed = b.best.get();
        int score = SplitBlock.score(packed), move = SplitBlock.move(packed);
        for (int k = i + 1; k < me.rootCount; k++) {
            if (me.rootMoves[k] == move && score > alphaBefore) {
                me.rootScores[k] = score;
                synchronized (b) {
                    System.arraycopy(b.pv(), 0, me.rootPv[k], 0, b.pvLength());
                    me.rootPvLength[k] = b.pvLength();
                }
            } else {
                me.rootScores[k] = -INFINITE + 1;
            }
        }
        unsplit(me, b, gen);
        return score;
    }

    /**
     * The owner's side of a block at ply: Share its in-flight move, take part in Select until no move is
     * left, wait for the helpers (helping below its block meanwhile), Unsplit, and back the value up.
     */
    static int ownerFinish(Searcher me, int ply, int inFlightMove, int inFlightScore, long key) {
        SplitBlock b = me.blockAt[ply];
        boolean ttPv = b.ttPv; // read before Unsplit makes the block reusable
        if (inFlightMove != 0 && !me.aborted()) Share.shareAt(me, b, inFlightScore, inFlightMove, ply);
        int gen = emptyOwnBlock(me, b, ply);
        boolean abovesAborted = me.control.stopped() || (b.parent != null && b.parent.chainAborted());
        long packed = b.best.get();
        int score = SplitBlock.score(packed), move = SplitBlock.move(packed);
        synchronized (b) {
            int len = b.pvLength();
            if (move != 0 && len > 0) {
                System.arraycopy(b.pv(), 0, me.pv[ply], 0, len);
                me.pvLength[ply] = len;
            } else {
                me.pvLength[ply] = 0;
            }
        }
        unsplit(me, b, gen);
        if (abovesAborted) return 0;
        if (score == -INFINITE) return b.alpha0; // every move pruned
        if (me.config.useTT()) {
            int bound = score >= b.beta ? TranspositionTable.LOWER
                    : score > b.alpha0 ? TranspositionTable.EXACT : TranspositionTable.UPPER;
            me.tt.store(key, move, TranspositionTable.toTT(score, ply), b.depth, bound, ttPv);
        }
        return score;
    }

    /**
     * The owner's end of its block b at ply (root, search and perft alike): Select until no move is left, wait
     * for the helpers (awaitHelpers), and leave the frame. Returns the closed generation, or -1 if abandoned.
     * The caller backs the block's value up and then calls {@link #unsplit}: after that the block is reusable.
     */
    static int emptyOwnBlock(Searcher me, SplitBlock b, int ply) {
        Select.selectLoop(me, b, ply);
        int gen = awaitHelpers(me, b);
        if (gen >= 0 && !b.perft) countFinishedAfterCut(me, b);
        me.blockAt[ply] = null;
        me.innermost = b.parent;
        return gen;
    }

    /**
     * The other half of the waste at a block that failed high (the first half, moves cut short, is counted in
     * Select): moves after the first one that failed high, in the serial order, that were searched to their end
     * all the same. A serial search would have stopped before them. Once per block, by its owner.
     */
    private static void countFinishedAfterCut(Searcher me, SplitBlock b) {
        int f = b.firstFailHigh.get();
        if (f == Integer.MAX_VALUE) return;
        for (int i = f + 1; i < b.moveCount; i++) me.finishedAfterCutNodes += b.moveNodes[i];
    }

    /** Unsplit, second half: the block goes back to the pool (unless abandoned: its last helper returns it). */
    static void unsplit(Searcher me, SplitBlock b, int gen) {
        if (gen >= 0) me.hook.unsplit(b, gen);
    }

    /**
     * Unsplit, first half: wait for the last helper to Merge, then close the block. Helpful master: while
     * waiting, this owner counts as idle and looks for work below its own block (an open block there, or a split
     * it asks one of its helpers for: Help.below). Returns the generation that was closed, or -1 if the search was
     * stopped and a helper still had not Merged abandonAfterNanos later: then the block is abandoned (aborted,
     * left open and taken) and its last helper returns it to the pool, so a stalled helper cannot hold up bestmove.
     */
    static int awaitHelpers(Searcher me, SplitBlock b) {
        int idleSpins = 0;
        long stopSeen = 0;
        boolean waiting = false;
        try {
            while (!b.tryClose()) {
                if (me.control.stopped()) {
                    long now = System.nanoTime();
                    if (stopSeen == 0) stopSeen = now;
                    else if (now - stopSeen >= me.dts.abandonAfterNanos()) return abandonBlock(me, b);
                }
                if (!waiting) {
                    waiting = true;
                    me.slot.waitingAt(b);
                    me.slot.idle(true);
                }
                Split.refusePending(me); // nothing above b may be split while we wait at b
                if (me.dts.helpfulMaster() && !me.control.stopped() && Help.below(me, b)) {
                    me.masterHelps++;
                    idleSpins = 0;
                    continue;
                }
                long t0 = System.nanoTime();
                me.hook.pause(++idleSpins);
                me.waitNanos += System.nanoTime() - t0;
            }
            return b.generation();
        } finally {
            if (waiting) {
                me.slot.waitingAt(null);
                me.slot.idle(false);
                me.notIdle();
            }
        }
    }

    /** Has this worker a block of its own open (fault injection only: a loop over the stack)? */
    static boolean holdsBlocks(Searcher me) {
        for (SplitBlock b : me.blockAt) if (b != null) return true;
        return false;
    }

    /** Aborts b (stop, failure, abandon): the flag, then a signal to every worker under it. */
    static void abortBlock(Searcher me, SplitBlock b) {
        b.aborted = true;
        me.hook.signalAbort(b);
    }

    /** Gives up on b's helpers: the generation if it could close b itself after all, else -1 (abandoned). */
    static int abandonBlock(Searcher me, SplitBlock b) {
        int gen = b.generation();
        boolean closed = b.abandon();
        me.hook.signalAbort(b);
        if (closed) return gen;
        me.abandoned++;
        me.trace(ProtocolTrace.ABORT, b, gen, 0, -1, -1, "me.abandoned by its owner: helpers " + b.helpers() + " still attached");
        return -1;
    }

    /**
     * After a failure inside this worker's search (an exception unwinding its recursion): its own open blocks
     * at plies above abovePly are aborted, their helpers are waited for (at most abandonAfterNanos) and each
     * block is closed and returned to the pool, or abandoned to its last helper. Deepest first.
     */
    static void releaseOwnBlocks(Searcher me, int abovePly) {
        for (int q = Searcher.STACK - 1; q > abovePly; q--) if (me.blockAt[q] != null) abortBlock(me, me.blockAt[q]);
        for (int q = Searcher.STACK - 1; q > abovePly; q--) {
            SplitBlock b = me.blockAt[q];
            if (b == null) continue;
            me.blockAt[q] = null;
            long t0 = System.nanoTime();
            int gen;
            while (true) {
                if (b.tryClose()) { gen = b.generation(); break; }
                if (System.nanoTime() - t0 >= me.dts.abandonAfterNanos()) { gen = abandonBlock(me, b); break; }
                me.hook.pause(100);
            }
            unsplit(me, b, gen);
        }
    }
}
