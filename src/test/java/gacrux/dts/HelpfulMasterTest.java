package gacrux.dts;

import static org.junit.jupiter.api.Assertions.*;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.search.DtsConfig;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Helpful master: an owner waiting at Unsplit for its helpers is idle, and helps below its own block (joins an
 * open block there, or asks a helper to split for it). With two workers the owner of every block is often left
 * waiting for its one helper: it must really help, the exact score must hold, and with the switch off it never
 * helps (so the count measures the feature).
 */
class HelpfulMasterTest {
    static final ActorTestKit kit = ActorTestKit.create();

    @AfterAll
    static void shutdown() { kit.shutdownTestKit(); }

    @Test
    void aWaitingOwnerHelpsBelowItsBlockAndTheScoreStaysExact() throws Exception {
        List<Position> ps = DtsExactScoreTest.positions(40, 1234);
        DtsConfig deep = DtsConfig.DEFAULT.withMinSplitDepth(2);
        DtsHarness on = new DtsHarness(kit, 2, DtsExactScoreTest.EXACT, deep, "master-on");
        DtsHarness off = new DtsHarness(kit, 2, DtsExactScoreTest.EXACT, deep.withHelpfulMaster(false), "master-off");
        for (Position p : ps) {
            int serial = DtsExactScoreTest.serialScore(p, 5);
            for (DtsHarness h : new DtsHarness[] {on, off}) {
                SearchResult r = h.search(p, SearchLimits.depth(5), null);
                assertEquals(serial, r.score(), p.toFen());
                assertTrue(MoveGen.isLegal(p, r.bestMove(), new int[MoveGen.MAX_MOVES]));
                assertTrue(h.poolDrained());
            }
        }
        System.err.println("HelpfulMasterTest: helpful-master helps " + on.dts.masterHelps() + " (switched off: "
                + off.dts.masterHelps() + "), splits " + on.dts.splits() + " / " + off.dts.splits());
        assertTrue(on.dts.masterHelps() > 5, "waiting owners helped below their blocks: " + on.dts.masterHelps());
        assertEquals(0, off.dts.masterHelps(), "with the switch off nobody helps as a master");
    }
}
