package gacrux.tools;

import gacrux.board.Position;

import java.nio.file.Path;

/**
 * One line of a tuning data file, the format {@code datagen} writes, {@code label} extends and {@code tune} reads:
 * {@code FEN [result]} (white's result in [0, 1]), optionally followed by {@code cp S} (white's score from
 * {@code label}'s engine; NaN when absent). One parser, so the three commands agree on the format and its errors.
 */
record DataLine(String head, String fen, Position position, double result, double score) {

    /** Parses a non-blank, non-comment line; a bad line is an IllegalArgumentException naming the file and line. */
    static DataLine parse(Path file, int lineNo, String line) {
        int open = line.lastIndexOf('['), close = line.lastIndexOf(']');
        if (open < 0 || close < open)
            throw new IllegalArgumentException(file + " line " + lineNo + ": expected 'FEN [result]', got '" + line + "'");
        double result;
        try {
            result = Double.parseDouble(line.substring(open + 1, close).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + " line " + lineNo + ": bad result '" + line.substring(open + 1, close) + "'");
        }
        if (!(result >= 0 && result <= 1))
            throw new IllegalArgumentException(file + " line " + lineNo + ": result must be in [0, 1], got " + result);
        String fen = line.substring(0, open).trim();
        Position p;
        try {
            p = Position.fromFen(fen);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(file + " line " + lineNo + ": bad FEN '" + fen + "': " + e.getMessage());
        }
        double score = Double.NaN;
        String rest = line.substring(close + 1).trim();
        if (!rest.isEmpty()) {
            String[] t = rest.split("\\s+");
            try {
                if (t.length != 2 || !t[0].equals("cp")) throw new NumberFormatException();
                score = Integer.parseInt(t[1]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(file + " line " + lineNo + ": expected 'cp N' after the result, got '" + rest + "'");
            }
        }
        return new DataLine(line.substring(0, close + 1), fen, p, result, score);
    }
}
