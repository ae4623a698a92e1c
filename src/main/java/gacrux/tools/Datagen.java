package gacrux.tools;

import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.Score;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import gacrux.search.Searcher;
import gacrux.search.See;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static gacrux.board.Piece.*;

/**
 * {@code datagen}: self-play games in-process at a fixed node budget per move, writing quiet positions with
 * the game's result for the Texel tuner ({@code tune}). One line per position: {@code FEN [1.0]}, the result
 * from white's point of view (1.0 white won, 0.5 draw, 0.0 black won).
 *
 * <p>Each game starts from a seeded choice of the openings file plus a few seeded random plies (only moves
 * that do not lose material by static exchange), then both sides play the serial search's best move at
 * {@code --nodes} nodes. Game g's random generator depends only on the seed and g, and every game starts with
 * a cleared transposition table and cleared heuristics, so the output is the same for a seed whatever the
 * thread count; games are written in order.
 *
 * <p>Adjudication: mate, stalemate, threefold repetition, the 50-move rule, insufficient material (no pawns,
 * rooks or queens and at most one minor each), resignation when both sides' searches agree on a score of at
 * least {@link #RESIGN_SCORE} for {@link #RESIGN_PLIES} plies in a row, a draw when the score stays within
 * {@link #DRAW_SCORE} for {@link #DRAW_PLIES} plies after ply {@link #DRAW_FROM_PLY}, and a draw at
 * {@link #MAX_PLIES}.
 *
 * <p>With {@code --scores}, each line also carries white's score from the search that chose the move played there,
 * {@code FEN [1.0] cp 34} (the format {@code label} writes), so the data can train an evaluation on search scores
 * without a labelling pass. The flag changes nothing else: the same seed gives the same games and positions.
 *
 * <p>A position is written when it is at least {@link #SKIP_PLIES} plies after the opening, the side to move is
 * not in check, the search's best move is neither a capture nor a promotion, no capture or promotion wins
 * material by static exchange (so the static evaluation is meaningful there), and the score is not a mate.
 */
final class Datagen {
    private Datagen() {}

    static final int RESIGN_SCORE = 1000, RESIGN_PLIES = 4;
    static final int DRAW_SCORE = 10, DRAW_PLIES = 12, DRAW_FROM_PLY = 80;
    static final int MAX_PLIES = 400, SKIP_PLIES = 8;
    static final int TT_MB = 8;
    static final String DEFAULT_OPENINGS = "../shared/data/openings.epd";

    record Options(int games, long nodes, long seed, Path out, int threads, Path openings, int randomPlies, boolean scores) {}

    /** One finished game: its result and the sampled positions (FEN). */
    record Game(double result, List<String> fens, List<Integer> scores, int plies, String reason) {}

    static String usage() {
        return "usage: datagen --games N --nodes K --seed S --out FILE [--threads T] [--openings FILE] [--random-plies R] [--scores]";
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("datagen: " + e.getMessage());
            err.println(usage());
            return 2;
        }
        List<String> openings;
        try {
            openings = readOpenings(o.openings());
        } catch (IOException | IllegalArgumentException e) {
            err.println("datagen: " + e.getMessage());
            return 2;
        }
        long t0 = System.nanoTime();
        long[] counts = new long[4]; // positions, white wins, draws, black wins (by game)
        long positions = 0, plies = 0;
        ExecutorService pool = Executors.newFixedThreadPool(o.threads(), r -> {
            Thread t = new Thread(r, "datagen");
            t.setDaemon(true);
            return t;
        });
        ThreadLocal<Player> players = ThreadLocal.withInitial(() -> new Player(o.nodes()));
        try (BufferedWriter w = Files.newBufferedWriter(o.out(), StandardCharsets.UTF_8)) {
            // Submit in windows so a huge --games does not queue every future at once.
            int window = Math.max(64, 16 * o.threads());
            List<Future<Game>> pending = new ArrayList<>();
            int next = 0, done = 0;
            while (done < o.games()) {
                while (next < o.games() && pending.size() < window) {
                    final int g = next++;
                    pending.add(pool.submit(() -> players.get().play(openings, o.seed(), g, o.randomPlies())));
                }
                Game game = pending.remove(0).get();
                done++;
                String res = game.result() == 1.0 ? "1.0" : game.result() == 0.0 ? "0.0" : "0.5";
                for (int i = 0; i < game.fens().size(); i++) {
                    w.write(game.fens().get(i));
                    w.write(" [");
                    w.write(res);
                    w.write(o.scores() ? "] cp " + game.scores().get(i) + "\n" : "]\n");
                }
                positions += game.fens().size();
                plies += game.plies();
                counts[game.result() == 1.0 ? 1 : game.result() == 0.0 ? 3 : 2]++;
                if (done % 100 == 0 || done == o.games()) {
                    double s = (System.nanoTime() - t0) / 1e9;
                    err.printf("datagen: %d/%d games, %d positions, %.0f s (%.0f pos/s)%n",
                            done, o.games(), positions, s, positions / Math.max(1e-9, s));
                }
            }
        } catch (IOException e) {
            err.println("datagen: cannot write " + o.out() + ": " + e.getMessage());
            return 1;
        } catch (Exception e) {
            err.println("datagen: " + e);
            return 1;
        } finally {
            pool.shutdownNow();
        }
        double s = (System.nanoTime() - t0) / 1e9;
        out.printf("games %d (white wins %d, draws %d, black wins %d), plies %d, positions %d, %.1f s%n",
                o.games(), counts[1], counts[2], counts[3], plies, positions, s);
        return 0;
    }

    static Options parse(String[] args) {
        int games = -1, threads = 1, randomPlies = 4;
        long nodes = -1, seed = 1;
        Path out = null, openings = Path.of(DEFAULT_OPENINGS);
        boolean scores = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--scores")) { scores = true; continue; }
            if (i + 1 >= args.length) throw new IllegalArgumentException("missing value after " + a);
            String v = args[++i];
            try {
                switch (a) {
                    case "--games" -> games = Integer.parseInt(v);
                    case "--nodes" -> nodes = Long.parseLong(v);
                    case "--seed" -> seed = Long.parseLong(v);
                    case "--threads" -> threads = Integer.parseInt(v);
                    case "--random-plies" -> randomPlies = Integer.parseInt(v);
                    case "--out" -> out = Path.of(v);
                    case "--openings" -> openings = Path.of(v);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(a + " needs a number, got '" + v + "'");
            }
        }
        if (games < 1) throw new IllegalArgumentException("--games N (at least 1) is required");
        if (nodes < 1) throw new IllegalArgumentException("--nodes K (at least 1) is required");
        if (out == null) throw new IllegalArgumentException("--out FILE is required");
        if (threads < 1 || threads > 256) throw new IllegalArgumentException("--threads must be 1..256");
        if (randomPlies < 0 || randomPlies > 40) throw new IllegalArgumentException("--random-plies must be 0..40");
        return new Options(games, nodes, seed, out, threads, openings, randomPlies, scores);
    }

    /** The FENs of an EPD/FEN file (first four or six fields of each non-empty line), each checked. */
    static List<String> readOpenings(Path file) throws IOException {
        if (!Files.isRegularFile(file)) throw new IOException("openings file not found: " + file);
        List<String> fens = new ArrayList<>();
        int lineNo = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            lineNo++;
            line = line.trim();
            if (line.isEmpty() || line.startsWith("#")) continue;
            String fen = line.split(";")[0].trim();
            try {
                Position.fromFen(fen);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(file + " line " + lineNo + ": bad FEN '" + fen + "': " + e.getMessage());
            }
            fens.add(fen);
        }
        if (fens.isEmpty()) throw new IllegalArgumentException("no positions in " + file);
        return fens;
    }

    /** One thread's searcher and scratch; plays whole games. */
    static final class Player {
        final TranspositionTable tt = new TranspositionTable(TT_MB);
        final Searcher searcher = new Searcher(tt);
        final long nodes;
        final int[] moves = new int[MoveGen.MAX_MOVES];

        Player(long nodes) { this.nodes = nodes; }

        Game play(List<String> openings, long seed, int gameIndex, int randomPlies) {
            SplittableRandom rng = new SplittableRandom(mix(seed, gameIndex));
            Position p;
            while (true) { // an opening plus random plies that ended the game already: draw again
                p = Position.fromFen(openings.get(rng.nextInt(openings.size())));
                boolean ok = true;
                for (int i = 0; i < randomPlies && ok; i++) {
                    int n = MoveGen.legal(p, moves, 0);
                    int safe = 0;
                    for (int j = 0; j < n; j++) if (See.ge(p, moves[j], 0)) moves[safe++] = moves[j];
                    if (safe == 0) { ok = false; break; }
                    p.makeMove(moves[rng.nextInt(safe)]);
                }
                if (ok && MoveGen.countLegal(p) > 0) break;
            }
            tt.clear();
            searcher.clearHeuristics();
            long[] history = new long[MAX_PLIES + 8];
            int hist = 0;
            List<String> fens = new ArrayList<>();
            List<Integer> scores = new ArrayList<>();
            int resignCount = 0, resignSign = 0, drawCount = 0;
            SearchLimits limits = new SearchLimits(0, nodes, 0, 0, 0, 0, 0, 0, 0, false, false, List.of(), 0);
            for (int ply = 0; ; ply++) {
                int n = MoveGen.legal(p, moves, 0);
                if (n == 0) {
                    if (p.inCheck()) return new Game(p.sideToMove() == WHITE ? 0.0 : 1.0, fens, scores, ply, "mate");
                    return new Game(0.5, fens, scores, ply, "stalemate");
                }
                if (p.halfmoveClock() >= 100) return new Game(0.5, fens, scores, ply, "50-move");
                if (repetitions(history, hist, p) >= 2) return new Game(0.5, fens, scores, ply, "repetition");
                if (insufficient(p)) return new Game(0.5, fens, scores, ply, "material");
                if (ply >= MAX_PLIES) return new Game(0.5, fens, scores, ply, "length");

                long[] keys = java.util.Arrays.copyOf(history, hist);
                SearchControl control = new SearchControl(limits, new TimeManager(limits, p.sideToMove(), 0));
                SearchResult r = searcher.think(p, keys, control, line -> { });
                int best = r.bestMove();
                if (best == Move.NONE) best = moves[0];
                int score = r.score();
                int white = p.sideToMove() == WHITE ? score : -score;

                if (ply >= SKIP_PLIES && !Score.isMate(score) && !Move.isTactical(best) && quiet(p, moves)) {
                    fens.add(p.toFen());
                    scores.add(white);
                }

                // Adjudication by the searches' agreement.
                if (Math.abs(white) >= RESIGN_SCORE) {
                    int sign = Integer.signum(white);
                    resignCount = sign == resignSign ? resignCount + 1 : 1;
                    resignSign = sign;
                    if (resignCount >= RESIGN_PLIES) return new Game(sign > 0 ? 1.0 : 0.0, fens, scores, ply, "resign");
                } else {
                    resignCount = 0;
                    resignSign = 0;
                }
                if (ply >= DRAW_FROM_PLY && Math.abs(white) <= DRAW_SCORE) {
                    if (++drawCount >= DRAW_PLIES) return new Game(0.5, fens, scores, ply, "draw score");
                } else {
                    drawCount = 0;
                }
                history[hist++] = p.key();
                p.makeMove(best);
            }
        }
    }

    /** Not in check, and no capture or promotion that wins material by static exchange (scratch: a move list). */
    static boolean quiet(Position p, int[] scratch) {
        if (p.inCheck()) return false;
        int n = MoveGen.tactical(p, scratch, 0);
        for (int i = 0; i < n; i++) {
            int m = scratch[i];
            if (Move.promo(m) != 0 || See.ge(p, m, 1)) return false;
        }
        return true;
    }

    /** How often p's position occurred before (same key), within the reversible plies. */
    static int repetitions(long[] history, int hist, Position p) {
        int count = 0;
        int from = Math.max(0, hist - p.halfmoveClock());
        for (int i = hist - 2; i >= from; i -= 2) if (history[i] == p.key()) count++;
        return count;
    }

    /** No pawns, rooks or queens, and at most one minor piece per side: neither side can win. */
    static boolean insufficient(Position p) {
        for (int c = WHITE; c <= BLACK; c++) {
            if ((p.pieces(c, PAWN) | p.pieces(c, ROOK) | p.pieces(c, QUEEN)) != 0) return false;
            if (Long.bitCount(p.pieces(c, KNIGHT) | p.pieces(c, BISHOP)) > 1) return false;
        }
        return true;
    }

    static long mix(long seed, long g) {
        long z = seed * 0x9E3779B97F4A7C15L + g * 0xBF58476D1CE4E5B9L + 0x94D049BB133111EBL;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
