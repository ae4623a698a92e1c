package gacrux.dts;

/**
 * Stands in, in a local actor system, for the serializers of the cluster modules (DtsSearch.localOnly): Akka
 * creates every configured serializer at start-up, and the real ones load Jackson, Artery and the cluster (about
 * 1,300 classes). A local system serializes nothing, so this one is never called; if it were, it says why it
 * cannot.
 */
public final class OffSerializer extends akka.serialization.JSerializer {
    /**
     * Akka wants a distinct identifier per configured serializer (one instance per name), so each instance takes
     * the next one from a range no Akka serializer uses. Nothing is ever serialized under them.
     */
    private static final java.util.concurrent.atomic.AtomicInteger NEXT = new java.util.concurrent.atomic.AtomicInteger(74_140_000);
    private final int id = NEXT.incrementAndGet();

    @Override
    public int identifier() { return id; }

    @Override
    public boolean includeManifest() { return false; }

    @Override
    public byte[] toBinary(Object o) {
        throw new UnsupportedOperationException("a local actor system does not serialize " + o.getClass().getName());
    }

    @Override
    public Object fromBinaryJava(byte[] bytes, Class<?> manifest) {
        throw new UnsupportedOperationException("a local actor system does not deserialize");
    }
}
