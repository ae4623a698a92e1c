package gacrux.search;

import gacrux.board.Move;
import gacrux.board.Position;

import java.util.ArrayList;
import java.util.Arrays;

import static gacrux.search.Searcher.ALL;
import static gacrux.search.Searcher.CUT;

/**
 * The cluster level (issue 14, docs/cluster.md): distributed Young Brothers Wait above the local DTS. After a
 * node's first move the root worker Splits single moves off to idle remote nodes through {@link RemoteWork},
 * goes on with the others, Merges each result like a move it searched itself (or searches the move again when its
 * node was lost), Aborts the moves still out on a cutoff or a stop, and, with its local moves done, waits for the
 * rest (the cross-machine Unsplit).
 *
 * <p>Static methods over the root worker's {@link Searcher}, called only on its thread (the one that talks to
 * RemoteWork). A node's moves out are kept in that ply's list ({@code Searcher.remoteAt}), made once and reused,
 * so the move loops allocate nothing per node.
 */
final class RemoteSplit {
    private RemoteSplit() {}

    /**
     * The list of the node at ply's moves out, emptied, or null when this node may not hand moves out. Only the
     * root worker's own recursion may: there pos[0] is the root and currentMove[0..ply) the path to the node (a
     * helper at another worker's block has neither).
     */
    static ArrayList<RemoteTask> open(Searcher me, int ply, int depth) {
        if (me.remote == null || me.perftMode || me.workShare != null || depth < me.remote.minDepth()
                || (ply > 0 && !me.remote.belowRoot())
                || (me.innermost != null && me.innermost.owner != me.workerId) || me.pathBaseLength != 0) return null;
        ArrayList<RemoteTask> l = me.remoteAt[ply];
        if (l == null) me.remoteAt[ply] = l = new ArrayList<>(4);
        l.clear();
        return l;
    }

    /** A move out that has finished (its result arrived, or its node was lost), taken off the list; else null. */
    static RemoteTask takeFinished(ArrayList<RemoteTask> out) {
        if (out == null) return null;
        for (int k = 0; k < out.size(); k++) {
            int st = out.get(k).state();
            if (st == RemoteTask.DONE || st == RemoteTask.FAILED) return out.remove(k);
        }
        return null;
    }

    /** Whether moves of this node are still out (its local loop waits for them before it returns). */
    static boolean anyOut(ArrayList<RemoteTask> out) {
        return out != null && !out.isEmpty();
    }

    /**
     * Merge: a finished move counts as searched here (its nodes join this searcher's), and the caller takes its
     * score and PV. The move went out as a scout, a null window at the alpha of its hand-out (RemoteTask.alpha), so
     * its result settles the move only when it failed low (at most that alpha: an upper bound) or reached beta (a
     * cutoff); in between it is only a lower bound, and the caller searches the move again itself with the window
     * it has now, as a local PVS re-search would. False then, and when the move's node was lost (a result that
     * still arrives is dropped: RemoteTask's CAS).
     */
    static boolean merge(Searcher me, RemoteTask done, int beta) {
        if (done.state() != RemoteTask.DONE) {
            me.remoteResearched++;
            return false;
        }
        me.nodes += done.nodes();
        int score = -done.score();
        if (score > done.alpha && score < beta) {
            me.remoteResearched++;
            return false;
        }
        me.remoteMerged++;
        return true;
    }

    /**
     * The merged move's PV below line[0], cut to room moves (a PV from another machine must not overrun this
     * searcher's stack); returns line's new length.
     */
    static int mergePv(RemoteTask done, int[] line, int room) {
        int[] rp = done.pv();
        int len = Math.min(rp.length, room);
        System.arraycopy(rp, 0, line, 1, len);
        return len + 1;
    }

    /** Abort: the moves still out are worthless (a cutoff, or the search stopped); their nodes are told to stop. */
    static void abort(Searcher me, ArrayList<RemoteTask> out) {
        if (out == null) return;
        for (RemoteTask t : out) me.remote.abort(t);
        out.clear();
    }

    /**
     * The root block is finished (its value s2): true when the root iteration ends here (no move out, a cutoff,
     * or a stop; whatever is out is aborted), false when moves are still out and are to be Merged next.
     */
    static boolean rootDoneAfterBlock(Searcher me, ArrayList<RemoteTask> out, int s2, int beta) {
        if (anyOut(out) && s2 < beta && !me.control.stopped()) return false;
        abort(me, out);
        return true;
    }

    /** The cross-machine Unsplit's wait: every local move is searched, some remote ones are still out. */
    static void await(Searcher me, int waits) {
        me.poll(); // the clock and the node limit still apply while waiting
        me.remote.await(waits);
    }

    /**
     * Split (Young Brothers Wait across machines: called once a move of the node is searched here): the node at
     * ply's next moves go to idle remote nodes, each as a scout at the alpha the node has now. Nothing happens, and
     * nothing is allocated, when the node may not hand out (out null) or no remote node is idle.
     */
    static void handOut(Searcher me, int ply, int depth, int alpha, int beta, int nt, int n, ArrayList<RemoteTask> out) {
        // The test apart from the sending: it runs after every move of every node, and stays small enough to inline.
        if (out != null && me.nextAt[ply] < n && me.remote.idle()) send(me, ply, depth, alpha, beta, nt, n, out);
    }

    private static void send(Searcher me, int ply, int depth, int alpha, int beta, int nt, int n, ArrayList<RemoteTask> out) {
        long[] gameKeys = Arrays.copyOf(me.keys, me.rootKeyIndex);
        Position child = me.pos[ply + 1];
        while (me.nextAt[ply] < n && me.remote.idle()) {
            int i = me.nextAt[ply];
            int m = Searcher.pickBest(me.moves[ply], me.moveScores[ply], i, n);
            child.copyFrom(me.pos[ply]);
            child.makeMove(m);
            int ext = child.inCheck() && ply < 2 * me.rootDepth ? 1 : 0;
            int childType = nt == CUT ? ALL : CUT; // as searchMove types a move after the first
            int[] path = Arrays.copyOf(me.currentMove, ply + 1);
            path[ply] = m;
            RemoteTask t = me.remote.submit(new RemoteWork.Spec(me.pos[0], gameKeys, path, me.rootDepth, depth - 1 + ext,
                    -alpha - 1, -alpha, childType, me.config.useTT(), me.pruning), ply, m);
            if (t == null) break; // the move stays first in line for the local loop (pickBest put it at i)
            t.alpha = alpha;
            me.nextAt[ply]++;
            me.splittable[ply] = false; // a frame with moves out is never a local split block
            out.add(t);
            me.remoteSent++;
        }
    }

    /**
     * Split at the root (after its first move): root moves next.. go to idle remote nodes, each as a scout (a null
     * window at alpha, as PVS searches a later root move first); returns the new next (unchanged when none went).
     */
    static int handOutRoot(Searcher me, int next, int depth, int alpha, int beta, ArrayList<RemoteTask> out) {
        return out != null && next < me.rootCount && me.remote.idle() ? sendRoot(me, next, depth, alpha, beta, out) : next;
    }

    private static int sendRoot(Searcher me, int next, int depth, int alpha, int beta, ArrayList<RemoteTask> out) {
        long[] gameKeys = Arrays.copyOf(me.keys, me.rootKeyIndex);
        Position child = me.pos[1];
        while (next < me.rootCount && me.remote.idle()) {
            int m = me.rootMoves[next];
            child.copyFrom(me.pos[0]);
            child.makeMove(m);
            int newDepth = depth - 1 + (child.inCheck() ? 1 : 0);
            RemoteTask t = me.remote.submit(new RemoteWork.Spec(me.pos[0], gameKeys, new int[]{m}, me.rootDepth, newDepth,
                    -alpha - 1, -alpha, CUT, me.config.useTT(), me.pruning), 0, m);
            if (t == null) break;
            t.alpha = alpha;
            next++;
            out.add(t);
            me.remoteSent++;
        }
        return next;
    }

    /** The index of root move m (from pvIdx on; root moves are not reordered during an iteration). */
    static int rootIndex(Searcher me, int m, int pvIdx) {
        for (int k = pvIdx; k < me.rootCount; k++) if (me.rootMoves[k] == m) return k;
        throw new IllegalStateException("remote result for a move not at the root: " + Move.toUci(m));
    }
}
