package org.nowemu.workloads.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.nowemu.actors.cluster.ClusterRun;
import org.nowemu.actors.cluster.ClusterSettings;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code nowemu node [--seed-nodes host:port,...] [--set k=v]...}: a cluster member that waits for runs (each
 * takes a partition of every run submitted with {@code nowemu run --seed-nodes}). Prints one line with its
 * address when it is up. Without seed nodes it starts a new cluster (its own address is the seed); with seed
 * nodes that do not answer within {@code nowemu.cluster.seed-timeout} it gives up (exit 2). A node that the
 * cluster downs (the split-brain resolver, when it loses sight of the oldest member) ends with exit 1 and one
 * line saying so.
 */
@Command(name = "node", mixinStandardHelpOptions = true,
        description = "Be a cluster member that waits for runs (see nowemu run --seed-nodes).")
final class NodeCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    // Split by ClusterSettings.seedNodes, which refuses an empty entry (picocli would drop it).
    @Option(names = "--seed-nodes", paramLabel = "HOST:PORT[,HOST:PORT...]",
            description = "Seed nodes of the cluster to join (default: start a new cluster).")
    List<String> seedOptions = new ArrayList<>();

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a key (nowemu.cluster.port, ...).")
    List<String> sets = new ArrayList<>();

    @Option(names = "--exit-on-stdin-eof", hidden = true,
            description = "Exit when standard input closes (members started by run --jvms).")
    boolean exitOnEof;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<String> seeds = ClusterSettings.seedNodes(seedOptions);
        ExperimentConfig ec = ExperimentConfig.load(null, sets, Main.home());
        ClusterSettings cs = ClusterSettings.from(ec.config());
        if (!seeds.isEmpty()) {
            cs = cs.withSeeds(seeds);
        } else {
            int port = cs.port();
            if (port == 0) {
                throw new org.nowemu.actors.config.BadInputException("a node that starts a new cluster needs a known"
                        + " port: --set nowemu.cluster.port=PORT");
            }
            cs = cs.withSeeds(List.of(cs.hostname() + ":" + port));
        }
        RuntimeSettings.from(ec.config()); // bad runtime settings are refused before the member starts
        ClusterRun member = ClusterRun.start(cs, ec.config(), ClusterLauncher.MODELS);
        try {
            member.awaitJoined();
        } catch (RuntimeException e) {
            member.close();
            throw e;
        }
        String address = member.address();
        out.println("nowemu: node " + address + " is up; waiting for runs (Ctrl-C stops it)");
        if (exitOnEof) {
            Thread watch = new Thread(() -> {
                try {
                    while (System.in.read() >= 0) {
                        // nothing is sent; only the end matters
                    }
                } catch (java.io.IOException e) {
                    // the parent is gone just the same
                }
                org.nowemu.actors.cluster.ClusterRun.deleteTransportFiles(); // halt runs no shutdown hook
                Runtime.getRuntime().halt(0);
            }, "nowemu-parent-watch");
            watch.setDaemon(true);
            watch.start();
        }
        member.awaitTermination();
        // Ctrl-C ends the JVM without coming here: the actor system stopped by itself, as a downed member's does.
        spec.commandLine().getErr().println("nowemu: node " + address + " was removed from the cluster (downed,"
                + " or its actor system stopped); it takes no more runs");
        return Main.FAILED;
    }
}
