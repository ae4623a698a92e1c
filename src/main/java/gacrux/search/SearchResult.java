package gacrux.search;

/** The outcome of one search: best move (0 if none), ponder move (0 if none), score, depth, nodes. */
public record SearchResult(int bestMove, int ponderMove, int score, int depth, long nodes) {}
