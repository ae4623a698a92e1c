package gacrux.search;

/**
 * Share (§2.6): a move's score is published at its block (CAS on the packed best score and move); a score at or
 * above the block's beta aborts the block, and every worker under it is signalled through its own slot.
 */
final class Share {
    private Share() {}

    /** Share (§2.6): publish the move's score at the block; a fail high aborts everyone under the block. */
    static void shareAt(Searcher me, SplitBlock b, int score, int m, int ply) {
        if (!b.share(score, m, me.pv[ply + 1], me.pvLength[ply + 1])) return;
        traceShare(me, b, m, score);
        if (score >= b.beta) me.hook.signalAbort(b);
    }

    static void traceShare(Searcher me, SplitBlock b, int move, int score) {
        me.trace(ProtocolTrace.SHARE, b, -1, move, -1, score, null);
        if (score >= b.beta) me.trace(ProtocolTrace.ABORT, b, -1, move, -1, score, "fail high: score >= beta " + b.beta);
    }
}
