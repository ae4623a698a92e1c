package gacrux.search;

import gacrux.board.Position;

/** For tests that call one rule of the search directly: a searcher set at a root as a search would leave it. */
final class SearcherAt {
    private SearcherAt() {}

    /** Ply 0 is p, no game history, a depth-20 control that never stops; pruning as given. */
    static Searcher root(Position p, TranspositionTable tt, boolean useTT, boolean pruning) {
        Searcher s = new Searcher(tt, new Searcher.Config(useTT, pruning, 1));
        SearchLimits l = SearchLimits.depth(20);
        s.begin(new SearchControl(l, new TimeManager(l, 0, 0)));
        s.pruning = pruning;
        s.setRoot(p, new long[0]);
        return s;
    }

    /** The same with a small table of its own, used by the search (for tests of one rule, pruning on or off). */
    static Searcher root(Position p, boolean pruning) {
        return root(p, new TranspositionTable(1), true, pruning);
    }

    /**
     * Ply 0 is root and ply 1 the position after the move uci, as the search would set them when about to search
     * ply 1 from a CUT node (ply 1 is improving: no node two plies up).
     */
    static Searcher plyOneAfter(Position root, String uci, TranspositionTable tt, boolean useTT) {
        Searcher s = root(root, tt, useTT, true);
        int m = gacrux.board.MoveGen.parseUci(root, uci);
        s.pos[1].copyFrom(root);
        s.pos[1].makeMove(m);
        s.keys[s.rootKeyIndex + 1] = s.pos[1].key();
        s.currentMove[0] = m;
        s.nodeType[0] = Searcher.CUT;
        return s;
    }
}
