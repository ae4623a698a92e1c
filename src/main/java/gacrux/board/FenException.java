package gacrux.board;

/** A FEN that is malformed or describes an impossible position; the message names the problem. */
public final class FenException extends IllegalArgumentException {
    public FenException(String message) { super(message); }
}
