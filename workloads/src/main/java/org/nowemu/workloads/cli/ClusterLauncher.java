package org.nowemu.workloads.cli;

import com.typesafe.config.Config;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.util.List;
import org.nowemu.actors.cluster.ClusterRun;
import org.nowemu.actors.cluster.ClusterSettings;
import org.nowemu.actors.cluster.ModelSource;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workloads;

/**
 * Runs one experiment over a Pekko Cluster: with {@code --jvms N} this JVM starts a cluster on 127.0.0.1 and
 * N - 1 local member JVMs; with {@code --seed-nodes} it joins an existing cluster of {@code nowemu node}s. This
 * JVM takes a partition too. Where the model went (members, components each, cut connections) is printed to
 * stderr before the run begins.
 */
final class ClusterLauncher {
    /** How every member builds the model from the run's configuration: the same as a one-JVM run. */
    static final ModelSource MODELS = config -> Workloads.from(new ConfigReader(config)).plan(config).model();

    private ClusterLauncher() {
    }

    static RunResult run(Config config, Plan plan, RunProgress progress, int jvms, List<String> seeds,
                         PrintWriter err) {
        ClusterSettings cs = ClusterSettings.from(config);
        if (seeds.isEmpty()) {
            int port = cs.port() != 0 ? cs.port() : freePort(cs.transport().equals("aeron-udp"));
            // The JVMs share this machine's cores: "one lane per core" means per core of the machine.
            int lanes = config.getInt("nowemu.runtime.threads") > 0 ? cs.lanes()
                    : Math.max(1, Runtime.getRuntime().availableProcessors() / jvms);
            cs = cs.withPort(port).withSeeds(List.of(cs.hostname() + ":" + port)).withLanes(lanes);
            ClusterRun member = ClusterRun.start(cs, config, MODELS);
            LocalJvms others = null;
            boolean ok = false;
            try {
                others = LocalJvms.start(jvms - 1, cs.hostname() + ":" + port, cs, memberSettings(config, lanes));
                // A member JVM that ends is seen at once (its process ended), before the cluster forms or during
                // the run: no waiting for join-timeout or for the cluster to find it unreachable.
                var exit = others.firstExit();
                member.awaitMembers(jvms, cs.joinTimeoutMs(), exit.thenApply(e -> e.describe("before joining the"
                        + " cluster")));
                RunResult r = member.run(config, plan.horizonPs(), plan.model().lookahead(), jvms, progress,
                        layout -> err.println("nowemu: cluster: " + layout),
                        exit.thenApply(e -> e.describe("during the run")));
                ok = true;
                return r;
            } finally {
                // Leave while the others are still there (the cluster converges at once), then stop them. Now and
                // then Artery over tls-tcp only ends once the peers close their connections, so the others are
                // stopped after LEAVE_MS even if this member is not done; that lets it end too. (When a member JVM
                // ended during the run, leaving waits for it until cluster-exiting times out: 3 s.)
                // The line of a member JVM that ended already carries its last words: no log of the others then.
                boolean memberEnded = others != null && others.firstExit().isDone();
                Thread leaving = new Thread(member::close, "nowemu-leave");
                leaving.start();
                joinUninterruptibly(leaving, LEAVE_MS);
                if (others != null) {
                    others.close();
                    if (!ok && !memberEnded) {
                        others.printLog(err);
                    }
                }
                joinUninterruptibly(leaving, 0);
            }
        }
        cs = cs.withSeeds(seeds);
        try (ClusterRun member = ClusterRun.start(cs, config, MODELS)) {
            member.awaitJoined();
            // This JVM and at least one serving member; every member up when the run is placed takes part.
            int least = Math.max(2, jvms);
            member.awaitMembers(least, cs.joinTimeoutMs());
            // The cluster's state, read again, can count fewer members up than the wait just saw (a member of an
            // earlier run leaving, this one's own status not yet gossiped back): the run asks for at least as many
            // as were awaited, so it is never placed on the serving member alone.
            return member.run(config, plan.horizonPs(), plan.model().lookahead(),
                    Math.max(least, member.upMembers()), progress,
                    layout -> err.println("nowemu: cluster: " + layout));
        }
    }

    /**
     * What the local members must share with this JVM beyond the cluster's name, transport and keys (which
     * {@link LocalJvms} passes itself), as {@code --set} overrides: the address to bind, how long to wait for
     * the others and to join, the lanes and how they idle, where Aeron's files go and its term length.
     */
    static List<String> memberSettings(Config config, int lanes) {
        List<String> sets = new java.util.ArrayList<>();
        sets.add("nowemu.runtime.threads=" + lanes);
        sets.add("nowemu.runtime.idle-cpu-level=" + config.getInt("nowemu.runtime.idle-cpu-level"));
        for (String k : List.of("hostname", "join-timeout", "seed-timeout", "aeron.directory",
                "aeron.term-buffer-length")) {
            sets.add("nowemu.cluster." + k + "=" + com.typesafe.config.ConfigUtil.quoteString(
                    config.getValue("nowemu.cluster." + k).unwrapped().toString()));
        }
        return sets;
    }

    /** How long this member may take to leave before the local member JVMs are stopped (ms; about 1 s usually). */
    private static final long LEAVE_MS = 3_000;

    /** Waits for {@code t} to end, at most {@code ms} (0: no limit); an interrupt is kept for the caller. */
    private static void joinUninterruptibly(Thread t, long ms) {
        boolean interrupted = false;
        long deadline = System.nanoTime() + ms * 1_000_000L; // wall time: waiting for a shutdown
        while (t.isAlive()) {
            long left = ms == 0 ? 0 : (deadline - System.nanoTime()) / 1_000_000L;
            if (ms != 0 && left <= 0) {
                break;
            }
            try {
                t.join(left);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** A port free now on this machine, for TCP, or for UDP (Aeron binds a UDP port). */
    private static int freePort(boolean udp) {
        try (java.io.Closeable c = udp ? new java.net.DatagramSocket(0) : new ServerSocket(0)) {
            return c instanceof ServerSocket s ? s.getLocalPort() : ((java.net.DatagramSocket) c).getLocalPort();
        } catch (IOException e) {
            throw new org.nowemu.actors.config.BadInputException("no free port on this machine: " + e.getMessage());
        }
    }
}
