package gacrux.board;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static gacrux.board.Bitboards.*;
import static org.junit.jupiter.api.Assertions.*;

class BitboardsTest {
    private static int sq(String name) {
        int s = parseSquare(name);
        assertTrue(s >= 0, name);
        return s;
    }

    private static long bits(String... names) {
        long b = 0;
        for (String n : names) b |= 1L << sq(n);
        return b;
    }

    @Test
    void magicSlidersEqualSlowReferenceOnRandomOccupancies() {
        Random rnd = new Random(20240611L);
        for (int s = 0; s < 64; s++) {
            for (int i = 0; i < 3000; i++) {
                // Mix sparse, medium and dense boards.
                long occ = switch (i % 3) {
                    case 0 -> rnd.nextLong() & rnd.nextLong() & rnd.nextLong();
                    case 1 -> rnd.nextLong();
                    default -> rnd.nextLong() | rnd.nextLong();
                };
                assertEquals(slowRook(s, occ), rookAttacks(s, occ), "rook " + squareName(s) + " occ " + Long.toHexString(occ));
                assertEquals(slowBishop(s, occ), bishopAttacks(s, occ), "bishop " + squareName(s) + " occ " + Long.toHexString(occ));
                assertEquals(slowRook(s, occ) | slowBishop(s, occ), queenAttacks(s, occ));
            }
            // The occupancy of the slider's own square never matters.
            assertEquals(slowRook(s, 0), rookAttacks(s, 1L << s));
            assertEquals(slowBishop(s, ~0L), bishopAttacks(s, ~0L));
        }
    }

    @Test
    void storedMagicsAreWhatTheSeededSearchFinds() {
        assertArrayEquals(Bitboards.searchMagics(true), Bitboards.storedMagics(true));
        assertArrayEquals(Bitboards.searchMagics(false), Bitboards.storedMagics(false));
    }

    @Test
    void sliderAttackSpotChecks() {
        assertEquals(0x01010101010101FEL, rookAttacks(0, 0), "rook a1 on empty board");
        assertEquals(bits("d1", "c1", "b1", "a1", "f1", "g1", "h1", "e2"), rookAttacks(sq("e1"), bits("e2", "a1")) & (RANK_1 | RANK_2));
        assertEquals(bits("b2", "c3", "d4"), bishopAttacks(0, bits("d4", "h8")));
        assertEquals(14, Long.bitCount(rookAttacks(sq("d4"), 0)));
        assertEquals(13, Long.bitCount(bishopAttacks(sq("d4"), 0)));
    }

    @Test
    void leaperTables() {
        assertEquals(bits("b3", "c2"), KNIGHT_ATTACKS[0]);
        assertEquals(8, Long.bitCount(KNIGHT_ATTACKS[sq("e4")]));
        assertEquals(bits("a2", "b2", "b1"), KING_ATTACKS[0]);
        assertEquals(bits("d3", "f3"), PAWN_ATTACKS[Piece.WHITE][sq("e2")]);
        assertEquals(bits("d1", "f1"), PAWN_ATTACKS[Piece.BLACK][sq("e2")]);
        assertEquals(bits("b3"), PAWN_ATTACKS[Piece.WHITE][sq("a2")]);
        assertEquals(bits("g6"), PAWN_ATTACKS[Piece.BLACK][sq("h7")]);
    }

    @Test
    void betweenAndLine() {
        assertEquals(bits("b2", "c3", "d4", "e5", "f6", "g7"), BETWEEN[sq("a1")][sq("h8")]);
        assertEquals(bits("e2", "e3", "e4", "e5", "e6", "e7"), BETWEEN[sq("e1")][sq("e8")]);
        assertEquals(bits("c4", "d4", "e4"), BETWEEN[sq("f4")][sq("b4")]);
        assertEquals(bits("d7", "c6"), BETWEEN[sq("e8")][sq("b5")]);
        assertEquals(0, BETWEEN[sq("e4")][sq("e5")], "adjacent squares have nothing between");
        assertEquals(0, BETWEEN[sq("a1")][sq("b3")], "knight-jump squares share no line");
        assertEquals(0, LINE[sq("a1")][sq("b3")]);
        assertEquals(0, BETWEEN[sq("c3")][sq("c3")]);
        assertEquals(0xFFL << 24, LINE[sq("b4")][sq("g4")], "whole rank 4");
        assertEquals(FILE_A << 4, LINE[sq("e2")][sq("e7")], "whole e-file");
        assertEquals(0x8040201008040201L, LINE[sq("c3")][sq("f6")], "whole long diagonal");
        assertEquals(bits("a5", "b4", "c3", "d2", "e1"), LINE[sq("e1")][sq("b4")]);
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                assertEquals(BETWEEN[a][b], BETWEEN[b][a]);
                assertEquals(LINE[a][b], LINE[b][a]);
                if (LINE[a][b] != 0) {
                    assertEquals(BETWEEN[a][b], BETWEEN[a][b] & LINE[a][b]);
                    assertTrue((LINE[a][b] & (1L << a)) != 0 && (LINE[a][b] & (1L << b)) != 0);
                    assertEquals(0, BETWEEN[a][b] & ((1L << a) | (1L << b)));
                } else {
                    assertEquals(0, BETWEEN[a][b]);
                }
            }
        }
    }

    @Test
    void squareNames() {
        assertEquals("a1", squareName(0));
        assertEquals("h8", squareName(63));
        assertEquals(28, parseSquare("e4"));
        assertEquals(-1, parseSquare("e9"));
        assertEquals(-1, parseSquare("i1"));
        assertEquals(-1, parseSquare(""));
        assertEquals(-1, parseSquare(null));
    }
}
