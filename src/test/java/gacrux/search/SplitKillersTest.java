package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.Position;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Split carries the owner's killer moves below the split ply in the block, and a helper starts with them.
 * Single-threaded: the owner's hook makes a helper join the block right at the Split (inside the owner's
 * call), and the fault hook, called before the helper's first Select, looks at the helper's killers.
 */
class SplitKillersTest {
    @AfterEach
    void clear() { Faults.injector = null; }

    @Test
    void aHelperStartsWithTheOwnersKillersBelowTheSplit() {
        TranspositionTable tt = new TranspositionTable(4);
        Searcher owner = new Searcher(tt), helper = new Searcher(tt);
        SplitBlock block = new SplitBlock(0);
        AtomicInteger splits = new AtomicInteger(), checkedPlies = new AtomicInteger(), mismatches = new AtomicInteger();
        helper.attach(new NoHelp(block, helper), 1, false);
        owner.attach(new NoHelp(block, owner) {
            boolean offeredOnce;

            @Override public boolean helpWanted() { return !offeredOnce; }

            @Override public int claimHelpers(int max) { return offeredOnce ? 0 : 1; }

            @Override public void offered(SplitBlock b, int generation, int claimed) {
                if (b == null) return;
                offeredOnce = true;
                splits.incrementAndGet();
                for (int k = b.ply + 1; k < b.ply + 20; k++)
                    for (int slot = 0; slot < 2; slot++)
                        if (b.killers[2 * k + slot] != owner.killer(k, slot)) mismatches.incrementAndGet();
                Faults.injector = (w, isOwner, holds, blk) -> {
                    if (w != 1 || Faults.injector == null) return;
                    for (int k = blk.ply + 1; k < blk.ply + 20; k++)
                        for (int slot = 0; slot < 2; slot++) {
                            if (helper.killer(k, slot) != blk.killers[2 * k + slot]) mismatches.incrementAndGet();
                            if (blk.killers[2 * k + slot] != 0) checkedPlies.incrementAndGet();
                        }
                    Faults.injector = null; // the first Select only: after it the helper's search changes them
                };
                assertTrue(helper.join(b, generation), "the helper joins the block at the Split");
            }
        }, 0, true);
        Position p = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        SearchLimits l = SearchLimits.depth(7);
        // Iterations 1-6 run without a split (helpWanted is polled but the hook offers once, at depth >= 4 frames
        // with a move searched); by then the owner has killers at the plies below.
        owner.think(p, new long[0], new SearchControl(l, new TimeManager(l, 0, 0)), x -> { });
        assertEquals(1, splits.get(), "one Split");
        assertEquals(0, mismatches.get(), "block and helper hold the owner's killers");
        assertTrue(checkedPlies.get() > 0, "some of them were real moves");
    }

    /** A hook with no idle workers; its pool is the one block. */
    private static class NoHelp implements SplitHook {
        final SplitBlock block;
        final Searcher self;
        final AtomicInteger taken = new AtomicInteger();

        NoHelp(SplitBlock block, Searcher self) {
            this.block = block;
            this.self = self;
        }

        @Override public boolean helpWanted() { return false; }
        @Override public int claimHelpers(int max) { return 0; }
        @Override public SplitBlock acquire() { return taken.compareAndSet(0, 1) ? block : null; }
        @Override public void offered(SplitBlock b, int generation, int claimed) { }
        @Override public void unsplit(SplitBlock b, int generation) { }
        @Override public SplitBlock[] pool() { return new SplitBlock[] {block}; }
        @Override public long totalNodes() { return self.nodes(); }
    }
}
