package gacrux.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How one JVM takes part in a cluster: where it listens, the seed nodes it joins through, the failure-detector and
 * Split Brain Resolver timings, and the least remaining depth of a node whose moves go to other machines. Built
 * from command-line flags or the UCI option; turned into the actor system's config only when a cluster is wanted,
 * so a lone engine keeps its local provider and its start-up time (docs/cluster.md).
 */
public record ClusterSettings(String host, int port, List<HostPort> seeds, Duration stableAfter,
                              Duration heartbeatInterval, Duration acceptablePause, int splitDepth) {
    /** Remaining depth of a remote task's node, at least (distributed YBW's threshold; Scorpio uses 8 between hosts). */
    public static final int DEFAULT_SPLIT_DEPTH = 8;
    /**
     * SBR stable-after: how long membership must be stable before the resolver downs the unreachable side. The docs'
     * smallest recommendation for up to 5 nodes is 7 s; the search does not wait for it (a lost node's moves are
     * searched again on UnreachableMember, seconds earlier), so only the cleanup of the membership waits.
     */
    public static final Duration DEFAULT_STABLE_AFTER = Duration.ofSeconds(7);

    public record HostPort(String host, int port) {
        @Override
        public String toString() { return host + ":" + port; }

        public String address() { return "akka://" + ClusterSettings.SYSTEM + "@" + host + ":" + port; }
    }

    /** Every node's actor system has this name: Akka joins only systems of the same name. */
    public static final String SYSTEM = "gacrux";

    public ClusterSettings {
        seeds = List.copyOf(seeds);
    }

    public static ClusterSettings of(String host, int port, List<HostPort> seeds) {
        return new ClusterSettings(host, port, seeds, DEFAULT_STABLE_AFTER, Duration.ofSeconds(1), Duration.ofSeconds(3),
                DEFAULT_SPLIT_DEPTH);
    }

    public ClusterSettings withSplitDepth(int d) {
        return new ClusterSettings(host, port, seeds, stableAfter, heartbeatInterval, acceptablePause, d);
    }

    /** Faster failure detection and downing (tests: a killed node is unreachable in about 2-3 s). */
    public ClusterSettings withTimings(Duration stableAfter, Duration heartbeatInterval, Duration acceptablePause) {
        return new ClusterSettings(host, port, seeds, stableAfter, heartbeatInterval, acceptablePause, splitDepth);
    }

    /**
     * Parses {@code HOST:PORT[,HOST:PORT...]}. Throws IllegalArgumentException with a message fit for the user
     * (bad host, port out of range, missing colon); nothing is started before the whole list is good.
     */
    public static List<HostPort> parseSeeds(String text) {
        if (text == null || text.isBlank()) throw new IllegalArgumentException("no seed given (HOST:PORT[,HOST:PORT...])");
        List<HostPort> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String s = part.trim();
            int colon = s.lastIndexOf(':');
            if (colon <= 0 || colon == s.length() - 1)
                throw new IllegalArgumentException("'" + s + "' is not HOST:PORT");
            String host = s.substring(0, colon);
            if (!host.matches("[A-Za-z0-9._\\-]+"))
                throw new IllegalArgumentException("'" + host + "' is not a host name or IPv4 address");
            out.add(new HostPort(host, parsePort(s.substring(colon + 1))));
        }
        return out;
    }

    public static int parsePort(String text) {
        int port;
        try {
            port = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("port '" + text + "' is not a number");
        }
        if (port < 1 || port > 65535) throw new IllegalArgumentException("port " + port + " is out of range 1..65535");
        return port;
    }

    public static Duration parseDuration(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        try {
            if (t.endsWith("ms")) return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            if (t.endsWith("s")) return Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
            return Duration.ofMillis(Math.round(Double.parseDouble(t) * 1000));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (e.g. 7s, 500ms)");
        }
    }

    /**
     * The actor system's config for this node: cluster provider, Artery TCP at host:port, the seeds, the SBR
     * (keep-majority), CBOR for ClusterMessage, on top of base (application.conf with the search dispatcher) and
     * the full reference config.
     */
    public Config config(Config base) {
        StringBuilder seedList = new StringBuilder();
        for (HostPort s : seeds) seedList.append(seedList.length() == 0 ? "" : ", ").append('"').append(s.address()).append('"');
        String c = """
                akka {
                  actor.provider = cluster
                  actor.serialization-bindings { "gacrux.cluster.ClusterMessage" = jackson-cbor }
                  remote.artery {
                    transport = tcp
                    canonical.hostname = "%s"
                    canonical.port = %d
                  }
                  cluster {
                    seed-nodes = [%s]
                    downing-provider-class = "akka.cluster.sbr.SplitBrainResolverProvider"
                    split-brain-resolver.active-strategy = keep-majority
                    split-brain-resolver.stable-after = %dms
                    failure-detector.heartbeat-interval = %dms
                    failure-detector.acceptable-heartbeat-pause = %dms
                    seed-node-timeout = 2s
                    retry-unsuccessful-join-after = 2s
                    # Several systems in one JVM (the engine's local one, a test's) must not clash on JMX names.
                    jmx.multi-mbeans-in-same-jvm = on
                    log-info = off
                  }
                  # quit leaves the cluster (CoordinatedShutdown's cluster phases), then the system terminates.
                  coordinated-shutdown.terminate-actor-system = on
                }
                """.formatted(host, port, seedList, stableAfter.toMillis(), heartbeatInterval.toMillis(),
                acceptablePause.toMillis());
        // base switches the remote modules' serializers off (a local system does not want them created:
        // DtsSearch.systemConfig); the reference config's serializers and bindings, laid over it, switch them on.
        Config reference = clusterReference().withFallback(ConfigFactory.load()).resolve();
        Config serialization = reference.withOnlyPath("akka.actor.serializers")
                .withFallback(reference.withOnlyPath("akka.actor.serialization-bindings"))
                .withFallback(reference.withOnlyPath("akka.library-extensions"));
        return ConfigFactory.parseString(c).withFallback(serialization).withFallback(base).withFallback(reference);
    }

    /** The cluster modules whose reference.conf the build keeps out of the jar's merged one (pom.xml). */
    static final List<String> MODULES = List.of("akka-cluster", "akka-cluster-typed", "akka-cluster-tools",
            "akka-distributed-data", "akka-remote", "akka-stream", "akka-serialization-jackson", "akka-coordination");

    /**
     * The cluster modules' defaults. In gacrux.jar they are not in the merged reference.conf (Akka parses that at
     * every start, cluster or not) but beside it; on a plain classpath (tests, IDE) each module's own
     * reference.conf is in ConfigFactory.load() already and these copies change nothing.
     */
    static Config clusterReference() {
        Config c = ConfigFactory.empty();
        for (String m : MODULES)
            c = c.withFallback(ConfigFactory.parseResources(ClusterSettings.class.getClassLoader(),
                    "gacrux/cluster-reference/" + m + "/reference.conf"));
        return c;
    }
}
