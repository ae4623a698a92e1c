package gacrux.search;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One worker's mailbox in memory (docs/dts-protocol.md, "HELP and Split through memory"): the words through
 * which the other workers reach it while it is deep in its recursion or spinning idle, where no actor message
 * can reach it without a thread wake-up. Padded to its own cache lines (the superclasses before and the
 * fields after), so no two workers' hot words share a line.
 *
 * <p>Who writes what:
 * <ul>
 * <li>{@link #requests}: the split requests of the idle workers that chose a node of this worker's path (HELP
 *     answered in memory), one bit per requester (so several can ask at once and share one Split). A requester
 *     sets its bit by CAS; this worker (the owner) takes bits by CAS before it answers them, or a requester
 *     clears its own bit by CAS when it gives up waiting (withdraws): exactly one of the two clears a bit, so a
 *     request is answered at most once and never after its requester left. Read by this worker after every
 *     move (one volatile read of its own line). The ply each requester chose is in the requester's own slot
 *     ({@link #askedPly}, written before its bit is set).</li>
 * <li>{@link #answer}: the answer to <em>this</em> worker's own request, written once by the worker that took
 *     the request (a block id and generation to Join, or {@link #REFUSED}), read and cleared by this worker.</li>
 * <li>{@link #abortSignal}: incremented (atomically) by any worker whose Share failed high at a block this
 *     worker is under; this worker then walks its block chain once to see which (Crafty's per-thread stop).</li>
 * <li>{@link #waitingAt}: the block this worker waits at as its owner (helpful master), or null. Written by
 *     this worker, read racily by its helpers' choice of split points.</li>
 * <li>{@link #idle}: this worker is looking for work. Written by it, read racily by the others.</li>
 * <li>{@link #thread}: the thread to unpark when an answer is written (set when the worker starts seeking).</li>
 * <li>{@link #visibleAt}, {@link #answerVisibleAt}: the scaling simulator's virtual time at which this worker's
 *     last request, and the answer to it, arrive (message latency); 0 on real hardware. Written before the
 *     volatile word they belong to.</li>
 * </ul>
 */
public final class WorkerSlot extends WorkerSlotFields {
    long q0, q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11, q12, q13, q14, q15;

    public static final long REFUSED = -1;
    /** The most workers one engine may have: one request bit each. */
    public static final int MAX_WORKERS = 64;

    private static final VarHandle REQUESTS, ANSWER, SIGNAL;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            REQUESTS = l.findVarHandle(WorkerSlotFields.class, "requests", long.class);
            ANSWER = l.findVarHandle(WorkerSlotFields.class, "answer", long.class);
            SIGNAL = l.findVarHandle(WorkerSlotFields.class, "abortSignal", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public final int id;

    public WorkerSlot(int id) {
        if (id < 0 || id >= MAX_WORKERS) throw new IllegalArgumentException("worker id must be 0.." + (MAX_WORKERS - 1));
        this.id = id;
    }

    private long bit() { return 1L << id; }

    /** An answer word: the block to Join and its generation. */
    public static long answer(int blockId, int generation) { return ((long) (blockId + 1) << 32) | (generation & 0xFFFFFFFFL); }

    public static int blockId(long answer) { return (int) (answer >>> 32) - 1; }

    public static int generation(long answer) { return (int) answer; }

    /** The pending split requests to this worker: one bit per requester. */
    public long requests() { return requests; }

    /** This (idle) worker asks target to split at ply of target's path; seen by target from visibleAt on. */
    public void ask(WorkerSlot target, int ply, long visibleAt) {
        this.askedPly = ply;
        this.visibleAt = visibleAt;
        long b = bit();
        while (true) {
            long m = target.requests;
            if (REQUESTS.compareAndSet(target, m, m | b)) return;
        }
    }

    /** The ply this worker asked for in its last request (read by the owner that took it). */
    public int askedPly() { return askedPly; }

    /** The owner takes the requests of bits (those still set): returns the bits it took. */
    public long take(long bits) {
        while (true) {
            long m = requests, mine = m & bits;
            if (mine == 0 || REQUESTS.compareAndSet(this, m, m & ~mine)) return mine;
        }
    }

    /** This worker withdraws its request to target: true if it did, false if target took it already (an answer comes). */
    public boolean withdraw(WorkerSlot target) { return target.take(bit()) != 0; }

    public long answer() { return answer; }

    /** The owner's answer to this worker's request (a block, or REFUSED); wakes it if it parked. */
    public void answer(long a, long visibleAt) {
        this.answerVisibleAt = visibleAt;
        this.answeredAt = System.nanoTime();
        ANSWER.setVolatile(this, a);
        Thread t = thread;
        if (t != null) java.util.concurrent.locks.LockSupport.unpark(t);
    }

    public void clearAnswer() { answer = 0; }

    public long visibleAt() { return visibleAt; }

    public long answerVisibleAt() { return answerVisibleAt; }

    /** System.nanoTime() when the owner wrote the last answer (the hand-off latency's clock). */
    public long answeredAt() { return answeredAt; }

    public int abortSignal() { return abortSignal; }

    /** A block this worker is under failed high (or was aborted): it looks at its chain at its next node. */
    public void signalAbort() { SIGNAL.getAndAdd(this, 1); }

    public boolean idle() { return idle; }

    public void idle(boolean v) { idle = v; }

    public SplitBlock waitingAt() { return waitingAt; }

    public void waitingAt(SplitBlock b) { waitingAt = b; }

    public void thread(Thread t) { thread = t; }
}

/** Padding before the fields (a 128-byte run of longs: the previous object's hot words stay off our line). */
class WorkerSlotPad {
    long p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15;
}

/** The slot's words (see WorkerSlot for who writes which). */
class WorkerSlotFields extends WorkerSlotPad {
    volatile long requests;
    volatile long answer;
    volatile int abortSignal;
    volatile boolean idle;
    volatile SplitBlock waitingAt;
    volatile Thread thread;
    long visibleAt, answerVisibleAt, answeredAt;
    int askedPly;
}
