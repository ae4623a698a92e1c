package gacrux.tools;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** CdsCheck reads PrintCompilation's lines: a hot method counts as compiled only at tier 4 (OSR included). */
class CdsCheckTest {
    static final List<String> COMPILED = List.of(
            "    154  274       3       gacrux.search.Evaluator::evaluate (5344 bytes)",
            "    188  333       4       gacrux.search.Evaluator::evaluate (5344 bytes)",
            "    245  349   !   3       gacrux.search.Searcher::searchNode (2226 bytes)",
            "    300  401 %     4       gacrux.search.Searcher::searchNode @ 120 (2226 bytes)",
            "    622  274       3       gacrux.search.Evaluator::evaluate (5344 bytes)   made not entrant",
            "    700  410       4       gacrux.search.TranspositionTable::probe (60 bytes)",
            "Nodes: 743784");

    @Test
    void everyHotMethodAtTierFourPasses() {
        assertEquals(List.of(), CdsCheck.missing(COMPILED));
    }

    @Test
    void aHotMethodSeenOnlyAtTierThreeOrNotAtAllIsMissing() {
        List<String> c1Only = COMPILED.stream().filter(l -> !l.contains(" 4       gacrux.search.Evaluator")).toList();
        assertEquals(List.of("gacrux.search.Evaluator::evaluate"), CdsCheck.missing(c1Only));
        assertEquals(CdsCheck.HOT, CdsCheck.missing(List.of("Nodes: 1", "    205  206       3       gacrux.search.Evaluator::behindPawn (46 bytes)")));
    }
}
