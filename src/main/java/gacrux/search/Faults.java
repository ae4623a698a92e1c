package gacrux.search;

/**
 * Fault injection for tests (issue 8): a worker that throws or stalls in the middle of a parallel search.
 * An injector is part of the engine's DtsConfig (null in production, set only by tests); the search reads it
 * once per Select of a split block (before claiming the move), never per node, and never in the serial search.
 */
public final class Faults {
    private Faults() {}

    /** Called by a worker about to Select a move at a split block. May throw (a fault) or sleep (a stall). */
    @FunctionalInterface
    public interface Injector {
        /**
         * @param worker the worker's id (0 runs the root)
         * @param owner  true when the worker is the block's owner (inside its own split), false for a helper
         * @param holdsBlocks true when the worker has any block of its own open (this one, or one above it
         *               while it helps below: a fault then also loses that block's in-flight moves)
         * @param block  the block it is Selecting from
         */
        void atSelect(int worker, boolean owner, boolean holdsBlocks, SplitBlock block);
    }

    /** The exception an injected fault throws (so tests can tell it from a real failure). */
    public static final class InjectedFault extends RuntimeException {
        public InjectedFault(String message) {
            super(message);
        }
    }
}
