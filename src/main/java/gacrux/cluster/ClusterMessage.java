package gacrux.cluster;

/**
 * Marker of every message that crosses the wire between Gacrux nodes (docs/cluster.md). The cluster config binds
 * it to Akka's jackson-cbor serializer; Java serialization stays off. Akka 2.6.21 has no marker of its own
 * (CborSerializable came later), so this is the project's. Only records of plain values (numbers, strings, arrays)
 * and typed ActorRefs implement it: no board objects, lambdas or shared state cross.
 */
public interface ClusterMessage {}
