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
}
