package gacrux.board;

import gacrux.search.Perft;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

class PositionTest {
    static List<String> suiteFens() throws Exception {
        List<String> fens = new ArrayList<>();
        String last = null;
        for (PerftTest.Case c : PerftTest.cases()) {
            if (!c.fen().equals(last)) fens.add(c.fen());
            last = c.fen();
        }
        assertTrue(fens.size() >= 150);
        return fens;
    }

    @Test
    void quietGivesCheckAgreesWithMakeAndInCheck() throws Exception {
        // Every quiet, non-castling move two plies deep from every suite position: direct, discovered and
        // slider checks, pinned movers, kings moving off a line.
        int[] moves = new int[256], replies = new int[256];
        int checked = 0, checks = 0;
        for (String fen : suiteFens()) {
            Position p = Position.fromFen(fen);
            int n = MoveGen.legal(p, moves, 0);
            for (int i = 0; i <= n; i++) {
                Position q = p;
                if (i < n) { q = p.copy(); q.makeMove(moves[i]); }
                int k = MoveGen.legal(q, replies, 0);
                for (int j = 0; j < k; j++) {
                    int m = replies[j];
                    if (Move.isTactical(m) || Move.kind(m) == Move.CASTLE) continue;
                    Position c = q.copy();
                    c.makeMove(m);
                    assertEquals(c.inCheck(), q.quietGivesCheck(m), q.toFen() + " " + Move.toUci(m));
                    checked++;
                    if (c.inCheck()) checks++;
                }
            }
        }
        assertTrue(checked > 30_000 && checks > 1_500, checked + " moves, " + checks + " checks");
    }

    /**
     * The FEN as the Polyglot convention writes it back: an en-passant square stays only when a pawn of the
     * side to move stands beside the double-pushed pawn (a pseudo-legal capture); 4-field FENs get "0 1".
     */
    static String normalised(String fen) {
        String[] f = fen.trim().split("\\s+");
        String ep = f[3];
        if (!ep.equals("-")) {
            int sq = Bitboards.parseSquare(ep);
            boolean white = f[1].equals("w");
            int pawnRank = white ? 4 : 3; // rank index of the capturing pawns (5th / 4th rank)
            char mine = white ? 'P' : 'p';
            boolean capturer = false;
            for (int df = -1; df <= 1; df += 2) {
                int file = (sq & 7) + df;
                if (file >= 0 && file < 8 && pieceAt(f[0], pawnRank * 8 + file) == mine) capturer = true;
            }
            if (!capturer) ep = "-";
        }
        String counters = f.length == 6 ? f[4] + " " + f[5] : "0 1";
        return f[0] + " " + f[1] + " " + f[2] + " " + ep + " " + counters;
    }

    private static char pieceAt(String board, int sq) {
        String[] ranks = board.split("/");
        String rank = ranks[7 - (sq >> 3)];
        int file = 0;
        for (char c : rank.toCharArray()) {
            if (Character.isDigit(c)) file += c - '0';
            else if (file++ == (sq & 7)) return c;
            if (file > (sq & 7)) return ' ';
        }
        return ' ';
    }

    @Test
    void fenRoundTripOverTheWholePerftSuite() throws Exception {
        int epKept = 0, epDropped = 0;
        for (String fen : suiteFens()) {
            Position p = Position.fromFen(fen);
            String expected = normalised(fen);
            assertEquals(expected, p.toFen(), fen);
            assertEquals(expected, Position.fromFen(p.toFen()).toFen(), "second round trip of " + fen);
            assertEquals(p.key(), Position.fromFen(p.toFen()).key());
            assertEquals(p.computeKey(), p.key());
            String ep = fen.trim().split("\\s+")[3];
            if (!ep.equals("-")) {
                if (expected.split(" ")[3].equals("-")) epDropped++;
                else epKept++;
            }
        }
        assertTrue(epKept > 0, "suite has en-passant squares that are kept");
    }

    @Test
    void enPassantSquareKeptOnlyWhenACaptureIsPseudoLegal() {
        // After 1.e4 no black pawn can capture: the square is dropped, so the key equals the "-" FEN's key.
        Position noCapturer = Position.fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        assertEquals(-1, noCapturer.epSquare());
        assertEquals("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", noCapturer.toFen());
        assertEquals(Position.fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key(), noCapturer.key());

        // A black pawn on d4 can capture: the square is kept and hashed.
        String withCapturer = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        Position kept = Position.fromFen(withCapturer);
        assertEquals(Bitboards.parseSquare("e3"), kept.epSquare());
        assertEquals(withCapturer, kept.toFen());
        assertNotEquals(Position.fromFen(withCapturer.replace(" e3 ", " - ")).key(), kept.key());

        // The same rule applies when making the double push.
        Position start = Position.startPos();
        start.makeMove(MoveGen.parseUci(start, "e2e4"));
        assertEquals(-1, start.epSquare());
        Position p = Position.fromFen("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        p.makeMove(MoveGen.parseUci(p, "e2e4"));
        assertEquals(withCapturer, p.toFen());
        assertEquals(kept.key(), p.key());

        // Pseudo-legal is enough: the capture here is illegal (it uncovers the rook on the king), the square stays.
        Position pinned = Position.fromFen("8/8/8/K1pP3r/8/8/8/4k3 w - c6 0 1");
        assertEquals(Bitboards.parseSquare("c6"), pinned.epSquare());
        assertEquals(Bitboards.parseSquare("d3"), Position.fromFen("4k3/8/8/8/2pP4/8/8/4K3 b - d3 0 1").epSquare());
        // A neighbour of the wrong colour, a pawn two files away, or one across the board edge does not count.
        assertEquals(-1, Position.fromFen("4k3/8/8/8/2PP4/8/8/4K3 b - d3 0 1").epSquare());
        assertEquals(-1, Position.fromFen("4k3/8/8/8/1p1P4/8/8/4K3 b - d3 0 1").epSquare());
        assertEquals(-1, Position.fromFen("4k3/8/8/8/P6p/8/8/4K3 b - a3 0 1").epSquare());
        assertEquals(-1, Position.fromFen("4k3/8/8/p6P/8/8/8/4K3 w - a6 0 1").epSquare());
        assertEquals(Bitboards.parseSquare("a6"), Position.fromFen("4k3/8/8/pP6/8/8/8/4K3 w - a6 0 1").epSquare());
    }

    record Bad(String fen, String messagePart) {}

    @Test
    void badFensAreRejectedWithAMessageNamingTheProblem() {
        String start = Position.START_FEN;
        List<Bad> bad = List.of(
            new Bad("", "empty"),
            new Bad("   ", "empty"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "6 fields"),
            new Bad(start + " extra", "6 fields"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "8 ranks"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "bad piece letter 'X'"),
            new Bad("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 is not 8 files wide"),
            new Bad("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter '9'"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "rank 1 is not 8 files wide"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "rank 1 is not 8 files wide"),
            new Bad("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 2 is not 8 files wide"),
            new Bad("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 is not 8 files wide"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 3 is not 8 files wide"),
            new Bad("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "missing black king"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "missing white king"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "extra white king"),
            new Bad("rnbqkbnr/pppppppp/8/8/3k4/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "extra black king"),
            new Bad("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "side not to move is in check"),
            new Bad("4k3/8/8/8/8/8/8/r3K3 b - - 0 1", "side not to move is in check"),
            new Bad("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on rank 1 or 8"),
            new Bad("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "pawn on rank 1 or 8"),
            new Bad("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right 'K' without its rook"),
            new Bad("r3k3/8/8/8/8/8/8/4K3 w k - 0 1", "castling right 'k' without its rook"),
            new Bad("4k3/8/8/8/8/8/4K3/R6R w K - 0 1", "castling right 'K' without its king"),
            new Bad("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", "castling right 'K' without its king and rook on their home"),
            new Bad("4k3/8/8/8/8/8/8/R3K2R w HKQ - 0 1", "castling letter 'K' repeated"),
            new Bad("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "UCI_Chess960"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "bad castling letter 'x'"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkq - 0 1", "repeated"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "impossible en-passant square e6"),
            new Bad("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", "impossible en-passant square e4"),
            new Bad("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "impossible en-passant square e3"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "bad en-passant square 'z9'"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "move counters must be numbers"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", "move counters must be numbers"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "negative halfmove"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove number"),
            new Bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move must be 'w' or 'b'")
        );
        for (Bad b : bad) {
            FenException e = assertThrows(FenException.class, () -> Position.fromFen(b.fen()), "accepted: " + b.fen());
            assertTrue(e.getMessage().contains(b.messagePart()),
                    "message for '" + b.fen() + "' was '" + e.getMessage() + "', expected it to mention '" + b.messagePart() + "'");
        }
        FenException nullFen = assertThrows(FenException.class, () -> Position.fromFen(null));
        assertTrue(nullFen.getMessage().contains("empty"));
    }

    @Test
    void fourFieldFenGetsDefaultCounters() {
        Position p = Position.fromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
        assertEquals(Position.START_FEN, p.toFen());
        assertEquals(0, p.halfmoveClock());
        assertEquals(1, p.fullmoveNumber());
    }

    @Test
    void mirroredTwiceIsTheOriginalAndPerftIsSymmetric() throws Exception {
        Perft perft = new Perft();
        int i = 0;
        for (String fen : suiteFens()) {
            Position p = Position.fromFen(fen);
            Position m = p.mirrored();
            assertEquals(p.toFen(), m.mirrored().toFen(), fen);
            assertEquals(p.key(), m.mirrored().key());
            assertEquals(m.computeKey(), m.key());
            assertEquals(1 - p.sideToMove(), m.sideToMove());
            assertEquals(m.toFen(), Position.fromFen(m.toFen()).toFen(), "mirror of " + fen + " is a valid FEN");
            if (i++ % 4 == 0) assertEquals(perft.perft(p, 3), perft.perft(m, 3), "perft 3 of the mirror of " + fen);
        }
        assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", Position.startPos().mirrored().toFen());
    }

    @Test
    void makeMoveUpdatesStateAndCounters() {
        Position p = Position.startPos();
        p.makeMove(MoveGen.parseUci(p, "g1f3"));
        assertEquals("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", p.toFen());
        p.makeMove(MoveGen.parseUci(p, "e7e5"));
        assertEquals("rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2", p.toFen());
        p.makeMove(MoveGen.parseUci(p, "f3e5"));
        assertEquals(Piece.make(Piece.WHITE, Piece.KNIGHT), p.pieceAt(Bitboards.parseSquare("e5")));
        assertEquals("rnbqkbnr/pppp1ppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 2", p.toFen());

        Position castle = Position.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 10");
        castle.makeMove(MoveGen.parseUci(castle, "e1g1"));
        assertEquals("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 4 10", castle.toFen());
        castle.makeMove(MoveGen.parseUci(castle, "e8c8"));
        assertEquals("2kr3r/8/8/8/8/8/8/R4RK1 w - - 5 11", castle.toFen());

        // Capturing a rook on its home square removes the opponent's right.
        Position rookTaken = Position.fromFen("r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1");
        rookTaken.makeMove(MoveGen.parseUci(rookTaken, "g2a8"));
        assertEquals("B3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1", rookTaken.toFen());

        Position ep = Position.fromFen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        ep.makeMove(MoveGen.parseUci(ep, "e5f6"));
        assertEquals("rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3", ep.toFen());

        Position promo = Position.fromFen("3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1");
        promo.makeMove(MoveGen.parseUci(promo, "e7d8n"));
        assertEquals("3N4/8/8/8/8/8/8/k3K3 b - - 0 1", promo.toFen());
    }

    @Test
    void copyIsIndependentAndEqual() {
        Random rnd = new Random(7);
        int[] list = new int[MoveGen.MAX_MOVES];
        Position p = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        for (int i = 0; i < 40; i++) {
            Position c = p.copy();
            assertEquals(p.toFen(), c.toFen());
            assertEquals(p.key(), c.key());
            int n = MoveGen.legal(p, list, 0);
            if (n == 0) break;
            String before = p.toFen();
            c.makeMove(list[rnd.nextInt(n)]);
            assertEquals(before, p.toFen(), "moving the copy leaves the original alone");
            p.copyFrom(c);
            assertEquals(c.toFen(), p.toFen());
        }
    }

    @Test
    void attackQueries() {
        Position p = Position.fromFen("4k3/8/8/8/4r3/8/8/3QK3 w - - 0 1");
        assertTrue(p.inCheck());
        assertEquals(1L << Bitboards.parseSquare("e4"), p.checkers());
        assertTrue(p.isAttacked(Bitboards.parseSquare("e2"), Piece.BLACK));
        assertFalse(p.isAttacked(Bitboards.parseSquare("d2"), Piece.BLACK));
        assertEquals(Bitboards.parseSquare("e1"), p.kingSquare(Piece.WHITE));
        assertFalse(Position.startPos().inCheck());
        assertEquals(0, Position.startPos().checkers());
        assertTrue(Position.fromFen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").onlyPawns(Piece.WHITE));
        assertFalse(Position.fromFen("4k3/8/8/8/8/8/4P3/3QK3 w - - 0 1").onlyPawns(Piece.WHITE));
    }
}
