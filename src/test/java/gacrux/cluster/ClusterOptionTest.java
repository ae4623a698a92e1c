package gacrux.cluster;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The Cluster option's bad input: a malformed seed list is refused with an info string and changes nothing; a seed
 * nobody answers never blocks the engine (isready, go and quit work; it says it has not joined); without the option
 * no cluster starts and searches print nothing about one.
 */
class ClusterOptionTest {
    @Test
    void badSeedsAreRefusedAndAnUnreachableSeedBlocksNothing() throws Exception {
        long quitAt;
        UciDriver e = new UciDriver(null);
        try {
            e.send("uci");
            e.waitFor("uciok"::equals, 0, 60);
            assertTrue(e.lines.contains("option name Cluster type string default <empty>"), e.lines::toString);
            for (String bad : new String[]{"nohost", "127.0.0.1:0", "127.0.0.1:99999", "bad host:25520", "h:x"}) {
                int from = e.lines.size();
                e.send("setoption name Cluster value " + bad);
                String info = e.waitFor(l -> l.startsWith("info string option Cluster: "), from, 30);
                assertTrue(info.endsWith("; unchanged"), info);
            }
            int from = e.lines.size();
            e.send("d");
            assertFalse(e.waitFor(l -> l.startsWith("info string options "), from, 30).contains("Cluster="));
            // Nothing listens on this port: the join retries in the background; the engine goes on locally.
            from = e.lines.size();
            e.send("setoption name Cluster value 127.0.0.1:" + ChildNode.freePort());
            e.send("isready");
            e.waitFor("readyok"::equals, from, 10);
            e.send("go depth 6");
            e.waitFor(l -> l.startsWith("bestmove ") && !l.equals("bestmove 0000"), from, 60);
            e.waitFor(l -> l.startsWith("info string cluster: not joined after 10 s"), from, 60);
            assertTrue(e.lines.stream().skip(from).noneMatch(l -> l.startsWith("info string cluster: 0 workers")),
                    "a search with no worker reachable is plain local");
        } finally {
            quitAt = System.nanoTime();
            e.close();
        }
        assertFalse(e.engine.isAlive(), "quit must end the engine");
        assertEquals(0, e.exit);
        assertTrue(System.nanoTime() - quitAt < 8_000_000_000L, "quit must not wait long for a cluster it never joined");
    }

    @Test
    void withoutTheOptionNoClusterStarts() throws Exception {
        try (UciDriver e = new UciDriver(null)) {
            e.send("uci");
            e.send("isready");
            e.waitFor("readyok"::equals, 0, 60);
            e.send("go depth 5");
            e.waitFor(l -> l.startsWith("bestmove "), 0, 60);
            assertTrue(e.lines.stream().noneMatch(l -> l.contains("cluster")), e.lines::toString);
        }
    }
}
