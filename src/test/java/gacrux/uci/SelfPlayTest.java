package gacrux.uci;

import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Piece;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The CI-sized soak (issue 8; the long one is scripts/soak.sh): 20 self-play games of Gacrux against itself,
 * both engines {@link UciMain#run} in this JVM through pipes, Threads=2 (DTS), at 0.5 s + 5 ms per side, from
 * 10 seeded random openings each played with both colours. This test is the arbiter: it keeps the clocks
 * and checks every move with gacrux.board. Asserted: every bestmove is legal, no engine crashes (each
 * answers isready after every game, prints only UCI lines, never "search failed", exits 0 on quit), no time
 * loss (a move may exceed the clock by at most MARGIN_MS), and every game ends: mate, stalemate, 50 moves,
 * threefold repetition, insufficient material, or a draw by adjudication at MAX_PLIES.
 */
class SelfPlayTest {
    static final int GAMES = 20;
    static final long BASE_MS = 500, INC_MS = 5;
    /** A move may overrun the clock by this much (JIT, GC and scheduling of two engines in one JVM). */
    static final long MARGIN_MS = 250;
    static final int MAX_PLIES = 160;

    @Test
    @Timeout(120)
    void twentyFastSelfPlayGamesWithTwoThreads() {
        Random rnd = new Random(0x50A4);
        EngineProcess[] eng = {EngineProcess.inProcess(), EngineProcess.inProcess()};
        Map<String, Integer> results = new HashMap<>();
        long t0 = System.nanoTime();
        int plies = 0;
        long worstOverrunMs = Long.MIN_VALUE;
        try {
            for (EngineProcess e : eng) {
                e.send("uci");
                e.waitFor("uciok", Duration.ofSeconds(30));
                e.send("setoption name Threads value 2");
                e.send("setoption name Hash value 16");
                e.send("isready");
                e.waitFor("readyok", Duration.ofSeconds(30));
            }
            List<Integer> opening = null;
            for (int g = 0; g < GAMES; g++) {
                if (g % 2 == 0) opening = randomOpening(rnd, 6);
                EngineProcess white = eng[g % 2], black = eng[1 - g % 2];
                Game game = new Game(opening);
                for (EngineProcess e : eng) {
                    e.send("ucinewgame");
                    e.send("isready");
                    e.waitFor("readyok", Duration.ofSeconds(10));
                }
                long[] clock = {BASE_MS, BASE_MS};
                String end;
                while ((end = game.result()) == null) {
                    int side = game.pos.sideToMove();
                    EngineProcess e = side == 0 ? white : black;
                    e.send(game.positionCommand());
                    long start = System.nanoTime();
                    e.send("go wtime " + clock[0] + " btime " + clock[1] + " winc " + INC_MS + " binc " + INC_MS);
                    String line = e.waitFor("bestmove", Duration.ofMillis(clock[side] + MARGIN_MS + 5_000));
                    long used = (System.nanoTime() - start) / 1_000_000;
                    worstOverrunMs = Math.max(worstOverrunMs, used - clock[side]);
                    assertTrue(used <= clock[side] + MARGIN_MS, "game " + g + ": time loss, " + used + " ms used of "
                            + clock[side] + " ms at ply " + game.moves.size());
                    clock[side] = Math.max(1, clock[side] - used) + INC_MS;
                    String uci = line.split(" ")[1];
                    int m = game.legalMove(uci);
                    assertNotEquals(Move.NONE, m, "game " + g + ": illegal move " + uci + " in " + game.pos.toFen());
                    game.play(m);
                    plies++;
                }
                results.merge(end, 1, Integer::sum);
            }
            for (EngineProcess e : eng) {
                e.send("isready");
                e.waitFor("readyok", Duration.ofSeconds(10));
                e.send("quit");
                assertEquals(0, e.waitForExit(Duration.ofSeconds(5)));
                e.assertCleanOutput();
                for (String l : e.stdoutLines()) assertFalse(l.contains("search failed"), l);
            }
        } finally {
            for (EngineProcess e : eng) e.close();
        }
        assertEquals(GAMES, results.values().stream().mapToInt(Integer::intValue).sum());
        System.err.printf("SelfPlayTest: %d games, %d plies in %.1f s, worst clock overrun %d ms, endings %s%n",
                GAMES, plies, (System.nanoTime() - t0) / 1e9, worstOverrunMs, results);
    }

    /** plies random legal moves from the start (never into a finished game). */
    static List<Integer> randomOpening(Random rnd, int plies) {
        while (true) {
            Game g = new Game(List.of());
            for (int i = 0; i < plies; i++) {
                int[] list = new int[MoveGen.MAX_MOVES];
                int n = MoveGen.legal(g.pos, list, 0);
                g.play(list[rnd.nextInt(n)]);
                if (g.result() != null) break;
            }
            if (g.result() == null) return g.moves;
        }
    }

    /** The arbiter's game state, with the rules of the game's end. */
    static final class Game {
        Position pos = Position.startPos();
        final List<Integer> moves = new ArrayList<>();
        final List<Long> keys = new ArrayList<>();

        Game(List<Integer> opening) {
            keys.add(pos.key());
            for (int m : opening) play(m);
        }

        void play(int m) {
            Position c = pos.copy();
            c.makeMove(m);
            pos = c;
            moves.add(m);
            keys.add(pos.key());
        }

        int legalMove(String uci) {
            int[] list = new int[MoveGen.MAX_MOVES];
            int n = MoveGen.legal(pos, list, 0);
            for (int i = 0; i < n; i++) if (Move.toUci(list[i]).equals(uci)) return list[i];
            return Move.NONE;
        }

        String positionCommand() {
            StringBuilder sb = new StringBuilder("position startpos moves");
            for (int m : moves) sb.append(' ').append(Move.toUci(m));
            return sb.toString();
        }

        /** null while the game goes on, else how it ended. */
        String result() {
            int[] list = new int[MoveGen.MAX_MOVES];
            if (MoveGen.legal(pos, list, 0) == 0) return pos.inCheck() ? "mate" : "stalemate";
            if (pos.halfmoveClock() >= 100) return "50-move";
            long k = pos.key();
            int same = 0;
            for (long x : keys) if (x == k) same++;
            if (same >= 3) return "repetition";
            if (insufficient()) return "insufficient";
            if (moves.size() >= MAX_PLIES) return "adjudicated";
            return null;
        }

        private boolean insufficient() {
            for (int c = 0; c < 2; c++)
                if ((pos.pieces(c, Piece.PAWN) | pos.pieces(c, Piece.ROOK) | pos.pieces(c, Piece.QUEEN)) != 0) return false;
            long minors = pos.pieces(0, Piece.KNIGHT) | pos.pieces(1, Piece.KNIGHT) | pos.pieces(0, Piece.BISHOP)
                    | pos.pieces(1, Piece.BISHOP);
            return Long.bitCount(minors) <= 1;
        }
    }
}
