package gacrux.uci;

import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.SearchLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * UCI input fuzzer (issue 8, "Hostile input"): seeded random and mutated command streams — garbage bytes and
 * invalid UTF-8, empty lines, 1 MB lines, invalid FENs, illegal and malformed moves, numbers that overflow
 * int/long, negative and zero times, unknown and misspelled options, setoption without value, commands in
 * the middle of a search, go twice without stop, stop/ponderhit with no search, quit during a search — in
 * batches, in-process ({@link UciMain#run} through pipes) and against a child JVM.
 *
 * The test keeps a model of what the engine must have accepted: each line is parsed with {@link UciParser}
 * (the parser itself is fuzzed by {@code gacrux.fuzz}), a position is taken only if its FEN and every move
 * are legal (else the previous one stays), options follow {@link EngineOptions}' rules. Invariants, checked
 * after every batch: stdout holds only UCI lines; isready is answered; every go got exactly one bestmove, in
 * order, legal in the position the model says was accepted before it ({@code 0000} only without legal
 * moves); {@code d} shows the model's position and options (a rejected command changed nothing). A
 * watchdog (each wait is bounded, the whole test has a timeout) turns a hang into a failure with the
 * transcript. The run ends with a quit during a search: exit 0, promptly.
 *
 * Bounds, so the test stays short and bounded: {@code Hash} above 64 MiB is not sent (the JVM-limit case is
 * UciFaultTest's), {@code bench} only at depth 1..2 and {@code go perft} only up to 4 unless a stop follows
 * at once (both finish before the commands behind them, by design); searches are ended by the batch's
 * final {@code stop}.
 */
class UciFuzzTest {
    static final Duration WAIT = Duration.ofSeconds(20);
    static final String[] FENS = {
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 4",
            "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1",                  // mated
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                  // stalemated
            "8/P7/8/8/8/8/7k/K7 w - - 0 1",                    // promotion
    };
    static final String[] OPTION_NAMES = {"Hash", "Threads", "Clear Hash", "Ponder", "Move Overhead", "MultiPV",
            "hash", "THREADS", "multipv", "Hsah", "Thread", "Move  Overhead", "MoveOverhead", "Clear", "UCI_Chess960",
            "Ponder value", "Threads name", "EvalFile"};
    static final String[] NUMBERS = {"0", "1", "2", "-1", "3", "7", "64", "100", "2147483647", "2147483648",
            "-2147483649", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
            "99999999999999999999999", "-99999999999999999999", "1e3", "0x10", "+5", "12abc", "", "NaN", "٣"};
    static final String[] WORDS = {"uci", "isready", "ucinewgame", "position", "startpos", "fen", "moves", "go",
            "stop", "ponderhit", "setoption", "name", "value", "depth", "nodes", "movetime", "wtime", "btime",
            "winc", "binc", "movestogo", "mate", "infinite", "ponder", "searchmoves", "perft", "debug", "on",
            "off", "d", "bench", "register", "e2e4", "e7e5", "e1g1", "a7a8q", "zz99", "0000", "-", "w", "b",
            "KQkq", "8/8/8/8/8/8/8/8"};

    // ---- the model of what the engine has accepted
    private Position position;
    private int hash, threads, overhead, multiPv;
    private boolean ponderOpt, chess960;
    /** The position of each go that must be answered with a bestmove, in the order sent. */
    private final List<Position> gos = new ArrayList<>();
    private int answered;
    private long inputs, bytes;
    /** isready lines sent (the fuzzed ones too) and readyok lines seen: a batch waits for all of them. */
    private int readySent, readyGot;
    /** d lines sent and answered, and the last answer (options line, fen line). */
    private int dSent, dGot;
    private String lastOptions, lastFen;
    private EngineProcess engine;
    private long seed;
    private Random rnd;

    private void resetModel() {
        position = Position.startPos();
        hash = 16;
        threads = 1;
        overhead = 30;
        multiPv = 1;
        ponderOpt = chess960 = false;
        gos.clear();
        answered = 0;
        readySent = readyGot = dSent = dGot = 0;
    }

    @ParameterizedTest(name = "in-process seed {0}")
    @ValueSource(longs = {1L, 0x5EED5L, 20261130L})
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void inProcess(long defaultSeed) {
        run(EngineProcess.inProcess(), Long.getLong("gacrux.fuzz.seed", defaultSeed),
                Integer.getInteger("gacrux.fuzz.batches", 60), "in-process");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void childProcess() {
        run(EngineProcess.start(), Long.getLong("gacrux.fuzz.seed", 0xC41DL),
                Integer.getInteger("gacrux.fuzz.batches", 60), "child JVM");
    }

    private void run(EngineProcess e, long seed, int batches, String where) {
        this.seed = seed;
        this.rnd = new Random(seed);
        resetModel();
        long t0 = System.nanoTime();
        try (e) {
            engine = e;
            send("uci");
            check(e.waitForAll(l -> l.equals("uciok"), WAIT));
            for (int b = 0; b < batches; b++) batch(b);
            // quit during a search: exit 0 at once, the running go answered at most once
            send("position fen " + FENS[1]);
            send("setoption name Threads value " + (1 + rnd.nextInt(3)));
            send("go infinite");
            e.waitFor("info depth 2", WAIT);
            long q = System.nanoTime();
            send("quit");
            assertEquals(0, e.waitForExit(WAIT), this::context);
            long quitMs = (System.nanoTime() - q) / 1_000_000;
            assertTrue(quitMs < 2000, () -> "quit took " + quitMs + " ms" + context());
            List<String> rest = e.drain();
            assertTrue(rest.stream().filter(l -> l.startsWith("bestmove")).count() <= 1, this::context);
            e.assertCleanOutput();
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf(Locale.ROOT, "UciFuzzTest %s seed %d: %d batches, %d lines (%d bytes), %d gos answered, "
                + "%d ms, %.0f lines/s%n", where, seed, batches, inputs, bytes, answered, ms, inputs * 1000.0 / ms);
    }

    // ---- one batch: random lines, then stop + isready, wait for every bestmove, then d against the model

    private void batch(int b) {
        int n = 3 + rnd.nextInt(20);
        for (int i = 0; i < n; i++) {
            byte[] line = line();
            send(line);
        }
        send("stop");
        send("isready");
        while (readyGot < readySent) check(engine.waitForAll(l -> l.equals("readyok"), WAIT));
        while (answered < gos.size()) check(engine.waitForAll(l -> l.startsWith("bestmove"), WAIT));
        // d waits behind any pending commands (isready does not), so the last d's lines describe the final state.
        send("d");
        while (dGot < dSent) check(engine.waitForAll(l -> l.startsWith("info string fen "), WAIT));
        assertEquals("info string options Hash=" + hash + " Threads=" + threads + " Ponder=" + ponderOpt
                + " Move Overhead=" + overhead + " MultiPV=" + multiPv + " UCI_Chess960=" + chess960 + " SMP=DTS", lastOptions, () -> "batch " + b + context());
        assertEquals("info string fen " + position.toFen(), lastFen.substring(0, lastFen.indexOf(" key ")),
                () -> "batch " + b + context());
        check(engine.drain());
    }

    /** One input line (bytes, no line break), already applied to the model; never quit. */
    private byte[] line() {
        while (true) {
            byte[] raw = switch (rnd.nextInt(20)) {
                case 0 -> garbage();
                case 1 -> ascii(rnd.nextBoolean() ? "" : " \t  \u000b ");
                case 2 -> rnd.nextInt(8) == 0 ? megabyte() : mutate(ascii(validCommand()));
                case 3, 4 -> mutate(ascii(validCommand()));
                case 5 -> ascii(words());
                default -> ascii(validCommand());
            };
            String text = new String(raw, StandardCharsets.UTF_8);
            if (accept(text)) return raw;
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private byte[] garbage() {
        int n = rnd.nextInt(200);
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        for (int i = 0; i < n; i++) if (b[i] == '\n' || b[i] == '\r') b[i] = (byte) 0xC0; // invalid UTF-8 lead
        if (n > 2 && rnd.nextBoolean()) { // a real command prefix with garbage behind it
            byte[] p = ascii(new String[]{"go ", "position fen ", "setoption name ", "position startpos moves "}[rnd.nextInt(4)]);
            System.arraycopy(p, 0, b, 0, Math.min(p.length, n));
        }
        return b;
    }

    /** A 1 MB line: legal knight shuffles, a huge token, many tokens, or a huge option name/value. */
    private byte[] megabyte() {
        StringBuilder sb = new StringBuilder(1 << 20);
        switch (rnd.nextInt(5)) {
            case 0 -> {
                sb.append("position startpos moves");
                while (sb.length() < 1_000_000) sb.append(" g1f3 g8f6 f3g1 f6g8");
            }
            case 1 -> {
                sb.append("position fen ");
                while (sb.length() < 1_000_000) sb.append("rnbqkbnr/");
            }
            case 2 -> {
                sb.append("go depth 2");
                while (sb.length() < 1_000_000) sb.append(" searchmoves e2e4 nodes 12");
            }
            case 3 -> {
                sb.append("setoption name ");
                while (sb.length() < 1_000_000) sb.append(rnd.nextBoolean() ? "Hash" : "x");
                sb.append(" value 3");
            }
            default -> {
                while (sb.length() < 1_000_000) sb.append((char) ('a' + rnd.nextInt(26)));
            }
        }
        return ascii(sb.toString());
    }

    private String words() {
        StringBuilder sb = new StringBuilder();
        int n = 1 + rnd.nextInt(8);
        for (int i = 0; i < n; i++) {
            if (i > 0) sb.append(' ');
            sb.append(rnd.nextInt(4) == 0 ? NUMBERS[rnd.nextInt(NUMBERS.length)] : WORDS[rnd.nextInt(WORDS.length)]);
        }
        return sb.toString();
    }

    private String validCommand() {
        return switch (rnd.nextInt(16)) {
            case 0, 1, 2 -> positionCommand();
            case 3, 4, 5, 6 -> goCommand();
            case 7 -> "stop";
            case 8 -> "ponderhit";
            case 9 -> "isready";
            case 10 -> "ucinewgame";
            case 11, 12 -> setoption();
            case 13 -> "d";
            case 14 -> rnd.nextInt(4) == 0 ? "bench " + (1 + rnd.nextInt(2)) : "debug " + (rnd.nextBoolean() ? "on" : "off");
            default -> rnd.nextInt(3) == 0 ? "uci" : "go perft " + (1 + rnd.nextInt(3));
        };
    }

    private String positionCommand() {
        String fen = FENS[rnd.nextInt(FENS.length)];
        Position p = Position.fromFen(fen);
        StringBuilder sb = new StringBuilder(rnd.nextBoolean() && fen.equals(FENS[0]) ? "position startpos" : "position fen " + fen);
        int plies = rnd.nextInt(rnd.nextBoolean() ? 4 : 40);
        if (plies > 0 || rnd.nextInt(8) == 0) sb.append(" moves");
        int[] moves = new int[MoveGen.MAX_MOVES];
        for (int i = 0; i < plies; i++) {
            int n = MoveGen.legal(p, moves, 0);
            if (n == 0) break;
            int m = moves[rnd.nextInt(n)];
            sb.append(' ').append(Move.toUci(m));
            p.makeMove(m);
        }
        if (rnd.nextInt(6) == 0) { // an illegal or malformed move at the end
            String[] bad = {"e2e5", "a1a1", "e7e8k", "zz99", "e2e4e", "E2E4", "0000", "e1g1", "a7a8q", "h9h1"};
            sb.append(plies == 0 && sb.indexOf(" moves") < 0 ? " moves " : " ").append(bad[rnd.nextInt(bad.length)]);
        }
        return sb.toString();
    }

    private String goCommand() {
        StringBuilder sb = new StringBuilder("go");
        switch (rnd.nextInt(12)) {
            case 0 -> sb.append(" depth ").append(1 + rnd.nextInt(4));
            case 1 -> sb.append(" nodes ").append(1 + rnd.nextInt(3000));
            case 2 -> sb.append(" movetime ").append(rnd.nextInt(8) - 2);
            case 3 -> sb.append(" wtime ").append(rnd.nextInt(300) - 100).append(" btime ").append(rnd.nextInt(300) - 100)
                    .append(rnd.nextBoolean() ? " winc -5 binc 0" : "");
            case 4 -> sb.append(" infinite");
            case 5 -> sb.append(" ponder wtime 100 btime 100");
            case 6 -> sb.append(" mate ").append(1 + rnd.nextInt(3));
            case 7 -> sb.append(" depth ").append(NUMBERS[rnd.nextInt(NUMBERS.length)]);
            case 8 -> sb.append(" nodes ").append(NUMBERS[rnd.nextInt(NUMBERS.length)]);
            case 9 -> sb.append(" movestogo ").append(NUMBERS[rnd.nextInt(NUMBERS.length)]).append(" wtime 50 btime 50");
            case 10 -> sb.append(" depth 3 searchmoves e2e4 a7a8q zz99 g1f3");
            default -> { } // bare go: runs until stop
        }
        return sb.toString();
    }

    private String setoption() {
        String name = OPTION_NAMES[rnd.nextInt(OPTION_NAMES.length)];
        return switch (rnd.nextInt(6)) {
            case 0 -> "setoption name " + name;
            case 1 -> "setoption name " + name + " value";
            case 2 -> "setoption " + name + " value 1";
            case 3 -> "setoption name " + name + " value " + (rnd.nextBoolean() ? "true" : "False");
            default -> "setoption name " + name + " value " + NUMBERS[rnd.nextInt(NUMBERS.length)];
        };
    }

    /** Byte-level mutations: flip, delete, insert, duplicate a span, truncate, splice in invalid UTF-8. */
    private byte[] mutate(byte[] in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] b = in.clone();
        int k = 1 + rnd.nextInt(3);
        for (int j = 0; j < k && b.length > 0; j++) {
            int at = rnd.nextInt(b.length);
            switch (rnd.nextInt(6)) {
                case 0 -> b[at] ^= (byte) (1 << rnd.nextInt(8));
                case 1 -> b = concat(slice(b, 0, at), slice(b, at + 1, b.length));
                case 2 -> b = concat(slice(b, 0, at), new byte[]{(byte) (rnd.nextBoolean() ? ' ' : "0123456789-/ \tq"
                        .charAt(rnd.nextInt(15)))}, slice(b, at, b.length));
                case 3 -> {
                    int to = Math.min(b.length, at + 1 + rnd.nextInt(12));
                    b = concat(slice(b, 0, to), slice(b, at, to), slice(b, to, b.length));
                }
                case 4 -> b = slice(b, 0, at);
                default -> b = concat(slice(b, 0, at), new byte[][]{{(byte) 0xFF}, {(byte) 0xC3}, {(byte) 0x80},
                        {(byte) 0xE2, (byte) 0x82}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {0}}[rnd.nextInt(6)],
                        slice(b, at, b.length));
            }
        }
        for (int i = 0; i < b.length; i++) if (b[i] == '\n' || b[i] == '\r') b[i] = ' ';
        out.writeBytes(b);
        return out.toByteArray();
    }

    private static byte[] slice(byte[] b, int from, int to) {
        return java.util.Arrays.copyOfRange(b, from, Math.max(from, to));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (byte[] p : parts) o.writeBytes(p);
        return o.toByteArray();
    }

    // ---- the model

    /** Applies the line to the model; false (nothing applied) for the lines this test must not send. */
    private boolean accept(String text) {
        UciEngine.Command c = UciParser.parse(text, w -> { });
        if (c instanceof UciEngine.Quit) return false;
        if (c instanceof UciEngine.Bench bench) return bench.depth() <= 2;
        if (c instanceof UciEngine.Go go) {
            SearchLimits l = go.limits();
            if (l.perft() > 0) return l.perft() <= 4;
            gos.add(position.copy());
            return true;
        }
        if (c instanceof UciEngine.NewGame) position = Position.startPos(chess960);
        if (c instanceof UciEngine.SetPosition s) {
            try {
                Position p = s.fen() == null ? Position.startPos(chess960) : Position.fromFen(s.fen(), chess960);
                for (String m : s.moves()) {
                    Position next = p.copy();
                    next.makeMove(MoveGen.parseUci(p, m));
                    p = next;
                }
                position = p;
            } catch (IllegalArgumentException rejected) {
                // the engine must keep the previous position
            }
        }
        if (c instanceof UciEngine.SetOption o) return option(o.name(), o.value());
        return true;
    }

    private boolean option(String name, String value) {
        String key = name.toLowerCase(Locale.ROOT);
        switch (key) {
            case "hash" -> {
                Long v = spin(value, 1, EngineOptions.MAX_HASH);
                if (v == null) return true;
                if (v > 64) return false; // bounded memory: the JVM-limit case is UciFaultTest's
                hash = Integer.highestOneBit(v.intValue());
            }
            case "threads" -> {
                Long v = spin(value, 1, EngineOptions.MAX_THREADS);
                if (v != null) threads = v.intValue();
            }
            case "move overhead" -> {
                Long v = spin(value, 0, 5000);
                if (v != null) overhead = v.intValue();
            }
            case "multipv" -> {
                Long v = spin(value, 1, 256);
                if (v != null) multiPv = v.intValue();
            }
            case "ponder" -> {
                if ("true".equalsIgnoreCase(value)) ponderOpt = true;
                else if ("false".equalsIgnoreCase(value)) ponderOpt = false;
            }
            case "uci_chess960" -> {
                boolean was = chess960;
                if ("true".equalsIgnoreCase(value)) chess960 = true;
                else if ("false".equalsIgnoreCase(value)) chess960 = false;
                if (chess960 != was) {
                    try {
                        position = Position.fromFen(position.toFen(), chess960);
                    } catch (IllegalArgumentException chess960Only) {
                        position = Position.startPos(chess960);
                    }
                }
            }
            default -> { } // Clear Hash, unknown and misspelled names: no value changes
        }
        return true;
    }

    /** EngineOptions' spin rules: missing or non-numeric changes nothing; out of range (even past long) clamps. */
    private static Long spin(String value, long min, long max) {
        if (value == null || value.trim().isEmpty()) return null;
        String v = value.trim();
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            if (!v.matches("-?\\d+")) return null;
            n = v.startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return Math.max(min, Math.min(max, n));
    }

    // ---- sending and checking

    private void send(String line) {
        send(ascii(line));
    }

    private void send(byte[] line) {
        UciEngine.Command c = UciParser.parse(new String(line, StandardCharsets.UTF_8), w -> { });
        if (c instanceof UciEngine.IsReady) readySent++;
        if (c instanceof UciEngine.Display) dSent++;
        inputs++;
        bytes += line.length + 1;
        engine.sendRaw(line);
    }

    /** Each line is a UCI line; each bestmove answers the next go in order and is legal there. */
    private void check(List<String> lines) {
        for (String l : lines) {
            assertTrue(EngineProcess.UCI_LINE.matcher(l).matches(), () -> "not a UCI line: '" + l + "'" + context());
            if (l.equals("readyok")) readyGot++;
            if (l.startsWith("info string options ")) lastOptions = l;
            if (l.startsWith("info string fen ")) {
                dGot++;
                lastFen = l;
            }
            if (!l.startsWith("bestmove")) continue;
            assertTrue(answered < gos.size(), () -> "bestmove with no go pending: " + l + context());
            Position p = gos.get(answered);
            String[] t = l.split(" ");
            int[] list = new int[MoveGen.MAX_MOVES];
            if (MoveGen.legal(p, list, 0) == 0) {
                assertEquals("0000", t[1], () -> "no legal move in " + p.toFen() + context());
            } else {
                int at = answered;
                assertDoesNotThrow(() -> MoveGen.parseUci(p, t[1]),
                        () -> "go #" + at + ": '" + l + "' not legal in " + p.toFen() + context());
            }
            answered++;
        }
    }

    private String context() {
        return "\nseed " + seed + ", gos " + gos.size() + ", answered " + answered + "\n" + engine.transcript();
    }
}
