package gacrux.search;

import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Piece;
import gacrux.board.Position;

import java.util.function.Consumer;

import static gacrux.search.Score.*;

/**
 * One thread's alpha-beta search: negamax with principal variation search over copy-make positions
 * on a preallocated per-ply stack. Nothing is allocated per node: positions, move lists, scores,
 * killers, history and the PV table are all arrays made once per searcher.
 *
 * Killers and history belong to this searcher alone (one per worker in the parallel search); the
 * transposition table is shared. The node type (PV / CUT / ALL) of every node on the current path is kept
 * in {@link #nodeType}: the parallel search uses it to choose split points.
 *
 * <p>The fields are package-private rather than private: the DTS steps (Help, Split, Select, Share, Unsplit), and
 * one level up the cluster's (RemoteSplit), are static methods over a worker's Searcher in this package, each run
 * on that worker's own thread. The only
 * fields another thread reads are the frame arrays of the current path (depthAt, nodeType, searchedAt, ...,
 * read racily by idle workers choosing where to split; the owner checks a frame again before it splits it),
 * innermost and top, and the counters (read racily for statistics).
 */
public final class Searcher {
    public static final int PV = 0, CUT = 1, ALL = 2;
    static final int STACK = MAX_PLY + 8;
    private static final int HISTORY_MAX = 16384;
    /** History pruning: a quiet move at depth <= 3 whose history is below -HISTORY_PRUNE * depth is not searched. */
    private static final int HISTORY_PRUNE = 1200;
    /** ProbCut: the margin over beta a capture's reduced search must reach to cut the node. */
    private static final int PROBCUT_MARGIN = 200;
    /**
     * The aspiration window from depth 5: the last iteration's score +- this. Narrow, since a score rarely moves
     * more than a few centipawns between iterations once it has settled, and each fail only costs a re-search
     * with a wider window ({@link #widen}).
     */
    static final int ASPIRATION_DELTA = 12;

    /** Aspiration fail highs at the root, and root searches shallower than their iteration (AspirationWindowTest). */
    long aspirationFailHighs, shallowerResearches;
    /**
     * The shallowest node whose hash move is tested for singularity. The verification costs a half-depth search of
     * the other moves, so it pays only where the node's own subtree is large; from 6 (was 8) it also catches the
     * forced moves a few plies above the horizon.
     */
    static final int SINGULAR_MIN_DEPTH = 6;
    /** Correction history: entries per side (a power of two), and the fixed-point scale of an entry (1/256 cp). */
    private static final int CORRECTION_SIZE = 1 << 14, CORRECTION_GRAIN = 256;
    /** Correction history: an entry moves toward the newest error by weight/256, weight min(depth + 1, 16). */
    private static final int CORRECTION_WEIGHT_SCALE = 256, CORRECTION_MAX = 64 * CORRECTION_GRAIN;
    /**
     * A non-pawn table's step, out of 256, relative to the pawn table's: the three tables learn one correction together
     * (each moves by its share of what their sum still misses), so the pawn table alone behaves as before.
     */
    static final int NON_PAWN_SHARE = 128;
    private static final int[][] LMR = new int[64][64];

    static {
        for (int d = 1; d < 64; d++)
            for (int m = 1; m < 64; m++)
                LMR[d][m] = (int) (0.75 + Math.log(d) * Math.log(m) / 2.25);
    }

    final TranspositionTable tt;
    SearchControl control;
    Config config;

    // ---- per-ply stack (index = ply) ----
    final Position[] pos = new Position[STACK];
    final int[][] moves = new int[STACK][MoveGen.MAX_MOVES];
    final int[][] moveScores = new int[STACK][MoveGen.MAX_MOVES];
    final int[] nodeType = new int[STACK];
    final int[] staticEval = new int[STACK];
    /**
     * evalAt[ply]: the evaluation the pruning rules (reverse futility, null move, ProbCut, futility) judge the node
     * by: the static evaluation, or the hash score where the entry's bound says the true score lies beyond it on
     * that side (a lower bound above the evaluation, an upper bound below it, an exact score). staticEval stays
     * the position's own, for improving. A helper takes it for its block's ply from the block.
     */
    final int[] evalAt = new int[STACK];
    /**
     * improving[ply]: the static evaluation is above the one two plies up (our previous move's node), so this node's
     * position is getting better for the side to move; late quiet moves are pruned and reduced less there. A helper
     * takes it for its block's ply from the block (it has no frames above).
     */
    final boolean[] improving = new boolean[STACK];
    /**
     * ttCaptureAt[ply]: the node's hash move is a capture or promotion, so its quiet moves are less likely to be best
     * and are reduced one ply more. Set once the node's moves are scored (after any singular verification at the
     * ply); a helper takes it for its block's ply from the block.
     */
    final boolean[] ttCaptureAt = new boolean[STACK];
    /**
     * ttPvAt[ply]: the node is on the principal variation, or the hash table says it was when last searched (ttPv);
     * such a node is more likely to matter again, so its late quiet moves are reduced one ply less, as at a PV node.
     * Stored with the node's entry (TranspositionTable.pv), so the mark lasts while the entry does. Set with
     * ttCaptureAt; a helper takes it for its block's ply from the block.
     */
    final boolean[] ttPvAt = new boolean[STACK];
    /**
     * Singular extension: excludedAt[ply] is the hash move a verification search at that ply leaves out (0: an
     * ordinary node); singularAt[ply] is the hash move whose verification decided its depth there, and
     * singularExtAt[ply] that decision: +1 (singular: one ply deeper) or -1 (not singular, and its bound is at or above
     * beta anyway: one ply shallower, since other moves are likely to cut too). Set and read only by this searcher, at
     * its own nodes (a helper never searches a block's first move, where they apply).
     */
    final int[] excludedAt = new int[STACK];
    final int[] singularAt = new int[STACK];
    final int[] singularExtAt = new int[STACK];
    /** Verification searches open on this searcher's path: TREEDUMP writes none of their lines (same paths). */
    int verifying;
    long singularExtensions, negativeExtensions;
    /** Nodes cut by ProbCut in this searcher, since creation (read by tests). */
    long probCuts;

    /** Hash moves found singular and searched a ply deeper by this searcher, since creation. */
    public long singularExtensions() { return singularExtensions; }

    /** Hash moves searched a ply shallower after a verification that found them not singular (this searcher). */
    public long negativeExtensions() { return negativeExtensions; }
    final int[] currentMove = new int[STACK];
    final int[][] pv = new int[STACK][STACK];
    final int[] pvLength = new int[STACK];
    final int[][] killers = new int[STACK][2];
    /** history[side][from*64+to]: quiet moves that caused cutoffs, with gravity toward zero. */
    final int[][] history = new int[2][64 * 64];
    /**
     * The counter-move heuristic: counterMoves[side * 512 + piece * 64 + to] is the quiet move of the side to move
     * that last refuted the opponent's move of that piece type to that square; it is tried after the killers.
     * This searcher's own, like history (a helper's are its own too: they hold for the whole tree).
     */
    final int[] counterMoves = new int[2 * 8 * 64];
    /**
     * Continuation history: contHist[k][prev * PIECE_TO + this], for k = COUNTER the opponent's move into this node
     * (ply - 1, "counter-move history") and k = FOLLOW_UP our own move before it (ply - 2, "follow-up history"),
     * each as side to move, mover type and destination (prev) against this quiet move's mover and destination: how
     * often this move cut off after that move, with history's bonus and gravity. A reply that refuted a given move
     * usually refutes it again in a sibling subtree, where the butterfly table mixes all positions. Shorts (values
     * stay within HISTORY_MAX), 576 KiB each; this searcher's own, like history. No row at the root, after a null
     * move or before the path's start (contBase: -1).
     */
    final short[][] contHist = new short[2][2 * PIECE_TO * PIECE_TO];
    static final int COUNTER = 0, FOLLOW_UP = 1;
    /** Mover type (1..6) and destination square, the index of a move in a continuation-history row. */
    private static final int PIECE_TO = 6 * 64;
    /**
     * Correction history: by side to move and pawn structure (a hash of the pawn bitboards), a running average of
     * how far the searched score lay from the static evaluation, in 1/CORRECTION_GRAIN centipawns. A pawn
     * structure the evaluation misjudges is misjudged in every position of the subtree, so the search's verdicts
     * correct the evaluation its pruning uses (reverse futility, null move, futility, stand pat, improving).
     * Used only where order-dependent pruning is on: the exact-score tests see the plain evaluation.
     */
    final int[][] correction = new int[2][CORRECTION_SIZE];
    /**
     * Correction history by each side's pieces other than pawns (knights, bishops, rooks, queens, king; a hash of their
     * bitboards), [side to move][colour * CORRECTION_SIZE + slot]: what the pawn structure's table cannot tell apart,
     * such as a king that walked or an imbalance the evaluation misjudges, is learnt per piece configuration. The
     * corrected evaluation adds the pawn entry and both sides' entries here ({@link #correctionOf}). Same owner and
     * lifetime as {@link #correction}.
     */
    final int[][] nonPawnCorrection = new int[2][2 * CORRECTION_SIZE];
    final int[] scratch = new int[MoveGen.MAX_MOVES];
    /**
     * Evaluation cache: the static evaluation by position key, direct-mapped, this searcher's own (no sharing,
     * so no races). The same position is evaluated again and again (re-searches after LMR and PVS, transpositions,
     * qsearch at a node the main search just evaluated); the evaluation depends on the position alone, so a hit
     * returns what Evaluator.evaluate would and the search tree (bench's fingerprint) stays the same.
     */
    private static final int EVAL_CACHE_BITS = 15;
    /**
     * One long per slot, so a probe reads one cache line, not one in each of two arrays: the key's top 44 bits (the
     * slot is its low 15, so 59 bits of the key pick an entry) over the evaluation + 2^19 in the low 20 bits. 0 is
     * an empty slot; a stored entry never is, its score field being at least 1 (|evaluation| < 2^19 - 1). Another
     * position passes the check about once in 2^44 probes of a slot it does not hold: at a million evaluations a
     * second, once in some 200 days of search (and then one evaluation is off, not the tree's correctness).
     */
    private final long[] evalCache = new long[1 << EVAL_CACHE_BITS];
    private static final int EVAL_SCORE_BITS = 20;
    private static final long EVAL_SCORE_MASK = (1L << EVAL_SCORE_BITS) - 1;
    private static final int EVAL_SCORE_BIAS = 1 << (EVAL_SCORE_BITS - 1);
    /** Pawn-structure terms by pawn sets, for the evaluations the cache above misses; this searcher's own, like it. */
    private final PawnHash pawnHash = new PawnHash();
    /**
     * The neural evaluation's accumulators for config.net(), else null (the hand-crafted evaluation). Owned by this
     * searcher's thread: evaluate() switches it there when the configured net changed, so a configure() from the
     * engine while a Lazy SMP helper is still finishing its last search never swaps it under that helper.
     */
    private NnueStack nnue;
    /** TREEDUMP (docs/treedump-format.md): this searcher's line buffer and each ply's hash move; null when off. */
    final StringBuilder trace = TreeDump.newBuffer();
    final int[] ttMoveAt = TreeDump.ON ? new int[STACK] : null;

    // Repetition: keys of the game before the root, then of each ply of the current path.
    final long[] keys = new long[2048 + STACK];
    int rootKeyIndex;

    // ---- root ----
    final int[] rootMoves = new int[MoveGen.MAX_MOVES];
    final int[] rootScores = new int[MoveGen.MAX_MOVES];
    final int[][] rootPv = new int[MoveGen.MAX_MOVES][STACK];
    final int[] rootPvLength = new int[MoveGen.MAX_MOVES];
    int rootCount;
    int rootDepth;

    long nodes;
    int seldepth;

    // ---- DTS frame state per ply (see search()) ----
    final int[] depthAt = new int[STACK];
    final int[] alphaAt = new int[STACK];
    final int[] betaAt = new int[STACK];
    final int[] moveCountAt = new int[STACK];
    final int[] nextAt = new int[STACK];
    final int[] searchedAt = new int[STACK];
    final int[] bestScoreAt = new int[STACK];
    final int[] bestMoveAt = new int[STACK];
    final boolean[] inCheckAt = new boolean[STACK];
    final boolean[] splittable = new boolean[STACK];
    final SplitBlock[] blockAt = new SplitBlock[STACK];
    /** The innermost split block this worker is searching under (own or joined); null when none. */
    SplitBlock innermost;
    /** A helper may split only below the block it joined. */
    int baseSplitPly;
    /** Moves from the root to the block a helper joined (so splits below can record their full path). */
    final int[] pathBase = new int[STACK];
    int pathBaseLength;
    SplitHook hook;
    /** This worker's slot (split requests, answers, abort signals); null in the serial search. */
    WorkerSlot slot;
    /** The abort signal last seen: a different value in the slot means "look at your block chain". */
    int seenSignal;
    /** The DTS configuration (the hook's; the default when serial). */
    DtsConfig dts = DtsConfig.DEFAULT;
    /**
     * The deepest ply whose frame was opened (its move loop may be running): idle workers read the published
     * path from splitLow() to here, racily (a heuristic; the owner checks the frame when it answers).
     */
    int top;
    int workerId;
    /** Whether this searcher checks the clock (a lone searcher does; under DTS the supervisor does). */
    boolean timeKeeper = true;
    long splits, helps, waitNanos;
    /** This searcher is running (or helping) a perft, not a search. */
    boolean perftMode;
    /**
     * Selective pruning for this search: the configured switch, but off for {@code go mate N}. A mate search
     * wants completeness: null move fails in the zugzwangs composed mates are built on, and reductions and
     * futility hide quiet key moves behind a large material deficit.
     */
    boolean pruning;
    /**
     * Lazy SMP (docs/dts-protocol.md, "Lazy SMP mode"): the work-sharing table while this searcher runs one
     * worker's think() of a lazy search, else null (DTS and the serial search). Checked once per node.
     */
    WorkShare workShare;

    /**
     * Search switches. The defaults are the engine's; tests turn pieces off to compare searches exactly. net: the
     * neural evaluation to use (UCI EvalFile), null for the hand-crafted one.
     */
    public record Config(boolean useTT, boolean pruning, int multiPv, Nnue net) {
        public static final Config DEFAULT = new Config(true, true, 1);

        public Config(boolean useTT, boolean pruning, int multiPv) { this(useTT, pruning, multiPv, null); }
    }

    public Searcher(TranspositionTable tt) {
        this(tt, Config.DEFAULT);
    }

    public Searcher(TranspositionTable tt, Config config) {
        this.tt = tt;
        this.config = config;
        for (int i = 0; i < STACK; i++) pos[i] = new Position();
    }

    /**
     * Nodes searched by this searcher. Written only by its own thread; other threads (the node total) read it
     * racily, which is fine for a count that only grows and is reported approximately.
     */
    public long nodes() { return nodes; }

    /** Zeroes the node count at the start of a search (splits and helps are totals since creation). */
    public void resetNodes() {
        nodes = 0;
        if (nodesByPly != null) java.util.Arrays.fill(nodesByPly, 0);
    }

    /**
     * Nodes by their ply from the root (search and quiescence nodes alike), since the last resetNodes; null unless
     * countNodesByPly was called. Only the scaling simulator counts them (where the parallel tree outgrows the
     * serial one, docs/benchmarks.md): in the engine it is one null check per node. Written only by this
     * searcher's thread; the simulator reads it after the search.
     */
    long[] nodesByPly;

    public void countNodesByPly() { if (nodesByPly == null) nodesByPly = new long[STACK + 1]; }

    public long[] nodesByPly() { return nodesByPly; }

    long totalNodes() { return hook == null ? nodes : hook.totalNodes(); }

    /** Attaches this searcher to the parallel layer as worker `id` (null hook: serial search). */
    public void attach(SplitHook hook, int id, boolean timeKeeper) {
        this.hook = hook;
        this.workerId = id;
        this.timeKeeper = timeKeeper;
        this.slot = hook == null ? null : hook.slot(id);
        this.dts = hook == null ? DtsConfig.DEFAULT : hook.config();
    }

    SplitHook hook() { return hook; }

    /**
     * Called after every move of the search (where a split request is read): the scaling simulator's point to
     * end a worker's slice. Null in the engine (one null check per move).
     */
    Runnable moveTick;

    public void onMove(Runnable tick) { this.moveTick = tick; }

    WorkerSlot slot() { return slot; }

    DtsConfig dts() { return dts; }

    public long splits() { return splits; }
    /** Moves this worker Selected at other workers' blocks (as a helper), since creation. */
    public long helperMoves() { return helperMoves; }
    long helperMoves;
    /**
     * Nodes of moves this worker searched at blocks that a fail high at that block or above cut short (Share's
     * abort): work a serial search would not have done, since creation; per move, not per node. The other half of
     * the waste at such blocks is {@link #finishedAfterCutNodes}.
     */
    public long cutShortNodes() { return cutShortNodes; }
    long cutShortNodes;
    /**
     * Nodes of moves at this worker's own blocks that came after the block's first fail high in the serial order
     * but were searched to their end (by anyone): the rest of the waste at blocks that failed high, since creation.
     */
    public long finishedAfterCutNodes() { return finishedAfterCutNodes; }
    long finishedAfterCutNodes;
    /**
     * Stale and late steps this worker met (the stress tests assert that they happen): requests refused to it, its
     * requests withdrawn unanswered, attaches refused (a block gone or full), and Joins that began after the stop.
     */
    long refusedRequests, withdrawnRequests, refusedAttaches, lateJoins;

    public long staleSteps() { return refusedRequests + withdrawnRequests + refusedAttaches; }

    public long lateJoins() { return lateJoins; }

    /** Times this worker, waiting at Unsplit as an owner, helped below its block (helpful master), since creation. */
    public long masterHelps() { return masterHelps; }
    long masterHelps;
    public long helps() { return helps; }
    /** Time spent at Unsplit waiting for helpers with nothing to help (the owner's idle time). */
    public long waitNanos() { return waitNanos; }
    public int workerId() { return workerId; }

    /**
     * Lazy SMP: the work-sharing table for the next think() (null: off). A lazy helper (worker id &gt; 0) records no
     * bestmove trace event, and odd helpers start their iterative deepening one ply deeper.
     */
    public void lazy(WorkShare share) { this.workShare = share; }

    /** Changes the switches between searches (MultiPV and the net from the UCI options; evaluate() takes up the net). */
    public void configure(Config c) { this.config = c; }

    public int nodeType(int ply) { return nodeType[ply]; }

    /** Killer move slot (0 or 1) at ply (tests). */
    int killer(int ply, int slot) { return killers[ply][slot]; }

    /** Forget killers and history (ucinewgame, bench). */
    public void clearHeuristics() {
        for (int[] k : killers) k[0] = k[1] = 0;
        for (int side = 0; side < 2; side++) {
            java.util.Arrays.fill(history[side], 0);
            java.util.Arrays.fill(correction[side], 0);
            java.util.Arrays.fill(nonPawnCorrection[side], 0);
        }
        java.util.Arrays.fill(counterMoves, 0);
        for (short[] t : contHist) java.util.Arrays.fill(t, (short) 0);
    }

    /**
     * Iterative deepening from root. gameKeys holds the keys of the positions played before the root (oldest
     * first), for repetition detection. Info lines go to info; the caller prints bestmove.
     */
    public SearchResult think(Position root, long[] gameKeys, SearchControl control, Consumer<String> info) {
        try {
            return iterate(root, gameKeys, control, info);
        } catch (Throwable t) {
            if (hook != null) Unsplit.releaseOwnBlocks(this, -1); // a failed root leaks no block and strands no helper
            throw t;
        }
    }

    private static final long[] NO_KEYS = new long[0];

    /**
     * The start of any search on this searcher (think, a remote task, perft): take the control, claim this
     * worker's slot for the calling thread, and forget every block and frame of the last search.
     */
    void begin(SearchControl control) {
        this.control = control;
        if (slot != null) {
            slot.thread(Thread.currentThread());
            seenSignal = slot.abortSignal();
        }
        innermost = null;
        baseSplitPly = 0;
        pathBaseLength = 0;
        java.util.Arrays.fill(blockAt, null);
        java.util.Arrays.fill(splittable, false);
        java.util.Arrays.fill(excludedAt, 0);
        verifying = 0;
    }

    /** Ply 0 is root; the keys before it (the game's last 2048 positions at most) are kept for repetition. */
    void setRoot(Position root, long[] gameKeys) {
        int hist = Math.min(gameKeys.length, 2048);
        System.arraycopy(gameKeys, gameKeys.length - hist, keys, 0, hist);
        rootKeyIndex = hist;
        pos[0].copyFrom(root);
        keys[rootKeyIndex] = root.key();
    }

    SearchResult iterate(Position root, long[] gameKeys, SearchControl control, Consumer<String> info) {
        begin(control);
        SearchLimits limits = control.limits;
        pruning = config.pruning() && limits.mate() == 0;
        if (hook == null) nodes = 0;
        setRoot(root, gameKeys);
        for (int[] k : killers) k[0] = k[1] = 0;

        rootCount = 0;
        int n = MoveGen.legal(root, scratch, 0);
        for (int i = 0; i < n; i++) {
            if (!limits.searchmoves().isEmpty() && !limits.searchmoves().contains(Move.toUci(scratch[i]))) continue;
            rootMoves[rootCount] = scratch[i];
            rootScores[rootCount] = -INFINITE;
            rootPvLength[rootCount] = 0;
            rootCount++;
        }
        if (rootCount == 0) {
            int score = root.inCheck() ? -MATE : DRAW;
            info.accept("info depth 0 score " + Score.uci(score));
            return traced(new SearchResult(Move.NONE, Move.NONE, score, 0, 0));
        }
        orderRootByTT(root);

        int maxDepth = limits.depth() > 0 ? Math.min(limits.depth(), MAX_PLY - 1) : MAX_PLY - 1;
        int multiPv = Math.max(1, Math.min(config.multiPv(), rootCount));
        int bestMove = rootMoves[0], ponderMove = Move.NONE, bestScore = 0, completedDepth = 0;
        int stableIterations = 0; // completed iterations in a row with the same best move (the clock's scaling)
        long startNs = System.nanoTime();
        thinkStartNs = startNs;
        thinkInfo = info;

        // Lazy SMP: odd helpers start one ply deeper, so the workers are not all in the same iteration.
        int firstDepth = workShare != null && (workerId & 1) == 1 ? Math.min(2, maxDepth) : 1;
        for (int depth = firstDepth; depth <= maxDepth; depth++) {
            rootDepth = depth;
            seldepth = 0;
            for (int pvIdx = 0; pvIdx < multiPv; pvIdx++) {
                int prev = rootScores[pvIdx];
                int delta = ASPIRATION_DELTA;
                int alpha = -INFINITE, beta = INFINITE;
                if (depth >= 5 && multiPv == 1 && prev > -INFINITE && !isMate(prev)) {
                    alpha = Math.max(-INFINITE, prev - delta);
                    beta = Math.min(INFINITE, prev + delta);
                }
                // A fail high is re-searched a ply shallower each time (back to the iteration's depth after a fail
                // low): the move that beat the window is usually the best, and proving by how much at full depth
                // costs the time the next iteration could use (Ethereal's and Stockfish's rule). A selective rule
                // like the others: not in a mate search (go mate N must end on a full-depth iteration to find the
                // mate it asks for) nor without pruning.
                int searchDepth = depth;
                while (true) {
                    int score = rootSearch(searchDepth, alpha, beta, pvIdx);
                    if (control.stopped()) break;
                    if (TreeDump.ON) TreeDump.result(trace, currentMove, 0, searchDepth, alpha, beta, evaluate(pos[0], 0), score);
                    if (score <= alpha) {
                        if (multiPv == 1) info.accept(infoLine(depth, pvIdx, score, " upperbound", startNs, false));
                        beta = (alpha + beta) / 2;
                        alpha = Math.max(-INFINITE, score - delta);
                        searchDepth = depth;
                    } else if (score >= beta) {
                        if (multiPv == 1) info.accept(infoLine(depth, pvIdx, score, " lowerbound", startNs, false));
                        beta = Math.min(INFINITE, score + delta);
                        aspirationFailHighs++;
                        if (pruning && !isMate(score) && searchDepth > 1) searchDepth--;
                    } else {
                        break;
                    }
                    delta = widen(delta);
                    if (delta > 1000) { alpha = -INFINITE; beta = INFINITE; }
                }
                sortRoot(pvIdx);
                if (control.stopped()) break;
            }
            if (control.stopped() && completedDepth == 0) {
                // Stopped before the first iteration finished: play the best-ordered move, print no score.
                bestMove = rootMoves[0];
                bestScore = rootScores[0] > -INFINITE + 1 ? rootScores[0] : 0;
                break;
            }
            if (control.stopped()) {
                // An interrupted iteration may still have improved on the last one at its first move.
                if (rootScores[0] > -INFINITE && rootMoves[0] != bestMove && rootPvLength[0] > 0
                        && rootScores[0] > bestScore) {
                    bestMove = rootMoves[0];
                    ponderMove = rootPvLength[0] > 1 ? rootPv[0][1] : Move.NONE;
                    bestScore = rootScores[0];
                }
                break;
            }
            int scoreDrop = completedDepth > 0 && !isMate(bestScore) && !isMate(rootScores[0])
                    ? bestScore - rootScores[0] : 0;
            stableIterations = completedDepth > 0 && rootMoves[0] == bestMove ? stableIterations + 1 : 0;
            completedDepth = depth;
            bestMove = rootMoves[0];
            bestScore = rootScores[0];
            ponderMove = rootPvLength[0] > 1 ? rootPv[0][1] : Move.NONE;
            if (workShare == null || workerId == 0) control.publishBest(bestMove, ponderMove); // not a lazy helper
            for (int pvIdx = 0; pvIdx < multiPv; pvIdx++)
                info.accept(infoLine(depth, pvIdx, rootScores[pvIdx], "", startNs, true));
            if (control.stopped()) break;
            if (limits.mate() > 0 && bestScore >= MATE_BOUND && Score.mateMoves(bestScore) <= limits.mate()) break;
            if (control.time.softExpired(depth >= 6 ? TimeManager.stabilityScale(stableIterations, scoreDrop) : 1.0)) break;
            if (rootCount == 1 && control.limits.hasClock() && depth >= 8 && !control.time.pondering()) break;
        }
        // A search stopped inside an iteration (stop, the clock, a node limit) has spent time and nodes since its
        // last info line: say so, so that a GUI and a log reader (scripts/soak-lag.py) see where the time went.
        if (control.stopped()) info.accept(finalInfoLine(startNs));
        return traced(new SearchResult(bestMove, ponderMove, bestScore, completedDepth, totalNodes()));
    }

    /** The last line of a stopped search: its nodes and time, no score (that of the last iteration stands). */
    String finalInfoLine(long startNs) {
        long ms = elapsedMs(startNs);
        return "info nodes " + totalNodes() + " nps " + totalNodes() * 1000 / ms + " time " + ms;
    }

    /** The protocol trace's bestmove event (one per search: only the root's think returns a result). */
    SearchResult traced(SearchResult r) {
        if (workShare != null && workerId != 0) return r; // a lazy helper's result is discarded
        trace(ProtocolTrace.BESTMOVE, null, -1, r.bestMove(), -1, r.score(), "depth " + r.depth());
        return r;
    }

    /** Records a protocol event when this search is traced (docs/dts-protocol.md); gen -1: b's current one. */
    void trace(ProtocolTrace.Type type, SplitBlock b, int gen, int move, int index, int score, String note) {
        ProtocolTrace t = control == null ? null : control.trace();
        if (t != null) t.record(type, workerId, b, b != null && gen < 0 ? b.generation() : gen, move, index, score, note);
    }

    void orderRootByTT(Position root) {
        int ttMove = config.useTT() ? TranspositionTable.move(tt.probe(root.key())) : 0;
        for (int i = 0; i < rootCount; i++) {
            int m = rootMoves[i];
            moveScores[0][i] = m == ttMove ? 1 << 30 : Move.isCapture(m)
                    ? 1 << 20 + See.VALUE[Move.captured(m)] * 8 - Move.mover(m) : 0;
        }
        // Insertion sort, stable.
        for (int i = 1; i < rootCount; i++) {
            int m = rootMoves[i], s = moveScores[0][i], j = i - 1;
            while (j >= 0 && moveScores[0][j] < s) {
                rootMoves[j + 1] = rootMoves[j];
                moveScores[0][j + 1] = moveScores[0][j];
                j--;
            }
            rootMoves[j + 1] = m;
            moveScores[0][j + 1] = s;
        }
    }

    /** Stable sort of root moves from index `from` by this iteration's score (searched moves first). */
    void sortRoot(int from) {
        for (int i = from + 1; i < rootCount; i++) {
            int m = rootMoves[i], s = rootScores[i], len = rootPvLength[i];
            int[] line = rootPv[i];
            int j = i - 1;
            while (j >= from && rootScores[j] < s) {
                rootMoves[j + 1] = rootMoves[j];
                rootScores[j + 1] = rootScores[j];
                rootPv[j + 1] = rootPv[j];
                rootPvLength[j + 1] = rootPvLength[j];
                j--;
            }
            rootMoves[j + 1] = m;
            rootScores[j + 1] = s;
            rootPv[j + 1] = line;
            rootPvLength[j + 1] = len;
        }
    }

    /** Milliseconds since startNs, at least 1 (an nps divides by it). */
    static long elapsedMs(long startNs) {
        return Math.max(1, (System.nanoTime() - startNs) / 1_000_000);
    }

    String infoLine(int depth, int pvIdx, int score, String bound, long startNs, boolean withHashfull) {
        long ms = elapsedMs(startNs);
        StringBuilder sb = new StringBuilder(128);
        sb.append("info depth ").append(depth).append(" seldepth ").append(Math.max(seldepth, depth))
          .append(" multipv ").append(pvIdx + 1).append(" score ").append(Score.uci(score)).append(bound)
          .append(" nodes ").append(totalNodes()).append(" nps ").append(totalNodes() * 1000 / ms);
        if (withHashfull) sb.append(" hashfull ").append(tt.hashfull());
        sb.append(" time ").append(ms).append(" pv");
        int len = rootPvLength[pvIdx];
        if (len == 0) sb.append(' ').append(Move.toUci(rootMoves[pvIdx]));
        for (int i = 0; i < len; i++) sb.append(' ').append(Move.toUci(rootPv[pvIdx][i]));
        return sb.toString();
    }

    /** Searches root moves pvIdx.. with the window; records each move's score and PV. */
    /** currmove lines start after this long (UCI: for long searches only). */
    private static final long CURRMOVE_AFTER_NS = 3_000_000_000L;
    long thinkStartNs;
    Consumer<String> thinkInfo;

    int rootSearch(int depth, int alpha, int beta, int pvIdx) {
        if (depth < rootDepth) shallowerResearches++;
        Position root = pos[0];
        nodeType[0] = PV;
        pvLength[0] = 0;
        boolean inCheck = root.inCheck();
        staticEval[0] = evalAt[0] = inCheck ? -INFINITE : corrected(root, evaluate(root, 0)); // for improving two plies down
        improving[0] = true;
        int best = -INFINITE;
        int origAlpha = alpha;
        int bestRootScore = -INFINITE, bestRootIdx = pvIdx;
        // The root is a split node like any other (the best of all, once its first move is searched): its frame is
        // published at ply 0 so an idle worker can choose it while this worker is deep in a root move's subtree.
        boolean rootSplits = hook != null && config.multiPv() == 1 && workShare == null;
        if (rootSplits) {
            System.arraycopy(rootMoves, 0, moves[0], 0, rootCount);
            for (int k = 0; k < rootCount; k++) moveScores[0][k] = rootCount - k; // keep the root order
        }
        // The cluster level: after the first root move, later ones may go to idle remote nodes, as scouts. The root
        // may still be split locally: a block takes the moves after the one in flight, never one that went out, and
        // once the block is done the root owner Merges what is still out (docs/cluster.md).
        java.util.ArrayList<RemoteTask> out = config.multiPv() == 1 ? RemoteSplit.open(this, 0, depth) : null;
        int next = pvIdx, waits = 0;
        while (true) {
            int i, m, score;
            RemoteTask done = RemoteSplit.takeFinished(out);
            SplitBlock rootBlock = null;
            if (done != null) {
                m = done.move;
                i = RemoteSplit.rootIndex(this, m, pvIdx);
                currentMove[0] = m;
                if (RemoteSplit.merge(this, done, beta)) {
                    score = -done.score();
                } else { // its node was lost, or its scout failed high below beta: search the move here
                    score = rootMove(m, i - pvIdx, depth, alpha, beta, inCheck);
                    done = null;
                }
                if (control.stopped()) { RemoteSplit.abort(this, out); break; }
            } else if (next < rootCount) {
                i = next++;
                m = rootMoves[i];
                currentMove[0] = m;
                if (rootSplits) {
                    Split.rootFrame(this, i + 1, i - pvIdx, depth, alpha, beta, inCheck, bestRootIdx);
                    splittable[0] = i > pvIdx && i + 1 < rootCount;
                    top = 0;
                }
                // Long searches tell the GUI which root move is being searched (cheap: once per root move).
                if (thinkInfo != null && System.nanoTime() - thinkStartNs > CURRMOVE_AFTER_NS)
                    thinkInfo.accept("info depth " + depth + " currmove " + Move.toUci(m) + " currmovenumber " + (i + 1));
                score = rootMove(m, i - pvIdx, depth, alpha, beta, inCheck);
                splittable[0] = false;
                rootBlock = blockAt[0]; // the root was split from below while move i was searched
                if (control.stopped()) {
                    if (rootBlock != null) Unsplit.finishRootBlock(this, i, rootBlock.alpha0);
                    RemoteSplit.abort(this, out);
                    break;
                }
            } else if (RemoteSplit.anyOut(out)) {
                if (control.stopped()) { RemoteSplit.abort(this, out); break; }
                RemoteSplit.await(this, waits++);
                continue;
            } else {
                break;
            }
            if (score > best) best = score;
            if (score > alpha) {
                rootScores[i] = score;
                rootPv[i][0] = m;
                if (done != null) {
                    rootPvLength[i] = RemoteSplit.mergePv(done, rootPv[i], STACK - 2);
                } else {
                    System.arraycopy(pv[1], 0, rootPv[i], 1, pvLength[1]);
                    rootPvLength[i] = pvLength[1] + 1;
                }
                alpha = score;
                if (score >= beta && rootBlock == null) {
                    RemoteSplit.abort(this, out); // Abort: a fail high here ends this root search
                    break;
                }
            } else {
                rootScores[i] = i == pvIdx ? score : -INFINITE + 1;
                if (i == pvIdx) {
                    rootPv[i][0] = m;
                    rootPvLength[i] = 1;
                }
            }
            if (score > bestRootScore) {
                bestRootScore = score;
                bestRootIdx = i;
            }
            if (rootBlock != null) { // the in-flight move is Shared at the block, then the root owner finishes it
                if (!aborted()) Share.shareAt(this, rootBlock, score, m, 0);
                int s2 = Unsplit.finishRootBlock(this, i, rootBlock.alpha0);
                if (s2 > best) best = s2;
                if (RemoteSplit.rootDoneAfterBlock(this, out, s2, beta)) break;
                alpha = Math.max(alpha, s2); // every local move is done: Merge the remote ones against it
                next = rootCount;
                continue;
            }
            // Young Brothers Wait across machines: after the first root move, idle remote nodes get later ones.
            next = RemoteSplit.handOutRoot(this, next, depth, alpha, beta, out);
            // The root is a PV node: after its first move (YBW) it is the best split point of all.
            if (moveTick != null) moveTick.run();
            if (hook != null && config.multiPv() == 1 && next < rootCount && depth >= dts.minSplitDepth()
                    && workShare == null && next == i + 1 && slot.requests() != 0) {
                long taken = Split.refuseWaitingOwnersNotAbove(this, Split.takeVisibleRequests(this));
                if (taken != 0) {
                    // The root is a PV node after its first move: the best split node there is, whatever ply the
                    // idle workers asked for (none below it is live now).
                    if (Split.openRootBlock(this, i, depth, alpha, beta, inCheck, bestRootIdx)) {
                        taken = Split.handOff(this, taken, blockAt[0], 0, "the root, after its first move");
                        for (long mm = taken; mm != 0; mm &= mm - 1) Split.refuse(this, Long.numberOfTrailingZeros(mm));
                        int s2 = Unsplit.finishRootBlock(this, i, alpha);
                        if (s2 > best) best = s2;
                        if (RemoteSplit.rootDoneAfterBlock(this, out, s2, beta)) break;
                        alpha = Math.max(alpha, s2);
                        next = rootCount;
                        continue;
                    }
                    for (long mm = taken; mm != 0; mm &= mm - 1) Split.refuse(this, Long.numberOfTrailingZeros(mm));
                }
            }
        }
        if (!control.stopped() && config.useTT() && pvIdx == 0 && best > -INFINITE) {
            int bound = best >= beta ? TranspositionTable.LOWER : best > origAlpha ? TranspositionTable.EXACT
                    : TranspositionTable.UPPER;
            tt.store(root.key(), rootMoves[pvIdx], TranspositionTable.toTT(best, 0), depth, bound, true);
        }
        return best;
    }

    /** One root move after the make: the PV search of the first (moveNumber 0), PVS with LMR for the others. */
    private int rootMove(int m, int moveNumber, int depth, int alpha, int beta, boolean inCheck) {
        Position child = pos[1];
        child.copyFrom(pos[0]);
        child.makeMove(m);
        keys[rootKeyIndex + 1] = child.key();
        boolean givesCheck = child.inCheck();
        int newDepth = depth - 1 + (givesCheck ? 1 : 0);
        int score, r = 0;
        boolean research = false;
        if (moveNumber == 0) {
            score = -search(1, newDepth, -beta, -alpha, PV);
        } else {
            if (pruning && depth >= 3 && !Move.isTactical(m) && !inCheck && !givesCheck && moveNumber >= 3)
                r = Math.max(0, Math.min(newDepth - 1, LMR[Math.min(depth, 63)][Math.min(moveNumber, 63)] - 1));
            score = -search(1, newDepth - r, -alpha - 1, -alpha, CUT);
            research = score > alpha && r > 0 && !control.stopped();
            if (research)
                score = -search(1, newDepth, -alpha - 1, -alpha, CUT);
            if (score > alpha && score < beta && !control.stopped())
                score = -search(1, newDepth, -beta, -alpha, PV);
        }
        if (TreeDump.ON && !control.stopped())
            traceMove(0, m, moveNumber, depth, alpha, beta, act(r, research, givesCheck ? 1 : 0), r, givesCheck ? 1 : 0, score);
        return score;
    }

    boolean isDraw(int ply) {
        Position p = pos[ply];
        if (p.halfmoveClock() >= 100) return true;
        int idx = rootKeyIndex + ply;
        long key = keys[idx];
        int limit = Math.min(p.halfmoveClock(), idx);
        for (int i = 4; i <= limit; i += 2) if (keys[idx - i] == key) return true;
        return insufficientMaterial(p);
    }

    private static boolean insufficientMaterial(Position p) {
        if ((p.pieces(0, Piece.PAWN) | p.pieces(1, Piece.PAWN) | p.pieces(0, Piece.ROOK) | p.pieces(1, Piece.ROOK)
                | p.pieces(0, Piece.QUEEN) | p.pieces(1, Piece.QUEEN)) != 0) return false;
        long minors = p.pieces(0, Piece.KNIGHT) | p.pieces(1, Piece.KNIGHT) | p.pieces(0, Piece.BISHOP) | p.pieces(1, Piece.BISHOP);
        return Long.bitCount(minors) <= 1;
    }

    /**
     * The clock (and a stop from outside) is polled every POLL_MASK + 1 nodes: about 0.1 ms of a warm search. Not
     * every 1024: when C2 throws a hot method's code away (an uncommon trap: a branch its profile never saw taken),
     * the search runs interpreted or at C1's speed until it is compiled again, and 1024 such nodes took tens of
     * milliseconds past the hard limit (docs/strength.md, "Where a bullet move's time goes"). A poll is a clock read.
     */
    static final int POLL_MASK = 127;

    void poll() {
        control.pollExternal();
        if (timeKeeper && control.time.hardExpired()) control.stop();
        long limit = control.limits.nodes();
        if (limit > 0 && (hook == null ? nodes : hook.totalNodes()) >= limit) control.stop();
    }

    /**
     * Stop, or a fail high at any split block above this worker's current node (Share's abort). Per node: the
     * stop flag and this worker's own abort signal (two volatile reads, no shared line written); the chain of
     * blocks is walked only when the signal moved (someone aborted a block this worker may be under).
     */
    boolean aborted() {
        if (control.stopped()) return true;
        SplitBlock in = innermost;
        if (in == null) return false;
        int signal = slot.abortSignal();
        if (signal == seenSignal) return false;
        if (in.chainAborted()) return true;
        seenSignal = signal; // the abort was for a block we are no longer under
        return false;
    }

    int search(int ply, int depth, int alpha, int beta, int nt) {
        if (!TreeDump.ON || depth <= 0 || verifying > 0) return searchNode(ply, depth, alpha, beta, nt);
        // TREEDUMP: the node's RESULT, with the window it was called with. An abandoned node (stop, or a fail
        // high at a split block above) has no meaningful score and writes no line.
        int score = searchNode(ply, depth, alpha, beta, nt);
        if (!aborted()) TreeDump.result(trace, currentMove, ply, depth, alpha, beta, evaluate(pos[ply], ply), score);
        return score;
    }

    int searchNode(int ply, int depth, int alpha, int beta, int nt) {
        if (depth <= 0) return qsearch(ply, alpha, beta);
        pvLength[ply] = 0;
        splittable[ply] = false; // this frame becomes splittable only once its move loop runs
        if ((++nodes & POLL_MASK) == 0 || control.limits.nodes() > 0) poll();
        if (nodesByPly != null) nodesByPly[ply]++;
        if (aborted()) return 0;
        if (ply > seldepth) seldepth = ply;
        Position p = pos[ply];
        nodeType[ply] = nt;
        boolean pvNode = nt == PV;

        if (isDraw(ply)) return DRAW;
        if (ply >= MAX_PLY - 1) return evaluate(p, ply);
        // Mate distance pruning: no line from here can beat a mate already found nearer the root.
        alpha = Math.max(alpha, -MATE + ply);
        beta = Math.min(beta, MATE - ply - 1);
        if (alpha >= beta) return alpha;

        long key = p.key();
        int ttMove = 0, ttScore = 0, ttDepth = -1, ttBound = 0;
        int excluded = excludedAt[ply];
        boolean ttPv = pvNode;
        if (config.useTT() && excluded == 0) {
            long e = tt.probe(key);
            if (e != 0) {
                ttPv |= TranspositionTable.pv(e);
                ttMove = TranspositionTable.move(e);
                ttScore = TranspositionTable.fromTT(TranspositionTable.score(e), ply);
                ttDepth = TranspositionTable.depth(e);
                int b = ttBound = TranspositionTable.bound(e);
                if (!pvNode && ttDepth >= depth
                        && (b == TranspositionTable.EXACT
                            || (b == TranspositionTable.LOWER && ttScore >= beta)
                            || (b == TranspositionTable.UPPER && ttScore <= alpha)))
                    return ttScore;
            }
        }

        if (TreeDump.ON) ttMoveAt[ply] = ttMove;
        boolean inCheck = p.inCheck();
        int rawEval = inCheck ? -INFINITE : evaluate(p, ply);
        int eval = inCheck ? -INFINITE : corrected(p, rawEval);
        staticEval[ply] = eval;
        improving[ply] = !inCheck && (ply < 2 || eval > staticEval[ply - 2]);
        if (!inCheck) eval = boundedEval(eval, ttScore, ttBound);
        evalAt[ply] = eval;

        if (pruning && !pvNode && !inCheck) {
            // Reverse futility: far enough above beta at shallow depth, a quiet move will not lose it all.
            // The margin shrinks by a ply where the node is improving (its eval is more likely to hold).
            if (depth <= 8 && eval - 80 * (depth - (improving[ply] ? 1 : 0)) >= beta && !isMate(beta)) return eval;
            // Null move: give the opponent a free move; if we still beat beta, this node is a cut node.
            if (depth >= 3 && eval >= beta && excluded == 0 && !isMate(beta) && !p.onlyPawns(p.sideToMove()) && currentMove[ply - 1] != 0) {
                int r = 3 + depth / 4 + Math.min(3, (eval - beta) / 200);
                Position child = pos[ply + 1];
                child.copyFrom(p);
                child.makeNullMove();
                keys[rootKeyIndex + ply + 1] = child.key();
                currentMove[ply] = 0;
                int score = -search(ply + 1, depth - 1 - r, -beta, -beta + 1, ALL);
                if (aborted()) return 0;
                if (TreeDump.ON && verifying == 0) TreeDump.move(trace, currentMove, ply, depth, alpha, beta, TreeDump.Kind.NULL, TreeDump.Act.NMP, r, 0, score);
                if (score >= beta) return score >= MATE_BOUND ? beta : score;
            }
        }
        // ProbCut: a good capture whose reduced search beats beta by a margin would almost surely beat beta at full
        // depth; the node is cut without searching the rest. Not where the hash table already says otherwise.
        if (pruning && !pvNode && !inCheck && depth >= 5 && excluded == 0 && !isMate(beta)) {
            int probBeta = beta + PROBCUT_MARGIN;
            if (!(ttMove != 0 && ttDepth >= depth - 3 && ttScore < probBeta)) {
                int s = probCut(ply, depth, probBeta, eval, ttMove, alpha, beta);
                if (aborted()) return 0;
                if (s >= probBeta) {
                    probCuts++;
                    if (config.useTT()) tt.store(key, currentMove[ply], TranspositionTable.toTT(s, ply), depth - 3,
                            TranspositionTable.LOWER, ttPv);
                    return s;
                }
                pvLength[ply] = 0;
                nodeType[ply] = nt;
            }
        }
        // Internal iterative reduction: without a hash move, this node is likely mis-ordered; search it shallower.
        if (pruning && ttMove == 0 && excluded == 0 && depth >= 4 && nt != ALL) depth--;

        // Singular extension: when the hash move's lower bound holds by a margin over every other move (a search
        // at half depth without it fails low against that bound less a margin), it is extended one ply. When even
        // the others reach a margin above beta, several moves cut off here: the node is cut (multi-cut). When they do
        // not, but the hash move's own bound is at or above beta, it is searched a ply shallower (negative extension):
        // the cut is likely to come from it or from another move, so depth spent on it is mostly spent twice.
        singularAt[ply] = 0;
        if (pruning && ttMove != 0 && depth >= SINGULAR_MIN_DEPTH && ply < 2 * rootDepth && ttDepth >= depth - 3
                && ttBound != TranspositionTable.UPPER && !isMate(ttScore)) {
            int singularBeta = ttScore - 2 * depth;
            int s;
            excludedAt[ply] = ttMove;
            verifying++;
            try {
                s = searchNode(ply, (depth - 1) / 2, singularBeta - 1, singularBeta, nt == ALL ? ALL : CUT);
            } finally { // a fault below must not leave this ply excluding a move in every later search
                excludedAt[ply] = 0;
                verifying--;
            }
            if (TreeDump.ON) ttMoveAt[ply] = ttMove;
            if (aborted()) return 0;
            if (s < singularBeta) {
                singularAt[ply] = ttMove;
                singularExtAt[ply] = 1;
            }
            else if (!pvNode && singularBeta >= beta) return singularBeta;
            else if (!pvNode && ttScore >= beta) {
                singularAt[ply] = ttMove;
                singularExtAt[ply] = -1;
            }
            pvLength[ply] = 0;
            nodeType[ply] = nt;
        }

        int[] list = moves[ply];
        int[] scores = moveScores[ply];
        int n = MoveGen.legal(p, list, 0);
        if (n == 0) return inCheck ? -MATE + ply : DRAW;
        if (excluded != 0) {
            // The singular verification search: every move but the hash move (none left: a fail low).
            for (int k = 0; k < n; k++) if (list[k] == excluded) { list[k] = list[--n]; break; }
            if (n == 0) return alpha;
        }
        boolean share = workShare != null && pvNode;
        // Quiet moves are scored when the first of them is reached (most cut-offs come before), except under Lazy
        // SMP, whose shared order needs every score at once.
        scoreMoves(p, ply, list, scores, n, ttMove, !share);

        // The frame of this node, kept in arrays so that a split (here, or at this ply from deeper down) can
        // turn it into a split block: DTS splits at any ply of a busy worker's path. (Not a verification search:
        // its frame is the node's own, which opens again after it.)
        openFrame(ply, depth, alpha, beta, n, hook != null && excluded == 0);
        inCheckAt[ply] = inCheck;
        ttCaptureAt[ply] = ttMove != 0 && Move.isTactical(ttMove);
        ttPvAt[ply] = ttPv;

        int bestScore = -INFINITE, bestMove = 0;
        int origAlpha = alpha;
        int side = p.sideToMove();
        // The cluster level (RemoteWork): this node's moves that went to other machines, or null when none may.
        java.util.ArrayList<RemoteTask> out = excluded == 0 ? RemoteSplit.open(this, ply, depth) : null;
        int waits = 0;
        while (true) {
            int i, m, score;
            RemoteTask done = RemoteSplit.takeFinished(out);
            if (done != null) {
                // A remote move came back (merged like a move searched here), or its node was lost: search it here.
                m = done.move;
                i = 0; // no malus for the quiets before it: it was not searched in list order
                currentMove[ply] = m;
                if (RemoteSplit.merge(this, done, beta)) {
                    score = -done.score();
                } else {
                    score = searchMove(ply, m, Math.max(1, searchedAt[ply]), depth, alpha, beta, nt, eval, inCheck,
                            bestScore, NO_ORDER, null);
                    done = null; // its PV is this searcher's own now
                }
            } else if (nextAt[ply] < n) {
                // Past the late-move count every quiet move that gives no check is pruned: skip them in one pass
                // instead of selecting each in turn only to prune it.
                if (!share && lateQuietsPruned(ply, depth, searchedAt[ply], nt, inCheck, alpha, bestScore)) {
                    skipLateQuiets(ply, p, list, scores, n, depth, alpha, beta);
                    if (nextAt[ply] >= n) continue;
                }
                i = nextAt[ply]++;
                // Lazy SMP: the next move, unless another worker is searching it here right now (then it goes last).
                m = share ? workShare.choose(workerId, ply, key, depth, list, scores, i, n) : next(ply, list, scores, i, n);
                currentMove[ply] = m;
                score = searchMove(ply, m, searchedAt[ply], depth, alpha, beta, nt, eval, inCheck, bestScore, scores[i],
                        null);
                if (share) workShare.publish(workerId, ply, 0);
            } else if (RemoteSplit.anyOut(out)) {
                // Every local move is searched; the remote ones are still out (Unsplit's wait, across machines).
                if (aborted()) { RemoteSplit.abort(this, out); splittable[ply] = false; return 0; }
                RemoteSplit.await(this, waits++);
                continue;
            } else {
                break;
            }
            if (score == PRUNED) continue;
            if (blockAt[ply] != null) {
                // This frame was split while the move was being searched: the rest is done as the block's owner.
                // (Never a frame with remote moves out: handing one out makes it unsplittable.)
                splittable[ply] = false;
                return Unsplit.ownerFinish(this, ply, m, score, key);
            }
            if (aborted()) { RemoteSplit.abort(this, out); splittable[ply] = false; return 0; }
            searchedAt[ply]++;
            if (score > bestScore) {
                bestScore = score;
                if (score > alpha) {
                    bestMove = m;
                    alpha = score;
                    alphaAt[ply] = alpha;
                    pv[ply][0] = m;
                    if (done != null) {
                        pvLength[ply] = RemoteSplit.mergePv(done, pv[ply], STACK - ply - 2);
                    } else {
                        System.arraycopy(pv[ply + 1], 0, pv[ply], 1, pvLength[ply + 1]);
                        pvLength[ply] = pvLength[ply + 1] + 1;
                    }
                    if (score >= beta) {
                        if (!Move.isTactical(m)) rewardQuiet(ply, side, m, depth, list, i, share ? null : scores);
                        RemoteSplit.abort(this, out); // Abort: the cutoff makes the moves still out worthless
                        break;
                    }
                }
            }
            bestScoreAt[ply] = bestScore;
            bestMoveAt[ply] = bestMove;
            // Young Brothers Wait across machines: once a move is searched here, idle remote nodes get moves.
            RemoteSplit.handOut(this, ply, depth, alpha, beta, nt, n, out);
            // HELP reached us: an idle worker asks for a split at a node of this path (Young Brothers Wait: only
            // after a move is searched). One volatile read of our own slot per move.
            if (moveTick != null) moveTick.run();
            if (hook != null && slot.requests() != 0 && Split.answerRequests(this, ply) && blockAt[ply] != null) {
                splittable[ply] = false;
                return Unsplit.ownerFinish(this, ply, 0, -INFINITE, key);
            }
        }
        splittable[ply] = false;
        if (bestScore == -INFINITE) {
            // Every move was pruned: return a fail-low bound no better than alpha.
            return alpha;
        }
        if (excluded == 0) {
            int bound = bestScore >= beta ? TranspositionTable.LOWER
                    : bestScore > origAlpha ? TranspositionTable.EXACT : TranspositionTable.UPPER;
            if (config.useTT()) tt.store(key, bestMove, TranspositionTable.toTT(bestScore, ply), depth, bound, ttPv);
            if (!inCheck && (bestMove == 0 || !Move.isTactical(bestMove))) updateCorrection(p, rawEval, bestScore, bound, depth);
        }
        return bestScore;
    }

    // ------------------------------------------------------------------------------------------------
    // The cluster level (issue 14, docs/cluster.md): distributed Young Brothers Wait above the local DTS. Its
    // steps (Split to other machines, Merge, Abort, the wait) live in RemoteSplit; here the state they keep on
    // the root worker, and the other end: a node handed to this machine, searched by searchTask.
    // ------------------------------------------------------------------------------------------------

    /** Other machines' share of this search (null: none; set only on the root worker). */
    RemoteWork remote;
    /** Per ply, the moves of that node out on other machines (made once, reused: RemoteSplit.open). */
    @SuppressWarnings("unchecked")
    final java.util.ArrayList<RemoteTask>[] remoteAt = new java.util.ArrayList[STACK];
    long remoteSent, remoteMerged, remoteResearched;

    /** Lets this searcher hand moves to other machines (null: off). Set on the root worker between searches. */
    public void remote(RemoteWork r) { this.remote = r; }

    /** Moves handed to other machines, results merged, moves searched here again after their node was lost. */
    public long remoteSent() { return remoteSent; }
    public long remoteMerged() { return remoteMerged; }
    public long remoteResearched() { return remoteResearched; }

    /** The outcome of one remote task searched here: the node's score and PV (its side's view), and the nodes. */
    public record TaskOutcome(int score, int[] pv, long nodes, boolean stopped) {}

    /**
     * Searches the node at the end of path from root (a 0 in path is a null move: the node may lie below a null-move
     * search), as the root worker of another machine would have at that ply: same keys for repetition, same iteration depth (check extensions), same window and node type. Scores
     * (mate distances) are relative to the real root. Under DTS this runs as worker 0's job and the local
     * workers split below the node as usual.
     */
    public TaskOutcome searchTask(Position root, long[] gameKeys, int[] path, int iterationDepth, int depth, int alpha,
                                  int beta, int nt, SearchControl control) {
        try {
            begin(control);
            pruning = config.pruning();
            if (hook == null) nodes = 0;
            setRoot(root, gameKeys);
            int ply = path.length;
            for (int k = 0; k < ply; k++) {
                currentMove[k] = path[k];
                nodeType[k] = PV;
                pos[k + 1].copyFrom(pos[k]);
                if (path[k] == Move.NONE) pos[k + 1].makeNullMove(); // a node below a null-move search
                else pos[k + 1].makeMove(path[k]);
                keys[rootKeyIndex + k + 1] = pos[k + 1].key();
            }
            for (int[] k : killers) k[0] = k[1] = 0;
            rootDepth = iterationDepth;
            seldepth = 0;
            top = ply;
            pvLength[ply] = 0;
            int score = search(ply, depth, alpha, beta, nt);
            return new TaskOutcome(score, java.util.Arrays.copyOf(pv[ply], pvLength[ply]), totalNodes(), control.stopped());
        } catch (Throwable t) {
            if (hook != null) Unsplit.releaseOwnBlocks(this, -1);
            throw t;
        }
    }

    /**
     * ProbCut's probes at ply: the captures (and queen promotions) that win at least probBeta - eval by exchange,
     * best first, each checked by quiescence against probBeta and then searched at depth - 4 with the null window
     * (probBeta - 1, probBeta). Returns the first score >= probBeta (its move left in currentMove[ply]), else
     * -INFINITE. Uses the ply's move list before the node's own move generation fills it.
     */
    int probCut(int ply, int depth, int probBeta, int eval, int ttMove, int alpha, int beta) {
        Position p = pos[ply];
        Position child = pos[ply + 1];
        int[] list = moves[ply];
        int[] scores = moveScores[ply];
        int n = MoveGen.tactical(p, list, 0);
        for (int i = 0; i < n; i++) {
            int m = list[i];
            scores[i] = m == ttMove ? Integer.MAX_VALUE
                    : mvvLva(m);
        }
        for (int i = 0; i < n; i++) {
            int m = pickBest(list, scores, i, n);
            if (!See.ge(p, m, probBeta - eval)) continue;
            child.copyFrom(p);
            child.makeMove(m);
            keys[rootKeyIndex + ply + 1] = child.key();
            currentMove[ply] = m;
            int s = -qsearch(ply + 1, -probBeta, -probBeta + 1);
            if (s >= probBeta && !aborted()) s = -search(ply + 1, depth - 4, -probBeta, -probBeta + 1, ALL);
            if (aborted()) return -INFINITE;
            if (TreeDump.ON && verifying == 0)
                TreeDump.move(trace, currentMove, ply, depth, alpha, beta, TreeDump.Kind.PROBCUT, TreeDump.Act.PROBCUT, 3, 0, s);
            if (s >= probBeta) return s;
        }
        return -INFINITE;
    }

    static final int PRUNED = Integer.MIN_VALUE;

    /**
     * One move of a node: shallow pruning, make, check extension, late move reduction and the PVS re-searches.
     * Shared by the serial move loop and the Select loop of a split block. Returns PRUNED if skipped.
     */
    int searchMove(int ply, int m, int moveNumber, int depth, int alpha, int beta, int nt, int eval,
                           boolean inCheck, int bestScore, int order, SplitBlock at) {
        Position p = pos[ply];
        Position child = pos[ply + 1];
        boolean pvNode = nt == PV;
        boolean quiet = !Move.isTactical(m);
        boolean prunable = prunable(moveNumber, nt, inCheck, alpha, bestScore);
        // A capture that loses material at shallow depth.
        if (prunable && !quiet && depth <= 4 && !See.ge(p, m, -80 * depth)) {
            if (TreeDump.ON) traceMove(ply, m, moveNumber, depth, alpha, beta, TreeDump.Act.SEE_CAP, 0, 0, PRUNED);
            return PRUNED;
        }
        // Late move pruning (half as many moves where the position is not improving) and futility; never a move
        // that gives check. Decided before the move is made (most late quiet moves are pruned, and a copy-make
        // each cost about as much as a node); castling, whose check test needs the rook's move, after it.
        boolean late = depth <= 8 && moveNumber >= lateMoveCount(depth, improving[ply]);
        // History pruning: at the last plies, a quiet move that has failed low often elsewhere (never a killer).
        boolean badHistory = prunable && quiet && historyPrunes(p, ply, m, depth);
        boolean prune = prunable && quiet && (late || badHistory || (depth <= 6 && eval + 100 + 90 * depth <= alpha));
        boolean castle = Move.kind(m) == Move.CASTLE;
        TreeDump.Act why = late ? TreeDump.Act.LMP : badHistory ? TreeDump.Act.HIST_PRUNE : TreeDump.Act.FP_QUIET;
        if (prune && !castle && !p.quietGivesCheck(m)) return prunedQuiet(ply, m, moveNumber, depth, alpha, beta, why);
        // A quiet move to a square where it is lost by exchange, at shallow depth (checks too). After the rules
        // above, which prune the same moves whatever the exchange says: most late quiet moves go by them, and an
        // exchange evaluation costs more than all three together (the same moves are pruned in either order).
        if (prunable && quiet && depth <= 8 && !See.ge(p, m, -50 * depth)) {
            if (TreeDump.ON) traceMove(ply, m, moveNumber, depth, alpha, beta, TreeDump.Act.SEE_QUIET, 0, 0, PRUNED);
            return PRUNED;
        }
        child.copyFrom(p);
        child.makeMove(m);
        boolean givesCheck = child.inCheck();
        if (prune && castle && !givesCheck) return prunedQuiet(ply, m, moveNumber, depth, alpha, beta, why);
        keys[rootKeyIndex + ply + 1] = child.key();
        // Check extension, and the singular extension of a node's first move (a block's moves never number 0).
        int ext = extension(p, ply, m, moveNumber, givesCheck);
        int newDepth = depth - 1 + ext;
        int childType = nt == PV ? (moveNumber == 0 ? PV : CUT) : nt == CUT ? ALL : CUT;
        if (moveNumber == 0) {
            int first = -search(ply + 1, newDepth, -beta, -alpha, childType);
            if (TreeDump.ON) traceMove(ply, m, 0, depth, alpha, beta, act(-Math.min(ext, 0), false, ext), -Math.min(ext, 0),
                    Math.max(ext, 0), first);
            return first;
        }
        int r = reduction(p, ply, m, moveNumber, depth, newDepth, nt, quiet, inCheck, givesCheck, order);
        int score = -search(ply + 1, newDepth - r, -alpha - 1, -alpha, childType);
        boolean research = false;
        if (score > alpha && !aborted()) {
            // Fresh bounds at a split block (at != null): another worker may have raised the block's alpha since
            // this move was Selected. The fail high above only says "better than the old alpha", so the move is
            // verified again at full depth against the raised bound: a cheap null-window search that, when it fails
            // low, makes the costly PV re-search pointless. (Serial: at == null, the usual LMR re-search.)
            int fresh = at == null ? alpha : Math.max(alpha, at.alpha());
            if (fresh >= beta) return traced(ply, m, moveNumber, depth, alpha, beta, r, false, ext, score); // failed high
            if (r > 0 || fresh > alpha) {
                research = r > 0;
                alpha = fresh;
                score = -search(ply + 1, newDepth, -alpha - 1, -alpha, childType);
            }
        }
        if (score > alpha && score < beta && !aborted()) {
            if (at != null) alpha = Math.max(alpha, at.alpha()); // fresh again before the PV re-search
            if (alpha < beta) score = -search(ply + 1, newDepth, -beta, -alpha, PV);
        }
        return traced(ply, m, moveNumber, depth, alpha, beta, r, research, ext, score);
    }

    /**
     * The extension of move m at ply (-1, 0 or 1): a check, unless it loses material by exchange (where pruning is on:
     * a mate search extends every check, since mates are built on sacrifices), and a node's first move where it is
     * the singular hash move (+1), or the hash move the verification found not singular above beta (-1); none beyond
     * twice the iteration's depth (a perpetual's checks cannot recurse for ever).
     */
    int extension(Position p, int ply, int m, int moveNumber, boolean givesCheck) {
        if (ply >= 2 * rootDepth) return 0;
        if (moveNumber == 0 && m == singularAt[ply]) {
            // Counted here, where the depth changes, so that the counters (read by tests) say what was applied.
            if (singularExtAt[ply] > 0) singularExtensions++;
            else if (singularExtAt[ply] < 0) negativeExtensions++;
            return singularExtAt[ply];
        }
        return givesCheck && (!pruning || See.ge(p, m, 0)) ? 1 : 0;
    }

    /**
     * Late move reduction of a move after the first: late quiet moves by the LMR table (less at nodes that are or
     * were on the PV (ttPvAt), for killers and good history; more at cut nodes, where the node is not improving and
     * where the hash move is a capture); late captures that lose material by exchange (non-PV) by half the table, at least one ply. A late
     * quiet check is reduced one ply less than another quiet move (it is extended first when it does not lose
     * material); a capture that checks and a move out of check are never reduced.
     */
    int reduction(Position p, int ply, int m, int moveNumber, int depth, int newDepth, int nt, boolean quiet,
                  boolean inCheck, boolean givesCheck, int order) {
        if (!pruning || depth < 3 || inCheck) return 0;
        boolean pvNode = nt == PV;
        if (quiet && moveNumber >= (pvNode ? 3 : 2)) {
            int r = LMR[Math.min(depth, 63)][Math.min(moveNumber, 63)];
            if (pvNode || ttPvAt[ply]) r--;
            if (givesCheck) r--;
            if (m == killers[ply][0] || m == killers[ply][1]) r--;
            if (nt == CUT) r++;
            if (!improving[ply]) r++;
            if (ttCaptureAt[ply]) r++;
            int h = orderedQuiet(order) ? order : quietScore(p.sideToMove(), ply, m);
            r -= Math.max(-2, Math.min(2, h / 8000));
            return Math.max(0, Math.min(newDepth - 1, r));
        }
        if (!quiet && !givesCheck && !pvNode && moveNumber >= 2 && Move.promo(m) != Piece.QUEEN && !See.ge(p, m, 0))
            return Math.max(1, Math.min(newDepth - 1, LMR[Math.min(depth, 63)][Math.min(moveNumber, 63)] / 2));
        return 0;
    }

    /**
     * History pruning at the last plies, never a killer: a quiet move whose history is below -HISTORY_PRUNE * depth
     * (depth <= 3), or whose continuation history after the opponent's last move, or after our own move before it,
     * is below a limit (depth <= 3, or 2 where the node is improving; the limits lower where improving): the move
     * failed low after that very move again and again.
     */
    boolean historyPrunes(Position p, int ply, int m, int depth) {
        if (depth > 3 || m == killers[ply][0] || m == killers[ply][1]) return false;
        int side = p.sideToMove();
        if (history[side][m & 4095] < -HISTORY_PRUNE * depth) return true;
        boolean imp = improving[ply];
        if (depth > (imp ? 2 : 3)) return false;
        int cBase = contBase(COUNTER, ply, side), fBase = contBase(FOLLOW_UP, ply, side);
        return (cBase >= 0 && cont(COUNTER, cBase, m) < (imp ? -1000 : 0))
                || (fBase >= 0 && cont(FOLLOW_UP, fBase, m) < (imp ? -4000 : -2000));
    }

    int traced(int ply, int m, int moveNumber, int depth, int alpha, int beta, int r, boolean research, int ext,
                       int score) {
        if (TreeDump.ON) traceMove(ply, m, moveNumber, depth, alpha, beta, act(r, research, ext), r, ext, score);
        return score;
    }

    /**
     * TREEDUMP: the MOVE line of currentMove[ply] (the path from the root is currentMove[0..ply], for a helper
     * starting with its block's path). A move abandoned mid-search (stop, or a fail high above) is not written.
     */
    void traceMove(int ply, int m, int moveNumber, int depth, int alpha, int beta, TreeDump.Act act, int r, int ext,
                           int score) {
        if ((score != PRUNED && aborted()) || verifying > 0) return;
        TreeDump.Kind kind = moveNumber == 0 ? (ply > 0 && m == ttMoveAt[ply] ? TreeDump.Kind.HASH : TreeDump.Kind.FIRST)
                : Move.isTactical(m) ? TreeDump.Kind.CAP : TreeDump.Kind.QUIET;
        TreeDump.move(trace, currentMove, ply, depth, alpha, beta, kind, act, r, ext, score == PRUNED ? TreeDump.SKIPPED : score);
    }

    /** Late move pruning: the moves searched at a node of this depth after which its quiet moves are pruned. */
    static int lateMoveCount(int depth, boolean improving) {
        return improving ? 3 + depth * depth : (3 + depth * depth) / 2;
    }

    /**
     * May shallow-depth pruning skip a move here: not the first, not at a PV node, not in check, and not while alpha
     * is a mate score or no move has a score above being mated (a quiet mating key move must be found).
     */
    boolean prunable(int moveNumber, int nt, boolean inCheck, int alpha, int bestScore) {
        return pruning && moveNumber > 0 && nt != PV && !inCheck && !isMate(alpha) && bestScore > -MATE_BOUND;
    }

    /** Would searchMove prune every quiet move that gives no check here by late move pruning (its same test)? */
    boolean lateQuietsPruned(int ply, int depth, int moveNumber, int nt, boolean inCheck, int alpha, int bestScore) {
        return prunable(moveNumber, nt, inCheck, alpha, bestScore) && depth <= 8
                && moveNumber >= lateMoveCount(depth, improving[ply]);
    }

    /**
     * Moves the quiet moves from nextAt[ply] on that late move pruning prunes (no castling: its check is known only
     * after the move) to the front of the rest, as pruned, and steps nextAt past them: a cut-off later in the node
     * punishes those ranked above the cutting move, as before (rewardQuiet). The rest (captures, checks, castling)
     * are then picked as before; only moves of equal rank may come in another order than one-by-one picking gives.
     */
    void skipLateQuiets(int ply, Position p, int[] list, int[] scores, int n, int depth, int alpha, int beta) {
        int at = nextAt[ply];
        for (int j = at; j < n; j++) {
            int m = list[j];
            if (Move.isTactical(m) || Move.kind(m) == Move.CASTLE || p.quietGivesCheck(m)) continue;
            if (TreeDump.ON) prunedQuiet(ply, m, searchedAt[ply], depth, alpha, beta, TreeDump.Act.LMP);
            list[j] = list[at];
            list[at] = m;
            int sc = scores[j];
            scores[j] = scores[at];
            scores[at] = sc;
            at++;
        }
        nextAt[ply] = at;
    }

    /** A quiet move pruned (late move pruning, history pruning or futility: why), before or after its make: PRUNED, traced. */
    private int prunedQuiet(int ply, int m, int moveNumber, int depth, int alpha, int beta, TreeDump.Act why) {
        if (TreeDump.ON) traceMove(ply, m, moveNumber, depth, alpha, beta, why, 0, 0, PRUNED);
        return PRUNED;
    }

    private static TreeDump.Act act(int r, boolean research, int ext) {
        return r > 0 ? (research ? TreeDump.Act.LMR_RESEARCH : TreeDump.Act.LMR) : ext > 0 ? TreeDump.Act.EXT : TreeDump.Act.FULL;
    }

    // ------------------------------------------------------------------------------------------------
    // DTS. The steps live in files named by the paper: Help (HELP: the idle worker's choice), Split (the owner
    // splits and hands off), Select (Join and Select), Share, Unsplit (Merge and Unsplit). Here: each worker's
    // frames, which those steps read and which idle workers read to choose, and the idle-time bookkeeping.
    // The protocol around them (the records, the pool, the epoch, the clock) is gacrux.dts.
    // ------------------------------------------------------------------------------------------------

    /** The frame of a node about to loop over its n moves: what a split reads to turn it into a block. */
    void openFrame(int ply, int depth, int alpha, int beta, int n, boolean mayBeSplit) {
        depthAt[ply] = depth;
        alphaAt[ply] = alpha;
        betaAt[ply] = beta;
        moveCountAt[ply] = n;
        nextAt[ply] = 0;
        searchedAt[ply] = 0;
        blockAt[ply] = null;
        splittable[ply] = mayBeSplit;
        top = ply;
    }

    /** {@link #youngBrothersPhase()}: the eldest-brother chain, the rest of the first root move, the later root moves. */
    public static final int PHASE_CHAIN = 0, PHASE_FIRST_ROOT_MOVE = 1, PHASE_LATER_ROOT_MOVES = 2, PHASES = 3;

    /**
     * Where this worker's own path stands in the young-brothers-wait order, for the scaling simulator's idle
     * accounting (it reads the root worker's frames between slices, when no simulated worker runs; never called
     * by the search). PHASE_CHAIN: every node from the root to the newest frame deep enough to be split is still
     * on its first move, so no node of this path may be split yet (the first root move's leftmost path: YBW's
     * serial part); PHASE_FIRST_ROOT_MOVE: still the first root move, but some node of the path deep enough to
     * split has a brother free; PHASE_LATER_ROOT_MOVES: a later root move. (The root frame counts its searched
     * moves only where the root may be split, as under DTS.)
     */
    public int youngBrothersPhase() {
        if (searchedAt[0] > 0) return PHASE_LATER_ROOT_MOVES;
        for (int q = 1; q <= top; q++)
            if (searchedAt[q] > 0 && depthAt[q] >= dts.minSplitDepth()) return PHASE_FIRST_ROOT_MOVE;
        return PHASE_CHAIN;
    }

    // ---- Split (§2.4): at the node an idle worker chose ----

    /**
     * The lowest ply of this worker's path that it may split: the plies below its innermost block (own, or the
     * one it helps at), so that the chain of blocks follows the tree. Read racily by idle workers too.
     */
    int splitLow() {
        SplitBlock in = innermost;
        if (in == null) return 0; // the root worker outside any block: its whole path, the root included
        int base = baseSplitPly;
        return Math.max(1, (in.owner == workerId && in.ply >= base ? in.ply : base) + 1);
    }

    /**
     * How good frame q of this worker's live path is as a split node (SplitChoice's rule), or -1 when it may not be
     * split. The owner calls it on its own frames; idle workers call it on others' (racy reads of plain ints: a
     * heuristic, which the owner checks again on its own thread when it answers).
     */
    int frameValue(int q) {
        if (!splittable[q] || blockAt[q] != null || alphaAt[q] >= betaAt[q]) return -1;
        return SplitChoice.value(depthAt[q], nodeType[q], searchedAt[q], moveCountAt[q] - nextAt[q], dts.minSplitDepth());
    }

    /** The published frame facts an idle worker's choice is told by (explain's narration; racy reads). */
    String frameText(int q) {
        String[] t = {"PV", "CUT", "ALL"};
        return "ply " + q + " " + t[nodeType[q]] + " depth " + depthAt[q] + ", " + searchedAt[q] + " searched, "
                + (moveCountAt[q] - nextAt[q]) + " left";
    }

    long abandoned;

    /** Blocks this worker left to their last helper (stop with a helper stalled, or its own failure). */
    public long abandonedBlocks() { return abandoned; }

    // ---- idle-to-work latency (docs/benchmarks.md): from "idle" to the first Select at a block ----

    /** System.nanoTime() when this worker last became idle (0: not idle, or already measured). */
    long idleSince;
    /** When this worker's last split request went out, and when its owner answered it (0: no hand-off pending). */
    long requestedAt, answeredAt;
    final Latencies latencies = new Latencies();

    /** This worker has just become idle (its search ended, it Merged, or it started waiting at Unsplit). */
    void becameIdle() { idleSince = System.nanoTime(); }

    /** This worker is no longer idle without having searched a move at a block (its wait at Unsplit ended). */
    void notIdle() {
        idleSince = 0;
        answeredAt = 0;
    }

    void firstMoveAfterIdle() {
        long now = System.nanoTime();
        latencies.add(Latencies.IDLE_TO_MOVE, now - idleSince);
        if (answeredAt != 0) {
            latencies.add(Latencies.REQUEST_TO_ANSWER, answeredAt - requestedAt);
            latencies.add(Latencies.ANSWER_TO_MOVE, now - answeredAt);
        }
        idleSince = 0;
        answeredAt = 0;
    }

    /** The latencies of kind (Latencies) measured since the last call, in ns, and forgets them. */
    public long[] drainLatencies(int kind) { return latencies.drain(kind); }

    // ---- Join (§2.5): helping at another worker's block ----

    /**
     * Join: this worker attaches to another worker's block, searches moves from it until none is left, and
     * detaches (Merge). Returns false if the block was gone (a stale Join: closed, recycled or exhausted).
     */
    public boolean join(SplitBlock b, int generation) {
        return join(b, generation, "Join message", false);
    }

    /** Join from idle (not inside a search of this worker): from a message, a hand-off, or its own choice. */
    boolean join(SplitBlock b, int generation, String via, boolean attached) {
        control = null;
        innermost = null;
        return Select.helpAt(this, b, generation, via, attached);
    }

    long helpStart, helpNanos;

    /** Nanoseconds this worker spent helping at blocks it joined from idle (its busy time as a helper). */
    public long helpNanos() { return helpNanos; }

    /** The block chain's innermost block (helpful master: is a worker under my block?). Racy when read by others. */
    SplitBlock innermost() { return innermost; }

    /** HELP (§2.3): this idle worker looks for work in the search of control until it is stopped (Help.seek). */
    public void seek(SearchControl control) {
        this.control = null;
        Help.seek(this, control);
    }

    /**
     * Killer and history bonus for the quiet move that cut off; a malus for the quiets tried before it. With ranks
     * (the ordering scores of list, picked best first), only quiets ranked at or above the cutting move count as tried
     * before it: those skipped together past the late-move count (skipLateQuiets) include lower ones, which the
     * one-by-one picking would have reached only after it. Without (Lazy SMP's shared order), every quiet before it.
     */
    void rewardQuiet(int ply, int side, int m, int depth, int[] list, int upTo, int[] ranks) {
        if (killers[ply][0] != m) {
            killers[ply][1] = killers[ply][0];
            killers[ply][0] = m;
        }
        int slot = counterSlot(side, ply);
        if (slot >= 0) counterMoves[slot] = m;
        // Quiets skipped past the late-move count before their history was looked up (scoreMoves' deferral): their
        // ranks now, so that only those at or above the cutting move count as tried before it.
        if (ranks != null) scoreQuiets(ply, list, ranks, 0, upTo);
        int bonus = Math.min(depth * depth, 400);
        int[] h = history[side];
        int idx = m & 4095;
        h[idx] += bonus * 32 - h[idx] * bonus * 32 / HISTORY_MAX;
        for (int j = 0; j < upTo; j++) {
            int q = list[j];
            if (Move.isTactical(q) || (ranks != null && ranks[j] < ranks[upTo])) continue;
            int qi = q & 4095;
            h[qi] -= bonus * 32 + h[qi] * bonus * 32 / HISTORY_MAX;
            if (h[qi] < -HISTORY_MAX) h[qi] = -HISTORY_MAX;
        }
        if (h[idx] > HISTORY_MAX) h[idx] = HISTORY_MAX;
        for (int k = COUNTER; k <= FOLLOW_UP; k++) {
            int base = contBase(k, ply, side);
            if (base < 0) continue;
            short[] c = contHist[k];
            int ci = base + pieceTo(m);
            c[ci] = (short) Math.min(HISTORY_MAX, c[ci] + bonus * 32 - c[ci] * bonus * 32 / HISTORY_MAX);
            for (int j = 0; j < upTo; j++) {
                int q = list[j];
                if (Move.isTactical(q) || (ranks != null && ranks[j] < ranks[upTo])) continue;
                int qi = base + pieceTo(q);
                c[qi] = (short) Math.max(-HISTORY_MAX, c[qi] - bonus * 32 - c[qi] * bonus * 32 / HISTORY_MAX);
            }
        }
    }

    /**
     * The static evaluation eval corrected by a hash entry's score and bound (0: no entry): the hash score where the
     * bound says the true score lies beyond eval on that side (a lower bound above it, an upper bound below it, or an
     * exact score); never a mate score. What the main search's pruning rules and quiescence's stand pat judge by.
     */
    static int boundedEval(int eval, int ttScore, int ttBound) {
        if (ttBound == 0 || isMate(ttScore)) return eval;
        return ttBound == TranspositionTable.EXACT || (ttBound == TranspositionTable.LOWER) == (ttScore > eval)
                ? ttScore : eval;
    }

    /** The pawn structure's slot in the correction history: the top bits of the pawn table's hash. */
    static int pawnIndex(Position p) {
        long h = PawnHash.hash(p.pieces(Piece.WHITE, Piece.PAWN), p.pieces(Piece.BLACK, Piece.PAWN));
        return (int) (h >>> (64 - Integer.numberOfTrailingZeros(CORRECTION_SIZE)));
    }

    /** One side's slot in nonPawnCorrection: the top bits of a hash of its knights, bishops, rooks, queens and king. */
    static int nonPawnIndex(Position p, int colour) {
        long h = p.pieces(colour, Piece.KNIGHT) * 0x9E3779B97F4A7C15L ^ p.pieces(colour, Piece.BISHOP) * 0xC2B2AE3D27D4EB4FL
                ^ p.pieces(colour, Piece.ROOK) * 0x165667B19E3779F9L ^ p.pieces(colour, Piece.QUEEN) * 0xD6E8FEB86659FD93L
                ^ p.pieces(colour, Piece.KING) * 0xFF51AFD7ED558CCDL;
        h ^= h >>> 29;
        return colour * CORRECTION_SIZE + (int) (h >>> (64 - Integer.numberOfTrailingZeros(CORRECTION_SIZE)));
    }

    /** The correction (1/CORRECTION_GRAIN cp) for p: its pawn structure's entry plus both sides' piece entries, within ±64 cp. */
    int correctionOf(Position p) {
        int side = p.sideToMove();
        int[] np = nonPawnCorrection[side];
        int sum = correction[side][pawnIndex(p)] + np[nonPawnIndex(p, Piece.WHITE)] + np[nonPawnIndex(p, Piece.BLACK)];
        return clampCorrection(sum);
    }

    /** A correction (or a sum of entries) within ±64 cp. */
    private static int clampCorrection(int c) {
        return Math.max(-CORRECTION_MAX, Math.min(CORRECTION_MAX, c));
    }

    /** The static evaluation corrected by what searches of this pawn structure and these pieces found (see correction). */
    int corrected(Position p, int raw) {
        if (!pruning) return raw;
        int c = correctionOf(p) / CORRECTION_GRAIN;
        return Math.max(-MATE_BOUND + 1, Math.min(MATE_BOUND - 1, raw + c));
    }

    /**
     * Moves the correction toward (searched score - raw evaluation) at a node whose score says something about its
     * evaluation: not a lower bound below the corrected eval or an upper bound above it (they bound nothing), not a
     * mate, not a node decided by a capture (the material, not the structure, was misjudged). The pawn entry moves
     * toward what the two piece entries leave of the error, by weight/256; each piece entry by its share of what all
     * three still miss.
     */
    void updateCorrection(Position p, int raw, int score, int bound, int depth) {
        if (!pruning || isMate(score)) return;
        int eval = corrected(p, raw);
        if ((bound == TranspositionTable.LOWER && score <= eval) || (bound == TranspositionTable.UPPER && score >= eval)) return;
        int weight = Math.min(depth + 1, 16);
        int target = clampCorrection((score - raw) * CORRECTION_GRAIN);
        int side = p.sideToMove();
        int[] c = correction[side], np = nonPawnCorrection[side];
        int i = pawnIndex(p), w = nonPawnIndex(p, Piece.WHITE), b = nonPawnIndex(p, Piece.BLACK);
        int miss = target - (c[i] + np[w] + np[b]);
        int step = miss * weight / CORRECTION_WEIGHT_SCALE * NON_PAWN_SHARE / 256;
        c[i] = (c[i] * (CORRECTION_WEIGHT_SCALE - weight) + (target - np[w] - np[b]) * weight) / CORRECTION_WEIGHT_SCALE;
        c[i] = clampCorrection(c[i]);
        np[w] = clampCorrection(np[w] + step);
        np[b] = clampCorrection(np[b] + step);
    }

    /** Most valuable victim, least valuable attacker: the order of captures (and promotions) among themselves. */
    static int mvvLva(int m) {
        return See.VALUE[Move.captured(m)] * 8 + See.VALUE[Move.promo(m)] - Move.mover(m);
    }

    /**
     * The counterMoves slot for the side to move's answers to the opponent's move into ply (the path move at ply - 1),
     * or -1 at the root and after a null move.
     */
    int counterSlot(int side, int ply) {
        int prev = ply > 0 ? currentMove[ply - 1] : 0;
        return prev == 0 ? -1 : (side << 9) | (Move.mover(prev) << 6) | Move.to(prev);
    }

    /**
     * Where this node's continuation-history row of kind k starts (COUNTER: the path move at ply - 1, FOLLOW_UP: at
     * ply - 2; a helper's path comes from its split block), or -1 when there is none (the root, a null move).
     */
    int contBase(int k, int ply, int side) {
        int back = k + 1;
        if (ply < back) return -1;
        int pm = currentMove[ply - back];
        return pm == 0 ? -1 : (side * PIECE_TO + pieceTo(pm)) * PIECE_TO;
    }

    private static int pieceTo(int m) { return (Move.mover(m) - 1) * 64 + Move.to(m); }

    /** The continuation history of quiet move m in the row at base (0 without a row). */
    private int cont(int k, int base, int m) { return base < 0 ? 0 : contHist[k][base + pieceTo(m)]; }

    /** A quiet move's ordering score: the butterfly history plus both continuation histories. */
    int quietScore(int side, int m, int cBase, int fBase) {
        return history[side][m & 4095] + cont(COUNTER, cBase, m) + cont(FOLLOW_UP, fBase, m);
    }

    /** quietScore of m at ply, the rows looked up. */
    int quietScore(int side, int ply, int m) {
        return quietScore(side, m, contBase(COUNTER, ply, side), contBase(FOLLOW_UP, ply, side));
    }

    /**
     * A quiet move's ordering score before it is looked up (scoreMoves with deferQuiets): below the killers and the
     * counter move, above every history score (three tables of at most HISTORY_MAX each) and the losing captures.
     */
    static final int QUIET_UNSCORED = 899_999_990;
    /** No ordering score for searchMove (a remote move, a split block's move): reduction looks the history up. */
    static final int NO_ORDER = Integer.MIN_VALUE;

    /** Is order a quiet move's history score (not a killer's, the counter move's, a capture's or NO_ORDER)? */
    static boolean orderedQuiet(int order) {
        return order >= -3 * HISTORY_MAX && order <= 3 * HISTORY_MAX;
    }

    void scoreMoves(Position p, int ply, int[] list, int[] scores, int n, int ttMove) {
        scoreMoves(p, ply, list, scores, n, ttMove, false);
    }

    /**
     * Ordering scores: the hash move, winning captures by MVV/LVA, the killers and the counter move, the quiet moves
     * by history, losing captures. With deferQuiets the plain quiet moves get QUIET_UNSCORED, to be looked up when
     * the first of them is picked (next): a node that cuts off on the hash move, a capture or a killer never reads
     * their three history rows, and those that are read are fresher.
     */
    void scoreMoves(Position p, int ply, int[] list, int[] scores, int n, int ttMove, boolean deferQuiets) {
        int side = p.sideToMove();
        int k0 = killers[ply][0], k1 = killers[ply][1];
        int slot = counterSlot(side, ply);
        int counter = slot >= 0 ? counterMoves[slot] : 0;
        int cBase = deferQuiets ? -1 : contBase(COUNTER, ply, side), fBase = deferQuiets ? -1 : contBase(FOLLOW_UP, ply, side);
        for (int i = 0; i < n; i++) {
            int m = list[i];
            int s;
            if (m == ttMove) s = 2_000_000_000;
            else if (Move.isTactical(m)) {
                int mvvLva = mvvLva(m);
                s = (Move.promo(m) == Piece.QUEEN || See.ge(p, m, 0)) ? 1_000_000_000 + mvvLva : -1_000_000_000 + mvvLva;
            } else if (m == k0) s = 900_000_000;
            else if (m == k1) s = 899_999_999;
            else if (m == counter) s = 899_999_998;
            else s = deferQuiets ? QUIET_UNSCORED : quietScore(side, m, cBase, fBase);
            scores[i] = s;
        }
    }

    /** Looks up the history scores of the quiet moves from index i on still QUIET_UNSCORED (none: nothing). */
    void scoreQuiets(int ply, int[] list, int[] scores, int i, int n) {
        int side = pos[ply].sideToMove();
        int cBase = -2, fBase = -2; // -2: not looked up yet
        for (int j = i; j < n; j++) {
            if (scores[j] != QUIET_UNSCORED) continue;
            if (cBase == -2) {
                cBase = contBase(COUNTER, ply, side);
                fBase = contBase(FOLLOW_UP, ply, side);
            }
            scores[j] = quietScore(side, list[j], cBase, fBase);
        }
    }

    /** The serial loop's next move (pickBest), the quiet moves scored first when they are reached. */
    int next(int ply, int[] list, int[] scores, int i, int n) {
        int m = pickBest(list, scores, i, n);
        if (scores[i] != QUIET_UNSCORED) return m;
        scoreQuiets(ply, list, scores, i, n);
        return pickBest(list, scores, i, n);
    }

    // ------------------------------------------------------------------------------------------------
    // Parallel perft through the split machinery: the same frames, Split, Select, Merge and Unsplit; a
    // block sums the leaf counts of its moves instead of backing up a score. A check of the protocol
    // whose answer is known exactly.
    // ------------------------------------------------------------------------------------------------

    /** Perft of root to depth on this searcher (worker 0 under DTS, or alone). */
    public long perft(Position root, int depth, SearchControl control) {
        perftMode = true;
        begin(control);
        setRoot(root, NO_KEYS);
        try {
            return depth <= 0 ? 1 : perftNode(0, depth);
        } catch (Throwable t) {
            if (hook != null) Unsplit.releaseOwnBlocks(this, -1);
            throw t;
        } finally {
            perftMode = false;
        }
    }

    long perftNode(int ply, int depth) {
        Position p = pos[ply];
        if (depth == 1) return MoveGen.countLegal(p);
        int[] list = moves[ply];
        int n = MoveGen.legal(p, list, 0);
        openFrame(ply, depth, -INFINITE, INFINITE, n, hook != null && ply > 0);
        nodeType[ply] = ALL;
        bestScoreAt[ply] = -INFINITE;
        bestMoveAt[ply] = 0;
        pvLength[ply] = 0;
        // (moveScores[ply] is left as it is: a split only permutes the remaining moves, and perft needs no order.)
        long total = 0;
        Position child = pos[ply + 1];
        while (nextAt[ply] < n) {
            int m = list[nextAt[ply]++];
            currentMove[ply] = m;
            child.copyFrom(p);
            child.makeMove(m);
            keys[rootKeyIndex + ply + 1] = child.key();
            total += perftNode(ply + 1, depth - 1);
            searchedAt[ply]++;
            if (moveTick != null) moveTick.run();
            if (blockAt[ply] == null && hook != null && slot.requests() != 0) Split.answerRequests(this, ply);
            if (blockAt[ply] != null) {
                splittable[ply] = false;
                SplitBlock b = blockAt[ply];
                int gen = Unsplit.emptyOwnBlock(this, b, ply);
                total += b.perftCount.get();
                Unsplit.unsplit(this, b, gen);
                return total;
            }
        }
        splittable[ply] = false;
        return total;
    }

    /** The aspiration window after a fail: half as wide again plus 5 (12, 23, 39, 63, ...; all but full past 1000). */
    static int widen(int delta) {
        return delta + delta / 2 + 5;
    }

    /** Selection sort step: brings the best-scored remaining move to index i. */
    static int pickBest(int[] list, int[] scores, int i, int n) {
        // The best score so far in a local: the scan is a compare and a conditional move per entry, not a reload of
        // scores[best] that waits on the previous step's choice.
        int best = i, bestScore = scores[i];
        for (int j = i + 1; j < n; j++) {
            int s = scores[j];
            if (s > bestScore) { bestScore = s; best = j; }
        }
        if (best != i) {
            int m = list[i]; list[i] = list[best]; list[best] = m;
            int s = scores[i]; scores[i] = scores[best]; scores[best] = s;
        }
        return list[i];
    }

    /**
     * The static evaluation (config.net() if set, else Evaluator.evaluate) through the evaluation cache.
     */
    int evaluate(Position p, int ply) {
        NnueStack net = nnue;
        if ((net == null ? null : net.net) != config.net()) net = switchNet(config.net());
        long key = p.key();
        int i = (int) key & ((1 << EVAL_CACHE_BITS) - 1);
        long entry = evalCache[i];
        if (entry != 0 && ((entry ^ key) & ~EVAL_SCORE_MASK) == 0) return (int) (entry & EVAL_SCORE_MASK) - EVAL_SCORE_BIAS;
        int e = net != null ? net.evaluate(p, ply) : Evaluator.evaluate(p, pawnHash);
        if (e > -EVAL_SCORE_BIAS && e < EVAL_SCORE_BIAS) evalCache[i] = (key & ~EVAL_SCORE_MASK) | (e + EVAL_SCORE_BIAS);
        return e;
    }

    /** On this searcher's thread, at the first evaluation after the configured net changed: a new stack, an empty cache. */
    private NnueStack switchNet(Nnue net) {
        nnue = net == null ? null : new NnueStack(net, STACK);
        java.util.Arrays.fill(evalCache, 0);
        return nnue;
    }

    int qsearch(int ply, int alpha, int beta) {
        pvLength[ply] = 0;
        if ((++nodes & POLL_MASK) == 0 || control.limits.nodes() > 0) poll();
        if (nodesByPly != null) nodesByPly[ply]++;
        if (aborted()) return 0;
        if (ply > seldepth) seldepth = ply;
        Position p = pos[ply];
        if (ply >= MAX_PLY - 1) return evaluate(p, ply);
        if (p.halfmoveClock() >= 100 || insufficientMaterial(p)) return DRAW;

        // The hash table at quiescence nodes: a bound from any earlier search of this position ends a
        // null-window node; its move (a capture found best before) is tried first.
        long key = p.key();
        int ttMove = 0, ttScore = 0, ttBound = 0;
        boolean useTT = config.useTT();
        if (useTT) {
            long e = tt.probe(key);
            if (e != 0) {
                ttMove = TranspositionTable.move(e);
                if (TranspositionTable.depth(e) > 0) useTT = false; // a main-search entry: read, never overwritten
                int s = ttScore = TranspositionTable.fromTT(TranspositionTable.score(e), ply);
                int b = ttBound = TranspositionTable.bound(e);
                if (beta - alpha == 1) {
                    if (b == TranspositionTable.EXACT || (b == TranspositionTable.LOWER && s >= beta)
                            || (b == TranspositionTable.UPPER && s <= alpha))
                        return s;
                }
            }
        }
        int origAlpha = alpha;
        boolean inCheck = p.inCheck();
        int best;
        if (inCheck) {
            best = -INFINITE;
        } else {
            best = corrected(p, evaluate(p, ply));
            // Stand pat on the hash score where its bound says the true score lies beyond the evaluation on that
            // side (as the main search's evalAt does for its pruning rules). Off without pruning.
            if (pruning) best = boundedEval(best, ttScore, ttBound);
            if (best >= beta) return best;
            if (best > alpha) alpha = best;
        }
        int[] list = moves[ply];
        int[] scores = moveScores[ply];
        int n = MoveGen.tactical(p, list, 0);
        if (n == 0) return inCheck && MoveGen.legal(p, scratch, 0) == 0 ? -MATE + ply : best;
        for (int i = 0; i < n; i++) {
            int m = list[i];
            scores[i] = m == ttMove ? Integer.MAX_VALUE : mvvLva(m);
        }
        Position child = pos[ply + 1];
        int standPat = best, bestMove = 0;
        for (int i = 0; i < n; i++) {
            int m = pickBest(list, scores, i, n);
            if (!inCheck) {
                // Delta pruning: even winning the piece outright would not reach alpha.
                if (pruning && Move.promo(m) == 0 && standPat + See.VALUE[Move.captured(m)] + 200 <= alpha) continue;
                if (!See.ge(p, m, 0)) continue;
            }
            child.copyFrom(p);
            child.makeMove(m);
            currentMove[ply] = m;
            int score = -qsearch(ply + 1, -beta, -alpha);
            if (aborted()) return 0;
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;
                    bestMove = m;
                    pv[ply][0] = m;
                    System.arraycopy(pv[ply + 1], 0, pv[ply], 1, pvLength[ply + 1]);
                    pvLength[ply] = pvLength[ply + 1] + 1;
                    if (score >= beta) break;
                }
            }
        }
        if (useTT && best > -INFINITE) {
            int bound = best >= beta ? TranspositionTable.LOWER
                    : best > origAlpha ? TranspositionTable.EXACT : TranspositionTable.UPPER;
            tt.store(key, bestMove, TranspositionTable.toTT(best, ply), 0, bound);
        }
        return best;
    }
}
