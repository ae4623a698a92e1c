package gacrux.board;

import static gacrux.board.Bitboards.*;
import static gacrux.board.Piece.*;

/**
 * A chess position for copy-make: {@code child.copyFrom(parent); child.makeMove(m)}. There is no unmake.
 * All state is primitives and three small arrays (about 250 bytes), so copying a position into a
 * DTS split block, or into the next ply's frame, is a few array copies.
 *
 * En passant follows the Polyglot convention: the en-passant square is kept (and hashed) only when a
 * pawn of the side to move stands next to the double-pushed pawn, i.e. a capture is pseudo-legal.
 */
public final class Position {
    public static final String START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    public static final int WK = 1, WQ = 2, BK = 4, BQ = 8;

    /** Zobrist.PIECE_SQ flattened to [piece * 64 + square]: one bounds check and no row load per update. */
    private static final long[] Z = new long[16 * 64];
    /** EP_KEY[ep + 1]: the en-passant key of square ep, 0 for "none" (ep = -1), so clearing needs no branch. */
    private static final long[] EP_KEY = new long[65];

    static {
        for (int pc = 0; pc < 16; pc++)
            for (int sq = 0; sq < 64; sq++) Z[pc * 64 + sq] = Zobrist.PIECE_SQ[pc][sq];
        for (int sq = 0; sq < 64; sq++) EP_KEY[sq + 1] = Zobrist.EP_FILE[sq & 7];
    }

    /** Bitboard per piece code (index 0 unused). */
    final long[] bb = new long[16];
    /** Occupancy per colour. */
    final long[] occ = new long[2];
    /** Piece code per square. */
    final byte[] board = new byte[64];
    int side;
    int castling;
    /** The game's castling squares and masks (shared, immutable); whether this is a Chess960 game. */
    Castling castle = Castling.STANDARD;
    int ep = -1;
    int halfmove;
    int fullmove = 1;
    long key;

    public Position() {}

    public static Position startPos() { return fromFen(START_FEN); }

    /** The start position, in Chess960 mode when chess960 (its castling moves are then e1h1, e1a1). */
    public static Position startPos(boolean chess960) { return fromFen(START_FEN, chess960); }

    public void copyFrom(Position o) {
        System.arraycopy(o.bb, 0, bb, 0, 16);
        occ[0] = o.occ[0];
        occ[1] = o.occ[1];
        System.arraycopy(o.board, 0, board, 0, 64);
        side = o.side;
        castling = o.castling;
        castle = o.castle;
        ep = o.ep;
        halfmove = o.halfmove;
        fullmove = o.fullmove;
        key = o.key;
    }

    public Position copy() {
        Position p = new Position();
        p.copyFrom(this);
        return p;
    }

    // ---- accessors ----
    public int sideToMove() { return side; }
    public int castlingRights() { return castling; }
    public Castling castling() { return castle; }
    /** Chess960 mode: castling moves are written king-takes-rook ({@code e1h1}), FEN castling in Shredder form. */
    public boolean isChess960() { return castle.chess960; }
    public int epSquare() { return ep; }
    public int halfmoveClock() { return halfmove; }
    public int fullmoveNumber() { return fullmove; }
    public long key() { return key; }
    public int pieceAt(int sq) { return board[sq]; }
    public long pieces(int color, int type) { return bb[make(color, type)]; }
    public long pieces(int piece) { return bb[piece]; }
    public long occupancy(int color) { return occ[color]; }
    public long occupied() { return occ[0] | occ[1]; }
    public int kingSquare(int color) { return Long.numberOfTrailingZeros(bb[make(color, KING)]); }

    public long attackersTo(int sq, long occupied) {
        return (PAWN_ATTACKS[BLACK][sq] & bb[make(WHITE, PAWN)])
             | (PAWN_ATTACKS[WHITE][sq] & bb[make(BLACK, PAWN)])
             | (KNIGHT_ATTACKS[sq] & (bb[make(WHITE, KNIGHT)] | bb[make(BLACK, KNIGHT)]))
             | (KING_ATTACKS[sq] & (bb[make(WHITE, KING)] | bb[make(BLACK, KING)]))
             | (bishopAttacks(sq, occupied) & (bb[make(WHITE, BISHOP)] | bb[make(BLACK, BISHOP)]
                                              | bb[make(WHITE, QUEEN)] | bb[make(BLACK, QUEEN)]))
             | (rookAttacks(sq, occupied) & (bb[make(WHITE, ROOK)] | bb[make(BLACK, ROOK)]
                                            | bb[make(WHITE, QUEEN)] | bb[make(BLACK, QUEEN)]));
    }

    public boolean isAttacked(int sq, int byColor) {
        return isAttacked(sq, byColor, occupied());
    }

    public boolean isAttacked(int sq, int by, long occupied) {
        int b = by << 3;
        return (PAWN_ATTACKS[by ^ 1][sq] & bb[b | PAWN]) != 0
            || (KNIGHT_ATTACKS[sq] & bb[b | KNIGHT]) != 0
            || (KING_ATTACKS[sq] & bb[b | KING]) != 0
            || (bishopAttacks(sq, occupied) & (bb[b | BISHOP] | bb[b | QUEEN])) != 0
            || (rookAttacks(sq, occupied) & (bb[b | ROOK] | bb[b | QUEEN])) != 0;
    }

    public boolean inCheck() { return isAttacked(kingSquare(side), side ^ 1); }

    /**
     * Whether a quiet move (no capture, no promotion, not castling) gives check, exactly, without making it: the
     * moved piece's own attacks from its new square (pawn, knight) or any of our sliders' lines to their king once
     * the piece has left its square (the moved slider itself, or a discovered check). The search prunes late quiet
     * moves that give no check before making them (PositionTest compares it with make-and-inCheck).
     */
    public boolean quietGivesCheck(int m) {
        final int from = m & 63, to = (m >>> 6) & 63;
        final int us = side, b = us << 3;
        final int type = board[from] & 7;
        final int ksq = kingSquare(us ^ 1);
        final long king = 1L << ksq, moved = (1L << from) | (1L << to);
        if (type == PAWN && (PAWN_ATTACKS[us][to] & king) != 0) return true;
        if (type == KNIGHT && (KNIGHT_ATTACKS[to] & king) != 0) return true;
        final long o = occupied() ^ moved;
        long rq = bb[b | ROOK] | bb[b | QUEEN], bq = bb[b | BISHOP] | bb[b | QUEEN];
        if (type == ROOK || type == QUEEN) rq ^= moved;
        if (type == BISHOP || type == QUEEN) bq ^= moved;
        return (rookAttacks(ksq, o) & rq) != 0 || (bishopAttacks(ksq, o) & bq) != 0;
    }

    /** Pieces of the side not to move that give check. */
    public long checkers() {
        return attackersTo(kingSquare(side), occupied()) & occ[side ^ 1];
    }

    // ---- making moves ----
    private void put(int piece, int sq) {
        long b = 1L << sq;
        bb[piece] |= b;
        occ[piece >>> 3] |= b;
        board[sq] = (byte) piece;
        key ^= Z[(piece << 6) | sq];
    }

    private void remove(int piece, int sq) {
        long b = ~(1L << sq);
        bb[piece] &= b;
        occ[piece >>> 3] &= b;
        board[sq] = 0;
        key ^= Z[(piece << 6) | sq];
    }

    /** Plays a legal move (as produced by {@link MoveGen}) on this position. */
    public void makeMove(int m) {
        if ((m & (3 << 15)) == (Move.CASTLE << 15)) {
            makeCastle(m);
            return;
        }
        final int from = m & 63, to = (m >>> 6) & 63;
        final int us = side, them = us ^ 1;
        final int piece = board[from];
        final long[] bb = this.bb, occ = this.occ;
        final byte[] board = this.board;
        // Branch-free where the branch would be rare early in a search or perft (en passant, lost castling
        // rights): a branch first taken after the JIT compiled this method deoptimises it.
        long k = key ^ Zobrist.SIDE ^ EP_KEY[ep + 1];
        ep = -1;
        int hm = halfmove + 1;
        final int cap = board[to];
        if (cap != 0) {
            long tb = ~(1L << to);
            bb[cap] &= tb;
            occ[them] &= tb;
            k ^= Z[(cap << 6) | to];
            hm = 0;
        }
        final long fromTo = (1L << from) | (1L << to);
        final int promo = (m >>> 12) & 7;
        if (promo == 0) {
            bb[piece] ^= fromTo;
            board[to] = (byte) piece;
            k ^= Z[(piece << 6) | from] ^ Z[(piece << 6) | to];
        } else {
            int np = (us << 3) | promo;
            bb[piece] ^= 1L << from;
            bb[np] |= 1L << to;
            board[to] = (byte) np;
            k ^= Z[(piece << 6) | from] ^ Z[(np << 6) | to];
        }
        occ[us] ^= fromTo;
        board[from] = 0;
        if ((piece & 7) == PAWN) {
            hm = 0;
            int kind = (m >>> 15) & 3;
            if (kind == Move.DOUBLE_PUSH) {
                int epSq = (from + to) >>> 1;
                if ((PAWN_ATTACKS[us][epSq] & bb[(them << 3) | PAWN]) != 0) {
                    ep = epSq;
                    k ^= Zobrist.EP_FILE[epSq & 7];
                }
            } else if (kind == Move.EN_PASSANT) {
                int capSq = to ^ 8;
                int capPiece = (them << 3) | PAWN;
                long cb = ~(1L << capSq);
                bb[capPiece] &= cb;
                occ[them] &= cb;
                board[capSq] = 0;
                k ^= Z[(capPiece << 6) | capSq];
            }
        }
        final int[] keep = castle.keep;
        int c = castling, nc = c & keep[from] & keep[to];
        k ^= Zobrist.CASTLING[c] ^ Zobrist.CASTLING[nc];
        castling = nc;
        halfmove = hm;
        if (us == BLACK) fullmove++;
        side = them;
        key = k;
    }

    /**
     * Castling, from the game's precomputed squares: king and rook are lifted, then put on their destinations
     * (in Chess960 either may end on the other's start square, or stay where it is).
     */
    private void makeCastle(int m) {
        final int from = Move.from(m), us = side;
        final int right = Castling.rightOf(us, from, Move.to(m));
        final int kt = castle.kingTo[right], rf = castle.rookFrom[right], rt = castle.rookTo[right];
        final int king = make(us, KING), rook = make(us, ROOK);
        key ^= Zobrist.SIDE ^ EP_KEY[ep + 1];
        ep = -1;
        remove(king, from);
        remove(rook, rf);
        put(king, kt);
        put(rook, rt);
        int nc = castling & castle.keep[from];
        key ^= Zobrist.CASTLING[castling] ^ Zobrist.CASTLING[nc];
        castling = nc;
        halfmove++;
        if (us == BLACK) fullmove++;
        side = us ^ 1;
    }

    /** Passes the move (null-move pruning). Only legal when not in check. */
    public void makeNullMove() {
        if (ep >= 0) {
            key ^= Zobrist.EP_FILE[ep & 7];
            ep = -1;
        }
        halfmove++;
        side ^= 1;
        key ^= Zobrist.SIDE;
    }

    /** Key computed from scratch; the incremental {@link #key()} must always equal it. */
    public long computeKey() {
        long k = 0;
        for (int sq = 0; sq < 64; sq++) if (board[sq] != 0) k ^= Zobrist.PIECE_SQ[board[sq]][sq];
        k ^= Zobrist.CASTLING[castling];
        if (ep >= 0) k ^= Zobrist.EP_FILE[ep & 7];
        if (side == BLACK) k ^= Zobrist.SIDE;
        return k;
    }

    /** True when neither side has a piece other than pawns and king (null move is unsafe there: zugzwang). */
    public boolean onlyPawns(int color) {
        return (occ[color] & ~bb[make(color, PAWN)] & ~bb[make(color, KING)]) == 0;
    }

    /** The position with colours swapped and the board flipped vertically: same value for the side to move. */
    public Position mirrored() {
        Position p = new Position();
        for (int sq = 0; sq < 64; sq++) {
            int pc = board[sq];
            if (pc != 0) p.put(make(color(pc) ^ 1, type(pc)), sq ^ 56);
        }
        p.side = side ^ 1;
        p.castling = ((castling & 3) << 2) | ((castling >> 2) & 3);
        p.castle = castle.mirrored();
        p.ep = ep < 0 ? -1 : ep ^ 56;
        p.halfmove = halfmove;
        p.fullmove = fullmove;
        p.key = p.computeKey();
        return p;
    }

    // ---- FEN ----
    /** A standard-chess position; castling rights must be those of e1/e8 with the corner rooks. */
    public static Position fromFen(String fen) { return fromFen(fen, false); }

    /**
     * A position in standard chess or, when chess960, in Chess960 mode. The castling field may be X-FEN
     * ({@code KQkq}: the outermost rook on that side of the king) or Shredder-FEN ({@code HAha}: the castling
     * rook's file), or a mix; in standard mode each right must be the standard one.
     */
    public static Position fromFen(String fen, boolean chess960) {
        if (fen == null) throw new FenException("empty FEN");
        String[] f = fen.trim().split("\\s+");
        if (f.length == 1 && f[0].isEmpty()) throw new FenException("empty FEN");
        if (f.length != 4 && f.length != 6)
            throw new FenException("FEN needs 6 fields (or 4 without the move counters), got " + f.length);
        Position p = new Position();
        String[] ranks = f[0].split("/", -1);
        if (ranks.length != 8) throw new FenException("board needs 8 ranks separated by '/', got " + ranks.length);
        for (int i = 0; i < 8; i++) {
            int r = 7 - i, file = 0;
            for (char c : ranks[i].toCharArray()) {
                if (c >= '1' && c <= '8') {
                    file += c - '0';
                } else {
                    int pc = Piece.fromLetter(c);
                    if (pc < 0) throw new FenException("bad piece letter '" + c + "' in rank " + (r + 1));
                    if (file > 7) throw new FenException("rank " + (r + 1) + " is not 8 files wide");
                    p.put(pc, r * 8 + file);
                    file++;
                }
                if (file > 8) throw new FenException("rank " + (r + 1) + " is not 8 files wide");
            }
            if (file != 8) throw new FenException("rank " + (r + 1) + " is not 8 files wide");
        }
        switch (f[1]) {
            case "w" -> p.side = WHITE;
            case "b" -> p.side = BLACK;
            default -> throw new FenException("side to move must be 'w' or 'b', got '" + f[1] + "'");
        }
        for (int c = 0; c < 2; c++) {
            int n = Long.bitCount(p.bb[make(c, KING)]);
            String who = c == WHITE ? "white" : "black";
            if (n == 0) throw new FenException("missing " + who + " king");
            if (n > 1) throw new FenException("extra " + who + " king (" + n + " kings)");
        }
        if (((p.bb[make(WHITE, PAWN)] | p.bb[make(BLACK, PAWN)]) & (RANK_1 | RANK_8)) != 0)
            throw new FenException("pawn on rank 1 or 8");
        parseCastling(p, f[2], chess960);
        if (!f[3].equals("-")) {
            int sq = parseSquare(f[3]);
            if (sq < 0) throw new FenException("bad en-passant square '" + f[3] + "'");
            int us = p.side, them = us ^ 1;
            int needRank = us == WHITE ? 5 : 2;
            int pawnSq = us == WHITE ? sq - 8 : sq + 8;
            int fromSq = us == WHITE ? sq + 8 : sq - 8;
            if ((sq >> 3) != needRank || p.board[pawnSq] != make(them, PAWN) || p.board[sq] != 0 || p.board[fromSq] != 0)
                throw new FenException("impossible en-passant square " + f[3]
                        + " (needs an empty square behind a pawn that just made a double step)");
            if ((PAWN_ATTACKS[them][sq] & p.bb[make(us, PAWN)]) != 0) p.ep = sq;
        }
        if (f.length == 6) {
            try {
                p.halfmove = Integer.parseInt(f[4]);
                p.fullmove = Integer.parseInt(f[5]);
            } catch (NumberFormatException e) {
                throw new FenException("move counters must be numbers, got '" + f[4] + "' '" + f[5] + "'");
            }
            if (p.halfmove < 0) throw new FenException("negative halfmove clock " + p.halfmove);
            if (p.fullmove < 1) throw new FenException("fullmove number must be at least 1, got " + p.fullmove);
        }
        if (p.isAttacked(p.kingSquare(p.side ^ 1), p.side))
            throw new FenException("side not to move is in check");
        p.key = p.computeKey();
        return p;
    }

    /** Sets p's castling rights and, in Chess960 mode, its castling squares from the FEN field. */
    private static void parseCastling(Position p, String field, boolean chess960) {
        int[] rookSq = {-1, -1, -1, -1};
        if (!field.equals("-")) {
            for (char c : field.toCharArray()) {
                int letter = Character.toLowerCase(c);
                if (letter != 'k' && letter != 'q' && (letter < 'a' || letter > 'h'))
                    throw new FenException("bad castling letter '" + c + "'");
                int color = Character.isUpperCase(c) ? WHITE : BLACK, back = color == WHITE ? 0 : 56;
                String who = color == WHITE ? "white" : "black";
                int ksq = p.kingSquare(color);
                if ((ksq & 56) != back)
                    throw new FenException("castling right '" + c + "' without its king: the " + who
                            + " king is not on rank " + (back == 0 ? 1 : 8));
                int rook = make(color, ROOK), rsq = -1;
                if (letter == 'k') {
                    for (int sq = back + 7; sq > ksq && rsq < 0; sq--) if (p.board[sq] == rook) rsq = sq;
                } else if (letter == 'q') {
                    for (int sq = back; sq < ksq && rsq < 0; sq++) if (p.board[sq] == rook) rsq = sq;
                } else if (p.board[back + letter - 'a'] == rook) {
                    rsq = back + letter - 'a';
                }
                if (rsq < 0) throw new FenException("castling right '" + c + "' without its rook: no " + who
                        + " rook " + (letter == 'k' ? "on the h-side of the king" : letter == 'q'
                        ? "on the a-side of the king" : "on " + (char) letter + (back == 0 ? 1 : 8)));
                int right = Castling.rightOf(color, ksq, rsq);
                if (rookSq[right] >= 0) throw new FenException("castling letter '" + c + "' repeated (one right per "
                        + "side of the king)");
                if (!chess960 && (ksq != back + 4 || rsq != back + ((right & 1) == 0 ? 7 : 0)))
                    throw new FenException("castling right '" + c + "' without its king and rook on their home "
                            + "squares (other castling squares are Chess960: UCI_Chess960, or perft --chess960)");
                rookSq[right] = rsq;
                p.castling |= 1 << right;
            }
        }
        if (chess960) p.castle = new Castling(true, new int[]{rookSq[0] >= 0 || rookSq[1] >= 0
                ? p.kingSquare(WHITE) : -1, rookSq[2] >= 0 || rookSq[3] >= 0 ? p.kingSquare(BLACK) : -1}, rookSq);
    }

    public String toFen() {
        StringBuilder sb = new StringBuilder();
        for (int r = 7; r >= 0; r--) {
            int empty = 0;
            for (int f = 0; f < 8; f++) {
                int pc = board[r * 8 + f];
                if (pc == 0) { empty++; continue; }
                if (empty > 0) { sb.append(empty); empty = 0; }
                sb.append(Piece.letter(pc));
            }
            if (empty > 0) sb.append(empty);
            if (r > 0) sb.append('/');
        }
        sb.append(side == WHITE ? " w " : " b ");
        if (castling == 0) sb.append('-');
        for (int i = 0; i < 4; i++) {
            if ((castling & (1 << i)) == 0) continue;
            // Chess960: Shredder-FEN, the castling rook's file (HAha); standard chess: KQkq.
            char c = castle.chess960 ? (char) ('a' + (castle.rookFrom[i] & 7)) : "kqkq".charAt(i);
            sb.append(i < 2 ? Character.toUpperCase(c) : c);
        }
        sb.append(' ').append(ep < 0 ? "-" : squareName(ep));
        sb.append(' ').append(halfmove).append(' ').append(fullmove);
        return sb.toString();
    }

    @Override
    public String toString() { return toFen(); }
}
