package gacrux.uci;

import java.util.function.Consumer;

/** Test access to the package-private parts of {@link UciParser} for the parser fuzzer in gacrux.fuzz. */
public final class UciParserAccess {
    private UciParserAccess() {}

    /** Parses the line (which must not throw); returns the FEN of a position command, else null. */
    public static String parseAndGetFen(String line, Consumer<String> warn) {
        UciEngine.Command c = UciParser.parse(line, warn);
        return c instanceof UciEngine.SetPosition s ? s.fen() : null;
    }
}
