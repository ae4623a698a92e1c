package gacrux.cluster;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import gacrux.board.Position;
import gacrux.search.RemoteTask;
import gacrux.search.RemoteWork;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/** The master's bookkeeping, driven by hand: idle nodes, answers, losses, late and duplicate answers. */
class ClusterWorkTest {
    static final ActorTestKit kit = ActorTestKit.create();

    @AfterAll
    static void shutdown() { kit.shutdownTestKit(); }

    static RemoteWork.Spec spec() {
        return new RemoteWork.Spec(Position.startPos(), new long[0], new int[]{0}, 9, 8, -20, 20, 1, false, false);
    }

    static ClusterWork bound(TestProbe<Coordinator.Command> self) {
        ClusterWork w = new ClusterWork(8);
        w.bind(self.ref(), kit.system().scheduler(), kit.system().executionContext());
        return w;
    }

    @Test
    void aLostNodesTaskFailsAndItsLateAnswerIsNeverMerged() {
        TestProbe<Coordinator.Command> self = kit.createTestProbe();
        TestProbe<WorkerNode.Command> node = kit.createTestProbe();
        ClusterWork w = bound(self);
        assertFalse(w.idle());
        w.listing(Set.of(node.ref()));
        assertTrue(w.idle());
        RemoteTask t = w.submit(spec(), 1, 0);
        assertNotNull(t);
        WorkerNode.Task sent = node.expectMessageClass(WorkerNode.Task.class);
        assertEquals(t.id, sent.taskId());
        assertFalse(w.idle(), "one task per node");
        assertNull(w.submit(spec(), 1, 0), "no idle node: the move stays local");
        w.accepted(t.id);
        w.unreachable(node.ref().path().address().toString());
        assertEquals(RemoteTask.FAILED, t.state(), "the owner searches it again");
        w.result(new Coordinator.Result(sent.searchId(), t.id, Coordinator.Result.OK, 5, new int[0], 10, sent.replyTo().path().address().toString()));
        assertEquals(RemoteTask.FAILED, t.state(), "a late answer is not merged");
        assertEquals(1, w.stats().unknownDropped());
        assertEquals(0, w.stats().merged());
        assertEquals(1, w.stats().lost());
    }

    @Test
    void anAnswerCompletesOnceAndFreesTheNode() {
        TestProbe<Coordinator.Command> self = kit.createTestProbe();
        TestProbe<WorkerNode.Command> node = kit.createTestProbe();
        ClusterWork w = bound(self);
        w.listing(Set.of(node.ref()));
        RemoteTask t = w.submit(spec(), 1, 0);
        node.expectMessageClass(WorkerNode.Task.class);
        String addr = node.ref().path().address().toString();
        w.result(new Coordinator.Result(1, t.id, Coordinator.Result.OK, 7, new int[]{1, 2}, 99, addr));
        assertEquals(RemoteTask.DONE, t.state());
        assertEquals(7, t.score());
        assertTrue(w.idle(), "its answer makes the node idle again");
        w.result(new Coordinator.Result(1, t.id, Coordinator.Result.OK, 9, new int[0], 99, addr)); // duplicate
        assertEquals(7, t.score());
        assertEquals(1, w.stats().merged());
        assertEquals(1, w.stats().unknownDropped());
    }

    @Test
    void abortTellsTheNodeAndDropsItsAnswer() {
        TestProbe<Coordinator.Command> self = kit.createTestProbe();
        TestProbe<WorkerNode.Command> node = kit.createTestProbe();
        ClusterWork w = bound(self);
        w.listing(Set.of(node.ref()));
        RemoteTask t = w.submit(spec(), 1, 0);
        node.expectMessageClass(WorkerNode.Task.class);
        w.abort(t);
        assertEquals(t.id, node.expectMessageClass(WorkerNode.Abort.class).taskId());
        assertFalse(w.idle(), "busy until it answers");
        w.result(new Coordinator.Result(1, t.id, Coordinator.Result.OK, 3, new int[0], 1, node.ref().path().address().toString()));
        assertEquals(RemoteTask.ABORTED, t.state());
        assertEquals(1, w.stats().lateDropped());
        assertTrue(w.idle());
    }

    @Test
    void anUnacknowledgedTaskTimesOutAndGoesBack() {
        TestProbe<Coordinator.Command> self = kit.createTestProbe();
        TestProbe<WorkerNode.Command> node = kit.createTestProbe();
        ClusterWork w = bound(self);
        w.listing(Set.of(node.ref()));
        RemoteTask t = w.submit(spec(), 1, 0);
        // The timeout message comes to the coordinator after ACK_TIMEOUT; deliver it as the coordinator would.
        Coordinator.AckTimeout timeout = self.expectMessageClass(Coordinator.AckTimeout.class,
                Coordinator.ACK_TIMEOUT.plusSeconds(10));
        w.ackTimeout(timeout.taskId());
        assertEquals(RemoteTask.FAILED, t.state());
        assertEquals(1, w.stats().timeouts());
    }
}
