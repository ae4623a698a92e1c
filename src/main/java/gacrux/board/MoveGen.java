package gacrux.board;

import static gacrux.board.Bitboards.*;
import static gacrux.board.Piece.*;

/**
 * Legal move generation straight into a caller-owned int array (no allocation).
 *
 * Legality is decided up front rather than by make-and-test: checkers and pinned pieces are computed once,
 * a single check restricts every non-king move to the checking ray, a double check leaves only king moves,
 * pinned pieces stay on their pin line, king targets are tested with the king lifted off the board (so it
 * cannot hide behind itself on a slider's ray), and en passant is tested on the board as it would be after
 * the capture (this catches the two pawns leaving one rank at once and uncovering a rook on the king).
 * Because every generated move is legal, perft can count the last ply without making its moves.
 */
public final class MoveGen {
    private MoveGen() {}

    /** Maximum legal moves in any chess position is 218; leave room. */
    public static final int MAX_MOVES = 256;

    /** All legal moves. Returns the index past the last move written. When in check these are the evasions. */
    public static int legal(Position p, int[] list, int start) {
        return generate(p, list, start, false);
    }

    /**
     * Moves for quiescence: captures and queen promotions when not in check; all evasions when in check
     * (a side in check must not stand pat, so it needs every legal reply).
     */
    public static int tactical(Position p, int[] list, int start) {
        return generate(p, list, start, !p.inCheck());
    }

    /** Check evasions; only meaningful when the side to move is in check (then equal to {@link #legal}). */
    public static int evasions(Position p, int[] list, int start) {
        return generate(p, list, start, false);
    }

    private static long shift(long b, int n) {
        return n > 0 ? b << n : b >>> -n;
    }

    private static int generate(Position p, int[] list, int n, boolean tacticalOnly) {
        final long[] bb = p.bb;
        final byte[] board = p.board;
        final int us = p.side, them = us ^ 1;
        final int ub = us << 3, tb = them << 3;
        final long ours = p.occ[us], theirs = p.occ[them], all = ours | theirs;
        final int ksq = Long.numberOfTrailingZeros(bb[ub | KING]);
        final long checkers = p.attackersTo(ksq, all) & theirs;

        // King moves first: they are the only ones in double check.
        long kingTargets = KING_ATTACKS[ksq] & ~ours & (tacticalOnly ? theirs : ~0L);
        long noKing = all ^ (1L << ksq);
        while (kingTargets != 0) {
            int to = Long.numberOfTrailingZeros(kingTargets);
            kingTargets &= kingTargets - 1;
            if (!p.isAttacked(to, them, noKing))
                list[n++] = Move.make(ksq, to, KING, type(board[to]), 0, Move.NORMAL);
        }
        if (Long.bitCount(checkers) > 1) return n;

        long checkMask = checkers == 0 ? ~0L
                : BETWEEN[ksq][Long.numberOfTrailingZeros(checkers)] | checkers;
        long targets = ~ours & checkMask & (tacticalOnly ? theirs : ~0L);

        long pinned = 0;
        long snipers = ((rookAttacks(ksq, 0) & (bb[tb | ROOK] | bb[tb | QUEEN]))
                      | (bishopAttacks(ksq, 0) & (bb[tb | BISHOP] | bb[tb | QUEEN])));
        while (snipers != 0) {
            int s = Long.numberOfTrailingZeros(snipers);
            snipers &= snipers - 1;
            long between = BETWEEN[ksq][s] & all;
            if (between != 0 && (between & (between - 1)) == 0 && (between & ours) != 0) pinned |= between;
        }

        // Knights (a pinned knight can never move).
        for (long pcs = bb[ub | KNIGHT] & ~pinned; pcs != 0; pcs &= pcs - 1) {
            int from = Long.numberOfTrailingZeros(pcs);
            n = addTargets(list, n, board, from, KNIGHT, KNIGHT_ATTACKS[from] & targets);
        }
        long occupied = all;
        for (long pcs = bb[ub | BISHOP]; pcs != 0; pcs &= pcs - 1) {
            int from = Long.numberOfTrailingZeros(pcs);
            long t = bishopAttacks(from, occupied) & targets;
            if ((pinned & (1L << from)) != 0) t &= LINE[ksq][from];
            n = addTargets(list, n, board, from, BISHOP, t);
        }
        for (long pcs = bb[ub | ROOK]; pcs != 0; pcs &= pcs - 1) {
            int from = Long.numberOfTrailingZeros(pcs);
            long t = rookAttacks(from, occupied) & targets;
            if ((pinned & (1L << from)) != 0) t &= LINE[ksq][from];
            n = addTargets(list, n, board, from, ROOK, t);
        }
        for (long pcs = bb[ub | QUEEN]; pcs != 0; pcs &= pcs - 1) {
            int from = Long.numberOfTrailingZeros(pcs);
            long t = queenAttacks(from, occupied) & targets;
            if ((pinned & (1L << from)) != 0) t &= LINE[ksq][from];
            n = addTargets(list, n, board, from, QUEEN, t);
        }

        n = pawnMoves(p, list, n, us, ksq, pinned, checkMask, tacticalOnly);

        if (!tacticalOnly && checkers == 0) {
            int rights = p.castling;
            if (us == WHITE) {
                if ((rights & Position.WK) != 0 && (all & 0x60L) == 0
                        && !p.isAttacked(5, them, all) && !p.isAttacked(6, them, all))
                    list[n++] = Move.make(4, 6, KING, 0, 0, Move.CASTLE);
                if ((rights & Position.WQ) != 0 && (all & 0x0EL) == 0
                        && !p.isAttacked(3, them, all) && !p.isAttacked(2, them, all))
                    list[n++] = Move.make(4, 2, KING, 0, 0, Move.CASTLE);
            } else {
                if ((rights & Position.BK) != 0 && (all & (0x60L << 56)) == 0
                        && !p.isAttacked(61, them, all) && !p.isAttacked(62, them, all))
                    list[n++] = Move.make(60, 62, KING, 0, 0, Move.CASTLE);
                if ((rights & Position.BQ) != 0 && (all & (0x0EL << 56)) == 0
                        && !p.isAttacked(59, them, all) && !p.isAttacked(58, them, all))
                    list[n++] = Move.make(60, 58, KING, 0, 0, Move.CASTLE);
            }
        }
        return n;
    }

    private static int addTargets(int[] list, int n, byte[] board, int from, int mover, long t) {
        while (t != 0) {
            int to = Long.numberOfTrailingZeros(t);
            t &= t - 1;
            list[n++] = Move.make(from, to, mover, board[to] & 7, 0, Move.NORMAL);
        }
        return n;
    }

    private static int pawnMoves(Position p, int[] list, int n, int us, int ksq, long pinned, long checkMask,
                                 boolean tacticalOnly) {
        final long[] bb = p.bb;
        final byte[] board = p.board;
        final int them = us ^ 1;
        final long theirs = p.occ[them];
        final long empty = ~(p.occ[0] | p.occ[1]);
        final int push = us == WHITE ? 8 : -8;
        final long doubleRank = us == WHITE ? RANK_3 : RANK_6;
        final long promoRank = us == WHITE ? RANK_8 : RANK_1;
        final long pawnsAll = bb[(us << 3) | PAWN];
        final long pawns = pawnsAll & ~pinned;

        // Free pawns, set-wise.
        long single = shift(pawns, push) & empty;
        long dbl = shift(single & doubleRank, push) & empty & checkMask;
        single &= checkMask;
        if (tacticalOnly) {
            single &= promoRank;
            dbl = 0;
        }
        n = addPawnTargets(list, n, board, single & promoRank, push, tacticalOnly);
        for (long t = single & ~promoRank; t != 0; t &= t - 1) {
            int to = Long.numberOfTrailingZeros(t);
            list[n++] = Move.make(to - push, to, PAWN, 0, 0, Move.NORMAL);
        }
        for (long t = dbl; t != 0; t &= t - 1) {
            int to = Long.numberOfTrailingZeros(t);
            list[n++] = Move.make(to - 2 * push, to, PAWN, 0, 0, Move.DOUBLE_PUSH);
        }
        long capTargets = theirs & checkMask;
        int left = push - 1, right = push + 1;
        long capL = shift(pawns & ~FILE_A, left) & capTargets;
        long capR = shift(pawns & ~FILE_H, right) & capTargets;
        n = addPawnTargets(list, n, board, capL & promoRank, left, tacticalOnly);
        n = addPawnTargets(list, n, board, capR & promoRank, right, tacticalOnly);
        for (long t = capL & ~promoRank; t != 0; t &= t - 1) {
            int to = Long.numberOfTrailingZeros(t);
            list[n++] = Move.make(to - left, to, PAWN, board[to] & 7, 0, Move.NORMAL);
        }
        for (long t = capR & ~promoRank; t != 0; t &= t - 1) {
            int to = Long.numberOfTrailingZeros(t);
            list[n++] = Move.make(to - right, to, PAWN, board[to] & 7, 0, Move.NORMAL);
        }

        // Pinned pawns, one by one, kept on their pin line.
        for (long pcs = pawnsAll & pinned; pcs != 0; pcs &= pcs - 1) {
            int from = Long.numberOfTrailingZeros(pcs);
            long line = LINE[ksq][from];
            int to = from + push;
            if ((empty & (1L << to)) != 0 && (line & (1L << to)) != 0) {
                if (((1L << to) & checkMask) != 0 && (!tacticalOnly || ((1L << to) & promoRank) != 0))
                    n = addPawnMove(list, n, from, to, 0, tacticalOnly);
                int to2 = to + push;
                if (!tacticalOnly && ((1L << to) & doubleRank) != 0 && (empty & (1L << to2)) != 0
                        && ((1L << to2) & checkMask) != 0)
                    list[n++] = Move.make(from, to2, PAWN, 0, 0, Move.DOUBLE_PUSH);
            }
            for (long t = PAWN_ATTACKS[us][from] & capTargets & line; t != 0; t &= t - 1) {
                int cto = Long.numberOfTrailingZeros(t);
                n = addPawnMove(list, n, from, cto, board[cto] & 7, tacticalOnly);
            }
        }

        // En passant: test the position after the capture for any attack on the king.
        int ep = p.ep;
        if (ep >= 0) {
            int capSq = ep - push;
            long epBit = 1L << ep, capBit = 1L << capSq;
            long tb = them << 3;
            for (long pcs = PAWN_ATTACKS[them][ep] & pawnsAll; pcs != 0; pcs &= pcs - 1) {
                int from = Long.numberOfTrailingZeros(pcs);
                long occAfter = ((p.occ[0] | p.occ[1]) ^ (1L << from) ^ capBit) | epBit;
                boolean safe = (rookAttacks(ksq, occAfter) & (bb[(int) tb | ROOK] | bb[(int) tb | QUEEN])) == 0
                        && (bishopAttacks(ksq, occAfter) & (bb[(int) tb | BISHOP] | bb[(int) tb | QUEEN])) == 0
                        && (KNIGHT_ATTACKS[ksq] & bb[(int) tb | KNIGHT]) == 0
                        && (PAWN_ATTACKS[us][ksq] & bb[(int) tb | PAWN] & ~capBit) == 0;
                if (safe) list[n++] = Move.make(from, ep, PAWN, PAWN, 0, Move.EN_PASSANT);
            }
        }
        return n;
    }

    private static int addPawnTargets(int[] list, int n, byte[] board, long targets, int offset, boolean queenOnly) {
        for (long t = targets; t != 0; t &= t - 1) {
            int to = Long.numberOfTrailingZeros(t);
            n = addPawnMove(list, n, to - offset, to, board[to] & 7, queenOnly);
        }
        return n;
    }

    private static int addPawnMove(int[] list, int n, int from, int to, int captured, boolean queenOnly) {
        if (to >= 56 || to < 8) {
            list[n++] = Move.make(from, to, PAWN, captured, QUEEN, Move.NORMAL);
            if (!queenOnly) {
                list[n++] = Move.make(from, to, PAWN, captured, KNIGHT, Move.NORMAL);
                list[n++] = Move.make(from, to, PAWN, captured, ROOK, Move.NORMAL);
                list[n++] = Move.make(from, to, PAWN, captured, BISHOP, Move.NORMAL);
            }
        } else {
            list[n++] = Move.make(from, to, PAWN, captured, 0, Move.NORMAL);
        }
        return n;
    }

    /**
     * Parses a UCI move text ("e2e4", "e7e8q", castling as the king's move) against the legal moves.
     * Returns the move, or throws IllegalArgumentException naming why it is not legal here.
     */
    public static int parseUci(Position p, String text) {
        if (text == null || !text.matches("[a-h][1-8][a-h][1-8][nbrq]?"))
            throw new IllegalArgumentException("malformed move text '" + text + "' (expected e.g. e2e4 or e7e8q)");
        int[] moves = new int[MAX_MOVES];
        int n = legal(p, moves, 0);
        for (int i = 0; i < n; i++) if (Move.toUci(moves[i]).equals(text)) return moves[i];
        throw new IllegalArgumentException("illegal move '" + text + "' in position " + p.toFen());
    }

    /** Whether m is one of the legal moves in p (used to vet a hash move or a move from another thread). */
    public static boolean isLegal(Position p, int m, int[] scratch) {
        int n = legal(p, scratch, 0);
        for (int i = 0; i < n; i++) if (scratch[i] == m) return true;
        return false;
    }
}
