package gacrux.dts;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import gacrux.board.Position;
import gacrux.search.SearchControl;
import gacrux.search.SearchLimits;
import gacrux.search.SearchResult;
import gacrux.search.Searcher;
import gacrux.search.TimeManager;
import gacrux.search.TranspositionTable;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** Runs searches on a DtsSearch inside an ActorTestKit and waits for their results. */
final class DtsHarness {
    final DtsSearch dts;
    final TranspositionTable tt;

    DtsHarness(ActorTestKit kit, int threads, Searcher.Config config, String name) {
        this(kit, threads, config, gacrux.search.DtsConfig.DEFAULT, name);
    }

    DtsHarness(ActorTestKit kit, int threads, Searcher.Config config, gacrux.search.DtsConfig dtsConfig, String name) {
        tt = new TranspositionTable(8);
        dts = DtsSearch.spawn(kit.system(), name, tt, threads, config, dtsConfig);
    }

    SearchResult search(Position root, SearchLimits limits, Consumer<SearchControl> whileRunning) throws Exception {
        SearchControl control = new SearchControl(limits, new TimeManager(limits, root.sideToMove(), 0));
        CompletableFuture<SearchResult> result = new CompletableFuture<>();
        dts.search(control, s -> {
            try {
                result.complete(s.think(root, new long[0], control, line -> { }));
            } catch (Throwable t) {
                result.completeExceptionally(t);
            } finally {
                control.stop();
            }
        });
        if (whileRunning != null) whileRunning.accept(control);
        return result.get(120, TimeUnit.SECONDS);
    }

    /** After a search: every block back in the pool within a short grace period (helpers finishing Merge). */
    boolean poolDrained() throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            if (dts.blocksInUse() == 0) return true;
            Thread.sleep(5);
        }
        return false;
    }
}
