package gacrux.dts;

import gacrux.search.ProtocolTrace;
import gacrux.search.ProtocolTrace.Event;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static gacrux.search.ProtocolTrace.*;
import static org.junit.jupiter.api.Assertions.*;

/** The checker on hand-made traces: a good one passes, and each broken rule is named. */
class ProtocolCheckerTest {

    /** Builds a trace event by event (seq in the order added). */
    private static final class T {
        final List<Event> events = new ArrayList<>();

        T ev(ProtocolTrace.Type type, int worker, int block, int gen, int index) {
            events.add(new Event(events.size(), events.size() * 10L, type, worker, block, gen, 2, 5, "ALL", 3, -20, 20,
                    "", index, -1, ""));
            return this;
        }

        T ev(ProtocolTrace.Type type, int worker, int block, int gen) { return ev(type, worker, block, gen, -1); }

        /** A correct block: owner 0 splits #b/g, worker w joins, both select, w merges, owner unsplits. */
        T goodBlock(int b, int g, int w) {
            return ev(SPLIT, 0, b, g).ev(JOIN, w, b, g).ev(SELECT, 0, b, g, 0).ev(SELECT, w, b, g, 1)
                    .ev(SHARE, w, b, g).ev(MERGE, w, b, g).ev(UNSPLIT, 0, b, g);
        }

        T bestmove() { return ev(BESTMOVE, 0, -1, -1); }
    }

    private static List<String> rules(T t) {
        return ProtocolChecker.check(t.events).stream().map(ProtocolChecker.Violation::rule).collect(Collectors.toList());
    }

    @Test
    void aCorrectTraceHasNoViolation() {
        T t = new T().ev(HELP, 1, -1, -1).goodBlock(3, 1, 1).goodBlock(3, 2, 1).ev(JOIN_REFUSED, 2, 3, 1)
                .ev(STOP, -1, -1, -1).bestmove();
        assertEquals(List.of(), ProtocolChecker.check(t.events));
    }

    @Test
    void joinAfterUnsplit() {
        T t = new T().goodBlock(3, 1, 1).ev(JOIN, 2, 3, 1).ev(MERGE, 2, 3, 1).bestmove();
        assertEquals(List.of(ProtocolChecker.JOIN_AFTER_UNSPLIT), rules(t));
    }

    @Test
    void joinOfABlockNeverOffered() {
        // Generation 2 of block 3 was never opened: a Join of it is a Join of a recycled/stale block.
        T t = new T().goodBlock(3, 1, 1).ev(JOIN, 2, 3, 2).ev(MERGE, 2, 3, 2).bestmove();
        assertEquals(List.of(ProtocolChecker.JOIN_NOT_OFFERED), rules(t));
    }

    @Test
    void doubleUnsplit() {
        T t = new T().goodBlock(3, 1, 1).ev(UNSPLIT, 0, 3, 1).bestmove();
        assertEquals(List.of(ProtocolChecker.DOUBLE_UNSPLIT), rules(t));
    }

    @Test
    void selectAfterUnsplit() {
        T t = new T().goodBlock(3, 1, 1).ev(SELECT, 1, 3, 1, 2).bestmove();
        assertEquals(List.of(ProtocolChecker.SELECT_NOT_LIVE), rules(t));
    }

    @Test
    void mergeMissingBeforeUnsplit() {
        T t = new T().ev(SPLIT, 0, 3, 1).ev(JOIN, 1, 3, 1).ev(SELECT, 1, 3, 1, 0).ev(UNSPLIT, 0, 3, 1)
                .ev(MERGE, 1, 3, 1).bestmove();
        assertEquals(List.of(ProtocolChecker.UNSPLIT_BEFORE_MERGE), rules(t));
    }

    @Test
    void mergeMissingAltogether() {
        T t = new T().ev(SPLIT, 0, 3, 1).ev(JOIN, 1, 3, 1).ev(SELECT, 1, 3, 1, 0).bestmove();
        List<String> r = rules(t);
        assertTrue(r.contains(ProtocolChecker.MISSING_MERGE), r.toString());
        assertTrue(r.contains(ProtocolChecker.NEVER_UNSPLIT), r.toString());
        assertEquals(2, r.size(), r.toString());
    }

    @Test
    void blockNeverUnsplit() {
        T t = new T().goodBlock(3, 1, 1).ev(SPLIT, 0, 4, 1).ev(SELECT, 0, 4, 1, 0).bestmove();
        assertEquals(List.of(ProtocolChecker.NEVER_UNSPLIT), rules(t));
    }

    @Test
    void unsplitOfABlockNeverOffered() {
        T t = new T().ev(UNSPLIT, 0, 5, 1).bestmove();
        assertEquals(List.of(ProtocolChecker.UNSPLIT_NOT_OFFERED), rules(t));
    }

    @Test
    void blockOfferedTwice() {
        T t = new T().ev(SPLIT, 0, 3, 1).goodBlock(3, 1, 1).bestmove();
        assertEquals(List.of(ProtocolChecker.DOUBLE_SPLIT), rules(t));
    }

    @Test
    void moveSelectedTwice() {
        T t = new T().ev(SPLIT, 0, 3, 1).ev(JOIN, 1, 3, 1).ev(SELECT, 0, 3, 1, 0).ev(SELECT, 1, 3, 1, 0)
                .ev(MERGE, 1, 3, 1).ev(UNSPLIT, 0, 3, 1).bestmove();
        assertEquals(List.of(ProtocolChecker.MOVE_SELECTED_TWICE), rules(t));
    }

    @Test
    void oneBestmovePerSearch() {
        assertEquals(List.of(ProtocolChecker.BESTMOVE_COUNT), rules(new T().goodBlock(3, 1, 1)));
        assertEquals(List.of(ProtocolChecker.BESTMOVE_COUNT), rules(new T().goodBlock(3, 1, 1).bestmove().bestmove()));
    }

    @Test
    void orderIsTheSeqNumberNotTheListOrder() {
        T t = new T().goodBlock(3, 1, 1).bestmove();
        List<Event> shuffled = new ArrayList<>(t.events);
        java.util.Collections.reverse(shuffled);
        assertEquals(List.of(), ProtocolChecker.check(shuffled));
    }

    @Test
    void jsonLinesRoundTrip() throws Exception {
        Path f = Files.createTempFile("gacrux-trace", ".jsonl");
        try {
            ProtocolTrace rec = new ProtocolTrace(true, f.toString());
            rec.record(SPLIT, 0, null, 1, 0, -1, -1, "a \"quoted\" note, with comma");
            rec.record(BESTMOVE, 0, null, -1, 0, -1, 35, "depth 4");
            rec.close();
            List<String> lines = Files.readAllLines(f);
            assertEquals(2, lines.size());
            assertTrue(lines.get(0).startsWith("{\"seq\":0,"), lines.get(0));
            List<Event> back = ProtocolChecker.read(f);
            assertEquals(rec.events(), back);
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Test
    void aTraceWithAnUnknownEventTypeIsRejectedByName() throws Exception {
        Path f = Files.createTempFile("trace", ".jsonl");
        try {
            Files.writeString(f, "{\"seq\":1,\"t\":0,\"ev\":\"SPLITT\",\"w\":0,\"blk\":1,\"gen\":1,\"ply\":2,\"depth\":5,"
                    + "\"nt\":\"ALL\",\"left\":3,\"alpha\":0,\"beta\":1,\"move\":\"\",\"idx\":-1,\"score\":-1,\"note\":\"\"}\n");
            java.io.IOException e = assertThrows(java.io.IOException.class, () -> ProtocolChecker.read(f));
            assertTrue(e.getMessage().contains("SPLITT"), e.getMessage());
        } finally {
            Files.deleteIfExists(f);
        }
    }
}
