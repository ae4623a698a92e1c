package gacrux.board;

import gacrux.search.Perft;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/** Chess960: castling FEN fields, castling on any files, king-takes-rook notation, keys, mirror. */
class Chess960Test {
    /** Position 0 of the Chess960 perft suite: king g1, rooks f1 and h1 (castling F and H). */
    static final String SUITE_0 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";

    static Set<String> legalUci(Position p) { return MoveGenTest.uci(MoveGenTest.legal(p)); }

    static Set<String> castles(Position p) {
        return MoveGenTest.uci(MoveGenTest.legal(p).stream().filter(m -> Move.kind(m) == Move.CASTLE).toList());
    }

    static String after(String fen, String move) {
        Position p = Position.fromFen(fen, true);
        p.makeMove(MoveGen.parseUci(p, move));
        return p.toFen();
    }

    @Test
    void xFenAndShredderFenDescribeTheSameCastling() {
        Position shredder = Position.fromFen(SUITE_0, true);
        Position xfen = Position.fromFen(SUITE_0.replace("HFhf", "KQkq"), true);
        Position mixed = Position.fromFen(SUITE_0.replace("HFhf", "HQkf"), true);
        for (Position p : new Position[]{xfen, mixed}) {
            assertEquals(shredder.key(), p.key());
            assertEquals(shredder.toFen(), p.toFen(), "960 mode prints Shredder-FEN castling");
            for (int right = 0; right < 4; right++)
                assertEquals(shredder.castling().rookSquare(right), p.castling().rookSquare(right));
        }
        assertEquals(SUITE_0, shredder.toFen());
        assertEquals(Bitboards.parseSquare("h1"), shredder.castling().rookSquare(0));
        assertEquals(Bitboards.parseSquare("f1"), shredder.castling().rookSquare(1));
        assertTrue(shredder.isChess960());
        // The same key as the standard-mode position: castling rights are hashed by right, not by rook file.
        String standardFen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assertEquals(Position.fromFen(standardFen).key(), Position.fromFen(standardFen, true).key());
        assertEquals("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", Position.fromFen(standardFen, true).toFen());
        assertEquals(standardFen, Position.fromFen(standardFen.replace("KQkq", "HAha")).toFen(),
                "standard mode reads Shredder letters of the corner rooks and prints KQkq");
    }

    @Test
    void xFenKMeansTheOutermostRookAndAFileLetterNamesAnInnerOne() {
        String two = "4k3/8/8/8/8/8/8/4K1RR w %s - 0 1";
        Position outer = Position.fromFen(two.formatted("K"), true);
        Position inner = Position.fromFen(two.formatted("G"), true);
        assertEquals(Bitboards.parseSquare("h1"), outer.castling().rookSquare(0));
        assertEquals(Bitboards.parseSquare("g1"), inner.castling().rookSquare(0));
        // With the g1 rook in the way the h1 rook cannot castle; the g1 rook can.
        assertEquals(Set.of(), castles(outer));
        assertEquals(Set.of("e1g1"), castles(inner));
        assertEquals("4k3/8/8/8/8/8/8/5RKR b - - 1 1", after(two.formatted("G"), "e1g1"));
    }

    @Test
    void badCastlingFieldsNameTheProblem() {
        record Bad(String fen, String part) {}
        for (Bad b : new Bad[]{
                new Bad("4k3/8/8/8/8/8/8/R3K3 w B - 0 1", "castling right 'B' without its rook: no white rook on b1"),
                new Bad("4k3/8/8/8/8/8/8/4K3 w Q - 0 1", "castling right 'Q' without its rook"),
                new Bad("r3k3/8/8/8/8/8/4K3/R7 w A - 0 1", "castling right 'A' without its king: the white king is not on rank 1"),
                new Bad("r7/4k3/8/8/8/8/8/R3K2R b a - 0 1", "castling right 'a' without its king"),
                new Bad("4k3/8/8/8/8/8/8/4K1RR w HG - 0 1", "castling letter 'G' repeated"),
                new Bad("4k3/8/8/8/8/8/8/R3K2R w KH - 0 1", "castling letter 'H' repeated"),
                new Bad("4k3/8/8/8/8/8/8/R3K2R w KX - 0 1", "bad castling letter 'X'"),
                new Bad("4k3/8/8/8/8/8/8/R3K2R w K1 - 0 1", "bad castling letter '1'")}) {
            FenException e = assertThrows(FenException.class, () -> Position.fromFen(b.fen(), true), b.fen());
            assertTrue(e.getMessage().contains(b.part()), b.fen() + ": " + e.getMessage());
        }
    }

    @Test
    void castlingEndsOnTheUsualSquaresFromAnyStart() {
        // King and rook swap (king f1, rook g1); king already on g1; king b1 moving up the board to c1.
        assertEquals("4k3/8/8/8/8/8/8/5RK1 b - - 1 1", after("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1"));
        assertEquals("4k3/8/8/8/8/8/8/5RK1 b - - 1 1", after("4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1h1"));
        assertEquals("4k3/8/8/8/8/8/8/2KR4 b - - 1 1", after("4k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1"));
        // Rook on c1 for O-O-O, king on d1: the king steps to c1, the rook jumps over it to d1.
        assertEquals("4k3/8/8/8/8/8/8/2KR4 b - - 1 1", after("4k3/8/8/8/8/8/8/2RK4 w C - 0 1", "d1c1"));
        // Black too (king b8, rook d8 on its h-side: O-O); white's rights survive.
        assertEquals("5rk1/8/8/8/8/8/8/RK5R w HA - 1 2",
                after("1k1r4/8/8/8/8/8/8/RK5R b AHd - 0 1", "b8d8"));
    }

    @Test
    void castlingNeedsEmptySquaresForKingAndRookAndAnUnattackedKingPath() {
        // The rook's path d1 (from a1 to d1) is blocked by a knight though the king (b1 to c1) has room.
        assertEquals(Set.of(), castles(Position.fromFen("4k3/8/8/8/8/8/8/RK1N4 w A - 0 1", true)));
        assertEquals(Set.of("b1a1"), castles(Position.fromFen("4k3/8/8/8/8/8/8/RK2N3 w A - 0 1", true)));
        // The king's path f1..g1 from e1 is attacked by a bishop on h3 (f1): no O-O. A bishop on b7 attacks only
        // the rook's square h1, which does not matter.
        assertEquals(Set.of(), castles(Position.fromFen("4k3/8/8/8/8/7b/8/4K2R w H - 0 1", true)));
        assertEquals(Set.of("e1h1"), castles(Position.fromFen("4k3/1b6/8/8/8/8/8/4K2R w H - 0 1", true)));
        // In check: no castling.
        assertEquals(Set.of(), castles(Position.fromFen("4r2k/8/8/8/8/8/8/4K1R1 w G - 0 1", true)));
        assertEquals(Set.of("e1g1"), castles(Position.fromFen("7k/8/8/8/8/8/8/4K1R1 w G - 0 1", true)));
        // The castling rook shields c1 from the rook on a1: after O-O-O (king d1 to c1, rook b1 to d1) the king
        // would stand in check, so it is not legal; without the black rook it is.
        assertEquals(Set.of(), castles(Position.fromFen("k7/8/8/8/8/8/8/rR1K4 w B - 0 1", true)));
        assertEquals(Set.of("d1b1"), castles(Position.fromFen("k7/8/8/8/8/8/8/1R1K4 w B - 0 1", true)));
    }

    @Test
    void notationIsKingTakesRookIn960ModeAndKingTwoSquaresInStandardMode() {
        String fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        Position std = Position.fromFen(fen), c960 = Position.fromFen(fen, true);
        assertEquals(Set.of("e1c1", "e1g1"), castles(std));
        assertEquals(Set.of("e1a1", "e1h1"), castles(c960));
        assertEquals(legalUci(std).size(), legalUci(c960).size());
        assertEquals(Move.CASTLE, Move.kind(MoveGen.parseUci(c960, "e1h1")));
        assertThrows(IllegalArgumentException.class, () -> MoveGen.parseUci(std, "e1h1"));
        assertThrows(IllegalArgumentException.class, () -> MoveGen.parseUci(c960, "e1g1"));
        // Both notations reach the same position.
        Position a = std.copy(), b = c960.copy();
        a.makeMove(MoveGen.parseUci(a, "e1g1"));
        b.makeMove(MoveGen.parseUci(b, "e1h1"));
        assertEquals(a.key(), b.key());
        assertEquals("r3k2r/8/8/8/8/8/8/R4RK1 b ha - 1 1", b.toFen());
    }

    @Test
    void standardPositionsCountTheSameIn960Mode() throws Exception {
        Perft perft = new Perft();
        int checked = 0;
        for (PerftTest.Case c : PerftTest.cases()) {
            if (c.nodes() > 200_000 || !c.fen().matches("\\S+ [wb] [KQkq]+ .*")) continue;
            assertEquals(c.nodes(), perft.perft(Position.fromFen(c.fen(), true), c.depth()), c.fen());
            checked++;
        }
        assertTrue(checked > 50, "cases checked: " + checked);
    }

    @Test
    void incrementalKeyEqualsComputedKeyAndRightsFollowTheRooks() throws Exception {
        Random rnd = new Random(960);
        int[] list = new int[MoveGen.MAX_MOVES];
        int castles = 0, games = 0;
        for (String fen : Chess960PerftTest.suiteFens()) {
            if (games++ % 8 != 0) continue;
            for (int g = 0; g < 6; g++) {
                Position p = Position.fromFen(fen, true);
                for (int ply = 0; ply < 80; ply++) {
                    int n = MoveGen.legal(p, list, 0);
                    if (n == 0) break;
                    int m = list[rnd.nextInt(n)];
                    if (Move.kind(m) == Move.CASTLE) castles++;
                    p.makeMove(m);
                    assertEquals(p.computeKey(), p.key(), () -> "after " + Move.toUci(m) + " from " + fen);
                    // Every right left still has its king and rook at home (the FEN round trip checks it).
                    assertEquals(p.toFen(), Position.fromFen(p.toFen(), true).toFen());
                }
            }
        }
        assertTrue(castles > 100, "castlings played: " + castles);
    }

    @Test
    void mirroredChess960PositionsCountTheSame() throws Exception {
        Perft perft = new Perft();
        int i = 0;
        for (String fen : Chess960PerftTest.suiteFens()) {
            if (i++ % 40 != 0) continue;
            Position p = Position.fromFen(fen, true), m = p.mirrored();
            assertTrue(m.isChess960());
            assertEquals(m.computeKey(), m.key());
            assertEquals(p.toFen(), m.mirrored().toFen());
            assertEquals(perft.perft(p, 3), perft.perft(m, 3), "mirror of " + fen);
        }
    }
}
