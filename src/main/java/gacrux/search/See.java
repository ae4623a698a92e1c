package gacrux.search;

import gacrux.board.Move;
import gacrux.board.Position;

import static gacrux.board.Bitboards.bishopAttacks;
import static gacrux.board.Bitboards.rookAttacks;
import static gacrux.board.Piece.*;

/**
 * Static exchange evaluation as a threshold test: does the exchange sequence on the target square
 * win at least {@code threshold} for the mover? Without an array of gains, so nothing is allocated.
 * Pins are ignored (a pinned piece may "recapture"), the usual simplification.
 */
public final class See {
    private See() {}

    static final int[] VALUE = {0, 100, 320, 330, 500, 950, 20000};

    public static boolean ge(Position p, int m, int threshold) {
        if (Move.kind(m) == Move.CASTLE || Move.kind(m) == Move.EN_PASSANT || Move.promo(m) != 0)
            return 0 >= threshold;
        int from = Move.from(m), to = Move.to(m);
        int swap = VALUE[type(p.pieceAt(to))] - threshold;
        if (swap < 0) return false;
        swap = VALUE[type(p.pieceAt(from))] - swap;
        if (swap <= 0) return true;
        long occ = p.occupied() ^ (1L << from) ^ (1L << to);
        int stm = p.sideToMove();
        long attackers = p.attackersTo(to, occ);
        long bishops = p.pieces(WHITE, BISHOP) | p.pieces(BLACK, BISHOP) | p.pieces(WHITE, QUEEN) | p.pieces(BLACK, QUEEN);
        long rooks = p.pieces(WHITE, ROOK) | p.pieces(BLACK, ROOK) | p.pieces(WHITE, QUEEN) | p.pieces(BLACK, QUEEN);
        int res = 1;
        while (true) {
            stm ^= 1;
            attackers &= occ;
            long mine = attackers & p.occupancy(stm);
            if (mine == 0) break;
            res ^= 1;
            long b;
            if ((b = mine & p.pieces(stm, PAWN)) != 0) {
                if ((swap = VALUE[PAWN] - swap) < res) break;
                occ ^= b & -b;
                attackers |= bishopAttacks(to, occ) & bishops;
            } else if ((b = mine & p.pieces(stm, KNIGHT)) != 0) {
                if ((swap = VALUE[KNIGHT] - swap) < res) break;
                occ ^= b & -b;
            } else if ((b = mine & p.pieces(stm, BISHOP)) != 0) {
                if ((swap = VALUE[BISHOP] - swap) < res) break;
                occ ^= b & -b;
                attackers |= bishopAttacks(to, occ) & bishops;
            } else if ((b = mine & p.pieces(stm, ROOK)) != 0) {
                if ((swap = VALUE[ROOK] - swap) < res) break;
                occ ^= b & -b;
                attackers |= rookAttacks(to, occ) & rooks;
            } else if ((b = mine & p.pieces(stm, QUEEN)) != 0) {
                if ((swap = VALUE[QUEEN] - swap) < res) break;
                occ ^= b & -b;
                attackers |= (bishopAttacks(to, occ) & bishops) | (rookAttacks(to, occ) & rooks);
            } else {
                // King: it may capture only if the opponent has no attacker left.
                return ((attackers & ~p.occupancy(stm)) != 0) ? (res ^ 1) != 0 : res != 0;
            }
        }
        return res != 0;
    }
}
