package org.nowemu.protocol.mpi;

import java.util.function.IntFunction;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.fm.FmCluster;
import org.nowemu.protocol.fm.FmSettings;
import org.nowemu.protocol.fm.fm1.Fm1;
import org.nowemu.protocol.fm.fm2.Fm2;

/**
 * A cluster of MPI ranks over Fast Messages: stack {@code mpi-fm1} (MPI over FM 1.x, {@code fm} settings of stack
 * fm1) or {@code mpi-fm2} (over FM 2.x, stack fm2). The NICs run FM's firmware; each host with a program runs it as
 * an FM process whose program is the MPI layer and the rank's program over it.
 */
public final class MpiCluster {
    private MpiCluster() {
    }

    /** @param programs each host's program, or null for a host that runs none */
    public static Cluster build(Topology topology, HardwareProfile profile, FmSettings fm, MpiSettings mpi,
                                IntFunction<MpiProgram> programs) {
        return Cluster.build(topology, profile, program(topology, profile, fm, mpi, programs));
    }

    /** What {@link #build} runs on the hosts. */
    public static HostProgram program(Topology topology, HardwareProfile profile, FmSettings fm, MpiSettings mpi,
                                      IntFunction<MpiProgram> programs) {
        boolean overFm2 = fm.name().equals("fm2");
        return FmCluster.program(topology, profile, fm, h -> {
            MpiProgram program = programs.apply(h);
            if (program == null) {
                return null;
            }
            if (overFm2) {
                return (process, core) -> Fm2.run(process, core,
                        f -> program.run(Mpi.overFm2(process, f, mpi)));
            }
            return (process, core) -> program.run(Mpi.overFm1(process, new Fm1(process, core), mpi));
        });
    }

    /** The FM stack under an MPI stack: mpi-fm1 -> fm1, mpi-fm2 -> fm2. */
    public static String fmStack(String mpiStack) {
        return switch (mpiStack) {
            case "mpi-fm1" -> "fm1";
            case "mpi-fm2" -> "fm2";
            default -> throw new IllegalArgumentException("not an MPI stack: " + mpiStack);
        };
    }
}
