import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.Searcher;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One build's side of SpeedAb: loaded once per jar, in that jar's own class loader, so each build runs its own
 * JIT-compiled code. One searcher and one 16 MB table are kept across every search of every pass, as an engine
 * process keeps them across the moves and games of a match.
 */
public class NpsPass {
    private static Searcher searcher;
    /** Per searched position: its start position's FEN or "startpos", and the moves to it. */
    private static final List<String> fens = new ArrayList<>();
    private static final List<String[]> paths = new ArrayList<>();

    /**
     * games: UCI position commands ("position startpos|fen F moves ..."), each a game as played. Every position one
     * engine of that game searched is searched here: the game's last position and every second one before it.
     */
    public static void init(List<String> games) {
        searcher = new Searcher(new TranspositionTable(16), new Searcher.Config(true, true, 1, null));
        for (String g : games) {
            String[] t = g.trim().split("\\s+");
            int mi = Arrays.asList(t).indexOf("moves");
            String start = t[1].equals("startpos") ? "startpos" : String.join(" ", Arrays.copyOfRange(t, 2, mi < 0 ? t.length : mi));
            String[] moves = mi < 0 ? new String[0] : Arrays.copyOfRange(t, mi + 1, t.length);
            for (int k = moves.length % 2; k <= moves.length; k += 2) {
                fens.add(start);
                paths.add(Arrays.copyOf(moves, k));
            }
        }
    }

    public static int positions() { return fens.size(); }

    /** One pass over the positions at nodesPer nodes each: {nodes, CPU nanoseconds of the searching thread}. */
    public static long[] pass(long nodesPer) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long cpu0 = mx.getCurrentThreadCpuTime(), nodes = 0;
        for (int i = 0; i < fens.size(); i++) {
            Position p = fens.get(i).equals("startpos") ? Position.startPos() : Position.fromFen(fens.get(i));
            String[] path = paths.get(i);
            long[] gameKeys = new long[path.length];
            for (int k = 0; k < path.length; k++) {
                gameKeys[k] = p.key();
                Position q = p.copy();
                q.makeMove(MoveGen.parseUci(q, path[k]));
                p = q;
            }
            SearchLimits limits = new SearchLimits(0, nodesPer, 0, 0, 0, 0, 0, 0, 0, false, false, List.of(), 0);
            SearchControl control = new SearchControl(limits, new TimeManager(limits, p.sideToMove(), 0), () -> false);
            nodes += searcher.think(p, gameKeys, control, x -> {}).nodes();
        }
        return new long[] {nodes, mx.getCurrentThreadCpuTime() - cpu0};
    }
}
