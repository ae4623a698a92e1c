package gacrux.search;

/**
 * HELP (the DTS paper's §2.3): what an idle worker does until its search ends. It looks at the work there is
 * and chooses, itself:
 * <ol>
 * <li>an open split block with moves left and room for a helper (the one with the most remaining work): it
 *     attaches itself (Join);</li>
 * <li>else the best node over every busy worker's current path (SplitChoice, read from the frames each worker
 *     publishes, without locks), and asks that node's owner to split there: a request word in the owner's
 *     {@link WorkerSlot}, which the owner reads after every move. The owner splits (at that node, or at its
 *     best one if the tree has moved on), attaches the requester to the block and writes the block into the
 *     requester's slot, where the requester spins (then parks, and is unparked): the hand-off.</li>
 * </ol>
 * No step between "idle" and "searching a move at a block" waits for a message or for a thread without a core.
 * The protocol's messages (HELP, Split, Join, Merge, Unsplit) still go to the supervisor, as records of steps
 * already taken in memory (docs/dts-protocol.md).
 *
 * <p>An owner waiting at Unsplit is idle too (helpful master, {@link #below}): it does the same, restricted to
 * work below its own block, since it must be able to return to its frame as soon as its helpers are done.
 */
final class Help {
    private Help() {}

    /**
     * How long a requester waits for the owner to take its request before it withdraws it and chooses again:
     * real time in ns (the owner reads its slot after every move, so microseconds), or virtual nodes.
     */
    static final long REQUEST_TIMEOUT_NS = 2_000_000L;

    /** The idle loop of one worker in the search of control: until the search is stopped. */
    static void seek(Searcher me, SearchControl control) {
        SplitHook hook = me.hook();
        WorkerSlot slot = me.slot();
        slot.thread(Thread.currentThread());
        slot.idle(true);
        me.becameIdle();
        sayHelp(me, control, "idle at the start");
        int spins = 0, seenVersion = Integer.MIN_VALUE, rounds = 0;
        try {
            while (!control.stopped()) {
                Split.refusePending(me); // an idle worker has nothing to split
                int version = hook.openVersion();
                if (version != seenVersion || (++rounds & 15) == 0) {
                    seenVersion = version;
                    if (joinOpen(me, null, control)) {
                        sayHelp(me, control, null);
                        spins = 0;
                        continue;
                    }
                }
                if (ask(me, null, control)) {
                    sayHelp(me, control, null);
                    spins = 0;
                    continue;
                }
                hook.pause(++spins);
            }
        } finally {
            slot.idle(false);
            me.notIdle();
        }
    }

    /** HELP, as a record: traced here (the step is this worker's) and sent to the supervisor, who counts it. */
    private static void sayHelp(Searcher me, SearchControl control, String note) {
        ProtocolTrace t = control.trace();
        if (t != null && !control.stopped()) t.record(ProtocolTrace.HELP, me.workerId(), null, -1, 0, -1, -1, note);
        me.hook().help(false);
    }

    /**
     * Helpful master: the owner of mine, waiting at its Unsplit, looks for work below mine (an open block there, or
     * a split it asks one of its helpers for), but only when no other worker is idle. While others are idle they
     * take the work there is, and an owner joining in too only deepened the nesting of blocks below its own and
     * doubled the search overhead at 16 simulated workers (docs/benchmarks.md); with few workers, where the
     * waiting owner is most of the idle time, it helps. True if it helped somewhere.
     */
    static boolean below(Searcher me, SplitBlock mine) {
        SearchControl control = mine.control;
        me.becameIdle();
        return othersIdle(me) == 0 && (joinOpen(me, mine, control) || ask(me, mine, control));
    }

    /** Workers other than me that are idle (seeking, or waiting at an Unsplit) right now: a racy count. */
    private static int othersIdle(Searcher me) {
        SplitHook hook = me.hook();
        int n = 0;
        for (int w = 0; w < hook.workers(); w++) if (w != me.workerId() && hook.slot(w).idle()) n++;
        return n;
    }

    /** Joins the open block (below `under`, if given) with the most work left. True if it helped there. */
    static boolean joinOpen(Searcher me, SplitBlock under, SearchControl control) {
        SplitHook hook = me.hook();
        int max = me.dts().maxHelpersPerBlock();
        SplitBlock best = null;
        int bestGen = 0, bestValue = -1;
        for (SplitBlock c : hook.pool()) {
            int generation = c.generation(); // first: a block recycled after this read fails attach(generation)
            if (c == under || !c.isOpen() || c.aborted || c.control != control || c.helpers() >= max) continue;
            int left = c.moveCount - c.next.get();
            if (left < 1) continue;
            if (under != null && !c.under(under)) continue;
            int value = c.depth * 64 + Math.min(left, 63);
            if (value > bestValue) {
                best = c;
                bestGen = generation;
                bestValue = value;
            }
        }
        if (best == null) return false;
        String via = under == null ? "chose an open block itself" : "helpful master, below its block #" + under.id;
        return under == null ? me.join(best, bestGen, via, false) : Select.helpAt(me, best, bestGen, via, false);
    }

    /**
     * Chooses a split node over the busy workers' paths (below `under`, if given: only workers searching under
     * it), asks its owner, waits for the answer and helps at the block it is given. True if it helped.
     */
    static boolean ask(Searcher me, SplitBlock under, SearchControl control) {
        SplitHook hook = me.hook();
        DtsConfig cfg = me.dts();
        int target = -1, ply = 0, bestValue = -1, candidates = 0;
        for (int w = 0; w < hook.workers(); w++) {
            if (w == me.workerId()) continue;
            WorkerSlot s = hook.slot(w);
            // Nothing to split there (idle), or as many asking already as one block takes.
            if (s.idle() || Long.bitCount(s.requests()) >= cfg.maxHelpersPerBlock()) continue;
            Searcher o = hook.searcher(w);
            SplitBlock in = o.innermost();
            if (under != null && (in == null || !in.under(under))) continue;
            if (!cfg.idleChooses()) { // the old way: any busy worker, which splits at its own best node
                target = w;
                ply = 0;
                break;
            }
            int lo = o.splitLow(), hi = Math.min(o.top, Score.MAX_PLY);
            for (int q = lo; q <= hi; q++) {
                int v = o.frameValue(q);
                if (v < 0) continue;
                candidates++;
                if (v > bestValue) {
                    bestValue = v;
                    target = w;
                    ply = q;
                }
            }
        }
        if (target < 0) return false;
        WorkerSlot to = hook.slot(target);
        ProtocolTrace t = control == null ? null : control.trace();
        if (t != null) // recorded before the request goes out: the owner may answer at once
            t.record(ProtocolTrace.CHOOSE, me.workerId(), null, -1, 0, -1, -1, cfg.idleChooses()
                    ? "asks worker " + target + " to split at " + hook.searcher(target).frameText(ply) + ", the best of "
                      + candidates + " candidates" + (under != null ? " below its block #" + under.id : "")
                    : "asks worker " + target + " to split at its best node");
        me.requestedAt = System.nanoTime();
        me.slot().ask(to, ply, hook.now() + hook.latency());
        long answer = awaitAnswer(me, to, control);
        if (answer == 0) me.withdrawnRequests++;
        if (answer == WorkerSlot.REFUSED) me.refusedRequests++;
        if (answer == 0 || answer == WorkerSlot.REFUSED) return false;
        me.answeredAt = me.slot().answeredAt();
        SplitBlock b = hook.pool()[WorkerSlot.blockId(answer)];
        int gen = WorkerSlot.generation(answer);
        String via = "hand-off from worker " + target;
        return under == null ? me.join(b, gen, via, true) : Select.helpAt(me, b, gen, via, true);
    }

    /**
     * Waits for the answer to this worker's request to `to`, in its own slot. Withdraws the request (0) when the search stops or
     * the owner has not taken it in time; once the owner has taken it, an answer is certain and is waited for.
     */
    private static long awaitAnswer(Searcher me, WorkerSlot to, SearchControl control) {
        SplitHook hook = me.hook();
        WorkerSlot mine = me.slot();
        long start = hook.now(), timeout = hook.latency() > 0 ? 50 * hook.latency() + 2_000 : REQUEST_TIMEOUT_NS;
        int spins = 0;
        while (true) {
            long a = mine.answer();
            if (a != 0) {
                if (mine.answerVisibleAt() <= hook.now()) {
                    mine.clearAnswer();
                    return a;
                }
            } else if ((control.stopped() || hook.now() - start > timeout) && mine.withdraw(to)) {
                return 0; // withdrawn before the owner took it: no answer will come
            }
            Split.refusePending(me);
            hook.pause(++spins);
        }
    }
}
