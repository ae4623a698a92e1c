package gacrux.cluster;

import akka.actor.CoordinatedShutdown;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Adapter;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One JVM's membership of a Gacrux cluster: its actor system (cluster provider, from {@link ClusterSettings}), and
 * either a worker node's {@link WorkerNode} or the master's {@link Coordinator} with its {@link ClusterWork}.
 * {@link #up()} completes when this member is Up; {@link #leave()} leaves gracefully (the others see it leave, not
 * crash) and terminates the system.
 */
public final class ClusterNode {
    private final ActorSystem<Void> system;
    private final ClusterWork work;
    private final CompletableFuture<String> up = new CompletableFuture<>();

    private ClusterNode(ActorSystem<Void> system, ClusterWork work) {
        this.system = system;
        this.work = work;
        akka.cluster.Cluster.get(Adapter.toClassic(system)).registerOnMemberUp(() -> up.complete(system.address().toString()));
    }

    /** A worker node: searches tasks with settings' threads. base: application.conf with the search dispatcher. */
    public static ClusterNode worker(ClusterSettings cluster, WorkerNode.Settings settings, Config base) {
        Behavior<Void> guardian = Behaviors.setup(ctx -> {
            ctx.spawn(WorkerNode.create(settings), "worker");
            return Behaviors.empty();
        });
        return new ClusterNode(ActorSystem.create(guardian, ClusterSettings.SYSTEM, cluster.config(base)), null);
    }

    /** The master's end (the UCI engine, or a test): hands moves to worker nodes at nodes of depth &ge; splitDepth. */
    public static ClusterNode master(ClusterSettings cluster, Config base) {
        ClusterWork work = new ClusterWork(cluster.splitDepth());
        Behavior<Void> guardian = Behaviors.setup(ctx -> {
            ctx.spawn(Coordinator.create(work), "coordinator");
            return Behaviors.empty();
        });
        return new ClusterNode(ActorSystem.create(guardian, ClusterSettings.SYSTEM, cluster.config(base)), work);
    }

    public ActorSystem<Void> system() { return system; }

    /** The master's view of the workers (null on a worker node). */
    public ClusterWork work() { return work; }

    /** Completes with this member's address once it is Up in the cluster. */
    public CompletableFuture<String> up() { return up; }

    public String address() { return system.address().toString(); }

    /** Leaves the cluster gracefully and terminates the system, waiting at most bound. */
    public void leave(Duration bound) {
        CoordinatedShutdown.get(Adapter.toClassic(system)).run(CoordinatedShutdown.clusterLeavingReason());
        try {
            system.getWhenTerminated().toCompletableFuture().get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            system.terminate();
        }
    }
}
