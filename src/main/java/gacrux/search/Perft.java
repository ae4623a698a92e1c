package gacrux.search;

import gacrux.board.Move;
import gacrux.board.MoveGen;
import gacrux.board.Position;

import java.util.function.Consumer;

/**
 * Perft: counts the leaf nodes of the legal move tree, the correctness gate for move generation.
 * Uses a preallocated stack of positions and move lists (copy-make, nothing allocated per node)
 * and bulk counting at the last ply (every generated move is legal, so the count is the list length).
 */
public final class Perft {
    private static final int MAX_DEPTH = 64;
    private final Position[] stack = new Position[MAX_DEPTH + 1];
    private final int[][] moves = new int[MAX_DEPTH + 1][MoveGen.MAX_MOVES];

    public Perft() {
        for (int i = 0; i < stack.length; i++) stack[i] = new Position();
    }

    public long perft(Position root, int depth) {
        if (depth < 0 || depth > MAX_DEPTH) throw new IllegalArgumentException("perft depth must be 0.." + MAX_DEPTH);
        if (depth == 0) return 1;
        stack[0].copyFrom(root);
        return count(0, depth);
    }

    private long count(int ply, int depth) {
        Position pos = stack[ply];
        if (depth == 1) return MoveGen.countLegal(pos);
        int[] list = moves[ply];
        int n = MoveGen.legal(pos, list, 0);
        long total = 0;
        Position child = stack[ply + 1];
        for (int i = 0; i < n; i++) {
            child.copyFrom(pos);
            child.makeMove(list[i]);
            total += count(ply + 1, depth - 1);
        }
        return total;
    }

    /** Divide: one count per root move, reported through the callback as "e2e4: 20". Returns the total. */
    public long divide(Position root, int depth, Consumer<String> out) {
        if (depth < 1) throw new IllegalArgumentException("divide needs depth >= 1");
        int[] rootMoves = new int[MoveGen.MAX_MOVES];
        int n = MoveGen.legal(root, rootMoves, 0);
        long total = 0;
        Position child = new Position();
        for (int i = 0; i < n; i++) {
            child.copyFrom(root);
            child.makeMove(rootMoves[i]);
            long c = perft(child, depth - 1);
            out.accept(Move.toUci(rootMoves[i]) + ": " + c);
            total += c;
        }
        return total;
    }
}
