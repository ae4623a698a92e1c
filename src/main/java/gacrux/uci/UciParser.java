package gacrux.uci;

import gacrux.search.SearchLimits;
import gacrux.uci.UciEngine.Command;
import gacrux.uci.UciEngine.UciHello;
import gacrux.uci.UciEngine.Unknown;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Turns one input line into an engine command. Pure: no engine state, so the reader thread can run it.
 * Problems that still leave a usable command (a bad number in go) are reported through {@code warn}.
 */
public final class UciParser {
    private UciParser() {}

    public static Command parse(String rawLine, Consumer<String> warn) {
        String line = sanitize(rawLine);
        String[] t = line.isEmpty() ? new String[0] : line.split(" ");
        if (t.length == 0) return null;
        return switch (t[0]) {
            case "uci" -> new UciHello();
            case "isready" -> new UciEngine.IsReady();
            case "ucinewgame" -> new UciEngine.NewGame();
            case "stop" -> new UciEngine.Stop();
            case "ponderhit" -> new UciEngine.PonderHit();
            case "quit" -> new UciEngine.Quit(false);
            case "debug" -> new UciEngine.Debug(t.length > 1 && t[1].equals("on"));
            case "setoption" -> parseSetOption(t);
            case "position" -> parsePosition(t);
            case "go" -> parseGo(t, warn);
            case "bench" -> parseBench(t);
            case "d" -> new UciEngine.Display();
            default -> new Unknown(truncate(line));
        };
    }

    /** Control characters and runs of blanks become single spaces, so tokens split cleanly. */
    static String sanitize(String s) {
        StringBuilder sb = new StringBuilder(Math.min(s.length(), 1 << 16));
        boolean space = true;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c)) {
                if (!space) sb.append(' ');
                space = true;
            } else {
                sb.append(c);
                space = false;
            }
        }
        int n = sb.length();
        if (n > 0 && sb.charAt(n - 1) == ' ') sb.setLength(n - 1);
        return sb.toString();
    }

    static String truncate(String s) {
        return truncate(s, 80);
    }

    /** At most max characters of s (then "..."), so a 1 MB token never becomes a 1 MB info line. */
    static String truncate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max) + "...";
    }

    private static Command parseSetOption(String[] t) {
        // setoption name <name with spaces> [value <value with spaces>]
        int nameAt = indexOf(t, "name");
        if (nameAt != 1) return new Unknown("setoption needs 'name': " + truncate(String.join(" ", t)));
        int valueAt = indexOf(t, "value");
        int nameEnd = valueAt < 0 ? t.length : valueAt;
        if (nameEnd <= 2) return new Unknown("setoption: missing option name");
        String name = String.join(" ", Arrays.copyOfRange(t, 2, nameEnd));
        String value = valueAt < 0 ? null : String.join(" ", Arrays.copyOfRange(t, valueAt + 1, t.length));
        return new UciEngine.SetOption(name, value);
    }

    private static Command parsePosition(String[] t) {
        if (t.length < 2) return new Unknown("position needs 'startpos' or 'fen ...'");
        int movesAt = indexOf(t, "moves");
        int end = movesAt < 0 ? t.length : movesAt;
        String fen;
        if (t[1].equals("startpos")) {
            if (end != 2) return new Unknown("position startpos: unexpected '" + truncate(t[2]) + "'");
            fen = null;
        } else if (t[1].equals("fen")) {
            if (end <= 2) return new Unknown("position fen: missing FEN");
            fen = String.join(" ", Arrays.copyOfRange(t, 2, end));
        } else {
            return new Unknown("position needs 'startpos' or 'fen', got '" + truncate(t[1]) + "'");
        }
        List<String> moves = movesAt < 0 ? List.of() : List.of(Arrays.copyOfRange(t, movesAt + 1, t.length));
        return new UciEngine.SetPosition(fen, moves);
    }

    private static Command parseBench(String[] t) {
        int depth = gacrux.search.Bench.DEFAULT_DEPTH;
        if (t.length > 1) {
            try {
                depth = Integer.parseInt(t[1]);
            } catch (NumberFormatException e) {
                return new Unknown("bench: depth must be a number, got '" + truncate(t[1]) + "'");
            }
            if (depth < 1 || depth > 30) return new Unknown("bench: depth must be 1..30");
        }
        return new UciEngine.Bench(depth);
    }

    static Command parseGo(String[] t, Consumer<String> warn) {
        int depth = 0, movestogo = 0, mate = 0, perft = 0;
        long nodes = 0, movetime = 0, wtime = 0, btime = 0, winc = 0, binc = 0;
        boolean infinite = false, ponder = false;
        List<String> searchmoves = new ArrayList<>();
        for (int i = 1; i < t.length; i++) {
            String k = t[i];
            switch (k) {
                case "infinite" -> infinite = true;
                case "ponder" -> ponder = true;
                case "searchmoves" -> {
                    while (i + 1 < t.length && t[i + 1].matches("[a-h][1-8][a-h][1-8][nbrq]?")) searchmoves.add(t[++i]);
                }
                case "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "mate", "perft" -> {
                    if (i + 1 >= t.length) {
                        warn.accept("go: '" + k + "' needs a value; ignored");
                        continue;
                    }
                    String v = t[++i];
                    long n;
                    try {
                        n = Long.parseLong(v);
                    } catch (NumberFormatException e) {
                        warn.accept("go: '" + k + "' value '" + truncate(v) + "' is not a number; ignored");
                        continue;
                    }
                    switch (k) {
                        case "depth" -> depth = (int) clamp(n, 1, 127);
                        case "nodes" -> nodes = Math.max(1, n);
                        case "movetime" -> movetime = Math.max(1, n);
                        // A clock at zero or below is a flag about to fall: play almost at once.
                        case "wtime" -> wtime = n <= 0 ? -1 : n;
                        case "btime" -> btime = n <= 0 ? -1 : n;
                        case "winc" -> winc = Math.max(0, n);
                        case "binc" -> binc = Math.max(0, n);
                        case "movestogo" -> movestogo = (int) clamp(n, 0, 1000);
                        case "mate" -> mate = (int) clamp(n, 1, 63);
                        case "perft" -> perft = (int) clamp(n, 1, 20);
                        default -> { }
                    }
                }
                default -> warn.accept("go: unknown token '" + truncate(k) + "' ignored");
            }
        }
        return new UciEngine.Go(new SearchLimits(depth, nodes, movetime, wtime, btime, winc, binc, movestogo, mate,
                infinite, ponder, List.copyOf(searchmoves), perft));
    }

    private static long clamp(long v, long lo, long hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    private static int indexOf(String[] t, String word) {
        for (int i = 0; i < t.length; i++) if (t[i].equals(word)) return i;
        return -1;
    }
}
