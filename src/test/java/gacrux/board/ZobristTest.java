package gacrux.board;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

class ZobristTest {
    /** Start positions with castling rights, en-passant chances, promotions and pins close at hand. */
    static final String[] FENS = {
        Position.START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "r3k2r/1pp1pppp/8/pP1pP3/8/8/P1PP1PPP/R3K2R w KQkq d6 0 9",
        "4k3/1p4p1/8/P1P2P1P/8/8/6p1/4K2R b K - 0 1",
    };

    @Test
    void incrementalKeyEqualsComputedKeyOverRandomPlayouts() {
        Random rnd = new Random(0x5EEDL);
        int[] list = new int[MoveGen.MAX_MOVES];
        int movesChecked = 0, epSeen = 0, castlesSeen = 0, nullsChecked = 0;
        for (String fen : FENS) {
            for (int game = 0; game < 400; game++) {
                Position p = Position.fromFen(fen);
                assertEquals(p.computeKey(), p.key(), fen);
                for (int ply = 0; ply < 120; ply++) {
                    int n = MoveGen.legal(p, list, 0);
                    if (n == 0) break;
                    int m = list[rnd.nextInt(n)];
                    if (Move.kind(m) == Move.EN_PASSANT) epSeen++;
                    if (Move.kind(m) == Move.CASTLE) castlesSeen++;
                    p.makeMove(m);
                    movesChecked++;
                    assertEquals(p.computeKey(), p.key(), () -> "after " + Move.toUci(m) + " from " + fen + ": " + p.toFen());
                    if (ply % 7 == 3 && !p.inCheck()) {
                        Position q = p.copy();
                        q.makeNullMove();
                        nullsChecked++;
                        assertEquals(q.computeKey(), q.key(), "after null move in " + p.toFen());
                        assertEquals(-1, q.epSquare(), "a null move clears the en-passant square");
                        assertNotEquals(p.key(), q.key(), "side to move is part of the key");
                    }
                }
            }
        }
        assertTrue(movesChecked > 100_000, "moves checked: " + movesChecked);
        assertTrue(epSeen > 50, "en-passant captures played: " + epSeen);
        assertTrue(castlesSeen > 100, "castlings played: " + castlesSeen);
        assertTrue(nullsChecked > 5_000, "null moves checked: " + nullsChecked);
    }

    @Test
    void keyDependsOnPositionNotPath() {
        // 1.Nf3 Nf6 2.Ng1 Ng8 returns to the start position (counters aside): same key.
        Position p = Position.startPos();
        for (String m : new String[]{"g1f3", "g8f6", "f3g1", "f6g8"}) p.makeMove(MoveGen.parseUci(p, m));
        assertEquals(Position.startPos().key(), p.key());
        // Same squares via two move orders.
        Position a = Position.startPos(), b = Position.startPos();
        for (String m : new String[]{"e2e4", "e7e5", "g1f3"}) a.makeMove(MoveGen.parseUci(a, m));
        for (String m : new String[]{"g1f3", "e7e5", "e2e4"}) b.makeMove(MoveGen.parseUci(b, m));
        assertEquals(a.key(), b.key());
    }

    @Test
    void keysDistinguishSideCastlingAndEnPassant() {
        Set<Long> keys = new HashSet<>();
        String board = "r3k2r/8/8/8/3pP3/8/8/R3K2R ";
        for (String rest : new String[]{"b KQkq e3 0 1", "b KQkq - 0 1", "w KQkq - 0 1", "b Kkq - 0 1", "b KQk - 0 1",
                "b - - 0 1", "b Qq - 0 1"}) {
            Position p = Position.fromFen(board + rest);
            assertTrue(keys.add(p.key()), "duplicate key for " + rest);
        }
        // Counters are not part of the key.
        assertEquals(Position.fromFen(board + "b KQkq - 0 1").key(), Position.fromFen(board + "b KQkq - 17 40").key());
    }

    @Test
    void keyTablesAreDistinct() {
        Set<Long> all = new HashSet<>();
        for (int pc = 0; pc < 16; pc++) {
            if (Piece.type(pc) == 0 || Piece.type(pc) == 7) continue;
            for (int s = 0; s < 64; s++) assertTrue(all.add(Zobrist.PIECE_SQ[pc][s]));
        }
        for (long k : Zobrist.CASTLING) assertTrue(all.add(k) || k == 0);
        for (long k : Zobrist.EP_FILE) assertTrue(all.add(k));
        assertTrue(all.add(Zobrist.SIDE));
    }
}
