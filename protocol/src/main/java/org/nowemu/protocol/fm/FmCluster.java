package org.nowemu.protocol.fm;

import java.util.function.IntFunction;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.fm.fm1.Fm1;
import org.nowemu.protocol.fm.fm1.Fm1Program;
import org.nowemu.protocol.fm.fm2.Fm2;
import org.nowemu.protocol.fm.fm2.Fm2Program;
import org.nowemu.protocol.parts.system.OneProcessCluster;

/**
 * A cluster on Fast Messages (stack {@code fm1} or {@code fm2}): each NIC runs {@link FmFirmware}, each host with a
 * program runs it as one {@link FmProcess}. {@link #build} takes any {@link FmProcess.Body}, so a layer over FM
 * (MPI) runs its programs the same way; {@link #fm1} and {@link #fm2} take programs of FM's own APIs.
 */
public final class FmCluster {
    private FmCluster() {
    }

    /** @param bodies each host's program as an FM process body, or null for a host that runs none */
    public static Cluster build(Topology topology, HardwareProfile profile, FmSettings settings,
                                IntFunction<FmProcess.Body> bodies) {
        return Cluster.build(topology, profile, program(topology, profile, settings, bodies));
    }

    public static HostProgram program(Topology topology, HardwareProfile profile, FmSettings settings,
                                      IntFunction<FmProcess.Body> bodies) {
        settings.credits(topology.hosts().size());
        OneProcessCluster.checkSram(profile, "nowemu.protocol.fm", settings.name(),
                FmFirmware.sramNeeded(settings, topology.hosts().size()));
        return OneProcessCluster.program(topology, (nic, routes) -> new FmFirmware(settings, routes),
                (nic, hosts, body) -> new FmProcess(profile, nic, hosts, settings, body), bodies);
    }

    /** A cluster of FM 1.x programs ({@code settings} of stack fm1). */
    public static Cluster fm1(Topology topology, HardwareProfile profile, FmSettings settings,
                              IntFunction<Fm1Program> programs) {
        return build(topology, profile, settings, h -> {
            Fm1Program program = programs.apply(h);
            return program == null ? null : (process, core) -> program.run(new Fm1(process, core));
        });
    }

    /** A cluster of FM 2.x programs ({@code settings} of stack fm2). */
    public static Cluster fm2(Topology topology, HardwareProfile profile, FmSettings settings,
                              IntFunction<Fm2Program> programs) {
        return build(topology, profile, settings, h -> {
            Fm2Program program = programs.apply(h);
            return program == null ? null : (process, core) -> Fm2.run(process, core, program);
        });
    }
}
