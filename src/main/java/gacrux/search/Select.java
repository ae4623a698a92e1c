package gacrux.search;

import gacrux.board.Position;

/**
 * Join and Select (§2.5): a worker attaches to a block (its own choice, a hand-off, or a Join message), takes the
 * block's position and path as its own, and Selects moves (one atomic increment each) until none is left or the
 * block is aborted; each result is Shared. The Merge that ends a helper's visit is in helpAt's finally.
 *
 * <p>Static methods over the worker's {@link Searcher}, called only on that worker's thread.
 */
final class Select {
    private Select() {}

    /** Select until the block has no move left (or is aborted); each result is Shared. */
    static void selectLoop(Searcher me, SplitBlock b, int ply) {
        if (b.perft) {
            perftSelectLoop(me, b, ply);
            return;
        }
        // The chain is read at every Select (not only on a signal): a helper that attached after an abort's
        // signals went out sees the abort here (SplitBlock.members).
        while (!me.aborted() && !b.chainAborted()) {
            Faults.Injector fault = me.dts.injector(); // tests only (null in production): once per Select
            if (fault != null) fault.atSelect(me.workerId, b.owner == me.workerId, Unsplit.holdsBlocks(me), b);
            int idx = b.select();
            if (idx < 0) break;
            int m = b.moves[idx];
            me.trace(ProtocolTrace.SELECT, b, -1, m, idx, -1, null);
            if (me.idleSince != 0) me.firstMoveAfterIdle();
            if (b.owner != me.workerId) me.helperMoves++;
            int alpha = b.alpha();
            if (alpha >= b.beta) break;
            me.currentMove[ply] = m;
            int best = SplitBlock.score(b.best.get());
            long nodesBefore = me.nodes, cutShortBefore = me.cutShortNodes;
            int score = me.searchMove(ply, m, b.searchedBefore + idx, b.depth, alpha, b.beta, b.nodeType, b.pruneEval,
                    b.inCheck, best, Searcher.NO_ORDER, me.dts.freshBounds() ? b : null);
            if (score == Searcher.PRUNED) continue;
            if (me.aborted()) { // a stopped search's partial score is never shared
                // Cut short by a fail high at this block or one above. Loops nest (a helper's own blocks, a helpful
                // master's help): the outer loop's figure, its whole move, replaces what inner loops counted in it.
                if (!me.control.stopped() && b.chainAborted()) me.cutShortNodes = cutShortBefore + me.nodes - nodesBefore;
                break;
            }
            b.moveNodes[idx] = me.nodes - nodesBefore;
            if (score >= b.beta) b.firstFailHigh.accumulateAndGet(idx, Math::min);
            Share.shareAt(me, b, score, m, ply);
        }
    }

    static void perftSelectLoop(Searcher me, SplitBlock b, int ply) {
        Position p = me.pos[ply];
        Position child = me.pos[ply + 1];
        int idx;
        while (!me.control.stopped()) {
            Faults.Injector fault = me.dts.injector(); // tests only (null in production): once per Select
            if (fault != null) fault.atSelect(me.workerId, b.owner == me.workerId, Unsplit.holdsBlocks(me), b);
            if ((idx = b.select()) < 0) break;
            if (b.owner != me.workerId) me.helperMoves++;
            int m = b.moves[idx];
            me.currentMove[ply] = m;
            child.copyFrom(p);
            child.makeMove(m);
            me.keys[me.rootKeyIndex + ply + 1] = child.key();
            b.perftCount.addAndGet(me.perftNode(ply + 1, b.depth - 1));
        }
    }

    /**
     * Helps at b. attached: the block's owner already attached this worker (a hand-off), so it only has to start;
     * otherwise it attaches itself, which fails if the block is gone, exhausted, aborted or full.
     */
    static boolean helpAt(Searcher me, SplitBlock b, int generation, String via, boolean attached) {
        if (!attached && !b.attach(generation, me.workerId, me.dts.maxHelpersPerBlock())) {
            me.refusedAttaches++;
            // The block's me.control may already be another search's (recycled): the checker ignores refusals.
            ProtocolTrace t = b.control == null ? null : b.control.trace();
            if (t != null) t.record(ProtocolTrace.JOIN_REFUSED, me.workerId, b, generation, 0, -1, -1, via);
            return false;
        }
        SplitBlock savedInnermost = me.innermost;
        int savedBase = me.baseSplitPly, savedPathLen = me.pathBaseLength;
        SearchControl savedControl = me.control;
        int savedRootKeyIndex = me.rootKeyIndex, savedRootDepth = me.rootDepth;
        boolean savedPruning = me.pruning, savedTimeKeeper = me.timeKeeper, savedPerft = me.perftMode;
        boolean wasIdle = me.slot.idle();
        SplitBlock savedWaiting = me.slot.waitingAt();
        try {
            int ply = b.ply;
            me.control = b.control;
            if (savedControl == null) {
                me.pruning = me.config.pruning() && b.control.limits.mate() == 0;
                me.timeKeeper = false;
            }
            me.slot.idle(false);
            me.slot.waitingAt(null);
            me.rootKeyIndex = b.rootKeyIndex;
            System.arraycopy(b.keys, 0, me.keys, 0, b.keyCount);
            me.rootDepth = b.rootDepth;
            me.pos[ply].copyFrom(b.position);
            System.arraycopy(b.path, 0, me.pathBase, 0, b.pathLength);
            for (int i = 0; i < b.pathLength; i++) me.currentMove[i] = b.path[i];
            me.pathBaseLength = b.pathLength;
            me.baseSplitPly = ply;
            me.innermost = b;
            me.nodeType[ply] = b.nodeType;
            // improving below the block compares with the evaluations at its ply and the one above: the owner's.
            // (ply-1 and ply are not in use here: a worker joins only below its own waiting frame.)
            me.improving[ply] = b.improving;
            me.ttCaptureAt[ply] = b.ttCapture;
            me.ttPvAt[ply] = b.ttPv;
            me.staticEval[ply] = b.staticEval;
            me.evalAt[ply] = b.pruneEval;
            if (ply >= 1) me.staticEval[ply - 1] = b.staticEvalUp1;
            me.perftMode = b.perft;
            if (savedControl == null) java.util.Arrays.fill(me.splittable, 0, ply + 1, false); // not our path up there
            // The owner's me.killers below the split point: the simulator measured 11-21% more speedup at 4 workers
            // with them (docs/benchmarks.md). Overwriting ours there is harmless: those plies are not in use.
            for (int k = ply + 1; k < Searcher.STACK; k++) {
                me.killers[k][0] = b.killers[2 * k];
                me.killers[k][1] = b.killers[2 * k + 1];
            }
            if (me.control.stopped()) me.lateJoins++; // a hand-off that reached us after the stop: it Merges at once
            me.trace(ProtocolTrace.JOIN, b, generation, 0, -1, -1, via);
            me.hook.joined(b, generation);
            if (savedControl == null) me.helpStart = System.nanoTime();
            selectLoop(me, b, ply);
        } catch (Throwable t) {
            // A failure while helping: the blocks me worker opened below b (as their owner) are released
            // before it Merges, so neither their helpers nor b's owner wait for it.
            Unsplit.releaseOwnBlocks(me, b.ply);
            throw t;
        } finally {
            // Merge is traced before detach: after it the owner may Unsplit.
            me.trace(ProtocolTrace.MERGE, b, generation, 0, -1, -1, null);
            me.hook.merged(b, generation);
            if (b.detach()) me.hook.unsplit(b, generation); // the owner me.abandoned it and we were its last helper
            me.innermost = savedInnermost;
            me.baseSplitPly = savedBase;
            me.pathBaseLength = savedPathLen;
            me.control = savedControl;
            me.rootKeyIndex = savedRootKeyIndex;
            me.rootDepth = savedRootDepth;
            me.pruning = savedPruning;
            me.timeKeeper = savedTimeKeeper;
            me.perftMode = savedPerft;
            me.slot.idle(wasIdle);
            me.slot.waitingAt(savedWaiting);
            if (savedControl == null && me.helpStart != 0) {
                me.helpNanos += System.nanoTime() - me.helpStart;
                me.helpStart = 0;
            }
            me.idleSince = 0;
            me.becameIdle();
        }
        me.helps++;
        return true;
    }
}
