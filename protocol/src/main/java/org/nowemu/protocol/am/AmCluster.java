package org.nowemu.protocol.am;

import java.util.List;
import java.util.function.IntFunction;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.system.SystemCluster;

/**
 * A cluster whose hosts all run Active Messages ({@link AmSystem}: AM-II or GAM stacks, which may differ from host
 * to host) and AM programs: the entry point of the AM workloads, over the general {@link SystemCluster}. Each host
 * gets its segment driver ({@code h3.driver}), one process ({@code h3.p0}, {@code h3.p1}, ...) per program it is
 * given, each with its own range of endpoint indices on the NIC, and, when it runs more than one thread in all, a
 * CPU component ({@code h3.cpu}) that its threads share.
 */
public final class AmCluster {
    private AmCluster() {
    }

    /**
     * @param topology the network
     * @param profile  the hardware
     * @param stackOf  the stack of each host's NIC and library
     * @param programs the processes of each host (empty: the NIC alone)
     */
    public static Cluster build(Topology topology, HardwareProfile profile, IntFunction<StackSettings> stackOf,
                                IntFunction<List<AmProgram>> programs) {
        return build(topology, profile, stackOf, programs, Failures.none());
    }

    /** As {@link #build(Topology, HardwareProfile, IntFunction, IntFunction)}, with cables and switches failing. */
    public static Cluster build(Topology topology, HardwareProfile profile, IntFunction<StackSettings> stackOf,
                                IntFunction<List<AmProgram>> programs, Failures failures) {
        return Cluster.build(topology, profile, program(topology, profile, stackOf, programs, true, failures),
                failures);
    }

    /** What {@link #build} runs on the hosts, for callers that change a part of it (a NIC that is off, say). */
    public static HostProgram program(Topology topology, HardwareProfile profile, IntFunction<StackSettings> stackOf,
                                      IntFunction<List<AmProgram>> programs) {
        return program(topology, profile, stackOf, programs, true);
    }

    /**
     * @param topologyRoutes fill the NICs' routing tables with shortest routes from the topology at start; false:
     *                       start with empty tables, for a mapper to fill
     */
    public static HostProgram program(Topology topology, HardwareProfile profile, IntFunction<StackSettings> stackOf,
                                      IntFunction<List<AmProgram>> programs, boolean topologyRoutes) {
        return program(topology, profile, stackOf, programs, topologyRoutes, Failures.none());
    }

    /**
     * As above, with the processes {@code failures} names crashing ({@link Failures#crash}); a crash of a process a
     * host does not run is bad input.
     */
    public static HostProgram program(Topology topology, HardwareProfile profile, IntFunction<StackSettings> stackOf,
                                      IntFunction<List<AmProgram>> programs, boolean topologyRoutes,
                                      Failures failures) {
        return SystemCluster.program(topology, profile, h -> AmSystem.stack(stackOf.apply(h)), programs,
                topologyRoutes, failures);
    }

    /**
     * The index of the first endpoint thread {@code thread} (of {@code threads}) of process {@code process} (of
     * {@code processes}) creates on its NIC: processes split the NIC's endpoints evenly, threads their process's.
     */
    public static int firstEndpoint(StackSettings stack, int processes, int process, int threads, int thread) {
        return AmSystem.firstEndpoint(stack, processes, process, threads, thread);
    }
}
