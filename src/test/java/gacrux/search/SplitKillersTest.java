package gacrux.search;

import static org.junit.jupiter.api.Assertions.*;

import gacrux.board.Position;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Split carries the owner's killer moves below the split ply in the block, and a helper starts with them.
 * Single-threaded: the owner's hook makes a helper join the block right at the Split (inside the owner's
 * call), and the fault hook, called before the helper's first Select, looks at the helper's killers.
 */
class SplitKillersTest {
    final AtomicReference<Faults.Injector> injected = new AtomicReference<>();

    @Test
    void aHelperStartsWithTheOwnersKillersBelowTheSplit() {
        TranspositionTable tt = new TranspositionTable(4);
        Searcher owner = new Searcher(tt), helper = new Searcher(tt);
        SplitBlock block = new SplitBlock(0);
        AtomicInteger splits = new AtomicInteger(), checkedPlies = new AtomicInteger(), mismatches = new AtomicInteger();
        Searcher[] searchers = {owner, helper};
        WorkerSlot[] slots = {new WorkerSlot(0), new WorkerSlot(1)};
        SplitBlock[] pool = {block};
        helper.attach(new TestHook(pool, searchers, slots, 1, injected), 1, false);
        owner.attach(new TestHook(pool, searchers, slots, 0, injected) {
            @Override public void offered(SplitBlock b, int generation) {
                splits.incrementAndGet();
                for (int k = b.ply + 1; k < b.ply + 20; k++)
                    for (int slot = 0; slot < 2; slot++)
                        if (b.killers[2 * k + slot] != owner.killer(k, slot)) mismatches.incrementAndGet();
                injected.set((w, isOwner, holds, blk) -> {
                    if (w != 1) return;
                    for (int k = blk.ply + 1; k < blk.ply + 20; k++)
                        for (int slot = 0; slot < 2; slot++) {
                            if (helper.killer(k, slot) != blk.killers[2 * k + slot]) mismatches.incrementAndGet();
                            if (blk.killers[2 * k + slot] != 0) checkedPlies.incrementAndGet();
                        }
                    injected.set(null); // the first Select only: after it the helper's search changes them
                });
                assertTrue(helper.join(b, generation), "the helper joins the block at the Split");
            }
        }, 0, true);
        // Worker 1 asks for a split after every move until one happens (at a depth >= 4 frame with a move searched),
        // once the owner holds killers a few plies down: a block with no killer below it would check nothing.
        owner.onMove(() -> {
            if (splits.get() == 0 && slots[0].requests() == 0 && killersBelow(owner, 2, 8)) slots[1].ask(slots[0], 0, 0);
        });
        Position p = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        SearchLimits l = SearchLimits.depth(7);
        owner.think(p, new long[0], new SearchControl(l, new TimeManager(l, 0, 0)), x -> { });
        assertEquals(1, splits.get(), "one Split");
        assertEquals(0, mismatches.get(), "block and helper hold the owner's killers");
        assertTrue(checkedPlies.get() > 0, "some of them were real moves");
    }

    static boolean killersBelow(Searcher s, int from, int to) {
        for (int k = from; k < to; k++)
            if (s.killer(k, 0) != 0) return true;
        return false;
    }
}
