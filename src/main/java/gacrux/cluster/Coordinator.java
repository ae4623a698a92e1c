package gacrux.cluster;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.receptionist.Receptionist;
import akka.cluster.ClusterEvent;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.Subscribe;

import java.time.Duration;

/**
 * The master's end of the cluster level (on the UCI engine's node): follows the Receptionist's listing of worker
 * nodes and the cluster's reachability, and receives the workers' answers. The state the search thread reads
 * (idle peers, tasks out) lives in {@link ClusterWork}; this actor only moves it: a result completes its task
 * (CAS), an unreachable node fails its tasks (the owner searches them again), a missing acknowledgement after
 * {@link #ACK_TIMEOUT} fails the task too (a lost or oversized message is dropped by Akka silently).
 */
public final class Coordinator extends AbstractBehavior<Coordinator.Command> {
    /** A task not acknowledged within this is searched locally (generous: two loaded cores, GC). */
    public static final Duration ACK_TIMEOUT = Duration.ofSeconds(5);

    public sealed interface Command permits Accepted, Result, PerftResult, Listing, Reachability, AckTimeout {}

    /** A worker took task taskId (it is searching it). */
    public record Accepted(long taskId, String node) implements Command, ClusterMessage {}

    /**
     * A worker's answer to a task: OK (score and PV from the task node's side, nodes searched), ABORTED (it was
     * told to stop), BUSY (it was still on another task), ERROR (bad task, or its search failed).
     */
    public record Result(long searchId, long taskId, int status, int score, int[] pv, long nodes, String node)
            implements Command, ClusterMessage {
        public static final int OK = 0, ABORTED = 1, BUSY = 2, ERROR = 3;
    }

    /** A perft task's count, or -1 when it failed. */
    public record PerftResult(long taskId, long count, String node) implements Command, ClusterMessage {}

    private record Listing(Receptionist.Listing listing) implements Command {}

    private record Reachability(ClusterEvent.ReachabilityEvent event) implements Command {}

    record AckTimeout(long taskId) implements Command {}

    private final ClusterWork work;

    public static Behavior<Command> create(ClusterWork work) {
        return Behaviors.setup(ctx -> new Coordinator(ctx, work));
    }

    private Coordinator(ActorContext<Command> ctx, ClusterWork work) {
        super(ctx);
        this.work = work;
        work.bind(ctx.getSelf(), ctx.getSystem().scheduler(), ctx.getSystem().executionContext());
        ActorRef<Receptionist.Listing> listingAdapter = ctx.messageAdapter(Receptionist.Listing.class, Listing::new);
        ctx.getSystem().receptionist().tell(Receptionist.subscribe(WorkerNode.KEY, listingAdapter));
        ActorRef<ClusterEvent.ReachabilityEvent> reach = ctx.messageAdapter(ClusterEvent.ReachabilityEvent.class, Reachability::new);
        Cluster.get(ctx.getSystem()).subscriptions().tell(Subscribe.create(reach, ClusterEvent.ReachabilityEvent.class));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Accepted.class, a -> { work.accepted(a.taskId()); return this; })
                .onMessage(Result.class, r -> { work.result(r); return this; })
                .onMessage(PerftResult.class, r -> { work.perftResult(r); return this; })
                .onMessage(AckTimeout.class, t -> { work.ackTimeout(t.taskId()); return this; })
                .onMessage(Listing.class, l -> {
                    work.listing(l.listing().getServiceInstances(WorkerNode.KEY));
                    return this;
                })
                .onMessage(Reachability.class, r -> {
                    if (r.event() instanceof ClusterEvent.UnreachableMember u) work.unreachable(u.member().address().toString());
                    else if (r.event() instanceof ClusterEvent.ReachableMember m) work.reachable(m.member().address().toString());
                    return this;
                })
                .build();
    }
}
