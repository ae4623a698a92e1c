package gacrux.dts;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.Score;
import gacrux.search.SearchControl;
import gacrux.search.Searcher;
import gacrux.search.SplitBlock;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Test helpers for the DTS protocol tests: filling split blocks by hand (SplitBlock's prepare/open/tryClose are
 * package-private in gacrux.search, so through reflection), and polling the supervisor's Stats.
 */
final class DtsTestBlocks {
    private DtsTestBlocks() {}

    private static final Method PREPARE, OPEN, TRY_CLOSE;

    static {
        try {
            PREPARE = SplitBlock.class.getDeclaredMethod("prepare", int.class, int.class);
            OPEN = SplitBlock.class.getDeclaredMethod("open");
            TRY_CLOSE = SplitBlock.class.getDeclaredMethod("tryClose");
            PREPARE.setAccessible(true);
            OPEN.setAccessible(true);
            TRY_CLOSE.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static boolean tryClose(SplitBlock b) {
        try {
            return (Boolean) TRY_CLOSE.invoke(b);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Opens b as if its owner had split the node `root` at ply 1 (the root move that led there is unknown, so the
     * path is a null move): every legal move of root, full window, the given remaining depth. Returns the
     * generation.
     */
    static int open(SplitBlock b, Position root, int depth, SearchControl control) {
        try {
            if (!tryClose(b)) throw new AssertionError("block " + b.id + " has helpers");
            PREPARE.invoke(b, -Score.INFINITE, 0);
            b.position.copyFrom(root);
            b.rootKeyIndex = 0;
            b.keys[0] = 0;
            b.keys[1] = root.key();
            b.keyCount = 2;
            b.moveCount = MoveGen.legal(root, b.moves, 0);
            b.searchedBefore = 0;
            b.depth = depth;
            b.rootDepth = depth + 1;
            b.ply = 1;
            b.nodeType = Searcher.ALL;
            b.alpha0 = -Score.INFINITE;
            b.beta = Score.INFINITE;
            b.staticEval = 0;
            b.pruneEval = 0;
            b.inCheck = root.inCheck();
            b.path[0] = 0;
            b.pathLength = 1;
            b.parent = null;
            b.control = control;
            b.owner = 0;
            return (Integer) OPEN.invoke(b);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static Supervisor.Stats stats(ActorSystem<?> system, ActorRef<Supervisor.Command> supervisor) {
        return AskPattern.<Supervisor.Command, Supervisor.Stats>ask(supervisor, Supervisor.GetStats::new,
                Duration.ofSeconds(5), system.scheduler()).toCompletableFuture().join();
    }

    /** Polls Stats until the condition holds; fails with the last Stats after the timeout. */
    static Supervisor.Stats awaitStats(ActorSystem<?> system, ActorRef<Supervisor.Command> supervisor,
                                       Predicate<Supervisor.Stats> condition, Duration timeout, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Supervisor.Stats s;
        do {
            s = stats(system, supervisor);
            if (condition.test(s)) return s;
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        } while (System.nanoTime() < deadline);
        throw new AssertionError("timed out waiting for " + what + "; last stats " + s);
    }

    /** Every thread's stack, for a hung search. */
    static String threadDump() {
        StringBuilder sb = new StringBuilder("---- thread dump ----\n");
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            sb.append('"').append(t.getName()).append("\" ").append(t.getState()).append('\n');
            for (StackTraceElement el : e.getValue()) sb.append("    at ").append(el).append('\n');
        }
        return sb.toString();
    }
}
