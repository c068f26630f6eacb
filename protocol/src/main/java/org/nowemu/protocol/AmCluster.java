package org.nowemu.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.host.HostCpu;
import org.nowemu.hardware.profile.NicSettings;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.am.AmProcess;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.AmThreads;
import org.nowemu.protocol.driver.SegmentDriver;
import org.nowemu.protocol.stack.StackSettings;
import org.nowemu.protocol.parts.routing.InitialRoutes;
import org.nowemu.protocol.vn.VnFirmware;

/**
 * A cluster whose NICs run a protocol stack's firmware and whose hosts run AM programs. Each host gets its
 * segment driver ({@code h3.driver}), one process ({@code h3.p0}, {@code h3.p1}, ...) per program it is given,
 * each with its own range of endpoint indices on the NIC, and, when it runs more than one thread in all, a CPU
 * component ({@code h3.cpu}) that its threads share. A process given as {@link AmThreads} has one component per
 * thread ({@code h3.p0.t0}, {@code h3.p0.t1}, ...). Hosts may run different stacks (an experiment comparing
 * stacks side by side).
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
        int hosts = topology.hosts().size();
        NicSettings nicSettings = profile.nic();
        long free = nicSettings.sramBytes() - nicSettings.sramReserved();
        for (int h = 0; h < hosts; h++) {
            StackSettings s = stackOf.apply(h);
            long needed = VnFirmware.sramNeeded(s, hosts, nicSettings);
            if (needed > free) {
                throw new BadInputException("nowemu.hardware.profiles." + profile.name() + ".nic.endpoint-frames: "
                        + nicSettings.endpointFrames() + " endpoint frames of " + VnFirmware.frameBytes(s)
                        + " B do not fit: the " + s.name() + " firmware needs " + needed + " B of SRAM with its tables"
                        + " and buffers for " + hosts + " NICs, and " + free + " B are free (sram minus sram-reserved)");
            }
        }
        return new HostProgram() {
            @Override
            public Firmware firmware(NicParts nic) {
                return new VnFirmware(stackOf.apply(nic.nic()), topologyRoutes ? InitialRoutes.from(topology, nic.nic())
                        : new byte[hosts][]);
            }

            @Override
            public List<Part> hostParts(NicParts nic, int firstId) {
                StackSettings stack = stackOf.apply(nic.nic());
                List<AmProgram> mine = programs.apply(nic.nic());
                List<Part> parts = new ArrayList<>();
                int node = topology.hosts().get(nic.nic()).index();
                int named = failures.crashedProcessBound(node);
                if (named >= mine.size()) {
                    String host = topology.hosts().get(nic.nic()).name();
                    throw new BadInputException("nowemu.faults: " + host + ".p" + named + ": host " + host + " runs "
                            + (mine.isEmpty() ? "no process" : mine.size() == 1 ? "1 process (p0)"
                            : mine.size() + " processes (p0..p" + (mine.size() - 1) + ")") + " in this experiment");
                }
                if (mine.isEmpty()) {
                    return parts;
                }
                int driver = firstId;
                parts.add(new Part("driver", () -> new SegmentDriver(profile, nic, stack)));
                int threads = 0;
                for (AmProgram program : mine) {
                    threads += program instanceof AmThreads t ? t.threads().size() : 1;
                }
                int cpu = threads > 1 ? firstId + 1 : -1;
                if (cpu >= 0) {
                    parts.add(new Part("cpu", () -> new HostCpu(profile)));
                }
                int range = stack.maxEndpoints() / mine.size();
                for (int p = 0; p < mine.size(); p++) {
                    AmProgram program = mine.get(p);
                    if (program instanceof AmThreads t) {
                        int share = range / t.threads().size();
                        for (int i = 0; i < t.threads().size(); i++) {
                            AmProgram thread = t.threads().get(i);
                            int first = firstEndpoint(stack, mine.size(), p, t.threads().size(), i);
                            long crash = failures.crashOf(node, p);
                            parts.add(new Part("p" + p + ".t" + i, () -> new AmProcess(profile, nic, stack, thread,
                                    hosts, first, share, driver, cpu, crash)));
                        }
                    } else {
                        int first = p * range;
                        long crash = failures.crashOf(node, p);
                        parts.add(new Part("p" + p, () -> new AmProcess(profile, nic, stack, program, hosts, first,
                                range, driver, cpu, crash)));
                    }
                }
                return parts;
            }
        };
    }

    /**
     * The index of the first endpoint thread {@code thread} (of {@code threads}) of process {@code process} (of
     * {@code processes}) creates on its NIC: processes split the NIC's endpoints evenly, threads their process's.
     */
    public static int firstEndpoint(StackSettings stack, int processes, int process, int threads, int thread) {
        int range = stack.maxEndpoints() / processes;
        return process * range + thread * (range / threads);
    }
}
