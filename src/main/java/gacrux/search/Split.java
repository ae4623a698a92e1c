package gacrux.search;

import static gacrux.search.Score.*;
import static gacrux.search.Searcher.ALL;
import static gacrux.search.Searcher.CUT;
import static gacrux.search.Searcher.PV;

/**
 * Split (the DTS paper's §2.4), the owner's side of HELP: after every move a busy worker reads the split
 * requests in its {@link WorkerSlot}; it splits the node the idle workers chose (or its best node, if the tree
 * has moved on), turning that frame of its path into an open {@link SplitBlock}, and hands the block to the
 * requesters: it attaches them itself and writes the block into their slots (the Join by hand-off). Requests it
 * cannot answer are refused. The root is split here too (its frame is published at ply 0).
 *
 * <p>Static methods over the owner's {@link Searcher} (its frames are its own per-ply arrays), called only on the
 * owner's thread.
 */
final class Split {
    private Split() {}

    /** Split at the root after root move i: the root frame (ply 0) becomes a block. */
    static boolean openRootBlock(Searcher me, int i, int depth, int alpha, int beta, boolean inCheck, int bestIdx) {
        rootFrame(me, i + 1, i + 1, depth, alpha, beta, inCheck, bestIdx);
        return openBlock(me, 0) != null;
    }

    /**
     * The root's frame (ply 0) as a split node: the moves from next on are left, searched have been searched,
     * and the best so far is root move bestIdx. (moves[0] holds the root moves in order: rootSearch.)
     */
    static void rootFrame(Searcher me, int next, int searched, int depth, int alpha, int beta, boolean inCheck, int bestIdx) {
        me.moveCountAt[0] = me.rootCount;
        me.nextAt[0] = next;
        me.depthAt[0] = depth;
        me.alphaAt[0] = alpha;
        me.betaAt[0] = beta;
        me.nodeType[0] = PV;
        me.inCheckAt[0] = inCheck;
        me.searchedAt[0] = searched;
        me.blockAt[0] = null;
        me.bestScoreAt[0] = me.rootScores[bestIdx] > -INFINITE + 1 ? me.rootScores[bestIdx] : -INFINITE;
        me.bestMoveAt[0] = me.rootScores[bestIdx] > alpha - 1 && me.rootScores[bestIdx] > -INFINITE + 1 ? me.rootMoves[bestIdx] : 0;
        System.arraycopy(me.rootPv[bestIdx], 0, me.pv[0], 0, me.rootPvLength[bestIdx]);
        me.pvLength[0] = me.rootPvLength[bestIdx];
    }

    /** The best frame of this worker's own path between low and hi, or -1 (the owner's fallback choice). */
    static int bestOwnFrame(Searcher me, int low, int hi) {
        int chosen = -1, best = -1;
        for (int q = low; q <= hi; q++) {
            int v = me.frameValue(q);
            if (v > best) {
                best = v;
                chosen = q;
            }
        }
        return chosen;
    }

    /** The split requests in this worker's slot that have arrived, taken by CAS (0: none, or all withdrawn). */
    static long takeVisibleRequests(Searcher me) {
        long mask = me.slot.requests();
        if (mask == 0) return 0;
        long now = me.hook.now(), visible = 0;
        for (long m = mask; m != 0; m &= m - 1) {
            int r = Long.numberOfTrailingZeros(m);
            if (me.hook.slot(r).visibleAt() <= now) visible |= 1L << r;
        }
        return visible == 0 ? 0 : me.slot.take(visible);
    }

    /** Requesters that wait at Unsplit of a block we are not under (helpful master): refused; the rest returned. */
    static long refuseWaitingOwnersNotAbove(Searcher me, long taken) {
        for (long m = taken; m != 0; m &= m - 1) {
            int r = Long.numberOfTrailingZeros(m);
            SplitBlock need = me.hook.slot(r).waitingAt();
            if (need != null && (me.innermost == null || !me.innermost.under(need))) {
                refuse(me, r);
                taken &= ~(1L << r);
            }
        }
        return taken;
    }

    /**
     * HELP answered (§2.3-2.4). Idle workers chose nodes of this worker's path (each request names a ply) and wait
     * for the answer in their own slots. Split at the best node they chose that still may be split, else at the
     * best frame of the path (the tree moved on since they looked), and hand the block to up to maxHelpersPerBlock
     * of them; split again, deeper, for the rest while a frame may be split; refuse whoever is left. Called after
     * every move, at whatever ply the worker is: a frame above the current node is split from below, and becomes
     * the owner's block when its recursion returns there.
     */
    static boolean answerRequests(Searcher me, int currentPly) {
        if (me.workShare != null) return false; // a Lazy SMP worker never me.splits (not even a late one in a DTS epoch)
        long taken = takeVisibleRequests(me);
        if (taken == 0) return false;
        taken = refuseWaitingOwnersNotAbove(me, taken);
        boolean split = false;
        while (taken != 0) {
            int low = me.splitLow(), chosen = -1, best = -1;
            for (long m = taken; m != 0; m &= m - 1) {
                int q = me.hook.slot(Long.numberOfTrailingZeros(m)).askedPly();
                int v = q >= low && q <= currentPly ? me.frameValue(q) : -1;
                if (v > best) {
                    best = v;
                    chosen = q;
                }
            }
            boolean theirs = chosen >= 0;
            if (!theirs) chosen = bestOwnFrame(me, low, currentPly);
            SplitBlock b = chosen < 0 ? null : openBlock(me, chosen);
            if (b == null) break;
            split = true;
            taken = handOff(me, taken, b, chosen, theirs ? "the node it chose" : "its choice was gone; the owner's best node");
        }
        for (long m = taken; m != 0; m &= m - 1) refuse(me, Long.numberOfTrailingZeros(m));
        return split;
    }

    /**
     * Join by hand-off: requesters are attached to block b here, by the owner, those that asked for its node
     * first, at most maxHelpersPerBlock and no more than it has moves, and then told through their slots (an
     * unpark if they parked: no actor message, no thread hop), so the block cannot run out of moves before they
     * arrive. Crafty hands its split blocks to idle threads the same way. Returns the requesters left over.
     */
    static long handOff(Searcher me, long taken, SplitBlock b, int ply, String why) {
        int gen = b.generation(), room = Math.min(me.dts.maxHelpersPerBlock(), b.moveCount);
        for (int pass = 0; pass < 2 && room > 0; pass++) {
            for (long m = taken; m != 0 && room > 0; m &= m - 1) {
                int r = Long.numberOfTrailingZeros(m);
                if (pass == 0 && me.hook.slot(r).askedPly() != ply) continue;
                if (!b.attach(gen, r, Integer.MAX_VALUE)) return taken; // a block above already aborted
                me.trace(ProtocolTrace.JOIN_SENT, b, gen, 0, -1, -1, "hand-off to worker " + r + " (" + (pass == 0 ? why
                        : "the owner's split for another requester") + ")");
                me.hook.slot(r).answer(WorkerSlot.answer(b.id, gen), me.hook.now() + me.hook.latency());
                taken &= ~(1L << r);
                room--;
            }
        }
        return taken;
    }

    static void refuse(Searcher me, int requester) {
        me.hook.slot(requester).answer(WorkerSlot.REFUSED, me.hook.now() + me.hook.latency());
    }

    /** An idle or waiting worker has nothing to split: requests that reached it are refused at once. */
    static void refusePending(Searcher me) {
        if (me.slot.requests() == 0) return;
        long taken = takeVisibleRequests(me);
        for (long m = taken; m != 0; m &= m - 1) refuse(me, Long.numberOfTrailingZeros(m));
    }

    /** Split: turns frame q into an open split block (the Split record goes to the supervisor). Null: pool empty. */
    static SplitBlock openBlock(Searcher me, int q) {
        SplitBlock b = me.hook.acquire();
        if (b == null) return null;
        // Remaining me.moves in the order the serial search would have tried them.
        int[] list = me.moves[q];
        int[] scores = me.moveScores[q];
        int n = me.moveCountAt[q];
        me.scoreQuiets(q, list, scores, me.nextAt[q], n); // those not yet reached
        for (int i = me.nextAt[q]; i < n; i++) me.pickBest(list, scores, i, n);
        b.prepare(me.bestScoreAt[q], me.bestMoveAt[q]);
        b.position.copyFrom(me.pos[q]);
        b.rootKeyIndex = me.rootKeyIndex;
        b.keyCount = me.rootKeyIndex + q + 1;
        System.arraycopy(me.keys, 0, b.keys, 0, b.keyCount);
        b.moveCount = n - me.nextAt[q];
        System.arraycopy(list, me.nextAt[q], b.moves, 0, b.moveCount);
        b.searchedBefore = me.nextAt[q];
        b.depth = me.depthAt[q];
        b.rootDepth = me.rootDepth;
        b.ply = q;
        b.perft = me.perftMode;
        b.nodeType = me.nodeType[q] == CUT ? ALL : me.nodeType[q];
        b.alpha0 = me.alphaAt[q];
        b.beta = me.betaAt[q];
        b.staticEval = me.staticEval[q];
        b.pruneEval = me.evalAt[q];
        b.improving = me.improving[q];
        b.ttCapture = me.ttCaptureAt[q];
        b.ttPv = me.ttPvAt[q];
        b.staticEvalUp1 = q >= 1 ? me.staticEval[q - 1] : 0;
        b.inCheck = me.inCheckAt[q];
        b.pathLength = q;
        System.arraycopy(me.pathBase, 0, b.path, 0, me.pathBaseLength);
        for (int i = me.pathBaseLength; i < q; i++) b.path[i] = me.currentMove[i];
        b.parent = me.innermost;
        b.control = me.control;
        b.owner = me.workerId;
        for (int k = q + 1; k < Searcher.STACK; k++) {
            b.killers[2 * k] = me.killers[k][0];
            b.killers[2 * k + 1] = me.killers[k][1];
        }
        if (me.pvLength[q] > 0 && me.bestMoveAt[q] != 0) {
            System.arraycopy(me.pv[q], 0, b.pv, 0, me.pvLength[q]);
            b.pvLength = me.pvLength[q];
        }
        me.nextAt[q] = n; // the owner's own loop at q is over: from now on it selects from the block
        me.blockAt[q] = b;
        me.innermost = b;
        me.splits++;
        // Traced before open(): once open, a helper may attach (and me.trace its Join) at once.
        me.trace(ProtocolTrace.SPLIT, b, b.generation() + 1, 0, -1, -1, "searched " + b.searchedBefore);
        int gen = b.open();
        me.hook.offered(b, gen);
        return b;
    }
}
