package gacrux.cluster;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.javadsl.Adapter;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializer;
import akka.serialization.Serializers;
import gacrux.board.MoveGen;
import gacrux.board.Position;
import gacrux.dts.DtsSearch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Every message that crosses the wire, through the serializer the cluster config binds (jackson-cbor via
 * ClusterMessage) and back: equal field by field, never Java serialization, and far below Artery's 256 KiB frame.
 * The sizes printed here are the ones docs/cluster.md quotes.
 */
class WireSerializationTest {
    /** The cluster config on port 0 and with no seeds: this system serializes only, it never joins anyone. */
    static final ActorTestKit kit = ActorTestKit.create("gacrux", com.typesafe.config.ConfigFactory
            .parseString("akka.cluster.seed-nodes = []")
            .withFallback(ClusterSettings.of("127.0.0.1", 0, List.of(new ClusterSettings.HostPort("127.0.0.1", 1)))
                    .config(DtsSearch.systemConfig(1))));

    @AfterAll
    static void shutdown() { kit.shutdownTestKit(); }

    static List<ClusterMessage> samples() {
        TestProbe<Coordinator.Command> master = kit.createTestProbe();
        Position root = Position.fromFen("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
        int[] moves = new int[MoveGen.MAX_MOVES];
        MoveGen.legal(root, moves, 0);
        Position after = root.copy();
        after.makeMove(moves[0]);
        int[] reply = new int[MoveGen.MAX_MOVES];
        MoveGen.legal(after, reply, 0);
        return List.of(
                // A task two plies below the root, as the search hands them out (no game history: halfmove clock 0).
                new WorkerNode.Task(3, 41, root.toFen(), false, new long[0], new int[]{moves[0], reply[0]}, 12, 9,
                        -35, 18, 2, true, true, master.ref()),
                // The same with 8 keys of history (repetition) and Chess960.
                new WorkerNode.Task(3, 42, root.toFen(), true, new long[]{1L << 60, -7, 3, 4, 5, 6, 7, 8},
                        new int[]{moves[0], reply[0]}, 12, 9, -35, 18, 1, false, false, master.ref()),
                new WorkerNode.Abort(3, 41),
                new WorkerNode.PerftTask(7, Position.START_FEN, false, new int[]{moves[1]}, 5, master.ref()),
                new Coordinator.Accepted(41, "akka://gacrux@127.0.0.1:25521"),
                new Coordinator.Result(3, 41, Coordinator.Result.OK, -17, new int[]{reply[0], moves[2], reply[1], moves[3],
                        reply[2], moves[4], reply[3], moves[5]}, 1_234_567, "akka://gacrux@127.0.0.1:25521"),
                new Coordinator.Result(3, 42, Coordinator.Result.ABORTED, 0, new int[0], 0, "akka://gacrux@127.0.0.1:25521"),
                new Coordinator.PerftResult(7, 4_865_609, "akka://gacrux@127.0.0.1:25521"));
    }

    @Test
    void everyWireMessageRoundTripsThroughCbor() throws Exception {
        Serialization ser = SerializationExtension.get(Adapter.toClassic(kit.system()));
        for (ClusterMessage m : samples()) {
            Serializer s = ser.findSerializerFor(m);
            assertTrue(s.getClass().getName().contains("JacksonCborSerializer"), m.getClass() + " uses " + s.getClass());
            byte[] bytes = ser.serialize(m).get();
            Object back = ser.deserialize(bytes, s.identifier(), Serializers.manifestFor(s, m)).get();
            assertEquals(m.getClass(), back.getClass());
            for (RecordComponent c : m.getClass().getRecordComponents())
                assertTrue(Objects.deepEquals(c.getAccessor().invoke(m), c.getAccessor().invoke(back)),
                        m.getClass().getSimpleName() + "." + c.getName());
            assertTrue(bytes.length < 2048, m + " is " + bytes.length + " bytes");
            System.err.println("wire size " + m.getClass().getSimpleName() + ": " + bytes.length + " bytes");
        }
    }

    @Test
    void everyClusterMessageClassHasASample() {
        // A new wire record must be added to samples(): the nested records implementing ClusterMessage.
        long declared = java.util.stream.Stream.of(WorkerNode.class.getDeclaredClasses(), Coordinator.class.getDeclaredClasses())
                .flatMap(java.util.Arrays::stream).filter(ClusterMessage.class::isAssignableFrom).count();
        long sampled = samples().stream().map(Object::getClass).distinct().count();
        assertEquals(declared, sampled);
    }
}
