package gacrux.tools;

import gacrux.search.ProtocolTrace;
import gacrux.search.ProtocolTrace.Event;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static gacrux.search.ProtocolTrace.*;
import static org.junit.jupiter.api.Assertions.*;

/** The timeline of a hand-made trace: well-formed SVG, one lane per worker, the right bars and arrows. */
class TimelineSvgTest {
    private static Event ev(List<Event> l, long t, ProtocolTrace.Type type, int w, int blk, int gen) {
        return ev(l, t, type, w, blk, gen, "");
    }

    private static Event ev(List<Event> l, long t, ProtocolTrace.Type type, int w, int blk, int gen, String note) {
        Event e = new Event(l.size(), t, type, w, blk, gen, 2, 5, "ALL", 3, -20, 20, "", -1, -1, note);
        l.add(e);
        return e;
    }

    @Test
    void lanesBarsAndArrows() throws Exception {
        List<Event> l = new ArrayList<>();
        ev(l, 0, HELP, 1, -1, -1);
        ev(l, 900, CHOOSE, 1, -1, -1, "asks worker 0 to split at ply 2 ALL depth 5, 1 searched, 3 left, the best of 2 candidates");
        ev(l, 1000, SPLIT, 0, 3, 1);
        ev(l, 1100, JOIN_SENT, 0, 3, 1, "hand-off to worker 1 (the node it chose)");
        ev(l, 1200, JOIN, 1, 3, 1);
        ev(l, 3000, MERGE, 1, 3, 1);
        ev(l, 3100, HELP, 1, -1, -1);
        ev(l, 4000, UNSPLIT, 0, 3, 1);
        ev(l, 5000, BESTMOVE, 0, -1, -1);
        String svg = TimelineSvg.render(l, 2, "test <run>");
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertEquals("svg", d.getDocumentElement().getTagName());
        assertTrue(svg.contains(">worker 0<") && svg.contains(">worker 1<") && !svg.contains(">worker 2<"), svg);
        assertTrue(svg.contains("test &lt;run&gt;"), "the title is escaped");
        // Bars (with a tooltip): worker 0 root 0-1 ms, owns #3 1-4 ms, root 4-5 ms; worker 1 helps at #3 1.2-3 ms.
        List<String> bars = new ArrayList<>();
        NodeList titles = d.getElementsByTagName("title");
        for (int i = 0; i < titles.getLength(); i++) bars.add(((Element) titles.item(i)).getTextContent());
        // (In the order they end.)
        assertEquals(List.of("worker 0: searches its own tree, 0.000-1.000 ms",
                "worker 1: helps at block #3 p2 ALL, 1.200-3.000 ms",
                "worker 0: owns block #3 p2 ALL, 1.000-4.000 ms",
                "worker 0: searches its own tree, 4.000-5.000 ms"), bars);
        // Arrows: 2 HELP (grey), 1 split request (dashed), 1 hand-off (green, owner to helper), 1 Merge (orange).
        assertEquals(2, count(svg, "<line x1=\"[^\"]*\" y1=\"[^\"]*\" x2=\"[^\"]*\" y2=\"[^\"]*\" stroke=\"#999\" stroke-width=\"1.2\""));
        assertEquals(1, count(svg, "stroke=\"#888\" stroke-width=\"1.2\" stroke-opacity=\"0.8\" stroke-dasharray"));
        assertEquals(1, count(svg, "stroke=\"#2a7\" stroke-width=\"1.2\" stroke-opacity=\"0.8\"/>"));
        assertEquals(1, count(svg, "stroke=\"#c60\" stroke-width=\"1.2\""));
    }

    private static int count(String s, String regex) {
        return (int) java.util.regex.Pattern.compile(regex).matcher(s).results().count();
    }
}
