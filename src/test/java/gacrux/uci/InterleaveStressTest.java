package gacrux.uci;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Thousands of rapid ucinewgame / position / go / stop / isready cycles in seeded random orders and timings,
 * against one engine (in-process, {@link UciMain#run} with piped streams). Often the next position arrives
 * while the previous search still runs, so the engine's stash-and-replay is exercised constantly.
 *
 * Invariants: every go gets exactly one bestmove, in order, legal in the very position sent before that go
 * ({@code 0000} only where there is no legal move); the final isready is answered; the engine exits 0 at end of
 * input. Three fixed seeds; -Dgacrux.stress.seed=N runs that one seed instead (printed on failure).
 */
class InterleaveStressTest {
    static final int CYCLES = Integer.getInteger("gacrux.stress.cycles", 2000);
    static final Duration WAIT = Duration.ofSeconds(20);

    /** The position of each go, in the order sent; the n-th bestmove answers the n-th go. */
    private final List<Position> searched = new ArrayList<>();
    private int answered;
    private EngineProcess engine;
    private long seed;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {20250611L, 7L, 0xC0FFEEL})
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void rapidCyclesAnswerEveryGoWithOneLegalMove(long defaultSeed) {
        seed = Long.getLong("gacrux.stress.seed", defaultSeed);
        Random rnd = new Random(seed);
        long t0 = System.nanoTime();
        try (EngineProcess e = EngineProcess.inProcess()) {
            engine = e;
            e.send("uci");
            check(e.waitForAll(l -> l.equals("uciok"), WAIT));
            e.send("isready");
            check(e.waitForAll(l -> l.equals("readyok"), WAIT));

            Position current = Position.startPos();
            int[] moves = new int[MoveGen.MAX_MOVES];
            for (int cycle = 0; cycle < CYCLES; cycle++) {
                if (rnd.nextInt(10) == 0) {
                    e.send("ucinewgame");
                    current = Position.startPos(); // ucinewgame resets the engine's position too
                }
                if (rnd.nextInt(20) == 0) e.send(rnd.nextBoolean() ? "stop" : "ponderhit"); // stray, no search
                if (rnd.nextInt(10) != 0) {
                    // startpos + random legal moves, sent either as moves or as the FEN they lead to
                    int plies = rnd.nextInt(rnd.nextBoolean() ? 12 : 80);
                    Position p = Position.startPos();
                    StringBuilder line = new StringBuilder("position startpos moves");
                    for (int i = 0; i < plies; i++) {
                        int n = MoveGen.legal(p, moves, 0);
                        if (n == 0) break;
                        int m = moves[rnd.nextInt(n)];
                        line.append(' ').append(gacrux.board.Move.toUci(m));
                        Position next = p.copy();
                        next.makeMove(m);
                        p = next;
                    }
                    e.send(rnd.nextInt(4) == 0 ? "position fen " + p.toFen() : line.toString());
                    current = p;
                }
                int kind = rnd.nextInt(10);
                String go = kind < 3 ? "go nodes " + (1 + rnd.nextInt(2000))
                        : kind < 6 ? "go depth " + (1 + rnd.nextInt(3))
                        : kind < 9 ? "go movetime " + (1 + rnd.nextInt(5))
                        : rnd.nextBoolean() ? "go infinite" : "go ponder wtime 50 btime 50";
                if (rnd.nextInt(20) == 0) e.send("isready"); // answered, not waited for
                e.send(go);
                searched.add(current);
                if (kind == 9) {
                    // Only stop (or ponderhit, then its tiny clock) ends this one: a lost stop is a hang here.
                    if (rnd.nextBoolean()) LockSupport.parkNanos(rnd.nextInt(2_000_000));
                    e.send(go.startsWith("go ponder") && rnd.nextBoolean() ? "ponderhit" : "stop");
                    waitForAnswers(searched.size());
                    continue;
                }
                switch (rnd.nextInt(6)) {
                    case 0 -> { } // no stop: the next command interrupts it, or it ends by itself
                    case 1 -> e.send("stop");
                    case 2 -> {
                        LockSupport.parkNanos(rnd.nextInt(3_000_000));
                        e.send("stop");
                    }
                    case 3 -> {
                        e.send("isready");
                        check(e.waitForAll(l -> l.equals("readyok"), WAIT));
                    }
                    case 4 -> waitForAnswers(searched.size());
                    default -> LockSupport.parkNanos(rnd.nextInt(2_000_000));
                }
                check(e.drain());
            }
            e.send("isready");
            check(e.waitForAll(l -> l.equals("readyok"), WAIT));
            // End of input right behind a go queued behind a running search: that go must still be answered.
            e.send("go depth 30");
            searched.add(current);
            e.send("position startpos moves e2e4");
            e.send("go depth 3");
            searched.add(Position.fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
            e.closeStdin();
            assertEquals(0, e.waitForExit(WAIT), this::context);
            check(e.drain());
            assertEquals(searched.size(), answered, this::context);
            long bestmoves = e.stdoutLines().stream().filter(l -> l.startsWith("bestmove")).count();
            assertEquals(searched.size(), bestmoves, this::context);
            e.assertCleanOutput();
        }
        System.out.printf("InterleaveStressTest: %d cycles, %d gos, %d ms, seed %d%n", CYCLES, searched.size(),
                (System.nanoTime() - t0) / 1_000_000, seed);
    }

    private void waitForAnswers(int n) {
        while (answered < n) check(engine.waitForAll(l -> l.startsWith("bestmove"), WAIT));
    }

    /** Checks each bestmove among the lines against the go it answers. */
    private void check(List<String> lines) {
        for (String l : lines) {
            if (!l.startsWith("bestmove")) continue;
            assertTrue(answered < searched.size(), () -> "bestmove with no go pending: " + l + context());
            Position p = searched.get(answered);
            String move = l.split(" ")[1];
            int[] list = new int[MoveGen.MAX_MOVES];
            if (MoveGen.legal(p, list, 0) == 0) {
                assertEquals("0000", move, () -> "no legal move in " + p.toFen() + context());
            } else {
                int at = answered;
                assertDoesNotThrow(() -> MoveGen.parseUci(p, move),
                        () -> "go #" + at + ": '" + l + "' not legal in " + p.toFen() + context());
            }
            answered++;
        }
    }

    private String context() {
        return "\nseed " + seed + ", gos " + searched.size() + ", answered " + answered + "\n" + engine.transcript();
    }
}
