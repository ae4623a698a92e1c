package gacrux.cluster;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.Searcher;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A task's path as a worker node replays it: legal moves, and 0 for the null move of a null-move search (a node
 * below one is handed out with the engine's pruning on; a first version rejected those tasks as illegal).
 */
class ReplayTest {
    @Test
    void nullMovesReplayAndBadStepsAreRefused() {
        Position start = Position.startPos();
        int e4 = MoveGen.parseUci(start, "e2e4");
        Position p = WorkerNode.replay(start, new int[]{e4, 0});
        assertEquals(0, p.sideToMove(), "after e4 and a null move, white is to move again");
        Position check = Position.fromFen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
        assertThrows(IllegalArgumentException.class, () -> WorkerNode.replay(check, new int[]{0}), "no null move in check");
        assertThrows(IllegalArgumentException.class, () -> WorkerNode.replay(start, new int[]{e4, e4}), "e2e4 twice");
    }

    @Test
    void aNodeBelowANullMoveIsSearchedAsTheOwnerWould() {
        // searchTask on [e4, null]: the same score as a plain search of that position one ply deeper in the tree.
        Searcher.Config exact = new Searcher.Config(false, false, 1);
        Position start = Position.startPos();
        int e4 = MoveGen.parseUci(start, "e2e4");
        SearchLimits l = SearchLimits.infiniteSearch();
        Searcher.TaskOutcome viaPath = new Searcher(new TranspositionTable(1), exact).searchTask(start, new long[0],
                new int[]{e4, 0}, 6, 3, -30000, 30000, Searcher.PV, new SearchControl(l, new TimeManager(l, 0, 0)));
        Position after = WorkerNode.replay(start, new int[]{e4, 0});
        Searcher.TaskOutcome direct = new Searcher(new TranspositionTable(1), exact).searchTask(after, new long[0],
                new int[0], 6, 3, -30000, 30000, Searcher.PV, new SearchControl(l, new TimeManager(l, 0, 0)));
        assertFalse(viaPath.stopped());
        assertEquals(direct.score(), viaPath.score());
    }
}
