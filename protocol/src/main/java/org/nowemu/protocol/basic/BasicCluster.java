package org.nowemu.protocol.basic;

import java.util.function.IntFunction;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.system.OneProcessCluster;

/**
 * A cluster on the basic protocol (stack {@code basic} or {@code basic1k}): each NIC runs {@link BasicFirmware},
 * each host with a program runs it as one {@link BasicProcess}. The two factories are what the system registry's
 * line for these stacks will hold.
 */
public final class BasicCluster {
    private BasicCluster() {
    }

    /** @param programs each host's program, or null for a host that runs none */
    public static Cluster build(Topology topology, HardwareProfile profile, BasicSettings settings,
                                IntFunction<BasicProgram> programs) {
        return Cluster.build(topology, profile, program(topology, profile, settings, programs));
    }

    public static HostProgram program(Topology topology, HardwareProfile profile, BasicSettings settings,
                                      IntFunction<BasicProgram> programs) {
        OneProcessCluster.checkSram(profile, "nowemu.protocol.basic", settings.name(),
                BasicFirmware.sramNeeded(settings, topology.hosts().size()));
        return OneProcessCluster.program(topology, (nic, routes) -> new BasicFirmware(settings, routes),
                (nic, hosts, program) -> new BasicProcess(profile, nic, hosts, settings, program), programs);
    }
}
