package gacrux.uci;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/** UCI_Chess960 over the UCI conversation: the option, FENs, king-takes-rook moves, search and perft in 960 mode. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class Chess960UciTest {
    static final Duration START = Duration.ofSeconds(30);
    static final Duration WAIT = Duration.ofSeconds(20);

    /** King c1, rooks b1 and g1 (castling G and B for both sides), everything between them empty. */
    static final String OPEN_960 = "1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/1RK3R1 w GBgb - 0 1";
    /** O-O-O (king b1 to c1, rook a1 to d1) mates: the rook checks on the d-file, the king's flight squares are
     * its own pieces and d7. It is the only mate in one. */
    static final String CASTLE_MATES = "2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1";
    static final String CORNERS = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

    /** An in-process engine after the handshake, with UCI_Chess960 set as given. */
    static EngineProcess ready(boolean chess960) {
        EngineProcess e = EngineProcess.inProcess();
        e.send("uci");
        e.waitFor("uciok", START);
        if (chess960) e.send("setoption name UCI_Chess960 value true");
        return e;
    }

    static String fen(EngineProcess e) {
        e.send("d");
        String d = e.waitFor("info string fen ", WAIT);
        return d.substring("info string fen ".length(), d.indexOf(" key "));
    }

    @Test
    void optionIsOfferedAndShownByD() {
        try (EngineProcess e = EngineProcess.inProcess()) {
            e.send("uci");
            List<String> hello = e.waitForAll(l -> l.equals("uciok"), START);
            assertTrue(hello.contains("option name UCI_Chess960 type check default false"), hello::toString);
            e.send("d");
            assertTrue(e.waitFor("info string options", WAIT).contains(" UCI_Chess960=false"));
            assertEquals("info string fen " + Position.START_FEN, e.waitFor("info string fen", WAIT).split(" key ")[0]);
            e.send("setoption name UCI_Chess960 value maybe");
            String maybe = e.waitFor("info string", WAIT);
            assertTrue(maybe.contains("needs true or false; unchanged"), maybe);
            e.send("setoption name UCI_Chess960 value true");
            e.send("d");
            assertTrue(e.waitFor("info string options", WAIT).contains(" UCI_Chess960=true "));
            // The start position is kept and now printed with Shredder-FEN castling.
            assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", fen(e));
            UciConversationTest.finish(e);
        }
    }

    @Test
    void kingTakesRookIsAcceptedIn960ModeAndRefusedInStandardMode() {
        try (EngineProcess e = ready(false)) {
            // Standard mode: e1g1 castles, e1h1 is refused and the position stays as it was.
            e.send("position fen " + CORNERS + " moves e1g1");
            assertEquals("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", fen(e));
            e.send("position fen " + CORNERS + " moves e1h1");
            String refused = e.waitFor("info string", WAIT);
            assertTrue(refused.contains("invalid move") && refused.contains("e1h1"), refused);
            assertEquals("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", fen(e));
            // A Chess960 FEN needs the option.
            e.send("position fen " + OPEN_960);
            String needs = e.waitFor("info string", WAIT);
            assertTrue(needs.contains("invalid FEN") && needs.contains("UCI_Chess960"), needs);
            assertEquals("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", fen(e));

            e.send("setoption name UCI_Chess960 value true");
            e.send("position fen " + CORNERS + " moves e1h1 e8a8");
            assertEquals("2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2", fen(e));
            e.send("position fen " + CORNERS + " moves e1g1");
            assertTrue(e.waitFor("info string", WAIT).contains("invalid move"));
            assertEquals("2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2", fen(e));
            e.send("position fen " + OPEN_960 + " moves c1g1 c8b8");
            assertEquals("2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w - - 2 2", fen(e));
            UciConversationTest.finish(e);
        }
    }

    @Test
    void badCastlingRightsAreReportedAndThePositionKept() {
        try (EngineProcess e = ready(true)) {
            e.send("position fen " + OPEN_960);
            for (String bad : List.of(
                    "4k3/8/8/8/8/8/8/R3K3 w B - 0 1",          // no rook on b1
                    "4k3/8/8/8/8/8/4K3/R6R w K - 0 1",        // king not on rank 1
                    "4k3/8/8/8/8/8/8/4K1RR w HG - 0 1")) {    // two rights on one side
                e.send("position fen " + bad);
                String info = e.waitFor("info string", WAIT);
                assertTrue(info.startsWith("info string invalid FEN (position unchanged): castling"), info);
                assertEquals(OPEN_960, fen(e));
            }
            UciConversationTest.finish(e);
        }
    }

    @Test
    void searchPlaysTheMatingCastlingMoveInKingTakesRookNotation() {
        try (EngineProcess e = ready(true)) {
            e.send("position fen " + CASTLE_MATES);
            e.send("go depth 4");
            List<String> lines = e.waitForAll(l -> l.startsWith("bestmove"), WAIT);
            assertEquals("bestmove b1a1", lines.get(lines.size() - 1), e::transcript);
            assertTrue(lines.stream().anyMatch(l -> l.contains(" score mate 1 ")), e::transcript);
            // Every bestmove from a 960 game is legal in 960 notation.
            Position p = Position.fromFen(OPEN_960, true);
            e.send("position fen " + OPEN_960);
            e.send("go depth 5");
            String best = e.waitFor("bestmove", WAIT).split(" ")[1];
            assertDoesNotThrow(() -> MoveGen.parseUci(p, best), best);
            UciConversationTest.finish(e);
        }
    }

    /**
     * The parallel searches in 960 mode: DTS and Lazy SMP at 2 threads find the castling mate (king-takes-rook
     * notation) and play a few moves of a 960 game, each bestmove legal in the position the moves reached.
     */
    @Test
    void dtsAndLazySmpSearchChess960Positions() {
        for (String mode : List.of("DTS", "Lazy")) {
            try (EngineProcess e = ready(true)) {
                e.send("setoption name SMP value " + mode);
                e.send("setoption name Threads value 2");
                e.send("position fen " + CASTLE_MATES);
                e.send("go depth 5");
                List<String> lines = e.waitForAll(l -> l.startsWith("bestmove"), WAIT);
                assertEquals("bestmove b1a1", lines.get(lines.size() - 1), mode + "\n" + e.transcript());
                assertTrue(lines.contains("info string search " + (mode.equals("DTS") ? "DTS" : "Lazy SMP") + ", 2 threads"),
                        e::transcript);
                List<String> moves = new java.util.ArrayList<>();
                Position p = Position.fromFen(OPEN_960, true);
                for (int ply = 0; ply < 6; ply++) {
                    e.send("position fen " + OPEN_960 + (moves.isEmpty() ? "" : " moves " + String.join(" ", moves)));
                    e.send("go depth 6");
                    String best = e.waitFor("bestmove", WAIT).split(" ")[1];
                    Position at = p;
                    int m = assertDoesNotThrow(() -> MoveGen.parseUci(at, best), mode + " ply " + ply + ": " + best);
                    p = p.copy();
                    p.makeMove(m);
                    moves.add(best);
                }
                UciConversationTest.finish(e);
            }
        }
    }

    @Test
    void goPerftCountsChess960Castling() {
        try (EngineProcess e = ready(true)) {
            // Position 0 of the Chess960 perft suite.
            e.send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
            e.send("go perft 3");
            assertEquals("Nodes searched: 12189", e.waitFor("Nodes searched", WAIT));
            e.send("position fen " + OPEN_960);
            e.send("go perft 1");
            List<String> divide = e.waitForAll(l -> l.startsWith("Nodes searched"), WAIT);
            assertTrue(divide.contains("c1g1: 1") && divide.contains("c1b1: 1"), divide::toString);
            UciConversationTest.finish(e);
        }
    }

    @Test
    void turningTheOptionOffReplacesAChess960OnlyPosition() {
        try (EngineProcess e = ready(true)) {
            e.send("position fen " + CORNERS);
            e.send("setoption name UCI_Chess960 value false");
            assertEquals(CORNERS, fen(e), "a standard position survives the switch, printed KQkq again");
            e.send("setoption name UCI_Chess960 value true");
            e.send("position fen " + OPEN_960);
            e.send("setoption name UCI_Chess960 value false");
            assertTrue(e.waitFor("info string", WAIT).contains("UCI_Chess960 off"));
            assertEquals(Position.START_FEN, fen(e));
            e.send("ucinewgame");
            assertEquals(Position.START_FEN, fen(e));
            UciConversationTest.finish(e);
        }
    }
}
