package org.nowemu.protocol.system;

import java.util.List;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.ledger.FaultExposures;
import org.nowemu.protocol.parts.routing.InitialRoutes;
import org.nowemu.protocol.parts.routing.Routes;

/**
 * A cluster whose hosts run communication systems, host by host: host h's NIC runs the firmware of
 * {@code stackOf.apply(h)} and the host runs {@code programs.apply(h)} with that stack's library, one process per
 * program ({@code h3.p0}, {@code h3.p1}, ...; how a system lays out its components is its own business). Hosts
 * may run different systems and stacks: an experiment puts each on its own hosts, and a program must be one of its
 * host's system ({@link CommSystem#programType}). Both functions are called again for each run and after each
 * power cycle, so they must be pure.
 */
public final class SystemCluster {
    private SystemCluster() {
    }

    /**
     * @param stackOf  the stack of each host's NIC and library
     * @param programs the programs of each host (empty: the NIC alone)
     */
    public static Cluster build(Topology topology, HardwareProfile profile, IntFunction<Stack<?, ?>> stackOf,
                                IntFunction<? extends List<?>> programs, Failures failures) {
        return Cluster.build(topology, profile, program(topology, profile, stackOf, programs, true, failures),
                failures);
    }

    /**
     * What {@link #build} runs on the hosts, for callers that change a part of it (a NIC that is off, say).
     *
     * @param topologyRoutes fill the NICs' routing tables with shortest routes from the topology at start; false:
     *                       start with empty tables, for a mapper to fill
     * @param failures       what fails; a crash of a process a host does not run is bad input
     */
    public static HostProgram program(Topology topology, HardwareProfile profile, IntFunction<Stack<?, ?>> stackOf,
                                      IntFunction<? extends List<?>> programs, boolean topologyRoutes,
                                      Failures failures) {
        int hosts = topology.hosts().size();
        for (int h = 0; h < hosts; h++) {
            stackOf.apply(h).check(topology, profile);
        }
        int[] peers = peers(hosts, stackOf, programs);
        InitialRoutes initial = new InitialRoutes(topology);
        FaultExposures faults = FaultExposures.of(topology, profile, failures);
        return new HostProgram() {
            @Override
            public Firmware firmware(NicParts nic) {
                return stackOf.apply(nic.nic()).firmware(nic, topologyRoutes ? initial.from(nic.nic())
                        : Routes.none(hosts), peers[nic.nic()]);
            }

            @Override
            public List<Part> hostParts(NicParts nic, int firstId) {
                Stack<?, ?> stack = stackOf.apply(nic.nic());
                List<?> mine = programs.apply(nic.nic());
                HostSetup host = new HostSetup(topology, profile, nic, firstId, failures, faults, peers[nic.nic()]);
                int named = failures.crashedProcessBound(topology.hosts().get(nic.nic()).index());
                if (named >= mine.size()) {
                    throw new BadInputException("nowemu.faults: " + host.name() + ".p" + named + ": host "
                            + host.name() + " runs " + (mine.isEmpty() ? "no process" : mine.size() == 1
                            ? "1 process (p0)" : mine.size() + " processes (p0..p" + (mine.size() - 1) + ")")
                            + " in this experiment");
                }
                return stack.hostParts(host, mine);
            }
        };
    }

    /**
     * For each host, the hosts with programs on its stack (by the stack's name), itself included: a stack's job.
     * Hosts a run leaves without a program (the idle rest of a traffic experiment, say) run no library, so they
     * are no one's peers.
     */
    private static int[] peers(int hosts, IntFunction<Stack<?, ?>> stackOf, IntFunction<? extends List<?>> programs) {
        String[] stack = new String[hosts];
        TreeMap<String, Integer> running = new TreeMap<>();
        for (int h = 0; h < hosts; h++) {
            stack[h] = stackOf.apply(h).name();
            if (!programs.apply(h).isEmpty()) {
                running.merge(stack[h], 1, Integer::sum);
            }
        }
        int[] peers = new int[hosts];
        for (int h = 0; h < hosts; h++) {
            peers[h] = running.getOrDefault(stack[h], 0);
        }
        return peers;
    }
}
