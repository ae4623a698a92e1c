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
        final long enemyRQ = bb[tb | ROOK] | bb[tb | QUEEN], enemyBQ = bb[tb | BISHOP] | bb[tb | QUEEN];

        // Checkers and pinned pieces in one pass: sliders seen from the king through their own pieces only
        // have nothing of theirs in between; nothing of ours either makes them checkers, exactly one pins it.
        long checkers = (PAWN_ATTACKS[us][ksq] & bb[tb | PAWN]) | (KNIGHT_ATTACKS[ksq] & bb[tb | KNIGHT]);
        long pinned = 0;
        final int krow = ksq << 6;
        for (long snipers = (rookAttacks(ksq, theirs) & enemyRQ) | (bishopAttacks(ksq, theirs) & enemyBQ);
             snipers != 0; snipers &= snipers - 1) {
            int s = Long.numberOfTrailingZeros(snipers);
            long between = BETWEEN_FLAT[krow | s] & ours;
            if (between == 0) checkers |= 1L << s;
            else if ((between & (between - 1)) == 0) pinned |= between;
        }

        // King moves first: they are the only ones in double check. The king is lifted off the board so it
        // cannot hide behind itself on a slider's ray.
        final long theirPawns = bb[tb | PAWN], theirKnights = bb[tb | KNIGHT], theirKing = bb[tb | KING];
        final long noKing = all ^ (1L << ksq);
        final int kingBase = ksq | (KING << 17);
        for (long t = KING_ATTACKS[ksq] & ~ours & (tacticalOnly ? theirs : ~0L); t != 0; t &= t - 1) {
            int to = Long.numberOfTrailingZeros(t);
            if (((PAWN_ATTACKS[us][to] & theirPawns) | (KNIGHT_ATTACKS[to] & theirKnights)
                    | (KING_ATTACKS[to] & theirKing) | (bishopAttacks(to, noKing) & enemyBQ)
                    | (rookAttacks(to, noKing) & enemyRQ)) == 0)
                list[n++] = kingBase | (to << 6) | ((board[to] & 7) << 20);
        }
        if ((checkers & (checkers - 1)) != 0) return n;

        final long checkMask = checkers == 0 ? ~0L
                : BETWEEN_FLAT[krow | Long.numberOfTrailingZeros(checkers)] | checkers;
        final long captureTargets = theirs & checkMask;
        final long quietTargets = tacticalOnly ? 0 : ~all & checkMask;

        // Knights (a pinned knight can never move).
        for (long pcs = bb[ub | KNIGHT] & ~pinned; pcs != 0; pcs &= pcs - 1) {
            int from = Long.numberOfTrailingZeros(pcs);
            long a = KNIGHT_ATTACKS[from];
            n = addTargets(list, n, board, from | (KNIGHT << 17), a & quietTargets, a & captureTargets);
        }
        final long queens = bb[ub | QUEEN];
        for (long pcs = bb[ub | BISHOP] | queens; pcs != 0; pcs &= pcs - 1) {
            int from = Long.numberOfTrailingZeros(pcs);
            long a = bishopAttacks(from, all);
            a &= pinMask(pinned, krow, from);
            int mover = (queens & (1L << from)) != 0 ? QUEEN : BISHOP;
            n = addTargets(list, n, board, from | (mover << 17), a & quietTargets, a & captureTargets);
        }
        for (long pcs = bb[ub | ROOK] | queens; pcs != 0; pcs &= pcs - 1) {
            int from = Long.numberOfTrailingZeros(pcs);
            long a = rookAttacks(from, all);
            a &= pinMask(pinned, krow, from);
            int mover = (queens & (1L << from)) != 0 ? QUEEN : ROOK;
            n = addTargets(list, n, board, from | (mover << 17), a & quietTargets, a & captureTargets);
        }

        n = pawnMoves(p, list, n, us, ksq, pinned, checkMask, tacticalOnly);

        if (!tacticalOnly && checkers == 0 && (p.castling & (us == WHITE ? 3 : 12)) != 0) {
            // h-side first, then a-side: the order the search has always seen.
            for (int ok = legalCastles(p, us, all); ok != 0; ok &= ok - 1)
                list[n++] = p.castle.move[Integer.numberOfTrailingZeros(ok)];
        }
        return n;
    }

    /**
     * The castling rights of us that can be used now (bits as in {@link Position#castlingRights()}); only
     * called when not in check. The game's precomputed masks say which squares must be empty (all between king
     * and destination, rook and destination, except those two pieces) and which the king must not pass or
     * reach under attack. Attacks are tested with king and rook lifted: in Chess960 the castling rook may be
     * what shields the king's destination (king d1, rook b1, enemy queen a1: O-O-O would leave the king on c1
     * in check).
     */
    private static int legalCastles(Position p, int us, long all) {
        final Castling c = p.castle;
        final int them = us ^ 1;
        int ok = 0;
        for (int i = us << 1; i < (us << 1) + 2; i++) {
            if ((p.castling & (1 << i)) == 0 || (all & c.empty[i]) != 0) continue;
            long occ = all ^ c.lifted[i];
            long path = c.kingPath[i];
            for (; path != 0; path &= path - 1)
                if (p.isAttacked(Long.numberOfTrailingZeros(path), them, occ)) break;
            if (path == 0) ok |= 1 << i;
        }
        return ok;
    }

    /**
     * All squares for an unpinned piece, the pin line for a pinned one. Branch-free: pins are rare, and a
     * branch first taken after the JIT has compiled the generator costs a deoptimisation and recompile.
     */
    private static long pinMask(long pinned, int krow, int from) {
        return LINE_FLAT[krow | from] | -(~(pinned >>> from) & 1L);
    }

    /** base holds from square and mover; quiet targets need no board look-up, captures record the victim. */
    private static int addTargets(int[] list, int n, byte[] board, int base, long quiet, long captures) {
        for (; quiet != 0; quiet &= quiet - 1)
            list[n++] = base | (Long.numberOfTrailingZeros(quiet) << 6);
        for (; captures != 0; captures &= captures - 1) {
            int to = Long.numberOfTrailingZeros(captures);
            list[n++] = base | (to << 6) | ((board[to] & 7) << 20);
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
        // Pawns that may move in each direction, set-wise, pinned ones included when the direction runs along
        // their pin line: pushes along the king's file, captures along the king's diagonal in that direction.
        final long free = pawnsAll & ~pinned, pinnedPawns = pawnsAll & pinned;
        final long pushers = free | (pinnedPawns & (FILE_A << (ksq & 7)));
        final long leftCappers = free | (pinnedPawns & (us == WHITE ? ANTI_DIAG[ksq] : DIAG[ksq]));
        final long rightCappers = free | (pinnedPawns & (us == WHITE ? DIAG[ksq] : ANTI_DIAG[ksq]));
        final int pawnBase = PAWN << 17;

        long single = shift(pushers, push) & empty;
        long dbl = shift(single & doubleRank, push) & empty & checkMask;
        single &= checkMask;
        if (tacticalOnly) {
            single &= promoRank;
            dbl = 0;
        }
        n = addPawnTargets(list, n, board, single & promoRank, push, tacticalOnly);
        for (long t = single & ~promoRank; t != 0; t &= t - 1) {
            int to = Long.numberOfTrailingZeros(t);
            list[n++] = pawnBase | (to - push) | (to << 6);
        }
        final int dblBase = pawnBase | (Move.DOUBLE_PUSH << 15);
        for (long t = dbl; t != 0; t &= t - 1) {
            int to = Long.numberOfTrailingZeros(t);
            list[n++] = dblBase | (to - 2 * push) | (to << 6);
        }
        long capTargets = theirs & checkMask;
        int left = push - 1, right = push + 1;
        long capL = shift(leftCappers & ~FILE_A, left) & capTargets;
        long capR = shift(rightCappers & ~FILE_H, right) & capTargets;
        if (((capL | capR) & promoRank) != 0) {
            n = addPawnTargets(list, n, board, capL & promoRank, left, tacticalOnly);
            n = addPawnTargets(list, n, board, capR & promoRank, right, tacticalOnly);
        }
        for (long t = capL & ~promoRank; t != 0; t &= t - 1) {
            int to = Long.numberOfTrailingZeros(t);
            list[n++] = pawnBase | (to - left) | (to << 6) | ((board[to] & 7) << 20);
        }
        for (long t = capR & ~promoRank; t != 0; t &= t - 1) {
            int to = Long.numberOfTrailingZeros(t);
            list[n++] = pawnBase | (to - right) | (to << 6) | ((board[to] & 7) << 20);
        }

        // En passant: test the position after the capture for any attack on the king.
        int ep = p.ep;
        if (ep >= 0) {
            for (long pcs = PAWN_ATTACKS[them][ep] & pawnsAll; pcs != 0; pcs &= pcs - 1) {
                int from = Long.numberOfTrailingZeros(pcs);
                if (epSafe(p, us, ksq, from, ep, push)) list[n++] = Move.make(from, ep, PAWN, PAWN, 0, Move.EN_PASSANT);
            }
        }
        return n;
    }

    /** Whether the en-passant capture from -> ep leaves the king unattacked (board as it is after the capture). */
    private static boolean epSafe(Position p, int us, int ksq, int from, int ep, int push) {
        final long[] bb = p.bb;
        final int tb = (us ^ 1) << 3;
        long capBit = 1L << (ep - push);
        long occAfter = ((p.occ[0] | p.occ[1]) ^ (1L << from) ^ capBit) | (1L << ep);
        return (rookAttacks(ksq, occAfter) & (bb[tb | ROOK] | bb[tb | QUEEN])) == 0
                && (bishopAttacks(ksq, occAfter) & (bb[tb | BISHOP] | bb[tb | QUEEN])) == 0
                && (KNIGHT_ATTACKS[ksq] & bb[tb | KNIGHT]) == 0
                && (PAWN_ATTACKS[us][ksq] & bb[tb | PAWN] & ~capBit) == 0;
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
     * The number of legal moves, without writing them: equal to {@code legal(p, list, 0)}, but target sets are
     * counted with {@link Long#bitCount} (a promotion counts four). For the last ply of perft.
     */
    public static int countLegal(Position p) {
        final long[] bb = p.bb;
        final int us = p.side, them = us ^ 1;
        final int ub = us << 3, tb = them << 3;
        final long ours = p.occ[us], theirs = p.occ[them], all = ours | theirs;
        final int ksq = Long.numberOfTrailingZeros(bb[ub | KING]);
        final long enemyRQ = bb[tb | ROOK] | bb[tb | QUEEN], enemyBQ = bb[tb | BISHOP] | bb[tb | QUEEN];

        long checkers = (PAWN_ATTACKS[us][ksq] & bb[tb | PAWN]) | (KNIGHT_ATTACKS[ksq] & bb[tb | KNIGHT]);
        long pinned = 0;
        final int krow = ksq << 6;
        for (long snipers = (rookAttacks(ksq, theirs) & enemyRQ) | (bishopAttacks(ksq, theirs) & enemyBQ);
             snipers != 0; snipers &= snipers - 1) {
            int s = Long.numberOfTrailingZeros(snipers);
            long between = BETWEEN_FLAT[krow | s] & ours;
            if (between == 0) checkers |= 1L << s;
            else if ((between & (between - 1)) == 0) pinned |= between;
        }

        int n = 0;
        final long theirPawns = bb[tb | PAWN], theirKnights = bb[tb | KNIGHT], theirKing = bb[tb | KING];
        final long noKing = all ^ (1L << ksq);
        for (long t = KING_ATTACKS[ksq] & ~ours; t != 0; t &= t - 1) {
            int to = Long.numberOfTrailingZeros(t);
            if (((PAWN_ATTACKS[us][to] & theirPawns) | (KNIGHT_ATTACKS[to] & theirKnights)
                    | (KING_ATTACKS[to] & theirKing) | (bishopAttacks(to, noKing) & enemyBQ)
                    | (rookAttacks(to, noKing) & enemyRQ)) == 0)
                n++;
        }
        if ((checkers & (checkers - 1)) != 0) return n;

        final long checkMask = checkers == 0 ? ~0L
                : BETWEEN_FLAT[krow | Long.numberOfTrailingZeros(checkers)] | checkers;
        final long targets = ~ours & checkMask;

        for (long pcs = bb[ub | KNIGHT] & ~pinned; pcs != 0; pcs &= pcs - 1)
            n += Long.bitCount(KNIGHT_ATTACKS[Long.numberOfTrailingZeros(pcs)] & targets);
        final long queens = bb[ub | QUEEN];
        for (long pcs = bb[ub | BISHOP] | queens; pcs != 0; pcs &= pcs - 1) {
            int from = Long.numberOfTrailingZeros(pcs);
            long a = bishopAttacks(from, all) & targets;
            n += Long.bitCount(a & pinMask(pinned, krow, from));
        }
        for (long pcs = bb[ub | ROOK] | queens; pcs != 0; pcs &= pcs - 1) {
            int from = Long.numberOfTrailingZeros(pcs);
            long a = rookAttacks(from, all) & targets;
            n += Long.bitCount(a & pinMask(pinned, krow, from));
        }

        // Pawns: free ones set-wise, promotions four times.
        final long empty = ~all;
        final int push = us == WHITE ? 8 : -8;
        final long doubleRank = us == WHITE ? RANK_3 : RANK_6;
        final long promoRank = us == WHITE ? RANK_8 : RANK_1;
        final long pawnsAll = bb[ub | PAWN];
        final long free = pawnsAll & ~pinned, pinnedPawns = pawnsAll & pinned;
        final long pushers = free | (pinnedPawns & (FILE_A << (ksq & 7)));
        final long leftCappers = free | (pinnedPawns & (us == WHITE ? ANTI_DIAG[ksq] : DIAG[ksq]));
        final long rightCappers = free | (pinnedPawns & (us == WHITE ? DIAG[ksq] : ANTI_DIAG[ksq]));
        long single = shift(pushers, push) & empty;
        long dbl = shift(single & doubleRank, push) & empty & checkMask;
        single &= checkMask;
        long capTargets = theirs & checkMask;
        long capL = shift(leftCappers & ~FILE_A, push - 1) & capTargets;
        long capR = shift(rightCappers & ~FILE_H, push + 1) & capTargets;
        n += Long.bitCount(single) + Long.bitCount(dbl) + Long.bitCount(capL) + Long.bitCount(capR);
        long promos = (single | capL | capR) & promoRank;
        if (promos != 0) n += 3 * (Long.bitCount(single & promoRank) + Long.bitCount(capL & promoRank)
                + Long.bitCount(capR & promoRank));
        int ep = p.ep;
        if (ep >= 0) {
            for (long pcs = PAWN_ATTACKS[them][ep] & pawnsAll; pcs != 0; pcs &= pcs - 1)
                if (epSafe(p, us, ksq, Long.numberOfTrailingZeros(pcs), ep, push)) n++;
        }

        if (checkers == 0 && (p.castling & (us == WHITE ? 3 : 12)) != 0) n += Integer.bitCount(legalCastles(p, us, all));
        return n;
    }

    /**
     * Parses a UCI move text ("e2e4", "e7e8q"; castling as the king's move, e1g1, or in Chess960 mode as king
     * takes own rook, e1h1) against the legal moves.
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
