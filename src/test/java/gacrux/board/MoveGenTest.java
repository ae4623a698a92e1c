package gacrux.board;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.*;

class MoveGenTest {
    static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    static List<Integer> legal(Position p) {
        int[] list = new int[MoveGen.MAX_MOVES];
        int n = MoveGen.legal(p, list, 0);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(list[i]);
        return out;
    }

    static Set<String> uci(List<Integer> moves) {
        Set<String> s = new TreeSet<>();
        for (int m : moves) assertTrue(s.add(Move.toUci(m)), "duplicate move " + Move.toUci(m));
        return s;
    }

    static Set<String> legalUci(String fen) { return uci(legal(Position.fromFen(fen))); }

    static Set<String> from(Set<String> moves, String square) {
        Set<String> s = new TreeSet<>();
        for (String m : moves) if (m.startsWith(square)) s.add(m);
        return s;
    }

    @Test
    void pinnedPiecesMoveOnlyAlongThePinLine() {
        // Rook e2 pinned on the file by the rook on e4: it may slide to e3 or capture on e4, nothing sideways.
        Set<String> rookPin = legalUci("4k3/8/8/8/4r3/8/4R3/4K3 w - - 0 1");
        assertEquals(Set.of("e2e3", "e2e4"), from(rookPin, "e2"));
        // Knight d2 pinned on the diagonal by the bishop a5: no moves at all.
        assertEquals(Set.of(), from(legalUci("4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1"), "d2"));
        // Bishop d2 pinned on the same diagonal: moves along it only (c3, b4, and the capture on a5).
        assertEquals(Set.of("d2c3", "d2b4", "d2a5"), from(legalUci("4k3/8/8/b7/8/8/3B4/4K3 w - - 0 1"), "d2"));
        // Pawn pinned by a rook on the file can push; pinned by a bishop it can only capture the pinner.
        assertEquals(Set.of("e2e3"), from(legalUci("4k3/8/8/8/4r3/8/4P3/4K3 w - - 0 1"), "e2"), "e4 is occupied by the pinner");
        assertEquals(Set.of("e2e3", "e2e4"), from(legalUci("4k3/4r3/8/8/8/8/4P3/4K3 w - - 0 1"), "e2"));
        assertEquals(Set.of("e2f3"), from(legalUci("4k3/8/8/8/8/5b2/4P3/3K4 w - - 0 1"), "e2"));
        assertEquals(Set.of(), from(legalUci("4k3/8/8/8/8/8/r2PK3/8 w - - 0 1"), "d2"), "pawn pinned on the rank cannot move");
        // Queen pinned diagonally keeps the diagonal moves only.
        assertEquals(Set.of("f2g3", "f2h4"), from(legalUci("4k3/8/8/8/7b/8/5Q2/4K3 w - - 0 1"), "f2"));
    }

    @Test
    void doubleCheckAllowsOnlyKingMoves() {
        // Knight f3 and rook a1 both check; the queen could capture either checker, but may not.
        Position p = Position.fromFen("4k3/8/8/8/8/Q4n2/8/r3K3 w - - 0 1");
        assertEquals(2, Long.bitCount(p.checkers()));
        List<Integer> moves = legal(p);
        for (int m : moves) assertEquals(Piece.KING, Move.mover(m), Move.toUci(m));
        assertEquals(Set.of("e1e2", "e1f2"), uci(moves));
        // With only one checker, the queen's captures are legal.
        Set<String> single = legalUci("4k3/8/8/8/8/Q4n2/8/4K3 w - - 0 1");
        assertTrue(single.contains("a3f3"), single.toString());
    }

    @Test
    void singleCheckRestrictsToCaptureBlockOrKingMove() {
        assertEquals(Set.of("d1e2", "e1d2", "e1f1", "e1f2"), legalUci("4k3/8/8/8/4r3/8/8/3QK3 w - - 0 1"));
        // Pawn checker captured en passant is an evasion.
        Set<String> ep = legalUci("8/8/8/4k3/2pP4/8/8/4K3 b - d3 0 1");
        assertTrue(ep.contains("c4d3"), ep.toString());
        assertFalse(ep.contains("c4c3"), "a push does not answer the check");
    }

    @Test
    void enPassantThatUncoversARankAttackIsIllegal() {
        String fen = "8/8/8/K1pP3r/8/8/8/4k3 w - c6 0 1";
        assertEquals(Bitboards.parseSquare("c6"), Position.fromFen(fen).epSquare());
        Set<String> moves = legalUci(fen);
        assertFalse(moves.contains("d5c6"), "both pawns leave the 5th rank and expose the king to the rook");
        assertTrue(moves.contains("d5d6"));
        // Without the rook the same capture is legal.
        assertTrue(legalUci("8/8/8/K1pP4/8/8/8/4k3 w - c6 0 1").contains("d5c6"));
        // Black to move, king on the 4th rank with a queen behind the pawns.
        Set<String> black = legalUci("8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1");
        assertFalse(black.contains("e4d3"), black.toString());
        // King h2 on the diagonal b8-h2, pawn e5 pinned by the bishop b8: capturing en passant on f6 leaves the
        // diagonal, capturing on d6 stays on it.
        Set<String> offLine = legalUci("1b5k/8/8/4Pp2/8/8/7K/8 w - f6 0 1");
        assertFalse(offLine.contains("e5f6"), offLine.toString());
        assertFalse(offLine.contains("e5e6"), offLine.toString());
        Set<String> onLine = legalUci("1b5k/8/8/3pP3/8/8/7K/8 w - d6 0 1");
        assertTrue(onLine.contains("e5d6"), onLine.toString());
    }

    @Test
    void castlingOutOfThroughOrIntoCheckIsForbidden() {
        String base = "4k3/8/8/8/%s/8/8/R3K2R w KQ - 0 1";
        Set<String> free = legalUci(String.format(base, "8"));
        assertTrue(free.containsAll(Set.of("e1g1", "e1c1")), free.toString());
        Set<String> outOf = legalUci(String.format(base, "4r3"));
        assertFalse(outOf.contains("e1g1") || outOf.contains("e1c1"), "no castling out of check");
        Set<String> throughF = legalUci(String.format(base, "5r2"));
        assertFalse(throughF.contains("e1g1"), "f1 attacked");
        assertTrue(throughF.contains("e1c1"));
        Set<String> throughD = legalUci(String.format(base, "3r4"));
        assertFalse(throughD.contains("e1c1"), "d1 attacked");
        assertTrue(throughD.contains("e1g1"));
        Set<String> intoG = legalUci(String.format(base, "6r1"));
        assertFalse(intoG.contains("e1g1"), "g1 attacked");
        Set<String> intoC = legalUci(String.format(base, "2r5"));
        assertFalse(intoC.contains("e1c1"), "c1 attacked");
        // Only the rook passes b1: an attack there does not stop queen-side castling.
        Set<String> b1 = legalUci(String.format(base, "1r6"));
        assertTrue(b1.contains("e1c1"), b1.toString());
        // Blocked by a piece between king and rook.
        assertFalse(legalUci("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1").contains("e1c1"));
        // Black side too: a knight covering f8.
        Set<String> black = legalUci("r3k2r/8/6N1/8/8/8/8/4K3 b kq - 0 1");
        assertFalse(black.contains("e8g8"), "the knight on g6 covers f8: " + black);
        assertTrue(black.contains("e8c8"), black.toString());
        Set<String> blackFree = legalUci("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1");
        assertTrue(blackFree.containsAll(Set.of("e8g8", "e8c8")));
        Position p = Position.fromFen(String.format(base, "8"));
        for (int m : legal(p)) if (Move.toUci(m).equals("e1g1")) assertEquals(Move.CASTLE, Move.kind(m));
    }

    @Test
    void allFourPromotionsAreGenerated() {
        Set<String> moves = legalUci("3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1");
        assertTrue(moves.containsAll(Set.of("e7e8q", "e7e8r", "e7e8b", "e7e8n", "e7d8q", "e7d8r", "e7d8b", "e7d8n")), moves.toString());
        assertFalse(moves.contains("e7e8"), "a pawn reaching the last rank must promote");
        Set<String> black = legalUci("k3K3/8/8/8/8/8/p7/8 b - - 0 1");
        assertTrue(black.containsAll(Set.of("a2a1q", "a2a1r", "a2a1b", "a2a1n")), black.toString());
        for (int m : legal(Position.fromFen("3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1")))
            if (Move.toUci(m).equals("e7d8n")) {
                assertEquals(Piece.KNIGHT, Move.promo(m));
                assertEquals(Piece.ROOK, Move.captured(m));
                assertEquals(Piece.PAWN, Move.mover(m));
            }
    }

    @Test
    void tacticalIsCapturesAndQueenPromotionsWhenNotInCheck() {
        for (String fen : new String[]{KIWIPETE, "3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1",
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"}) {
            Position p = Position.fromFen(fen);
            assertFalse(p.inCheck());
            Set<String> expected = new TreeSet<>();
            // Under-promotions, capturing or not, are left to the full search.
            for (int m : legal(p))
                if ((Move.isCapture(m) && Move.promo(m) == 0) || Move.promo(m) == Piece.QUEEN) expected.add(Move.toUci(m));
            int[] list = new int[MoveGen.MAX_MOVES];
            int n = MoveGen.tactical(p, list, 0);
            List<Integer> tac = new ArrayList<>();
            for (int i = 0; i < n; i++) tac.add(list[i]);
            assertEquals(expected, uci(tac), fen);
            assertFalse(expected.isEmpty());
        }
    }

    @Test
    void tacticalIsAllEvasionsWhenInCheck() {
        for (String fen : new String[]{"4k3/8/8/8/4r3/8/8/3QK3 w - - 0 1", "8/8/8/4k3/2pP4/8/8/4K3 b - d3 0 1",
                "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3",
                "4k3/8/8/8/8/Q4n2/8/r3K3 w - - 0 1",
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"}) {
            Position p = Position.fromFen(fen);
            assertTrue(p.inCheck(), fen);
            int[] list = new int[MoveGen.MAX_MOVES];
            int n = MoveGen.tactical(p, list, 0);
            List<Integer> tac = new ArrayList<>();
            for (int i = 0; i < n; i++) tac.add(list[i]);
            assertEquals(uci(legal(p)), uci(tac), fen);
            n = MoveGen.evasions(p, list, 0);
            assertEquals(legal(p).size(), n);
        }
        // The quiet block Qe2 is among them.
        Position p = Position.fromFen("4k3/8/8/8/4r3/8/8/3QK3 w - - 0 1");
        int[] list = new int[MoveGen.MAX_MOVES];
        int n = MoveGen.tactical(p, list, 0);
        boolean quiet = false;
        for (int i = 0; i < n; i++) quiet |= Move.toUci(list[i]).equals("d1e2");
        assertTrue(quiet);
    }

    @Test
    void movesAreWrittenFromTheStartIndex() {
        int[] list = new int[MoveGen.MAX_MOVES + 10];
        list[0] = 12345;
        int end = MoveGen.legal(Position.startPos(), list, 10);
        assertEquals(30, end);
        assertEquals(12345, list[0]);
    }

    @Test
    void parseUciAcceptsLegalMoves() {
        Position start = Position.startPos();
        int e4 = MoveGen.parseUci(start, "e2e4");
        assertEquals("e2e4", Move.toUci(e4));
        assertEquals(Move.DOUBLE_PUSH, Move.kind(e4));
        Position kiwi = Position.fromFen(KIWIPETE);
        int castle = MoveGen.parseUci(kiwi, "e1g1");
        assertEquals(Move.CASTLE, Move.kind(castle));
        assertEquals(Move.CASTLE, Move.kind(MoveGen.parseUci(kiwi, "e1c1")));
        int promo = MoveGen.parseUci(Position.fromFen("3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1"), "e7e8q");
        assertEquals(Piece.QUEEN, Move.promo(promo));
        int ep = MoveGen.parseUci(Position.fromFen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"), "e5f6");
        assertEquals(Move.EN_PASSANT, Move.kind(ep));
        assertTrue(MoveGen.isLegal(start, e4, new int[MoveGen.MAX_MOVES]));
        assertFalse(MoveGen.isLegal(start, castle, new int[MoveGen.MAX_MOVES]));
    }

    @Test
    void parseUciRejectsIllegalAndMalformedText() {
        Position start = Position.startPos();
        record Bad(Position p, String text, String why) {}
        Position pin = Position.fromFen("4k3/8/8/8/4r3/8/4R3/4K3 w - - 0 1");
        Position promo = Position.fromFen("3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1");
        List<Bad> bad = List.of(
            new Bad(start, "e2e5", "illegal"),
            new Bad(start, "e1g1", "illegal"),
            new Bad(start, "e7e5", "illegal"),
            new Bad(start, "e9e4", "malformed"),
            new Bad(start, "", "malformed"),
            new Bad(start, null, "malformed"),
            new Bad(start, "e2e4 ", "malformed"),
            new Bad(start, "E2E4", "malformed"),
            new Bad(start, "e2-e4", "malformed"),
            new Bad(promo, "e7e8k", "malformed"),
            new Bad(promo, "e7e8", "illegal"),
            new Bad(start, "e2e4q", "illegal"),
            new Bad(pin, "e2d2", "illegal"),
            new Bad(pin, "e2a2", "illegal"));
        for (Bad b : bad) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MoveGen.parseUci(b.p(), b.text()),
                    "accepted '" + b.text() + "'");
            assertTrue(e.getMessage().contains(b.why()), "'" + b.text() + "': " + e.getMessage());
            if (b.text() != null) assertTrue(e.getMessage().contains("'" + b.text() + "'"), e.getMessage());
        }
    }

    /** Perft with the count-only generator at the last ply. */
    static long countPerft(Position p, int depth) {
        if (depth == 1) return MoveGen.countLegal(p);
        int[] list = new int[MoveGen.MAX_MOVES];
        int n = MoveGen.legal(p, list, 0);
        long total = 0;
        Position child = new Position();
        for (int i = 0; i < n; i++) {
            child.copyFrom(p);
            child.makeMove(list[i]);
            total += countPerft(child, depth - 1);
        }
        return total;
    }

    @Test
    void countLegalMatchesTheSuiteAsTheLastPerftPly() throws Exception {
        int checked = 0;
        for (PerftTest.Case c : PerftTest.cases()) {
            if (c.nodes() > 1_000_000L) continue;
            assertEquals(c.nodes(), countPerft(Position.fromFen(c.fen()), c.depth()), c.fen() + " depth " + c.depth());
            checked++;
        }
        assertTrue(checked > 400, "cases checked: " + checked);
    }

    @Test
    void countLegalEqualsLegalOverRandomPlayouts() {
        java.util.Random rnd = new java.util.Random(99);
        int[] list = new int[MoveGen.MAX_MOVES];
        for (String fen : ZobristTest.FENS) {
            for (int game = 0; game < 200; game++) {
                Position p = Position.fromFen(fen);
                for (int ply = 0; ply < 150; ply++) {
                    int n = MoveGen.legal(p, list, 0);
                    assertEquals(n, MoveGen.countLegal(p), p.toFen());
                    if (n == 0) break;
                    p.makeMove(list[rnd.nextInt(n)]);
                }
            }
        }
    }

    @Test
    void checkmateAndStalemateHaveNoMoves() {
        assertEquals(0, legal(Position.fromFen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")).size());
        assertEquals(0, legal(Position.fromFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")).size());
        assertEquals(0, MoveGen.countLegal(Position.fromFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")));
    }
}
