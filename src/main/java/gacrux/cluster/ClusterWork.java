package gacrux.cluster;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Scheduler;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.Perft;
import gacrux.search.RemoteTask;
import gacrux.search.RemoteWork;
import scala.concurrent.ExecutionContextExecutor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The master's view of the worker nodes, shared by the search thread (RemoteWork: idle, submit, abort) and the
 * {@link Coordinator} actor (listing, reachability, answers). One node searches one task at a time; a node is idle
 * from the moment its answer to its last task arrived until the next task goes to it, so "a node whose workers are
 * all idle asks for work" is its registration (the first time) and its answer (every later time), and the owner
 * answers at its next move at a deep enough node (docs/cluster.md, "One remote task").
 *
 * <p>Every state change is under this object's monitor; the search thread's per-move check, {@link #idle()}, reads
 * one volatile int.
 */
public final class ClusterWork implements RemoteWork {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ClusterWork.class);
    /** Perft tasks are counted whole; one that does not come back within this is counted locally. */
    public static final Duration PERFT_TIMEOUT = Duration.ofSeconds(120);

    private static final class Peer {
        final ActorRef<WorkerNode.Command> ref;
        final String address;
        boolean alive = true, busy;
        long tasks;

        Peer(ActorRef<WorkerNode.Command> ref) {
            this.ref = ref;
            this.address = ref.path().address().toString();
        }
    }

    private static final class Pending {
        final RemoteTask task;
        final Peer peer;
        final long sentAt = System.nanoTime();
        boolean accepted;

        Pending(RemoteTask task, Peer peer) {
            this.task = task;
            this.peer = peer;
        }
    }

    private static final class PerftPending {
        final Peer peer;
        final int move;
        /** -2 while out; the count, or -1 when lost (counted locally then). */
        final AtomicLong count = new AtomicLong(-2);

        PerftPending(Peer peer, int move) {
            this.peer = peer;
            this.move = move;
        }
    }

    /** Counters since creation (docs/benchmarks.md, "Issue 14"). */
    public record Stats(int peers, int idlePeers, long sent, long accepted, long merged, long lateDropped,
                        long unknownDropped, long lost, long timeouts, long failedOther, long aborted, long remoteNodes,
                        long perftSent, long perftLost, long lastLossNanos, long lastLossTask) {}

    private volatile int minDepth;
    private final Map<ActorRef<WorkerNode.Command>, Peer> peers = new LinkedHashMap<>();
    private final Map<Long, Pending> pending = new HashMap<>();
    private final Map<Long, PerftPending> perftPending = new HashMap<>();
    private volatile int idleCount;
    private final AtomicLong ids = new AtomicLong();
    private volatile long searchId;
    private ActorRef<Coordinator.Command> self;
    private Scheduler scheduler;
    private ExecutionContextExecutor ec;
    private long sent, acceptedCount, merged, lateDropped, unknownDropped, lost, timeouts, failedOther, aborted,
            remoteNodes, perftSent, perftLost, lastLossNanos, lastLossTask = -1;

    public ClusterWork(int minDepth) {
        this.minDepth = minDepth;
    }

    void bind(ActorRef<Coordinator.Command> self, Scheduler scheduler, ExecutionContextExecutor ec) {
        this.self = self;
        this.scheduler = scheduler;
        this.ec = ec;
    }

    /** A new search starts: its answers are told apart from an earlier search's by this id. */
    public void beginSearch() { searchId++; }

    /** The search ended: whatever is still out is aborted (an exception or a stop unwound past its node). */
    public synchronized void endSearch() {
        for (Pending p : pending.values()) if (p.task.abort()) tellAbort(p);
    }

    // ---- RemoteWork, from the search thread ----

    @Override
    public int minDepth() { return minDepth; }

    /** setoption name Cluster Split Depth: from the next node on. */
    public void minDepth(int d) { minDepth = d; }

    @Override
    public boolean idle() { return idleCount > 0 && self != null; }

    @Override
    public RemoteTask submit(Spec spec, int ply, int move) {
        Peer peer;
        RemoteTask t;
        synchronized (this) {
            peer = null;
            for (Peer p : peers.values()) if (p.alive && !p.busy && (peer == null || p.tasks < peer.tasks)) peer = p;
            if (peer == null) return null;
            peer.busy = true;
            peer.tasks++;
            recount();
            t = new RemoteTask(ids.incrementAndGet(), ply, move, peer.address);
            pending.put(t.id, new Pending(t, peer));
            sent++;
        }
        Position root = spec.root();
        long[] keys = spec.gameKeys();
        // Only the keys a repetition can reach: since the root's last irreversible move.
        int keep = Math.min(keys.length, root.halfmoveClock());
        long[] recent = java.util.Arrays.copyOfRange(keys, keys.length - keep, keys.length);
        peer.ref.tell(new WorkerNode.Task(searchId, t.id, root.toFen(), root.isChess960(), recent, spec.path(),
                spec.rootDepth(), spec.depth(), spec.alpha(), spec.beta(), spec.nodeType(), spec.useTT(), spec.pruning(), self));
        long id = t.id;
        scheduler.scheduleOnce(Coordinator.ACK_TIMEOUT, () -> self.tell(new Coordinator.AckTimeout(id)), ec);
        return t;
    }

    @Override
    public void abort(RemoteTask t) {
        synchronized (this) {
            Pending p = pending.get(t.id);
            if (p != null && t.abort()) tellAbort(p);
        }
    }

    private void tellAbort(Pending p) {
        aborted++;
        p.peer.ref.tell(new WorkerNode.Abort(searchId, p.task.id));
    }

    // ---- from the Coordinator actor ----

    synchronized void accepted(long taskId) {
        Pending p = pending.get(taskId);
        if (p != null) {
            p.accepted = true;
            acceptedCount++;
        }
    }

    synchronized void result(Coordinator.Result r) {
        Pending p = pending.remove(r.taskId());
        if (r.status() != Coordinator.Result.BUSY) {
            // Its answer to its last task: the node is idle again (even if the task was long forgotten here).
            for (Peer peer : peers.values()) if (peer.address.equals(r.node())) peer.busy = false;
            recount();
        }
        if (p == null) {
            unknownDropped++; // a task failed or aborted and forgotten, or a duplicate: never merged
            return;
        }
        if (r.status() == Coordinator.Result.OK) {
            if (p.task.complete(r.score(), r.pv(), r.nodes())) {
                merged++;
                remoteNodes += r.nodes();
            } else {
                lateDropped++; // failed (searched again locally) or aborted before it came
            }
        } else if (p.task.fail()) {
            failedOther++;
        }
    }

    synchronized void ackTimeout(long taskId) {
        Pending p = pending.get(taskId);
        if (p == null || p.accepted) return;
        pending.remove(taskId);
        if (p.task.fail()) {
            timeouts++;
            LOG.warn("task {} to {} not acknowledged within {}: searched locally", taskId, p.peer.address, Coordinator.ACK_TIMEOUT);
        }
    }

    synchronized void listing(Set<ActorRef<WorkerNode.Command>> refs) {
        for (ActorRef<WorkerNode.Command> r : refs) peers.computeIfAbsent(r, Peer::new);
        for (Iterator<Map.Entry<ActorRef<WorkerNode.Command>, Peer>> it = peers.entrySet().iterator(); it.hasNext(); ) {
            Peer p = it.next().getValue();
            if (!refs.contains(p.ref)) {
                it.remove();
                lose(p, "left the listing");
            }
        }
        recount();
        LOG.info("cluster workers: {} ({} idle)", peers.size(), idleCount);
    }

    synchronized void unreachable(String address) {
        for (Peer p : peers.values()) if (p.address.equals(address)) lose(p, "unreachable");
        recount();
    }

    synchronized void reachable(String address) {
        for (Peer p : peers.values())
            if (p.address.equals(address)) {
                p.alive = true;
                p.busy = false; // its tasks were failed when it was lost; a stale one answers BUSY and is searched here
            }
        recount();
    }

    /** p is gone: every task it holds goes back to its owner, which searches it itself. */
    private void lose(Peer p, String why) {
        p.alive = false;
        int n = 0;
        for (Iterator<Pending> it = pending.values().iterator(); it.hasNext(); ) {
            Pending q = it.next();
            if (q.peer != p) continue;
            it.remove();
            if (q.task.fail()) {
                lost++;
                n++;
                lastLossNanos = System.nanoTime();
                lastLossTask = q.task.id;
            }
        }
        for (PerftPending q : perftPending.values()) if (q.peer == p && q.count.compareAndSet(-2, -1)) perftLost++;
        if (n > 0 || why.equals("unreachable")) LOG.warn("worker {} {}: {} task(s) go back to be searched locally", p.address, why, n);
    }

    private void recount() {
        int n = 0;
        for (Peer p : peers.values()) if (p.alive && !p.busy) n++;
        idleCount = n;
    }

    public synchronized Stats stats() {
        return new Stats(peers.size(), idleCount, sent, acceptedCount, merged, lateDropped, unknownDropped, lost, timeouts,
                failedOther, aborted, remoteNodes, perftSent, perftLost, lastLossNanos, lastLossTask);
    }

    /** Addresses of the peers holding a task right now (tests: which node to kill). */
    public synchronized List<String> holdingWork() {
        List<String> out = new ArrayList<>();
        for (Pending p : pending.values()) if (p.task.state() == RemoteTask.OUT && p.accepted) out.add(p.peer.address);
        return out;
    }

    public int peerCount() {
        synchronized (this) {
            return peers.size();
        }
    }

    // ---- parallel perft across nodes ----

    synchronized void perftResult(Coordinator.PerftResult r) {
        for (Peer peer : peers.values()) if (peer.address.equals(r.node())) peer.busy = false;
        recount();
        PerftPending p = perftPending.remove(r.taskId());
        if (p != null) p.count.compareAndSet(-2, r.count());
    }

    private synchronized void perftTimeout(long taskId) {
        PerftPending p = perftPending.remove(taskId);
        if (p != null && p.count.compareAndSet(-2, -1)) perftLost++;
    }

    /**
     * Perft of root: each root move's subtree goes to an idle node, or is counted here when none is idle; a subtree
     * whose node is lost (or does not answer within PERFT_TIMEOUT) is counted here. Blocks; the total is exact.
     */
    public long perft(Position root, int depth) {
        int[] moves = new int[MoveGen.MAX_MOVES];
        int n = MoveGen.legal(root, moves, 0);
        if (depth <= 1) return depth <= 0 ? 1 : n;
        Perft local = new Perft();
        java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>();
        for (int i = 0; i < n; i++) todo.add(moves[i]);
        List<PerftPending> out = new ArrayList<>();
        long total = 0;
        while (!todo.isEmpty() || !out.isEmpty()) {
            for (Iterator<PerftPending> it = out.iterator(); it.hasNext(); ) {
                PerftPending p = it.next();
                long c = p.count.get();
                if (c == -2) continue;
                it.remove();
                if (c >= 0) total += c;
                else todo.add(p.move); // lost: counted here below
            }
            if (!todo.isEmpty()) {
                int m = todo.poll();
                PerftPending p = submitPerft(root, m, depth - 1);
                if (p != null) out.add(p);
                else {
                    Position child = root.copy();
                    child.makeMove(m);
                    total += local.perft(child, depth - 1);
                }
            } else {
                LockSupport.parkNanos(200_000);
            }
        }
        return total;
    }

    private PerftPending submitPerft(Position root, int move, int depth) {
        Peer peer = null;
        long id;
        PerftPending p;
        synchronized (this) {
            if (self == null) return null;
            for (Peer q : peers.values()) if (q.alive && !q.busy && (peer == null || q.tasks < peer.tasks)) peer = q;
            if (peer == null) return null;
            peer.busy = true;
            peer.tasks++;
            recount();
            id = ids.incrementAndGet();
            p = new PerftPending(peer, move);
            perftPending.put(id, p);
            perftSent++;
        }
        peer.ref.tell(new WorkerNode.PerftTask(id, root.toFen(), root.isChess960(), new int[]{move}, depth, self));
        scheduler.scheduleOnce(PERFT_TIMEOUT, () -> perftTimeout(id), ec);
        return p;
    }
}
