package gacrux.search;

import java.util.List;

/**
 * The limits of one {@code go}. Times are milliseconds; 0 or negative means "not given" except where noted.
 * An immutable snapshot: the search never reads the UCI reader's state.
 */
public record SearchLimits(int depth, long nodes, long movetime, long wtime, long btime, long winc, long binc,
                           int movestogo, int mate, boolean infinite, boolean ponder, List<String> searchmoves,
                           int perft) {
    public static SearchLimits depth(int d) {
        return new SearchLimits(d, 0, 0, 0, 0, 0, 0, 0, 0, false, false, List.of(), 0);
    }

    /** A clock: both sides' time and increment, movestogo 0 for sudden death (the warm-up's moves, tests). */
    public static SearchLimits clock(long wtime, long btime, long winc, long binc, int movestogo) {
        return new SearchLimits(0, 0, 0, wtime, btime, winc, binc, movestogo, 0, false, false, List.of(), 0);
    }

    public static SearchLimits infiniteSearch() {
        return new SearchLimits(0, 0, 0, 0, 0, 0, 0, 0, 0, true, false, List.of(), 0);
    }

    public boolean hasClock() { return wtime > 0 || btime > 0 || wtime < 0 || btime < 0 || movetime > 0; }

    /** True when the search ends on its own (a limit other than infinite/ponder). */
    public boolean isFinite() {
        return !infinite && !ponder && (depth > 0 || nodes > 0 || movetime > 0 || mate > 0 || wtime != 0 || btime != 0);
    }

    public SearchLimits withPonder(boolean p) {
        return new SearchLimits(depth, nodes, movetime, wtime, btime, winc, binc, movestogo, mate, infinite, p, searchmoves, perft);
    }
}
