package gacrux.search;

import gacrux.board.Position;

/**
 * One searcher's accumulators, one per ply, each kept with the piece bitboards it was computed for. The board
 * package knows nothing of the net: to evaluate a position, the stack takes the stored accumulator whose pieces
 * differ least from it (this ply's last one, usually a sibling, or the parent's or grandparent's), and adds and
 * subtracts the rows of the pieces that differ, found by comparing bitboards. That is the incremental update of
 * copy-make, and it is correct whatever the stored entries hold (a helper that took over a split point, a ply
 * whose parent was never evaluated): the diff is taken against what the entry was computed for, never against an
 * assumed move. Owned by one searcher's thread; nothing is allocated after construction.
 */
final class NnueStack {
    /**
     * Above this many changed squares, sum afresh. An update costs one row per changed square and a refresh one per
     * piece, so the break-even is near the piece count; 12 is a conservative cut that still covers any few moves.
     */
    static final int REFRESH_ABOVE = 12;
    /** Piece codes with a bitboard: white 1..6, black 9..14. */
    private static final int[] PIECES = {1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14};

    final Nnue net;
    private final short[][] white, black;
    /** bbs[ply][i]: the bitboard of PIECES[i] the accumulators at ply were computed for. */
    private final long[][] bbs;
    private final boolean[] valid;
    /** Evaluations by kind, since construction (read by tests and benchmarks). */
    long refreshes, updates;

    NnueStack(Nnue net, int plies) {
        this.net = net;
        white = new short[plies][net.h];
        black = new short[plies][net.h];
        bbs = new long[plies][PIECES.length];
        valid = new boolean[plies];
    }

    /** The net's evaluation of p (the position at ply on the searcher's stack) for the side to move. */
    int evaluate(Position p, int ply) {
        int src = -1, best = REFRESH_ABOVE + 1;
        for (int k = ply; k >= Math.max(0, ply - 2); k--) {
            if (!valid[k]) continue;
            int d = changed(bbs[k], p);
            if (d < best) { best = d; src = k; }
            if (d <= 2) break; // a quiet move's two squares: nothing nearer to find
        }
        short[] w = white[ply], b = black[ply];
        long[] now = bbs[ply];
        if (src < 0) {
            net.refresh(p, w, 0);
            net.refresh(p, b, 1);
            for (int i = 0; i < PIECES.length; i++) now[i] = p.pieces(PIECES[i]);
            refreshes++;
        } else {
            if (src != ply) {
                System.arraycopy(white[src], 0, w, 0, net.h);
                System.arraycopy(black[src], 0, b, 0, net.h);
            }
            long[] old = bbs[src];
            for (int i = 0; i < PIECES.length; i++) {
                int pc = PIECES[i];
                long was = old[i], is = p.pieces(pc);
                if (was == is) { now[i] = is; continue; }
                for (long gone = was & ~is; gone != 0; gone &= gone - 1) {
                    int sq = Long.numberOfTrailingZeros(gone);
                    net.sub(w, Nnue.feature(0, pc, sq));
                    net.sub(b, Nnue.feature(1, pc, sq));
                }
                for (long come = is & ~was; come != 0; come &= come - 1) {
                    int sq = Long.numberOfTrailingZeros(come);
                    net.add(w, Nnue.feature(0, pc, sq));
                    net.add(b, Nnue.feature(1, pc, sq));
                }
                now[i] = is;
            }
            updates++;
        }
        valid[ply] = true;
        return p.sideToMove() == 0 ? net.output(w, b) : net.output(b, w);
    }

    /** Squares whose piece differs between the stored bitboards and p, counted per piece bitboard. */
    private static int changed(long[] stored, Position p) {
        int n = 0;
        for (int i = 0; i < PIECES.length; i++) n += Long.bitCount(stored[i] ^ p.pieces(PIECES[i]));
        return n;
    }

    /** Forgets every entry (a new net, or a test wanting fresh sums). */
    void clear() { java.util.Arrays.fill(valid, false); }
}
