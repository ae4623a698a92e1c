package gacrux.search;

import gacrux.board.MoveGen;
import gacrux.board.Position;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Every mate-in-1..3 of the suite (a copy of shared/data/mates.epd) is found with the exact distance, as
 * {@code go mate N} asks for it (a mate search runs without selective pruning; see Searcher#pruning).
 */
class MateTest {
    static final int MAX_DEPTH = 12;

    record MateCase(String fen, int mateIn) {}

    static List<MateCase> cases(int maxMate) throws Exception {
        List<MateCase> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                MateTest.class.getResourceAsStream("/mates.epd"), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                int at = line.indexOf(" bm #");
                if (at < 0) continue;
                int n = Integer.parseInt(line.substring(at + 5, line.indexOf(';', at)).trim());
                if (n <= maxMate) out.add(new MateCase(line.substring(0, at).trim(), n));
            }
        }
        return out;
    }

    @Test
    void findsEveryMateInOneToThree() throws Exception {
        TranspositionTable tt = new TranspositionTable(16);
        Searcher searcher = new Searcher(tt);
        List<MateCase> cases = cases(3);
        assertTrue(cases.size() == 44, "cases: " + cases.size());
        List<String> failures = new ArrayList<>();
        for (MateCase c : cases) {
            tt.clear();
            searcher.clearHeuristics();
            Position p = Position.fromFen(c.fen() + (c.fen().split(" ").length == 4 ? " 0 1" : ""));
            SearchLimits limits = new SearchLimits(MAX_DEPTH, 0, 0, 0, 0, 0, 0, 0, c.mateIn(), false, false,
                    List.of(), 0);
            SearchResult r = searcher.think(p, new long[0], new SearchControl(limits, new TimeManager(limits, 0, 0)),
                    line -> { });
            boolean legal = MoveGen.isLegal(p, r.bestMove(), new int[MoveGen.MAX_MOVES]);
            if (!legal || !Score.isMate(r.score()) || Score.mateMoves(r.score()) != c.mateIn())
                failures.add(c.fen() + " expected mate " + c.mateIn() + " got " + Score.uci(r.score())
                        + " move " + gacrux.board.Move.toUci(r.bestMove()));
        }
        assertTrue(failures.isEmpty(), failures.size() + " of " + cases.size() + " failed:\n" + String.join("\n", failures));
    }
}
