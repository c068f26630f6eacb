package org.nowemu.protocol.parts.system;

import java.util.List;
import java.util.function.IntFunction;
import org.nowemu.actors.runtime.Component;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.SourceRoutes;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.ledger.MessageIds;

/**
 * A cluster running one comparison system: every NIC runs the system's firmware, with the topology's shortest
 * routes loaded at start (the comparison systems need no mapper, survey §15.4), and every host that has a program
 * runs it as one process ({@code h3.p0}) on the system's library; a host without a program has its NIC alone.
 * These systems have no protection, so one process per NIC. A system is two factories, which is what a registry
 * line will hold: the firmware of a NIC, and the process for a program of the system's API.
 */
public final class OneProcessCluster {
    private OneProcessCluster() {
    }

    /** Makes a NIC's firmware, given its initial routing table. */
    @FunctionalInterface
    public interface Firmwares {
        Firmware firmware(NicParts nic, byte[][] routes);
    }

    /** Makes the process of a host running {@code program}. */
    @FunctionalInterface
    public interface Processes<P> {
        Component process(NicParts nic, int hosts, P program);
    }

    /**
     * @param programs the program of each host, or null for a host that runs none
     */
    public static <P> Cluster build(Topology topology, HardwareProfile profile, Firmwares firmwares,
                                    Processes<P> processes, IntFunction<P> programs) {
        return Cluster.build(topology, profile, program(topology, firmwares, processes, programs));
    }

    /**
     * Refuses, as bad input naming {@code key}, a firmware whose tables and buffers ({@code needed} bytes) do not fit
     * the profile's SRAM beside what is reserved.
     */
    public static void checkSram(HardwareProfile profile, String key, String stack, long needed) {
        long free = profile.nic().sramBytes() - profile.nic().sramReserved();
        if (needed > free) {
            throw new org.nowemu.actors.config.BadInputException(key + ": the " + stack + " firmware needs " + needed
                    + " B of SRAM for its tables and buffers, and " + free + " B are free on profile "
                    + profile.name() + " (sram minus sram-reserved)");
        }
    }

    /** What {@link #build} runs on the hosts. */
    public static <P> HostProgram program(Topology topology, Firmwares firmwares, Processes<P> processes,
                                          IntFunction<P> programs) {
        int hosts = topology.hosts().size();
        MessageIds.check(hosts);
        return new HostProgram() {
            @Override
            public Firmware firmware(NicParts nic) {
                return firmwares.firmware(nic, routesFrom(topology, nic.nic()));
            }

            @Override
            public List<Part> hostParts(NicParts nic, int firstId) {
                P program = programs.apply(nic.nic());
                if (program == null) {
                    return List.of();
                }
                return List.of(new Part("p0", () -> processes.process(nic, hosts, program)));
            }
        };
    }

    /** The topology's shortest source route from host {@code from} to each host, by host index (null: none). */
    private static byte[][] routesFrom(Topology t, int from) {
        var hosts = t.hosts();
        byte[][] byNode = SourceRoutes.fromHost(t, hosts.get(from).index());
        byte[][] routes = new byte[hosts.size()][];
        for (int b = 0; b < hosts.size(); b++) {
            routes[b] = byNode[hosts.get(b).index()];
        }
        return routes;
    }
}
