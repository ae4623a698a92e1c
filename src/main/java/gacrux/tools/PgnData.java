package gacrux.tools;

import gacrux.board.Bitboards;
import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Piece;
import gacrux.board.Position;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code pgn-data}: training positions from played games, in {@code datagen}'s format ({@code FEN [1.0]}, white's
 * result), so every match the project plays (SPRTs, gauntlets) can feed {@code label} and {@code tune} without a
 * datagen run. A match's games are searched far deeper than datagen's 5,000 nodes a move, and they are the positions
 * the engine meets in play.
 *
 * <p>The same filter as datagen: a position is written when it is at least {@code --min-ply} plies (default
 * {@link Datagen#SKIP_PLIES}) after the game's first position, the side to move is not in check, the move played is
 * neither a capture nor a promotion, no capture or promotion wins material by static exchange, and the mover's score
 * comment (when there is one) is not a mate. A position already written (same Zobrist key, any game, any file) is
 * not written again: paired games from one opening would otherwise weigh their first moves twice. With
 * {@code --scores} a line also carries the mover's score comment in white's view ({@code FEN [1.0] cp 34}; only
 * positions with a score comment are written then); the scores are whichever engine moved, so for a net's training
 * data pass the PGN of self-play.
 *
 * <p>Bad input: a game whose result is not 1-0, 0-1 or 1/2-1/2, or with a move that is not legal (or ambiguous)
 * where it stands, is skipped whole and named on stderr; the run goes on. A missing file or bad option ends it
 * with exit code 2 before anything is written.
 */
final class PgnData {
    private PgnData() {}

    record Options(List<Path> pgns, Path out, boolean scores, int minPly) {}

    /** One game as read: its tags' start position and result, its SAN moves and the comment after each. */
    record Game(int line, String fen, String result, List<String> sans, List<String> comments) {}

    static String usage() {
        return "usage: pgn-data --pgn FILE [--pgn FILE ...] --out FILE [--scores] [--min-ply N]";
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("pgn-data: " + e.getMessage());
            err.println(usage());
            return 2;
        }
        for (Path p : o.pgns()) {
            if (!Files.isRegularFile(p)) {
                err.println("pgn-data: PGN file not found: " + p);
                return 2;
            }
        }
        Set<Long> seen = new HashSet<>();
        long games = 0, skipped = 0, positions = 0, duplicates = 0;
        try (BufferedWriter w = Files.newBufferedWriter(o.out(), StandardCharsets.UTF_8)) {
            for (Path file : o.pgns()) {
                try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                    Reader r = new Reader(in);
                    for (Game g; (g = r.next()) != null; ) {
                        games++;
                        List<String> lines = new ArrayList<>();
                        String problem = positions(g, o, seen, lines);
                        if (problem != null) {
                            skipped++;
                            err.println("pgn-data: " + file + " game at line " + g.line() + " skipped: " + problem);
                            continue;
                        }
                        for (String l : lines) {
                            if (l == null) { duplicates++; continue; }
                            w.write(l);
                            w.write('\n');
                            positions++;
                        }
                    }
                }
            }
        } catch (IOException e) {
            err.println("pgn-data: " + e.getMessage());
            return 1;
        }
        out.printf("games %d (skipped %d), positions %d (duplicates left out %d)%n", games, skipped, positions, duplicates);
        return 0;
    }

    static Options parse(String[] args) {
        List<Path> pgns = new ArrayList<>();
        Path out = null;
        boolean scores = false;
        int minPly = Datagen.SKIP_PLIES;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--scores")) { scores = true; continue; }
            if (i + 1 >= args.length) throw new IllegalArgumentException("missing value after " + a);
            String v = args[++i];
            switch (a) {
                case "--pgn" -> pgns.add(Path.of(v));
                case "--out" -> out = Path.of(v);
                case "--min-ply" -> {
                    try {
                        minPly = Integer.parseInt(v);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("--min-ply needs a number, got '" + v + "'");
                    }
                    if (minPly < 0) throw new IllegalArgumentException("--min-ply must be >= 0");
                }
                default -> throw new IllegalArgumentException("unknown option " + a);
            }
        }
        if (pgns.isEmpty()) throw new IllegalArgumentException("--pgn FILE is required");
        if (out == null) throw new IllegalArgumentException("--out FILE is required");
        return new Options(pgns, out, scores, minPly);
    }

    /** Reads games one by one from a PGN text, counting lines for messages. */
    static final class Reader {
        private final BufferedReader in;
        private String pushedBack;
        private int line;

        Reader(BufferedReader in) { this.in = in; }

        private String nextLine() throws IOException {
            if (pushedBack != null) { String l = pushedBack; pushedBack = null; return l; }
            String l = in.readLine();
            if (l != null) line++;
            return l;
        }

        /**
         * The next game, or null at the end: tags, then movetext up to the next tag section. Comments in braces are
         * kept per move; variations in parentheses, NAGs, move numbers and the result token are dropped (a result
         * token stands in for a missing Result tag).
         */
        Game next() throws IOException {
            String fen = Position.START_FEN, result = null;
            int first = -1;
            StringBuilder text = new StringBuilder();
            for (String l; (l = nextLine()) != null; ) {
                String t = l.trim();
                if (t.startsWith("[")) {
                    if (text.length() > 0) { pushedBack = l; break; } // the next game's tags
                    if (first < 0) first = line;
                    int sp = t.indexOf(' ');
                    String key = sp > 1 ? t.substring(1, sp) : "", value = tagValue(t);
                    if (key.equals("FEN")) fen = value;
                    if (key.equals("Result")) result = value;
                } else if (!t.isEmpty()) {
                    if (first < 0) first = line;
                    text.append(t).append(' ');
                }
            }
            if (first < 0) return null;
            List<String> sans = new ArrayList<>(), comments = new ArrayList<>();
            String s = text.toString();
            int depth = 0;
            for (int i = 0; i < s.length(); ) {
                char c = s.charAt(i);
                if (c == '{') {
                    int end = s.indexOf('}', i);
                    if (end < 0) end = s.length();
                    if (depth == 0 && !sans.isEmpty()) comments.set(sans.size() - 1, s.substring(i + 1, end).trim());
                    i = end + 1;
                } else if (c == '(') { depth++; i++; }
                else if (c == ')') { depth = Math.max(0, depth - 1); i++; }
                else if (Character.isWhitespace(c)) i++;
                else {
                    int end = i;
                    while (end < s.length() && !Character.isWhitespace(s.charAt(end)) && "{()".indexOf(s.charAt(end)) < 0) end++;
                    String tok = s.substring(i, end);
                    i = end;
                    if (depth > 0 || tok.startsWith("$")) continue;
                    if (tok.equals("1-0") || tok.equals("0-1") || tok.equals("1/2-1/2") || tok.equals("*")) {
                        if (result == null) result = tok;
                        continue;
                    }
                    tok = tok.replaceFirst("^[0-9]+\\.+", ""); // "12." "12..." and "12.e4"
                    if (tok.isEmpty()) continue;
                    sans.add(tok);
                    comments.add(null);
                }
            }
            return new Game(first, fen, result, sans, comments);
        }
    }

    private static String tagValue(String t) {
        int a = t.indexOf('"'), b = t.lastIndexOf('"');
        return a >= 0 && b > a ? t.substring(a + 1, b) : "";
    }

    /**
     * Replays g, adding one output line per position that passes the filter (null for one already seen) to lines.
     * Returns null, or why the game cannot be used (nothing is added to seen then).
     */
    static String positions(Game g, Options o, Set<Long> seen, List<String> lines) {
        String res = switch (g.result() == null ? "" : g.result()) {
            case "1-0" -> "1.0";
            case "0-1" -> "0.0";
            case "1/2-1/2" -> "0.5";
            default -> null;
        };
        if (res == null) return "result '" + g.result() + "' is not 1-0, 0-1 or 1/2-1/2";
        Position p;
        try {
            p = Position.fromFen(g.fen());
        } catch (RuntimeException e) {
            return "bad FEN '" + g.fen() + "': " + e.getMessage();
        }
        int[] moves = new int[MoveGen.MAX_MOVES];
        List<Long> keys = new ArrayList<>();
        List<String> out = new ArrayList<>();
        for (int ply = 0; ply < g.sans().size(); ply++) {
            String san = g.sans().get(ply);
            int m = fromSan(p, san, moves);
            if (m == Move.NONE) return "move " + (ply / 2 + 1) + " '" + san + "' is not a legal move in " + p.toFen();
            if (m == -1) return "move " + (ply / 2 + 1) + " '" + san + "' is ambiguous in " + p.toFen();
            Integer score = moverScore(g.comments().get(ply));
            boolean mate = score != null && score == Integer.MIN_VALUE;
            if (ply >= o.minPly() && !mate && (score != null || !o.scores()) && !Move.isTactical(m) && Datagen.quiet(p, moves)) {
                String line = p.toFen() + " [" + res + "]";
                if (o.scores()) line += " cp " + (p.sideToMove() == Piece.WHITE ? score : -score);
                out.add(line);
                keys.add(p.key());
            }
            p.makeMove(m);
        }
        for (int i = 0; i < out.size(); i++) lines.add(seen.add(keys.get(i)) ? out.get(i) : null);
        return null;
    }

    /**
     * The mover's score from a comment such as {@code +0.30/7 0.064s} in centipawns, Integer.MIN_VALUE for a mate
     * ({@code +M5/9}), or null when the comment carries no score.
     */
    static Integer moverScore(String comment) {
        if (comment == null || comment.isEmpty()) return null;
        String t = comment.split("[/\\s,]")[0];
        if (t.matches("[+-]?M[0-9]+")) return Integer.MIN_VALUE;
        if (!t.matches("[+-]?[0-9]+(\\.[0-9]+)?")) return null;
        return (int) Math.round(Double.parseDouble(t) * 100);
    }

    /**
     * The legal move of p that SAN names (check and annotation marks ignored, "0-0" taken for "O-O"), Move.NONE when
     * none does, -1 when more than one does.
     */
    static int fromSan(Position p, String san, int[] moves) {
        String s = san.replaceAll("[+#!?]+$", "").replace('0', 'O');
        int n = MoveGen.legal(p, moves, 0);
        if (s.equals("O-O") || s.equals("O-O-O")) {
            boolean hSide = s.equals("O-O");
            int found = Move.NONE;
            for (int i = 0; i < n; i++) {
                int m = moves[i];
                if (Move.kind(m) != Move.CASTLE) continue;
                boolean h = (Move.to(m) & 7) > (Move.from(m) & 7);
                if (h == hSide) found = found == Move.NONE ? m : -1;
            }
            return found;
        }
        int promo = 0;
        int eq = s.indexOf('=');
        if (eq >= 0 && eq + 1 < s.length()) {
            promo = promoType(s.charAt(eq + 1));
            if (promo == 0) return Move.NONE;
            s = s.substring(0, eq);
        } else if (s.length() >= 3 && promoType(s.charAt(s.length() - 1)) != 0 && Character.isDigit(s.charAt(s.length() - 2))) {
            promo = promoType(s.charAt(s.length() - 1)); // "e8Q"
            s = s.substring(0, s.length() - 1);
        }
        if (s.length() < 2) return Move.NONE;
        int type = Piece.PAWN;
        if ("NBRQK".indexOf(s.charAt(0)) >= 0) {
            type = Piece.fromLetter(s.charAt(0));
            s = s.substring(1);
        }
        if (s.length() < 2) return Move.NONE;
        int to;
        try {
            to = Bitboards.parseSquare(s.substring(s.length() - 2));
        } catch (RuntimeException e) {
            return Move.NONE;
        }
        if (to < 0 || to > 63) return Move.NONE;
        String dis = s.substring(0, s.length() - 2).replace("x", "");
        int fromFile = -1, fromRank = -1;
        for (char c : dis.toCharArray()) {
            if (c >= 'a' && c <= 'h') fromFile = c - 'a';
            else if (c >= '1' && c <= '8') fromRank = c - '1';
            else return Move.NONE;
        }
        int found = Move.NONE;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            if (Move.kind(m) == Move.CASTLE || Move.mover(m) != type || Move.to(m) != to || Move.promo(m) != promo) continue;
            if (fromFile >= 0 && (Move.from(m) & 7) != fromFile) continue;
            if (fromRank >= 0 && (Move.from(m) >>> 3) != fromRank) continue;
            found = found == Move.NONE ? m : -1;
        }
        return found;
    }

    private static int promoType(char c) {
        int i = "NBRQ".indexOf(Character.toUpperCase(c));
        return i < 0 ? 0 : Piece.KNIGHT + i;
    }
}
